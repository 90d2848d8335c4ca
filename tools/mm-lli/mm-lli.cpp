//===- mm-lli.cpp - The multi-module JIT runner ---------------------------===//

#include "mm/Run/LliMain.h"

int main(int argc, char **argv) { return mm::lliMain(argc, argv); }
