//===- ProgramCacheTest.cpp - mm-lli's cache without LLVM -----------------===//

#include "mm/Launch/ProgramCache.h"
#include "RewriteFile.h"
#include "mm/Run/CompileCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace mm;
using namespace mm::launch;

namespace {

class ProgramCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        sys::fs::createUniqueDirectory("mm-program-cache-test", Directory));
    Settings.Directory = std::string(Directory);
    Object = std::string(5000, '\0');
    for (size_t I = 0; I < Object.size(); ++I)
      Object[I] = char(I * 13 + 1);
  }
  void TearDown() override { sys::fs::remove_directories(Directory); }

  /// A descriptor open on a file that holds \p Bytes.
  int openFileWith(StringRef Bytes) {
    SmallString<128> Path(Directory);
    sys::path::append(Path, "object.so");
    {
      std::error_code EC;
      raw_fd_ostream OS(Path, EC);
      EXPECT_FALSE(EC);
      OS << Bytes;
    }
    int FD = ::open(Path.c_str(), O_RDONLY);
    sys::fs::remove(Path);
    return FD;
  }

  void store(std::string_view Recipe) {
    int FD = openFileWith(Object);
    ASSERT_GE(FD, 0);
    std::optional<std::string> Failure =
        storeProgramEntry(Settings, Recipe, FD);
    ::close(FD);
    ASSERT_FALSE(Failure) << *Failure;
  }

  /// The bytes of the file open at \p FD.
  std::string readAll(int FD) {
    std::string Bytes;
    char Buffer[4096];
    ssize_t Read;
    while ((Read = ::pread(FD, Buffer, sizeof(Buffer), Bytes.size())) > 0)
      Bytes.append(Buffer, Read);
    return Bytes;
  }

  /// Rewrites the entry of \p Recipe with \p Transform applied to its bytes.
  void rewrite(std::string_view Recipe,
               function_ref<std::string(std::string)> Transform) {
    rewriteFile(getProgramEntryPath(Settings.Directory, Recipe), Transform);
  }

  SmallString<128> Directory;
  CacheSettings Settings;
  std::string Object;
};

TEST_F(ProgramCacheTest, AStoredProgramComesBackUnderItsRecipeOnly) {
  EXPECT_EQ(openProgramEntry(Settings, "recipe"), -1);
  store("recipe");
  int FD = openProgramEntry(Settings, "recipe");
  ASSERT_GE(FD, 0);
  // The file begins with the object, which the dynamic loader maps.
  EXPECT_EQ(readAll(FD).substr(0, Object.size()), Object);
  ::close(FD);
  EXPECT_EQ(openProgramEntry(Settings, "recipe2"), -1);
  EXPECT_EQ(openProgramEntry(Settings, "recip"), -1);
  EXPECT_TRUE(
      sys::fs::exists(getProgramEntryPath(Settings.Directory, "recipe")));
}

TEST_F(ProgramCacheTest, AnEntryCanSayThatItsBundleCannotBeBuilt) {
  store("built");
  std::optional<std::string> Failure =
      storeUnbuildableEntry(Settings, "unbuildable");
  ASSERT_FALSE(Failure) << *Failure;
  int Unbuildable = openProgramEntry(Settings, "unbuildable");
  ASSERT_GE(Unbuildable, 0);
  EXPECT_TRUE(isUnbuildableEntry(Unbuildable));
  ::close(Unbuildable);
  int Built = openProgramEntry(Settings, "built");
  ASSERT_GE(Built, 0);
  EXPECT_FALSE(isUnbuildableEntry(Built));
  ::close(Built);
  // Checked as any entry: a truncated one is removed, and built again.
  rewrite("unbuildable",
          [](std::string Bytes) { return Bytes.substr(0, Bytes.size() - 1); });
  EXPECT_EQ(openProgramEntry(Settings, "unbuildable"), -1);
  EXPECT_FALSE(
      sys::fs::exists(getProgramEntryPath(Settings.Directory, "unbuildable")));
}

TEST_F(ProgramCacheTest, TruncatedOrCorruptEntriesAreRemoved) {
  std::string Path = getProgramEntryPath(Settings.Directory, "recipe");
  store("recipe");
  rewrite("recipe", [](std::string Bytes) { return Bytes.substr(0, 3000); });
  EXPECT_EQ(openProgramEntry(Settings, "recipe"), -1);
  EXPECT_FALSE(sys::fs::exists(Path));

  store("recipe");
  rewrite("recipe", [](std::string Bytes) {
    Bytes[1234] ^= 0x10; // In the object: its checksum no longer holds.
    return Bytes;
  });
  EXPECT_EQ(openProgramEntry(Settings, "recipe"), -1);
  EXPECT_FALSE(sys::fs::exists(Path));

  store("recipe");
  rewrite("recipe", [](std::string Bytes) { return Bytes + "tail"; });
  EXPECT_EQ(openProgramEntry(Settings, "recipe"), -1);
  EXPECT_FALSE(sys::fs::exists(Path));
}

TEST_F(ProgramCacheTest, ADirectoryThatIsGoneCannotBeWritten) {
  int FD = openFileWith(Object);
  ASSERT_GE(FD, 0);
  CacheSettings Gone = Settings;
  Gone.Directory += "/gone";
  std::optional<std::string> Failure = storeProgramEntry(Gone, "recipe", FD);
  ::close(FD);
  ASSERT_TRUE(Failure);
  EXPECT_EQ(*Failure, "cannot write to the compile cache '" + Gone.Directory +
                          "': No such file or directory");
}

TEST_F(ProgramCacheTest, EvictionWeighsBothKindsOfEntry) {
  Expected<std::unique_ptr<CompileCache>> Submodules =
      CompileCache::open(Directory, DefaultCacheMaxSize);
  ASSERT_TRUE(bool(Submodules)) << toString(Submodules.takeError());
  ASSERT_FALSE(bool((*Submodules)->store("old", Object, "")));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  store("program");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  // Room for one entry: the submodule's, the least recently used, goes.
  evictLeastRecentlyUsed(Settings.Directory, Object.size() + 1000);
  EXPECT_FALSE((*Submodules)->lookup("old"));
  int FD = openProgramEntry(Settings, "program");
  EXPECT_GE(FD, 0);
  ::close(FD);
  // Files of other names are not the cache's.
  SmallString<128> Other(Directory);
  sys::path::append(Other, "notes.txt");
  {
    std::error_code EC;
    raw_fd_ostream OS(Other, EC);
    OS << std::string(100000, 'x');
  }
  evictLeastRecentlyUsed(Settings.Directory, 0);
  EXPECT_TRUE(sys::fs::exists(Other));
  EXPECT_EQ(openProgramEntry(Settings, "program"), -1);
}

/// Sets the environment variable \p Name to \p Value (unsets it for null)
/// for the test's duration.
class ScopedEnvironment {
public:
  ScopedEnvironment(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    if (Value)
      setenv(Name, Value, 1);
    else
      unsetenv(Name);
  }
  ~ScopedEnvironment() {
    if (Saved)
      setenv(Name, Saved->c_str(), 1);
    else
      unsetenv(Name);
  }

private:
  const char *Name;
  std::optional<std::string> Saved;
};

TEST(CacheSettingsTest, FlagsAndVariablesDecideWhereTheCacheIs) {
  ScopedEnvironment Disable("MM_CACHE_DISABLE", nullptr);
  ScopedEnvironment Path("MM_CACHE_PATH", "/cache/path");
  ScopedEnvironment MaxSize("MM_CACHE_MAXSIZE", "1000");
  ScopedEnvironment Xdg("XDG_CACHE_HOME", "/xdg");
  std::optional<CacheSettings> Settings;
  EXPECT_FALSE(readCacheSettings("", false, Settings));
  ASSERT_TRUE(Settings);
  EXPECT_EQ(Settings->Directory, "/cache/path");
  EXPECT_EQ(Settings->MaxSize, 1000u);
  EXPECT_FALSE(readCacheSettings("/flag", true, Settings));
  ASSERT_TRUE(Settings);
  EXPECT_EQ(Settings->Directory, "/flag");
  EXPECT_FALSE(readCacheSettings("", true, Settings));
  EXPECT_FALSE(Settings);
  {
    ScopedEnvironment NoPath("MM_CACHE_PATH", nullptr);
    EXPECT_FALSE(readCacheSettings("", false, Settings));
    ASSERT_TRUE(Settings);
    EXPECT_EQ(Settings->Directory, "/xdg/mm");
  }
  {
    ScopedEnvironment Off("MM_CACHE_DISABLE", "1");
    EXPECT_FALSE(readCacheSettings("", false, Settings));
    EXPECT_FALSE(Settings);
    // The flag wins over the variable.
    EXPECT_FALSE(readCacheSettings("/flag", false, Settings));
    EXPECT_TRUE(Settings);
  }
  {
    ScopedEnvironment Bad("MM_CACHE_DISABLE", "yes");
    EXPECT_EQ(readCacheSettings("", false, Settings).value_or(""),
              "MM_CACHE_DISABLE: 'yes' is neither 0 nor 1");
  }
  for (const char *Size : {"big", "-1", "12k", "99999999999999999999999"}) {
    ScopedEnvironment Bad("MM_CACHE_MAXSIZE", Size);
    EXPECT_EQ(readCacheSettings("", false, Settings).value_or(""),
              "MM_CACHE_MAXSIZE: '" + std::string(Size) +
                  "' is not a number of bytes");
  }
}

} // namespace
