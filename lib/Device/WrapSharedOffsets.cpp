//===- WrapSharedOffsets.cpp - 32-bit shared-memory offsets --------------===//
//
// mm-wrap-shared-offsets: a GPU addresses shared memory with 32 bits, so an
// offset into it wraps around at 2^32. Code relies on that when it indexes
// a shared array with the complement of an unsigned index (the merge path's
// `B_shared[~Ax]`, which means `B_shared[-Ax - 1]`): clang zero-extends the
// 32-bit index to 64 bits, which on the GPU still lands in the window after
// the wrap-around, and on the CPU lands 16 GB away.
//
// So an index of a getelementptr into a shared variable that is a 32-bit
// value zero-extended becomes the same value sign-extended: the same
// address modulo 2^32, and the only one of the two that can be in shared
// memory, which is smaller than 2^31 bytes. (An extension known to be of a
// non-negative value, `zext nneg`, is left as it is: both mean the same.)
// The getelementptr loses `inbounds` and its other no-wrap flags, since the
// program may step from one shared variable into the one before it.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

PreservedAnalyses WrapSharedOffsetsPass::lower(Module &M,
                                               ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F)) {
      auto *GEP = dyn_cast<GetElementPtrInst>(&I);
      if (!GEP || !isSharedMemory(GEP->getPointerOperand()))
        continue;
      for (Use &Index : GEP->indices()) {
        auto *Extension = dyn_cast<ZExtInst>(Index.get());
        if (!Extension || Extension->hasNonNeg() ||
            !Extension->getSrcTy()->isIntegerTy(32))
          continue;
        IRBuilder<> B(GEP);
        Index.set(B.CreateSExt(Extension->getOperand(0), Extension->getType(),
                               Extension->getName() + ".wrapped"));
        GEP->setNoWrapFlags(GEPNoWrapFlags::none());
        Changed = true;
      }
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
