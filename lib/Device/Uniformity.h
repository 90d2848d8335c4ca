//===- Uniformity.h - Values that are the same in every thread --*- C++ -*-===//
//
// Which values of a kernel's thread function are the same in every thread of
// a block (uniform), and which may differ (divergent): an analysis of its
// own, as PoCL's VariableUniformityAnalysis is, queried by the passes that
// need it (mm-split-at-barriers keeps uniform values once per block).
// `mm-opt -passes='print<mm-uniformity>'` prints it.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_UNIFORMITY_H
#define MM_LIB_DEVICE_UNIFORMITY_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Value.h"

namespace mm::device {

/// The divergent values of a thread function: those computed from the
/// thread's own state (its index, its state arguments), from memory (but
/// for loads of memory no thread changes: isInvariantLoad) or by calls
/// with effects, and the phis of blocks reachable from a branch on
/// such a value before, or at, the branch's immediate post-dominator, where
/// the threads meet again (threads may arrive by different edges, or in
/// different iterations of a loop). Everything else is computed from the
/// block's own values (parameters, block index and dimensions, shared memory
/// addresses) the same way in every thread.
class UniformityInfo {
public:
  /// Computes it for thread function \p T, as it is now.
  static UniformityInfo compute(llvm::Function &T);

  bool isUniform(const llvm::Value *V) const { return !Divergent.contains(V); }

private:
  llvm::DenseSet<const llvm::Value *> Divergent;
};

class UniformityAnalysis : public llvm::AnalysisInfoMixin<UniformityAnalysis> {
public:
  using Result = UniformityInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &);

private:
  friend llvm::AnalysisInfoMixin<UniformityAnalysis>;
  static llvm::AnalysisKey Key;
};

/// print<mm-uniformity>: each value of each thread function, uniform or
/// divergent.
class UniformityPrinterPass
    : public llvm::PassInfoMixin<UniformityPrinterPass> {
public:
  explicit UniformityPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace mm::device

#endif // MM_LIB_DEVICE_UNIFORMITY_H
