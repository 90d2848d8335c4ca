//===- BundleTestUtils.h - Helpers shared by the Bundle tests ---*- C++ -*-===//

#ifndef MM_UNITTESTS_BUNDLE_BUNDLETESTUTILS_H
#define MM_UNITTESTS_BUNDLE_BUNDLETESTUTILS_H

#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

namespace mm::test {

/// Reads \p Text as the bundle file \p Name.
inline llvm::Expected<Bundle> read(llvm::StringRef Text,
                                   llvm::StringRef Name = "test.mml") {
  return readBundle(llvm::MemoryBuffer::getMemBufferCopy(Text, Name));
}

/// \p B written as text.
inline std::string write(const Bundle &B) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeBundle(B, OS);
  return Text;
}

/// Succeeds for Error::success(), else fails with the error's message.
inline testing::AssertionResult succeeded(llvm::Error E) {
  if (!E)
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << llvm::toString(std::move(E));
}

} // namespace mm::test

#endif // MM_UNITTESTS_BUNDLE_BUNDLETESTUTILS_H
