//===- ProgramCache.cpp - mm-lli's cache without LLVM ---------------------===//
//
// A whole-program entry is the file `mm-program-<hash of the recipe>.so`:
//
//   the shared object's bytes       first, so that the file loads as it is
//   the recipe's bytes
//   "MMPROG01"                      magic and format version
//   u64 object size, u64 recipe size, u64 checksum of the object
//
// in little-endian order. The dynamic loader maps what the object's program
// headers name and never reads the bytes after it. An entry of no object
// records that the recipe's bundle cannot be built whole.
//
//===----------------------------------------------------------------------===//

#include "mm/Launch/ProgramCache.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <pwd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace mm::launch;
namespace fs = std::filesystem;

static constexpr std::string_view Magic = "MMPROG01";
static constexpr size_t TrailerSize = 8 + 3 * 8;

std::optional<std::string>
mm::launch::readCacheSettings(std::string_view FlagDirectory, bool Disabled,
                              std::optional<CacheSettings> &Settings) {
  auto getEnv = [](const char *Name) {
    const char *Value = std::getenv(Name);
    return std::string(Value ? Value : "");
  };
  Settings.reset();
  CacheSettings Result;
  Result.Directory = FlagDirectory;
  if (Result.Directory.empty()) {
    std::string Disable = getEnv("MM_CACHE_DISABLE");
    if (!Disable.empty() && Disable != "0" && Disable != "1")
      return "MM_CACHE_DISABLE: '" + Disable + "' is neither 0 nor 1";
    if (Disabled || Disable == "1")
      return std::nullopt;
    Result.Directory = getEnv("MM_CACHE_PATH");
  }
  if (Result.Directory.empty()) {
    // The user's cache directory, as the XDG Base Directory specification
    // says: $XDG_CACHE_HOME where it is an absolute path (an empty or
    // relative one is ignored), else ~/.cache.
    if (std::string Xdg = getEnv("XDG_CACHE_HOME");
        !Xdg.empty() && Xdg.front() == '/') {
      Result.Directory = Xdg;
    } else {
      std::string Home = getEnv("HOME");
      if (Home.empty())
        if (const passwd *User = getpwuid(getuid()))
          Home = User->pw_dir ? User->pw_dir : "";
      if (Home.empty())
        return std::nullopt;
      Result.Directory = Home + "/.cache";
    }
    Result.Directory += "/mm";
  }
  Result.DisplayName = Result.Directory;
  if (std::string Size = getEnv("MM_CACHE_MAXSIZE"); !Size.empty()) {
    char *End = nullptr;
    errno = 0;
    unsigned long long Bytes = std::strtoull(Size.c_str(), &End, 10);
    if (!std::isdigit(static_cast<unsigned char>(Size[0])) || *End ||
        errno == ERANGE)
      return "MM_CACHE_MAXSIZE: '" + Size + "' is not a number of bytes";
    Result.MaxSize = Bytes;
  }
  Settings = std::move(Result);
  return std::nullopt;
}

uint64_t mm::launch::evictLeastRecentlyUsed(const std::string &Directory,
                                            uint64_t MaxSize) {
  struct Entry {
    fs::path Path;
    uint64_t Size;
    fs::file_time_type LastUsed;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (fs::directory_iterator It(Directory, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (It->path().filename().string().rfind(EntryPrefix, 0) != 0)
      continue;
    std::error_code StatusEC;
    uint64_t Size = fs::file_size(It->path(), StatusEC);
    if (StatusEC)
      continue;
    fs::file_time_type LastUsed = fs::last_write_time(It->path(), StatusEC);
    if (StatusEC)
      continue;
    Entries.push_back({It->path(), Size, LastUsed});
    Total += Size;
  }
  if (Total <= MaxSize)
    return Total;
  std::sort(Entries.begin(), Entries.end(), [](const Entry &A, const Entry &B) {
    return A.LastUsed < B.LastUsed;
  });
  for (const Entry &E : Entries) {
    if (Total <= MaxSize)
      break;
    std::error_code RemoveEC;
    if (fs::remove(E.Path, RemoveEC))
      Total -= E.Size;
  }
  return Total;
}

bool mm::launch::makeRoomAfterFailedWrite(const std::string &Directory,
                                          int Errno) {
  if (Errno != ENOSPC && Errno != EDQUOT)
    return false;
  uint64_t Before = evictLeastRecentlyUsed(Directory, UINT64_MAX);
  return Before && evictLeastRecentlyUsed(Directory, Before / 2) < Before;
}

/// Creates \p Path's missing directories, each with mode 0700.
static void createPrivateDirectories(const std::string &Path) {
  for (size_t Slash = Path.find('/', 1);; Slash = Path.find('/', Slash + 1)) {
    std::string Prefix = Path.substr(0, Slash);
    if (!Prefix.empty())
      (void)::mkdir(Prefix.c_str(), 0700);
    if (Slash == std::string::npos)
      return;
  }
}

/// Why the file of \p Status, named \p Name, is not the user's alone, or
/// nothing.
static std::optional<std::string> checkOwnedByUser(const struct stat &Status,
                                                   const std::string &Name) {
  if (Status.st_uid != geteuid())
    return "'" + Name + "' is owned by another user (uid " +
           std::to_string(Status.st_uid) + ")";
  if (Status.st_mode & (S_IWGRP | S_IWOTH))
    return "'" + Name + "' is writable by group or others";
  return std::nullopt;
}

std::optional<std::string>
mm::launch::openCacheDirectory(CacheSettings &Settings) {
  if (Settings.DisplayName.empty())
    Settings.DisplayName = Settings.Directory;
  const std::string &Name = Settings.DisplayName;
  createPrivateDirectories(Settings.Directory);
  int FD = ::open(Settings.Directory.c_str(),
                  O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
  if (FD < 0)
    return "cannot open the compile cache '" + Name +
           "': " + std::strerror(errno);
  struct stat Status;
  std::optional<std::string> Problem;
  if (fstat(FD, &Status) != 0)
    Problem = "cannot open the compile cache '" + Name +
              "': " + std::strerror(errno);
  else if (std::optional<std::string> NotOurs = checkOwnedByUser(Status, Name))
    Problem = "the compile cache " + *NotOurs + ": not using it";
  if (Problem) {
    ::close(FD);
    return Problem;
  }
  Settings.Directory = "/proc/self/fd/" + std::to_string(FD);
  removeAbandonedTemporaries(Settings.Directory);
  return std::nullopt;
}

int mm::launch::openCacheEntry(const std::string &Path,
                               const std::string &DisplayName,
                               std::string &Problem) {
  Problem.clear();
  int FD = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (FD < 0) {
    if (errno == ELOOP)
      Problem = "the compile cache's entry '" + DisplayName +
                "' is a symbolic link: not using the cache";
    return -1;
  }
  struct stat Status;
  if (fstat(FD, &Status) != 0) {
    ::close(FD);
    return -1;
  }
  if (!S_ISREG(Status.st_mode))
    Problem = "the compile cache's entry '" + DisplayName +
              "' is not a regular file: not using the cache";
  else if (std::optional<std::string> NotOurs =
               checkOwnedByUser(Status, DisplayName))
    Problem = "the compile cache's entry " + *NotOurs + ": not using the cache";
  if (!Problem.empty()) {
    ::close(FD);
    return -1;
  }
  return FD;
}

std::string mm::launch::getTemporaryPrefix(std::string_view Kind) {
  return std::string(TemporaryPrefix) + std::to_string(getpid()) + "-" +
         std::string(Kind) + "-";
}

void mm::launch::removeAbandonedTemporaries(const std::string &Directory) {
  std::error_code EC;
  for (fs::directory_iterator It(Directory, EC), End; It != End && !EC;
       It.increment(EC)) {
    std::string Name = It->path().filename().string();
    if (Name.rfind(TemporaryPrefix, 0) != 0)
      continue;
    std::string_view Rest = std::string_view(Name).substr(TemporaryPrefix.size());
    // A process ID: at most 9 digits (Linux's pid_max is at most 2^22).
    size_t Digits = Rest.find_first_not_of("0123456789");
    if (Digits == 0 || Digits > 9 || Digits == std::string_view::npos ||
        Rest[Digits] != '-')
      continue;
    pid_t Writer = static_cast<pid_t>(std::stol(std::string(Rest.substr(0, Digits))));
    if (::kill(Writer, 0) == 0 || errno != ESRCH)
      continue; // Still at work, or another user's process.
    std::error_code RemoveEC;
    fs::remove_all(It->path(), RemoveEC);
  }
}

/// A hash of \p Data, eight bytes at a time. Each step is a bijection of
/// the state and the word, so an entry that differs in one word always has
/// another checksum.
static uint64_t hashBytes(std::string_view Data) {
  uint64_t Hash = 0x9E3779B97F4A7C15ull ^ Data.size();
  auto Mix = [&](uint64_t Word) {
    Hash = (Hash ^ Word) * 0xFF51AFD7ED558CCDull;
    Hash ^= Hash >> 32;
  };
  size_t I = 0;
  for (; I + 8 <= Data.size(); I += 8) {
    uint64_t Word;
    std::memcpy(&Word, Data.data() + I, 8);
    Mix(Word);
  }
  uint64_t Tail = 0;
  std::memcpy(&Tail, Data.data() + I, Data.size() - I);
  Mix(Tail);
  return Hash;
}

static void write64(char *Out, uint64_t Value) {
  for (int I = 0; I != 8; ++I)
    Out[I] = static_cast<char>(Value >> (8 * I));
}

static uint64_t read64(const char *In) {
  uint64_t Value = 0;
  for (int I = 0; I != 8; ++I)
    Value |= uint64_t(static_cast<unsigned char>(In[I])) << (8 * I);
  return Value;
}

std::string mm::launch::getProgramEntryPath(const std::string &Directory,
                                            std::string_view Recipe) {
  char Hex[17];
  std::snprintf(Hex, sizeof(Hex), "%016llx",
                static_cast<unsigned long long>(hashBytes(Recipe)));
  return Directory + "/" + std::string(EntryPrefix) + "program-" + Hex + ".so";
}

/// Whether \p Data, a whole entry file, is \p Recipe's entry and whole.
static bool isWholeEntry(std::string_view Data, std::string_view Recipe) {
  if (Data.size() < TrailerSize)
    return false;
  const char *Trailer = Data.data() + Data.size() - TrailerSize;
  if (std::string_view(Trailer, Magic.size()) != Magic)
    return false;
  uint64_t ObjectSize = read64(Trailer + 8);
  uint64_t RecipeSize = read64(Trailer + 16);
  uint64_t Checksum = read64(Trailer + 24);
  uint64_t Body = Data.size() - TrailerSize;
  if (ObjectSize > Body || RecipeSize != Body - ObjectSize)
    return false;
  return Data.substr(ObjectSize, RecipeSize) == Recipe &&
         hashBytes(Data.substr(0, ObjectSize)) == Checksum;
}

int mm::launch::openProgramEntry(const CacheSettings &Settings,
                                 std::string_view Recipe,
                                 std::string &Problem) {
  std::string Path = getProgramEntryPath(Settings.Directory, Recipe);
  int FD = openCacheEntry(
      Path, getProgramEntryPath(Settings.DisplayName, Recipe), Problem);
  if (FD < 0)
    return -1;
  struct stat Status;
  bool Whole = false;
  if (fstat(FD, &Status) == 0 && Status.st_size > 0) {
    size_t Size = static_cast<size_t>(Status.st_size);
    void *Data = mmap(nullptr, Size, PROT_READ, MAP_PRIVATE, FD, 0);
    if (Data != MAP_FAILED) {
      Whole = isWholeEntry(std::string_view(static_cast<char *>(Data), Size),
                           Recipe);
      munmap(Data, Size);
    }
  }
  if (!Whole) {
    ::close(FD);
    // Another program's entry under the same hash is as good as lost: this
    // one replaces it once built.
    ::unlink(Path.c_str());
    return -1;
  }
  // Used now: the last to be evicted.
  (void)futimens(FD, nullptr);
  return FD;
}

/// Writes all of \p Data to \p FD.
static bool writeAll(int FD, const char *Data, size_t Size) {
  while (Size) {
    ssize_t Written = ::write(FD, Data, Size);
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0)
      return false;
    Data += Written;
    Size -= static_cast<size_t>(Written);
  }
  return true;
}

/// Writes \p Recipe's entry of \p Object to a file of its own, then renames
/// it into place, so that a process that looks the recipe up sees no entry
/// or a whole one; the errno of what failed, or 0.
static int writeEntry(const CacheSettings &Settings, std::string_view Recipe,
                      std::string_view Object) {
  std::string Temporary =
      Settings.Directory + "/" + getTemporaryPrefix("program") + "XXXXXX";
  int FD = mkstemp(Temporary.data());
  if (FD < 0)
    return errno;
  char Trailer[TrailerSize];
  std::memcpy(Trailer, Magic.data(), Magic.size());
  write64(Trailer + 8, Object.size());
  write64(Trailer + 16, Recipe.size());
  write64(Trailer + 24, hashBytes(Object));
  bool Written = writeAll(FD, Object.data(), Object.size()) &&
                 writeAll(FD, Recipe.data(), Recipe.size()) &&
                 writeAll(FD, Trailer, TrailerSize);
  int WriteErrno = errno;
  if (::close(FD) != 0 && Written) {
    Written = false;
    WriteErrno = errno;
  }
  if (Written &&
      ::rename(Temporary.c_str(),
               getProgramEntryPath(Settings.Directory, Recipe).c_str()) == 0)
    return 0;
  if (Written)
    WriteErrno = errno;
  ::unlink(Temporary.c_str());
  return WriteErrno ? WriteErrno : EIO;
}

/// Stores \p Object as \p Recipe's entry, then evicts; on a full disk,
/// evicts first and tries once more.
static std::optional<std::string> storeEntry(const CacheSettings &Settings,
                                             std::string_view Recipe,
                                             std::string_view Object) {
  int Errno = writeEntry(Settings, Recipe, Object);
  if (Errno && makeRoomAfterFailedWrite(Settings.Directory, Errno))
    Errno = writeEntry(Settings, Recipe, Object);
  if (Errno)
    return "cannot write to the compile cache '" + Settings.DisplayName +
           "': " + std::strerror(Errno);
  evictLeastRecentlyUsed(Settings.Directory, Settings.MaxSize);
  return std::nullopt;
}

std::optional<std::string>
mm::launch::storeProgramEntry(const CacheSettings &Settings,
                              std::string_view Recipe, int SharedObject) {
  struct stat Status;
  if (fstat(SharedObject, &Status) != 0)
    return std::string("cannot read the compiled program: ") +
           std::strerror(errno);
  std::string Object(static_cast<size_t>(Status.st_size), '\0');
  if (pread(SharedObject, Object.data(), Object.size(), 0) !=
      static_cast<ssize_t>(Object.size()))
    return std::string("cannot read the compiled program: ") +
           std::strerror(errno);
  return storeEntry(Settings, Recipe, Object);
}

std::optional<std::string>
mm::launch::storeUnbuildableEntry(const CacheSettings &Settings,
                                  std::string_view Recipe) {
  return storeEntry(Settings, Recipe, "");
}

bool mm::launch::isUnbuildableEntry(int Entry) {
  struct stat Status;
  char Trailer[TrailerSize];
  return fstat(Entry, &Status) == 0 && Status.st_size >= off_t(TrailerSize) &&
         pread(Entry, Trailer, TrailerSize, Status.st_size - TrailerSize) ==
             ssize_t(TrailerSize) &&
         read64(Trailer + 8) == 0;
}
