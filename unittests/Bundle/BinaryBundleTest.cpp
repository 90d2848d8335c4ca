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
  for (size_t Size = 24; Size < Binary.size(); Size += 7) {
    Expected<Bundle> B = read(StringRef(Binary).take_front(Size), "cut.mmb");
    ASSERT_FALSE(bool(B)) << "truncated to " << Size << " bytes";
    std::string Message = toString(B.takeError());
    EXPECT_TRUE(StringRef(Message).starts_with(
        "cut.mmb: invalid binary bundle: the file has " + Twine(Size).str() +
        " bytes"))
        << Message;
    EXPECT_TRUE(StringRef(Message).ends_with("it is truncated")) << Message;
  }
}

/// Any change to a binary bundle is caught by its checksum before the
/// bitcode is read: single bit flips all over the file, and appended bytes.
TEST_F(BinaryBundleTest, CorruptionIsCaughtByTheChecksum) {
  std::string Binary = binaryOf(Text);
  for (size_t Bit = 20 * 8; Bit < Binary.size() * 8; Bit += 61) {
    std::string Flipped = Binary;
    Flipped[Bit / 8] ^= char(1u << (Bit % 8));
    Expected<Bundle> B = read(Flipped, "flip.mmb");
    ASSERT_FALSE(bool(B)) << "bit " << Bit << " flipped";
    // A flip in mm's magic leaves a bitcode wrapper around bitcode that is
    // not a plain module.
    std::string Message = toString(B.takeError());
    EXPECT_TRUE(StringRef(Message).starts_with(
                    "flip.mmb: invalid binary bundle: ") ||
                StringRef(Message).starts_with("flip.mmb: invalid bitcode file: "))
        << Message;
  }
  std::string Payload = StringRef(Binary).drop_front(48).str();
  Payload[Payload.size() / 2] ^= 1;
  Expected<Bundle> B = read(Binary.substr(0, 48) + Payload, "flip.mmb");
  ASSERT_FALSE(bool(B));
  EXPECT_EQ(toString(B.takeError()),
            "flip.mmb: invalid binary bundle: checksum mismatch: the file is "
            "corrupt");
  B = read(Binary + "junk", "long.mmb");
  ASSERT_FALSE(bool(B));
  EXPECT_TRUE(StringRef(toString(B.takeError())).ends_with("it is corrupt"));
}

/// Replaces the first \p From in \p Binary by \p To, of the same length, and
/// seals the result as a writer would: what a crafted file looks like.
static std::string patch(std::string Binary, StringRef From, StringRef To) {
  size_t At = Binary.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  if (At != std::string::npos)
    Binary.replace(At, From.size(), To.str());
  EXPECT_TRUE(sealBinaryBundle(Binary));
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
    ASSERT_TRUE(sealBinaryBundle(Damaged));
    Expected<Bundle> B = read(Damaged, "bad.mmb");
    if (!B)
      EXPECT_TRUE(StringRef(toString(B.takeError()))
                      .starts_with("bad.mmb: invalid binary bundle: "));
  }
}

/// Damage that LLVM's bitcode reader does not survive (whatever it does:
/// an error, an abort, a crash) is an error of the reader, never a crash of
/// the caller.
TEST_F(BinaryBundleTest, CraftedBitcodeNeverCrashesTheCaller) {
  std::string Binary = binaryOf(Text);
  for (size_t Offset = 48; Offset < Binary.size(); Offset += 37) {
    std::string Damaged = Binary;
    Damaged[Offset] ^= 0xff;
    ASSERT_TRUE(sealBinaryBundle(Damaged));
    Expected<Bundle> B = read(Damaged, "bad.mmb");
    if (!B)
      EXPECT_TRUE(StringRef(toString(B.takeError()))
                      .starts_with("bad.mmb: invalid binary bundle: "));
  }
}

/// Bitcode without mm's integrity record is a plain module, as a .ll file
/// is; several modules, or a bundle's modules without the record, are not.
TEST_F(BinaryBundleTest, PlainBitcode) {
  LLVMContext Context;
  Module Plain("plain", Context);
  Plain.setTargetTriple("nvptx64-nvidia-cuda");
  std::string Binary;
  raw_string_ostream OS(Binary);
  WriteBitcodeToFile(Plain, OS);
  Expected<Bundle> B = read(Binary, "dir/k.bc");
  ASSERT_TRUE(succeeded(B.takeError()));
  ASSERT_EQ(B->size(), 1u);
  EXPECT_TRUE(B->isPlainModule());
  const Submodule &M = B->submodules().front();
  EXPECT_EQ(M.getName(), "k");
  EXPECT_EQ(M.getKind(), ModuleKind::LLVM);
  EXPECT_EQ(M.getRole(), ModuleRole::Device);
  EXPECT_EQ(M.getTriple(), "nvptx64-nvidia-cuda");
  EXPECT_TRUE(M.getBody().contains("target triple = \"nvptx64-nvidia-cuda\""));

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
            "bad.mmb: invalid bitcode file: it holds 2 modules; a bitcode "
            "file is read as one plain module");
  std::string Old;
  raw_string_ostream OldOS(Old);
  WriteBitcodeToFile(First, OldOS);
  EXPECT_EQ(readError(Old),
            "bad.mmb: invalid bitcode file: a binary bundle without an "
            "integrity record (written by an earlier mm); convert its text "
            "form to binary again");
}

TEST_F(BinaryBundleTest, UnsupportedVersion) {
  std::string Binary = binaryOf(Text);
  // The record's version string is "1", right before "bundle".
  EXPECT_EQ(readError(patch(Binary, "1bundle", "7bundle")),
            "bad.mmb: invalid binary bundle: unsupported version '7' (this "
            "reader reads version 1)");
}

TEST(BinaryBundleDetectionTest, ShortInputsAreReadNoFurtherThanTheirEnd) {
  // Each prefix of bitcode's magic in a heap block of exactly its size, so
  // that AddressSanitizer (utils/sanitize.sh) sees a read past the end.
  const char Magic[] = {'B', 'C', char(0xC0), char(0xDE)};
  for (size_t Size = 0; Size < sizeof(Magic); ++Size) {
    std::unique_ptr<char[]> Exact(new char[Size ? Size : 1]);
    std::copy(Magic, Magic + Size, Exact.get());
    EXPECT_FALSE(isBinaryBundle(StringRef(Exact.get(), Size))) << Size;
  }
  std::unique_ptr<char[]> Whole(new char[sizeof(Magic)]);
  std::copy(Magic, Magic + sizeof(Magic), Whole.get());
  EXPECT_TRUE(isBinaryBundle(StringRef(Whole.get(), sizeof(Magic))));
}

} // namespace
