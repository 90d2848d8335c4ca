//===- BinaryReaderFuzzer.cpp - libFuzzer target for binary bundles -------===//
//
// For any input: reading it as a bundle never crashes this process, whatever
// the bitcode and MLIR bytecode readers do with it (they run in a child
// process); a bundle that reads is written as text that reads back to the
// same submodules.
//
// The mutator keeps most inputs sealed: it mutates the bitcode of a binary
// bundle and rewrites the checksum, as a crafted file would, so that the
// input gets past the checksum to the readers. The other inputs are mutated
// whole, which the container's own checks must reject.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

using namespace llvm;
using namespace mm;

extern "C" size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

/// The header of a binary bundle (format-spec/mml-binary-v1.md section 3).
static constexpr size_t HeaderSize = 48;

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size,
                                          size_t MaxSize, unsigned Seed) {
  std::string Sealed(reinterpret_cast<char *>(Data), Size);
  if (Seed % 8 == 0 || Size <= HeaderSize || MaxSize <= HeaderSize ||
      !sealBinaryBundle(Sealed))
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  size_t Payload =
      LLVMFuzzerMutate(Data + HeaderSize, Size - HeaderSize, MaxSize - HeaderSize);
  Sealed.assign(reinterpret_cast<char *>(Data), HeaderSize + Payload);
  sealBinaryBundle(Sealed);
  memcpy(Data, Sealed.data(), Sealed.size());
  return Sealed.size();
}

static void check(bool Condition, const char *What) {
  if (Condition)
    return;
  errs() << "property violated: " << What << '\n';
  abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  if (!isBinaryBundle(Input))
    return 0;
  Expected<Bundle> B =
      readBundle(MemoryBuffer::getMemBufferCopy(Input, "fuzz.mmb"));
  if (!B) {
    consumeError(B.takeError());
    return 0;
  }
  // As text, with its headers.
  B->setPlainModule(false);
  std::string Text;
  raw_string_ostream OS(Text);
  writeBundle(*B, OS);
  Expected<Bundle> Again = readBundle(
      MemoryBuffer::getMemBufferCopy(Text, "fuzz.mml"), InputForm::Detect);
  if (B->empty()) {
    // An empty bundle's text is its preamble alone.
    consumeError(Again.takeError());
    return 0;
  }
  check(static_cast<bool>(Again), "the text of a binary bundle reads back");
  check(Again->size() == B->size(), "same number of submodules");
  for (size_t I = 0; I != B->size(); ++I)
    check(B->submodules()[I].header() == Again->submodules()[I].header(),
          "same header");
  return 0;
}
