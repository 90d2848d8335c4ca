//===- BundleTest.cpp - Tests of the in-memory bundle model ---------------===//

#include "mm/Bundle/Bundle.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

#include "BundleTestUtils.h"

#include "gtest/gtest.h"

#include <optional>

using namespace llvm;
using namespace mm;
using namespace mm::test;

/// Expects \p E to be a single DiagnosticError and returns its diagnostic.
static SMDiagnostic takeDiagnostic(Error E) {
  std::optional<SMDiagnostic> Diag;
  handleAllErrors(
      std::move(E), [&](const DiagnosticError &D) { Diag = D.getDiagnostic(); },
      [&](const ErrorInfoBase &EI) {
        ADD_FAILURE() << "not a DiagnosticError: " << EI.message();
      });
  if (!Diag) {
    ADD_FAILURE() << "no DiagnosticError";
    return SMDiagnostic();
  }
  return *Diag;
}

static SubmoduleHeader makeHeader(StringRef Name,
                                  ModuleRole Role = ModuleRole::Device,
                                  ModuleKind Kind = ModuleKind::LLVM) {
  SubmoduleHeader H;
  H.Name = Name.str();
  H.Kind = Kind;
  H.Triple = "x86_64";
  H.Role = Role;
  return H;
}

/// Three submodules: the host `a` (file lines 3-5), the device `b` (file
/// lines 7-8, counted), and the device MLIR `c` (file line 10).
static const char *const ThreeModules =
    "; c\n"
    "#mm module a kind=llvm  triple=x role=host\n"
    "define void @f() {\n"
    "  ret void\n"
    "}\n"
    "#mm module b kind=llvm triple=y role=device lines=2\n"
    "#mm not a directive\n"
    "second\n"
    "#mm module c kind=mlir triple=\"\" role=device\n"
    "module {}\n";

//===----------------------------------------------------------------------===//
// Names and enumerations
//===----------------------------------------------------------------------===//

TEST(BundleTest, KindAndRoleNames) {
  EXPECT_EQ(getKindName(ModuleKind::LLVM), "llvm");
  EXPECT_EQ(getKindName(ModuleKind::MLIR), "mlir");
  EXPECT_EQ(parseKindName("llvm"), ModuleKind::LLVM);
  EXPECT_EQ(parseKindName("mlir"), ModuleKind::MLIR);
  EXPECT_EQ(parseKindName("LLVM"), std::nullopt);
  EXPECT_EQ(parseKindName(""), std::nullopt);
  EXPECT_EQ(getRoleName(ModuleRole::Host), "host");
  EXPECT_EQ(getRoleName(ModuleRole::Device), "device");
  EXPECT_EQ(parseRoleName("host"), ModuleRole::Host);
  EXPECT_EQ(parseRoleName("device"), ModuleRole::Device);
  EXPECT_EQ(parseRoleName("gpu"), std::nullopt);
  EXPECT_EQ(parseRoleName(""), std::nullopt);
}

TEST(BundleTest, OptLevels) {
  for (StringRef Level : {"O0", "O1", "O2", "O3", "Os", "Oz"})
    EXPECT_TRUE(isValidOptLevel(Level)) << Level.str();
  for (StringRef Level : {"", "O", "O4", "o2", "2", "-O2", "Ofast", "O2 "})
    EXPECT_FALSE(isValidOptLevel(Level)) << Level.str();
}

TEST(BundleTest, ModuleNames) {
  for (StringRef Name :
       {"a", "A9", "_x", "$y", "9", "a.b", "a-b", "a$b_c.d-e", "kernel.ll"})
    EXPECT_TRUE(isValidModuleName(Name)) << Name.str();
  for (StringRef Name : {"", ".a", "-a", ".", "..", "a/b", "a\\b", "a b", "a=b",
                         "a\"b", "\xc3\xa9", "a:b"})
    EXPECT_FALSE(isValidModuleName(Name)) << Name.str();
  for (char C : StringRef("azAZ09_$.-"))
    EXPECT_TRUE(isModuleNameChar(C)) << C;
  for (char C : StringRef("/\\ \t=\"#:;,@"))
    EXPECT_FALSE(isModuleNameChar(C)) << C;
}

TEST(BundleTest, GPUTriples) {
  for (StringRef T :
       {"nvptx64-nvidia-cuda", "nvptx-nvidia-cuda", "amdgcn-amd-amdhsa",
        "r600--", "spirv64-unknown-unknown", "spirv32"})
    EXPECT_TRUE(isGPUTriple(T)) << T.str();
  for (StringRef T : {"", "x86_64-unknown-linux-gnu", "aarch64-apple-darwin",
                      "riscv64", "wasm32"})
    EXPECT_FALSE(isGPUTriple(T)) << T.str();
}

TEST(BundleTest, HeaderEquality) {
  SubmoduleHeader A = makeHeader("a");
  SubmoduleHeader B = A;
  EXPECT_TRUE(A == B);
  B.Options.LLVMArgs.push_back("-x");
  EXPECT_FALSE(A == B);
  B = A;
  B.Extensions.emplace_back("x-a", "1");
  EXPECT_FALSE(A == B);
  B = A;
  B.Triple = "";
  EXPECT_FALSE(A == B);
  B = A;
  B.Kind = ModuleKind::MLIR;
  EXPECT_FALSE(A == B);
  B = A;
  B.Role = ModuleRole::Host;
  EXPECT_FALSE(A == B);
  B = A;
  B.Name = "b";
  EXPECT_FALSE(A == B);
  B = A;
  B.Options.CPU = "c";
  EXPECT_FALSE(A == B);
  EXPECT_FALSE(A.Options == B.Options);
}

//===----------------------------------------------------------------------===//
// Bundle editing
//===----------------------------------------------------------------------===//

TEST(BundleTest, NewBundleIsEmpty) {
  Bundle B;
  EXPECT_TRUE(B.empty());
  EXPECT_EQ(B.size(), 0u);
  EXPECT_EQ(B.getSourceBuffer(), nullptr);
  EXPECT_EQ(B.getSourceName(), "<bundle>");
  EXPECT_EQ(B.getPreamble(), "");
  EXPECT_FALSE(B.isPlainModule());
  EXPECT_EQ(B.getHost(), nullptr);
  EXPECT_EQ(B.lookup("a"), nullptr);
}

TEST(BundleTest, AddAppendsInOrder) {
  Bundle B;
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("d1"), "one\n"))));
  ASSERT_TRUE(
      succeeded(B.add(Submodule(makeHeader("h", ModuleRole::Host), "two\n"))));
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("d2")))));
  ASSERT_EQ(B.size(), 3u);
  EXPECT_FALSE(B.empty());
  std::vector<std::string> Names;
  for (const Submodule &M : B)
    Names.push_back(M.getName().str());
  EXPECT_EQ(Names, (std::vector<std::string>{"d1", "h", "d2"}));
  EXPECT_EQ(B.submodules()[1].getBody(), "two\n");
  EXPECT_EQ(B.submodules()[2].getBody(), "");
  ASSERT_NE(B.getHost(), nullptr);
  EXPECT_EQ(B.getHost()->getName(), "h");
}

TEST(BundleTest, AddRejectsInvalidName) {
  Bundle B;
  EXPECT_EQ(toString(B.add(Submodule(makeHeader(".x")))),
            "invalid submodule name '.x'");
  EXPECT_EQ(toString(B.add(Submodule(makeHeader("")))),
            "invalid submodule name ''");
  EXPECT_EQ(toString(B.add(Submodule(makeHeader("a/b")))),
            "invalid submodule name 'a/b'");
  EXPECT_TRUE(B.empty());
}

TEST(BundleTest, AddRejectsDuplicateName) {
  Bundle B;
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("a"), "first\n"))));
  EXPECT_EQ(toString(B.add(Submodule(makeHeader("a"), "second\n"))),
            "duplicate submodule name 'a'");
  ASSERT_EQ(B.size(), 1u);
  EXPECT_EQ(B.submodules()[0].getBody(), "first\n");
}

TEST(BundleTest, AddRejectsSecondHost) {
  Bundle B;
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("h", ModuleRole::Host)))));
  EXPECT_EQ(toString(B.add(Submodule(makeHeader("g", ModuleRole::Host)))),
            "submodule 'g' is a second host; 'h' is already the host");
  EXPECT_EQ(B.size(), 1u);
  // Devices are still welcome.
  EXPECT_TRUE(succeeded(B.add(Submodule(makeHeader("d")))));
}

TEST(BundleTest, AddToReadBundle) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(toString(B->add(Submodule(makeHeader("b")))),
            "duplicate submodule name 'b'");
  EXPECT_EQ(toString(B->add(Submodule(makeHeader("z", ModuleRole::Host)))),
            "submodule 'z' is a second host; 'a' is already the host");
  ASSERT_TRUE(succeeded(B->add(Submodule(makeHeader("z"), "z\n"))));
  EXPECT_EQ(B->size(), 4u);
  EXPECT_EQ(B->lookup("z"), &B->submodules()[3]);
  // The bodies read before still point into the file.
  EXPECT_EQ(B->lookup("a")->getBody(), "define void @f() {\n  ret void\n}\n");
  EXPECT_TRUE(B->lookup("a")->hasSourceBody());
  EXPECT_FALSE(B->lookup("z")->hasSourceBody());
}

TEST(BundleTest, Remove) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(toString(B->remove("zz")), "no submodule named 'zz'");
  EXPECT_EQ(B->size(), 3u);
  ASSERT_TRUE(succeeded(B->remove("b")));
  ASSERT_EQ(B->size(), 2u);
  EXPECT_EQ(B->lookup("b"), nullptr);
  EXPECT_EQ(B->submodules()[0].getName(), "a");
  EXPECT_EQ(B->submodules()[1].getName(), "c");
  EXPECT_EQ(toString(B->remove("b")), "no submodule named 'b'");

  // Removing the host makes room for another.
  ASSERT_TRUE(succeeded(B->remove("a")));
  EXPECT_EQ(B->getHost(), nullptr);
  EXPECT_TRUE(succeeded(B->add(Submodule(makeHeader("h", ModuleRole::Host)))));
  ASSERT_NE(B->getHost(), nullptr);
  EXPECT_EQ(B->getHost()->getName(), "h");
}

TEST(BundleTest, Rename) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_TRUE(succeeded(B->rename("a", "host.main")));
  EXPECT_EQ(B->lookup("a"), nullptr);
  ASSERT_NE(B->lookup("host.main"), nullptr);
  EXPECT_EQ(B->lookup("host.main"), &B->submodules()[0]);
  EXPECT_EQ(B->getHost()->getName(), "host.main");
  // The renamed header is written canonically, with everything else kept.
  const Submodule &M = B->submodules()[0];
  EXPECT_TRUE(M.getVerbatimHeader().empty());
  EXPECT_EQ(M.getTriple(), "x");
  EXPECT_EQ(M.getBody(), "define void @f() {\n  ret void\n}\n");
  EXPECT_TRUE(M.hasSourceBody());
  EXPECT_EQ(write(*B), "; c\n"
                       "#mm module host.main kind=llvm triple=x role=host\n"
                       "define void @f() {\n"
                       "  ret void\n"
                       "}\n"
                       "#mm module b kind=llvm triple=y role=device lines=2\n"
                       "#mm not a directive\n"
                       "second\n"
                       "#mm module c kind=mlir triple=\"\" role=device\n"
                       "module {}\n");
}

TEST(BundleTest, RenameErrors) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(toString(B->rename("zz", "y")), "no submodule named 'zz'");
  EXPECT_EQ(toString(B->rename("a", "../a")), "invalid submodule name '../a'");
  EXPECT_EQ(toString(B->rename("a", "")), "invalid submodule name ''");
  EXPECT_EQ(toString(B->rename("a", "b")), "duplicate submodule name 'b'");
  // An unknown old name is reported before an invalid new name.
  EXPECT_EQ(toString(B->rename("zz", ".x")), "no submodule named 'zz'");
  // Nothing changed, and the headers are still verbatim.
  EXPECT_EQ(write(*B), ThreeModules);
}

TEST(BundleTest, RenameToSameNameIsANoOp) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_TRUE(succeeded(B->rename("a", "a")));
  EXPECT_FALSE(B->submodules()[0].getVerbatimHeader().empty());
  EXPECT_EQ(write(*B), ThreeModules);
}

TEST(BundleTest, Lookup) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->lookup("a"), &B->submodules()[0]);
  EXPECT_EQ(B->lookup("c"), &B->submodules()[2]);
  EXPECT_EQ(B->lookup("A"), nullptr);
  EXPECT_EQ(B->lookup(""), nullptr);
  const Bundle &CB = *B;
  EXPECT_EQ(CB.lookup("b"), &CB.submodules()[1]);
  EXPECT_EQ(CB.lookup("nope"), nullptr);
  // Lookup gives a mutable submodule.
  B->lookup("c")->setBody("module {\n}\n");
  EXPECT_EQ(B->submodules()[2].getBody(), "module {\n}\n");
}

TEST(BundleTest, GetHost) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_NE(B->getHost(), nullptr);
  EXPECT_EQ(B->getHost(), &B->submodules()[0]);
  Expected<Bundle> Devices =
      read("#mm module d kind=llvm triple=nvptx64 role=device\n");
  ASSERT_TRUE(static_cast<bool>(Devices)) << toString(Devices.takeError());
  EXPECT_EQ(Devices->getHost(), nullptr);
}

TEST(BundleTest, MovedBundleKeepsItsBodies) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  Bundle Moved = std::move(*B);
  EXPECT_EQ(Moved.size(), 3u);
  EXPECT_EQ(Moved.getSourceName(), "test.mml");
  EXPECT_EQ(Moved.lookup("b")->getBody(), "#mm not a directive\nsecond\n");
  EXPECT_EQ(write(Moved), ThreeModules);
}

TEST(BundleTest, Preamble) {
  Bundle B;
  B.setPreamble("; hello\n");
  EXPECT_EQ(B.getPreamble(), "; hello\n");
  B.setPlainModule(true);
  EXPECT_TRUE(B.isPlainModule());
  B.setPlainModule(false);
  EXPECT_FALSE(B.isPlainModule());
}

//===----------------------------------------------------------------------===//
// Submodules
//===----------------------------------------------------------------------===//

TEST(BundleTest, NewSubmodule) {
  SubmoduleHeader H = makeHeader("m", ModuleRole::Host, ModuleKind::MLIR);
  H.Options.OptLevel = "O2";
  Submodule M(H, "module {}\n");
  EXPECT_EQ(M.getName(), "m");
  EXPECT_EQ(M.getKind(), ModuleKind::MLIR);
  EXPECT_EQ(M.getRole(), ModuleRole::Host);
  EXPECT_EQ(M.getTriple(), "x86_64");
  EXPECT_EQ(M.getOptions().OptLevel, "O2");
  EXPECT_TRUE(M.header() == H);
  EXPECT_EQ(M.getBody(), "module {}\n");
  EXPECT_TRUE(M.getVerbatimHeader().empty());
  EXPECT_FALSE(M.hasSourceBody());
  EXPECT_FALSE(M.getSourceInfo().HeaderLoc.isValid());
  EXPECT_FALSE(M.getSourceInfo().BodyLoc.isValid());
  EXPECT_FALSE(M.getBodyLoc(1, 1).isValid());

  Submodule Empty;
  EXPECT_EQ(Empty.getName(), "");
  EXPECT_EQ(Empty.getBody(), "");
  EXPECT_FALSE(Empty.hasSourceBody());
}

TEST(BundleTest, EditHeaderDropsVerbatimHeader) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  Submodule &A = B->submodules()[0];
  EXPECT_EQ(A.getVerbatimHeader(),
            "#mm module a kind=llvm  triple=x role=host\n");
  A.editHeader().Options.OptLevel = "O3";
  EXPECT_TRUE(A.getVerbatimHeader().empty());
  EXPECT_EQ(A.getOptions().OptLevel, "O3");
  // The body still comes from the file.
  EXPECT_TRUE(A.hasSourceBody());
  EXPECT_EQ(A.getSourceInfo().HeaderLoc.getPointer(),
            B->getSourceBuffer()->getBufferStart() + 4);
}

TEST(BundleTest, SetBodyKeepsAFittingVerbatimHeader) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  Submodule &A = B->submodules()[0];
  A.setBody("define void @g() {\n  ret void\n}\n");
  EXPECT_EQ(A.getVerbatimHeader(),
            "#mm module a kind=llvm  triple=x role=host\n");
  EXPECT_EQ(A.getBody(), "define void @g() {\n  ret void\n}\n");
  EXPECT_FALSE(A.hasSourceBody());
  EXPECT_FALSE(A.getSourceInfo().BodyLoc.isValid());
  EXPECT_FALSE(A.getBodyLoc(1, 1).isValid());
  // The header location is still known.
  EXPECT_TRUE(A.getSourceInfo().HeaderLoc.isValid());

  // A counted header fits a body with as many lines, directives or not.
  Submodule &Bm = B->submodules()[1];
  Bm.setBody("#mm other\nthird");
  EXPECT_EQ(Bm.getVerbatimHeader(),
            "#mm module b kind=llvm triple=y role=device lines=2\n");

  EXPECT_EQ(write(*B), "; c\n"
                       "#mm module a kind=llvm  triple=x role=host\n"
                       "define void @g() {\n"
                       "  ret void\n"
                       "}\n"
                       "#mm module b kind=llvm triple=y role=device lines=2\n"
                       "#mm other\n"
                       "third\n"
                       "#mm module c kind=mlir triple=\"\" role=device\n"
                       "module {}\n");
}

TEST(BundleTest, SetBodyDropsHeaderWhenLineCountNoLongerMatches) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  Submodule &Bm = B->submodules()[1];
  Bm.setBody("one\ntwo\nthree\n");
  EXPECT_TRUE(Bm.getVerbatimHeader().empty());
  // The canonical header no longer needs a count.
  EXPECT_EQ(formatModuleHeader(Bm),
            "#mm module b kind=llvm triple=y role=device");

  // Once dropped, the header stays canonical even for a body that would
  // have fitted the old count.
  Bm.setBody("#mm one\ntwo\n");
  EXPECT_TRUE(Bm.getVerbatimHeader().empty());
  EXPECT_EQ(formatModuleHeader(Bm),
            "#mm module b kind=llvm triple=y role=device lines=2");

  std::string Text = write(*B);
  Expected<Bundle> Again = read(Text);
  ASSERT_TRUE(static_cast<bool>(Again)) << toString(Again.takeError());
  EXPECT_EQ(Again->lookup("b")->getBody(), "#mm one\ntwo\n");
}

TEST(BundleTest, SetBodyDropsHeaderWhenBodyNeedsALineCount) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  Submodule &A = B->submodules()[0];
  A.setBody("; a body with\n#mm module fake kind=llvm triple=x role=host\n");
  EXPECT_TRUE(A.getVerbatimHeader().empty());
  EXPECT_EQ(formatModuleHeader(A),
            "#mm module a kind=llvm triple=x role=host lines=2");
  std::string Text = write(*B);
  Expected<Bundle> Again = read(Text);
  ASSERT_TRUE(static_cast<bool>(Again)) << toString(Again.takeError());
  ASSERT_EQ(Again->size(), 3u);
  EXPECT_EQ(Again->lookup("a")->getBody(),
            "; a body with\n#mm module fake kind=llvm triple=x role=host\n");
  EXPECT_EQ(Again->lookup("fake"), nullptr);
}

TEST(BundleTest, SetBodyKeepsLastHeaderWithoutNewline) {
  Expected<Bundle> B =
      read("#mm module a kind=llvm triple=x role=host lines=0");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  Submodule &A = B->submodules()[0];
  A.setBody("");
  EXPECT_EQ(A.getVerbatimHeader(),
            "#mm module a kind=llvm triple=x role=host lines=0");
  A.setBody("x\n");
  EXPECT_TRUE(A.getVerbatimHeader().empty());
  EXPECT_EQ(write(*B), "#mm module a kind=llvm triple=x role=host\nx\n");
}

TEST(BundleTest, GetBodyLoc) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  StringRef File = B->getSourceBuffer()->getBuffer();
  const Submodule &A = B->submodules()[0];
  size_t BodyStart = File.find("define");
  EXPECT_EQ(A.getBodyLoc(1, 1).getPointer(), File.data() + BodyStart);
  EXPECT_EQ(A.getBodyLoc(1, 8).getPointer(), File.data() + BodyStart + 7);
  EXPECT_EQ(A.getBodyLoc(2, 3).getPointer(), File.data() + File.find("ret"));
  EXPECT_EQ(A.getBodyLoc(3, 1).getPointer(),
            File.data() + File.find("}\n#mm module b"));
  // Column 0 stands for the start of the line.
  EXPECT_EQ(A.getBodyLoc(2, 0).getPointer(), File.data() + File.find("  ret"));
  // Line 4 is the end of the body; line 5 is past it.
  EXPECT_EQ(A.getBodyLoc(4, 1).getPointer(), A.getBody().end());
  EXPECT_FALSE(A.getBodyLoc(5, 1).isValid());
  EXPECT_FALSE(A.getBodyLoc(0, 1).isValid());
  // Columns past the body's end are clamped to it.
  EXPECT_EQ(A.getBodyLoc(4, 50).getPointer(), A.getBody().end());

  const Submodule &C = B->submodules()[2];
  EXPECT_EQ(C.getBodyLoc(1, 8).getPointer(), File.data() + File.find("{}"));
}

TEST(BundleTest, GetBodyLocInPlainModule) {
  Expected<Bundle> B = read("define void @f() {\n  ret void\n}", "f.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  const Submodule &M = B->submodules()[0];
  const char *Start = B->getSourceBuffer()->getBufferStart();
  EXPECT_EQ(M.getBodyLoc(1, 1).getPointer(), Start);
  EXPECT_EQ(M.getBodyLoc(3, 1).getPointer(), Start + 30);
  EXPECT_FALSE(M.getBodyLoc(4, 1).isValid());
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

TEST(BundleTest, ModuleErrorPointsAtTheHeader) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  SMDiagnostic D =
      takeDiagnostic(B->moduleError(*B->lookup("b"), "bad things"));
  EXPECT_EQ(D.getFilename(), "test.mml");
  EXPECT_EQ(D.getLineNo(), 6);
  EXPECT_EQ(D.getColumnNo(), 0);
  EXPECT_EQ(D.getKind(), SourceMgr::DK_Error);
  EXPECT_EQ(D.getMessage(), "submodule 'b': bad things");
  EXPECT_EQ(D.getLineContents(),
            "#mm module b kind=llvm triple=y role=device lines=2");

  SMDiagnostic W = takeDiagnostic(B->moduleError(
      *B->lookup("c"), "just so " + Twine(42), SourceMgr::DK_Warning));
  EXPECT_EQ(W.getLineNo(), 9);
  EXPECT_EQ(W.getKind(), SourceMgr::DK_Warning);
  EXPECT_EQ(W.getMessage(), "submodule 'c': just so 42");

  // Still at the header after the body changed.
  B->lookup("a")->setBody("x\n");
  SMDiagnostic A = takeDiagnostic(B->moduleError(*B->lookup("a"), "m"));
  EXPECT_EQ(A.getLineNo(), 2);
  EXPECT_EQ(A.getMessage(), "submodule 'a': m");
}

TEST(BundleTest, ModuleErrorInPlainModulePointsAtTheBody) {
  Expected<Bundle> B = read("\ndefine void @f()\n", "p.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  SMDiagnostic D = takeDiagnostic(B->moduleError(B->submodules()[0], "oops"));
  EXPECT_EQ(D.getFilename(), "p.ll");
  EXPECT_EQ(D.getLineNo(), 1);
  EXPECT_EQ(D.getColumnNo(), 0);
  EXPECT_EQ(D.getMessage(), "submodule 'p': oops");
}

TEST(BundleTest, ModuleErrorWithoutSource) {
  Bundle B;
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("n"), "x\n"))));
  SMDiagnostic D = takeDiagnostic(B.moduleError(B.submodules()[0], "oops"));
  EXPECT_EQ(D.getFilename(), "<bundle>");
  EXPECT_EQ(D.getLineNo(), -1);
  EXPECT_EQ(D.getColumnNo(), -1);
  EXPECT_EQ(D.getMessage(), "submodule 'n': oops");
}

TEST(BundleTest, BodyErrorUsesBundleCoordinates) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  SMDiagnostic D = takeDiagnostic(
      B->bodyError(*B->lookup("a"), 2, 3, "expected instruction"));
  EXPECT_EQ(D.getFilename(), "test.mml");
  EXPECT_EQ(D.getLineNo(), 4);
  EXPECT_EQ(D.getColumnNo(), 2);
  EXPECT_EQ(D.getKind(), SourceMgr::DK_Error);
  EXPECT_EQ(D.getMessage(), "submodule 'a': expected instruction");
  EXPECT_EQ(D.getLineContents(), "  ret void");

  SMDiagnostic C = takeDiagnostic(
      B->bodyError(*B->lookup("c"), 1, 8, "unexpected", SourceMgr::DK_Warning));
  EXPECT_EQ(C.getLineNo(), 10);
  EXPECT_EQ(C.getColumnNo(), 7);
  EXPECT_EQ(C.getKind(), SourceMgr::DK_Warning);
  EXPECT_EQ(C.getMessage(), "submodule 'c': unexpected");
  EXPECT_EQ(C.getLineContents(), "module {}");

  // A counted body maps the same way.
  SMDiagnostic Bd =
      takeDiagnostic(B->bodyError(*B->lookup("b"), 2, 1, "second line"));
  EXPECT_EQ(Bd.getLineNo(), 8);
  EXPECT_EQ(Bd.getColumnNo(), 0);
  EXPECT_EQ(Bd.getLineContents(), "second");

  std::string Printed;
  raw_string_ostream OS(Printed);
  D.print(nullptr, OS, /*ShowColors=*/false);
  EXPECT_EQ(Printed, "test.mml:4:3: error: submodule 'a': expected "
                     "instruction\n"
                     "  ret void\n"
                     "  ^\n");
}

TEST(BundleTest, BodyErrorInCRLFBundle) {
  Expected<Bundle> B = read("; c\r\n"
                            "#mm module a kind=llvm triple=x role=host\r\n"
                            "define void @f() {\r\n"
                            "  ret void\r\n"
                            "}\r\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  SMDiagnostic D = takeDiagnostic(B->bodyError(*B->lookup("a"), 2, 3, "x"));
  EXPECT_EQ(D.getLineNo(), 4);
  EXPECT_EQ(D.getColumnNo(), 2);
  EXPECT_EQ(D.getLineContents(), "  ret void");
  SMDiagnostic H = takeDiagnostic(B->moduleError(*B->lookup("a"), "y"));
  EXPECT_EQ(H.getLineNo(), 2);
  EXPECT_EQ(H.getLineContents(), "#mm module a kind=llvm triple=x role=host");
}

TEST(BundleTest, BodyErrorInPlainModule) {
  Expected<Bundle> B = read("\n\nfunc.func @f()\n", "k.mlir");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  SMDiagnostic D =
      takeDiagnostic(B->bodyError(B->submodules()[0], 3, 11, "here"));
  EXPECT_EQ(D.getFilename(), "k.mlir");
  EXPECT_EQ(D.getLineNo(), 3);
  EXPECT_EQ(D.getColumnNo(), 10);
  EXPECT_EQ(D.getMessage(), "submodule 'k': here");
}

TEST(BundleTest, BodyErrorInAReplacedBody) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  B->lookup("c")->setBody("module {\n  %x = bad\n}\n");
  SMDiagnostic D =
      takeDiagnostic(B->bodyError(*B->lookup("c"), 2, 3, "bad op"));
  // Reported in the coordinates of the body, named after the submodule.
  EXPECT_EQ(D.getFilename(), "test.mml:c");
  EXPECT_EQ(D.getLineNo(), 2);
  EXPECT_EQ(D.getColumnNo(), 2);
  EXPECT_EQ(D.getMessage(), "submodule 'c': bad op");
  EXPECT_EQ(D.getLineContents(), "  %x = bad");

  std::string Printed;
  raw_string_ostream OS(Printed);
  D.print(nullptr, OS, /*ShowColors=*/false);
  EXPECT_EQ(Printed, "test.mml:c:2:3: error: submodule 'c': bad op\n"
                     "  %x = bad\n"
                     "  ^\n");
}

TEST(BundleTest, BodyErrorInANewBundle) {
  Bundle B;
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("n"), "a\nbc\n"))));
  SMDiagnostic D = takeDiagnostic(B.bodyError(B.submodules()[0], 2, 0, "x"));
  EXPECT_EQ(D.getFilename(), "<bundle>:n");
  EXPECT_EQ(D.getLineNo(), 2);
  EXPECT_EQ(D.getColumnNo(), 0);
  EXPECT_EQ(D.getLineContents(), "bc");
  EXPECT_EQ(D.getMessage(), "submodule 'n': x");
}

TEST(BundleTest, Diagnose) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  StringRef File = B->getSourceBuffer()->getBuffer();
  SMDiagnostic D =
      B->diagnose(SMLoc::getFromPointer(File.data() + File.find("second")),
                  SourceMgr::DK_Note, "note " + Twine(1));
  EXPECT_EQ(D.getFilename(), "test.mml");
  EXPECT_EQ(D.getLineNo(), 8);
  EXPECT_EQ(D.getColumnNo(), 0);
  EXPECT_EQ(D.getKind(), SourceMgr::DK_Note);
  EXPECT_EQ(D.getMessage(), "note 1");

  SMDiagnostic Whole = B->diagnose(SMLoc(), SourceMgr::DK_Error, "whole");
  EXPECT_EQ(Whole.getFilename(), "test.mml");
  EXPECT_EQ(Whole.getLineNo(), -1);
  EXPECT_EQ(Whole.getMessage(), "whole");
}

TEST(BundleTest, GetModuleIdentifier) {
  Expected<Bundle> B = read(ThreeModules);
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  EXPECT_EQ(B->getModuleIdentifier(*B->lookup("a")), "a.ll");
  EXPECT_EQ(B->getModuleIdentifier(*B->lookup("c")), "c.mlir");
  // It follows renames and kind changes.
  ASSERT_TRUE(succeeded(B->rename("a", "main")));
  EXPECT_EQ(B->getModuleIdentifier(*B->lookup("main")), "main.ll");
  B->lookup("main")->editHeader().Kind = ModuleKind::MLIR;
  EXPECT_EQ(B->getModuleIdentifier(*B->lookup("main")), "main.mlir");

  Expected<Bundle> Plain = read("define void @f() {\n}\n", "dir/input.ll");
  ASSERT_TRUE(static_cast<bool>(Plain)) << toString(Plain.takeError());
  EXPECT_EQ(Plain->getModuleIdentifier(Plain->submodules()[0]), "dir/input.ll");
  Expected<Bundle> Stdin = read("module {}\n", "<stdin>");
  ASSERT_TRUE(static_cast<bool>(Stdin)) << toString(Stdin.takeError());
  EXPECT_EQ(Stdin->getModuleIdentifier(Stdin->submodules()[0]), "<stdin>");

  Bundle New;
  Submodule M(makeHeader("n", ModuleRole::Host, ModuleKind::MLIR));
  EXPECT_EQ(New.getModuleIdentifier(M), "n.mlir");
}
