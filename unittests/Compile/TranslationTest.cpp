//===- TranslationTest.cpp - Converting submodules between kinds ---------===//

#include "mm/Compile/Translation.h"
#include "../Bundle/BundleTestUtils.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm;
using namespace mm::test;

namespace {

constexpr StringLiteral Lowerable =
    "#mm module m kind=mlir triple=x86_64-unknown-linux-gnu role=host "
    "passes=\"builtin.module(convert-arith-to-llvm,convert-func-to-llvm)\"\n"
    "func.func @add(%a: i32, %b: i32) -> i32 {\n"
    "  %c = arith.addi %a, %b : i32\n"
    "  return %c : i32\n"
    "}\n";

TEST(TranslationTest, LowersMLIRToAnLLVMModule) {
  Expected<Bundle> B = read(Lowerable);
  ASSERT_TRUE(succeeded(B.takeError()));
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> M =
      lowerMLIRSubmoduleToLLVM(*B, *B->begin(), Context);
  ASSERT_TRUE(succeeded(M.takeError()));
  EXPECT_EQ((*M)->getTargetTriple(), "x86_64-unknown-linux-gnu");
  const Function *Add = (*M)->getFunction("add");
  ASSERT_NE(Add, nullptr);
  EXPECT_FALSE(Add->isDeclaration());
  EXPECT_EQ(Add->arg_size(), 2u);
}

TEST(TranslationTest, ConvertsBothWaysAndEditsTheHeader) {
  Expected<Bundle> B = read(Lowerable);
  ASSERT_TRUE(succeeded(B.takeError()));
  Submodule &M = *B->begin();
  ASSERT_TRUE(succeeded(convertSubmodule(*B, M, ModuleKind::LLVM)));
  EXPECT_EQ(M.getKind(), ModuleKind::LLVM);
  EXPECT_TRUE(M.getOptions().Passes.empty());
  EXPECT_NE(M.getBody().find("define i32 @add(i32 %0, i32 %1)"),
            StringRef::npos);

  ASSERT_TRUE(succeeded(convertSubmodule(*B, M, ModuleKind::MLIR)));
  EXPECT_EQ(M.getKind(), ModuleKind::MLIR);
  EXPECT_NE(M.getBody().find("llvm.func @add(%arg0: i32, %arg1: i32) -> i32"),
            StringRef::npos);
  EXPECT_NE(M.getBody().find("llvm.add %arg0, %arg1 : i32"), StringRef::npos);

  // Written back, the bundle reads again with the new header.
  Expected<Bundle> Reread = read(write(*B));
  ASSERT_TRUE(succeeded(Reread.takeError()));
  EXPECT_EQ(Reread->begin()->getKind(), ModuleKind::MLIR);
  EXPECT_EQ(Reread->begin()->getBody(), M.getBody());
}

TEST(TranslationTest, ImportIsDeterministic) {
  Expected<Bundle> B =
      read("#mm module k kind=llvm triple=nvptx64-nvidia-cuda role=device\n"
           "define i32 @tid() {\n"
           "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
           "  ret i32 %t\n"
           "}\n"
           "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
  ASSERT_TRUE(succeeded(B.takeError()));
  Expected<std::string> First = importLLVMSubmoduleToMLIR(*B, *B->begin());
  ASSERT_TRUE(succeeded(First.takeError()));
  EXPECT_NE(First->find("nvvm.read.ptx.sreg.tid.x : i32"), std::string::npos);
  for (int I = 0; I < 4; ++I) {
    Expected<std::string> Again = importLLVMSubmoduleToMLIR(*B, *B->begin());
    ASSERT_TRUE(succeeded(Again.takeError()));
    EXPECT_EQ(*Again, *First);
  }
}

TEST(TranslationTest, ReportsWhatCannotBeConverted) {
  Expected<Bundle> B =
      read("#mm module m kind=mlir triple=\"\" role=host\n"
           "func.func @f() -> tensor<4xi32> {\n"
           "  %t = tensor.empty() : tensor<4xi32>\n"
           "  return %t : tensor<4xi32>\n"
           "}\n",
           "conv.mml");
  ASSERT_TRUE(succeeded(B.takeError()));
  Submodule &M = *B->begin();
  Error E = convertSubmodule(*B, M, ModuleKind::LLVM);
  ASSERT_TRUE(bool(E));
  std::string Message = toString(std::move(E));
  EXPECT_NE(Message.find("conv.mml:3:8: error: submodule 'm': "
                         "'tensor.empty' cannot be lowered for the CPU"),
            std::string::npos)
      << Message;
  // Nothing changed.
  EXPECT_EQ(M.getKind(), ModuleKind::MLIR);
  EXPECT_EQ(M.getBody(), "func.func @f() -> tensor<4xi32> {\n  %t = "
                        "tensor.empty() : tensor<4xi32>\n  return %t : "
                        "tensor<4xi32>\n}\n");
}

} // namespace
