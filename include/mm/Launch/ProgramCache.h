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
  std::string Directory;
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

/// Removes the entries of the cache in \p Directory least recently used
/// first, while all of them together are larger than \p MaxSize.
void evictLeastRecentlyUsed(const std::string &Directory, uint64_t MaxSize);

/// The whole-program entry of \p Recipe's file.
std::string getProgramEntryPath(const std::string &Directory,
                                std::string_view Recipe);

/// Opens the whole-program entry of \p Recipe and checks that it is whole;
/// returns a descriptor open on it, for the caller to close, or -1. An
/// entry that is not whole is removed; a whole one is marked as used now.
int openProgramEntry(const CacheSettings &Settings, std::string_view Recipe);

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
