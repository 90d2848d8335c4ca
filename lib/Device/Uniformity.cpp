//===- Uniformity.cpp - Values that are the same in every thread ----------===//

#include "Uniformity.h"
#include "DeviceIR.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm::device;

UniformityInfo UniformityInfo::compute(Function &T) {
  UniformityInfo Info;
  DenseSet<const Value *> &Divergent = Info.Divergent;
  ThreadValues TV = ThreadValues::bind(T);
  for (ThreadArg A : {ThreadArg::TidX, ThreadArg::TidY, ThreadArg::TidZ,
                      ThreadArg::ThreadIndex, ThreadArg::State,
                      ThreadArg::InRegion})
    if (Value *V = TV.get(A))
      Divergent.insert(V);
  PostDominatorTree PDT(T);
  SmallPtrSet<BasicBlock *, 16> AfterDivergentBranch;
  SmallPtrSet<const Instruction *, 8> Flooded;
  auto IsDivergent = [&](const Value *V) { return Divergent.contains(V); };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : T)
      for (Instruction &I : BB) {
        if (I.isTerminator()) {
          if (I.getNumSuccessors() < 2 || Flooded.contains(&I))
            continue;
          Value *Condition = nullptr;
          if (auto *Br = dyn_cast<BranchInst>(&I))
            Condition = Br->getCondition();
          else if (auto *Switch = dyn_cast<SwitchInst>(&I))
            Condition = Switch->getCondition();
          if (Condition && !IsDivergent(Condition))
            continue;
          // Threads part here and meet again at the branch's immediate
          // post-dominator at the latest: the phis from here to there (a
          // loop's header, when the way back to it passes the branch before
          // the threads meet) may see them arrive by different edges or in
          // different iterations; past it, they are together again.
          Flooded.insert(&I);
          DomTreeNode *Node = PDT.getNode(&BB);
          BasicBlock *Join =
              Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
          SmallVector<BasicBlock *> Work(successors(&I));
          while (!Work.empty()) {
            BasicBlock *Next = Work.pop_back_val();
            if (AfterDivergentBranch.insert(Next).second && Next != Join)
              append_range(Work, successors(Next));
          }
          Changed = true;
          continue;
        }
        if (I.getType()->isVoidTy() || IsDivergent(&I))
          continue;
        bool ThreadDependent = any_of(I.operands(), IsDivergent);
        if (isa<PHINode>(I)) {
          ThreadDependent |= AfterDivergentBranch.contains(&BB);
        } else if (auto *Call = dyn_cast<CallBase>(&I)) {
          ThreadDependent |= !Call->getCalledFunction() ||
                             Call->isConvergent() ||
                             Call->mayReadOrWriteMemory();
        } else if (!isInvariantLoad(I)) {
          ThreadDependent |= isa<AllocaInst>(I) || I.mayReadOrWriteMemory();
        }
        if (ThreadDependent) {
          Divergent.insert(&I);
          Changed = true;
        }
      }
  }
  return Info;
}


AnalysisKey UniformityAnalysis::Key;

UniformityInfo UniformityAnalysis::run(Function &F,
                                       FunctionAnalysisManager &) {
  return UniformityInfo::compute(F);
}

PreservedAnalyses UniformityPrinterPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (!getKernelOfThreadFunction(F))
    return PreservedAnalyses::all();
  const UniformityInfo &Info = FAM.getResult<UniformityAnalysis>(F);
  OS << "Uniformity of '" << F.getName() << "':\n";
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (!I.getType()->isVoidTy())
        OS << (Info.isUniform(&I) ? "  uniform:  " : "  divergent:") << I
           << '\n';
  return PreservedAnalyses::all();
}
