//===- mm/Tools/BundleMain.h - The mm-bundle driver ------------*- C++ -*-===//

#ifndef MM_TOOLS_BUNDLEMAIN_H
#define MM_TOOLS_BUNDLEMAIN_H

namespace mm {

/// The whole of mm-bundle (join, split, list). Returns the exit code.
int bundleMain(int argc, char **argv);

} // namespace mm

#endif // MM_TOOLS_BUNDLEMAIN_H
