//===- PTXInlineAsm.cpp - PTX inline assembly as LLVM IR ------------------===//
//
// Device code may hold inline assembly: libdevice computes reciprocals,
// argument reductions and carries in PTX (`rcp.approx.ftz.f32`,
// `mad.lo.cc.u32` / `madc.hi.u32`), and CUDA code reads special registers
// or shuffles in PTX. None of it means anything to the host's backend. This
// step translates the PTX that it knows into the IR that computes the same
// values (special registers, shuffles, votes, barriers and fences into the
// NVVM intrinsics that the rest of the lowering handles) and rejects any
// other inline assembly with an error that names the function and quotes
// the assembly. See docs/device-lowering.md.
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

namespace {
/// A PTX operand as written: a register or `$N`, an immediate, a vector
/// `{a, b}`, or an address `[a+imm]`.
struct Operand {
  StringRef Text;
  SmallVector<StringRef, 4> Elements; ///< of a vector
  bool IsAddress = false;
};

/// Translates the PTX of one inline assembly call, instruction by
/// instruction, into IR before the call.
class PTXTranslator {
public:
  PTXTranslator(CallBase &Call, const InlineAsm &Asm)
      : Call(Call), Asm(Asm), B(&Call) {}

  /// The values of the call's outputs, or a message saying what is not
  /// understood.
  Expected<SmallVector<Value *, 4>> run();

private:
  Error fail(const Twine &Why) { return createStringError(Why.str()); }
  Error setUpOperands();
  Error translate(StringRef Statement);
  Error instruction(StringRef Opcode, ArrayRef<Operand> Ops);

  /// The type that an opcode suffix names (`u32`, `f64`, `pred`, ...).
  Type *getType(StringRef Suffix);
  Expected<Value *> read(const Operand &Op, Type *Ty);
  Expected<Value *> readName(StringRef Name, Type *Ty);
  Error write(const Operand &Op, Value *V);
  Value *coerce(Value *V, Type *Ty);
  Value *specialRegister(StringRef Name);

  CallBase &Call;
  const InlineAsm &Asm;
  IRBuilder<> B;
  /// `$N` operands: outputs first, then inputs, as the string numbers them.
  SmallVector<Value *, 8> Operands;
  SmallVector<Type *, 8> OperandTypes;
  unsigned NumOutputs = 0;
  /// The assembly's own registers (`.reg` declarations).
  StringMap<Value *> Registers;
  /// The carry flag that `.cc` instructions set and `addc`/`madc` read.
  Value *Carry = nullptr;
  /// The guard of the current instruction (`@p`, `@!p`), if any.
  Value *Guard = nullptr;
};
} // namespace

Type *PTXTranslator::getType(StringRef Suffix) {
  LLVMContext &C = Call.getContext();
  return StringSwitch<Type *>(Suffix)
      .Cases("u8", "s8", "b8", Type::getInt8Ty(C))
      .Cases("u16", "s16", "b16", Type::getInt16Ty(C))
      .Cases("u32", "s32", "b32", Type::getInt32Ty(C))
      .Cases("u64", "s64", "b64", Type::getInt64Ty(C))
      .Case("f32", Type::getFloatTy(C))
      .Case("f64", Type::getDoubleTy(C))
      .Case("pred", Type::getInt1Ty(C))
      .Default(nullptr);
}

Value *PTXTranslator::coerce(Value *V, Type *Ty) {
  Type *From = V->getType();
  if (From == Ty)
    return V;
  if (From->getPrimitiveSizeInBits() == Ty->getPrimitiveSizeInBits())
    return B.CreateBitCast(V, Ty);
  if (From->isIntegerTy() && Ty->isIntegerTy())
    return B.CreateZExtOrTrunc(V, Ty);
  if (From->isIntegerTy() && Ty->isFloatingPointTy())
    return B.CreateBitCast(
        B.CreateZExtOrTrunc(V, B.getIntNTy(Ty->getPrimitiveSizeInBits())), Ty);
  if (From->isPointerTy() && Ty->isIntegerTy())
    return B.CreatePtrToInt(V, Ty);
  return B.CreateBitCast(
      B.CreateZExtOrTrunc(
          B.CreateBitCast(V, B.getIntNTy(From->getPrimitiveSizeInBits())),
          B.getIntNTy(Ty->getPrimitiveSizeInBits())),
      Ty);
}

/// The NVVM intrinsic that reads special register \p Name (`%laneid`,
/// `%tid.x`, ...), which the thread lowering knows; null for others.
Value *PTXTranslator::specialRegister(StringRef Name) {
  Intrinsic::ID ID =
      StringSwitch<Intrinsic::ID>(Name)
          .Case("%laneid", Intrinsic::nvvm_read_ptx_sreg_laneid)
          .Case("%warpid", Intrinsic::nvvm_read_ptx_sreg_warpid)
          .Case("%tid.x", Intrinsic::nvvm_read_ptx_sreg_tid_x)
          .Case("%tid.y", Intrinsic::nvvm_read_ptx_sreg_tid_y)
          .Case("%tid.z", Intrinsic::nvvm_read_ptx_sreg_tid_z)
          .Case("%ntid.x", Intrinsic::nvvm_read_ptx_sreg_ntid_x)
          .Case("%ntid.y", Intrinsic::nvvm_read_ptx_sreg_ntid_y)
          .Case("%ntid.z", Intrinsic::nvvm_read_ptx_sreg_ntid_z)
          .Case("%ctaid.x", Intrinsic::nvvm_read_ptx_sreg_ctaid_x)
          .Case("%ctaid.y", Intrinsic::nvvm_read_ptx_sreg_ctaid_y)
          .Case("%ctaid.z", Intrinsic::nvvm_read_ptx_sreg_ctaid_z)
          .Case("%nctaid.x", Intrinsic::nvvm_read_ptx_sreg_nctaid_x)
          .Case("%nctaid.y", Intrinsic::nvvm_read_ptx_sreg_nctaid_y)
          .Case("%nctaid.z", Intrinsic::nvvm_read_ptx_sreg_nctaid_z)
          .Default(Intrinsic::not_intrinsic);
  if (ID != Intrinsic::not_intrinsic)
    return B.CreateIntrinsic(ID, {}, {});
  if (Name == "%clock" || Name == "%clock64")
    return B.CreateIntrinsic(Intrinsic::readcyclecounter, {}, {});
  if (Name == "%lanemask_lt" || Name == "%lanemask_le" ||
      Name == "%lanemask_gt" || Name == "%lanemask_ge" ||
      Name == "%lanemask_eq") {
    Value *Lane = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {}, {});
    Value *Bit = B.CreateShl(B.getInt32(1), Lane);
    Value *Below = B.CreateSub(Bit, B.getInt32(1));
    if (Name == "%lanemask_eq")
      return Bit;
    if (Name == "%lanemask_lt")
      return Below;
    if (Name == "%lanemask_le")
      return B.CreateOr(Below, Bit);
    if (Name == "%lanemask_ge")
      return B.CreateNot(Below);
    return B.CreateNot(B.CreateOr(Below, Bit));
  }
  return nullptr;
}

Expected<Value *> PTXTranslator::readName(StringRef Name, Type *Ty) {
  Name = Name.trim();
  if (Name.consume_front("$")) {
    unsigned N;
    if (Name.getAsInteger(10, N) || N >= Operands.size())
      return fail("operand '$" + Name + "'");
    if (!Operands[N])
      return fail("operand '$" + Name + "' is read before it is written");
    return coerce(Operands[N], Ty);
  }
  if (Name.starts_with("%")) {
    if (Value *V = specialRegister(Name))
      return coerce(V, Ty);
    return fail("special register '" + Name + "'");
  }
  if (auto It = Registers.find(Name); It != Registers.end()) {
    if (!It->second)
      return fail("register '" + Name + "' is read before it is written");
    return coerce(It->second, Ty);
  }
  // Immediates: integers, and PTX's 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX floats.
  if (Name.starts_with_insensitive("0f") || Name.starts_with_insensitive("0d")) {
    uint64_t Bits;
    if (!Name.drop_front(2).getAsInteger(16, Bits))
      return coerce(ConstantInt::get(B.getIntNTy(Name[1] == 'f' || Name[1] == 'F'
                                                     ? 32
                                                     : 64),
                                     Bits),
                    Ty);
  }
  int64_t Value;
  if (!Name.getAsInteger(0, Value)) {
    if (Ty->isFloatingPointTy())
      return ConstantFP::get(Ty, double(Value));
    return ConstantInt::get(Ty, Value, /*IsSigned=*/true);
  }
  return fail("operand '" + Name + "'");
}

Expected<Value *> PTXTranslator::read(const Operand &Op, Type *Ty) {
  if (!Op.Elements.empty()) {
    // {a, b}: the elements' bits, the first in the low bits.
    unsigned Width = Ty->getPrimitiveSizeInBits() / Op.Elements.size();
    Type *Part = B.getIntNTy(Width);
    Value *Whole = ConstantInt::get(B.getIntNTy(Ty->getPrimitiveSizeInBits()), 0);
    for (auto [I, Element] : enumerate(Op.Elements)) {
      Expected<Value *> V = readName(Element, Part);
      if (!V)
        return V.takeError();
      Whole = B.CreateOr(Whole, B.CreateShl(B.CreateZExt(*V, Whole->getType()),
                                            I * Width));
    }
    return coerce(Whole, Ty);
  }
  return readName(Op.Text, Ty);
}

Error PTXTranslator::write(const Operand &Op, Value *V) {
  if (!Op.Elements.empty()) {
    unsigned Width = V->getType()->getPrimitiveSizeInBits() / Op.Elements.size();
    Value *Bits = coerce(V, B.getIntNTy(V->getType()->getPrimitiveSizeInBits()));
    for (auto [I, Element] : enumerate(Op.Elements)) {
      Operand Part{Element, {}, false};
      if (Error E = write(Part, B.CreateTrunc(B.CreateLShr(Bits, I * Width),
                                              B.getIntNTy(Width))))
        return E;
    }
    return Error::success();
  }
  StringRef Name = Op.Text.trim();
  Value **Slot = nullptr;
  if (Name.consume_front("$")) {
    unsigned N;
    if (Name.getAsInteger(10, N) || N >= NumOutputs)
      return fail("'$" + Name + "' is not an output");
    Slot = &Operands[N];
    V = coerce(V, OperandTypes[N]);
  } else {
    auto It = Registers.find(Name);
    if (It == Registers.end())
      return fail("write to '" + Name + "', which is not a register");
    Slot = &It->second;
  }
  if (Guard) {
    if (!*Slot)
      return fail("a guarded write to '" + Op.Text + "' before any other");
    V = B.CreateSelect(Guard, V, coerce(*Slot, V->getType()));
  }
  *Slot = V;
  return Error::success();
}

/// Splits operands at the commas that are not inside braces or brackets.
static SmallVector<Operand, 4> splitOperands(StringRef Text) {
  SmallVector<Operand, 4> Ops;
  unsigned Depth = 0;
  size_t Start = 0;
  auto Flush = [&](size_t End) {
    StringRef Piece = Text.slice(Start, End).trim();
    if (Piece.empty())
      return;
    Operand Op{Piece, {}, false};
    if (Piece.starts_with("{") && Piece.ends_with("}")) {
      SmallVector<StringRef, 4> Parts;
      Piece.drop_front().drop_back().split(Parts, ',');
      for (StringRef P : Parts)
        Op.Elements.push_back(P.trim());
    } else if (Piece.starts_with("[") && Piece.ends_with("]")) {
      Op.IsAddress = true;
      Op.Text = Piece.drop_front().drop_back().trim();
    }
    Ops.push_back(Op);
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '{' || C == '[')
      ++Depth;
    else if ((C == '}' || C == ']') && Depth)
      --Depth;
    else if (C == ',' && !Depth) {
      Flush(I);
      Start = I + 1;
    }
  }
  Flush(Text.size());
  return Ops;
}

Error PTXTranslator::setUpOperands() {
  InlineAsm::ConstraintInfoVector Constraints = Asm.ParseConstraints();
  SmallVector<Type *, 4> OutputTypes;
  if (auto *ST = dyn_cast<StructType>(Call.getType()))
    append_range(OutputTypes, ST->elements());
  else if (!Call.getType()->isVoidTy())
    OutputTypes.push_back(Call.getType());
  unsigned Arg = 0;
  for (const InlineAsm::ConstraintInfo &C : Constraints) {
    if (C.Type == InlineAsm::isClobber)
      continue;
    if (C.Type == InlineAsm::isOutput) {
      if (C.isIndirect || NumOutputs >= OutputTypes.size())
        return fail("an indirect output");
      Operands.push_back(nullptr);
      OperandTypes.push_back(OutputTypes[NumOutputs++]);
      continue;
    }
    if (Arg >= Call.arg_size())
      return fail("more inputs than arguments");
    Value *Input = Call.getArgOperand(Arg++);
    unsigned Tied;
    // An input tied to output K ("0") is that output's initial value.
    if (!C.Codes.empty() && !StringRef(C.Codes[0]).getAsInteger(10, Tied) &&
        Tied < NumOutputs) {
      Operands[Tied] = coerce(Input, OperandTypes[Tied]);
      // It keeps its own number too.
    }
    Operands.push_back(Input);
    OperandTypes.push_back(Input->getType());
  }
  return Error::success();
}

Expected<SmallVector<Value *, 4>> PTXTranslator::run() {
  if (Error E = setUpOperands())
    return std::move(E);
  // Statements end at `;` or a newline; braces alone only open and close a
  // scope.
  SmallVector<StringRef, 8> Statements;
  StringRef(Asm.getAsmString()).split(Statements, ';');
  for (StringRef Statement : Statements) {
    SmallVector<StringRef, 4> Lines;
    Statement.split(Lines, '\n');
    for (StringRef Line : Lines) {
      // Scope braces stand alone or open a statement; vector braces follow
      // an opcode and a comma or space.
      Line = Line.trim();
      while (Line.consume_front("{") || Line.consume_front("}"))
        Line = Line.trim();
      while (Line.ends_with("}") && !Line.contains('{'))
        Line = Line.drop_back().trim();
      if (Line.empty())
        continue;
      if (Error E = translate(Line))
        return std::move(E);
    }
  }
  SmallVector<Value *, 4> Outputs;
  for (unsigned I = 0; I < NumOutputs; ++I) {
    if (!Operands[I])
      return fail("output '$" + Twine(I) + "' is never written");
    Outputs.push_back(Operands[I]);
  }
  return Outputs;
}

Error PTXTranslator::translate(StringRef Statement) {
  std::string Unescaped;
  for (size_t I = 0; I < Statement.size(); ++I) {
    if (Statement[I] == '$' && I + 1 < Statement.size() &&
        Statement[I + 1] == '$') {
      Unescaped += "__mm_dollar_";
      ++I;
      continue;
    }
    Unescaped += Statement[I];
  }
  StringRef Line(Unescaped);
  if (Line.consume_front(".reg")) {
    Line = Line.trim();
    // `.reg .TYPE a, b, c` or `.reg .TYPE r<4>`.
    size_t Space = Line.find_first_of(" \t");
    StringRef Names = Space == StringRef::npos ? "" : Line.drop_front(Space);
    SmallVector<StringRef, 8> List;
    Names.split(List, ',');
    for (StringRef Name : List) {
      Name = Name.trim();
      unsigned Count;
      if (size_t Open = Name.find('<'); Open != StringRef::npos &&
          !Name.slice(Open + 1, Name.size() - 1).getAsInteger(10, Count)) {
        for (unsigned I = 0; I < Count; ++I)
          Registers[(Name.take_front(Open) + Twine(I)).str()] = nullptr;
        continue;
      }
      if (!Name.empty())
        Registers[Name] = nullptr;
    }
    return Error::success();
  }
  Guard = nullptr;
  if (Line.consume_front("@")) {
    bool Negated = Line.consume_front("!");
    size_t Space = Line.find_first_of(" \t");
    StringRef Pred = Line.take_front(Space);
    StringRef Rest = Space == StringRef::npos ? "" : Line.drop_front(Space);
    Expected<Value *> P = readName(Pred, B.getInt1Ty());
    if (!P)
      return P.takeError();
    Guard = Negated ? B.CreateNot(*P) : *P;
    Line = Rest.trim();
  }
  size_t Space = Line.find_first_of(" \t");
  StringRef Opcode = Line.take_front(Space);
  StringRef Rest = Space == StringRef::npos ? "" : Line.drop_front(Space);
  return instruction(Opcode, splitOperands(Rest));
}

namespace {
/// The rounding of a floating-point instruction.
enum class Rounding { Nearest, TowardZero, Down, Up };
} // namespace

/// The neighbour of \p R toward +infinity (\p Up) or -infinity.
static Value *nextFloat(IRBuilder<> &B, Value *R, bool Up) {
  Type *Ty = R->getType();
  Type *IntTy = B.getIntNTy(Ty->getPrimitiveSizeInBits());
  Value *Bits = B.CreateBitCast(R, IntTy);
  Value *IsZero = B.CreateFCmpOEQ(R, ConstantFP::get(Ty, 0.0));
  Value *Positive = B.CreateFCmpOGT(R, ConstantFP::get(Ty, 0.0));
  // Away from zero is one more in the bits; toward zero one less.
  Value *Away = B.CreateICmpEQ(Positive, B.getInt1(Up));
  Value *Step = B.CreateSelect(Away, ConstantInt::get(IntTy, 1),
                               ConstantInt::getSigned(IntTy, -1));
  Value *Next = B.CreateBitCast(B.CreateAdd(Bits, Step), Ty);
  // From zero, the smallest denormal of the direction's sign.
  Value *Smallest = B.CreateBitCast(
      Up ? ConstantInt::get(IntTy, 1)
         : B.CreateOr(ConstantInt::get(IntTy, 1),
                      ConstantInt::get(IntTy, APInt::getSignMask(
                                                  IntTy->getIntegerBitWidth()))),
      Ty);
  return B.CreateSelect(IsZero, Smallest, Next);
}

/// Rounds \p R, the nearest result, the way \p Mode says, given \p Err, the
/// exact result minus \p R. Infinity from a finite exact result becomes the
/// largest finite value where the mode rounds toward it.
static Value *roundDirected(IRBuilder<> &B, Value *R, Value *Err,
                            Rounding Mode) {
  if (Mode == Rounding::Nearest)
    return R;
  Type *Ty = R->getType();
  Value *Zero = ConstantFP::get(Ty, 0.0);
  Value *Low = nextFloat(B, R, /*Up=*/false), *High = nextFloat(B, R, true);
  Value *Result;
  switch (Mode) {
  case Rounding::Down:
    Result = B.CreateSelect(B.CreateFCmpOLT(Err, Zero), Low, R);
    break;
  case Rounding::Up:
    Result = B.CreateSelect(B.CreateFCmpOGT(Err, Zero), High, R);
    break;
  case Rounding::TowardZero: {
    Value *Past = B.CreateOr(
        B.CreateAnd(B.CreateFCmpOGT(R, Zero), B.CreateFCmpOLT(Err, Zero)),
        B.CreateAnd(B.CreateFCmpOLT(R, Zero), B.CreateFCmpOGT(Err, Zero)));
    Result = B.CreateSelect(
        Past, B.CreateSelect(B.CreateFCmpOGT(R, Zero), Low, High), R);
    break;
  }
  case Rounding::Nearest:
    llvm_unreachable("handled above");
  }
  // Overflow: the nearest result is infinite, the error NaN.
  const fltSemantics &Sem = Ty->getFltSemantics();
  Value *Max = ConstantFP::get(Ty, APFloat::getLargest(Sem));
  Value *Inf = ConstantFP::getInfinity(Ty);
  Value *IsInf = B.CreateFCmpOEQ(B.CreateUnaryIntrinsic(Intrinsic::fabs, R), Inf);
  Value *Overflowed = B.CreateAnd(IsInf, B.CreateFCmpUNO(Err, Err));
  Value *Negative = B.CreateFCmpOLT(R, Zero);
  Value *Finite = B.CreateSelect(Negative, B.CreateFNeg(Max), Max);
  Value *ToFinite =
      Mode == Rounding::TowardZero
          ? B.getTrue()
          : (Mode == Rounding::Down ? B.CreateNot(Negative) : Negative);
  return B.CreateSelect(B.CreateAnd(Overflowed, ToFinite), Finite, Result);
}

/// Flushes a denormal \p V to a zero of its sign (`.ftz`, for f32).
static Value *flushDenormal(IRBuilder<> &B, Value *V) {
  Type *Ty = V->getType();
  Value *Tiny = B.CreateFCmpOLT(B.CreateUnaryIntrinsic(Intrinsic::fabs, V),
                                ConstantFP::get(Ty, APFloat::getSmallestNormalized(
                                                        Ty->getFltSemantics())));
  Value *IsZero = B.CreateFCmpOEQ(V, ConstantFP::get(Ty, 0.0));
  Value *SignedZero = B.CreateCopySign(ConstantFP::get(Ty, 0.0), V);
  return B.CreateSelect(B.CreateAnd(Tiny, B.CreateNot(IsZero)), SignedZero, V);
}

Error PTXTranslator::instruction(StringRef Opcode, ArrayRef<Operand> Ops) {
  SmallVector<StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  StringRef Op = Parts.front();
  auto Has = [&](StringRef Part) { return is_contained(Parts, Part); };
  Type *Ty = getType(Parts.back());
  auto Arity = [&](size_t N) -> Error {
    if (Ops.size() != N)
      return fail("'" + Opcode + "' with " + Twine(Ops.size()) + " operands");
    return Error::success();
  };
  auto Read = [&](unsigned I, Type *T) { return read(Ops[I], T); };
  auto Call = [&](Intrinsic::ID ID, ArrayRef<Type *> Types,
                  ArrayRef<Value *> Args) {
    return B.CreateIntrinsic(ID, Types, Args);
  };

  static const StringSet<> Known = {
      "trap",  "brkpt", "membar", "fence", "bar",   "barrier", "nanosleep",
      "pmevent", "mov", "cvta",  "activemask", "ld", "st",   "add",   "addc",
      "sub",   "subc",  "mul",   "mul24", "mad",   "madc",    "fma",
      "div",   "rem",   "rcp",   "rsqrt", "sqrt",  "ex2",     "lg2",
      "sin",   "cos",   "abs",   "neg",   "min",   "max",     "setp",
      "selp",  "and",   "or",    "xor",   "not",   "shl",     "shr",
      "popc",  "clz",   "brev",  "bfind", "bfe",   "prmt",    "shfl"};
  if (!Known.contains(Op))
    return fail("'" + Opcode + "'");

  // Without operands.
  if (Op == "trap" || Op == "brkpt") {
    Call(Intrinsic::trap, {}, {});
    return Error::success();
  }
  if (Op == "membar" || Op == "fence") {
    Intrinsic::ID ID = Has("cta") ? Intrinsic::nvvm_membar_cta
                       : Has("sys") ? Intrinsic::nvvm_membar_sys
                                    : Intrinsic::nvvm_membar_gl;
    Call(ID, {}, {});
    return Error::success();
  }
  if (Op == "bar" || Op == "barrier") {
    if (Has("warp")) {
      Expected<Value *> Mask = Read(0, B.getInt32Ty());
      if (!Mask)
        return Mask.takeError();
      Call(Intrinsic::nvvm_bar_warp_sync, {}, {*Mask});
      return Error::success();
    }
    if (Ops.size() > 1 || Has("arrive") || Has("red"))
      return fail("'" + Opcode + "' with a thread count or reduction");
    Call(Intrinsic::nvvm_barrier0, {}, {});
    return Error::success();
  }
  if (Op == "nanosleep" || (Op == "pmevent"))
    return Error::success();

  if (Ops.empty())
    return fail("'" + Opcode + "'");
  if (Op == "mov" || Op == "cvta") {
    if (Error E = Arity(2))
      return E;
    Type *T = Ty ? Ty : B.getInt32Ty();
    Expected<Value *> V = Read(1, T);
    if (!V)
      return V.takeError();
    return write(Ops[0], *V);
  }
  if (Op == "activemask") {
    // The lanes that run here: the ballot of a true predicate.
    return write(Ops[0], Call(Intrinsic::nvvm_vote_ballot_sync, {},
                              {B.getInt32(~0u), B.getTrue()}));
  }
  if (!Ty)
    return fail("'" + Opcode + "'");

  if (Op == "ld" || Op == "st") {
    if (Error E = Arity(2))
      return E;
    const Operand &Address = Ops[Op == "ld" ? 1 : 0];
    if (!Address.IsAddress)
      return fail("'" + Opcode + "' without an address");
    auto [Base, Offset] = Address.Text.split('+');
    Expected<Value *> Ptr = readName(Base, B.getPtrTy());
    if (!Ptr)
      return Ptr.takeError();
    Value *P = *Ptr;
    int64_t Bytes = 0;
    if (!Offset.empty() && Offset.trim().getAsInteger(0, Bytes))
      return fail("address '" + Address.Text + "'");
    if (Bytes)
      P = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), P, Bytes);
    if (Op == "ld")
      return write(Ops[0], B.CreateLoad(Ty, P));
    Expected<Value *> V = Read(1, Ty);
    if (!V)
      return V.takeError();
    B.CreateStore(*V, P);
    return Error::success();
  }

  // Reads operands 1.. of type T.
  auto Sources = [&](Type *T, SmallVectorImpl<Value *> &Values) -> Error {
    for (unsigned I = 1; I < Ops.size(); ++I) {
      Expected<Value *> V = Read(I, T);
      if (!V)
        return V.takeError();
      Values.push_back(*V);
    }
    return Error::success();
  };

  if (Ty->isFloatingPointTy()) {
    SmallVector<Value *, 3> Src;
    if (Error E = Sources(Ty, Src))
      return E;
    bool FTZ = Has("ftz") && Ty->isFloatTy();
    if (FTZ)
      for (Value *&V : Src)
        V = flushDenormal(B, V);
    Rounding Mode = Has("rz") ? Rounding::TowardZero
                    : Has("rm") ? Rounding::Down
                    : Has("rp") ? Rounding::Up
                                : Rounding::Nearest;
    Value *Result = nullptr;
    auto Need = [&](size_t N) { return Arity(N + 1); };
    if (Op == "add" || Op == "sub") {
      if (Error E = Need(2))
        return E;
      Value *X = Src[0], *Y = Op == "sub" ? B.CreateFNeg(Src[1]) : Src[1];
      Value *S = B.CreateFAdd(X, Y);
      // TwoSum: the exact error of the rounded sum.
      Value *YV = B.CreateFSub(S, X);
      Value *XV = B.CreateFSub(S, YV);
      Value *Err = B.CreateFAdd(B.CreateFSub(X, XV), B.CreateFSub(Y, YV));
      Result = roundDirected(B, S, Err, Mode);
    } else if (Op == "mul") {
      if (Error E = Need(2))
        return E;
      Value *P = B.CreateFMul(Src[0], Src[1]);
      Value *Err = Call(Intrinsic::fma, {Ty}, {Src[0], Src[1], B.CreateFNeg(P)});
      Result = roundDirected(B, P, Err, Mode);
    } else if (Op == "fma" || Op == "mad") {
      if (Error E = Need(3))
        return E;
      if (Mode != Rounding::Nearest)
        return fail("'" + Opcode + "' (directed rounding of a fused operation)");
      Result = Call(Intrinsic::fma, {Ty}, Src);
    } else if (Op == "div") {
      if (Error E = Need(2))
        return E;
      if (Mode != Rounding::Nearest)
        return fail("'" + Opcode + "' (directed rounding of a division)");
      Result = B.CreateFDiv(Src[0], Src[1]);
    } else if (Op == "rcp" || Op == "rsqrt" || Op == "sqrt") {
      if (Error E = Need(1))
        return E;
      if (Mode != Rounding::Nearest)
        return fail("'" + Opcode + "' (directed rounding)");
      Value *X = Op == "rcp" ? Src[0] : Call(Intrinsic::sqrt, {Ty}, {Src[0]});
      Result = Op == "sqrt" ? X : B.CreateFDiv(ConstantFP::get(Ty, 1.0), X);
    } else if (Op == "ex2" || Op == "lg2" || Op == "sin" || Op == "cos") {
      if (Error E = Need(1))
        return E;
      Intrinsic::ID ID = StringSwitch<Intrinsic::ID>(Op)
                             .Case("ex2", Intrinsic::exp2)
                             .Case("lg2", Intrinsic::log2)
                             .Case("sin", Intrinsic::sin)
                             .Case("cos", Intrinsic::cos);
      Result = Call(ID, {Ty}, {Src[0]});
    } else if (Op == "abs" || Op == "neg") {
      if (Error E = Need(1))
        return E;
      Result = Op == "abs" ? Call(Intrinsic::fabs, {Ty}, {Src[0]})
                           : B.CreateFNeg(Src[0]);
    } else if (Op == "min" || Op == "max") {
      if (Error E = Need(2))
        return E;
      Result = Call(Op == "min" ? Intrinsic::minnum : Intrinsic::maxnum, {Ty},
                    Src);
    } else if (Op == "setp") {
      // setp.CMP.TYPE p, a, b: the operands were read as floats above.
      if (Error E = Need(2))
        return E;
      CmpInst::Predicate P =
          StringSwitch<CmpInst::Predicate>(Parts[1])
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
        return fail("'" + Opcode + "'");
      return write(Ops[0], B.CreateFCmp(P, Src[0], Src[1]));
    } else if (Op == "selp") {
      if (Error E = Need(3))
        return E;
      Expected<Value *> P = Read(3, B.getInt1Ty());
      if (!P)
        return P.takeError();
      return write(Ops[0], B.CreateSelect(*P, Src[0], Src[1]));
    } else {
      return fail("'" + Opcode + "'");
    }
    if (Has("sat"))
      Result = Call(Intrinsic::minnum, {Ty},
                    {Call(Intrinsic::maxnum, {Ty},
                          {Result, ConstantFP::get(Ty, 0.0)}),
                     ConstantFP::get(Ty, 1.0)});
    if (FTZ)
      Result = flushDenormal(B, Result);
    return write(Ops[0], Result);
  }

  // Integers.
  bool Signed = Parts.back().starts_with("s");
  unsigned Width = Ty->getIntegerBitWidth();
  SmallVector<Value *, 3> Src;
  if (Op == "selp") {
    if (Error E = Arity(4))
      return E;
    Expected<Value *> X = Read(1, Ty), Y = Read(2, Ty), P = Read(3, B.getInt1Ty());
    if (!X || !Y || !P)
      return joinErrors(joinErrors(X.takeError(), Y.takeError()), P.takeError());
    return write(Ops[0], B.CreateSelect(*P, *X, *Y));
  }
  if (Error E = Sources(Ty, Src))
    return E;
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
    if (Has("wide"))
      return P;
    return Half(P, Has("hi"));
  };
  // Adds with the carry flag: reads it (addc, madc), sets it (.cc).
  auto AddWithCarry = [&](Value *X, Value *Y, bool CarryIn) {
    Value *Sum = B.CreateAdd(B.CreateZExt(X, B.getIntNTy(Width + 1)),
                             B.CreateZExt(Y, B.getIntNTy(Width + 1)));
    if (CarryIn)
      Sum = B.CreateAdd(Sum, B.CreateZExt(Carry ? Carry : B.getFalse(),
                                          Sum->getType()));
    if (Has("cc"))
      Carry = B.CreateTrunc(B.CreateLShr(Sum, Width), B.getInt1Ty());
    return B.CreateTrunc(Sum, Ty);
  };
  auto SubWithBorrow = [&](Value *X, Value *Y, bool BorrowIn) {
    Value *Sub = B.CreateSub(B.CreateZExt(X, B.getIntNTy(Width + 1)),
                             B.CreateZExt(Y, B.getIntNTy(Width + 1)));
    if (BorrowIn)
      Sub = B.CreateSub(Sub, B.CreateZExt(Carry ? Carry : B.getFalse(),
                                          Sub->getType()));
    if (Has("cc"))
      Carry = B.CreateTrunc(B.CreateLShr(Sub, Width), B.getInt1Ty());
    return B.CreateTrunc(Sub, Ty);
  };
  auto Need = [&](size_t N) { return Arity(N + 1); };
  Value *Result = nullptr;
  if (Op == "add" || Op == "addc") {
    if (Error E = Need(2))
      return E;
    Result = AddWithCarry(Src[0], Src[1], Op == "addc");
  } else if (Op == "sub" || Op == "subc") {
    if (Error E = Need(2))
      return E;
    Result = SubWithBorrow(Src[0], Src[1], Op == "subc");
  } else if (Op == "mul" || Op == "mul24") {
    if (Error E = Need(2))
      return E;
    Result = Product(Src[0], Src[1]);
  } else if (Op == "mad" || Op == "madc") {
    if (Error E = Need(3))
      return E;
    if (Has("wide"))
      return fail("'" + Opcode + "'");
    Result = AddWithCarry(Product(Src[0], Src[1]), Src[2], Op == "madc");
  } else if (Op == "div" || Op == "rem") {
    if (Error E = Need(2))
      return E;
    Result = Op == "div" ? (Signed ? B.CreateSDiv(Src[0], Src[1])
                                   : B.CreateUDiv(Src[0], Src[1]))
                         : (Signed ? B.CreateSRem(Src[0], Src[1])
                                   : B.CreateURem(Src[0], Src[1]));
  } else if (Op == "and" || Op == "or" || Op == "xor") {
    if (Error E = Need(2))
      return E;
    Result = Op == "and"  ? B.CreateAnd(Src[0], Src[1])
             : Op == "or" ? B.CreateOr(Src[0], Src[1])
                          : B.CreateXor(Src[0], Src[1]);
  } else if (Op == "not" || Op == "neg" || Op == "abs") {
    if (Error E = Need(1))
      return E;
    Result = Op == "not"   ? B.CreateNot(Src[0])
             : Op == "neg" ? B.CreateNeg(Src[0])
                           : B.CreateBinaryIntrinsic(Intrinsic::abs, Src[0],
                                                     B.getFalse());
  } else if (Op == "shl" || Op == "shr") {
    if (Error E = Need(2))
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
    if (Error E = Need(2))
      return E;
    Intrinsic::ID ID = Op == "min" ? (Signed ? Intrinsic::smin : Intrinsic::umin)
                                   : (Signed ? Intrinsic::smax : Intrinsic::umax);
    Result = B.CreateBinaryIntrinsic(ID, Src[0], Src[1]);
  } else if (Op == "popc" || Op == "clz" || Op == "brev") {
    if (Error E = Need(1))
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
    if (Error E = Need(1))
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
    Value *Found = Has("shiftamt")
                       ? Leading
                       : B.CreateSub(B.getInt32(Width - 1), Leading);
    Result = B.CreateSelect(B.CreateICmpEQ(X, ConstantInt::get(Ty, 0)),
                            B.getInt32(~0u), Found);
  } else if (Op == "bfe") {
    if (Error E = Need(3))
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
    if (Error E = Need(3))
      return E;
    if (Parts.size() != 2)
      return fail("'" + Opcode + "'");
    // Byte i of the result is byte (c >> 4i) & 7 of {b, a}; bit 3 of the
    // selector replicates that byte's sign.
    Value *Pair = B.CreateOr(B.CreateZExt(Src[0], B.getInt64Ty()),
                             B.CreateShl(B.CreateZExt(Src[1], B.getInt64Ty()), 32));
    Result = B.getInt32(0);
    for (unsigned I = 0; I < 4; ++I) {
      Value *Sel = B.CreateAnd(B.CreateLShr(Src[2], 4 * I), 0xf);
      Value *Byte = B.CreateTrunc(
          B.CreateLShr(Pair, B.CreateZExt(B.CreateMul(B.CreateAnd(Sel, 7),
                                                      B.getInt32(8)),
                                          B.getInt64Ty())),
          B.getInt8Ty());
      Value *Sign = B.CreateSelect(B.CreateICmpSLT(Byte, B.getInt8(0)),
                                   B.getInt8(0xff), B.getInt8(0));
      Byte = B.CreateSelect(B.CreateICmpNE(B.CreateAnd(Sel, 8), B.getInt32(0)),
                            Sign, Byte);
      Result = B.CreateOr(Result, B.CreateShl(B.CreateZExt(Byte, B.getInt32Ty()),
                                              8 * I));
    }
  } else if (Op == "setp") {
    if (Error E = Need(2))
      return E;
    CmpInst::Predicate P =
        StringSwitch<CmpInst::Predicate>(Parts[1])
            .Case("eq", CmpInst::ICMP_EQ)
            .Case("ne", CmpInst::ICMP_NE)
            .Case("lt", Signed ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
            .Case("le", Signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
            .Case("gt", Signed ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
            .Case("ge", Signed ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
            .Cases("lo", "ltu", CmpInst::ICMP_ULT)
            .Cases("ls", "leu", CmpInst::ICMP_ULE)
            .Cases("hi", "gtu", CmpInst::ICMP_UGT)
            .Cases("hs", "geu", CmpInst::ICMP_UGE)
            .Default(CmpInst::BAD_ICMP_PREDICATE);
    if (P == CmpInst::BAD_ICMP_PREDICATE)
      return fail("'" + Opcode + "'");
    return write(Ops[0], B.CreateICmp(P, Src[0], Src[1]));
  } else if (Op == "shfl") {
    // shfl[.sync].MODE.b32 d, a, b, c[, mask]: the NVVM intrinsic, which
    // the warp lowering runs; without .sync, the whole warp.
    if (Ops.size() != 4 && Ops.size() != 5)
      return fail("'" + Opcode + "'");
    Intrinsic::ID ID =
        Has("up")     ? Intrinsic::nvvm_shfl_sync_up_i32
        : Has("down") ? Intrinsic::nvvm_shfl_sync_down_i32
        : Has("bfly") ? Intrinsic::nvvm_shfl_sync_bfly_i32
                      : Intrinsic::nvvm_shfl_sync_idx_i32;
    Value *Mask = Ops.size() == 5 ? Src[3] : B.getInt32(~0u);
    Result = Call(ID, {}, {Mask, Src[0], Src[1], Src[2]});
  } else {
    return fail("'" + Opcode + "'");
  }
  return write(Ops[0], Result);
}

Error mm::device::lowerInlineAssembly(LoweringState &S) {
  SmallVector<CallBase *> Calls;
  for (Function &F : S.M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I); Call && Call->isInlineAsm())
          Calls.push_back(Call);
  for (CallBase *Call : Calls) {
    const auto &Asm = *cast<InlineAsm>(Call->getCalledOperand());
    auto Unsupported = [&](const Twine &Why) {
      return S.error(*Call->getFunction(),
                     "unsupported inline assembly '" +
                         StringRef(Asm.getAsmString()).trim() + "': " + Why);
    };
    if (S.IsAMDGCN)
      return Unsupported("inline assembly of amdgcn is not translated");
    Expected<SmallVector<Value *, 4>> Outputs =
        PTXTranslator(*Call, Asm).run();
    if (!Outputs)
      return Unsupported(toString(Outputs.takeError()));
    if (auto *ST = dyn_cast<StructType>(Call->getType())) {
      IRBuilder<> B(Call);
      Value *Aggregate = PoisonValue::get(ST);
      for (auto [I, V] : enumerate(*Outputs))
        Aggregate = B.CreateInsertValue(Aggregate, V, I);
      Call->replaceAllUsesWith(Aggregate);
    } else if (!Call->getType()->isVoidTy()) {
      Call->replaceAllUsesWith(Outputs->front());
    }
    Call->eraseFromParent();
  }
  return Error::success();
}
