//===- Scratch.cpp - A block's scratch memory -----------------------------===//

#include "Scratch.h"
#include "DeviceIR.h"

#include "llvm/IR/IRBuilder.h"

using namespace llvm;
using namespace mm::device;

Value *mm::device::scratchArray(IRBuilderBase &B, Value *BlockScratch,
                                Value *BlockThreads, uint64_t Offset) {
  if (Offset == 0)
    return BlockScratch;
  return B.CreateInBoundsGEP(
      B.getInt8Ty(), BlockScratch,
      B.CreateMul(BlockThreads, B.getInt64(Offset), "", true, true));
}

Value *mm::device::scratchElement(IRBuilderBase &B, Value *Array,
                                  uint64_t Size, Value *Thread,
                                  const Twine &Name) {
  return B.CreateInBoundsGEP(
      B.getInt8Ty(), Array,
      B.CreateMul(Thread, B.getInt64(Size), "", true, true), Name);
}

/// Thread \p Thread's copy of the lowering's own scratch value at per-thread
/// offset \p Offset, of \p Size bytes.
static Value *getLoweringSlot(IRBuilderBase &B, const ThreadValues &TV,
                              uint64_t Offset, uint64_t Size, Value *Thread) {
  return scratchElement(B,
                        scratchArray(B, TV.get(ThreadArg::BlockScratch),
                                     TV.get(ThreadArg::BlockThreads), Offset),
                        Size, B.CreateZExtOrBitCast(Thread, B.getInt64Ty()));
}

Value *mm::device::exchangeSlot(IRBuilderBase &B, const ThreadValues &TV,
                                Value *Thread) {
  return getLoweringSlot(B, TV, ExchangeSlotOffset, ExchangeSlotSize, Thread);
}

Value *mm::device::exchangeTag(IRBuilderBase &B, const ThreadValues &TV,
                               Value *Thread) {
  return getLoweringSlot(B, TV, ExchangeTagOffset, ExchangeTagSize, Thread);
}
