//===- DeviceIR.cpp - What the device lowering's passes say in the IR -----===//

#include "DeviceIR.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/GlobalVariable.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace mm::device;

unsigned mm::device::getWarpSize(const Module &M) {
  if (auto *Flag = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag(WarpSizeFlag)))
    return Flag->getZExtValue();
  return 32;
}

bool mm::device::isSharedMemory(const Value *Ptr) {
  const auto *G = dyn_cast<GlobalVariable>(getUnderlyingObject(Ptr));
  return G && G->hasAttribute(SharedAttr);
}

bool mm::device::isInvariantLoad(const Instruction &I) {
  const auto *Load = dyn_cast<LoadInst>(&I);
  return Load && Load->isSimple() &&
         Load->hasMetadata(LLVMContext::MD_invariant_load);
}

bool mm::device::isDynamicSharedVariable(const GlobalVariable &GV) {
  return GV.isDeclaration() ||
         GV.getDataLayout().getTypeAllocSize(GV.getValueType()) == 0;
}

bool mm::device::maySharedVariablesOverlap(const Value *A, const Value *B) {
  const auto *GA = cast<GlobalVariable>(getUnderlyingObject(A));
  const auto *GB = cast<GlobalVariable>(getUnderlyingObject(B));
  return GA == GB ||
         (isDynamicSharedVariable(*GA) && isDynamicSharedVariable(*GB));
}

unsigned mm::device::getComputeCapability(const Module &M) {
  if (auto *Flag = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag(ComputeCapabilityFlag)))
    return Flag->getZExtValue();
  return 0;
}

bool mm::device::isAMDGCNCode(const Module &M) {
  auto *Flag =
      mdconst::extract_or_null<ConstantInt>(M.getModuleFlag(AMDGCNFlag));
  return Flag && !Flag->isZero();
}

uint64_t mm::device::getIntegerAttr(const Function &F, StringRef Kind) {
  uint64_t Value = 0;
  if (F.hasFnAttribute(Kind))
    F.getFnAttribute(Kind).getValueAsString().getAsInteger(10, Value);
  return Value;
}

void mm::device::setIntegerAttr(Function &F, StringRef Kind, uint64_t Value) {
  F.addFnAttr(Kind, std::to_string(Value));
}

Function *mm::device::getKernelOfThreadFunction(const Function &T) {
  if (!T.hasFnAttribute(ThreadOfAttr))
    return nullptr;
  return T.getParent()->getFunction(
      T.getFnAttribute(ThreadOfAttr).getValueAsString());
}

SmallVector<UniformSlot> mm::device::getUniformSlots(const Function &T) {
  SmallVector<UniformSlot> Slots;
  if (MDNode *List = T.getMetadata(UniformSlotsMetadata))
    for (const MDOperand &Op : List->operands()) {
      auto *Slot = cast<MDNode>(Op.get());
      auto Field = [&](unsigned I) {
        return mdconst::extract<ConstantInt>(Slot->getOperand(I))
            ->getZExtValue();
      };
      Slots.push_back({Field(0), Field(1), Field(2)});
    }
  return Slots;
}

void mm::device::setUniformSlots(Function &T, ArrayRef<UniformSlot> Slots) {
  LLVMContext &C = T.getContext();
  Type *I64 = Type::getInt64Ty(C);
  SmallVector<Metadata *> List;
  for (const UniformSlot &Slot : Slots)
    List.push_back(MDNode::get(
        C, {ConstantAsMetadata::get(ConstantInt::get(I64, Slot.ScratchOffset)),
            ConstantAsMetadata::get(ConstantInt::get(I64, Slot.BufferOffset)),
            ConstantAsMetadata::get(ConstantInt::get(I64, Slot.Size))}));
  T.setMetadata(UniformSlotsMetadata, MDNode::get(C, List));
}

//===----------------------------------------------------------------------===//
// Sync points
//===----------------------------------------------------------------------===//

StringRef mm::device::getCalleeName(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee ? Callee->getName() : StringRef();
}

bool SyncPoint::classof(const CallInst *Call) {
  return BlockBarrier::classof(Call) || WarpSync::classof(Call) ||
         WarpExchange::classof(Call) || WarpYield::classof(Call);
}

bool SyncPoint::isBlockBarrier() const { return BlockBarrier::classof(this); }

bool BlockBarrier::classof(const CallInst *Call) {
  return getCalleeName(*Call) == MarkerName;
}

bool WarpSync::classof(const CallInst *Call) {
  return getCalleeName(*Call) == MarkerName;
}

bool WarpExchange::classof(const CallInst *Call) {
  StringRef Name = getCalleeName(*Call);
  return Name == StoredMarkerName || Name == ReadMarkerName;
}

WarpExchange::Phase WarpExchange::getPhase() const {
  return getCalleeName(*this) == StoredMarkerName ? Stored : Read;
}

bool WarpYield::classof(const CallInst *Call) {
  StringRef Name = getCalleeName(*Call);
  return Name == MarkerName || Name == SpinWaitMarkerName;
}

WarpYield::Kind WarpYield::getKind() const {
  return getCalleeName(*this) == SpinWaitMarkerName ? SpinWait : Lockstep;
}

static CallInst *createMarkerCall(IRBuilderBase &B, StringRef Name) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Marker = M.getOrInsertFunction(Name, B.getVoidTy());
  if (auto *F = dyn_cast<Function>(Marker.getCallee()))
    F->addFnAttr(Attribute::NoUnwind);
  return B.CreateCall(Marker);
}

BlockBarrier *BlockBarrier::create(IRBuilderBase &B) {
  return static_cast<BlockBarrier *>(createMarkerCall(B, MarkerName));
}

WarpSync *WarpSync::create(IRBuilderBase &B) {
  return static_cast<WarpSync *>(createMarkerCall(B, MarkerName));
}

WarpExchange *WarpExchange::create(IRBuilderBase &B, Phase P) {
  return static_cast<WarpExchange *>(
      createMarkerCall(B, P == Stored ? StoredMarkerName : ReadMarkerName));
}

WarpYield *WarpYield::create(IRBuilderBase &B, Kind K) {
  return static_cast<WarpYield *>(
      createMarkerCall(B, K == SpinWait ? SpinWaitMarkerName : MarkerName));
}

unsigned mm::device::getThreadIndexDimension(const Value *V) {
  const auto *Call = dyn_cast<IntrinsicInst>(V);
  if (!Call)
    return 0;
  switch (Call->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
  case Intrinsic::amdgcn_workitem_id_x:
    return ThreadIndexX;
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
  case Intrinsic::amdgcn_workitem_id_y:
    return ThreadIndexY;
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
  case Intrinsic::amdgcn_workitem_id_z:
    return ThreadIndexZ;
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
  case Intrinsic::amdgcn_mbcnt_lo:
  case Intrinsic::amdgcn_mbcnt_hi:
    return ThreadIndexLane;
  default:
    return 0;
  }
}

bool mm::device::dependsOnThreadIndex(const Value *V) {
  SmallVector<const Value *> Work{V};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    const Value *Next = Work.pop_back_val();
    if (!Seen.insert(Next).second)
      continue;
    if (isThreadIndexQuery(Next))
      return true;
    if (const auto *I = dyn_cast<Instruction>(Next))
      append_range(Work, I->operands());
  }
  return false;
}

bool mm::device::isSameInEveryThread(const Value *V) {
  SmallVector<const Value *> Work{V};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    const Value *Next = Work.pop_back_val();
    if (isa<Constant, Argument>(Next) || !Seen.insert(Next).second)
      continue;
    const auto *I = dyn_cast<Instruction>(Next);
    if (!I || isa<PHINode, LoadInst>(I) || I->mayReadOrWriteMemory() ||
        isThreadIndexQuery(I) || (isa<CallBase>(I) && !isa<IntrinsicInst>(I)))
      return false;
    append_range(Work, I->operands());
  }
  return true;
}

SyncIntrinsic mm::device::classifySyncIntrinsic(StringRef Name) {
  using Kind = SyncIntrinsic::Kind;
  static constexpr std::pair<StringLiteral, Kind> Names[] = {
      {"llvm.nvvm.barrier0", SyncIntrinsic::BlockBarrier},
      {"llvm.nvvm.barrier.sync", SyncIntrinsic::BlockBarrier},
      {"llvm.amdgcn.s.barrier", SyncIntrinsic::BlockBarrier},
      {"llvm.nvvm.bar.warp.sync", SyncIntrinsic::WarpBarrier},
      {"llvm.amdgcn.wave.barrier", SyncIntrinsic::WarpBarrier},
      {"llvm.nvvm.activemask", SyncIntrinsic::ActiveMask},
      {"llvm.amdgcn.ds.bpermute", SyncIntrinsic::Permute},
      {WarpYield::MarkerName, SyncIntrinsic::WarpYield},
      {WarpYield::SpinWaitMarkerName, SyncIntrinsic::WarpYield}};
  static constexpr std::pair<StringLiteral, Kind> Prefixes[] = {
      {"llvm.nvvm.shfl.", SyncIntrinsic::Shuffle},
      {"llvm.nvvm.vote.", SyncIntrinsic::Vote},
      {"llvm.nvvm.match.", SyncIntrinsic::Match},
      {"llvm.amdgcn.ballot.", SyncIntrinsic::WaveBallot}};
  for (auto [Known, K] : Names)
    if (Name == Known)
      return {K, ""};
  for (auto [Prefix, K] : Prefixes)
    if (Name.starts_with(Prefix))
      return {K, Name.drop_front(Prefix.size())};
  return {};
}

//===----------------------------------------------------------------------===//
// The thread function's ABI
//===----------------------------------------------------------------------===//

namespace {
enum class ArgType { Ptr, I32, I64, I1 };

struct ThreadArgInfo {
  const char *Name;
  ArgType Type;
  bool Resumable;
};

constexpr ThreadArgInfo ThreadArgInfos[] = {
#define MM_THREAD_ARG(Enumerator, Name, Type, Resumable)                       \
  {Name, ArgType::Type, Resumable},
#include "ThreadArgs.def"
};
static_assert(std::size(ThreadArgInfos) == NumThreadArgs,
              "one entry per thread argument");
} // namespace

static Type *getArgType(LLVMContext &C, ArgType T) {
  switch (T) {
  case ArgType::Ptr:
    return PointerType::get(C, 0);
  case ArgType::I32:
    return Type::getInt32Ty(C);
  case ArgType::I64:
    return Type::getInt64Ty(C);
  case ArgType::I1:
    return Type::getInt1Ty(C);
  }
  llvm_unreachable("unknown argument type");
}

FunctionType *ThreadValues::getThreadFunctionType(Function &Kernel,
                                                  bool Resumable) {
  LLVMContext &C = Kernel.getContext();
  SmallVector<Type *> Params(Kernel.getFunctionType()->params());
  for (const ThreadArgInfo &Info : ThreadArgInfos)
    if (Resumable || !Info.Resumable)
      Params.push_back(getArgType(C, Info.Type));
  return FunctionType::get(Resumable ? Type::getInt32Ty(C)
                                     : Type::getVoidTy(C),
                           Params, false);
}

ThreadValues ThreadValues::bind(Function &T) {
  Function *Kernel = getKernelOfThreadFunction(T);
  assert(Kernel && "a thread function names its kernel");
  ThreadValues TV;
  unsigned First = Kernel->arg_size();
  for (unsigned I = 0; I < NumThreadArgs && First + I < T.arg_size(); ++I) {
    Argument *A = T.getArg(First + I);
    A->setName(ThreadArgInfos[I].Name);
    TV.Values[I] = A;
  }
  return TV;
}

void ThreadValues::appendCallArgs(SmallVectorImpl<Value *> &Args,
                                  bool Resumable) const {
  for (unsigned I = 0; I < NumThreadArgs; ++I)
    if (Resumable || !ThreadArgInfos[I].Resumable)
      Args.push_back(Values[I]);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

DeviceLoweringDiagnostic::DeviceLoweringDiagnostic(
    StringRef Function, const Twine &Message, DiagnosticSeverity Severity)
    : DiagnosticInfo(getKindID(), Severity), Function(Function.str()),
      Message(Message.str()) {}

void DeviceLoweringDiagnostic::print(DiagnosticPrinter &DP) const {
  if (!Function.empty())
    DP << "function '" << Function << "': ";
  DP << Message;
}

int DeviceLoweringDiagnostic::getKindID() {
  static const int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

bool DeviceLoweringDiagnostic::classof(const DiagnosticInfo *DI) {
  return DI->getKind() == getKindID();
}

void mm::device::reportError(Module &M, StringRef Function,
                             const Twine &Message) {
  M.getContext().diagnose(
      DeviceLoweringDiagnostic(Function, Message, DS_Error));
}

void mm::device::markRepair(Instruction &I) {
  I.setMetadata(RepairMetadata, MDNode::get(I.getContext(), {}));
}

bool mm::device::isRepair(const Instruction &I) {
  return I.getMetadata(RepairMetadata);
}

void mm::device::remarkRepair(const char *PassName, StringRef RemarkName,
                              Instruction &At, const Twine &Message) {
  OptimizationRemarkEmitter ORE(At.getFunction());
  ORE.emit([&] {
    return OptimizationRemark(PassName, RemarkName, &At) << Message.str();
  });
}

std::string mm::device::describeLocation(const DILocation *Loc) {
  if (!Loc)
    return "an unknown line";
  return (Loc->getFilename() + ":" + Twine(Loc->getLine()) + ":" +
          Twine(Loc->getColumn()))
      .str();
}

std::string mm::device::describeLockstep(const Function &K, size_t Count,
                                         StringRef What) {
  return ("kernel '" + demangle(K.getName()) +
          "' may rely on its warps' lanes running in lockstep, which a GPU "
          "has not promised since Volta, at " +
          Twine(Count) + (Count == 1 ? " place (" : " places (") + What +
          ") with no __syncwarp() between; mm runs them so (where lanes "
          "exchange data, the kernel needs __syncwarp())")
      .str();
}

CallInst *mm::device::replaceWithUnsupported(Instruction &I,
                                             const Twine &Why,
                                             StringRef FunctionName) {
  Function &F = *I.getFunction();
  Module &M = *F.getParent();
  std::string Message = Why.str();
  M.getContext().diagnose(DeviceLoweringDiagnostic(
      FunctionName.empty() ? F.getName() : FunctionName,
      Message + "; a launch that reaches it fails", DS_Warning));
  IRBuilder<> B(&I);
  FunctionCallee Marker = M.getOrInsertFunction(
      UnsupportedMarker, B.getVoidTy(), B.getPtrTy());
  if (auto *Declaration = dyn_cast<Function>(Marker.getCallee())) {
    Declaration->setDoesNotReturn();
    Declaration->setDoesNotThrow();
  }
  CallInst *Call = B.CreateCall(
      Marker, {B.CreateGlobalString(Message, "mm.unsupported.why")});
  Call->setDoesNotReturn();
  if (!I.getType()->isVoidTy())
    I.replaceAllUsesWith(PoisonValue::get(I.getType()));
  changeToUnreachable(&I);
  return Call;
}
