//===- BinaryBundleTest.cpp - The binary form of a bundle -----------------===//

#include "mm/Bundle/BinaryBundle.h"
#include "BundleTestUtils.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"

using namespace llvm;
using namespace mm;
using namespace mm::test;

namespace {

constexpr StringLiteral Text = R"mml(; comment
#mm bundle version=1
#mm module host kind=llvm triple=x86_64-unknown-linux-gnu role=host opt=O2 cpu=skylake features=+avx2 mllvm=-unroll-threshold=400 mllvm=-x86-asm-syntax=intel x-origin="a b"
define i32 @add(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  ret i32 %s
}
#mm module dev kind=mlir triple="" role=device passes="builtin.module(canonicalize)"
func.func @f(%x: i32) -> i32 {
  return %x : i32
}
#mm module kern kind=llvm triple=nvptx64-nvidia-cuda role=device
define void @kern(ptr %p) {
  store i32 1, ptr %p
  ret void
}
)mml";

class BinaryBundleTest : public testing::Test {
protected:
  static void SetUpTestSuite() {
    InitializeAllTargets();
    InitializeAllTargetMCs();
  }

  /// \p B in binary form.
  static std::string toBinary(const Bundle &B) {
    std::string Binary;
    raw_string_ostream OS(Binary);
    EXPECT_TRUE(succeeded(writeBinaryBundle(B, OS)));
    return Binary;
  }

  static std::string binaryOf(StringRef Source) {
    Expected<Bundle> B = read(Source);
    EXPECT_TRUE(succeeded(B.takeError()));
    return toBinary(*B);
  }
};

TEST_F(BinaryBundleTest, KeepsHeadersOrderAndPreamble) {
  Expected<Bundle> Original = read(Text);
  ASSERT_TRUE(succeeded(Original.takeError()));
  std::string Binary = toBinary(*Original);
  EXPECT_TRUE(isBinaryBundle(Binary));
  Expected<Bundle> Back = read(Binary, "test.mmb");
  ASSERT_TRUE(succeeded(Back.takeError()));
  ASSERT_EQ(Back->size(), Original->size());
  EXPECT_EQ(Back->getPreamble(), Original->getPreamble());
  EXPECT_FALSE(Back->isPlainModule());
  for (size_t I = 0; I != Original->size(); ++I)
    EXPECT_EQ(Back->submodules()[I].header(),
              Original->submodules()[I].header());
  EXPECT_TRUE(StringRef(write(*Back)).contains("ret i32 %s"));
  EXPECT_TRUE(StringRef(write(*Back)).contains("func.func @f(%arg0: i32)"));
}

TEST_F(BinaryBundleTest, SecondRoundTripIsAFixedPoint) {
  std::string Binary = binaryOf(Text);
  Expected<Bundle> Once = read(Binary, "once.mmb");
  ASSERT_TRUE(succeeded(Once.takeError()));
  std::string TextOnce = write(*Once);
  Expected<Bundle> Twice = read(binaryOf(TextOnce), "twice.mmb");
  ASSERT_TRUE(succeeded(Twice.takeError()));
  EXPECT_EQ(write(*Twice), TextOnce);
}

TEST_F(BinaryBundleTest, PlainAndEmptyBundles) {
  Expected<Bundle> Plain = readBundle(
      MemoryBuffer::getMemBufferCopy("define void @f() {\n  ret void\n}\n",
                                     "plain.ll"),
      InputForm::PlainModule);
  ASSERT_TRUE(succeeded(Plain.takeError()));
  Expected<Bundle> PlainBack = read(toBinary(*Plain), "plain.mmb");
  ASSERT_TRUE(succeeded(PlainBack.takeError()));
  EXPECT_TRUE(PlainBack->isPlainModule());
  EXPECT_EQ(PlainBack->submodules().front().getName(), "plain");

  Expected<Bundle> Empty = read("; nothing\n#mm bundle version=1\n");
  ASSERT_TRUE(succeeded(Empty.takeError()));
  Expected<Bundle> EmptyBack = read(toBinary(*Empty), "empty.mmb");
  ASSERT_TRUE(succeeded(EmptyBack.takeError()));
  EXPECT_TRUE(EmptyBack->empty());
  EXPECT_EQ(EmptyBack->getPreamble(), Empty->getPreamble());
}

TEST_F(BinaryBundleTest, InvalidBodiesAreNotWritten) {
  Expected<Bundle> B = read("#mm module m kind=llvm triple=\"\" role=host\n"
                            "define i32 @f() {\n  ret i64 0\n}\n");
  ASSERT_TRUE(succeeded(B.takeError()));
  std::string Binary;
  raw_string_ostream OS(Binary);
  Error E = writeBinaryBundle(*B, OS);
  ASSERT_TRUE(bool(E));
  EXPECT_TRUE(StringRef(toString(std::move(E))).contains("submodule 'm'"));
  EXPECT_TRUE(Binary.empty());
}

TEST_F(BinaryBundleTest, ReservedMetadataIsRejected) {
  Expected<Bundle> B = read("#mm module m kind=llvm triple=\"\" role=host\n"
                            "!mm.module = !{!0}\n!0 = !{!\"x\"}\n");
  ASSERT_TRUE(succeeded(B.takeError()));
  std::string Binary;
  raw_string_ostream OS(Binary);
  Error E = writeBinaryBundle(*B, OS);
  ASSERT_TRUE(bool(E));
  EXPECT_TRUE(StringRef(toString(std::move(E)))
                  .contains("the body uses the reserved named metadata "
                            "'!mm.module'"));
}

/// Every truncation of a binary bundle is an error that says so, never a
/// crash and never a bundle.
TEST_F(BinaryBundleTest, TruncatedInputIsAnError) {
  std::string Binary = binaryOf(Text);
  for (size_t Size = 4; Size < Binary.size(); Size += 7) {
    Expected<Bundle> B = read(StringRef(Binary).take_front(Size), "cut.mmb");
    ASSERT_FALSE(bool(B)) << "truncated to " << Size << " bytes";
    std::string Message = toString(B.takeError());
    EXPECT_TRUE(StringRef(Message).starts_with(
        "cut.mmb: invalid binary bundle: "))
        << Message;
  }
}

/// Replaces the first \p From in \p Binary by \p To, of the same length.
static std::string patch(std::string Binary, StringRef From, StringRef To) {
  size_t At = Binary.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  if (At != std::string::npos)
    Binary.replace(At, From.size(), To.str());
  return Binary;
}

static std::string readError(StringRef Binary) {
  Expected<Bundle> B = read(Binary, "bad.mmb");
  if (B)
    return "(no error)";
  return toString(B.takeError());
}

TEST_F(BinaryBundleTest, CorruptMetadataIsAnError) {
  std::string Binary = binaryOf(Text);
  EXPECT_EQ(readError(patch(Binary, "#mm module host", "#mm modulx host")),
            "bad.mmb: invalid binary bundle: module 0: header '#mm modulx "
            "host kind=llvm triple=x86_64-unknown-linux-gnu role=host opt=O2 "
            "cpu=skylake features=+avx2 mllvm=-unroll-threshold=400 "
            "mllvm=-x86-asm-syntax=intel x-origin=\"a b\"': expected "
            "'module'");
  EXPECT_EQ(readError(patch(Binary, "role=device passes", "role=hostxx passes")),
            "bad.mmb: invalid binary bundle: module 1: header '#mm module dev "
            "kind=mlir triple=\"\" role=hostxx passes=builtin.module"
            "(canonicalize)': invalid role 'hostxx': expected 'host' or "
            "'device'");
  // Two hosts.
  EXPECT_EQ(
      readError(patch(Binary, "kern kind=llvm triple=nvptx64-nvidia-cuda "
                              "role=device",
                      "kern kind=llvm triple=nvptx64-nvidia-cuda "
                      "role=host  ")),
      "bad.mmb: invalid binary bundle: module 2: submodule 'kern' is a "
      "second host; 'host' is already the host");
}

TEST_F(BinaryBundleTest, CorruptMLIRBytecodeIsAnError) {
  std::string Binary = binaryOf(Text);
  // MLIR bytecode starts with "ML\xefR".
  std::string Message = readError(patch(Binary, "ML\xefR", "MX\xefR"));
  EXPECT_TRUE(StringRef(Message).starts_with(
      "bad.mmb: invalid binary bundle: module 1: invalid MLIR bytecode: "))
      << Message;
  size_t At = Binary.find("ML\xefR");
  ASSERT_NE(At, std::string::npos);
  // Damage the bytecode's body: an error, whatever it says, or a bundle.
  for (size_t Offset = 8; Offset < 64; Offset += 3) {
    std::string Damaged = Binary;
    Damaged[At + Offset] ^= 0x5a;
    Expected<Bundle> B = read(Damaged, "bad.mmb");
    if (!B)
      EXPECT_TRUE(StringRef(toString(B.takeError()))
                      .starts_with("bad.mmb: invalid binary bundle: module 1: "));
  }
}

/// Bitcode that is not a bundle: an ordinary module, and a bundle's module
/// that lost its header.
TEST_F(BinaryBundleTest, BitcodeWithoutBundleRecords) {
  LLVMContext Context;
  Module Plain("plain", Context);
  std::string Binary;
  raw_string_ostream OS(Binary);
  WriteBitcodeToFile(Plain, OS);
  EXPECT_EQ(readError(Binary), "bad.mmb: invalid binary bundle: module 0: no "
                               "valid '!mm.bundle' record");

  Module First("first", Context), Second("second", Context);
  for (Module *M : {&First, &Second})
    M->getOrInsertNamedMetadata(BundleMetadata)
        ->addOperand(MDTuple::get(Context, {MDString::get(Context, "1"),
                                            MDString::get(Context, "bundle"),
                                            MDString::get(Context, "")}));
  SmallVector<char, 0> Buffer;
  BitcodeWriter Writer(Buffer);
  Writer.writeModule(First);
  Writer.writeModule(Second);
  Writer.writeStrtab();
  EXPECT_EQ(readError(StringRef(Buffer.data(), Buffer.size())),
            "bad.mmb: invalid binary bundle: module 0: no valid '!mm.module' "
            "header");
}

TEST_F(BinaryBundleTest, UnsupportedVersion) {
  std::string Binary = binaryOf(Text);
  // The record's version string is "1", right before "bundle".
  EXPECT_EQ(readError(patch(Binary, "1bundle", "7bundle")),
            "bad.mmb: invalid binary bundle: unsupported version '7' (this "
            "reader reads version 1)");
}

} // namespace
