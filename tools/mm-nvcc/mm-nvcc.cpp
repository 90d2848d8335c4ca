//===- mm-nvcc.cpp - CUDA programs to bundles, with nvcc's flags ----------===//

#include "mm/Nvcc/NvccMain.h"

int main(int argc, char **argv) { return mm::nvccMain(argc, argv); }
