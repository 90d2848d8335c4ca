//===- ReaderTest.cpp - Tests of the bundle reader ------------------------===//

#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/raw_ostream.h"

#include "BundleTestUtils.h"

#include "gtest/gtest.h"

#include <optional>

using namespace llvm;
using namespace mm;
using namespace mm::test;

/// Reads \p Text, which must fail with a single DiagnosticError, and checks
/// the diagnostic's file name, 1-based line, 0-based column and message.
static testing::AssertionResult failsWith(StringRef Text, int Line, int Column,
                                          StringRef Message,
                                          StringRef Name = "test.mml") {
  Expected<Bundle> B = read(Text, Name);
  if (B)
    return testing::AssertionFailure() << "the bundle was read";
  std::optional<SMDiagnostic> Diag;
  std::string Other;
  handleAllErrors(
      B.takeError(),
      [&](const DiagnosticError &D) { Diag = D.getDiagnostic(); },
      [&](const ErrorInfoBase &EI) { Other = EI.message(); });
  if (!Diag)
    return testing::AssertionFailure() << "not a DiagnosticError: " << Other;
  if (Diag->getFilename() != Name || Diag->getLineNo() != Line ||
      Diag->getColumnNo() != Column || Diag->getMessage() != Message ||
      Diag->getKind() != SourceMgr::DK_Error)
    return testing::AssertionFailure()
           << "got " << Diag->getFilename().str() << ":" << Diag->getLineNo()
           << ":" << Diag->getColumnNo() << ": '" << Diag->getMessage().str()
           << "'";
  return testing::AssertionSuccess();
}

/// The 0-based column of \p Needle in \p Line.
static int col(StringRef Line, StringRef Needle) {
  size_t At = Line.find(Needle);
  EXPECT_NE(At, StringRef::npos) << "'" << Needle.str() << "' not in line";
  return static_cast<int>(At);
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

//===----------------------------------------------------------------------===//
// Preamble and `#mm bundle`
//===----------------------------------------------------------------------===//

TEST(ReaderTest, PreambleHoldsCommentsBlankLinesAndBundleDirective) {
  StringRef Preamble = "; an LLVM-style comment\n"
                       "// an MLIR-style comment\n"
                       "\n"
                       "   \t\n"
                       "  ; an indented comment\n"
                       "#mm bundle version=1\n"
                       "\t// after the directive\n"
                       "\n";
  std::string Text = (Preamble + "#mm module a kind=llvm triple=x role=host\n"
                                 "body\n")
                         .str();
  Expected<Bundle> B = read(Text);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_FALSE(B->isPlainModule());
  EXPECT_EQ(B->getPreamble(), Preamble);
  ASSERT_EQ(B->size(), 1u);
  EXPECT_EQ(B->submodules()[0].getName(), "a");
  EXPECT_EQ(B->submodules()[0].getBody(), "body\n");
  EXPECT_EQ(B->getSourceName(), "test.mml");
}

TEST(ReaderTest, BundleDirectiveIsOptional) {
  Expected<Bundle> B = read("; comment\n"
                            "#mm module a kind=llvm triple=x role=host\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->getPreamble(), "; comment\n");
  ASSERT_EQ(B->size(), 1u);
  EXPECT_EQ(B->submodules()[0].getBody(), "");

  Expected<Bundle> NoPreamble =
      read("#mm module a kind=llvm triple=x role=host\nx\n");
  ASSERT_TRUE(static_cast<bool>(NoPreamble))
      << toString(NoPreamble.takeError());
  EXPECT_EQ(NoPreamble->getPreamble(), "");
  EXPECT_FALSE(NoPreamble->isPlainModule());
}

TEST(ReaderTest, BundleDirectiveAllowsExtraBlanks) {
  Expected<Bundle> B = read("#mm   bundle\tversion=1  \n"
                            "#mm\tmodule  a\tkind=llvm  triple=x role=host \n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_EQ(B->size(), 1u);
  EXPECT_EQ(B->submodules()[0].getName(), "a");
  EXPECT_EQ(B->submodules()[0].getTriple(), "x");
}

TEST(ReaderTest, BundleWithoutSubmodules) {
  Expected<Bundle> B = read("; nothing yet\n#mm bundle version=1\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_FALSE(B->isPlainModule());
  EXPECT_TRUE(B->empty());
  EXPECT_EQ(B->getPreamble(), "; nothing yet\n#mm bundle version=1\n");
}

TEST(ReaderTest, NewerFormatVersion) {
  StringRef Line = "#mm bundle version=2";
  EXPECT_TRUE(failsWith((Line + "\n#mm module a kind=llvm triple=x "
                                "role=host\n")
                            .str(),
                        1, col(Line, "2"),
                        "bundle format version 2 is newer than this reader's "
                        "version 1"));
  EXPECT_TRUE(failsWith("; c\n#mm bundle version=17\n", 2, 19,
                        "bundle format version 17 is newer than this "
                        "reader's version 1"));
}

TEST(ReaderTest, InvalidFormatVersion) {
  EXPECT_TRUE(
      failsWith("#mm bundle version=0\n", 1, 19, "invalid format version '0'"));
  EXPECT_TRUE(failsWith("#mm bundle version=one\n", 1, 19,
                        "invalid format version 'one'"));
  EXPECT_TRUE(failsWith("#mm bundle version=\"\"\n", 1, 19,
                        "invalid format version ''"));
}

TEST(ReaderTest, BundleDirectiveFieldErrors) {
  EXPECT_TRUE(failsWith("#mm bundle\n", 1, 10,
                        "missing field 'version' in '#mm bundle'"));
  EXPECT_TRUE(failsWith("#mm bundle version=1 name=x\n", 1, 21,
                        "unknown field 'name' in '#mm bundle' directive"));
  EXPECT_TRUE(failsWith("#mm bundle v1\n", 1, 11,
                        "expected a 'key=value' field, found 'v1'"));
}

TEST(ReaderTest, DuplicateBundleDirective) {
  EXPECT_TRUE(failsWith("#mm bundle version=1\n"
                        "; comment\n"
                        "#mm bundle version=1\n"
                        "#mm module a kind=llvm triple=x role=host\n",
                        3, 0, "duplicate '#mm bundle' directive"));
}

TEST(ReaderTest, BundleDirectiveAfterFirstSubmodule) {
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host\n"
                        "body\n"
                        "#mm bundle version=1\n",
                        3, 0,
                        "'#mm bundle' must come before the first submodule"));
}

TEST(ReaderTest, TextBeforeFirstHeader) {
  EXPECT_TRUE(failsWith("; a comment is fine\n"
                        "define void @f() {\n"
                        "  ret void\n"
                        "}\n"
                        "#mm module a kind=llvm triple=x role=host\n",
                        2, 0,
                        "expected a '#mm module' header before the submodule "
                        "text"));
  // Also after the `#mm bundle` directive, and for indented text.
  EXPECT_TRUE(failsWith("#mm bundle version=1\n"
                        "\n"
                        "   stray\n"
                        "#mm module a kind=llvm triple=x role=host\n",
                        3, 0,
                        "expected a '#mm module' header before the submodule "
                        "text"));
  // Text with only a `#mm bundle` directive is not a plain module either.
  EXPECT_TRUE(failsWith("#mm bundle version=1\nmodule {}\n", 2, 0,
                        "expected a '#mm module' header before the submodule "
                        "text"));
}

//===----------------------------------------------------------------------===//
// Plain modules
//===----------------------------------------------------------------------===//

TEST(ReaderTest, PlainLLVMFile) {
  StringRef Text = "; ModuleID = 'f.c'\n"
                   "target triple = \"x86_64-unknown-linux-gnu\"\n"
                   "\n"
                   "define void @f() {\n"
                   "  ret void\n"
                   "}\n";
  Expected<Bundle> B = read(Text, "dir/kernel.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_TRUE(B->isPlainModule());
  EXPECT_EQ(B->getPreamble(), "");
  ASSERT_EQ(B->size(), 1u);
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getName(), "kernel");
  EXPECT_EQ(M.getKind(), ModuleKind::LLVM);
  EXPECT_EQ(M.getTriple(), "x86_64-unknown-linux-gnu");
  EXPECT_EQ(M.getRole(), ModuleRole::Host);
  EXPECT_EQ(M.getBody(), Text);
  EXPECT_EQ(M.getBody().data(), B->getSourceBuffer()->getBufferStart());
  EXPECT_TRUE(M.getVerbatimHeader().empty());
  EXPECT_FALSE(M.getSourceInfo().HeaderLoc.isValid());
  EXPECT_EQ(M.getSourceInfo().BodyLoc.getPointer(),
            B->getSourceBuffer()->getBufferStart());
  EXPECT_TRUE(M.hasSourceBody());
  EXPECT_TRUE(M.getOptions() == SubmoduleOptions());
  EXPECT_TRUE(M.header().Extensions.empty());
}

TEST(ReaderTest, PlainMLIRFileWithGPUTripleIsDevice) {
  StringRef Text = "module attributes {llvm.target_triple = "
                   "\"nvptx64-nvidia-cuda\"} {\n"
                   "}\n";
  Expected<Bundle> B = read(Text, "kernels.mlir");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_TRUE(B->isPlainModule());
  ASSERT_EQ(B->size(), 1u);
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getName(), "kernels");
  EXPECT_EQ(M.getKind(), ModuleKind::MLIR);
  EXPECT_EQ(M.getTriple(), "nvptx64-nvidia-cuda");
  EXPECT_EQ(M.getRole(), ModuleRole::Device);
}

TEST(ReaderTest, PlainLLVMFileWithGPUTriplesIsDevice) {
  for (StringRef Triple : {"amdgcn-amd-amdhsa", "nvptx-nvidia-cuda",
                           "spirv64-unknown-unknown", "r600--"}) {
    std::string Text =
        ("target triple = \"" + Triple + "\"\ndefine void @k() {\n}\n").str();
    Expected<Bundle> B = read(Text, "k.ll");
    ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
    EXPECT_EQ(B->submodules()[0].getTriple(), Triple);
    EXPECT_EQ(B->submodules()[0].getRole(), ModuleRole::Device) << Triple.str();
  }
}

TEST(ReaderTest, PlainModuleWithoutTriple) {
  Expected<Bundle> B = read("define void @f() {\n  ret void\n}", "f.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getTriple(), "");
  EXPECT_EQ(M.getRole(), ModuleRole::Host);
  EXPECT_EQ(M.getBody(), "define void @f() {\n  ret void\n}");
}

TEST(ReaderTest, PlainModuleFromStdin) {
  Expected<Bundle> B = read("func.func @f() {\n  return\n}\n", "<stdin>");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_TRUE(B->isPlainModule());
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getName(), "stdin");
  EXPECT_EQ(M.getKind(), ModuleKind::MLIR);
  EXPECT_EQ(B->getSourceName(), "<stdin>");

  Expected<Bundle> LLVM =
      read("; ModuleID = '-'\ndefine void @f() {\n}\n", "<stdin>");
  ASSERT_TRUE(static_cast<bool>(LLVM)) << toString(LLVM.takeError());
  EXPECT_EQ(LLVM->submodules()[0].getName(), "stdin");
  EXPECT_EQ(LLVM->submodules()[0].getKind(), ModuleKind::LLVM);

  Expected<Bundle> Dash = read("module {}\n", "-");
  ASSERT_TRUE(static_cast<bool>(Dash)) << toString(Dash.takeError());
  EXPECT_EQ(Dash->submodules()[0].getName(), "stdin");
}

TEST(ReaderTest, PlainModuleNameFromFileStem) {
  struct {
    const char *File;
    const char *Name;
  } Cases[] = {
      {"a.ll", "a"},
      {"/tmp/dir/foo.bar.ll", "foo.bar"},
      {"my file+x.ll", "my_file_x"},
      {".hidden.ll", "hidden"},
      {"--x.mlir", "x"},
      {"a$b-c_d.mlir", "a$b-c_d"},
      {"noext", "noext"},
  };
  for (const auto &C : Cases) {
    Expected<Bundle> B = read("; x\n", C.File);
    ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
    EXPECT_EQ(B->submodules()[0].getName(), C.Name) << C.File;
    EXPECT_TRUE(isValidModuleName(B->submodules()[0].getName())) << C.File;
  }
}

TEST(ReaderTest, PlainModuleKindFromExtensionBeatsContent) {
  Expected<Bundle> B = read("module {}\n", "x.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->submodules()[0].getKind(), ModuleKind::LLVM);
  Expected<Bundle> C = read("; comment\n", "x.mlir");
  ASSERT_TRUE(static_cast<bool>(C)) << toString(C.takeError());
  EXPECT_EQ(C->submodules()[0].getKind(), ModuleKind::MLIR);
  Expected<Bundle> D = read("module {}\n", "x.txt");
  ASSERT_TRUE(static_cast<bool>(D)) << toString(D.takeError());
  EXPECT_EQ(D->submodules()[0].getKind(), ModuleKind::MLIR);
}

TEST(ReaderTest, EmptyFileIsAnEmptyPlainModule) {
  Expected<Bundle> B = read("", "empty.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_TRUE(B->isPlainModule());
  ASSERT_EQ(B->size(), 1u);
  EXPECT_EQ(B->submodules()[0].getName(), "empty");
  EXPECT_EQ(B->submodules()[0].getBody(), "");
}

TEST(ReaderTest, CommentOnlyFileIsAPlainModule) {
  Expected<Bundle> B = read("; just a comment\n\n// and another\n", "c.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_TRUE(B->isPlainModule());
  ASSERT_EQ(B->size(), 1u);
  EXPECT_EQ(B->submodules()[0].getBody(),
            "; just a comment\n\n// and another\n");
}

TEST(ReaderTest, GuessModuleKindSniffsContent) {
  struct {
    const char *Text;
    ModuleKind Kind;
  } Cases[] = {
      {"", ModuleKind::LLVM},
      {"\n  \n", ModuleKind::LLVM},
      {"; ModuleID = 'x'\n", ModuleKind::LLVM},
      {"// RUN: mlir-opt\n", ModuleKind::MLIR},
      {"#map = affine_map<(d0) -> (d0)>\n", ModuleKind::MLIR},
      {"\"builtin.module\"() ({\n}) : () -> ()\n", ModuleKind::MLIR},
      {"module {\n}\n", ModuleKind::MLIR},
      {"module attributes {gpu.container_module} {\n}\n", ModuleKind::MLIR},
      {"module asm \"nop\"\n", ModuleKind::LLVM},
      {"module\tasm \"nop\"\n", ModuleKind::LLVM},
      {"func.func @f() {\n  return\n}\n", ModuleKind::MLIR},
      {"llvm.func @f()\n", ModuleKind::MLIR},
      {"define void @f() {\n}\n", ModuleKind::LLVM},
      {"target triple = \"x86_64\"\n", ModuleKind::LLVM},
      {"source_filename = \"a.c\"\n", ModuleKind::LLVM},
      {"\n\n   func.func @f()\n", ModuleKind::MLIR},
      {"\r\n; crlf\r\n", ModuleKind::LLVM},
      // LLVM globals and types may have dots in their names.
      {"%struct.S = type { i32 }\n", ModuleKind::LLVM},
      {"@.str = private constant [3 x i8] c\"hi\\00\"\n", ModuleKind::LLVM},
      {"$foo.bar = comdat any\n", ModuleKind::LLVM},
  };
  for (const auto &C : Cases) {
    EXPECT_EQ(guessModuleKind("<stdin>", C.Text), C.Kind) << C.Text;
    EXPECT_EQ(guessModuleKind("file.txt", C.Text), C.Kind) << C.Text;
  }
  EXPECT_EQ(guessModuleKind("a.ll", "module {}\n"), ModuleKind::LLVM);
  EXPECT_EQ(guessModuleKind("a.mlir", "; comment\n"), ModuleKind::MLIR);
  EXPECT_EQ(guessModuleKind("dir.mlir/a", "define void @f()\n"),
            ModuleKind::LLVM);
}

TEST(ReaderTest, FindBodyTriple) {
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM,
                           "; comment\ntarget datalayout = \"e\"\n"
                           "target triple = \"x86_64-pc-linux\"\n"),
            "x86_64-pc-linux");
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM, "target triple=\"arm64\"\n"),
            "arm64");
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM, "target triple = \"a\""), "a");
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM, "target triple = \"riscv64\"\r\n"),
            "riscv64");
  // Only at the start of a line: not in a comment or a string.
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM,
                           "; target triple = \"wrong\"\n"
                           "@s = constant [1 x i8] c\"target triple\"\n"
                           "target triple = \"right\"\n"),
            "right");
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM, "define void @f()\n"), "");
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM, ""), "");
  // An unterminated string yields what there is of the line.
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM, "target triple = \"abc\nx\n"),
            "abc");

  EXPECT_EQ(findBodyTriple(ModuleKind::MLIR,
                           "module attributes {llvm.target_triple = "
                           "\"amdgcn-amd-amdhsa\", foo} {}\n"),
            "amdgcn-amd-amdhsa");
  EXPECT_EQ(findBodyTriple(ModuleKind::MLIR,
                           "module attributes {llvm.target_triple=\"x\"} {}"),
            "x");
  EXPECT_EQ(findBodyTriple(ModuleKind::MLIR, "module {}\n"), "");
  // Kinds do not mix.
  EXPECT_EQ(findBodyTriple(ModuleKind::MLIR, "target triple = \"x\"\n"), "");
  EXPECT_EQ(findBodyTriple(ModuleKind::LLVM,
                           "module attributes {llvm.target_triple = \"x\"}"),
            "");
}

//===----------------------------------------------------------------------===//
// Directive lines
//===----------------------------------------------------------------------===//

TEST(ReaderTest, IsDirectiveLine) {
  EXPECT_TRUE(isDirectiveLine("#mm"));
  EXPECT_TRUE(isDirectiveLine("#mm "));
  EXPECT_TRUE(isDirectiveLine("#mm\t"));
  EXPECT_TRUE(isDirectiveLine("#mm module a"));
  EXPECT_TRUE(isDirectiveLine("#mm\r"));
  EXPECT_TRUE(isDirectiveLine("#mm\n"));
  EXPECT_FALSE(isDirectiveLine("#mmx"));
  EXPECT_FALSE(isDirectiveLine("#mm-module"));
  EXPECT_FALSE(isDirectiveLine("#mm=1"));
  EXPECT_FALSE(isDirectiveLine(" #mm module"));
  EXPECT_FALSE(isDirectiveLine("#MM module"));
  EXPECT_FALSE(isDirectiveLine("#m"));
  EXPECT_FALSE(isDirectiveLine(""));
}

TEST(ReaderTest, MmxLinesAreNotDirectives) {
  // A file with only `#mmx` lines is a plain module.
  Expected<Bundle> Plain = read("#mmx module a\n; x\n", "p.mlir");
  ASSERT_TRUE(static_cast<bool>(Plain)) << toString(Plain.takeError());
  EXPECT_TRUE(Plain->isPlainModule());
  EXPECT_EQ(Plain->submodules()[0].getBody(), "#mmx module a\n; x\n");

  // Inside a body, lines that only look like directives stay in the body.
  StringRef Body = "#mmx\n"
                   " #mm module indented\n"
                   "x #mm module\n"
                   "#mm_module\n";
  std::string Text =
      ("#mm module a kind=llvm triple=x role=host\n" + Body).str();
  Expected<Bundle> B = read(Text);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_EQ(B->size(), 1u);
  EXPECT_EQ(B->submodules()[0].getBody(), Body);
}

TEST(ReaderTest, BareMmIsADirective) {
  // `#mm` alone ends a body and is an unknown directive.
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host\n"
                        "x\n"
                        "#mm\n",
                        3, 0,
                        "unknown directive '#mm ': expected '#mm module'"));
  // In a file of its own it makes the file a bundle, not a plain module.
  EXPECT_TRUE(failsWith("#mm\n", 1, 0,
                        "unknown directive '#mm ': expected '#mm module'",
                        "plain.ll"));
}

TEST(ReaderTest, UnknownDirective) {
  EXPECT_TRUE(
      failsWith("#mm modul a kind=llvm triple=x role=host\n", 1, 0,
                "unknown directive '#mm modul': expected '#mm module'"));
  EXPECT_TRUE(failsWith("; c\n#mm bundles version=1\n", 2, 0,
                        "unknown directive '#mm bundles': expected '#mm "
                        "module'"));
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host\n"
                        "x\n"
                        "#mm\tinclude other.mml\n",
                        3, 0,
                        "unknown directive '#mm include': expected '#mm "
                        "module'"));
}

//===----------------------------------------------------------------------===//
// `lines=N`
//===----------------------------------------------------------------------===//

TEST(ReaderTest, LinesFieldDelimitsBodiesWithDirectiveLines) {
  StringRef Body = "#mm module fake kind=llvm triple=x role=host\n"
                   "#mm bundle version=1\n"
                   "#mm\n";
  std::string Text =
      ("#mm module a kind=mlir triple=x role=host lines=3\n" + Body +
       "#mm module b kind=llvm triple=y role=device\n"
       "b body\n")
          .str();
  Expected<Bundle> B = read(Text);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_EQ(B->size(), 2u);
  EXPECT_EQ(B->submodules()[0].getName(), "a");
  EXPECT_EQ(B->submodules()[0].getBody(), Body);
  EXPECT_EQ(B->submodules()[1].getName(), "b");
  EXPECT_EQ(B->submodules()[1].getBody(), "b body\n");
  EXPECT_EQ(B->lookup("fake"), nullptr);
}

TEST(ReaderTest, LinesFieldEdgeCases) {
  // lines=0: an empty body directly followed by the next header.
  Expected<Bundle> Zero =
      read("#mm module a kind=llvm triple=x role=host lines=0\n"
           "#mm module b kind=llvm triple=x role=device\n");
  ASSERT_TRUE(static_cast<bool>(Zero)) << toString(Zero.takeError());
  ASSERT_EQ(Zero->size(), 2u);
  EXPECT_EQ(Zero->submodules()[0].getBody(), "");

  // The last line of the last body may lack its newline.
  Expected<Bundle> Last =
      read("#mm module a kind=llvm triple=x role=host lines=2\n"
           "#mm x\n"
           "y");
  ASSERT_TRUE(static_cast<bool>(Last)) << toString(Last.takeError());
  EXPECT_EQ(Last->submodules()[0].getBody(), "#mm x\ny");

  // The body may end the file.
  Expected<Bundle> End =
      read("#mm module a kind=llvm triple=x role=host lines=1\n#mm\n");
  ASSERT_TRUE(static_cast<bool>(End)) << toString(End.takeError());
  EXPECT_EQ(End->submodules()[0].getBody(), "#mm\n");

  // Blank lines count as lines.
  Expected<Bundle> Blank =
      read("#mm module a kind=llvm triple=x role=host lines=3\n"
           "\n\n#mm\n"
           "#mm module b kind=llvm triple=x role=device\n");
  ASSERT_TRUE(static_cast<bool>(Blank)) << toString(Blank.takeError());
  EXPECT_EQ(Blank->submodules()[0].getBody(), "\n\n#mm\n");
}

TEST(ReaderTest, LinesFieldTooLarge) {
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host lines=3\n"
                        "x\n"
                        "y\n",
                        1, 0,
                        "submodule 'a' has 2 body lines, but its header says "
                        "lines=3"));
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host\n"
                        "a\n"
                        "#mm module b kind=llvm triple=x role=device lines=1\n",
                        3, 0,
                        "submodule 'b' has 0 body lines, but its header says "
                        "lines=1"));
}

TEST(ReaderTest, ContentAfterCountedBodyMustBeADirective) {
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host lines=1\n"
                        "x\n"
                        "y\n"
                        "#mm module b kind=llvm triple=x role=device\n",
                        3, 0,
                        "expected a '#mm' directive after the 1-line body of "
                        "submodule 'a'"));
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host lines=0\n"
                        "#mmx\n",
                        2, 0,
                        "expected a '#mm' directive after the 0-line body of "
                        "submodule 'a'"));
}

TEST(ReaderTest, InvalidLineCount) {
  StringRef Line = "#mm module a kind=llvm triple=x role=host lines=many";
  EXPECT_TRUE(failsWith(Line, 1, col(Line, "many"),
                        "submodule 'a': invalid line count 'many'"));
  StringRef Negative = "#mm module a kind=llvm triple=x role=host lines=-1";
  EXPECT_TRUE(failsWith(Negative, 1, col(Negative, "-1"),
                        "submodule 'a': invalid line count '-1'"));
  StringRef Duplicate =
      "#mm module a kind=llvm triple=x role=host lines=1 lines=1";
  EXPECT_TRUE(failsWith((Duplicate + "\nx\n").str(), 1,
                        col(Duplicate, "lines=1 ") + 8,
                        "submodule 'a': duplicate field 'lines'"));
}

//===----------------------------------------------------------------------===//
// Line endings
//===----------------------------------------------------------------------===//

TEST(ReaderTest, CRLFLineEndings) {
  StringRef HeaderA = "#mm module a kind=llvm triple=x role=host\r\n";
  StringRef Text = "; c\r\n"
                   "#mm bundle version=1\r\n"
                   "#mm module a kind=llvm triple=x role=host\r\n"
                   "define void @f() {\r\n"
                   "}\r\n"
                   "#mm module b kind=mlir triple=\"\" role=device "
                   "lines=2\r\n"
                   "#mm module c\r\n"
                   "module {}\r\n";
  Expected<Bundle> B = read(Text);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->getPreamble(), "; c\r\n#mm bundle version=1\r\n");
  ASSERT_EQ(B->size(), 2u);
  const Submodule &A = B->submodules()[0];
  EXPECT_EQ(A.getRole(), ModuleRole::Host);
  EXPECT_EQ(A.getVerbatimHeader(), HeaderA);
  EXPECT_EQ(A.getBody(), "define void @f() {\r\n}\r\n");
  const Submodule &Bm = B->submodules()[1];
  EXPECT_EQ(Bm.getRole(), ModuleRole::Device);
  EXPECT_EQ(Bm.getTriple(), "");
  EXPECT_EQ(Bm.getBody(), "#mm module c\r\nmodule {}\r\n");
}

TEST(ReaderTest, CRLFErrorColumnsIgnoreCarriageReturn) {
  StringRef Line = "#mm module a kind=llvm triple=x";
  EXPECT_TRUE(failsWith((Line + "\r\nx\r\n").str(), 1, Line.size(),
                        "submodule 'a': missing required field 'role'"));
  EXPECT_TRUE(failsWith("; c\r\n#mm bundle\r\n", 2, 10,
                        "missing field 'version' in '#mm bundle'"));
  // A `#mm` line ending in CRLF is still a directive.
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=x role=host\r\n"
                        "x\r\n"
                        "#mm\r\n",
                        3, 0,
                        "unknown directive '#mm ': expected '#mm module'"));
}

//===----------------------------------------------------------------------===//
// Header fields
//===----------------------------------------------------------------------===//

TEST(ReaderTest, AllHeaderFields) {
  Expected<Bundle> B = read(
      "#mm module gpu$1.k-2 kind=mlir triple=nvptx64-nvidia-cuda role=device "
      "opt=O3 passes=\"builtin.module(canonicalize, cse)\" cpu=sm_80 "
      "features=+ptx80,+sm_80 mllvm=-unroll-threshold=100 "
      "mllvm=-debug-only=foo x-owner=team x-note=\"a b\"\n"
      "module {}\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getName(), "gpu$1.k-2");
  EXPECT_EQ(M.getKind(), ModuleKind::MLIR);
  EXPECT_EQ(M.getTriple(), "nvptx64-nvidia-cuda");
  EXPECT_EQ(M.getRole(), ModuleRole::Device);
  const SubmoduleOptions &O = M.getOptions();
  EXPECT_EQ(O.OptLevel, "O3");
  EXPECT_EQ(O.Passes, "builtin.module(canonicalize, cse)");
  EXPECT_EQ(O.CPU, "sm_80");
  EXPECT_EQ(O.Features, "+ptx80,+sm_80");
  ASSERT_EQ(O.LLVMArgs.size(), 2u);
  EXPECT_EQ(O.LLVMArgs[0], "-unroll-threshold=100");
  EXPECT_EQ(O.LLVMArgs[1], "-debug-only=foo");
  ASSERT_EQ(M.header().Extensions.size(), 2u);
  EXPECT_EQ(M.header().Extensions[0],
            std::make_pair(std::string("x-owner"), std::string("team")));
  EXPECT_EQ(M.header().Extensions[1],
            std::make_pair(std::string("x-note"), std::string("a b")));
}

TEST(ReaderTest, FieldsInAnyOrder) {
  Expected<Bundle> B =
      read("#mm module a x-z=1 role=device mllvm=-a opt=Os triple=t "
           "kind=mlir mllvm=-b\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getKind(), ModuleKind::MLIR);
  EXPECT_EQ(M.getRole(), ModuleRole::Device);
  EXPECT_EQ(M.getTriple(), "t");
  EXPECT_EQ(M.getOptions().OptLevel, "Os");
  EXPECT_EQ(M.getOptions().LLVMArgs, (std::vector<std::string>{"-a", "-b"}));
}

TEST(ReaderTest, EmptyQuotedValues) {
  Expected<Bundle> B = read("#mm module a kind=llvm triple=\"\" role=host "
                            "passes=\"\" cpu=\"\" features=\"\" x-e=\"\"\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getTriple(), "");
  EXPECT_EQ(M.getOptions().Passes, "");
  EXPECT_EQ(M.getOptions().CPU, "");
  EXPECT_EQ(M.getOptions().Features, "");
  ASSERT_EQ(M.header().Extensions.size(), 1u);
  EXPECT_EQ(M.header().Extensions[0].second, "");
}

TEST(ReaderTest, UnknownField) {
  StringRef Line = "#mm module a kind=llvm triple=\"\" role=host flavor=1";
  EXPECT_TRUE(failsWith(Line, 1, col(Line, "flavor"),
                        "submodule 'a': unknown field 'flavor'"));
  StringRef Ext = "#mm module a kind=llvm triple=x role=host x-=1";
  EXPECT_TRUE(
      failsWith(Ext, 1, col(Ext, "x-="), "submodule 'a': unknown field 'x-'"));
  StringRef Upper = "#mm module a Kind=llvm kind=llvm triple=x role=host";
  EXPECT_TRUE(failsWith(Upper, 1, col(Upper, "Kind"),
                        "submodule 'a': unknown field 'Kind'"));
}

TEST(ReaderTest, DuplicateField) {
  StringRef Line = "#mm module a kind=llvm triple=\"\" role=host role=device";
  EXPECT_TRUE(failsWith(Line, 1, col(Line, "role=device"),
                        "submodule 'a': duplicate field 'role'"));
  StringRef Ext = "#mm module a kind=llvm triple=x role=host x-a=1 x-a=2";
  EXPECT_TRUE(failsWith(Ext, 1, col(Ext, "x-a=2"),
                        "submodule 'a': duplicate field 'x-a'"));
  StringRef Opt = "#mm module a opt=O1 kind=llvm opt=O1 triple=x role=host";
  EXPECT_TRUE(failsWith(Opt, 1, col(Opt, "opt=O1 triple"),
                        "submodule 'a': duplicate field 'opt'"));
}

TEST(ReaderTest, RepeatableMllvm) {
  Expected<Bundle> B = read("#mm module a kind=llvm triple=x role=host "
                            "mllvm=-x mllvm=-x mllvm=\"-y=a b\"\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->submodules()[0].getOptions().LLVMArgs,
            (std::vector<std::string>{"-x", "-x", "-y=a b"}));
}

TEST(ReaderTest, ExtensionFieldsKeepTheirOrder) {
  Expected<Bundle> B = read("#mm module a x-b=2 kind=llvm x-a=1 triple=x "
                            "role=host x-c-d=\"three\"\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const auto &Ext = B->submodules()[0].header().Extensions;
  ASSERT_EQ(Ext.size(), 3u);
  EXPECT_EQ(Ext[0].first, "x-b");
  EXPECT_EQ(Ext[0].second, "2");
  EXPECT_EQ(Ext[1].first, "x-a");
  EXPECT_EQ(Ext[1].second, "1");
  EXPECT_EQ(Ext[2].first, "x-c-d");
  EXPECT_EQ(Ext[2].second, "three");
}

TEST(ReaderTest, QuotedValuesWithEscapes) {
  Expected<Bundle> B =
      read("#mm module a kind=llvm triple=\"a\\\\b\\\"c\\41\\0a\\7F\" "
           "role=host cpu=\"x y\\09z\" features=\"\\e9\\C3\"\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getTriple(), "a\\b\"cA\n\x7f");
  EXPECT_EQ(M.getOptions().CPU, "x y\tz");
  EXPECT_EQ(M.getOptions().Features, "\xe9\xc3");
  EXPECT_EQ(M.getRole(), ModuleRole::Host);
}

TEST(ReaderTest, BackslashInBareValueIsLiteral) {
  Expected<Bundle> B =
      read("#mm module a kind=llvm triple=a\\b role=host passes=x=y\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->submodules()[0].getTriple(), "a\\b");
  EXPECT_EQ(B->submodules()[0].getOptions().Passes, "x=y");
}

TEST(ReaderTest, UnterminatedString) {
  StringRef Line = "#mm module a kind=llvm triple=\"x86 role=host";
  EXPECT_TRUE(failsWith(Line, 1, col(Line, "\""),
                        "submodule 'a': unterminated string in field "
                        "'triple'"));
  // An escaped quote does not end the string.
  StringRef Escaped = "#mm module a kind=llvm triple=x role=host cpu=\"a\\\"";
  EXPECT_TRUE(failsWith((Escaped + "\n").str(), 1, col(Escaped, "\""),
                        "submodule 'a': unterminated string in field 'cpu'"));
}

TEST(ReaderTest, InvalidEscape) {
  StringRef Line = "#mm module a kind=llvm triple=\"\\q\" role=host";
  EXPECT_TRUE(failsWith(Line, 1, col(Line, "\\"),
                        "submodule 'a': invalid escape in field 'triple': "
                        "expected \\\\, \\\" or two hex digits"));
  StringRef OneHex = "#mm module a kind=llvm triple=\"ab\\4\" role=host";
  EXPECT_TRUE(failsWith(OneHex, 1, col(OneHex, "\\"),
                        "submodule 'a': invalid escape in field 'triple': "
                        "expected \\\\, \\\" or two hex digits"));
  StringRef AtEnd = "#mm module a kind=llvm triple=\"ab\\";
  EXPECT_TRUE(failsWith(AtEnd, 1, col(AtEnd, "\\"),
                        "submodule 'a': invalid escape in field 'triple': "
                        "expected \\\\, \\\" or two hex digits"));
}

TEST(ReaderTest, ValueMustBeFollowedByABlank) {
  StringRef Quoted = "#mm module a kind=llvm triple=\"x\"y role=host";
  EXPECT_TRUE(failsWith(Quoted, 1, col(Quoted, "y role"),
                        "submodule 'a': expected a blank after the value of "
                        "field 'triple'"));
  StringRef Bare = "#mm module a kind=llvm triple=x\"y\" role=host";
  EXPECT_TRUE(failsWith(Bare, 1, col(Bare, "\"y"),
                        "submodule 'a': expected a blank after the value of "
                        "field 'triple'"));
}

TEST(ReaderTest, MissingValue) {
  StringRef Line = "#mm module a kind=llvm triple=\"\" role=host cpu=";
  EXPECT_TRUE(failsWith(Line, 1, Line.size(),
                        "submodule 'a': expected a value for field 'cpu' "
                        "(write an empty value as \"\")"));
  StringRef Middle = "#mm module a kind= triple=x role=host";
  EXPECT_TRUE(failsWith(Middle, 1, col(Middle, " triple"),
                        "submodule 'a': expected a value for field 'kind' "
                        "(write an empty value as \"\")"));
}

TEST(ReaderTest, NotAKeyValueField) {
  StringRef Line = "#mm module a kind=llvm triple=\"\" role host";
  EXPECT_TRUE(failsWith(Line, 1, col(Line, "role"),
                        "submodule 'a': expected a 'key=value' field, found "
                        "'role'"));
  StringRef Underscore = "#mm module a kind=llvm triple=x role=host x_y=1";
  EXPECT_TRUE(failsWith(Underscore, 1, col(Underscore, "x_y"),
                        "submodule 'a': expected a 'key=value' field, found "
                        "'x_y=1'"));
  StringRef NoKey = "#mm module a kind=llvm =x triple=x role=host";
  EXPECT_TRUE(failsWith(NoKey, 1, col(NoKey, "=x"),
                        "submodule 'a': expected a 'key=value' field, found "
                        "'=x'"));
}

TEST(ReaderTest, InvalidKindRoleOptAndMllvm) {
  StringRef Kind = "#mm module a kind=c triple=\"\" role=host";
  EXPECT_TRUE(failsWith(Kind, 1, col(Kind, "c "),
                        "submodule 'a': invalid kind 'c': expected 'llvm' or "
                        "'mlir'"));
  StringRef Role = "#mm module a kind=llvm triple=\"\" role=guest";
  EXPECT_TRUE(failsWith(Role, 1, col(Role, "guest"),
                        "submodule 'a': invalid role 'guest': expected "
                        "'host' or 'device'"));
  StringRef Opt = "#mm module a kind=llvm triple=\"\" role=host opt=O4";
  EXPECT_TRUE(failsWith(Opt, 1, col(Opt, "O4"),
                        "submodule 'a': invalid optimization level 'O4': "
                        "expected O0, O1, O2, O3, Os or Oz"));
  StringRef EmptyOpt = "#mm module a kind=llvm triple=x role=host opt=\"\"";
  EXPECT_TRUE(failsWith(EmptyOpt, 1, col(EmptyOpt, "\"\""),
                        "submodule 'a': invalid optimization level '': "
                        "expected O0, O1, O2, O3, Os or Oz"));
  StringRef Mllvm = "#mm module a kind=llvm triple=\"\" role=host mllvm=unroll";
  EXPECT_TRUE(failsWith(Mllvm, 1, col(Mllvm, "unroll"),
                        "submodule 'a': invalid LLVM option 'unroll': "
                        "expected '-name' or '-name=value'"));
  // Values are case-sensitive.
  StringRef Upper = "#mm module a kind=LLVM triple=x role=host";
  EXPECT_TRUE(failsWith(Upper, 1, col(Upper, "LLVM"),
                        "submodule 'a': invalid kind 'LLVM': expected 'llvm' "
                        "or 'mlir'"));
}

TEST(ReaderTest, MissingRequiredFields) {
  StringRef NoKind = "#mm module a triple=\"\" role=host";
  EXPECT_TRUE(failsWith((NoKind + "\n").str(), 1, NoKind.size(),
                        "submodule 'a': missing required field 'kind'"));
  StringRef NoTriple = "#mm module a kind=llvm role=host";
  EXPECT_TRUE(failsWith((NoTriple + "\n").str(), 1, NoTriple.size(),
                        "submodule 'a': missing required field 'triple'"));
  StringRef NoRole = "#mm module a kind=llvm triple=\"\"";
  EXPECT_TRUE(failsWith((NoRole + "\n").str(), 1, NoRole.size(),
                        "submodule 'a': missing required field 'role'"));
  StringRef Nothing = "#mm module a";
  EXPECT_TRUE(failsWith(Nothing, 1, Nothing.size(),
                        "submodule 'a': missing required field 'kind'"));
  // On a later line, with trailing blanks.
  StringRef Later = "#mm module b kind=llvm triple=x  ";
  EXPECT_TRUE(failsWith(
      ("#mm module a kind=llvm triple=x role=host\nx\n" + Later + "\n").str(),
      3, Later.size(), "submodule 'b': missing required field 'role'"));
}

TEST(ReaderTest, InvalidNames) {
  StringRef Dots = "#mm module ../a kind=llvm triple=\"\" role=host";
  EXPECT_TRUE(failsWith(Dots, 1, col(Dots, "../a"),
                        "invalid submodule name '../a': expected letters, "
                        "digits, '_', '$', '.' and '-', not starting with '.' "
                        "or '-'"));
  StringRef Dash = "#mm module -a kind=llvm triple=\"\" role=host";
  EXPECT_TRUE(failsWith(Dash, 1, col(Dash, "-a"),
                        "invalid submodule name '-a': expected letters, "
                        "digits, '_', '$', '.' and '-', not starting with '.' "
                        "or '-'"));
  StringRef Slash = "#mm module a/b kind=llvm triple=\"\" role=host";
  EXPECT_TRUE(failsWith(Slash, 1, col(Slash, "a/b"),
                        "invalid submodule name 'a/b': expected letters, "
                        "digits, '_', '$', '.' and '-', not starting with '.' "
                        "or '-'"));
  EXPECT_TRUE(failsWith("#mm module", 1, 10,
                        "expected a submodule name after '#mm module'"));
  EXPECT_TRUE(failsWith("#mm module  \t\n", 1, 13,
                        "expected a submodule name after '#mm module'"));
  StringRef Field = "#mm module kind=llvm triple=\"\" role=host";
  EXPECT_TRUE(failsWith(Field, 1, col(Field, "kind"),
                        "expected a submodule name before the fields, found "
                        "'kind=llvm'"));
}

TEST(ReaderTest, DuplicateSubmoduleNames) {
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=\"\" role=host\n"
                        "x\n"
                        "#mm module a kind=llvm triple=\"\" role=device\n",
                        3, 0, "duplicate submodule name 'a'"));
  // Names are case-sensitive.
  Expected<Bundle> B = read("#mm module a kind=llvm triple=x role=host\n"
                            "#mm module A kind=llvm triple=x role=device\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->size(), 2u);
}

TEST(ReaderTest, SecondHost) {
  EXPECT_TRUE(failsWith("#mm module a kind=llvm triple=\"\" role=host\n"
                        "#mm module d kind=llvm triple=\"\" role=device\n"
                        "x\n"
                        "#mm module b kind=llvm triple=\"\" role=host\n",
                        4, 0,
                        "submodule 'b' is a second host; 'a' is already the "
                        "host"));
}

TEST(ReaderTest, DevicesOnlyAndHostAnywhere) {
  Expected<Bundle> B = read("#mm module d1 kind=llvm triple=x role=device\n"
                            "#mm module d2 kind=mlir triple=x role=device\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->getHost(), nullptr);

  Expected<Bundle> C = read("#mm module d kind=llvm triple=x role=device\n"
                            "#mm module h kind=llvm triple=x role=host\n");
  ASSERT_TRUE(static_cast<bool>(C)) << toString(C.takeError());
  ASSERT_NE(C->getHost(), nullptr);
  EXPECT_EQ(C->getHost()->getName(), "h");
}

TEST(ReaderTest, SourceInfoAndVerbatimHeader) {
  StringRef Text = "; c\n"
                   "#mm module a kind=llvm  triple=x role=host\n"
                   "line1\n"
                   "#mm module b kind=llvm triple=x role=device";
  Expected<Bundle> B = read(Text);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const char *Start = B->getSourceBuffer()->getBufferStart();
  const Submodule &A = B->submodules()[0];
  EXPECT_EQ(A.getVerbatimHeader(),
            "#mm module a kind=llvm  triple=x role=host\n");
  EXPECT_EQ(A.getSourceInfo().HeaderLoc.getPointer(), Start + 4);
  EXPECT_EQ(A.getSourceInfo().BodyLoc.getPointer(), Start + Text.find("line1"));
  EXPECT_EQ(A.getBody().data(), A.getSourceInfo().BodyLoc.getPointer());
  EXPECT_TRUE(A.hasSourceBody());
  const Submodule &Bm = B->submodules()[1];
  // The last header has no line terminator and an empty body at the end.
  EXPECT_EQ(Bm.getVerbatimHeader(),
            "#mm module b kind=llvm triple=x role=device");
  EXPECT_EQ(Bm.getBody(), "");
  EXPECT_EQ(Bm.getSourceInfo().BodyLoc.getPointer(), Start + Text.size());
}

TEST(ReaderTest, LastBodyWithoutFinalNewline) {
  Expected<Bundle> B = read("#mm module a kind=llvm triple=x role=host\n"
                            "x\n"
                            "#mm module b kind=llvm triple=x role=device\n"
                            "y\nz");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->submodules()[0].getBody(), "x\n");
  EXPECT_EQ(B->submodules()[1].getBody(), "y\nz");
}

TEST(ReaderTest, ErrorLineCountsThroughEarlierBodies) {
  std::string Text = "; c\n\n#mm module a kind=llvm triple=x role=host\n";
  for (int I = 0; I != 50; ++I)
    Text += "body line\n";
  StringRef Bad = "#mm module b kind=llvm triple=x role=device opt=O9";
  Text += (Bad + "\n").str();
  EXPECT_TRUE(failsWith(Text, 54, col(Bad, "O9"),
                        "submodule 'b': invalid optimization level 'O9': "
                        "expected O0, O1, O2, O3, Os or Oz"));
}

TEST(ReaderTest, DiagnosticShowsTheSourceLine) {
  StringRef Line = "#mm module a kind=llvm triple=\"\" role=host flavor=1";
  Expected<Bundle> B = read(("; c\n" + Line + "\nbody\n").str());
  ASSERT_FALSE(static_cast<bool>(B));
  std::string Printed;
  handleAllErrors(B.takeError(), [&](const DiagnosticError &D) {
    EXPECT_EQ(D.getDiagnostic().getLineContents(), Line);
    raw_string_ostream OS(Printed);
    D.log(OS);
  });
  EXPECT_EQ(Printed, ("test.mml:2:44: error: submodule 'a': unknown field "
                      "'flavor'\n" +
                      Line + "\n" + std::string(43, ' ') + "^\n")
                         .str());
}

//===----------------------------------------------------------------------===//
// Entry points and helpers
//===----------------------------------------------------------------------===//

TEST(ReaderTest, ReadBundleFile) {
  SmallString<128> Path;
  int FD;
  ASSERT_FALSE(sys::fs::createTemporaryFile("mm-reader-test", "mml", FD, Path));
  FileRemover Remover(Path);
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "#mm module a kind=llvm triple=x role=host\nbody\n";
  }
  Expected<Bundle> B = readBundleFile(Path);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->getSourceName(), Path.str());
  ASSERT_EQ(B->size(), 1u);
  EXPECT_EQ(B->submodules()[0].getBody(), "body\n");

  SmallString<128> Missing(Path);
  Missing += ".does-not-exist";
  Expected<Bundle> M = readBundleFile(Missing);
  ASSERT_FALSE(static_cast<bool>(M));
  std::string Message = toString(M.takeError());
  std::string Prefix = "cannot read '" + Missing.str().str() + "': ";
  EXPECT_TRUE(StringRef(Message).starts_with(Prefix)) << Message;
}

TEST(ReaderTest, InputFormFromFileName) {
  EXPECT_EQ(getInputForm("a.ll"), InputForm::PlainModule);
  EXPECT_EQ(getInputForm("dir/a.mlir"), InputForm::PlainModule);
  EXPECT_EQ(getInputForm("a.mml"), InputForm::Detect);
  EXPECT_EQ(getInputForm("a"), InputForm::Detect);
  EXPECT_EQ(getInputForm("-"), InputForm::Detect);
  EXPECT_EQ(getInputForm("a.ll.mml"), InputForm::Detect);
}

TEST(ReaderTest, ForcedPlainModuleKeepsDirectiveLines) {
  StringRef Text = "#mm module a kind=mlir triple=x role=host\n"
                   "target triple = \"amdgcn-amd-amdhsa\"\n";
  Expected<Bundle> B = readBundle(MemoryBuffer::getMemBufferCopy(Text, "k.ll"),
                                  InputForm::PlainModule);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_TRUE(B->isPlainModule());
  ASSERT_EQ(B->size(), 1u);
  const Submodule &M = B->submodules()[0];
  EXPECT_EQ(M.getName(), "k");
  EXPECT_EQ(M.getKind(), ModuleKind::LLVM);
  EXPECT_EQ(M.getTriple(), "amdgcn-amd-amdhsa");
  EXPECT_EQ(M.getRole(), ModuleRole::Device);
  EXPECT_EQ(M.getBody(), Text);
  // Written back bare, byte for byte.
  std::string Written;
  raw_string_ostream OS(Written);
  writeBundle(*B, OS);
  EXPECT_EQ(Written, Text);
}

TEST(ReaderTest, ParseModuleHeader) {
  SubmoduleHeader H;
  std::optional<unsigned> Lines;
  size_t ErrorColumn = 12345;
  EXPECT_TRUE(succeeded(parseModuleHeader(
      "#mm module m kind=mlir triple=t role=device lines=7 x-k=v", H, Lines,
      ErrorColumn)));
  EXPECT_EQ(H.Name, "m");
  EXPECT_EQ(H.Kind, ModuleKind::MLIR);
  EXPECT_EQ(H.Triple, "t");
  EXPECT_EQ(H.Role, ModuleRole::Device);
  EXPECT_EQ(Lines, std::optional<unsigned>(7));
  ASSERT_EQ(H.Extensions.size(), 1u);

  // A second parse starts from a fresh header and no line count.
  EXPECT_TRUE(succeeded(parseModuleHeader(
      "#mm module n kind=llvm triple=u role=host", H, Lines, ErrorColumn)));
  EXPECT_EQ(H.Name, "n");
  EXPECT_EQ(H.Kind, ModuleKind::LLVM);
  EXPECT_TRUE(H.Extensions.empty());
  EXPECT_FALSE(Lines.has_value());

  StringRef Unknown = "#mm module n kind=llvm triple=u role=host x=1";
  EXPECT_EQ(toString(parseModuleHeader(Unknown, H, Lines, ErrorColumn)),
            "unknown field 'x'");
  EXPECT_EQ(ErrorColumn, Unknown.find("x=1"));

  // Errors are plain messages: the reader adds the submodule's name.
  StringRef BadKind = "#mm module n kind=c triple=u role=host";
  EXPECT_EQ(toString(parseModuleHeader(BadKind, H, Lines, ErrorColumn)),
            "invalid kind 'c': expected 'llvm' or 'mlir'");
  EXPECT_EQ(ErrorColumn, BadKind.find("c "));

  EXPECT_EQ(toString(parseModuleHeader("#mm modules n", H, Lines, ErrorColumn)),
            "expected 'module'");
  EXPECT_EQ(ErrorColumn, 4u);

  EXPECT_EQ(toString(parseModuleHeader("#mmm module n", H, Lines, ErrorColumn)),
            "expected '#mm'");
  EXPECT_EQ(ErrorColumn, 0u);
}

TEST(ReaderTest, IsKnownModuleField) {
  for (StringRef Key : {"kind", "triple", "role", "opt", "passes", "cpu",
                        "features", "mllvm", "x-a", "x-long-name"})
    EXPECT_TRUE(isKnownModuleField(Key)) << Key.str();
  for (StringRef Key : {"lines", "x-", "x", "name", "Kind", "", "y-a"})
    EXPECT_FALSE(isKnownModuleField(Key)) << Key.str();
}

TEST(ReaderTest, SetModuleField) {
  SubmoduleHeader H;
  EXPECT_TRUE(succeeded(setModuleField(H, "kind", "mlir")));
  EXPECT_EQ(H.Kind, ModuleKind::MLIR);
  EXPECT_TRUE(succeeded(setModuleField(H, "role", "device")));
  EXPECT_EQ(H.Role, ModuleRole::Device);
  EXPECT_TRUE(succeeded(setModuleField(H, "triple", "t")));
  EXPECT_EQ(H.Triple, "t");
  EXPECT_TRUE(succeeded(setModuleField(H, "opt", "Oz")));
  EXPECT_EQ(H.Options.OptLevel, "Oz");
  EXPECT_TRUE(succeeded(setModuleField(H, "passes", "p")));
  EXPECT_EQ(H.Options.Passes, "p");
  EXPECT_TRUE(succeeded(setModuleField(H, "cpu", "c")));
  EXPECT_EQ(H.Options.CPU, "c");
  EXPECT_TRUE(succeeded(setModuleField(H, "features", "+f")));
  EXPECT_EQ(H.Options.Features, "+f");
  EXPECT_TRUE(succeeded(setModuleField(H, "mllvm", "-a")));
  EXPECT_TRUE(succeeded(setModuleField(H, "mllvm", "-b")));
  EXPECT_EQ(H.Options.LLVMArgs, (std::vector<std::string>{"-a", "-b"}));
  // Setting an extension again replaces its value in place.
  EXPECT_TRUE(succeeded(setModuleField(H, "x-a", "1")));
  EXPECT_TRUE(succeeded(setModuleField(H, "x-b", "2")));
  EXPECT_TRUE(succeeded(setModuleField(H, "x-a", "3")));
  ASSERT_EQ(H.Extensions.size(), 2u);
  EXPECT_EQ(H.Extensions[0].first, "x-a");
  EXPECT_EQ(H.Extensions[0].second, "3");
  EXPECT_EQ(H.Extensions[1].first, "x-b");

  EXPECT_EQ(toString(setModuleField(H, "kind", "c")),
            "invalid kind 'c': expected 'llvm' or 'mlir'");
  EXPECT_EQ(toString(setModuleField(H, "role", "r")),
            "invalid role 'r': expected 'host' or 'device'");
  EXPECT_EQ(toString(setModuleField(H, "opt", "O")),
            "invalid optimization level 'O': expected O0, O1, O2, O3, Os or "
            "Oz");
  EXPECT_EQ(toString(setModuleField(H, "mllvm", "x")),
            "invalid LLVM option 'x': expected '-name' or '-name=value'");
  EXPECT_EQ(toString(setModuleField(H, "lines", "1")), "unknown field 'lines'");
  EXPECT_EQ(toString(setModuleField(H, "x-", "1")), "unknown field 'x-'");
  // Failed settings leave the header as it was.
  EXPECT_EQ(H.Kind, ModuleKind::MLIR);
  EXPECT_EQ(H.Role, ModuleRole::Device);
  EXPECT_EQ(H.Options.OptLevel, "Oz");
  EXPECT_EQ(H.Options.LLVMArgs.size(), 2u);
}
