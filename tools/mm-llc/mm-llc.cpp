//===- mm-llc.cpp - The multi-module code generator -----------------------===//

#include "mm/Codegen/LlcMain.h"

int main(int argc, char **argv) { return mm::llcMain(argc, argv); }
