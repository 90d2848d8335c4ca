//===- ReaderTest.cpp - Tests of the bundle reader ------------------------===//

#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace mm;

static Expected<Bundle> read(StringRef Text, StringRef Name = "test.mml") {
  return readBundle(MemoryBuffer::getMemBufferCopy(Text, Name));
}

TEST(ReaderTest, SplitsBodiesAsViewsIntoTheBuffer) {
  Expected<Bundle> B = read("; preamble\n"
                            "#mm module a kind=llvm triple=x86_64 role=host\n"
                            "define void @f() {\n  ret void\n}\n"
                            "#mm module b kind=mlir triple=\"\" role=device\n"
                            "module {}\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_EQ(B->size(), 2u);
  EXPECT_EQ(B->getPreamble(), "; preamble\n");
  const Submodule &A = B->submodules()[0];
  EXPECT_EQ(A.getName(), "a");
  EXPECT_EQ(A.getKind(), ModuleKind::LLVM);
  EXPECT_EQ(A.getRole(), ModuleRole::Host);
  EXPECT_EQ(A.getTriple(), "x86_64");
  EXPECT_EQ(A.getBody(), "define void @f() {\n  ret void\n}\n");
  StringRef Buffer = B->getSourceBuffer()->getBuffer();
  EXPECT_GE(A.getBody().data(), Buffer.begin());
  EXPECT_LE(A.getBody().end(), Buffer.end());
  EXPECT_EQ(B->submodules()[1].getKind(), ModuleKind::MLIR);
  EXPECT_EQ(B->submodules()[1].getBody(), "module {}\n");
}
