//===- PTXSemantics.cpp - What PTX's operations compute -------------------===//

#include "PTXSemantics.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

Value *mm::device::flushDenormal(IRBuilderBase &B, Value *V) {
  Type *Ty = V->getType();
  Value *Tiny = B.CreateFCmpOLT(
      B.CreateUnaryIntrinsic(Intrinsic::fabs, V),
      ConstantFP::get(Ty, APFloat::getSmallestNormalized(Ty->getFltSemantics())));
  Value *IsZero = B.CreateFCmpOEQ(V, ConstantFP::get(Ty, 0.0));
  Value *SignedZero = B.CreateCopySign(ConstantFP::get(Ty, 0.0), V);
  return B.CreateSelect(B.CreateAnd(Tiny, B.CreateNot(IsZero)), SignedZero, V);
}

Value *mm::device::emitBytePermute(IRBuilderBase &B, Value *A, Value *BValue,
                                   Value *Selector) {
  Value *Pair = B.CreateOr(B.CreateZExt(A, B.getInt64Ty()),
                           B.CreateShl(B.CreateZExt(BValue, B.getInt64Ty()), 32));
  Value *Result = B.getInt32(0);
  for (unsigned I = 0; I < 4; ++I) {
    Value *Sel = B.CreateAnd(B.CreateLShr(Selector, 4 * I), 0xf);
    Value *Byte = B.CreateTrunc(
        B.CreateLShr(Pair, B.CreateZExt(B.CreateMul(B.CreateAnd(Sel, 7),
                                                    B.getInt32(8)),
                                        B.getInt64Ty())),
        B.getInt8Ty());
    Value *Sign = B.CreateSelect(B.CreateICmpSLT(Byte, B.getInt8(0)),
                                 B.getInt8(0xff), B.getInt8(0));
    Byte = B.CreateSelect(B.CreateICmpNE(B.CreateAnd(Sel, 8), B.getInt32(0)),
                          Sign, Byte);
    Result =
        B.CreateOr(Result, B.CreateShl(B.CreateZExt(Byte, B.getInt32Ty()), 8 * I));
  }
  return Result;
}

bool mm::device::isNearestRounding(StringRef Mode) {
  return Mode.empty() || Mode == "rn" || Mode == "approx" || Mode == "full";
}

StringRef mm::device::getLibdeviceSuffix(StringRef Mode) {
  return StringSwitch<StringRef>(Mode)
      .Case("rz", "_rz")
      .Case("rm", "_rd")
      .Case("rp", "_ru")
      .Default("_rn");
}

Value *mm::device::callLibdevice(IRBuilderBase &B, StringRef Name,
                                 Type *Result, ArrayRef<Value *> Args) {
  SmallVector<Type *, 3> Params;
  for (Value *Arg : Args)
    Params.push_back(Arg->getType());
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Callee =
      M.getOrInsertFunction(Name, FunctionType::get(Result, Params, false));
  return B.CreateCall(Callee, Args);
}

Value *mm::device::emitRoundedArithmetic(IRBuilderBase &B, StringRef Op,
                                         StringRef Mode,
                                         ArrayRef<Value *> Args) {
  Type *Ty = Args.front()->getType();
  if (Op == "mad")
    Op = "fma";
  if (isNearestRounding(Mode)) {
    if (Op == "add")
      return B.CreateFAdd(Args[0], Args[1]);
    if (Op == "sub")
      return B.CreateFSub(Args[0], Args[1]);
    if (Op == "mul")
      return B.CreateFMul(Args[0], Args[1]);
    if (Op == "div")
      return B.CreateFDiv(Args[0], Args[1]);
    if (Op == "rcp")
      return B.CreateFDiv(ConstantFP::get(Ty, 1.0), Args[0]);
    if (Op == "fma")
      return B.CreateIntrinsic(Intrinsic::fma, {Ty}, Args);
    return B.CreateUnaryIntrinsic(Intrinsic::sqrt, Args[0]);
  }
  bool Float = Ty->isFloatTy();
  // libdevice names the operations on floats f..., on doubles d..., but for
  // fma (fmaf and fma).
  std::string Base = Op == "fma" ? (Float ? "fmaf" : "fma")
                                 : (Float ? "f" : "d") + Op.str();
  return callLibdevice(B, "__nv_" + Base + getLibdeviceSuffix(Mode).str(), Ty,
                       Args);
}
