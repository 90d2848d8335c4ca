//===- mm-opt.cpp - The multi-module optimizer ----------------------------===//

#include "mm/Opt/OptMain.h"

int main(int argc, char **argv) { return mm::optMain(argc, argv); }
