//===- PTXTranslator.h - PTX inline assembly as LLVM IR ---------*- C++ -*-===//
//
// Translates the PTX of an inline assembly call, statement by statement,
// into the IR that computes the same values (PTXTranslator.cpp: operands,
// registers and control; PTXArithmetic.cpp: arithmetic). Used by
// mm-lower-inline-asm (InlineAsm.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_PTXTRANSLATOR_H
#define MM_LIB_DEVICE_PTXTRANSLATOR_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

namespace llvm {
class InlineAsm;
} // namespace llvm

namespace mm::device {

/// A PTX operand as written: a register or `$N`, an immediate, a vector
/// `{a, b}`, or an address `[a+imm]`.
struct PTXOperand {
  llvm::StringRef Text;
  llvm::SmallVector<llvm::StringRef, 4> Elements; ///< of a vector
  bool IsAddress = false;
};

/// One PTX instruction: `add.rz.f32 $0, $1, $2` is the opcode `add.rz.f32`
/// (its parts `add`, `rz`, `f32`) and three operands.
struct PTXInstruction {
  llvm::StringRef Opcode;
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  llvm::ArrayRef<PTXOperand> Operands;
  /// The type its last part names, if any.
  llvm::Type *Ty = nullptr;

  llvm::StringRef getOp() const { return Parts.front(); }
  bool has(llvm::StringRef Part) const {
    return llvm::is_contained(Parts, Part);
  }
};

/// Translates the PTX of one inline assembly call into IR before the call.
class PTXTranslator {
public:
  PTXTranslator(llvm::CallBase &Call, const llvm::InlineAsm &Asm)
      : Call(Call), Asm(Asm), B(&Call) {}

  /// The values of the call's outputs, or a message saying what is not
  /// understood.
  llvm::Expected<llvm::SmallVector<llvm::Value *, 4>> run();

private:
  llvm::Error fail(const llvm::Twine &Why) {
    return llvm::createStringError(Why.str());
  }
  llvm::Error unknown(const PTXInstruction &I) {
    return fail("'" + I.Opcode + "'");
  }
  /// Fails unless \p I has \p N operands.
  llvm::Error checkArity(const PTXInstruction &I, size_t N);
  /// vote's ballot, all, any and uni, with or without .sync.
  llvm::Error vote(const PTXInstruction &I);
  llvm::Error setUpOperands();
  llvm::Error translate(llvm::StringRef Statement);
  llvm::Error instruction(llvm::StringRef Opcode,
                          llvm::ArrayRef<PTXOperand> Operands);
  /// Instructions on floating-point and integer values (PTXArithmetic.cpp),
  /// given their sources, the operands after the first, read as I.Ty.
  llvm::Error floatInstruction(const PTXInstruction &I,
                               llvm::SmallVectorImpl<llvm::Value *> &Src);
  llvm::Error integerInstruction(const PTXInstruction &I,
                                 llvm::ArrayRef<llvm::Value *> Src);
  /// The SIMD video instructions on the halfwords or bytes of 32-bit
  /// values (`vadd2`, `vabsdiff4`, `vset2`, ...), as clang's CUDA headers
  /// implement CUDA's SIMD intrinsics (`__vadd2`, `__vmaxs4`, ...), given
  /// their sources as 32-bit words.
  llvm::Error simdVideoInstruction(const PTXInstruction &I,
                                   llvm::ArrayRef<llvm::Value *> Src);

  /// The type that an opcode suffix names (`u32`, `f64`, `pred`, ...).
  llvm::Type *getType(llvm::StringRef Suffix);
  llvm::Expected<llvm::Value *> read(const PTXOperand &Op, llvm::Type *Ty);
  llvm::Expected<llvm::Value *> readName(llvm::StringRef Name, llvm::Type *Ty);
  llvm::Error write(const PTXOperand &Op, llvm::Value *V);
  llvm::Value *coerce(llvm::Value *V, llvm::Type *Ty);
  llvm::Value *specialRegister(llvm::StringRef Name);
  llvm::Value *intrinsic(llvm::Intrinsic::ID ID, llvm::ArrayRef<llvm::Type *> Types,
                         llvm::ArrayRef<llvm::Value *> Args) {
    return B.CreateIntrinsic(ID, Types, Args);
  }

  llvm::CallBase &Call;
  const llvm::InlineAsm &Asm;
  llvm::IRBuilder<> B;
  /// `$N` operands: outputs first, then inputs, as the string numbers them.
  llvm::SmallVector<llvm::Value *, 8> Operands;
  llvm::SmallVector<llvm::Type *, 8> OperandTypes;
  unsigned NumOutputs = 0;
  /// The assembly's own registers (`.reg` declarations).
  llvm::StringMap<llvm::Value *> Registers;
  /// The carry flag that `.cc` instructions set and `addc`/`madc` read.
  llvm::Value *Carry = nullptr;
  /// The guard of the current instruction (`@p`, `@!p`), if any.
  llvm::Value *Guard = nullptr;
};

} // namespace mm::device

#endif // MM_LIB_DEVICE_PTXTRANSLATOR_H
