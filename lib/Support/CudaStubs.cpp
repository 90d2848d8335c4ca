//===- CudaStubs.cpp - clang's CUDA host stubs ----------------------------===//

#include "mm/Support/CudaStubs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

std::string mm::getKernelNameForStub(StringRef StubName) {
  static constexpr StringLiteral StubPrefix = "__device_stub__";
  size_t Pos = StubName.find(StubPrefix);
  if (Pos == StringRef::npos)
    return "";
  // An unmangled (extern "C") stub is the prefix and the kernel's name.
  if (Pos == 0)
    return StubName.drop_front(StubPrefix.size()).str();
  // In a mangled name the prefix starts an <source-name>, `<length><id>`:
  // drop the prefix and shorten the length.
  size_t DigitsStart = Pos;
  while (DigitsStart > 0 && isDigit(StubName[DigitsStart - 1]))
    --DigitsStart;
  unsigned Length;
  if (DigitsStart == Pos ||
      StubName.slice(DigitsStart, Pos).getAsInteger(10, Length) ||
      Length <= StubPrefix.size())
    return "";
  return (StubName.take_front(DigitsStart) + Twine(Length - StubPrefix.size()) +
          StubName.drop_front(Pos + StubPrefix.size()))
      .str();
}
