//===- TagFunctions.cpp - A pass plugin for mm-opt's tests ----------------===//
//
// A new-pass-manager plugin, loaded with -load-pass-plugin: its module pass
// `tag-functions` gives every function definition the attribute
// "mm-tag"="VALUE", where VALUE is the plugin's own LLVM option
// -tag-functions-value (so that a submodule's mllvm= can scope it too).
// With -tag-functions-abort, or MM_TAG_FUNCTIONS_ABORT=1 in the environment
// (for tools that take no plugin options, as mm-lli), the pass aborts the
// process instead: a pass that crashes, for the tests of mm-opt's worker
// processes and of mm-lli's crash reports.
//
//===----------------------------------------------------------------------===//

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"

#include <cstdlib>

using namespace llvm;

static cl::opt<std::string>
    TagValue("tag-functions-value",
             cl::desc("The value of the \"mm-tag\" attribute that the "
                      "tag-functions pass sets"),
             cl::init("tagged"));

static cl::opt<bool> Abort("tag-functions-abort",
                           cl::desc("Make the tag-functions pass abort"));

namespace {
struct TagFunctionsPass : PassInfoMixin<TagFunctionsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (Abort || std::getenv("MM_TAG_FUNCTIONS_ABORT"))
      std::abort();
    bool Changed = false;
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      F.addFnAttr("mm-tag", TagValue);
      Changed = true;
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "TagFunctions", "0.1",
          [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name != "tag-functions")
                    return false;
                  MPM.addPass(TagFunctionsPass());
                  return true;
                });
          }};
}
