//===- PTXArithmetic.cpp - PTX arithmetic as LLVM IR ----------------------===//
//
// PTX's arithmetic on floating-point values (rounding modes as
// PTXSemantics.h gives them, flushed denormals, saturation; the approximate
// functions computed exactly) and on integers (halves and wide products, the
// carry flag of `.cc`/`addc`/`madc`, bit fields, byte permutes, three-input
// logic, shuffles,
// the SIMD video instructions on halfwords and bytes).
// See PTXTranslator.h.
//
//===----------------------------------------------------------------------===//

#include "PTXSemantics.h"
#include "PTXTranslator.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;
using namespace mm::device;

/// PTX's `lop3.b32 d, a, b, c, immLut`: bit i of d is bit (4a + 2b + c) of
/// immLut, where a, b and c are bit i of the sources. The sum of the
/// minterms that the table selects; a constant table folds to the few
/// operations it names.
static Value *emitLookupTable3(IRBuilderBase &B, Value *A, Value *BValue,
                               Value *C, Value *Table) {
  Type *Ty = A->getType();
  Value *Result = ConstantInt::get(Ty, 0);
  for (unsigned Minterm = 0; Minterm < 8; ++Minterm) {
    Value *Term =
        B.CreateAnd(B.CreateAnd(Minterm & 4 ? A : B.CreateNot(A),
                                Minterm & 2 ? BValue : B.CreateNot(BValue)),
                    Minterm & 1 ? C : B.CreateNot(C));
    // All ones where the table's bit is set, else zero.
    Value *Selected = B.CreateNeg(
        B.CreateAnd(B.CreateLShr(Table, Minterm), ConstantInt::get(Ty, 1)));
    Result = B.CreateOr(Result, B.CreateAnd(Term, Selected));
  }
  return Result;
}

/// The integer comparison \p Name (`eq`, `ne`, `lt`, `le`, `gt`, `ge`) of
/// values \p Signed or not, as setp and vset name them; BAD_ICMP_PREDICATE
/// for any other name.
static CmpInst::Predicate getIntegerComparison(StringRef Name, bool Signed) {
  return StringSwitch<CmpInst::Predicate>(Name)
      .Case("eq", CmpInst::ICMP_EQ)
      .Case("ne", CmpInst::ICMP_NE)
      .Case("lt", Signed ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
      .Case("le", Signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
      .Case("gt", Signed ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
      .Case("ge", Signed ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
      .Default(CmpInst::BAD_ICMP_PREDICATE);
}

Error PTXTranslator::floatInstruction(const PTXInstruction &I,
                                      SmallVectorImpl<Value *> &Src) {
  StringRef Op = I.getOp(), Opcode = I.Opcode;
  ArrayRef<PTXOperand> Ops = I.Operands;
  Type *Ty = I.Ty;
  bool FTZ = I.has("ftz") && Ty->isFloatTy();
  if (FTZ)
    for (Value *&V : Src)
      V = flushDenormal(B, V);
  StringRef Mode = I.has("rz")   ? "rz"
                   : I.has("rm") ? "rm"
                   : I.has("rp") ? "rp"
                                 : "rn";
  Value *Result = nullptr;
  if (Op == "add" || Op == "sub" || Op == "mul" || Op == "div") {
    if (Error E = checkArity(I, 3))
      return E;
    Result = emitRoundedArithmetic(B, Op, Mode, {Src[0], Src[1]});
  } else if (Op == "fma" || Op == "mad") {
    if (Error E = checkArity(I, 4))
      return E;
    Result = emitRoundedArithmetic(B, Op, Mode, Src);
  } else if (Op == "rcp" || Op == "sqrt") {
    if (Error E = checkArity(I, 2))
      return E;
    Result = emitRoundedArithmetic(B, Op, Mode, {Src[0]});
  } else if (Op == "rsqrt") {
    if (Error E = checkArity(I, 2))
      return E;
    if (!isNearestRounding(Mode))
      return fail("'" + Opcode + "' (directed rounding)");
    Result = B.CreateFDiv(ConstantFP::get(Ty, 1.0),
                          intrinsic(Intrinsic::sqrt, {Ty}, {Src[0]}));
  } else if (Op == "ex2" || Op == "lg2" || Op == "sin" || Op == "cos") {
    if (Error E = checkArity(I, 2))
      return E;
    Intrinsic::ID ID = StringSwitch<Intrinsic::ID>(Op)
                           .Case("ex2", Intrinsic::exp2)
                           .Case("lg2", Intrinsic::log2)
                           .Case("sin", Intrinsic::sin)
                           .Case("cos", Intrinsic::cos);
    Result = intrinsic(ID, {Ty}, {Src[0]});
  } else if (Op == "abs" || Op == "neg") {
    if (Error E = checkArity(I, 2))
      return E;
    Result = Op == "abs" ? intrinsic(Intrinsic::fabs, {Ty}, {Src[0]})
                         : B.CreateFNeg(Src[0]);
  } else if (Op == "min" || Op == "max") {
    if (Error E = checkArity(I, 3))
      return E;
    Result = intrinsic(Op == "min" ? Intrinsic::minnum : Intrinsic::maxnum, {Ty},
                  Src);
  } else if (Op == "setp") {
    // setp.CMP.TYPE p, a, b: the operands were read as floats above.
    if (Error E = checkArity(I, 3))
      return E;
    CmpInst::Predicate P =
        StringSwitch<CmpInst::Predicate>(I.Parts[1])
            .Case("eq", CmpInst::FCMP_OEQ)
            .Case("ne", CmpInst::FCMP_ONE)
            .Case("lt", CmpInst::FCMP_OLT)
            .Case("le", CmpInst::FCMP_OLE)
            .Case("gt", CmpInst::FCMP_OGT)
            .Case("ge", CmpInst::FCMP_OGE)
            .Case("equ", CmpInst::FCMP_UEQ)
            .Case("neu", CmpInst::FCMP_UNE)
            .Case("ltu", CmpInst::FCMP_ULT)
            .Case("leu", CmpInst::FCMP_ULE)
            .Case("gtu", CmpInst::FCMP_UGT)
            .Case("geu", CmpInst::FCMP_UGE)
            .Case("num", CmpInst::FCMP_ORD)
            .Case("nan", CmpInst::FCMP_UNO)
            .Default(CmpInst::BAD_FCMP_PREDICATE);
    if (P == CmpInst::BAD_FCMP_PREDICATE)
      return unknown(I);
    return write(Ops[0], B.CreateFCmp(P, Src[0], Src[1]));
  } else if (Op == "selp") {
    if (Error E = checkArity(I, 4))
      return E;
    Expected<Value *> P = read(Ops[3], B.getInt1Ty());
    if (!P)
      return P.takeError();
    return write(Ops[0], B.CreateSelect(*P, Src[0], Src[1]));
  } else {
    return unknown(I);
  }
  if (I.has("sat"))
    Result = intrinsic(Intrinsic::minnum, {Ty},
                  {intrinsic(Intrinsic::maxnum, {Ty},
                        {Result, ConstantFP::get(Ty, 0.0)}),
                   ConstantFP::get(Ty, 1.0)});
  if (FTZ)
    Result = flushDenormal(B, Result);
  return write(Ops[0], Result);
}

Error PTXTranslator::integerInstruction(const PTXInstruction &I,
                                        ArrayRef<Value *> Src) {
  StringRef Op = I.getOp();
  ArrayRef<PTXOperand> Ops = I.Operands;
  Type *Ty = I.Ty;
  bool Signed = I.Parts.back().starts_with("s");
  unsigned Width = Ty->getIntegerBitWidth();
  if (Op == "selp") {
    if (Error E = checkArity(I, 4))
      return E;
    Expected<Value *> P = read(Ops[3], B.getInt1Ty());
    if (!P)
      return P.takeError();
    return write(Ops[0], B.CreateSelect(*P, Src[0], Src[1]));
  }
  auto Wide = [&](Value *V) {
    return Signed ? B.CreateSExt(V, B.getIntNTy(2 * Width))
                  : B.CreateZExt(V, B.getIntNTy(2 * Width));
  };
  auto Half = [&](Value *V, bool High) {
    return B.CreateTrunc(High ? B.CreateLShr(V, Width) : V, Ty);
  };
  // The product's low or high half, or the whole (.wide).
  auto Product = [&](Value *X, Value *Y) -> Value * {
    Value *P = B.CreateMul(Wide(X), Wide(Y));
    if (I.has("wide"))
      return P;
    return Half(P, I.has("hi"));
  };
  // Adds (subtracts) with the carry (borrow) flag: reads it (addc, subc,
  // madc), sets it (.cc).
  auto WithCarry = [&](Instruction::BinaryOps Opcode, Value *X, Value *Y,
                       bool CarryIn) {
    Type *WideTy = B.getIntNTy(Width + 1);
    Value *Sum = B.CreateBinOp(Opcode, B.CreateZExt(X, WideTy),
                               B.CreateZExt(Y, WideTy));
    if (CarryIn)
      Sum = B.CreateBinOp(Opcode, Sum,
                          B.CreateZExt(Carry ? Carry : B.getFalse(), WideTy));
    if (I.has("cc"))
      Carry = B.CreateTrunc(B.CreateLShr(Sum, Width), B.getInt1Ty());
    return B.CreateTrunc(Sum, Ty);
  };
  Value *Result = nullptr;
  if (Op == "add" || Op == "addc") {
    if (Error E = checkArity(I, 3))
      return E;
    Result = WithCarry(Instruction::Add, Src[0], Src[1], Op == "addc");
  } else if (Op == "sub" || Op == "subc") {
    if (Error E = checkArity(I, 3))
      return E;
    Result = WithCarry(Instruction::Sub, Src[0], Src[1], Op == "subc");
  } else if (Op == "mul" || Op == "mul24") {
    if (Error E = checkArity(I, 3))
      return E;
    Result = Product(Src[0], Src[1]);
  } else if (Op == "mad" || Op == "madc") {
    if (Error E = checkArity(I, 4))
      return E;
    if (I.has("wide"))
      return unknown(I);
    Result = WithCarry(Instruction::Add, Product(Src[0], Src[1]), Src[2],
                       Op == "madc");
  } else if (Op == "div" || Op == "rem") {
    if (Error E = checkArity(I, 3))
      return E;
    Result = Op == "div" ? (Signed ? B.CreateSDiv(Src[0], Src[1])
                                   : B.CreateUDiv(Src[0], Src[1]))
                         : (Signed ? B.CreateSRem(Src[0], Src[1])
                                   : B.CreateURem(Src[0], Src[1]));
  } else if (Op == "and" || Op == "or" || Op == "xor") {
    if (Error E = checkArity(I, 3))
      return E;
    Result = Op == "and"  ? B.CreateAnd(Src[0], Src[1])
             : Op == "or" ? B.CreateOr(Src[0], Src[1])
                          : B.CreateXor(Src[0], Src[1]);
  } else if (Op == "lop3") {
    if (Error E = checkArity(I, 5))
      return E;
    if (I.Parts.size() != 2)
      return unknown(I);
    Result = emitLookupTable3(B, Src[0], Src[1], Src[2], Src[3]);
  } else if (Op == "not" || Op == "neg" || Op == "abs") {
    if (Error E = checkArity(I, 2))
      return E;
    Result = Op == "not"   ? B.CreateNot(Src[0])
             : Op == "neg" ? B.CreateNeg(Src[0])
                           : B.CreateBinaryIntrinsic(Intrinsic::abs, Src[0],
                                                     B.getFalse());
  } else if (Op == "shl" || Op == "shr") {
    if (Error E = checkArity(I, 3))
      return E;
    // PTX clamps shift amounts at the width.
    Value *Amount = B.CreateBinaryIntrinsic(
        Intrinsic::umin, Src[1], ConstantInt::get(Ty, Width));
    Value *Big = B.CreateICmpEQ(Amount, ConstantInt::get(Ty, Width));
    Value *Safe = B.CreateSelect(Big, ConstantInt::get(Ty, Width - 1), Amount);
    if (Op == "shl")
      Result = B.CreateSelect(Big, ConstantInt::get(Ty, 0), B.CreateShl(Src[0], Safe));
    else if (Signed)
      Result = B.CreateAShr(Src[0], Safe);
    else
      Result = B.CreateSelect(Big, ConstantInt::get(Ty, 0),
                              B.CreateLShr(Src[0], Safe));
  } else if (Op == "min" || Op == "max") {
    if (Error E = checkArity(I, 3))
      return E;
    Intrinsic::ID ID = Op == "min" ? (Signed ? Intrinsic::smin : Intrinsic::umin)
                                   : (Signed ? Intrinsic::smax : Intrinsic::umax);
    Result = B.CreateBinaryIntrinsic(ID, Src[0], Src[1]);
  } else if (Op == "popc" || Op == "clz" || Op == "brev") {
    if (Error E = checkArity(I, 2))
      return E;
    Intrinsic::ID ID = Op == "popc"  ? Intrinsic::ctpop
                       : Op == "clz" ? Intrinsic::ctlz
                                     : Intrinsic::bitreverse;
    Result = ID == Intrinsic::ctlz
                 ? B.CreateBinaryIntrinsic(ID, Src[0], B.getFalse())
                 : B.CreateUnaryIntrinsic(ID, Src[0]);
    if (Op != "brev")
      Result = B.CreateZExtOrTrunc(Result, B.getInt32Ty());
  } else if (Op == "bfind") {
    if (Error E = checkArity(I, 2))
      return E;
    // The position of the most significant non-sign bit, or (.shiftamt) the
    // left shift that normalizes; 0xffffffff when there is none.
    Value *X = Signed ? B.CreateSelect(B.CreateICmpSLT(Src[0],
                                                       ConstantInt::get(Ty, 0)),
                                       B.CreateNot(Src[0]), Src[0])
                      : Src[0];
    Value *Leading = B.CreateZExtOrTrunc(
        B.CreateBinaryIntrinsic(Intrinsic::ctlz, X, B.getTrue()),
        B.getInt32Ty());
    Value *Found = I.has("shiftamt")
                       ? Leading
                       : B.CreateSub(B.getInt32(Width - 1), Leading);
    Result = B.CreateSelect(B.CreateICmpEQ(X, ConstantInt::get(Ty, 0)),
                            B.getInt32(~0u), Found);
  } else if (Op == "bfe") {
    if (Error E = checkArity(I, 4))
      return E;
    // Bits [pos, pos+len) of a, sign-extended from the last one for .s.
    Value *Pos = B.CreateZExtOrTrunc(B.CreateAnd(Src[1], 0xff), Ty);
    Value *Len = B.CreateZExtOrTrunc(B.CreateAnd(Src[2], 0xff), Ty);
    Value *W = ConstantInt::get(Ty, Width);
    Value *P = B.CreateBinaryIntrinsic(Intrinsic::umin, Pos, W);
    Value *L = B.CreateBinaryIntrinsic(Intrinsic::umin, Len,
                                       B.CreateSub(W, P));
    Value *Shifted = B.CreateLShr(Src[0], B.CreateBinaryIntrinsic(
                                              Intrinsic::umin, P,
                                              ConstantInt::get(Ty, Width - 1)));
    Shifted = B.CreateSelect(B.CreateICmpEQ(P, W), ConstantInt::get(Ty, 0), Shifted);
    Value *Up = B.CreateSub(W, L);
    Value *Field = B.CreateSelect(
        B.CreateICmpEQ(L, ConstantInt::get(Ty, 0)), ConstantInt::get(Ty, 0),
        Signed ? B.CreateAShr(B.CreateShl(Shifted, Up), Up)
               : B.CreateLShr(B.CreateShl(Shifted, Up), Up));
    Result = Field;
  } else if (Op == "prmt") {
    if (Error E = checkArity(I, 4))
      return E;
    if (I.Parts.size() != 2)
      return unknown(I);
    Result = emitBytePermute(B, Src[0], Src[1], Src[2]);
  } else if (Op == "setp") {
    if (Error E = checkArity(I, 3))
      return E;
    // Besides the comparisons of the type's signedness, the unsigned ones
    // by name: lo, ls, hi, hs (or ltu, leu, gtu, geu).
    CmpInst::Predicate P = getIntegerComparison(I.Parts[1], Signed);
    if (P == CmpInst::BAD_ICMP_PREDICATE)
      P = StringSwitch<CmpInst::Predicate>(I.Parts[1])
              .Cases("lo", "ltu", CmpInst::ICMP_ULT)
              .Cases("ls", "leu", CmpInst::ICMP_ULE)
              .Cases("hi", "gtu", CmpInst::ICMP_UGT)
              .Cases("hs", "geu", CmpInst::ICMP_UGE)
              .Default(CmpInst::BAD_ICMP_PREDICATE);
    if (P == CmpInst::BAD_ICMP_PREDICATE)
      return unknown(I);
    return write(Ops[0], B.CreateICmp(P, Src[0], Src[1]));
  } else if (Op == "shfl") {
    // shfl[.sync].MODE.b32 d[|p], a, b, c[, mask]: the NVVM intrinsic, which
    // the warp lowering runs; without .sync, the whole warp. p: whether
    // the source lane was in range.
    if (Ops.size() != 4 && Ops.size() != 5)
      return unknown(I);
    auto [Dest, Pred] = Ops[0].Text.split('|');
    bool WithPredicate = !Pred.trim().empty();
    Intrinsic::ID ID =
        I.has("up")     ? (WithPredicate ? Intrinsic::nvvm_shfl_sync_up_i32p
                                         : Intrinsic::nvvm_shfl_sync_up_i32)
        : I.has("down") ? (WithPredicate ? Intrinsic::nvvm_shfl_sync_down_i32p
                                         : Intrinsic::nvvm_shfl_sync_down_i32)
        : I.has("bfly") ? (WithPredicate ? Intrinsic::nvvm_shfl_sync_bfly_i32p
                                         : Intrinsic::nvvm_shfl_sync_bfly_i32)
                        : (WithPredicate ? Intrinsic::nvvm_shfl_sync_idx_i32p
                                         : Intrinsic::nvvm_shfl_sync_idx_i32);
    Value *Mask = Ops.size() == 5 ? Src[3] : B.getInt32(~0u);
    Result = intrinsic(ID, {}, {Mask, Src[0], Src[1], Src[2]});
    if (!WithPredicate)
      return write(Ops[0], Result);
    if (Error E =
            write(PTXOperand{Dest, {}, false}, B.CreateExtractValue(Result, 0)))
      return E;
    return write(PTXOperand{Pred, {}, false}, B.CreateExtractValue(Result, 1));
  } else {
    return unknown(I);
  }
  return write(Ops[0], Result);
}

Error PTXTranslator::simdVideoInstruction(const PTXInstruction &I,
                                          ArrayRef<Value *> Src) {
  // vop2.dtype.atype.btype{.sat} d, a, b, c and vop2.dtype.atype.btype.add
  // d, a, b, c (vop4 likewise on bytes); vset2.atype.btype.cmp{.add} d, a,
  // b, c. Each element of a and b is extended by its type, the operation
  // computed on the extended values, then saturated to the element's range
  // (.sat), and either the elements' results are packed into d or (.add)
  // their sum added to c. Without an element selector or a mask, the merge
  // with c that PTX allows takes every element from the result.
  StringRef Op = I.getOp();
  StringRef Kind = Op.drop_back();
  unsigned Elements = Op.back() - '0';
  bool IsSet = Kind == "vset";
  ArrayRef<StringRef> Parts(I.Parts);
  size_t TypeParts = IsSet ? 2 : 3;
  if (Parts.size() < 1 + TypeParts ||
      any_of(Parts.slice(1, TypeParts),
             [](StringRef T) { return T != "s32" && T != "u32"; }))
    return unknown(I);
  bool DestSigned = Parts[1] == "s32";
  bool ASigned = Parts[TypeParts - 1] == "s32";
  bool BSigned = Parts[TypeParts] == "s32";
  ArrayRef<StringRef> Modifiers = Parts.drop_front(1 + TypeParts);
  CmpInst::Predicate Compare = CmpInst::BAD_ICMP_PREDICATE;
  if (IsSet) {
    if (Modifiers.empty())
      return unknown(I);
    // The extended values fit in 32 bits whatever their types: compared as
    // signed.
    Compare = getIntegerComparison(Modifiers.front(), /*Signed=*/true);
    if (Compare == CmpInst::BAD_ICMP_PREDICATE)
      return unknown(I);
    Modifiers = Modifiers.drop_front();
  }
  bool Saturate = false, Accumulate = false;
  if (Modifiers.size() > 1)
    return unknown(I);
  if (!Modifiers.empty()) {
    Saturate = Modifiers.front() == "sat" && !IsSet;
    Accumulate = Modifiers.front() == "add";
    if (!Saturate && !Accumulate)
      return unknown(I);
  }
  if (Error E = checkArity(I, 4))
    return E;

  Type *I32 = B.getInt32Ty();
  unsigned ElementBits = 32 / Elements;
  auto *PackedTy = FixedVectorType::get(B.getIntNTy(ElementBits), Elements);
  auto *WideTy = FixedVectorType::get(I32, Elements);
  auto Extend = [&](Value *V, bool Signed) {
    Value *Packed = B.CreateBitCast(V, PackedTy);
    return Signed ? B.CreateSExt(Packed, WideTy) : B.CreateZExt(Packed, WideTy);
  };
  Value *A = Extend(Src[0], ASigned), *Bv = Extend(Src[1], BSigned);
  Value *T = nullptr;
  if (IsSet) {
    T = B.CreateZExt(B.CreateICmp(Compare, A, Bv), WideTy);
  } else if (Kind == "vadd") {
    T = B.CreateAdd(A, Bv);
  } else if (Kind == "vsub") {
    T = B.CreateSub(A, Bv);
  } else if (Kind == "vavrg") {
    // Rounded up for non-negative sums, down for negative ones.
    Value *Sum = B.CreateAdd(A, Bv);
    Value *Up = B.CreateZExt(
        B.CreateICmpSGE(Sum, Constant::getNullValue(WideTy)), WideTy);
    T = B.CreateAShr(B.CreateAdd(Sum, Up), ConstantInt::get(WideTy, 1));
  } else if (Kind == "vabsdiff") {
    T = B.CreateBinaryIntrinsic(Intrinsic::abs, B.CreateSub(A, Bv),
                                B.getFalse());
  } else if (Kind == "vmin" || Kind == "vmax") {
    T = B.CreateBinaryIntrinsic(Kind == "vmin" ? Intrinsic::smin
                                               : Intrinsic::smax,
                                A, Bv);
  } else {
    return unknown(I);
  }
  if (Saturate) {
    APInt Low = DestSigned ? APInt::getSignedMinValue(ElementBits).sext(32)
                           : APInt::getMinValue(32);
    APInt High = DestSigned ? APInt::getSignedMaxValue(ElementBits).sext(32)
                            : APInt::getMaxValue(ElementBits).zext(32);
    T = B.CreateBinaryIntrinsic(Intrinsic::smax, T,
                                ConstantInt::get(WideTy, Low));
    T = B.CreateBinaryIntrinsic(Intrinsic::smin, T,
                                ConstantInt::get(WideTy, High));
  }
  Value *Result = Accumulate
                      ? B.CreateAdd(Src[2], B.CreateAddReduce(T))
                      : B.CreateBitCast(B.CreateTrunc(T, PackedTy), I32);
  return write(I.Operands[0], Result);
}
