//===- LLVMPipelineTest.cpp - Running a pipeline on a module -------------===//

#include "mm/Compile/LLVMPipeline.h"
#include "mm/Compile/OptLevel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace mm;

namespace {

constexpr StringLiteral Add = R"(
define i32 @add() {
  %a = add i32 1, 2
  ret i32 %a
}
)";

std::unique_ptr<Module> parse(StringRef Text, LLVMContext &Context) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Err, Context);
  EXPECT_TRUE(M) << Err.getMessage().str();
  return M;
}

/// A pass that reports an error through the context, as passes do.
struct ReportErrorPass : PassInfoMixin<ReportErrorPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    M.getContext().emitError("the test pass failed");
    return PreservedAnalyses::all();
  }
};

/// A pass that counts its runs.
struct CountPass : PassInfoMixin<CountPass> {
  explicit CountPass(unsigned &Runs) : Runs(Runs) {}
  PreservedAnalyses run(Module &, ModuleAnalysisManager &) {
    ++Runs;
    return PreservedAnalyses::all();
  }
  unsigned &Runs;
};

/// A pass that leaves a function without a terminator.
struct BreakModulePass : PassInfoMixin<BreakModulePass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    M.getFunction("add")->getEntryBlock().getTerminator()->eraseFromParent();
    return PreservedAnalyses::none();
  }
};

TEST(OptLevelTest, NamesTheDefaultPipelines) {
  std::optional<OptLevel> O3 = lookupOptLevel("O3");
  ASSERT_TRUE(O3);
  EXPECT_EQ(O3->getDefaultPipeline(), "default<O3>");
  EXPECT_EQ(O3->Pipeline, OptimizationLevel::O3);
  EXPECT_EQ(O3->Codegen, CodeGenOptLevel::Aggressive);
  std::optional<OptLevel> Oz = lookupOptLevel("Oz");
  ASSERT_TRUE(Oz);
  EXPECT_EQ(Oz->Codegen, CodeGenOptLevel::Default);
  EXPECT_FALSE(lookupOptLevel("O4"));
  EXPECT_FALSE(lookupOptLevel("o2"));
}

TEST(LLVMPipelineTest, RunsThePipelineAndPrintsTheModule) {
  LLVMContext Context;
  std::unique_ptr<Module> M = parse(Add, Context);
  std::string Printed;
  raw_string_ostream OS(Printed);
  LLVMPipelineOptions Options;
  Options.Passes = "instcombine";
  Options.Output = &OS;
  ASSERT_FALSE(errorToBool(runLLVMPipeline(*M, Options)));
  EXPECT_NE(Printed.find("ret i32 3"), std::string::npos) << Printed;
}

TEST(LLVMPipelineTest, RejectsTextThatDoesNotParse) {
  LLVMContext Context;
  std::unique_ptr<Module> M = parse(Add, Context);
  LLVMPipelineOptions Options;
  Options.Passes = "no-such-pass";
  Error E = runLLVMPipeline(*M, Options);
  ASSERT_TRUE(E.isA<PipelineSyntaxError>());
  EXPECT_EQ(toString(std::move(E)),
            "invalid pass pipeline 'no-such-pass': unknown pass name "
            "'no-such-pass'");
}

TEST(LLVMPipelineTest, ExtensionsAddPassesAndSeeTheHost) {
  LLVMContext Context;
  std::unique_ptr<Module> M = parse(Add, Context);
  unsigned Runs = 0;
  std::optional<Triple> SeenHost;
  PassBuilderExtension Extension = [&](PassBuilder &PB,
                                       const std::optional<Triple> &Host) {
    SeenHost = Host;
    PB.registerPipelineParsingCallback(
        [&](StringRef Name, ModulePassManager &MPM,
            ArrayRef<PassBuilder::PipelineElement>) {
          if (Name != "count")
            return false;
          MPM.addPass(CountPass(Runs));
          return true;
        });
  };
  LLVMPipelineOptions Options;
  Options.Passes = "count,count";
  Options.Extensions = Extension;
  Options.HostTriple = Triple("aarch64-unknown-linux-gnu");
  ASSERT_FALSE(errorToBool(runLLVMPipeline(*M, Options)));
  EXPECT_EQ(Runs, 2u);
  ASSERT_TRUE(SeenHost);
  EXPECT_EQ(SeenHost->str(), "aarch64-unknown-linux-gnu");
}

/// Registers `fail` (ReportErrorPass), `break` (BreakModulePass) and
/// `count` (CountPass).
PassBuilderExtension testPasses(unsigned &Runs) {
  return [&Runs](PassBuilder &PB, const std::optional<Triple> &) {
    PB.registerPipelineParsingCallback(
        [&Runs](StringRef Name, ModulePassManager &MPM,
                ArrayRef<PassBuilder::PipelineElement>) {
          if (Name == "fail")
            MPM.addPass(ReportErrorPass());
          else if (Name == "break")
            MPM.addPass(BreakModulePass());
          else if (Name == "count")
            MPM.addPass(CountPass(Runs));
          else
            return false;
          return true;
        });
  };
}

TEST(LLVMPipelineTest, ErrorsThatPassesReportAreReturnedAndStopThePipeline) {
  LLVMContext Context;
  std::unique_ptr<Module> M = parse(Add, Context);
  unsigned Runs = 0;
  PassBuilderExtension Extension = testPasses(Runs);
  LLVMPipelineOptions Options;
  Options.Passes = "count,fail,count";
  Options.Extensions = Extension;
  // Without runLLVMPipeline's handler, LLVMContext would end the process.
  Error E = runLLVMPipeline(*M, Options);
  EXPECT_EQ(toString(std::move(E)), "the test pass failed");
  EXPECT_EQ(Runs, 1u);
  // The context's own handler is back.
  EXPECT_FALSE(Context.getDiagHandlerPtr()->HasErrors);
}

TEST(LLVMPipelineTest, AnInvalidResultIsAnError) {
  LLVMContext Context;
  std::unique_ptr<Module> M = parse(Add, Context);
  unsigned Runs = 0;
  PassBuilderExtension Extension = testPasses(Runs);
  std::string Printed;
  raw_string_ostream OS(Printed);
  LLVMPipelineOptions Options;
  Options.Passes = "break";
  Options.Extensions = Extension;
  Options.Output = &OS;
  Error E = runLLVMPipeline(*M, Options);
  std::string Message = toString(std::move(E));
  EXPECT_EQ(Message.rfind("the pipeline left an invalid module: ", 0), 0u)
      << Message;
  EXPECT_NE(Message.find("does not have terminator"), std::string::npos)
      << Message;
  EXPECT_TRUE(Printed.empty());
}

} // namespace
