//===- PTXSemantics.h - What PTX's operations compute -----------*- C++ -*-===//
//
// The meaning of PTX's floating-point arithmetic and byte permutes as IR,
// shared by the two ways they reach the device lowering: inline assembly
// (PTXTranslator.h) and NVVM intrinsics (mm-lower-nvvm-math). Operations
// that round in a directed mode are calls of mm's libdevice functions of the
// same meaning (`__nv_fadd_rz`, ...), which mm-link-device-library defines.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_PTXSEMANTICS_H
#define MM_LIB_DEVICE_PTXSEMANTICS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class IRBuilderBase;
class Type;
class Value;
} // namespace llvm

namespace mm::device {

/// Flushes a denormal f32 \p V to a zero of its sign (`.ftz`).
llvm::Value *flushDenormal(llvm::IRBuilderBase &B, llvm::Value *V);

/// PTX's `prmt.b32 d, a, b, c` (default mode): byte i of d is byte
/// (c >> 4i) & 7 of {b, a}, replaced by its sign when bit 3 of that nibble
/// is set.
llvm::Value *emitBytePermute(llvm::IRBuilderBase &B, llvm::Value *A,
                             llvm::Value *BValue, llvm::Value *Selector);

/// True if \p Mode rounds to nearest: rn, approx, full, or none.
bool isNearestRounding(llvm::StringRef Mode);

/// PTX's floating-point `OP.MODE` on f32 or f64 \p Args: OP is add, sub, mul,
/// fma (or mad), div, rcp or sqrt; MODE is rn, rz, rm or rp, or one that
/// rounds to nearest.
llvm::Value *emitRoundedArithmetic(llvm::IRBuilderBase &B, llvm::StringRef Op,
                                   llvm::StringRef Mode,
                                   llvm::ArrayRef<llvm::Value *> Args);

/// libdevice's suffix for PTX's rounding mode: _rn, _rz, _rd (rm), _ru (rp).
llvm::StringRef getLibdeviceSuffix(llvm::StringRef Mode);

/// A call of libdevice's function \p Name, returning \p Result.
llvm::Value *callLibdevice(llvm::IRBuilderBase &B, llvm::StringRef Name,
                           llvm::Type *Result,
                           llvm::ArrayRef<llvm::Value *> Args);

} // namespace mm::device

#endif // MM_LIB_DEVICE_PTXSEMANTICS_H
