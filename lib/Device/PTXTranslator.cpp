//===- PTXTranslator.cpp - PTX inline assembly as LLVM IR -----------------===//
//
// The statements, operands and registers of PTX inline assembly, and its
// instructions that are not arithmetic: special registers, moves, loads and
// stores, barriers and fences (into the NVVM intrinsics that the rest of the
// lowering handles), traps. See PTXTranslator.h.
//
//===----------------------------------------------------------------------===//

#include "PTXTranslator.h"
#include "DeviceIR.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

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

Expected<Value *> PTXTranslator::read(const PTXOperand &Op, Type *Ty) {
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

Error PTXTranslator::write(const PTXOperand &Op, Value *V) {
  if (!Op.Elements.empty()) {
    unsigned Width = V->getType()->getPrimitiveSizeInBits() / Op.Elements.size();
    Value *Bits = coerce(V, B.getIntNTy(V->getType()->getPrimitiveSizeInBits()));
    for (auto [I, Element] : enumerate(Op.Elements)) {
      PTXOperand Part{Element, {}, false};
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
static SmallVector<PTXOperand, 4> splitOperands(StringRef Text) {
  SmallVector<PTXOperand, 4> Ops;
  unsigned Depth = 0;
  size_t Start = 0;
  auto Flush = [&](size_t End) {
    StringRef Piece = Text.slice(Start, End).trim();
    if (Piece.empty())
      return;
    PTXOperand Op{Piece, {}, false};
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

Error PTXTranslator::instruction(StringRef Opcode, ArrayRef<PTXOperand> Ops) {
  PTXInstruction I;
  I.Opcode = Opcode;
  Opcode.split(I.Parts, '.');
  I.Operands = Ops;
  I.Ty = getType(I.Parts.back());
  StringRef Op = I.getOp();
  Type *Ty = I.Ty;
  auto Read = [&](unsigned N, Type *T) { return read(Ops[N], T); };

  static const StringSet<> Known = {
      "exit",      "trap",      "brkpt",   "membar", "fence",  "bar",
      "barrier",   "nanosleep", "pmevent", "mov",    "cvta",   "activemask",
      "vote",      "ld",        "st",      "add",    "addc",   "sub",
      "subc",      "mul",       "mul24",   "mad",    "madc",   "fma",
      "div",       "rem",       "rcp",     "rsqrt",  "sqrt",   "ex2",
      "lg2",       "sin",       "cos",     "abs",    "neg",    "min",
      "max",       "setp",      "selp",    "and",    "or",     "xor",
      "not",       "shl",       "shr",     "popc",   "clz",    "brev",
      "bfind",     "bfe",       "prmt",    "lop3",   "shfl",   "vadd2",
      "vadd4",     "vsub2",     "vsub4",   "vavrg2", "vavrg4", "vabsdiff2",
      "vabsdiff4", "vmin2",     "vmin4",   "vmax2",  "vmax4",  "vset2",
      "vset4"};
  if (!Known.contains(Op))
    return unknown(I);

  // Without operands.
  if (Op == "exit") {
    Module &M = *B.GetInsertBlock()->getModule();
    B.CreateCall(M.getOrInsertFunction(ThreadExitName, B.getVoidTy()));
    return Error::success();
  }
  if (Op == "trap" || Op == "brkpt") {
    intrinsic(Intrinsic::trap, {}, {});
    return Error::success();
  }
  if (Op == "membar" || Op == "fence") {
    Intrinsic::ID ID = I.has("cta") ? Intrinsic::nvvm_membar_cta
                       : I.has("sys") ? Intrinsic::nvvm_membar_sys
                                    : Intrinsic::nvvm_membar_gl;
    intrinsic(ID, {}, {});
    return Error::success();
  }
  if (Op == "bar" || Op == "barrier") {
    if (I.has("warp")) {
      Expected<Value *> Mask = Read(0, B.getInt32Ty());
      if (!Mask)
        return Mask.takeError();
      intrinsic(Intrinsic::nvvm_bar_warp_sync, {}, {*Mask});
      return Error::success();
    }
    if (Ops.size() > 1 || I.has("arrive") || I.has("red"))
      return fail("'" + Opcode + "' with a thread count or reduction");
    intrinsic(Intrinsic::nvvm_barrier0, {}, {});
    return Error::success();
  }
  if (Op == "nanosleep" || (Op == "pmevent"))
    return Error::success();

  if (Ops.empty())
    return unknown(I);
  if (Op == "mov" || Op == "cvta") {
    if (Error E = checkArity(I, 2))
      return E;
    Type *T = Ty ? Ty : B.getInt32Ty();
    Expected<Value *> V = Read(1, T);
    if (!V)
      return V.takeError();
    return write(Ops[0], *V);
  }
  if (Op == "activemask") {
    // The lanes that run here: the ballot of a true predicate.
    return write(Ops[0], intrinsic(Intrinsic::nvvm_vote_ballot_sync, {},
                              {B.getInt32(~0u), B.getTrue()}));
  }
  if (Op == "vote")
    return vote(I);
  // A SIMD video instruction's last part is a modifier, not its type.
  bool IsSimdVideo = Op.starts_with("v");
  if (!Ty && !IsSimdVideo)
    return unknown(I);

  if (Op == "ld" || Op == "st") {
    if (Error E = checkArity(I, 2))
      return E;
    // .v2, .v4: that many elements, accessed at once, their bits side by
    // side as the vector operand {a, b, ...} takes them.
    for (unsigned Count : {2u, 4u})
      if (I.has(("v" + Twine(Count)).str()))
        Ty = B.getIntNTy(Count * Ty->getPrimitiveSizeInBits());
    const PTXOperand &Address = Ops[Op == "ld" ? 1 : 0];
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

  // The sources: the operands after the first, of the instruction's type
  // (a SIMD video instruction's: 32-bit words).
  SmallVector<Value *, 3> Src;
  for (const PTXOperand &Operand : drop_begin(Ops)) {
    Expected<Value *> V = read(Operand, IsSimdVideo ? B.getInt32Ty() : Ty);
    if (!V)
      return V.takeError();
    Src.push_back(*V);
  }
  if (IsSimdVideo)
    return simdVideoInstruction(I, Src);
  if (Ty->isFloatingPointTy())
    return floatInstruction(I, Src);
  return integerInstruction(I, Src);
}

Error PTXTranslator::vote(const PTXInstruction &I) {
  // vote[.sync].ballot.b32 d, {!}a[, mask] and vote[.sync].MODE.pred d,
  // {!}a[, mask] (all, any, uni): the NVVM intrinsics, which the warp
  // lowering runs; without .sync, the whole warp.
  ArrayRef<PTXOperand> Ops = I.Operands;
  bool Sync = I.has("sync");
  if (Error E = checkArity(I, Sync ? 3 : 2))
    return E;
  StringRef Source = Ops[1].Text.trim();
  bool Negated = Source.consume_front("!");
  Expected<Value *> Pred = read(PTXOperand{Source, {}, false}, B.getInt1Ty());
  if (!Pred)
    return Pred.takeError();
  Value *P = Negated ? B.CreateNot(*Pred) : *Pred;
  Value *Mask = B.getInt32(~0u);
  if (Sync) {
    Expected<Value *> M = read(Ops[2], B.getInt32Ty());
    if (!M)
      return M.takeError();
    Mask = *M;
  }
  Intrinsic::ID ID = I.has("ballot") ? Intrinsic::nvvm_vote_ballot_sync
                     : I.has("all")  ? Intrinsic::nvvm_vote_all_sync
                     : I.has("any")  ? Intrinsic::nvvm_vote_any_sync
                     : I.has("uni")  ? Intrinsic::nvvm_vote_uni_sync
                                     : Intrinsic::not_intrinsic;
  if (ID == Intrinsic::not_intrinsic)
    return unknown(I);
  return write(Ops[0], intrinsic(ID, {}, {Mask, P}));
}

Error PTXTranslator::checkArity(const PTXInstruction &I, size_t N) {
  if (I.Operands.size() == N)
    return Error::success();
  return fail("'" + I.Opcode + "' with " + Twine(I.Operands.size()) +
              " operands");
}
