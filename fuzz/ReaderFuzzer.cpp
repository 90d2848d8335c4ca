//===- ReaderFuzzer.cpp - libFuzzer target for the bundle reader ----------===//
//
// For any input: reading never crashes; an input that reads is written back
// byte for byte, and every canonical header reads back to the same header.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace llvm;
using namespace mm;

static void check(bool Condition, const char *What) {
  if (Condition)
    return;
  errs() << "property violated: " << What << '\n';
  abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  // This target fuzzes the text form; mm-binary-reader-fuzzer the binary.
  if (isBinaryBundle(Input))
    return 0;
  Expected<Bundle> B =
      readBundle(MemoryBuffer::getMemBufferCopy(Input, "fuzz.mml"));
  if (!B) {
    consumeError(B.takeError());
    return 0;
  }
  std::string Written;
  raw_string_ostream OS(Written);
  writeBundle(*B, OS);
  check(Written == Input, "an unchanged bundle is written back byte for byte");

  // Edit every header so the writer must produce canonical ones, and check
  // that they read back to the same submodules.
  if (B->isPlainModule())
    return 0;
  for (Submodule &M : *B)
    M.editHeader();
  std::string Canonical;
  raw_string_ostream CanonicalOS(Canonical);
  writeBundle(*B, CanonicalOS);
  Expected<Bundle> Again =
      readBundle(MemoryBuffer::getMemBufferCopy(Canonical, "canonical.mml"));
  check(static_cast<bool>(Again), "a canonical bundle reads back");
  check(Again->size() == B->size(), "same number of submodules");
  for (size_t I = 0; I != B->size(); ++I) {
    const Submodule &Before = B->submodules()[I];
    const Submodule &After = Again->submodules()[I];
    check(Before.header() == After.header(), "same header");
    StringRef BodyBefore = Before.getBody(), BodyAfter = After.getBody();
    bool IsLast = I + 1 == B->size();
    // The writer ends every body but the last with a newline.
    check(BodyBefore == BodyAfter ||
              (!IsLast && BodyBefore.str() + "\n" == BodyAfter),
          "same body");
  }
  return 0;
}
