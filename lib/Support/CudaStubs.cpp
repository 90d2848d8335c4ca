//===- CudaStubs.cpp - clang's CUDA host stubs ----------------------------===//

#include "mm/Support/CudaStubs.h"
#include "mm-runtime/mm_offload.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

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

SmallVector<GlobalVariable *> mm::findManagedShadows(Module &Host) {
  SmallVector<GlobalVariable *> Shadows;
  GlobalVariable *Annotations = Host.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Shadows;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return Shadows;
  for (Value *Entry : Entries->operands()) {
    auto *Fields = dyn_cast<ConstantStruct>(Entry);
    if (!Fields || Fields->getNumOperands() < 2)
      continue;
    auto *Shadow =
        dyn_cast<GlobalVariable>(Fields->getOperand(0)->stripPointerCasts());
    StringRef Annotation;
    if (Shadow && getConstantStringInfo(Fields->getOperand(1), Annotation) &&
        Annotation == MM_MANAGED_ANNOTATION)
      Shadows.push_back(Shadow);
  }
  return Shadows;
}
