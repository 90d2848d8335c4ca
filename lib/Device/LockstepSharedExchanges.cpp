//===- LockstepSharedExchanges.cpp - Shared-memory exchanges in lockstep --===//
//
// mm-lockstep-shared-exchanges: a warp's lanes in lockstep do each
// statement together, so every lane's stores come before any lane's next
// loads, and code exchanges values between the lanes of a warp through
// shared memory with nothing between the stores and the loads: the dct8x8
// of CUDA's samples transposes 8 x 8 tiles that way, in a kernel without
// barriers. Run thread after thread, a lane would load before the others
// have stored.
//
// So in a kernel without block barriers, where lanes can exchange through
// shared memory only within a warp, a load of shared memory that may read
// what another lane stored since the thread's last sync point gets a warp
// yield point (DeviceIR.h) before it: the lanes of the warp that reach it
// have all done their stores. So does a store that may overwrite what
// another lane loaded since then (`s[i] += s[i - 1]`, a step of a scan in
// shared memory, loads a neighbour's value before any lane stores its
// own), or what another lane stored (`s[lane] = 0; s[lane + 16] = x`: in
// lockstep every lane's zero comes before any lane's x). A load needs one
// when a store of the same thread may have written shared memory that
// overlaps the load's variable, through another address, on some path
// from the last sync point to the load, and a store likewise after a load
// or a store; the yield point is the sync point of the accesses after it.
// An access of the very address that the thread accessed (`s[i] += x` in a
// loop) needs none, nor one of the same column or row of an array of
// arrays (`s[v][i]++`, then `s[k][i]`; `s[i][0]`, then `s[i][1]`, with `i`
// a one-to-one function of the thread's index, `threadIdx.y * 16 +
// threadIdx.x`, or of `threadIdx.x` in a kernel that never reads
// `threadIdx.y`): no lane touches another's data. `s[threadIdx.y][0]` is not
// a lane's own row where two lanes of a warp differ in `threadIdx.x` only.
//
// A kernel with block barriers is left alone: its threads exchange data
// across them, and a load after a store of the same phase reads what the
// barriers before it made visible (LU decomposition reads the rows of
// threads that do not write in that phase); a yield point there would cost
// a region per iteration of its loops. Warp-synchronous code in such a
// kernel marks its shared memory `volatile` (mm-lockstep-volatile-shared).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;
using namespace mm::device;

namespace {
/// The addresses of shared memory that a thread may have accessed since its
/// last sync point.
using Addresses = SmallSetVector<const Value *, 8>;

/// What a thread may have done to shared memory since its last sync point.
struct Accessed {
  Addresses Stored, Loaded;
  bool operator!=(const Accessed &Other) const {
    return Stored != Other.Stored || Loaded != Other.Loaded;
  }
  void insert(const Accessed &Other) {
    Stored.insert(Other.Stored.begin(), Other.Stored.end());
    Loaded.insert(Other.Loaded.begin(), Other.Loaded.end());
  }
  void clear() {
    Stored.clear();
    Loaded.clear();
  }
};

/// The shared-memory address that \p I stores to, or null.
const Value *getSharedStoreAddress(const Instruction &I) {
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return !Store->isVolatile() && isSharedMemory(Store->getPointerOperand())
               ? Store->getPointerOperand()
               : nullptr;
  if (const auto *Set = dyn_cast<MemIntrinsic>(&I))
    return !Set->isVolatile() && isSharedMemory(Set->getDest())
               ? Set->getDest()
               : nullptr;
  return nullptr;
}

/// The shared-memory address that \p I loads from, or null.
const Value *getSharedLoadAddress(const Instruction &I) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return !Load->isVolatile() && isSharedMemory(Load->getPointerOperand())
               ? Load->getPointerOperand()
               : nullptr;
  if (const auto *Copy = dyn_cast<MemTransferInst>(&I))
    return !Copy->isVolatile() && isSharedMemory(Copy->getSource())
               ? Copy->getSource()
               : nullptr;
  return nullptr;
}

/// The dimensions of the thread's index of which \p V is a one-to-one
/// function: the index along each, scaled and added to the others and to
/// values the same in every thread (`threadIdx.y * 16 + threadIdx.x + k`).
/// None where two threads may get the same value (a division, a remainder,
/// a mask) or where \p V does not depend on the thread.
std::optional<unsigned> getOneToOneDimensions(const Value *V,
                                              unsigned Depth = 0) {
  if (unsigned Dimension = getThreadIndexDimension(V))
    return Dimension;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == 8 || !dependsOnThreadIndex(V))
    return std::nullopt;
  if (isa<ZExtInst, SExtInst>(I))
    return getOneToOneDimensions(I->getOperand(0), Depth + 1);
  const auto *Op = dyn_cast<BinaryOperator>(I);
  if (!Op)
    return std::nullopt;
  const Value *L = Op->getOperand(0), *R = Op->getOperand(1);
  switch (Op->getOpcode()) {
  case Instruction::Or:
    if (!cast<PossiblyDisjointInst>(Op)->isDisjoint())
      return std::nullopt;
    [[fallthrough]];
  case Instruction::Add:
  case Instruction::Sub: {
    if (!dependsOnThreadIndex(R))
      return getOneToOneDimensions(L, Depth + 1);
    if (!dependsOnThreadIndex(L))
      return getOneToOneDimensions(R, Depth + 1);
    // The sum of two dimensions' terms, as a linear thread index is.
    std::optional<unsigned> DL = getOneToOneDimensions(L, Depth + 1);
    std::optional<unsigned> DR = getOneToOneDimensions(R, Depth + 1);
    if (!DL || !DR || (*DL & *DR))
      return std::nullopt;
    return *DL | *DR;
  }
  case Instruction::Mul:
    if (const auto *C = dyn_cast<ConstantInt>(R); C && C->isZero())
      return std::nullopt;
    if (!dependsOnThreadIndex(R))
      return getOneToOneDimensions(L, Depth + 1);
    if (!dependsOnThreadIndex(L))
      return getOneToOneDimensions(R, Depth + 1);
    return std::nullopt;
  case Instruction::Shl:
    return dependsOnThreadIndex(R) ? std::nullopt
                                   : getOneToOneDimensions(L, Depth + 1);
  default:
    return std::nullopt;
  }
}

/// What tells the lanes of a kernel's warps apart: the dimensions of the
/// thread's index that the kernel reads.
struct LaneIdentity {
  unsigned KernelDimensions = 0;

  explicit LaneIdentity(const Function &K) {
    for (const Instruction &I : instructions(K))
      KernelDimensions |= getThreadIndexDimension(&I);
  }

  /// Whether no two lanes of a warp compute the same \p Index: it is a
  /// one-to-one function of the lane's index, or of every dimension of the
  /// thread's index that the kernel reads (`threadIdx.x` alone tells lanes
  /// apart in a kernel that never reads `threadIdx.y`).
  bool separatesLanes(const Value *Index) const {
    std::optional<unsigned> Dimensions = getOneToOneDimensions(Index);
    return Dimensions &&
           ((*Dimensions & ThreadIndexLane) ||
            (KernelDimensions & ~ThreadIndexLane & ~*Dimensions) == 0);
  }

  /// Whether \p A and \p B index one array of arrays with the same index,
  /// which tells lanes apart, into one of its dimensions (`s[k][i]` and
  /// `s[j][i]`, or `s[i][0]` and `s[i][1]`): the column or the row of a
  /// lane that keeps its own data in shared memory, which no other lane's
  /// index reaches.
  bool indexOneLanesSlice(const Value *A, const Value *B) const {
    const auto *GA = dyn_cast<GetElementPtrInst>(A);
    const auto *GB = dyn_cast<GetElementPtrInst>(B);
    if (!GA || !GB || GA->getNumIndices() < 2 ||
        GA->getNumIndices() != GB->getNumIndices() ||
        GA->getSourceElementType() != GB->getSourceElementType() ||
        GA->getPointerOperand()->stripPointerCasts() !=
            GB->getPointerOperand()->stripPointerCasts())
      return false;
    // Index K of the GEP indexes into an array, not a pointer's offset or
    // a struct.
    SmallVector<Value *> Outer;
    for (unsigned K = 0, E = GA->getNumIndices(); K != E; ++K) {
      const Value *Index = GA->getOperand(K + 1);
      if (K > 0 && Index == GB->getOperand(K + 1) &&
          isa<ArrayType>(GetElementPtrInst::getIndexedType(
              GA->getSourceElementType(), Outer)) &&
          separatesLanes(Index))
        return true;
      Outer.push_back(GA->getOperand(K + 1));
    }
    return false;
  }

  /// Whether an access of \p Address may touch what another lane accessed
  /// at one of \p Others: a load another lane's store, a store what another
  /// lane loaded or stored.
  bool mayTouchAnotherLanes(const Value *Address,
                            const Addresses &Others) const {
    return any_of(Others, [&](const Value *Other) {
      return Other != Address && maySharedVariablesOverlap(Other, Address) &&
             !indexOneLanesSlice(Other, Address);
    });
  }
};

/// The accesses of kernel \p K that need a yield point before them.
SmallPtrSet<Instruction *, 8> findExchanges(Function &K) {
  SmallPtrSet<Instruction *, 8> Exchanges;
  DenseMap<const BasicBlock *, Accessed> AccessedAtEnd;
  LaneIdentity Lanes(K);
  ReversePostOrderTraversal<Function *> RPOT(&K);
  // An access found to need a yield point keeps it, and its yield point
  // ends what the accesses before it left: with those accesses fixed, the
  // addresses only grow from one round to the next.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : RPOT) {
      Accessed Since;
      for (const BasicBlock *Pred : predecessors(BB))
        if (auto Found = AccessedAtEnd.find(Pred);
            Found != AccessedAtEnd.end())
          Since.insert(Found->second);
      for (Instruction &I : *BB) {
        if (isSynchronizingIntrinsic(getCalleeName(I))) {
          Since.clear();
          continue;
        }
        const Value *Loaded = getSharedLoadAddress(I);
        const Value *Stored = getSharedStoreAddress(I);
        if ((Loaded || Stored) &&
            (Exchanges.contains(&I) ||
             (Loaded && Lanes.mayTouchAnotherLanes(Loaded, Since.Stored)) ||
             (Stored && (Lanes.mayTouchAnotherLanes(Stored, Since.Loaded) ||
                         Lanes.mayTouchAnotherLanes(Stored, Since.Stored))))) {
          Changed |= Exchanges.insert(&I).second;
          Since.clear();
        }
        if (Loaded)
          Since.Loaded.insert(Loaded);
        if (Stored)
          Since.Stored.insert(Stored);
      }
      Accessed &AtEnd = AccessedAtEnd[BB];
      if (AtEnd != Since) {
        AtEnd = std::move(Since);
        Changed = true;
      }
    }
  }
  return Exchanges;
}
} // namespace

PreservedAnalyses LockstepSharedExchangesPass::lower(Module &M,
                                                     ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &K : M) {
    if (K.isDeclaration() || !K.hasFnAttribute(KernelAttr) ||
        any_of(instructions(K), [](const Instruction &I) {
          return isBlockBarrierIntrinsic(getCalleeName(I));
        }))
      continue;
    for (Instruction *Access : findExchanges(K)) {
      IRBuilder<> B(Access);
      WarpYield::create(B);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
