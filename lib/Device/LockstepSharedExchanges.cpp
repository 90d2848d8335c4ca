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
// An access through a select between shared and other memory (`x = i == 0
// ? in[n] : s[i - 1]`) is one of its shared arm.
//
// In a kernel with block barriers, threads exchange data across the
// barriers, and a load after a store of the same phase mostly reads what a
// barrier made visible: LU decomposition reads the rows of threads that do
// not write in that phase, a tree reduction the slots of threads that its
// guard leaves out. There a yield point goes only before an exchange that
// is certain, as far as the addresses tell: both affine in one dimension of
// the thread's index over one base, and some two lanes of a warp that the
// branches to the accesses let run them touching one address (`s[tx - 1]`
// then `s[tx]`; `s[tx]` then, in thread 0, `s[3]`). Code relies on it
// where a GPU's timing hides a race: HeCBench's romberg sums in thread 0
// what threads 1 to 16 stored with no barrier between, and its sosfil has
// each thread read its left neighbour's output before storing its own in
// the same phase. Not in a loop without a sync point, where a yield point
// would cost a region per iteration, nor between two stores: a block
// narrower than a warp stores the rows of a tile, `s[tx + 16 * k]`, one
// after another. Warp-synchronous code in such a kernel
// marks its shared memory `volatile` (mm-lockstep-volatile-shared).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/TargetParser/Triple.h"

#include <limits>
#include <numeric>
#include <optional>

using namespace llvm;
using namespace mm::device;

namespace {
/// An access of shared memory: its address, and the block that accesses it.
using SharedAccess = std::pair<const Value *, const BasicBlock *>;

/// The accesses of shared memory that a thread may have done since its last
/// sync point.
using SharedAccesses = SmallSetVector<SharedAccess, 8>;

/// What a thread may have done to shared memory since its last sync point.
struct Accessed {
  SharedAccesses Stored, Loaded;
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

/// The address of shared memory that an access through \p Ptr may touch,
/// or null: \p Ptr, or the one arm of a select between shared memory and
/// other memory (`x = i == 0 ? in[n] : s[i - 1]`).
const Value *getSharedAddress(const Value *Ptr) {
  if (isSharedMemory(Ptr))
    return Ptr;
  const auto *Select = dyn_cast<SelectInst>(Ptr);
  if (!Select)
    return nullptr;
  bool TrueShared = isSharedMemory(Select->getTrueValue());
  bool FalseShared = isSharedMemory(Select->getFalseValue());
  if (TrueShared == FalseShared)
    return nullptr;
  return TrueShared ? Select->getTrueValue() : Select->getFalseValue();
}

/// The shared-memory address that \p I stores to, or null.
const Value *getSharedStoreAddress(const Instruction &I) {
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return !Store->isVolatile() ? getSharedAddress(Store->getPointerOperand())
                                : nullptr;
  if (const auto *Set = dyn_cast<MemIntrinsic>(&I))
    return !Set->isVolatile() ? getSharedAddress(Set->getDest()) : nullptr;
  return nullptr;
}

/// The shared-memory address that \p I loads from, or null.
const Value *getSharedLoadAddress(const Instruction &I) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return !Load->isVolatile() ? getSharedAddress(Load->getPointerOperand())
                               : nullptr;
  if (const auto *Copy = dyn_cast<MemTransferInst>(&I))
    return !Copy->isVolatile() ? getSharedAddress(Copy->getSource()) : nullptr;
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
                            const SharedAccesses &Others) const {
    return any_of(Others, [&](const SharedAccess &Other) {
      return Other.first != Address &&
             maySharedVariablesOverlap(Other.first, Address) &&
             !indexOneLanesSlice(Other.first, Address);
    });
  }
};

/// An address of shared memory as `Base + Stride * i`, `i` one dimension of
/// the thread's index and `Base` the same in every thread; a `Stride` of 0
/// is an address the same in every thread.
/// `Extent` bounds how far apart the indices of two lanes' accesses can be:
/// the length of the array that `i` indexes (`tile[1][tx]` and
/// `tile[0][tx]` of a `float tile[16][16]` are no two lanes' same element).
struct LaneAffineAddress {
  const SCEV *Base;
  int64_t Stride;
  unsigned Dimension;
  uint64_t Extent;
};

/// In a kernel with block barriers: the exchanges between lanes that are
/// certain, as far as addresses tell. Two accesses touch another lane's
/// address when both are affine in one dimension of the thread's index
/// over the same base, `Base + Sa * i` and `Base + D + Sb * j`, and some
/// `i != j`, or one address the same in every thread, makes them equal:
/// `s[tx - 1]` and `s[tx]`, `s[3]` and `s[tx]`; not `s[2 * tx]` and
/// `s[2 * tx + 1]`, nor addresses whose difference is not a constant
/// (`s[ty + p][tx]` and `s[ty][tx]`), nor two addresses the same in every
/// thread.
class CertainExchanges {
  ScalarEvolution &SE;
  const DominatorTree &DT;
  uint64_t WarpSize;
  DenseMap<const Value *, std::optional<LaneAffineAddress>> Decomposed;

  static bool isSameInEveryThread(const SCEV *S) {
    return !SCEVExprContains(S, [](const SCEV *Part) {
      const auto *Unknown = dyn_cast<SCEVUnknown>(Part);
      return Unknown && !mm::device::isSameInEveryThread(Unknown->getValue());
    });
  }

  /// A term of an address that depends on the thread.
  struct LaneTerm {
    int64_t Stride;
    unsigned Dimension;
    int64_t Offset; ///< in bytes, the same in every thread
  };

  /// `Stride * (i + c)` as a LaneTerm: a thread's index, maybe plus a
  /// constant and extended (an index that does not wrap, as a lane's slot
  /// does not), maybe scaled by a constant.
  static std::optional<LaneTerm> getLaneTerm(const SCEV *S) {
    int64_t Stride = 1;
    if (const auto *Mul = dyn_cast<SCEVMulExpr>(S);
        Mul && Mul->getNumOperands() == 2)
      if (const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0))) {
        if (C->getAPInt().getSignificantBits() > 32)
          return std::nullopt;
        Stride = C->getAPInt().getSExtValue();
        S = Mul->getOperand(1);
      }
    int64_t Offset = 0;
    while (isa<SCEVZeroExtendExpr, SCEVSignExtendExpr>(S)) {
      S = cast<SCEVCastExpr>(S)->getOperand(0);
      const auto *Add = dyn_cast<SCEVAddExpr>(S);
      const auto *C = Add && Add->getNumOperands() == 2
                          ? dyn_cast<SCEVConstant>(Add->getOperand(0))
                          : nullptr;
      if (C && C->getAPInt().getSignificantBits() <= 32) {
        Offset += C->getAPInt().getSExtValue();
        S = Add->getOperand(1);
      }
    }
    const auto *Unknown = dyn_cast<SCEVUnknown>(S);
    unsigned Dimension =
        Unknown ? getThreadIndexDimension(Unknown->getValue()) : 0;
    if (!Dimension || Stride == 0)
      return std::nullopt;
    return LaneTerm{Stride, Dimension, Offset * Stride};
  }

  /// The length of the array into which \p Address indexes with a value
  /// computed from the thread's index, or the largest extent where it
  /// indexes no array.
  static uint64_t getLaneExtent(const Value *Address) {
    uint64_t Extent = std::numeric_limits<int64_t>::max();
    const auto *GEP = dyn_cast<GetElementPtrInst>(Address);
    if (!GEP)
      return Extent;
    SmallVector<Value *> Outer{GEP->getOperand(1)};
    for (unsigned K = 1, E = GEP->getNumIndices(); K != E; ++K) {
      Value *Index = GEP->getOperand(K + 1);
      const auto *Array = dyn_cast<ArrayType>(GetElementPtrInst::getIndexedType(
          GEP->getSourceElementType(), Outer));
      if (Array && Array->getNumElements() && dependsOnThreadIndex(Index))
        Extent = std::min(Extent, Array->getNumElements());
      Outer.push_back(Index);
    }
    return Extent;
  }

  /// \p Address as a LaneAffineAddress, or none where it is not one.
  std::optional<LaneAffineAddress> decompose(const Value *Address) {
    const SCEV *S = SE.getSCEV(const_cast<Value *>(Address));
    ArrayRef<const SCEV *> Terms(S);
    if (const auto *Add = dyn_cast<SCEVAddExpr>(S))
      Terms = Add->operands();
    SmallVector<const SCEV *> Base;
    std::optional<LaneTerm> Lane;
    for (const SCEV *Term : Terms) {
      if (isSameInEveryThread(Term)) {
        Base.push_back(Term);
        continue;
      }
      if (Lane || !(Lane = getLaneTerm(Term)))
        return std::nullopt;
    }
    if (Base.empty())
      return std::nullopt;
    if (Lane && Lane->Offset)
      Base.push_back(SE.getConstant(SE.getEffectiveSCEVType(S->getType()),
                                    Lane->Offset, /*isSigned=*/true));
    return LaneAffineAddress{SE.getAddExpr(Base), Lane ? Lane->Stride : 0,
                             Lane ? Lane->Dimension : 0,
                             getLaneExtent(Address)};
  }

  std::optional<LaneAffineAddress> getDecomposed(const Value *Address) {
    auto [It, Inserted] = Decomposed.try_emplace(Address);
    if (Inserted)
      It->second = decompose(Address);
    return It->second;
  }

  /// The lanes that may run a block, along one dimension of the thread's
  /// index: those in [Low, High) that are Residue modulo Modulus.
  struct LaneSet {
    int64_t Modulus = 1, Residue = 0;
    int64_t Low = 0, High = std::numeric_limits<int32_t>::max();

    bool contains(int64_t Lane) const {
      return Low <= Lane && Lane < High && Lane % Modulus == Residue;
    }
  };

  /// Narrows \p Lanes by \p Condition, true or false as \p Holds: the
  /// conditions on the thread's index along \p Dimension that an `&&` that
  /// holds, or an `||` that does not, joins, each as the other overload
  /// reads it.
  static void narrow(LaneSet &Lanes, const Value *Condition, bool Holds,
                     unsigned Dimension) {
    using namespace PatternMatch;
    const Value *X, *Y;
    if ((Holds && match(Condition, m_LogicalAnd(m_Value(X), m_Value(Y)))) ||
        (!Holds && match(Condition, m_LogicalOr(m_Value(X), m_Value(Y))))) {
      narrow(Lanes, X, Holds, Dimension);
      narrow(Lanes, Y, Holds, Dimension);
      return;
    }
    if (const auto *Cmp = dyn_cast<ICmpInst>(Condition))
      narrow(Lanes, *Cmp, Holds, Dimension);
  }

  /// Narrows \p Lanes by \p Cmp, true or false as \p Holds, where it
  /// compares `i + c`, `i` the thread's index along \p Dimension, with a
  /// constant `n`: `i + c == n` (one lane); `(i + c) % m == r` and
  /// `((i + c) & (m - 1)) == r`, or `!=` with `m` = 2 (the guards of a tree
  /// reduction: `if (i % 4 == 0) s[i] += s[i + 2]`); `i + c < n` and the
  /// other orders (`if (i < 16) s[i] += s[i + 16]`). Other conditions leave
  /// \p Lanes as they are.
  static void narrow(LaneSet &Lanes, const ICmpInst &Cmp, bool Holds,
                     unsigned Dimension) {
    const auto *Bound = dyn_cast<ConstantInt>(Cmp.getOperand(1));
    if (!Bound || Bound->getValue().getSignificantBits() > 32)
      return;
    // Peels `+ c` off \p V: true if what is left is the thread's index
    // along Dimension.
    auto IsIndexPlus = [&](const Value *V, int64_t &Offset) {
      Offset = 0;
      if (const auto *Add = dyn_cast<BinaryOperator>(V);
          Add && Add->getOpcode() == Instruction::Add)
        if (const auto *C = dyn_cast<ConstantInt>(Add->getOperand(1));
            C && C->getValue().getSignificantBits() <= 32) {
          Offset = C->getSExtValue();
          V = Add->getOperand(0);
        }
      return getThreadIndexDimension(V) == Dimension;
    };
    int64_t N = Bound->getSExtValue(), Offset;
    bool IsEqual = (Cmp.getPredicate() == ICmpInst::ICMP_EQ) == Holds;
    if (Cmp.isEquality() && IsEqual && IsIndexPlus(Cmp.getOperand(0), Offset)) {
      Lanes.Low = std::max(Lanes.Low, N - Offset);
      Lanes.High = std::min(Lanes.High, N - Offset + 1);
      return;
    }
    if (Cmp.isEquality()) {
      const auto *Op = dyn_cast<BinaryOperator>(Cmp.getOperand(0));
      const auto *Mask =
          Op ? dyn_cast<ConstantInt>(Op->getOperand(1)) : nullptr;
      if (!Mask || Mask->getValue().getActiveBits() > 30 ||
          !IsIndexPlus(Op->getOperand(0), Offset) || N < 0 ||
          Lanes.Modulus != 1)
        return;
      int64_t Modulus = Mask->getZExtValue();
      if (Op->getOpcode() == Instruction::And && isPowerOf2_64(Modulus + 1))
        Modulus += 1;
      else if (Op->getOpcode() != Instruction::URem || Modulus == 0)
        return;
      if (N >= Modulus || (!IsEqual && Modulus != 2))
        return;
      int64_t Residue = IsEqual ? N : 1 - N;
      Lanes.Modulus = Modulus;
      Lanes.Residue = ((Residue - Offset) % Modulus + Modulus) % Modulus;
      return;
    }
    CmpInst::Predicate Pred =
        Holds ? Cmp.getPredicate() : Cmp.getInversePredicate();
    if (!IsIndexPlus(Cmp.getOperand(0), Offset) ||
        (ICmpInst::isUnsigned(Pred) && N < 0))
      return;
    if (ICmpInst::isUnsigned(Pred) && Offset < 0) {
      // i + c <u n also says 0 <= i + c; i + c >u n holds for i + c < 0 too.
      if (Pred != ICmpInst::ICMP_ULT && Pred != ICmpInst::ICMP_ULE)
        return;
      Lanes.Low = std::max(Lanes.Low, -Offset);
    }
    switch (ICmpInst::getSignedPredicate(Pred)) {
    case ICmpInst::ICMP_SLT:
      Lanes.High = std::min(Lanes.High, N - Offset);
      break;
    case ICmpInst::ICMP_SLE:
      Lanes.High = std::min(Lanes.High, N + 1 - Offset);
      break;
    case ICmpInst::ICMP_SGT:
      Lanes.Low = std::max(Lanes.Low, N + 1 - Offset);
      break;
    case ICmpInst::ICMP_SGE:
      Lanes.Low = std::max(Lanes.Low, N - Offset);
      break;
    default:
      break;
    }
  }

  /// The lanes that may run \p BB, as far as the branches to it tell.
  LaneSet getLanes(const BasicBlock *BB, unsigned Dimension) const {
    LaneSet Lanes;
    for (const DomTreeNode *Node = DT.getNode(BB)->getIDom(); Node;
         Node = Node->getIDom()) {
      const BasicBlock *Branching = Node->getBlock();
      const auto *Br = dyn_cast<BranchInst>(Branching->getTerminator());
      if (!Br || !Br->isConditional())
        continue;
      for (unsigned Successor : {0u, 1u})
        if (DT.dominates(BasicBlockEdge(Branching, Br->getSuccessor(Successor)),
                         BB))
          narrow(Lanes, Br->getCondition(), Successor == 0, Dimension);
    }
    return Lanes;
  }

  bool touchesAnotherLanes(const SharedAccess &A, const SharedAccess &B) {
    if (A.first == B.first || !maySharedVariablesOverlap(A.first, B.first))
      return false;
    std::optional<LaneAffineAddress> DA = getDecomposed(A.first);
    std::optional<LaneAffineAddress> DB = getDecomposed(B.first);
    if (!DA || !DB || (!DA->Stride && !DB->Stride) ||
        (DA->Stride && DB->Stride && DA->Dimension != DB->Dimension) ||
        DA->Base->getType() != DB->Base->getType())
      return false;
    const auto *Difference =
        dyn_cast<SCEVConstant>(SE.getMinusSCEV(DB->Base, DA->Base));
    if (!Difference || Difference->getAPInt().getSignificantBits() > 32)
      return false;
    // Sa * i - Sb * j = D for some lanes i != j that may run the accesses.
    int64_t D = Difference->getAPInt().getSExtValue();
    unsigned Dimension = DA->Stride ? DA->Dimension : DB->Dimension;
    LaneSet LanesA = getLanes(A.second, Dimension);
    LaneSet LanesB = getLanes(B.second, Dimension);
    if (DA->Stride == DB->Stride) {
      if (D == 0 || D % DA->Stride != 0)
        return false;
      int64_t Apart = D / DA->Stride; // i - j
      return static_cast<uint64_t>(std::abs(Apart)) <
                 std::min({DA->Extent, DB->Extent, WarpSize}) &&
             std::max(LanesA.Low, LanesB.Low + Apart) <
                 std::min(LanesA.High, LanesB.High + Apart) &&
             (Apart - (LanesA.Residue - LanesB.Residue)) %
                     std::gcd(LanesA.Modulus, LanesB.Modulus) ==
                 0;
    }
    // An address the same in every thread is one lane's, j = -D / Sb (or
    // i = D / Sa): one of the lanes that index the array and may run the
    // access.
    if (!DA->Stride || !DB->Stride) {
      int64_t Stride = DA->Stride ? DA->Stride : -DB->Stride;
      int64_t Lane = D / Stride;
      return D % Stride == 0 &&
             static_cast<uint64_t>(Lane) <
                 (DA->Stride ? DA->Extent : DB->Extent) &&
             (DA->Stride ? LanesA : LanesB).contains(Lane);
    }
    return D % std::gcd(DA->Stride, DB->Stride) == 0;
  }

public:
  CertainExchanges(ScalarEvolution &SE, const DominatorTree &DT,
                   unsigned WarpSize)
      : SE(SE), DT(DT), WarpSize(WarpSize) {}

  bool touchesAnotherLanes(const SharedAccess &Access,
                           const SharedAccesses &Others) {
    return any_of(Others, [&](const SharedAccess &Other) {
      return touchesAnotherLanes(Access, Other);
    });
  }
};

/// Whether an access of an address may touch what another lane accessed at
/// one of the others: a load another lane's store, a store what another
/// lane loaded or stored.
using TouchTest = function_ref<bool(const SharedAccess &Access,
                                    const SharedAccesses &Others)>;

/// The accesses of kernel \p K that need a yield point before them, by
/// \p TouchesAnotherLanes, of those where \p MayYield allows one; a store
/// after another lane's store only if \p OrderStores.
SmallPtrSet<Instruction *, 8>
findExchanges(Function &K, TouchTest TouchesAnotherLanes,
              function_ref<bool(const Instruction &)> MayYield,
              bool OrderStores) {
  SmallPtrSet<Instruction *, 8> Exchanges;
  DenseMap<const BasicBlock *, Accessed> AccessedAtEnd;
  ReversePostOrderTraversal<Function *> RPOT(&K);
  // An access found to need a yield point keeps it, and its yield point
  // ends what the accesses before it left: with those accesses fixed, the
  // addresses only grow from one round to the next.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : RPOT) {
      Accessed Since;
      for (const BasicBlock *Pred : predecessors(BB))
        if (auto Found = AccessedAtEnd.find(Pred); Found != AccessedAtEnd.end())
          Since.insert(Found->second);
      for (Instruction &I : *BB) {
        if (isSynchronizingCall(I)) {
          Since.clear();
          continue;
        }
        const Value *LoadAddress = getSharedLoadAddress(I);
        const Value *StoreAddress = getSharedStoreAddress(I);
        SharedAccess Loaded(LoadAddress, BB), Stored(StoreAddress, BB);
        if ((LoadAddress || StoreAddress) && MayYield(I) &&
            (Exchanges.contains(&I) ||
             (LoadAddress && TouchesAnotherLanes(Loaded, Since.Stored)) ||
             (StoreAddress &&
              (TouchesAnotherLanes(Stored, Since.Loaded) ||
               (OrderStores && TouchesAnotherLanes(Stored, Since.Stored)))))) {
          Changed |= Exchanges.insert(&I).second;
          Since.clear();
        }
        if (LoadAddress)
          Since.Loaded.insert(Loaded);
        if (StoreAddress)
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

/// Whether \p L runs a sync point in each iteration, or may: a barrier,
/// a warp operation or a yield point of the passes before.
bool synchronizes(const Loop &L) {
  return any_of(L.blocks(), [](const BasicBlock *BB) {
    return any_of(*BB, isSynchronizingCall);
  });
}
} // namespace

PreservedAnalyses LockstepSharedExchangesPass::lower(Module &M,
                                                     ModuleAnalysisManager &) {
  bool Changed = false;
  TargetLibraryInfoImpl TLII(Triple(M.getTargetTriple()));
  for (Function &K : kernels(M)) {
    SmallPtrSet<Instruction *, 8> Exchanges;
    if (none_of(instructions(K), isBlockBarrierCall)) {
      LaneIdentity Lanes(K);
      Exchanges = findExchanges(
          K,
          [&](const SharedAccess &Access, const SharedAccesses &Others) {
            return Lanes.mayTouchAnotherLanes(Access.first, Others);
          },
          [](const Instruction &) { return true; }, /*OrderStores=*/true);
    } else {
      DominatorTree DT(K);
      LoopInfo LI(DT);
      TargetLibraryInfo TLI(TLII, &K);
      AssumptionCache AC(K);
      ScalarEvolution SE(K, TLI, AC, DT, LI);
      CertainExchanges Certain(SE, DT, getWarpSize(M));
      Exchanges = findExchanges(
          K,
          [&](const SharedAccess &Access, const SharedAccesses &Others) {
            return Certain.touchesAnotherLanes(Access, Others);
          },
          [&](const Instruction &I) {
            const Loop *L = LI.getLoopFor(I.getParent());
            return !L || synchronizes(*L);
          },
          /*OrderStores=*/false);
    }
    // The first in the kernel's order, for the remark.
    Instruction *First = nullptr;
    for (Instruction &I : instructions(K))
      if (Exchanges.contains(&I)) {
        First = &I;
        break;
      }
    if (First)
      remarkRepair("mm-lockstep-shared-exchanges", "Lockstep", *First,
                   describeLockstep(K, Exchanges.size(),
                                    "accesses of shared memory that lanes "
                                    "exchange data through, every lane's "
                                    "store run before any lane's load"));
    for (Instruction *Access : Exchanges) {
      IRBuilder<> B(Access);
      WarpYield::create(B);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
