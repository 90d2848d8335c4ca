//===- NVVMMath.cpp - NVVM's arithmetic and conversion intrinsics ---------===//
//
// mm-lower-nvvm-math: the NVVM intrinsics of arithmetic, math and
// conversions, which NVIDIA's libdevice is written in and clang's __nvvm_*
// built-ins produce, become what they compute. Rounding to nearest is the
// operation itself; a directed mode (.rz, .rm, .rp), a conversion that
// saturates, or a function with no LLVM counterpart is a call of the
// libdevice function of the same meaning (`llvm.nvvm.add.rz.f` is
// `__nv_fadd_rz`, `llvm.nvvm.f2i.rm` is `__nv_float2int_rd`), which
// mm-link-device-library then defines: mm's libdevice is the one definition
// of what they mean. `.ftz` flushes denormal inputs and results to zero. The
// approximate functions (.approx) compute the accurate ones, which are within
// their bounds.
//
// Shifts are what NVPTX makes of them too: PTX's shl and shr clamp the shift
// amount to the operand's width, so that a shift by the width or more gives
// 0 (or the sign, shifted right arithmetically), where the host's
// instructions take the amount modulo the width. Programs written for GPUs
// rely on it (`x << (32 - n)` with n = 0).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"
#include "PTXSemantics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm::device;

namespace {
/// An NVVM intrinsic's name taken apart: `llvm.nvvm.add.rz.ftz.f` is the
/// operation `add`, the mode `rz`, flushed, on `f`.
struct NVVMName {
  StringRef Op;
  StringRef Mode;
  bool FTZ = false;
  StringRef Type;
  SmallVector<StringRef, 6> Parts;

  static std::optional<NVVMName> parse(StringRef Name) {
    if (!Name.consume_front("llvm.nvvm."))
      return std::nullopt;
    NVVMName N;
    Name.split(N.Parts, '.');
    N.Op = N.Parts.front();
    N.Type = N.Parts.back();
    for (StringRef Part : ArrayRef(N.Parts).drop_front()) {
      if (Part == "ftz")
        N.FTZ = true;
      else if (Part == "rn" || Part == "rz" || Part == "rm" || Part == "rp" ||
               Part == "approx" || Part == "full")
        N.Mode = Part;
    }
    return N;
  }
  bool has(StringRef Part) const { return is_contained(Parts, Part); }
};
} // namespace

/// What \p Call of \p N computes, or null if it is not one of this pass's.
static Value *lowerNVVMMath(IRBuilder<> &B, const NVVMName &N,
                            CallBase &Call) {
  Type *Ty = Call.getType();
  SmallVector<Value *, 3> Args(Call.args());
  bool Float = N.Type == "f" || N.Type == "f32";
  bool Double = N.Type == "d";
  // .ftz flushes f32 inputs and results; f64 has no .ftz.
  auto Flush = [&](Value *V) {
    return N.FTZ && V->getType()->isFloatTy() ? flushDenormal(B, V) : V;
  };
  for (Value *&Arg : Args)
    Arg = Flush(Arg);
  auto Unary = [&](Intrinsic::ID ID) {
    return Flush(B.CreateUnaryIntrinsic(ID, Args[0]));
  };

  StringRef Op = N.Op;
  // Arithmetic with a rounding mode.
  if ((Op == "add" || Op == "mul" || Op == "div" || Op == "fma" ||
       Op == "rcp" || Op == "sqrt") &&
      (Float || Double))
    return Flush(emitRoundedArithmetic(B, Op, N.Mode, Args));
  if (Op == "ex2" || Op == "lg2" || Op == "sin" || Op == "cos")
    return Unary(StringSwitch<Intrinsic::ID>(Op)
                     .Case("ex2", Intrinsic::exp2)
                     .Case("lg2", Intrinsic::log2)
                     .Case("sin", Intrinsic::sin)
                     .Case("cos", Intrinsic::cos));
  if (Op == "rsqrt" || Op == "tanh")
    return Flush(callLibdevice(
        B, (Twine("__nv_") + Op + (Ty->isFloatTy() ? "f" : "")).str(), Ty,
        Args));
  if (Op == "fabs" || Op == "floor" || Op == "ceil" || Op == "trunc" ||
      Op == "round")
    return Unary(StringSwitch<Intrinsic::ID>(Op)
                     .Case("fabs", Intrinsic::fabs)
                     .Case("floor", Intrinsic::floor)
                     .Case("ceil", Intrinsic::ceil)
                     .Case("trunc", Intrinsic::trunc)
                     // cvt.rni: to the nearest whole number, ties to even.
                     .Case("round", Intrinsic::roundeven));
  if ((Op == "fmin" || Op == "fmax") && !N.has("xorsign")) {
    // PTX's min and max return the other operand of a NaN; .NaN returns
    // the NaN.
    bool PropagateNaN = N.has("nan");
    Intrinsic::ID ID = Op == "fmin"
                           ? (PropagateNaN ? Intrinsic::minimum : Intrinsic::minnum)
                           : (PropagateNaN ? Intrinsic::maximum
                                           : Intrinsic::maxnum);
    return Flush(B.CreateBinaryIntrinsic(ID, Args[0], Args[1]));
  }
  if (Op == "saturate") {
    // To [0, 1]; NaN gives 0.
    Value *AtLeastZero = B.CreateBinaryIntrinsic(Intrinsic::maxnum, Args[0],
                                                 ConstantFP::get(Ty, 0.0));
    return Flush(B.CreateBinaryIntrinsic(Intrinsic::minnum, AtLeastZero,
                                         ConstantFP::get(Ty, 1.0)));
  }

  // Conversions: cvt with a rounding mode, which saturates.
  static constexpr std::pair<StringRef, StringRef> Conversions[] = {
      {"f2i", "float2int"},    {"f2ui", "float2uint"}, {"f2ll", "float2ll"},
      {"f2ull", "float2ull"},  {"d2i", "double2int"},  {"d2ui", "double2uint"},
      {"d2ll", "double2ll"},   {"d2ull", "double2ull"}, {"i2f", "int2float"},
      {"ui2f", "uint2float"},  {"ll2f", "ll2float"},   {"ull2f", "ull2float"},
      {"ll2d", "ll2double"},   {"ull2d", "ull2double"}, {"d2f", "double2float"}};
  for (auto [Short, Long] : Conversions)
    if (Op == Short && !N.Mode.empty())
      return Flush(callLibdevice(
          B, ("__nv_" + Long + getLibdeviceSuffix(N.Mode)).str(), Ty, Args));
  if (Op == "i2d" || Op == "ui2d") // exact in every mode
    return Op == "i2d" ? B.CreateSIToFP(Args[0], Ty)
                       : B.CreateUIToFP(Args[0], Ty);
  if (Op == "d2i" && (N.Type == "hi" || N.Type == "lo"))
    return callLibdevice(B, N.Type == "hi" ? "__nv_double2hiint"
                                           : "__nv_double2loint",
                         Ty, Args);
  if (Op == "lohi" && N.Type == "i2d") // (lo, hi)
    return callLibdevice(B, "__nv_hiloint2double", Ty, {Args[1], Args[0]});
  if (Op == "f2h" && N.Mode == "rn")
    return callLibdevice(B, "__nv_float2half_rn", Ty, Args);

  // Integer operations.
  if (Op == "mulhi")
    return callLibdevice(B,
                         StringSwitch<StringRef>(N.Type)
                             .Case("i", "__nv_mulhi")
                             .Case("ui", "__nv_umulhi")
                             .Case("ll", "__nv_mul64hi")
                             .Default("__nv_umul64hi"),
                         Ty, Args);
  if (Op == "sad")
    return callLibdevice(B, N.Type == "ui" ? "__nv_usad" : "__nv_sad", Ty,
                         Args);
  if (Op == "prmt" && N.Parts.size() == 1)
    return emitBytePermute(B, Args[0], Args[1], Args[2]);
  return nullptr;
}

/// Makes the shifts of \p M by an amount not known to be less than the
/// width clamp it, as PTX's do; true if any did not already.
static bool clampShifts(Module &M) {
  SmallVector<BinaryOperator *> Shifts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (I.isShift() && !isa<Constant>(I.getOperand(1)))
        Shifts.push_back(cast<BinaryOperator>(&I));
  for (BinaryOperator *Shift : Shifts) {
    IRBuilder<> B(Shift->getNextNode());
    Type *Ty = Shift->getType();
    unsigned Width = Ty->getScalarSizeInBits();
    Value *Amount = Shift->getOperand(1);
    Value *Wide = B.CreateICmpUGE(Amount, ConstantInt::get(Ty, Width));
    Value *Clamped =
        Shift->getOpcode() == Instruction::AShr
            ? B.CreateAShr(Shift->getOperand(0), ConstantInt::get(Ty, Width - 1))
            : Constant::getNullValue(Ty);
    // A select of the shift, which is poison only where it is not chosen.
    auto *Result = cast<Instruction>(B.CreateSelect(Wide, Clamped, Shift));
    Shift->replaceUsesWithIf(Result, [&](Use &U) { return U.getUser() != Result; });
  }
  return !Shifts.empty();
}

PreservedAnalyses LowerNVVMMathPass::lower(Module &M, ModuleAnalysisManager &) {
  bool Changed = Triple(M.getTargetTriple()).isNVPTX() && clampShifts(M);
  SmallVector<std::pair<CallBase *, NVVMName>> Calls;
  for (Function &F : M) {
    if (!F.isIntrinsic())
      continue;
    std::optional<NVVMName> N = NVVMName::parse(F.getName());
    if (!N)
      continue;
    for (User *U : F.users())
      if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledFunction() == &F)
        Calls.push_back({Call, *N});
  }
  for (auto &[Call, N] : Calls) {
    IRBuilder<> B(Call);
    Value *Result = lowerNVVMMath(B, N, *Call);
    if (!Result)
      continue;
    if (isa<Instruction>(Result) && !Result->hasName())
      Result->takeName(Call);
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
  }
  return Calls.empty() && !Changed ? PreservedAnalyses::all()
                                    : PreservedAnalyses::none();
}
