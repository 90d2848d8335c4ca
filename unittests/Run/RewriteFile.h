//===- RewriteFile.h - Damaging cache entries in tests ----------*- C++ -*-===//

#ifndef MM_UNITTESTS_RUN_REWRITEFILE_H
#define MM_UNITTESTS_RUN_REWRITEFILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

namespace mm {

/// Rewrites the file at \p Path with \p Transform applied to its bytes, as a
/// crash or a full disk would leave a cache entry.
inline void
rewriteFile(llvm::StringRef Path,
            llvm::function_ref<std::string(std::string)> Transform) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> File =
      llvm::MemoryBuffer::getFile(Path);
  ASSERT_TRUE(bool(File));
  std::string Bytes = Transform((*File)->getBuffer().str());
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC);
  OS << Bytes;
}

} // namespace mm

#endif // MM_UNITTESTS_RUN_REWRITEFILE_H
