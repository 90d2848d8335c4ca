//===- CompileCacheTest.cpp - Compiled submodules on disk -----------------===//

#include "mm/Run/CompileCache.h"
#include "RewriteFile.h"
#include "mm/Launch/ProgramCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <sys/stat.h>
#include <unistd.h>
#include <thread>
#include <vector>

using namespace llvm;
using namespace mm;

namespace {

class CompileCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("mm-cache-test", Directory));
    // Whatever the umask: a cache directory is the user's alone.
    ASSERT_FALSE(sys::fs::setPermissions(Directory, sys::fs::owner_all));
  }
  void TearDown() override { sys::fs::remove_directories(Directory); }

  std::unique_ptr<CompileCache>
  open(uint64_t MaxSize = launch::DefaultCacheMaxSize) {
    Expected<std::unique_ptr<CompileCache>> Cache =
        CompileCache::open(Directory, MaxSize);
    if (!Cache) {
      ADD_FAILURE() << toString(Cache.takeError());
      return nullptr;
    }
    return std::move(*Cache);
  }

  /// \p Key's entry in \p Cache; a failure where the lookup is an error.
  static std::optional<CompileCache::Entry> lookup(CompileCache &Cache,
                                                   StringRef Key) {
    Expected<std::optional<CompileCache::Entry>> Entry = Cache.lookup(Key);
    if (!Entry) {
      ADD_FAILURE() << toString(Entry.takeError());
      return std::nullopt;
    }
    return std::move(*Entry);
  }

  /// The message of \p Key's lookup in \p Cache, which must be an error.
  static std::string lookupError(CompileCache &Cache, StringRef Key) {
    Expected<std::optional<CompileCache::Entry>> Entry = Cache.lookup(Key);
    if (Entry) {
      ADD_FAILURE() << "the lookup succeeded";
      return "";
    }
    return toString(Entry.takeError());
  }

  size_t countEntries() {
    size_t N = 0;
    std::error_code EC;
    for (sys::fs::directory_iterator It(Directory, EC), End; It != End && !EC;
         It.increment(EC))
      ++N;
    return N;
  }

  SmallString<128> Directory;
};

TEST_F(CompileCacheTest, KeysHashEveryPartAndWhereItEnds) {
  EXPECT_EQ(CompileCache::makeKey({"ab", "c"}),
            CompileCache::makeKey({"ab", "c"}));
  EXPECT_NE(CompileCache::makeKey({"ab", "c"}),
            CompileCache::makeKey({"a", "bc"}));
  EXPECT_NE(CompileCache::makeKey({"ab"}), CompileCache::makeKey({"ab", ""}));
  EXPECT_EQ(CompileCache::makeKey({"x"}).size(), 64u);
}

TEST_F(CompileCacheTest, StoredEntriesComeBackWhole) {
  std::unique_ptr<CompileCache> Cache = open();
  ASSERT_TRUE(Cache);
  std::string Key = CompileCache::makeKey({"module"});
  EXPECT_FALSE(lookup(*Cache, Key));
  std::string Object(10000, '\0');
  for (size_t I = 0; I < Object.size(); ++I)
    Object[I] = char(I * 7);
  ASSERT_FALSE(bool(Cache->store(Key, Object, "facts")));
  std::optional<CompileCache::Entry> Entry = lookup(*Cache, Key);
  ASSERT_TRUE(Entry);
  EXPECT_EQ(Entry->Object->getBuffer(), Object);
  EXPECT_EQ(Entry->Facts, "facts");
  // No temporary file is left behind.
  EXPECT_EQ(countEntries(), 1u);
}

TEST_F(CompileCacheTest, TruncatedOrCorruptEntriesAreRemoved) {
  std::unique_ptr<CompileCache> Cache = open();
  ASSERT_TRUE(Cache);
  std::string Key = CompileCache::makeKey({"module"});
  std::string Path = Cache->getEntryPath(Key);
  std::vector<std::function<std::string(std::string)>> Damages = {
      [](std::string B) { return B.substr(0, B.size() - 1); },
      [](std::string B) { return B.substr(0, 10); },
      [](std::string) { return std::string(); },
      [](std::string B) { B[B.size() / 2] ^= 1; return B; },
      [](std::string B) { B[0] = 'X'; return B; },
      [](std::string B) { return B + "more"; },
  };
  for (size_t I = 0; I != Damages.size(); ++I) {
    ASSERT_FALSE(bool(Cache->store(Key, std::string(4096, 'o'), "facts")));
    rewriteFile(Path, Damages[I]);
    EXPECT_FALSE(lookup(*Cache, Key)) << "damage " << I;
    EXPECT_FALSE(sys::fs::exists(Path)) << "damage " << I;
  }
}

TEST_F(CompileCacheTest, LeastRecentlyUsedEntriesGoFirst) {
  // Room for two entries of 1000 bytes with their headers, not three.
  std::unique_ptr<CompileCache> Cache = open(2500);
  ASSERT_TRUE(Cache);
  std::string A = CompileCache::makeKey({"a"}), B = CompileCache::makeKey({"b"}),
              C = CompileCache::makeKey({"c"});
  std::string Object(1000, 'x');
  ASSERT_FALSE(bool(Cache->store(A, Object, "")));
  // File times have a resolution; make the order of use unambiguous.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_FALSE(bool(Cache->store(B, Object, "")));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(lookup(*Cache, A)); // A is now the more recently used.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_FALSE(bool(Cache->store(C, Object, "")));
  EXPECT_TRUE(lookup(*Cache, A));
  EXPECT_FALSE(lookup(*Cache, B));
  EXPECT_TRUE(lookup(*Cache, C));
}

TEST_F(CompileCacheTest, ConcurrentWritersLeaveWholeEntries) {
  std::unique_ptr<CompileCache> Cache = open();
  ASSERT_TRUE(Cache);
  // Eight writers store the same keys with the same contents at once, as
  // processes that compile the same bundle do; readers run among them.
  std::vector<std::string> Keys;
  for (int K = 0; K != 8; ++K)
    Keys.push_back(CompileCache::makeKey({std::to_string(K)}));
  auto ObjectOf = [](size_t K) { return std::string(20000 + K, char('a' + K)); };
  std::vector<std::thread> Threads;
  std::atomic<unsigned> Torn{0};
  for (int T = 0; T != 8; ++T)
    Threads.emplace_back([&] {
      for (int Round = 0; Round != 20; ++Round)
        for (size_t K = 0; K != Keys.size(); ++K) {
          if (Cache->store(Keys[K], ObjectOf(K), "f"))
            ++Torn;
          if (std::optional<CompileCache::Entry> E = lookup(*Cache, Keys[K]))
            Torn += E->Object->getBuffer() != ObjectOf(K);
        }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Torn, 0u);
  for (size_t K = 0; K != Keys.size(); ++K) {
    std::optional<CompileCache::Entry> E = lookup(*Cache, Keys[K]);
    ASSERT_TRUE(E);
    EXPECT_EQ(E->Object->getBuffer(), ObjectOf(K));
  }
  EXPECT_EQ(countEntries(), Keys.size());
}

TEST_F(CompileCacheTest, ADirectoryThatCannotBeMadeIsAnError) {
  SmallString<128> File(Directory);
  sys::path::append(File, "file");
  {
    std::error_code EC;
    raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC);
  }
  SmallString<128> Below(File);
  sys::path::append(Below, "cache");
  Expected<std::unique_ptr<CompileCache>> Cache =
      CompileCache::open(Below, launch::DefaultCacheMaxSize);
  ASSERT_FALSE(bool(Cache));
  EXPECT_NE(toString(Cache.takeError()).find("cannot open the compile cache"),
            std::string::npos);
}

TEST_F(CompileCacheTest, NewDirectoriesAreTheUsersAlone) {
  SmallString<128> Below(Directory);
  sys::path::append(Below, "a", "cache");
  ASSERT_TRUE(bool(CompileCache::open(Below, launch::DefaultCacheMaxSize)));
  for (StringRef Path : {Below.str(), sys::path::parent_path(Below)}) {
    ErrorOr<sys::fs::perms> Perms = sys::fs::getPermissions(Path);
    ASSERT_TRUE(bool(Perms));
    EXPECT_EQ(*Perms, sys::fs::owner_all) << Path.str();
  }
}

TEST_F(CompileCacheTest, ADirectoryOthersCanWriteIsNotUsed) {
  for (sys::fs::perms Perms : {sys::fs::owner_all | sys::fs::group_write,
                               sys::fs::owner_all | sys::fs::all_write}) {
    ASSERT_FALSE(sys::fs::setPermissions(Directory, Perms));
    Expected<std::unique_ptr<CompileCache>> Cache =
        CompileCache::open(Directory, launch::DefaultCacheMaxSize);
    ASSERT_FALSE(bool(Cache));
    EXPECT_NE(toString(Cache.takeError()).find("writable by group or others"),
              std::string::npos);
  }
}

TEST_F(CompileCacheTest, AnEntryRecordsItsKey) {
  std::unique_ptr<CompileCache> Cache = open();
  ASSERT_TRUE(Cache);
  std::string A = CompileCache::makeKey({"a"}), B = CompileCache::makeKey({"b"});
  ASSERT_FALSE(bool(Cache->store(A, std::string(100, 'a'), "")));
  ASSERT_FALSE(
      sys::fs::copy_file(Cache->getEntryPath(A), Cache->getEntryPath(B)));
  EXPECT_FALSE(lookup(*Cache, B));
  EXPECT_TRUE(lookup(*Cache, A));
}

TEST_F(CompileCacheTest, EntriesTheUserDidNotMakeAreRefused) {
  std::unique_ptr<CompileCache> Cache = open();
  ASSERT_TRUE(Cache);
  std::string Key = CompileCache::makeKey({"k"});
  std::string Path = Cache->getEntryPath(Key);
  // A FIFO: refused at once, never waited on.
  ASSERT_EQ(::mkfifo(Path.c_str(), 0600), 0);
  EXPECT_NE(lookupError(*Cache, Key).find("not a regular file"),
            std::string::npos);
  ASSERT_EQ(::unlink(Path.c_str()), 0);
  // An entry that others may have written.
  ASSERT_FALSE(bool(Cache->store(Key, std::string(100, 'k'), "")));
  ASSERT_FALSE(sys::fs::setPermissions(
      Path, sys::fs::owner_read | sys::fs::owner_write | sys::fs::all_write));
  EXPECT_NE(lookupError(*Cache, Key).find("writable by group or others"),
            std::string::npos);
  ASSERT_FALSE(sys::fs::remove(Path));
  // A symbolic link, even to a whole entry.
  std::string Other = CompileCache::makeKey({"other"});
  ASSERT_FALSE(bool(Cache->store(Other, std::string(100, 'o'), "")));
  ASSERT_FALSE(sys::fs::create_link(Cache->getEntryPath(Other), Path));
  EXPECT_NE(lookupError(*Cache, Key).find("symbolic link"), std::string::npos);
}

TEST_F(CompileCacheTest, AbandonedTemporariesAreRemoved) {
  // A writer's temporary file and a build's directory, named for a process
  // that is gone (99999999 is above Linux's largest pid_max, 2^22), and
  // one of this process.
  SmallString<128> Dead(Directory), DeadBuild(Directory), Alive(Directory),
      NoProcess(Directory);
  sys::path::append(Dead, "tmp-99999999-object-abc");
  sys::path::append(DeadBuild, "tmp-99999999-build-abc");
  sys::path::append(Alive, launch::getTemporaryPrefix("object") + "abc");
  // More digits than a process ID has: not a writer's file.
  sys::path::append(NoProcess, "tmp-99999999999999999999-object-abc");
  for (StringRef File : {Dead.str(), Alive.str(), NoProcess.str()}) {
    std::error_code EC;
    raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC);
  }
  ASSERT_FALSE(sys::fs::create_directories(DeadBuild + "/inside"));
  ASSERT_TRUE(bool(CompileCache::open(Directory, launch::DefaultCacheMaxSize)));
  EXPECT_FALSE(sys::fs::exists(Dead));
  EXPECT_FALSE(sys::fs::exists(DeadBuild));
  EXPECT_TRUE(sys::fs::exists(Alive));
  EXPECT_TRUE(sys::fs::exists(NoProcess));
}

} // namespace
