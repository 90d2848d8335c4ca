//===- BinaryBundle.cpp - The binary form of a bundle ---------------------===//
//
// One LLVM bitcode module per submodule, written with one BitcodeWriter so
// that they form a multi-module bitcode file (as ThinLTO's), each carrying
// its canonical header line in `!mm.module`. See format-spec/mml-binary-v1.md.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/MLIRModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Support/ToolSupport.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

/// The form names that `!mm.bundle` records.
static constexpr StringLiteral BundleFormName = "bundle";
static constexpr StringLiteral PlainFormName = "plain";

bool mm::isBinaryBundle(StringRef Data) {
  return isBitcode(Data.bytes_begin(), Data.bytes_end());
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// The header line stored for \p M: its canonical form, which never has a
/// `lines=` field (there is no text body to delimit).
static std::string getStoredHeaderLine(const Submodule &M) {
  return formatModuleHeader(Submodule(M.header()));
}

static void addStringTuple(Module &Mod, StringRef Name,
                           ArrayRef<StringRef> Strings) {
  LLVMContext &Context = Mod.getContext();
  SmallVector<Metadata *, 4> Operands;
  for (StringRef S : Strings)
    Operands.push_back(MDString::get(Context, S));
  Mod.getOrInsertNamedMetadata(Name)->addOperand(
      MDTuple::get(Context, Operands));
}

/// The carrier module of an MLIR submodule: its triple, and its MLIR
/// bytecode in named metadata (a metadata string is stored as raw bytes).
static Expected<std::unique_ptr<Module>>
makeMLIRCarrier(const Bundle &B, const Submodule &M, LLVMContext &Context,
                mlir::MLIRContext &MLIRContext) {
  Expected<mlir::OwningOpRef<mlir::ModuleOp>> Parsed =
      parseMLIRSubmodule(B, M, MLIRContext);
  if (!Parsed)
    return Parsed.takeError();
  std::string Bytecode;
  raw_string_ostream OS(Bytecode);
  if (mlir::failed(mlir::writeBytecodeToFile(Parsed->get().getOperation(),
                                             OS)))
    return B.moduleError(M, "cannot write MLIR bytecode");
  OS.flush();
  auto Carrier = std::make_unique<Module>(M.getName(), Context);
  Carrier->setTargetTriple(M.getTriple());
  addStringTuple(*Carrier, MLIRBytecodeMetadata, {Bytecode});
  return std::move(Carrier);
}

Error mm::writeBinaryBundle(const Bundle &B, raw_ostream &OS) {
  // The writer's string table refers to the modules' strings until it is
  // written, so every module lives until the end.
  LLVMContext Context;
  std::optional<mlir::MLIRContext> MLIRContext;
  std::vector<std::unique_ptr<Module>> Modules;
  for (const Submodule &M : B) {
    Expected<std::unique_ptr<Module>> Mod = nullptr;
    if (M.getKind() == ModuleKind::MLIR) {
      if (!MLIRContext) {
        mlir::DialectRegistry Registry;
        registerMLIRDialects(Registry);
        MLIRContext.emplace(Registry, mlir::MLIRContext::Threading::DISABLED);
      }
      Mod = makeMLIRCarrier(B, M, Context, *MLIRContext);
    } else {
      Mod = parseLLVMSubmodule(B, M, Context);
      if (Mod)
        if (Error E = verifyLLVMSubmodule(B, M, **Mod))
          return E;
    }
    if (!Mod)
      return Mod.takeError();
    for (StringRef Reserved : {ModuleHeaderMetadata, BundleMetadata})
      if ((*Mod)->getNamedMetadata(Reserved))
        return B.moduleError(M, "the body uses the reserved named metadata '!" +
                                    Reserved + "'");
    addStringTuple(**Mod, ModuleHeaderMetadata, {getStoredHeaderLine(M)});
    Modules.push_back(std::move(*Mod));
  }
  // An empty bundle still needs a module to carry !mm.bundle.
  if (Modules.empty())
    Modules.push_back(std::make_unique<Module>("mm.bundle", Context));
  std::string Version = std::to_string(BinaryFormatVersion);
  addStringTuple(*Modules.front(), BundleMetadata,
                 {Version, B.isPlainModule() ? PlainFormName : BundleFormName,
                  B.getPreamble()});

  SmallVector<char, 0> Buffer;
  BitcodeWriter Writer(Buffer);
  for (const std::unique_ptr<Module> &Mod : Modules)
    Writer.writeModule(*Mod);
  Writer.writeSymtab();
  Writer.writeStrtab();
  OS.write(Buffer.data(), Buffer.size());
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace mm {
class BinaryBundleReader {
public:
  explicit BinaryBundleReader(std::unique_ptr<MemoryBuffer> Buffer) {
    Result.Buffer = std::move(Buffer);
  }

  Expected<Bundle> read();

private:
  Error error(const Twine &Message) {
    return createStringError("%s: invalid binary bundle: %s",
                             Result.getSourceName().str().c_str(),
                             Message.str().c_str());
  }
  Error moduleError(size_t Index, const Twine &Message) {
    return error("module " + Twine(Index) + ": " + Message);
  }
  Error readBundleRecord(const Module &Mod);
  Expected<SubmoduleHeader> readHeader(size_t Index, const Module &Mod);
  Expected<std::string> printMLIRBody(size_t Index, const Module &Carrier);

  Bundle Result;
  std::optional<mlir::MLIRContext> MLIRContext;
};
} // namespace mm

/// The strings of the single tuple of named metadata \p Name, or none.
static std::optional<SmallVector<StringRef, 4>>
getStringTuple(const Module &Mod, StringRef Name) {
  const NamedMDNode *Node = Mod.getNamedMetadata(Name);
  if (!Node || Node->getNumOperands() != 1)
    return std::nullopt;
  SmallVector<StringRef, 4> Strings;
  for (const MDOperand &Op : Node->getOperand(0)->operands()) {
    auto *S = dyn_cast_or_null<MDString>(Op.get());
    if (!S)
      return std::nullopt;
    Strings.push_back(S->getString());
  }
  return Strings;
}

Error BinaryBundleReader::readBundleRecord(const Module &Mod) {
  std::optional<SmallVector<StringRef, 4>> Record =
      getStringTuple(Mod, BundleMetadata);
  if (!Record || Record->size() != 3)
    return moduleError(0, "no valid '!" + BundleMetadata + "' record");
  unsigned Version;
  if ((*Record)[0].getAsInteger(10, Version) || Version == 0 ||
      Version > BinaryFormatVersion)
    return error("unsupported version '" + (*Record)[0] + "' (this reader " +
                 "reads version " + Twine(BinaryFormatVersion) + ")");
  StringRef Form = (*Record)[1];
  if (Form != BundleFormName && Form != PlainFormName)
    return moduleError(0, "unknown bundle form '" + Form + "'");
  Result.setPlainModule(Form == PlainFormName);
  Result.setPreamble((*Record)[2].str());
  return Error::success();
}

Expected<SubmoduleHeader> BinaryBundleReader::readHeader(size_t Index,
                                                         const Module &Mod) {
  std::optional<SmallVector<StringRef, 4>> Line =
      getStringTuple(Mod, ModuleHeaderMetadata);
  if (!Line || Line->size() != 1)
    return moduleError(Index, "no valid '!" + ModuleHeaderMetadata +
                                  "' header");
  SubmoduleHeader Header;
  std::optional<unsigned> Lines;
  size_t Column = 0;
  if (Error E = parseModuleHeader(Line->front(), Header, Lines, Column))
    return moduleError(Index, "header '" + Line->front() +
                                  "': " + toString(std::move(E)));
  return Header;
}

Expected<std::string>
BinaryBundleReader::printMLIRBody(size_t Index, const Module &Carrier) {
  std::optional<SmallVector<StringRef, 4>> Data =
      getStringTuple(Carrier, MLIRBytecodeMetadata);
  if (!Data || Data->size() != 1)
    return moduleError(Index, "MLIR submodule without a valid '!" +
                                  MLIRBytecodeMetadata + "'");
  if (!MLIRContext) {
    mlir::DialectRegistry Registry;
    registerMLIRDialects(Registry);
    MLIRContext.emplace(Registry, mlir::MLIRContext::Threading::DISABLED);
  }
  // A copy, aligned as the bytecode reader wants.
  std::unique_ptr<MemoryBuffer> Bytecode = MemoryBuffer::getMemBufferCopy(
      Data->front(), Carrier.getName());
  std::string Messages;
  mlir::ScopedDiagnosticHandler Handler(
      &*MLIRContext, [&](mlir::Diagnostic &Diag) {
        if (!Messages.empty())
          Messages += "; ";
        Messages += Diag.str();
        return mlir::success();
      });
  // Read as mlir-opt reads a file, bytecode included, into a module.
  SourceMgr Sources;
  Sources.AddNewSourceBuffer(std::move(Bytecode), SMLoc());
  mlir::ParserConfig Config(&*MLIRContext);
  mlir::OwningOpRef<mlir::ModuleOp> Parsed =
      mlir::parseSourceFile<mlir::ModuleOp>(Sources, Config);
  if (!Parsed)
    return moduleError(Index, "invalid MLIR bytecode" +
                                  (Messages.empty() ? "" : ": " + Messages));
  // Printed as mlir-opt prints it.
  std::string Body;
  raw_string_ostream OS(Body);
  Parsed->print(OS);
  OS << '\n';
  return Body;
}

Expected<Bundle> BinaryBundleReader::read() {
  Expected<std::vector<BitcodeModule>> Modules =
      getBitcodeModuleList(Result.Buffer->getMemBufferRef());
  if (!Modules)
    return error(toString(Modules.takeError()));
  if (Modules->empty())
    return error("no module");
  for (size_t Index = 0, E = Modules->size(); Index != E; ++Index) {
    // One context per module, so that memory does not grow with the bundle.
    LLVMContext Context;
    Expected<std::unique_ptr<Module>> Mod = (*Modules)[Index].parseModule(
        Context);
    if (!Mod)
      return moduleError(Index, toString(Mod.takeError()));
    if (Index == 0)
      if (Error E = readBundleRecord(**Mod))
        return std::move(E);
    // The carrier of an empty bundle holds no submodule.
    if (E == 1 && !(*Mod)->getNamedMetadata(ModuleHeaderMetadata))
      break;
    Expected<SubmoduleHeader> Header = readHeader(Index, **Mod);
    if (!Header)
      return Header.takeError();
    std::string Body;
    if (Header->Kind == ModuleKind::MLIR) {
      Expected<std::string> Printed = printMLIRBody(Index, **Mod);
      if (!Printed)
        return Printed.takeError();
      Body = std::move(*Printed);
    } else {
      for (StringRef Reserved : {ModuleHeaderMetadata, BundleMetadata})
        if (NamedMDNode *Node = (*Mod)->getNamedMetadata(Reserved))
          (*Mod)->eraseNamedMetadata(Node);
      (*Mod)->setModuleIdentifier(Header->Name + ".ll");
      raw_string_ostream OS(Body);
      (*Mod)->print(OS, nullptr);
    }
    if (Error E = Result.add(Submodule(std::move(*Header), std::move(Body))))
      return moduleError(Index, toString(std::move(E)));
  }
  return std::move(Result);
}

Expected<Bundle> mm::readBinaryBundle(std::unique_ptr<MemoryBuffer> Buffer) {
  return BinaryBundleReader(std::move(Buffer)).read();
}

Error mm::writeBundleFile(const Bundle &B, StringRef Path, BundleForm Form) {
  if (Form == BundleForm::Text)
    return writeOutputFile(Path, [&](raw_ostream &OS) {
      writeBundle(B, OS);
      return Error::success();
    });
  if (Error E = checkBinaryOutput(Path))
    return E;
  std::string Binary;
  raw_string_ostream Buffer(Binary);
  if (Error E = writeBinaryBundle(B, Buffer))
    return E;
  return writeOutputFile(Path, [&](raw_ostream &OS) {
    OS << Binary;
    return Error::success();
  });
}
