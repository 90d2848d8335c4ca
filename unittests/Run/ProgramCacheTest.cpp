//===- ProgramCacheTest.cpp - mm-lli's cache without LLVM -----------------===//

#include "mm/Launch/ProgramCache.h"
#include "RewriteFile.h"
#include "mm/Run/CompileCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
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
    ASSERT_FALSE(sys::fs::setPermissions(Directory, sys::fs::owner_all));
    Settings.Directory = std::string(Directory);
    Settings.DisplayName = Settings.Directory;
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

  /// \p Recipe's entry, opened (openProgramEntry); a failure where it is
  /// one that must not be used.
  int openEntry(std::string_view Recipe) {
    std::string Problem;
    int FD = openProgramEntry(Settings, Recipe, Problem);
    EXPECT_EQ(Problem, "");
    return FD;
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
  EXPECT_EQ(openEntry("recipe"), -1);
  store("recipe");
  int FD = openEntry("recipe");
  ASSERT_GE(FD, 0);
  // The file begins with the object, which the dynamic loader maps.
  EXPECT_EQ(readAll(FD).substr(0, Object.size()), Object);
  ::close(FD);
  EXPECT_EQ(openEntry("recipe2"), -1);
  EXPECT_EQ(openEntry("recip"), -1);
  EXPECT_TRUE(
      sys::fs::exists(getProgramEntryPath(Settings.Directory, "recipe")));
}

TEST_F(ProgramCacheTest, AnEntryCanSayThatItsBundleCannotBeBuilt) {
  store("built");
  std::optional<std::string> Failure =
      storeUnbuildableEntry(Settings, "unbuildable");
  ASSERT_FALSE(Failure) << *Failure;
  int Unbuildable = openEntry("unbuildable");
  ASSERT_GE(Unbuildable, 0);
  EXPECT_TRUE(isUnbuildableEntry(Unbuildable));
  ::close(Unbuildable);
  int Built = openEntry("built");
  ASSERT_GE(Built, 0);
  EXPECT_FALSE(isUnbuildableEntry(Built));
  ::close(Built);
  // Checked as any entry: a truncated one is removed, and built again.
  rewrite("unbuildable",
          [](std::string Bytes) { return Bytes.substr(0, Bytes.size() - 1); });
  EXPECT_EQ(openEntry("unbuildable"), -1);
  EXPECT_FALSE(
      sys::fs::exists(getProgramEntryPath(Settings.Directory, "unbuildable")));
}

TEST_F(ProgramCacheTest, TruncatedOrCorruptEntriesAreRemoved) {
  std::string Path = getProgramEntryPath(Settings.Directory, "recipe");
  store("recipe");
  rewrite("recipe", [](std::string Bytes) { return Bytes.substr(0, 3000); });
  EXPECT_EQ(openEntry("recipe"), -1);
  EXPECT_FALSE(sys::fs::exists(Path));

  store("recipe");
  rewrite("recipe", [](std::string Bytes) {
    Bytes[1234] ^= 0x10; // In the object: its checksum no longer holds.
    return Bytes;
  });
  EXPECT_EQ(openEntry("recipe"), -1);
  EXPECT_FALSE(sys::fs::exists(Path));

  store("recipe");
  rewrite("recipe", [](std::string Bytes) { return Bytes + "tail"; });
  EXPECT_EQ(openEntry("recipe"), -1);
  EXPECT_FALSE(sys::fs::exists(Path));
}

TEST_F(ProgramCacheTest, EntriesTheUserDidNotMakeAreLeftAlone) {
  store("recipe");
  std::string Path = getProgramEntryPath(Settings.Directory, "recipe");
  ASSERT_FALSE(sys::fs::setPermissions(
      Path, sys::fs::owner_read | sys::fs::owner_write | sys::fs::group_write));
  std::string Problem;
  EXPECT_EQ(openProgramEntry(Settings, "recipe", Problem), -1);
  EXPECT_EQ(Problem, "the compile cache's entry '" + Path +
                         "' is writable by group or others: not using the "
                         "cache");
  EXPECT_TRUE(sys::fs::exists(Path));
  ASSERT_FALSE(sys::fs::remove(Path));
  ASSERT_EQ(::mkfifo(Path.c_str(), 0600), 0);
  EXPECT_EQ(openProgramEntry(Settings, "recipe", Problem), -1);
  EXPECT_EQ(Problem, "the compile cache's entry '" + Path +
                         "' is not a regular file: not using the cache");
}

TEST_F(ProgramCacheTest, OpeningTheDirectoryPinsIt) {
  CacheSettings Opened = Settings;
  ASSERT_FALSE(openCacheDirectory(Opened));
  EXPECT_EQ(Opened.DisplayName, Settings.Directory);
  EXPECT_EQ(Opened.Directory.rfind("/proc/self/fd/", 0), 0u);
  // Renamed away, the opened directory is still the one written.
  int FD = openFileWith(Object);
  ASSERT_GE(FD, 0);
  SmallString<128> Moved(Directory);
  Moved += "-moved";
  ASSERT_FALSE(sys::fs::rename(Directory, Moved));
  EXPECT_FALSE(storeProgramEntry(Opened, "recipe", FD));
  ::close(FD);
  EXPECT_TRUE(sys::fs::exists(getProgramEntryPath(Moved.str().str(), "recipe")));
  ASSERT_FALSE(sys::fs::rename(Moved, Directory));
}

TEST_F(ProgramCacheTest, AFullDiskEvictsHalfTheEntries) {
  for (const char *Recipe : {"a", "b", "c", "d"}) {
    store(Recipe);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // Another error is no want of room: nothing goes.
  EXPECT_FALSE(makeRoomAfterFailedWrite(Settings.Directory, EACCES));
  EXPECT_TRUE(sys::fs::exists(getProgramEntryPath(Settings.Directory, "a")));
  // The two least recently used go.
  EXPECT_TRUE(makeRoomAfterFailedWrite(Settings.Directory, ENOSPC));
  EXPECT_FALSE(sys::fs::exists(getProgramEntryPath(Settings.Directory, "a")));
  EXPECT_FALSE(sys::fs::exists(getProgramEntryPath(Settings.Directory, "b")));
  EXPECT_TRUE(sys::fs::exists(getProgramEntryPath(Settings.Directory, "c")));
  EXPECT_TRUE(makeRoomAfterFailedWrite(Settings.Directory, EDQUOT));
  EXPECT_TRUE(sys::fs::exists(getProgramEntryPath(Settings.Directory, "d")));
  EXPECT_TRUE(makeRoomAfterFailedWrite(Settings.Directory, ENOSPC));
  // An empty cache has no room to make.
  EXPECT_FALSE(makeRoomAfterFailedWrite(Settings.Directory, ENOSPC));
}

TEST_F(ProgramCacheTest, ADirectoryThatIsGoneCannotBeWritten) {
  int FD = openFileWith(Object);
  ASSERT_GE(FD, 0);
  CacheSettings Gone = Settings;
  Gone.Directory += "/gone";
  Gone.DisplayName = Gone.Directory;
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
  Expected<std::optional<CompileCache::Entry>> Old =
      (*Submodules)->lookup("old");
  ASSERT_TRUE(bool(Old));
  EXPECT_FALSE(*Old);
  int FD = openEntry("program");
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
  EXPECT_EQ(openEntry("program"), -1);
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
    // The XDG specification: an empty or relative path is ignored.
    ScopedEnvironment Home("HOME", "/home/user");
    for (const char *Ignored : {"", "relative/path"}) {
      ScopedEnvironment Xdg("XDG_CACHE_HOME", Ignored);
      EXPECT_FALSE(readCacheSettings("", false, Settings));
      ASSERT_TRUE(Settings);
      EXPECT_EQ(Settings->Directory, "/home/user/.cache/mm") << Ignored;
    }
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
