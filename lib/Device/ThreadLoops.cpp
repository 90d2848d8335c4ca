//===- ThreadLoops.cpp - Loops over a block's threads ---------------------===//

#include "ThreadLoops.h"
#include "BlockABI.h"
#include "ThreadQueries.h"

#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

BlockFunction BlockFunction::create(Function &Thread, IRBuilderBase &B) {
  BlockFunction BF;
  BF.Thread = &Thread;
  BF.Kernel = getKernelOfThreadFunction(Thread);
  Module &M = *Thread.getParent();
  LLVMContext &C = M.getContext();
  PointerType *Ptr = PointerType::get(C, 0);
  BF.F = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr}, false),
      GlobalValue::InternalLinkage,
      MM_BLOCK_FUNCTION_PREFIX + BF.Kernel->getName(), M);
  BF.F->addFnAttr(Attribute::NoUnwind);
  BF.Args = BF.F->getArg(0);
  BF.Ctx = BF.F->getArg(1);
  BF.Args->setName("args");
  BF.Ctx->setName("ctx");
  BasicBlock *Entry = BasicBlock::Create(C, "entry", BF.F);
  B.SetInsertPoint(Entry);
  Type *I8 = B.getInt8Ty();
  for (Argument &A : BF.Kernel->args()) {
    Value *Slot = B.CreateLoad(
        Ptr, B.CreateConstInBoundsGEP1_64(Ptr, BF.Args, A.getArgNo()));
    // args[i] points at the value: a byval argument is that pointer (the
    // call copies it).
    BF.KernelArgs.push_back(
        A.hasByValAttr() ? Slot : B.CreateLoad(A.getType(), Slot, A.getName()));
  }
  auto Field = [&](Type *Ty, unsigned Offset, const Twine &Name) {
    return B.CreateLoad(Ty, B.CreateConstInBoundsGEP1_64(I8, BF.Ctx, Offset),
                        Name);
  };
  ThreadValues &TV = BF.TV;
  TV.set(ThreadArg::Ctx, BF.Ctx);
  static const char *const Axis[] = {"x", "y", "z"};
  Value *NTid[3], *NCtaId[3];
  for (unsigned D = 0; D < 3; ++D) {
    auto Set = [&](ThreadArg First, Value *V) {
      TV.set(static_cast<ThreadArg>(static_cast<unsigned>(First) + D), V);
      return V;
    };
    NCtaId[D] = Set(ThreadArg::NCtaIdX,
                    Field(B.getInt32Ty(), GridDimOffset + 4 * D,
                          Twine("nctaid.") + Axis[D]));
    NTid[D] = Set(ThreadArg::NTidX,
                  Field(B.getInt32Ty(), BlockDimOffset + 4 * D,
                        Twine("ntid.") + Axis[D]));
    ConstantRange Extent = getBlockExtentRange();
    cast<LoadInst>(NTid[D])->setMetadata(
        LLVMContext::MD_range,
        MDBuilder(C).createRange(Extent.getLower(), Extent.getUpper()));
    Set(ThreadArg::CtaIdX, Field(B.getInt32Ty(), BlockIdxOffset + 4 * D,
                                 Twine("ctaid.") + Axis[D]));
  }
  TV.set(ThreadArg::StaticShared, Field(Ptr, StaticSharedOffset, "static.shared"));
  TV.set(ThreadArg::DynamicShared,
         Field(Ptr, DynamicSharedOffset, "dynamic.shared"));
  TV.set(ThreadArg::BlockScratch,
         Field(Ptr, ThreadScratchOffset, "thread.scratch"));
  if (isAMDGCNCode(M)) {
    auto [Packet, Implicit] = emitAMDGCNDispatchData(B, NTid, NCtaId);
    TV.set(ThreadArg::DispatchPacket, Packet);
    TV.set(ThreadArg::ImplicitArgs, Implicit);
  } else {
    TV.set(ThreadArg::DispatchPacket, ConstantPointerNull::get(Ptr));
    TV.set(ThreadArg::ImplicitArgs, ConstantPointerNull::get(Ptr));
  }
  BF.Threads = threadsPerBlock(B, TV);
  BF.Done = BasicBlock::Create(C, "done", BF.F);
  BasicBlock *Run = BasicBlock::Create(C, "run", BF.F);
  B.CreateCondBr(B.CreateICmpEQ(BF.Threads, B.getInt32(0)), BF.Done, Run);
  B.SetInsertPoint(BF.Done);
  B.CreateRetVoid();
  B.SetInsertPoint(Run);
  return BF;
}

CallInst *BlockFunction::callThread(IRBuilderBase &B, Value *const Index[3],
                                    Value *BlockX,
                                    const ThreadValues *Resumable) {
  ThreadValues Call = Resumable ? *Resumable : TV;
  for (unsigned D = 0; D < 3; ++D)
    Call.set(static_cast<ThreadArg>(static_cast<unsigned>(ThreadArg::TidX) + D),
             Index[D]);
  if (BlockX)
    Call.set(ThreadArg::CtaIdX, BlockX);
  SmallVector<Value *> Args(KernelArgs);
  Call.appendCallArgs(Args, Resumable != nullptr);
  return B.CreateCall(Thread, Args);
}

/// Gives the loop of back edge \p Back its `llvm.loop` properties.
static void setLoopProperties(BranchInst &Back, bool NoInterleave,
                              MDNode *ParallelAccesses) {
  if (!NoInterleave && !ParallelAccesses)
    return;
  LLVMContext &C = Back.getContext();
  SmallVector<Metadata *> Properties = {nullptr};
  if (NoInterleave)
    Properties.push_back(MDNode::get(
        C,
        {MDString::get(C, "llvm.loop.interleave.count"),
         ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), 1))}));
  if (ParallelAccesses)
    Properties.push_back(
        MDNode::get(C, {MDString::get(C, "llvm.loop.parallel_accesses"),
                        ParallelAccesses}));
  MDNode *Loop = MDNode::getDistinct(C, Properties);
  Loop->replaceOperandWith(0, Loop);
  Back.setMetadata(LLVMContext::MD_loop, Loop);
}

MDNode *mm::device::tagUnorderedAccesses(Function &Thread) {
  if (any_of(instructions(Thread),
             [](const Instruction &I) { return isa<AllocaInst>(I); }))
    return nullptr;
  MDNode *Group = MDNode::getDistinct(Thread.getContext(), {});
  for (Instruction &I : instructions(Thread)) {
    auto *Load = dyn_cast<LoadInst>(&I);
    auto *Store = dyn_cast<StoreInst>(&I);
    if ((Load && Load->isSimple()) || (Store && Store->isSimple()))
      I.setMetadata(LLVMContext::MD_access_group,
                    uniteAccessGroups(
                        I.getMetadata(LLVMContext::MD_access_group), Group));
  }
  return Group;
}

SmallVector<Value *> mm::device::emitThreadLoops(
    IRBuilderBase &B, Value *const Dims[3], ArrayRef<Value *> Carried,
    function_ref<SmallVector<Value *>(Value *const Index[3],
                                      ArrayRef<Value *> Carried)>
        Body,
    bool NoInterleave, MDNode *ParallelAccesses, int Innermost, int Level,
    Value **Index) {
  Value *Indices[3] = {};
  if (!Index)
    Index = Indices;
  static const char *const Names[] = {"tid.x", "tid.y", "tid.z"};
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Preheader = B.GetInsertBlock();
  BasicBlock *Header = BasicBlock::Create(F->getContext(), Names[Level], F,
                                          Preheader->getNextNode());
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *IV = B.CreatePHI(B.getInt32Ty(), 2, Names[Level]);
  IV->addIncoming(B.getInt32(0), Preheader);
  SmallVector<PHINode *> Phis;
  SmallVector<Value *> Current;
  for (Value *V : Carried) {
    Phis.push_back(B.CreatePHI(V->getType(), 2));
    Phis.back()->addIncoming(V, Preheader);
    Current.push_back(Phis.back());
  }
  Index[Level] = IV;
  SmallVector<Value *> Next =
      Level == Innermost
          ? Body(Index, Current)
          : emitThreadLoops(B, Dims, Current, Body, NoInterleave,
                            ParallelAccesses, Innermost, Level - 1, Index);
  Value *IVNext = B.CreateAdd(IV, B.getInt32(1), "", /*HasNUW=*/true,
                              /*HasNSW=*/true);
  BasicBlock *Latch = B.GetInsertBlock();
  BasicBlock *Exit = BasicBlock::Create(
      F->getContext(), Twine(Names[Level]) + ".end", F, Latch->getNextNode());
  BranchInst *Back =
      B.CreateCondBr(B.CreateICmpULT(IVNext, Dims[Level]), Header, Exit);
  if (Level == 0)
    setLoopProperties(*Back, NoInterleave, ParallelAccesses);
  IV->addIncoming(IVNext, Latch);
  for (auto [Phi, V] : zip(Phis, Next))
    Phi->addIncoming(V, Latch);
  B.SetInsertPoint(Exit);
  return Next;
}

SmallVector<Value *> mm::device::emitLinearLoop(
    IRBuilderBase &B, Value *Begin, Value *End, ArrayRef<Value *> Carried,
    function_ref<SmallVector<Value *>(Value *Linear, ArrayRef<Value *> Carried)>
        Body,
    StringRef Name, MDNode *ParallelAccesses) {
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Preheader = B.GetInsertBlock();
  BasicBlock *Header = BasicBlock::Create(F->getContext(), Name, F,
                                          Preheader->getNextNode());
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *IV = B.CreatePHI(Begin->getType(), 2, Name);
  IV->addIncoming(Begin, Preheader);
  SmallVector<PHINode *> Phis;
  SmallVector<Value *> Current;
  for (Value *V : Carried) {
    Phis.push_back(B.CreatePHI(V->getType(), 2));
    Phis.back()->addIncoming(V, Preheader);
    Current.push_back(Phis.back());
  }
  SmallVector<Value *> Next = Body(IV, Current);
  Value *IVNext = B.CreateAdd(IV, ConstantInt::get(IV->getType(), 1), "",
                              /*HasNUW=*/true, /*HasNSW=*/true);
  BasicBlock *Latch = B.GetInsertBlock();
  BasicBlock *Exit = BasicBlock::Create(F->getContext(), Name + ".end", F,
                                        Latch->getNextNode());
  BranchInst *Back = B.CreateCondBr(B.CreateICmpULT(IVNext, End), Header, Exit);
  setLoopProperties(*Back, /*NoInterleave=*/false, ParallelAccesses);
  IV->addIncoming(IVNext, Latch);
  for (auto [Phi, V] : zip(Phis, Next))
    Phi->addIncoming(V, Latch);
  B.SetInsertPoint(Exit);
  return Next;
}
