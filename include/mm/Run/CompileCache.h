//===- mm/Run/CompileCache.h - Compiled submodules on disk -----*- C++ -*-===//
//
// A directory of compiled submodules, as the CUDA driver keeps compiled
// kernels (~/.nv/ComputeCache): each entry is an object file and the facts
// about its module that running it needs, under a key that hashes
// everything that decides the code. Entries are written to a temporary file
// and renamed into place, so that processes that fill the cache at once
// never see half an entry; each carries its size and a checksum, so that a
// truncated or corrupt entry is removed and rebuilt, never run. The
// directory is kept under a size bound by removing the entries least
// recently used.
//
//===----------------------------------------------------------------------===//

#ifndef MM_RUN_COMPILECACHE_H
#define MM_RUN_COMPILECACHE_H

#include "mm/Launch/ProgramCache.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace mm {

class CompileCache {
public:
  /// Opens (creating it if needed) the cache in \p Directory, bounded to
  /// \p MaxSize bytes; an error where the directory is not the user's alone
  /// (launch::openCacheDirectory).
  static llvm::Expected<std::unique_ptr<CompileCache>>
  open(llvm::StringRef Directory, uint64_t MaxSize);

  /// The key of \p Parts: a hash of each part and its length, in hex.
  static std::string makeKey(llvm::ArrayRef<llvm::StringRef> Parts);

  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Object;
    std::string Facts;
  };
  /// The entry stored under \p Key, if there is a whole one that records
  /// that key; marks it as used now. An entry that is not whole is removed;
  /// one that the user did not make (launch::openCacheEntry) is an error.
  llvm::Expected<std::optional<Entry>> lookup(llvm::StringRef Key);
  /// Stores \p Object and \p Facts under \p Key, then removes the least
  /// recently used entries, of either kind (mm/Launch/ProgramCache.h), while
  /// the cache is larger than its bound.
  llvm::Error store(llvm::StringRef Key, llvm::StringRef Object,
                    llvm::StringRef Facts);

  /// The file of \p Key's entry.
  std::string getEntryPath(llvm::StringRef Key) const;

private:
  explicit CompileCache(launch::CacheSettings Settings)
      : Settings(std::move(Settings)) {}

  launch::CacheSettings Settings;
};

} // namespace mm

#endif // MM_RUN_COMPILECACHE_H
