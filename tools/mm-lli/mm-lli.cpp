//===- mm-lli.cpp - Runs a bundle on the CPU ------------------------------===//

#include "mm/Launch/LliLauncher.h"

int main(int argc, char **argv) {
  return mm::launch::lliLauncherMain(argc, argv);
}
