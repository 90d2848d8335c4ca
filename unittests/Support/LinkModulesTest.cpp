//===- LinkModulesTest.cpp - linkModuleInto -------------------------------===//

#include "mm/Support/LinkModules.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace {

std::unique_ptr<Module> parse(LLVMContext &Context, StringRef Text) {
  SMDiagnostic Diagnostic;
  std::unique_ptr<Module> M = parseAssemblyString(Text, Diagnostic, Context);
  EXPECT_TRUE(M) << Diagnostic.getMessage().str();
  return M;
}

TEST(LinkModulesTest, LinksDefinitionsIntoDeclarations) {
  LLVMContext Context;
  std::unique_ptr<Module> Dest = parse(Context, "declare i32 @f()\n"
                                                "define i32 @g() {\n"
                                                "  %r = call i32 @f()\n"
                                                "  ret i32 %r\n"
                                                "}\n");
  ASSERT_FALSE(mm::linkModuleInto(
      *Dest, parse(Context, "define i32 @f() {\n  ret i32 1\n}\n")));
  EXPECT_FALSE(Dest->getFunction("f")->isDeclaration());
}

// Links two definitions of @f in \p Context and expects the linker's
// message as the error.
static void expectConflictReported(LLVMContext &Context) {
  std::unique_ptr<Module> Dest =
      parse(Context, "define i32 @f() {\n  ret i32 1\n}\n");
  Error E = mm::linkModuleInto(
      *Dest, parse(Context, "define i32 @f() {\n  ret i32 2\n}\n"));
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "Linking globals named 'f': symbol multiply defined!");
}

// The linker's message becomes the error, instead of LLVMContext's default
// handler printing it and exiting; the handler is left as it was.
TEST(LinkModulesTest, ReportsConflictsAsErrors) {
  LLVMContext Context;
  static int HandlerCalls = 0;
  auto *Handler = +[](const DiagnosticInfo *, void *) { ++HandlerCalls; };
  Context.setDiagnosticHandlerCallBack(Handler, &HandlerCalls);
  expectConflictReported(Context);
  EXPECT_EQ(HandlerCalls, 0);
  EXPECT_EQ(Context.getDiagnosticHandlerCallBack(), Handler);
  EXPECT_EQ(Context.getDiagnosticContext(), &HandlerCalls);
}

// A context whose handler is an object of its own (as mm-llc's, which
// collects code generation's diagnostics) neither sees the linker's
// messages nor takes them from the error, and gets its handler back.
TEST(LinkModulesTest, ReportsConflictsPastAHandlerObject) {
  struct CountingHandler : DiagnosticHandler {
    int &Calls;
    explicit CountingHandler(int &Calls) : Calls(Calls) {}
    bool handleDiagnostics(const DiagnosticInfo &) override {
      ++Calls;
      return true;
    }
  };
  LLVMContext Context;
  int Calls = 0;
  auto Owned = std::make_unique<CountingHandler>(Calls);
  CountingHandler *Handler = Owned.get();
  Context.setDiagnosticHandler(std::move(Owned));
  expectConflictReported(Context);
  EXPECT_EQ(Calls, 0);
  EXPECT_EQ(Context.getDiagHandlerPtr(), Handler);
}

} // namespace
