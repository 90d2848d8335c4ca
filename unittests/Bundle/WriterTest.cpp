//===- WriterTest.cpp - Tests of the bundle writer ------------------------===//

#include "mm/Bundle/Writer.h"
#include "mm/Bundle/Reader.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include "BundleTestUtils.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace mm;
using namespace mm::test;

/// Reads \p Text and checks that writing it back reproduces it exactly.
static testing::AssertionResult roundTrips(StringRef Text,
                                           StringRef Name = "test.mml") {
  Expected<Bundle> B = read(Text, Name);
  if (!B)
    return testing::AssertionFailure()
           << "read failed: " << toString(B.takeError());
  std::string Written = write(*B);
  if (Written != Text)
    return testing::AssertionFailure()
           << "wrote\n[" << Written << "]\ninstead of\n[" << Text.str() << "]";
  return testing::AssertionSuccess();
}

static SubmoduleHeader makeHeader(StringRef Name,
                                  ModuleRole Role = ModuleRole::Device,
                                  ModuleKind Kind = ModuleKind::LLVM,
                                  StringRef Triple = "x86_64") {
  SubmoduleHeader H;
  H.Name = Name.str();
  H.Kind = Kind;
  H.Triple = Triple.str();
  H.Role = Role;
  return H;
}

//===----------------------------------------------------------------------===//
// Round trips of unchanged bundles
//===----------------------------------------------------------------------===//

TEST(WriterTest, RoundTripsSimpleBundle) {
  EXPECT_TRUE(roundTrips("#mm module a kind=llvm triple=x86_64 role=host\n"
                         "define void @f() {\n"
                         "  ret void\n"
                         "}\n"
                         "#mm module b kind=mlir triple=\"\" role=device\n"
                         "module {}\n"));
}

TEST(WriterTest, RoundTripsPreamble) {
  EXPECT_TRUE(roundTrips("; comment\n"
                         "// another\n"
                         "\n"
                         "#mm bundle version=1\n"
                         "  \t\n"
                         "#mm module a kind=llvm triple=x role=host\n"
                         "x\n"));
}

TEST(WriterTest, RoundTripsMissingFinalNewline) {
  EXPECT_TRUE(roundTrips("#mm module a kind=llvm triple=x role=host\n"
                         "x\n"
                         "#mm module b kind=llvm triple=x role=device\n"
                         "y"));
  // A last header without a body and without a newline.
  EXPECT_TRUE(roundTrips("#mm module a kind=llvm triple=x role=host\n"
                         "x\n"
                         "#mm module b kind=llvm triple=x role=device"));
  // A counted last body without a newline.
  EXPECT_TRUE(roundTrips("#mm module a kind=llvm triple=x role=host lines=2\n"
                         "#mm x\n"
                         "y"));
}

TEST(WriterTest, RoundTripsCRLF) {
  EXPECT_TRUE(roundTrips("; c\r\n"
                         "#mm bundle version=1\r\n"
                         "#mm module a kind=llvm triple=x role=host\r\n"
                         "define void @f() {\r\n"
                         "}\r\n"
                         "#mm module b kind=mlir triple=\"\" role=device "
                         "lines=1\r\n"
                         "#mm module c\r\n"
                         "#mm module d kind=mlir triple=\"\" role=device\r\n"
                         "module {}"));
}

TEST(WriterTest, RoundTripsNonCanonicalHeadersVerbatim) {
  EXPECT_TRUE(roundTrips("#mm   module\ta   role=host  kind=llvm\ttriple=\"x\" "
                         "x-z=\"1\"  \n"
                         "x\n"
                         "#mm module b mllvm=-a opt=O2 kind=mlir "
                         "triple=\"\\6e\\76ptx\" role=device lines=1 \n"
                         "#mm\n"));
}

TEST(WriterTest, RoundTripsEmptyBodies) {
  EXPECT_TRUE(roundTrips("#mm module a kind=llvm triple=x role=host\n"
                         "#mm module b kind=llvm triple=x role=device\n"
                         "#mm module c kind=llvm triple=x role=device\n"));
  EXPECT_TRUE(roundTrips("#mm module a kind=llvm triple=x role=host lines=0\n"
                         "#mm module b kind=llvm triple=x role=device\n"
                         "\n"
                         "\n"));
}

TEST(WriterTest, RoundTripsBundleWithoutSubmodules) {
  EXPECT_TRUE(roundTrips("#mm bundle version=1\n"));
  EXPECT_TRUE(roundTrips("; comment\n#mm bundle version=1\n\n"));
  // Without a final newline, too.
  EXPECT_TRUE(roundTrips("#mm bundle version=1"));
  EXPECT_TRUE(roundTrips("#mm bundle version=1\n; trailing comment"));
}

TEST(WriterTest, WritesPlainModulesBare) {
  EXPECT_TRUE(roundTrips("; ModuleID = 'a'\n"
                         "define void @f() {\n"
                         "  ret void\n"
                         "}\n",
                         "a.ll"));
  EXPECT_TRUE(roundTrips("module {\n}", "a.mlir"));
  EXPECT_TRUE(roundTrips("", "empty.ll"));
  EXPECT_TRUE(roundTrips("#mmx not a directive\r\n", "<stdin>"));

  Expected<Bundle> B = read("define void @f() {\n}\n", "f.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  B->submodules()[0].setBody("define void @g() {\n}\n");
  EXPECT_EQ(write(*B), "define void @g() {\n}\n");
  // Editing the header changes nothing while the bundle is a plain module.
  B->submodules()[0].editHeader().Options.OptLevel = "O2";
  EXPECT_EQ(write(*B), "define void @g() {\n}\n");
}

TEST(WriterTest, PlainModuleWithASecondSubmoduleBecomesABundle) {
  Expected<Bundle> B = read("define void @f() {\n}", "host.ll");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_TRUE(succeeded(B->add(Submodule(
      makeHeader("dev", ModuleRole::Device, ModuleKind::MLIR, "nvptx64"),
      "module {}\n"))));
  std::string Text = write(*B);
  EXPECT_EQ(Text, "#mm module host kind=llvm triple=\"\" role=host\n"
                  "define void @f() {\n"
                  "}\n"
                  "#mm module dev kind=mlir triple=nvptx64 role=device\n"
                  "module {}\n");
  Expected<Bundle> Again = read(Text);
  ASSERT_TRUE(static_cast<bool>(Again)) << toString(Again.takeError());
  EXPECT_FALSE(Again->isPlainModule());
  ASSERT_EQ(Again->size(), 2u);
  EXPECT_EQ(Again->submodules()[0].getBody(), "define void @f() {\n}\n");

  // Removing it again writes the bare body.
  ASSERT_TRUE(succeeded(B->remove("dev")));
  EXPECT_EQ(write(*B), "define void @f() {\n}");
}

TEST(WriterTest, NotPlainAnymoreWritesAHeader) {
  Expected<Bundle> B = read("module {}\n", "m.mlir");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  B->setPlainModule(false);
  EXPECT_EQ(write(*B), "#mm module m kind=mlir triple=\"\" role=host\n"
                       "module {}\n");
}

//===----------------------------------------------------------------------===//
// Canonical headers
//===----------------------------------------------------------------------===//

TEST(WriterTest, CanonicalHeaderFieldOrder) {
  Expected<Bundle> B = read("#mm module a x-z=last x-a=first "
                            "mllvm=-one features=+f cpu=c passes=p opt=O1 "
                            "role=device triple=t kind=mlir mllvm=-two "
                            "lines=2\n"
                            "#mm x\n"
                            "y\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  Submodule &M = B->submodules()[0];
  EXPECT_FALSE(M.getVerbatimHeader().empty());
  M.editHeader();
  EXPECT_TRUE(M.getVerbatimHeader().empty());
  std::string Header = "#mm module a kind=mlir triple=t role=device opt=O1 "
                       "passes=p cpu=c features=+f mllvm=-one mllvm=-two "
                       "x-z=last x-a=first lines=2";
  EXPECT_EQ(formatModuleHeader(M), Header);
  EXPECT_EQ(write(*B), Header + "\n#mm x\ny\n");
}

TEST(WriterTest, CanonicalHeaderOmitsEmptyOptions) {
  Submodule M(makeHeader("m", ModuleRole::Host), "body\n");
  EXPECT_EQ(formatModuleHeader(M),
            "#mm module m kind=llvm triple=x86_64 role=host");
  M.editHeader().Triple = "";
  EXPECT_EQ(formatModuleHeader(M),
            "#mm module m kind=llvm triple=\"\" role=host");
}

TEST(WriterTest, EditedHeaderIsWrittenCanonically) {
  Expected<Bundle> B = read("; c\n"
                            "#mm module a   kind=llvm triple=x role=host\n"
                            "x\n"
                            "#mm module  b kind=llvm  triple=y role=device\n"
                            "y\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  B->submodules()[1].editHeader().Options.CPU = "sm_90";
  // The unedited header stays verbatim, the edited one is canonical.
  EXPECT_EQ(write(*B), "; c\n"
                       "#mm module a   kind=llvm triple=x role=host\n"
                       "x\n"
                       "#mm module b kind=llvm triple=y role=device "
                       "cpu=sm_90\n"
                       "y\n");
}

TEST(WriterTest, CanonicalHeaderDropsUnneededLineCount) {
  Expected<Bundle> B =
      read("#mm module a kind=llvm triple=x role=host lines=1\nx\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  B->submodules()[0].editHeader();
  EXPECT_EQ(write(*B), "#mm module a kind=llvm triple=x role=host\nx\n");
}

TEST(WriterTest, QuotesValuesThatNeedIt) {
  SubmoduleHeader H = makeHeader("q", ModuleRole::Host, ModuleKind::LLVM, "");
  H.Options.Passes = "function(instcombine, dce)";
  H.Options.CPU = "say \"hi\"";
  H.Options.Features = "back\\slash\"";
  H.Options.LLVMArgs = {"-tab=\t", "-ctl=\x01\x1f\x7f", "-nl=a\r\n"};
  H.Extensions = {
      {"x-empty", ""}, {"x-bare", "a\\b=c"}, {"x-utf8", "\xc3\xa9t\xc3\xa9"}};
  Submodule M(H, "");
  std::string Want =
      "#mm module q kind=llvm triple=\"\" role=host "
      "passes=\"function(instcombine, dce)\" cpu=\"say \\\"hi\\\"\" "
      "features=\"back\\\\slash\\\"\" mllvm=\"-tab=\\09\" "
      "mllvm=\"-ctl=\\01\\1F\\7F\" mllvm=\"-nl=a\\0D\\0A\" x-empty=\"\" "
      "x-bare=a\\b=c x-utf8=\xc3\xa9t\xc3\xa9";
  EXPECT_EQ(formatModuleHeader(M), Want);

  // Every value reads back as it was.
  Bundle B;
  ASSERT_TRUE(succeeded(B.add(std::move(M))));
  Expected<Bundle> Again = read(write(B));
  ASSERT_TRUE(static_cast<bool>(Again)) << toString(Again.takeError());
  ASSERT_EQ(Again->size(), 1u);
  EXPECT_TRUE(Again->submodules()[0].header() == H);
}

TEST(WriterTest, QuotesValueWithBlankOrTab) {
  SubmoduleHeader H = makeHeader("m");
  H.Triple = "a b";
  H.Options.CPU = "\t";
  EXPECT_EQ(formatModuleHeader(Submodule(H)),
            "#mm module m kind=llvm triple=\"a b\" role=device cpu=\"\\09\"");
}

TEST(WriterTest, AddsLineCountForDirectiveLookingBodies) {
  Submodule M(makeHeader("m"), "#mm module evil kind=llvm triple=x "
                               "role=host\nmore\n");
  EXPECT_EQ(formatModuleHeader(M),
            "#mm module m kind=llvm triple=x86_64 role=device lines=2");
  M.setBody("x\n#mm");
  EXPECT_EQ(formatModuleHeader(M),
            "#mm module m kind=llvm triple=x86_64 role=device lines=2");
  M.setBody("x\r\n#mm\r\ny\r\n");
  EXPECT_EQ(formatModuleHeader(M),
            "#mm module m kind=llvm triple=x86_64 role=device lines=3");
  M.setBody("#mmx\n #mm\nx #mm\n");
  EXPECT_EQ(formatModuleHeader(M),
            "#mm module m kind=llvm triple=x86_64 role=device");
}

TEST(WriterTest, LineCountedBodiesReadBack) {
  Bundle B;
  std::string Evil = "#mm module b kind=llvm triple=x role=host\n"
                     "#mm bundle version=9\n"
                     "#mm";
  ASSERT_TRUE(
      succeeded(B.add(Submodule(makeHeader("a", ModuleRole::Host), Evil))));
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("c"), "#mm\n"))));
  std::string Text = write(B);
  EXPECT_EQ(Text, "#mm module a kind=llvm triple=x86_64 role=host lines=3\n" +
                      Evil +
                      "\n#mm module c kind=llvm triple=x86_64 role=device "
                      "lines=1\n#mm\n");
  Expected<Bundle> Again = read(Text);
  ASSERT_TRUE(static_cast<bool>(Again)) << toString(Again.takeError());
  ASSERT_EQ(Again->size(), 2u);
  EXPECT_EQ(Again->submodules()[0].getBody(), Evil + "\n");
  EXPECT_EQ(Again->submodules()[1].getBody(), "#mm\n");
  // And a second round trip is exact.
  EXPECT_EQ(write(*Again), Text);
}

TEST(WriterTest, NewlineAfterNonLastBodyWithoutOne) {
  Bundle B;
  ASSERT_TRUE(
      succeeded(B.add(Submodule(makeHeader("a", ModuleRole::Host), "x"))));
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("b"), "y"))));
  EXPECT_EQ(write(B), "#mm module a kind=llvm triple=x86_64 role=host\n"
                      "x\n"
                      "#mm module b kind=llvm triple=x86_64 role=device\n"
                      "y");
}

TEST(WriterTest, NewlineAfterVerbatimLastHeaderWhenNoLongerLast) {
  Expected<Bundle> B = read("#mm module a kind=llvm triple=x role=host\n"
                            "x");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_TRUE(succeeded(B->add(Submodule(makeHeader("b"), "y\n"))));
  EXPECT_EQ(write(*B), "#mm module a kind=llvm triple=x role=host\n"
                       "x\n"
                       "#mm module b kind=llvm triple=x86_64 role=device\n"
                       "y\n");

  Expected<Bundle> C = read("#mm module a kind=llvm  triple=x role=host");
  ASSERT_TRUE(static_cast<bool>(C)) << toString(C.takeError());
  ASSERT_TRUE(succeeded(C->add(Submodule(makeHeader("b"), ""))));
  EXPECT_EQ(write(*C), "#mm module a kind=llvm  triple=x role=host\n"
                       "#mm module b kind=llvm triple=x86_64 role=device\n");

  // A body given to a last verbatim header goes on its own line.
  Expected<Bundle> D = read("#mm module a kind=llvm  triple=x role=host");
  ASSERT_TRUE(static_cast<bool>(D)) << toString(D.takeError());
  D->submodules()[0].setBody("body\n");
  EXPECT_EQ(write(*D), "#mm module a kind=llvm  triple=x role=host\nbody\n");
}

TEST(WriterTest, PreambleGetsANewlineBeforeTheFirstHeader) {
  Bundle B;
  B.setPreamble("; made by a tool");
  ASSERT_TRUE(succeeded(B.add(Submodule(makeHeader("a"), "x\n"))));
  EXPECT_EQ(write(B), "; made by a tool\n"
                      "#mm module a kind=llvm triple=x86_64 role=device\n"
                      "x\n");
  B.setPreamble("#mm bundle version=1\n");
  EXPECT_EQ(write(B), "#mm bundle version=1\n"
                      "#mm module a kind=llvm triple=x86_64 role=device\n"
                      "x\n");
}

TEST(WriterTest, EmptyBundle) {
  Bundle B;
  EXPECT_EQ(write(B), "");
}

TEST(WriterTest, RemovingAndRenamingKeepsOtherHeadersVerbatim) {
  Expected<Bundle> B = read("#mm module a  kind=llvm triple=x role=host\n"
                            "x\n"
                            "#mm module b  kind=llvm triple=x role=device\n"
                            "y\n"
                            "#mm module c  kind=llvm triple=x role=device\n"
                            "z\n");
  ASSERT_TRUE(static_cast<bool>(B)) << toString(B.takeError());
  ASSERT_TRUE(succeeded(B->remove("b")));
  ASSERT_TRUE(succeeded(B->rename("c", "d")));
  EXPECT_EQ(write(*B), "#mm module a  kind=llvm triple=x role=host\n"
                       "x\n"
                       "#mm module d kind=llvm triple=x role=device\n"
                       "z\n");
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

TEST(WriterTest, CountLines) {
  EXPECT_EQ(countLines(""), 0u);
  EXPECT_EQ(countLines("a"), 1u);
  EXPECT_EQ(countLines("a\n"), 1u);
  EXPECT_EQ(countLines("\n"), 1u);
  EXPECT_EQ(countLines("\n\n"), 2u);
  EXPECT_EQ(countLines("a\nb"), 2u);
  EXPECT_EQ(countLines("a\nb\n"), 2u);
  EXPECT_EQ(countLines("a\r\nb\r\n"), 2u);
  EXPECT_EQ(countLines("a\rb"), 1u);
}

TEST(WriterTest, NeedsExplicitLineCount) {
  EXPECT_FALSE(needsExplicitLineCount(""));
  EXPECT_FALSE(needsExplicitLineCount("define void @f()\n"));
  EXPECT_TRUE(needsExplicitLineCount("#mm"));
  EXPECT_TRUE(needsExplicitLineCount("#mm\n"));
  EXPECT_TRUE(needsExplicitLineCount("#mm\r\n"));
  EXPECT_TRUE(needsExplicitLineCount("#mm module a\n"));
  EXPECT_TRUE(needsExplicitLineCount("#mm\tx\n"));
  EXPECT_TRUE(needsExplicitLineCount("x\n#mm"));
  EXPECT_TRUE(needsExplicitLineCount("x\n#mmx\n#mm bundle\n"));
  EXPECT_FALSE(needsExplicitLineCount("#mmx\n"));
  EXPECT_FALSE(needsExplicitLineCount("#mm-x\n"));
  EXPECT_FALSE(needsExplicitLineCount(" #mm\n"));
  EXPECT_FALSE(needsExplicitLineCount("x #mm\n"));
  EXPECT_FALSE(needsExplicitLineCount("x#mm y\n"));
  EXPECT_FALSE(needsExplicitLineCount("#m\nm\n"));
}

TEST(WriterTest, NeedsExplicitLineCountAgreesWithTheReader) {
  // A body that does not need a count is read back whole without one; one
  // that needs it is cut short without one.
  for (StringRef Body : {"x\n", "#mmx\n", "a\n #mm\n", "#mm\n",
                         "a\n#mm module z kind=llvm "
                         "triple=x role=device\n",
                         "a\n#mm\tb\n"}) {
    std::string Text =
        ("#mm module a kind=llvm triple=x role=host\n" + Body).str();
    Expected<Bundle> B = read(Text);
    bool ReadWhole =
        B && B->size() == 1 && B->submodules()[0].getBody() == Body;
    if (!B)
      consumeError(B.takeError());
    EXPECT_EQ(ReadWhole, !needsExplicitLineCount(Body)) << Body.str();
  }
}

TEST(WriterTest, ThousandSubmodulesRoundTrip) {
  Bundle B;
  B.setPreamble("; generated\n#mm bundle version=1\n");
  for (unsigned I = 0; I != 1000; ++I) {
    SubmoduleHeader H =
        makeHeader(("m" + Twine(I)).str(),
                   I == 500 ? ModuleRole::Host : ModuleRole::Device,
                   I % 2 ? ModuleKind::MLIR : ModuleKind::LLVM,
                   I % 3 ? "nvptx64-nvidia-cuda" : "");
    if (I % 7 == 0)
      H.Options.OptLevel = "O2";
    if (I % 11 == 0)
      H.Options.LLVMArgs = {"-a", "-b=" + std::to_string(I)};
    if (I % 13 == 0)
      H.Extensions = {{"x-i", std::to_string(I)}};
    std::string Body;
    if (I % 5 == 0)
      Body = "#mm module fake" + std::to_string(I) + "\n";
    for (unsigned L = 0; L != I % 4; ++L)
      Body += "line " + std::to_string(L) + " of " + std::to_string(I) + "\n";
    if (I % 9 == 0)
      Body += "no newline";
    ASSERT_TRUE(succeeded(B.add(Submodule(std::move(H), std::move(Body)))));
  }
  std::string Text = write(B);
  Expected<Bundle> Again = read(Text);
  ASSERT_TRUE(static_cast<bool>(Again)) << toString(Again.takeError());
  ASSERT_EQ(Again->size(), 1000u);
  EXPECT_EQ(Again->getPreamble(), B.getPreamble());
  for (unsigned I = 0; I != 1000; ++I) {
    const Submodule &Before = B.submodules()[I];
    const Submodule &After = Again->submodules()[I];
    EXPECT_TRUE(Before.header() == After.header()) << I;
    std::string Body = Before.getBody().str();
    // The writer ends every body but the last with a newline.
    if (!Body.empty() && Body.back() != '\n' && I != 999)
      Body += '\n';
    EXPECT_EQ(After.getBody(), Body) << I;
  }
  ASSERT_NE(Again->getHost(), nullptr);
  EXPECT_EQ(Again->getHost()->getName(), "m500");
  // Unchanged, the bundle read back is written back byte for byte.
  EXPECT_EQ(write(*Again), Text);
}
