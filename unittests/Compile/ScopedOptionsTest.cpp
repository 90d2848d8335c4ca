//===- ScopedOptionsTest.cpp - Tests of per-submodule LLVM options --------===//

#include "mm/Compile/ScopedOptions.h"

#include "llvm/Support/CommandLine.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace mm;

namespace {
enum class Colour { Red, Green, Blue };
} // namespace

// Options of every kind, registered in this test binary as LLVM's are in
// libLLVM.
static cl::opt<bool> TestFlag("mm-test-flag", cl::init(false));
static cl::opt<int> TestInt("mm-test-int", cl::init(7));
static cl::opt<double> TestDouble("mm-test-double", cl::init(0.5));
static cl::opt<std::string> TestString("mm-test-string", cl::init("default"));
static cl::opt<Colour> TestEnum("mm-test-enum", cl::init(Colour::Red),
                                cl::values(clEnumValN(Colour::Red, "red", ""),
                                           clEnumValN(Colour::Green, "green",
                                                      ""),
                                           clEnumValN(Colour::Blue, "blue",
                                                      "")));
static cl::list<std::string> TestList("mm-test-list", cl::CommaSeparated);

/// Parses a command line as a tool's main would, and records it.
static void parseCommandLine(std::vector<const char *> Args) {
  Args.insert(Args.begin(), "test");
  for (cl::Option *O :
       {static_cast<cl::Option *>(&TestFlag),
        static_cast<cl::Option *>(&TestInt),
        static_cast<cl::Option *>(&TestDouble),
        static_cast<cl::Option *>(&TestString),
        static_cast<cl::Option *>(&TestEnum),
        &static_cast<cl::Option &>(TestList)})
    O->reset();
  ASSERT_TRUE(cl::ParseCommandLineOptions(Args.size(), Args.data(), "", &errs()));
  recordCommandLineOptions(Args.size(), Args.data());
}

static const SmallPtrSet<cl::Option *, 1> NoToolOptions;

static std::vector<LLVMOptionSetting>
resolve(std::vector<std::string> Args) {
  Expected<std::vector<LLVMOptionSetting>> Settings =
      resolveLLVMOptions(Args, NoToolOptions);
  EXPECT_TRUE(static_cast<bool>(Settings)) << toString(Settings.takeError());
  return Settings ? *Settings : std::vector<LLVMOptionSetting>();
}

TEST(ScopedOptionsTest, SetsEveryKindAndRestoresDefaults) {
  parseCommandLine({});
  {
    LLVMOptionScope Scope;
    ASSERT_FALSE(static_cast<bool>(Scope.enter(resolve(
        {"-mm-test-flag", "-mm-test-int=42", "-mm-test-double=2.25",
         "-mm-test-string=scoped", "-mm-test-enum=blue",
         "-mm-test-list=a,b", "-mm-test-list=c"}))));
    EXPECT_TRUE(TestFlag);
    EXPECT_EQ(TestInt, 42);
    EXPECT_EQ(TestDouble, 2.25);
    EXPECT_EQ(TestString, "scoped");
    EXPECT_EQ(TestEnum, Colour::Blue);
    EXPECT_EQ(std::vector<std::string>(TestList.begin(), TestList.end()),
              (std::vector<std::string>{"a", "b", "c"}));
  }
  EXPECT_FALSE(TestFlag);
  EXPECT_EQ(TestInt, 7);
  EXPECT_EQ(TestDouble, 0.5);
  EXPECT_EQ(TestString, "default");
  EXPECT_EQ(TestEnum, Colour::Red);
  EXPECT_TRUE(TestList.empty());
  EXPECT_EQ(TestInt.getNumOccurrences(), 0);
  EXPECT_EQ(TestList.getNumOccurrences(), 0);
}

TEST(ScopedOptionsTest, RestoresTheCommandLineValues) {
  parseCommandLine({"-mm-test-int=3", "-mm-test-string=global",
                    "-mm-test-list=x,y", "-mm-test-enum=green"});
  {
    LLVMOptionScope Scope;
    ASSERT_FALSE(static_cast<bool>(Scope.enter(resolve(
        {"-mm-test-int=100", "-mm-test-string=local", "-mm-test-list=z",
         "-mm-test-enum=blue"}))));
    EXPECT_EQ(TestInt, 100);
    EXPECT_EQ(TestString, "local");
    EXPECT_EQ(TestList.size(), 1u);
    EXPECT_EQ(TestEnum, Colour::Blue);
  }
  EXPECT_EQ(TestInt, 3);
  EXPECT_EQ(TestString, "global");
  EXPECT_EQ(std::vector<std::string>(TestList.begin(), TestList.end()),
            (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(TestEnum, Colour::Green);
  EXPECT_EQ(TestInt.getNumOccurrences(), 1);
}

TEST(ScopedOptionsTest, RestoresValuesGivenAsSeparateArguments) {
  parseCommandLine({"-mm-test-int", "5", "--mm-test-string", "apart",
                    "-mm-test-list", "p,q", "-mm-test-flag"});
  EXPECT_EQ(TestInt, 5);
  {
    LLVMOptionScope Scope;
    ASSERT_FALSE(static_cast<bool>(Scope.enter(resolve(
        {"-mm-test-int=9", "-mm-test-string=near", "-mm-test-list=r",
         "-mm-test-flag=false"}))));
    EXPECT_EQ(TestInt, 9);
    EXPECT_FALSE(TestFlag);
  }
  EXPECT_EQ(TestInt, 5);
  EXPECT_EQ(TestString, "apart");
  EXPECT_EQ(std::vector<std::string>(TestList.begin(), TestList.end()),
            (std::vector<std::string>{"p", "q"}));
  EXPECT_TRUE(TestFlag);
  EXPECT_EQ(TestInt.getNumOccurrences(), 1);
}

static cl::opt<unsigned> TestPrefix("mm-test-p", cl::Prefix, cl::init(0));

TEST(ScopedOptionsTest, SplitsTheCommandLineAsTheParserDoes) {
  std::vector<const char *> Argv = {"tool",          "-mm-test-int", "4",
                                    "--mm-test-string=s", "input",  "-mm-test-p7",
                                    "-mm-test-flag", "--",          "-after"};
  std::vector<CommandLineArgument> Split =
      splitCommandLine(Argv.size(), Argv.data());
  ASSERT_EQ(Split.size(), 7u);
  EXPECT_EQ(Split[0].Option, &TestInt);
  EXPECT_EQ(Split[0].Value, "4");
  EXPECT_EQ(Split[0].Words, (std::vector<std::string>{"-mm-test-int", "4"}));
  EXPECT_EQ(Split[1].Option, &TestString);
  EXPECT_EQ(Split[1].Value, "s");
  EXPECT_EQ(Split[2].Option, nullptr);
  EXPECT_EQ(Split[2].Value, "input");
  EXPECT_EQ(Split[3].Option, &TestPrefix);
  EXPECT_EQ(Split[3].Value, "7");
  EXPECT_EQ(Split[4].Option, &TestFlag);
  EXPECT_EQ(Split[4].Value, "");
  EXPECT_EQ(Split[5].Option, nullptr); // "--"
  EXPECT_EQ(Split[6].Option, nullptr);
  EXPECT_EQ(Split[6].Value, "-after");
}

TEST(ScopedOptionsTest, AnOptionGivenTwiceTakesTheLastValue) {
  parseCommandLine({"-mm-test-int=1"});
  for (int Round = 0; Round < 3; ++Round) {
    LLVMOptionScope Scope;
    ASSERT_FALSE(static_cast<bool>(Scope.enter(
        resolve({"-mm-test-int=10", "-mm-test-int=20"}))));
    EXPECT_EQ(TestInt, 20);
  }
  EXPECT_EQ(TestInt, 1);
}

TEST(ScopedOptionsTest, RejectsUnknownOptionsAndBadValues) {
  parseCommandLine({"-mm-test-int=1"});
  Expected<std::vector<LLVMOptionSetting>> Unknown =
      resolveLLVMOptions({"-mm-no-such-option=1"}, NoToolOptions);
  ASSERT_FALSE(static_cast<bool>(Unknown));
  EXPECT_EQ(toString(Unknown.takeError()),
            "unknown LLVM option '-mm-no-such-option=1'");
  Expected<std::vector<LLVMOptionSetting>> NoDash =
      resolveLLVMOptions({"mm-test-int=1"}, NoToolOptions);
  ASSERT_FALSE(static_cast<bool>(NoDash));
  consumeError(NoDash.takeError());

  {
    LLVMOptionScope Scope;
    Error E = Scope.enter(resolve({"-mm-test-int=many"}));
    ASSERT_TRUE(static_cast<bool>(E));
    EXPECT_EQ(toString(std::move(E)),
              "invalid value 'many' for LLVM option '-mm-test-int'");
  }
  // A failed scope leaves the command line's value.
  EXPECT_EQ(TestInt, 1);
}

/// Options whose handlers print and exit, and the tool's own options, are
/// never set for a submodule.
TEST(ScopedOptionsTest, RefusesOptionsThatEndTheProcessAndToolOptions) {
  for (StringRef Arg : {"-help", "--help-hidden", "-help-list", "-version",
                        "-print-options", "-print-all-options"}) {
    Expected<std::vector<LLVMOptionSetting>> Settings =
        resolveLLVMOptions({Arg.str()}, NoToolOptions);
    ASSERT_FALSE(static_cast<bool>(Settings)) << Arg.str();
    EXPECT_EQ(toString(Settings.takeError()),
              ("LLVM option '-" + Arg.ltrim('-') +
               "' prints and ends the process; it cannot be set for a "
               "submodule")
                  .str());
  }
  SmallPtrSet<cl::Option *, 1> Tool;
  Tool.insert(&TestInt);
  Expected<std::vector<LLVMOptionSetting>> Settings =
      resolveLLVMOptions({"-mm-test-int=3"}, Tool);
  ASSERT_FALSE(static_cast<bool>(Settings));
  EXPECT_EQ(toString(Settings.takeError()),
            "'-mm-test-int' is an option of the tool's command line, not an "
            "LLVM option to set for a submodule");
}
