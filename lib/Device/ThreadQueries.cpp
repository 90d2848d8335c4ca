//===- ThreadQueries.cpp - What a thread asks of its block ----------------===//

#include "ThreadQueries.h"
#include "DeviceIR.h"

#include "llvm/IR/IRBuilder.h"

using namespace llvm;
using namespace mm::device;

Value *mm::device::linearIndex(IRBuilderBase &B, Value *const Tid[3],
                               Value *const NTid[3]) {
  return B.CreateAdd(
      Tid[0],
      B.CreateMul(NTid[0],
                  B.CreateAdd(Tid[1], B.CreateMul(NTid[1], Tid[2], "", true,
                                                  true),
                              "", true, true),
                  "", true, true),
      "linear.tid", true, true);
}

Value *mm::device::linearThreadId(IRBuilderBase &B, const ThreadValues &TV) {
  Value *Tid[3], *NTid[3];
  for (unsigned D = 0; D < 3; ++D) {
    Tid[D] = TV.get(ThreadArg::TidX, D);
    NTid[D] = TV.get(ThreadArg::NTidX, D);
  }
  return linearIndex(B, Tid, NTid);
}

Value *mm::device::threadsPerBlock(IRBuilderBase &B, const ThreadValues &TV) {
  return B.CreateMul(B.CreateMul(TV.get(ThreadArg::NTidX, 0),
                                 TV.get(ThreadArg::NTidX, 1), "", true, true),
                     TV.get(ThreadArg::NTidX, 2), "", true, true);
}

std::pair<Value *, Value *>
mm::device::emitAMDGCNDispatchData(IRBuilderBase &B, Value *const NTid[3],
                                   Value *const NCtaId[3]) {
  Type *I8 = B.getInt8Ty();
  auto Store = [&](Value *Base, unsigned Offset, Value *V) {
    B.CreateAlignedStore(V, B.CreateConstInBoundsGEP1_64(I8, Base, Offset),
                         Align(2));
  };
  // hsa_kernel_dispatch_packet_t: workgroup_size_{x,y,z} (u16) at 4,
  // grid_size_{x,y,z} (u32, in work-items) at 12.
  Value *Packet =
      B.CreateAlloca(ArrayType::get(I8, 64), nullptr, "dispatch.packet");
  cast<AllocaInst>(Packet)->setAlignment(Align(8));
  B.CreateMemSet(Packet, B.getInt8(0), 64, Align(8));
  // Implicit arguments (v5): block_count_{x,y,z} (u32) at 0,
  // group_size_{x,y,z} (u16) at 12, remainder_{x,y,z} (u16) at 18.
  Value *Implicit =
      B.CreateAlloca(ArrayType::get(I8, 256), nullptr, "implicit.args");
  cast<AllocaInst>(Implicit)->setAlignment(Align(8));
  B.CreateMemSet(Implicit, B.getInt8(0), 256, Align(8));
  for (unsigned D = 0; D < 3; ++D) {
    Value *Size16 = B.CreateTrunc(NTid[D], B.getInt16Ty());
    Store(Packet, 4 + 2 * D, Size16);
    Store(Packet, 12 + 4 * D, B.CreateMul(NTid[D], NCtaId[D]));
    Store(Implicit, 4 * D, NCtaId[D]);
    Store(Implicit, 12 + 2 * D, Size16);
  }
  return {Packet, Implicit};
}
