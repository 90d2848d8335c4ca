//===- ToolSupportTest.cpp - Writing outputs ------------------------------===//

#include "mm/Support/ToolSupport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace mm;

namespace {

class WriteOutputFileTest : public testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("mm-write-output", Dir));
    sys::path::append(Path, Dir, "out.txt");
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  std::string contents() {
    ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
    return File ? (*File)->getBuffer().str() : "(missing)";
  }
  /// The names in the directory: nothing but the output is left behind.
  std::vector<std::string> entries() {
    std::vector<std::string> Names;
    std::error_code EC;
    for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      Names.push_back(sys::path::filename(It->path()).str());
    return Names;
  }
  void writeOld() {
    ASSERT_FALSE(writeOutputFile(Path, [](raw_ostream &OS) {
      OS << "old contents\n";
      return Error::success();
    }));
  }

  SmallString<128> Dir, Path;
};

TEST_F(WriteOutputFileTest, WritesAndReplaces) {
  writeOld();
  EXPECT_EQ(contents(), "old contents\n");
  EXPECT_FALSE(writeOutputFile(Path, [](raw_ostream &OS) {
    OS << "new\n";
    return Error::success();
  }));
  EXPECT_EQ(contents(), "new\n");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.txt"});
}

TEST_F(WriteOutputFileTest, AFailureLeavesTheOldFile) {
  writeOld();
  Error E = writeOutputFile(Path, [](raw_ostream &OS) {
    OS << "half of the new contents";
    return createStringError("no more");
  });
  EXPECT_EQ(toString(std::move(E)), "no more");
  EXPECT_EQ(contents(), "old contents\n");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.txt"});
}

/// Bodies are views into the mapped input: the output replaces the input
/// only once it is complete, and the mapping keeps the old contents.
TEST_F(WriteOutputFileTest, TheInputCanBeTheOutput) {
  std::string Big(1 << 20, 'a');
  ASSERT_FALSE(writeOutputFile(Path, [&](raw_ostream &OS) {
    OS << Big;
    return Error::success();
  }));
  ErrorOr<std::unique_ptr<MemoryBuffer>> Input = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  ASSERT_TRUE(bool(Input));
  StringRef View = (*Input)->getBuffer();
  ASSERT_FALSE(writeOutputFile(Path, [&](raw_ostream &OS) {
    OS << View.take_front(10) << View.drop_front(10);
    return Error::success();
  }));
  EXPECT_EQ(View, Big);
  EXPECT_EQ(contents(), Big);
}

TEST_F(WriteOutputFileTest, AMissingDirectoryIsAnError) {
  SmallString<128> Missing(Dir);
  sys::path::append(Missing, "no", "such", "out.txt");
  Error E = writeOutputFile(Missing, [](raw_ostream &OS) {
    OS << "x";
    return Error::success();
  });
  EXPECT_EQ(toString(std::move(E)), ("cannot open '" + Missing +
                                     "' for writing: No such file or directory")
                                        .str());
}

} // namespace
