//===- mm/Launch/ProgramCache.h - mm-lli's cache without LLVM --*- C++ -*-===//
//
// The part of mm-lli's compile cache that needs nothing of LLVM's, so that
// mm-lli's launcher (mm/Launch/LliLauncher.h) can use it before it loads
// libLLVM, if it loads it at all: where the cache is and how large it may
// grow (the flags and the MM_CACHE_* variables, as the CUDA driver's
// CUDA_CACHE_*), the eviction of the entries least recently used, and
// whole-program entries.
//
// A whole-program entry is a bundle compiled ahead of time into a shared
// object that links libmm_runtime (mm-llc --embed=cpu, then clang -shared),
// stored under its recipe: everything that decides its code, the bundle's
// bytes included. The entry holds the recipe whole and a lookup compares it
// byte for byte, so no two programs ever share an entry; a checksum finds a
// corrupt object, and sizes a truncated file.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LAUNCH_PROGRAMCACHE_H
#define MM_LAUNCH_PROGRAMCACHE_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mm::launch {

/// The size bound when none is given: 256 MiB, as CUDA_CACHE_MAXSIZE's.
inline constexpr uint64_t DefaultCacheMaxSize = uint64_t(256) << 20;

/// Where the cache is and how large it may grow.
struct CacheSettings {
  /// The directory, or once opened (openCacheDirectory) a path that names
  /// the opened directory whatever becomes of its name: /proc/self/fd/N.
  std::string Directory;
  /// The directory as the user named it, for messages.
  std::string DisplayName;
  uint64_t MaxSize = DefaultCacheMaxSize;
};

/// Reads the cache's settings: \p FlagDirectory (--object-cache-dir) if it
/// is not empty; else none if \p Disabled (--no-object-cache) or
/// MM_CACHE_DISABLE=1, else MM_CACHE_PATH, else `mm` in the user's cache
/// directory ($XDG_CACHE_HOME, else ~/.cache); bounded to MM_CACHE_MAXSIZE
/// bytes. \p Settings is left empty where there is no cache. Returns the
/// message of a variable that has no meaning, or nothing.
std::optional<std::string>
readCacheSettings(std::string_view FlagDirectory, bool Disabled,
                  std::optional<CacheSettings> &Settings);

/// The names of the cache's entries, of either kind, begin with this.
inline constexpr std::string_view EntryPrefix = "mm-";

/// The names of files and directories that a writer has not finished yet
/// begin with this, then the writer's process ID and '-'.
inline constexpr std::string_view TemporaryPrefix = "tmp-";

/// Opens the cache's directory, creating it and its missing parents with
/// mode 0700, and checks that only the user can change it, as OpenSSH and
/// ccache do: a directory (through symbolic links) that the effective user
/// owns and that group and others cannot write. On success
/// \p Settings.Directory names the opened directory (/proc/self/fd/N, the
/// descriptor open for the process's life), so that whoever can rename a
/// directory above it cannot swap another under mm, and
/// \p Settings.DisplayName keeps its given name. Returns why the cache
/// cannot be used.
std::optional<std::string> openCacheDirectory(CacheSettings &Settings);

/// Opens the cache entry at \p Path (named \p DisplayName in messages) for
/// reading, without following a symbolic link or blocking on a FIFO.
/// Returns -1 with \p Problem empty where there is no entry, and with the
/// reason where there is a file that the user did not make and must not be
/// used: not a regular file, owned by another user, or writable by group
/// or others.
int openCacheEntry(const std::string &Path, const std::string &DisplayName,
                   std::string &Problem);

/// Removes what writers of the cache in \p Directory left unfinished when
/// they were killed: temporary files and directories whose process is gone.
void removeAbandonedTemporaries(const std::string &Directory);

/// The beginning of the name of a new temporary file or directory of this
/// process in the cache: TemporaryPrefix, the process ID, \p Kind
/// ("program", "build", "object") and '-', for a unique suffix to follow.
std::string getTemporaryPrefix(std::string_view Kind);

/// Removes the entries of the cache in \p Directory least recently used
/// first, while all of them together are larger than \p MaxSize; returns
/// how many bytes the entries left take.
uint64_t evictLeastRecentlyUsed(const std::string &Directory,
                                uint64_t MaxSize);

/// Makes room after a write to the cache in \p Directory failed for want of
/// space (\p Errno is ENOSPC or EDQUOT): evicts entries until they take half
/// of what they took. False where the error is another, or nothing could be
/// removed.
bool makeRoomAfterFailedWrite(const std::string &Directory, int Errno);

/// The whole-program entry of \p Recipe's file.
std::string getProgramEntryPath(const std::string &Directory,
                                std::string_view Recipe);

/// Opens the whole-program entry of \p Recipe and checks that it is whole;
/// returns a descriptor open on it, for the caller to close, or -1. An
/// entry that is not whole is removed; a whole one is marked as used now.
/// An entry that must not be used (openCacheEntry) is left alone, and its
/// reason set in \p Problem.
int openProgramEntry(const CacheSettings &Settings, std::string_view Recipe,
                     std::string &Problem);

/// Stores the shared object \p SharedObject, open for reading at its start,
/// as \p Recipe's entry (written to a file of its own, then renamed into
/// place), then evicts. Returns the reason it could not, or nothing.
std::optional<std::string> storeProgramEntry(const CacheSettings &Settings,
                                             std::string_view Recipe,
                                             int SharedObject);

/// Stores \p Recipe's entry without a program: the recipe's bundle could not
/// be built whole, so that later runs of it go to the JIT without trying
/// again. Otherwise as storeProgramEntry.
std::optional<std::string> storeUnbuildableEntry(const CacheSettings &Settings,
                                                 std::string_view Recipe);

/// Whether the whole entry open on \p Entry (openProgramEntry) holds no
/// program (storeUnbuildableEntry).
bool isUnbuildableEntry(int Entry);

} // namespace mm::launch

#endif // MM_LAUNCH_PROGRAMCACHE_H
