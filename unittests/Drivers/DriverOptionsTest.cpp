//===- DriverOptionsTest.cpp - The drivers in one program -----------------===//
//
// The four drivers' libraries linked into one program: each driver's options
// are registered when its main runs, not when the program starts, so that
// linking them together neither registers an option twice (which LLVM's
// command line would refuse, ending the program) nor shows one tool's
// options in another.
//
//===----------------------------------------------------------------------===//

#include "mm/Codegen/LlcMain.h"
#include "mm/Opt/OptMain.h"
#include "mm/Run/LliMain.h"
#include "mm/Tools/BundleMain.h"

#include "llvm/Support/CommandLine.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace {

TEST(DriverOptionsTest, NoDriverRegistersItsOptionsBeforeItsMainRuns) {
  // Every driver is linked in.
  volatile const void *Mains[] = {
      reinterpret_cast<const void *>(&mm::optMain),
      reinterpret_cast<const void *>(&mm::llcMain),
      reinterpret_cast<const void *>(&mm::lliMain),
      reinterpret_cast<const void *>(&mm::bundleMain)};
  for (volatile const void *Main : Mains)
    EXPECT_NE(Main, nullptr);
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  // mm-opt's, mm-llc's, mm-lli's, mm-bundle's own options, and the codegen
  // flags that mm-opt and mm-llc both register.
  for (StringRef Name :
       {"mm-worker", "convert", "load-pass-plugin", "emit", "embed",
        "offload-section", "entry-function", "entry-result", "print-compiled",
        "shared-libs", "set", "module", "mcpu", "mattr", "filetype"})
    EXPECT_FALSE(Registered.count(Name)) << Name.str();
  for (cl::SubCommand *Sub : cl::getRegisteredSubcommands())
    EXPECT_TRUE(Sub->getName().empty())
        << "mm-bundle's subcommand '" << Sub->getName().str() << "'";
}

} // namespace
