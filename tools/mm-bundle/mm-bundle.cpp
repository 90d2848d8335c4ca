//===- mm-bundle.cpp - Join, split and list bundles -----------------------===//

#include "mm/Tools/BundleMain.h"

int main(int argc, char **argv) { return mm::bundleMain(argc, argv); }
