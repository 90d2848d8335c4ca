//===- BinaryBundle.cpp - The binary form of a bundle ---------------------===//
//
// One LLVM bitcode module per submodule, written with one BitcodeWriter so
// that they form a multi-module bitcode file (as ThinLTO's), each carrying
// its canonical header line in `!mm.module`, inside a bitcode wrapper whose
// header carries the payload's checksum. See format-spec/mml-binary.md.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/MLIRModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Support/ChildProcess.h"
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
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;
using namespace mm;

/// The form names that `!mm.bundle` records.
static constexpr StringLiteral BundleFormName = "bundle";
static constexpr StringLiteral PlainFormName = "plain";

bool mm::isBinaryBundle(StringRef Data) {
  // isBitcode reads four bytes once the first one matches.
  return Data.size() >= 4 && isBitcode(Data.bytes_begin(), Data.bytes_end());
}

//===----------------------------------------------------------------------===//
// The container: a bitcode wrapper header, the integrity record, the payload
//===----------------------------------------------------------------------===//

namespace {
/// The layout of a binary bundle's first PayloadOffset bytes (all integers
/// little-endian): LLVM's bitcode wrapper header, which LLVM's readers skip
/// to the payload, then mm's integrity record in the gap they ignore.
enum ContainerLayout : size_t {
  WrapperMagicOffset = 0,   ///< u32 0x0B17C0DE
  WrapperVersionOffset = 4, ///< u32 0
  WrapperPayloadOffset = 8, ///< u32 PayloadOffset
  WrapperPayloadSize = 12,  ///< u32 the payload's size
  WrapperCPUTypeOffset = 16, ///< u32 0
  IntegrityMagicOffset = 20, ///< "MMBI"
  IntegrityVersionOffset = 24, ///< u32 IntegrityVersion
  IntegritySizeOffset = 28,    ///< u64 the payload's size
  IntegrityChecksumOffset = 36, ///< u64 XXH3-64 of the payload
  PayloadOffset = 48,           ///< bytes 44..47 are zero
};
constexpr uint32_t WrapperMagic = 0x0B17C0DE;
constexpr StringLiteral IntegrityMagic = "MMBI";
constexpr uint32_t IntegrityVersion = 1;
} // namespace

/// True if \p Data has mm's integrity record: it is a binary bundle, not a
/// plain bitcode file.
static bool hasIntegrityRecord(StringRef Data) {
  return Data.size() >= IntegrityMagicOffset + 4 &&
         support::endian::read32le(Data.data()) == WrapperMagic &&
         Data.substr(IntegrityMagicOffset, 4) == IntegrityMagic;
}

/// Fills \p Header, the first PayloadOffset bytes of a binary bundle, for
/// \p Payload.
static void fillContainerHeader(char *Header, StringRef Payload) {
  memset(Header, 0, PayloadOffset);
  auto Put32 = [&](size_t Offset, uint32_t V) {
    support::endian::write32le(Header + Offset, V);
  };
  auto Put64 = [&](size_t Offset, uint64_t V) {
    support::endian::write64le(Header + Offset, V);
  };
  Put32(WrapperMagicOffset, WrapperMagic);
  Put32(WrapperVersionOffset, 0);
  Put32(WrapperPayloadOffset, PayloadOffset);
  Put32(WrapperPayloadSize, Payload.size());
  Put32(WrapperCPUTypeOffset, 0);
  memcpy(Header + IntegrityMagicOffset, IntegrityMagic.data(), 4);
  Put32(IntegrityVersionOffset, IntegrityVersion);
  Put64(IntegritySizeOffset, Payload.size());
  Put64(IntegrityChecksumOffset, xxh3_64bits(Payload));
}

/// Writes the container around \p Payload.
static void writeContainer(StringRef Payload, raw_ostream &OS) {
  char Header[PayloadOffset];
  fillContainerHeader(Header, Payload);
  OS.write(Header, PayloadOffset);
  OS << Payload;
}

bool mm::sealBinaryBundle(std::string &Data) {
  if (!hasIntegrityRecord(Data) || Data.size() < PayloadOffset ||
      Data.size() - PayloadOffset > UINT32_MAX)
    return false;
  fillContainerHeader(Data.data(), StringRef(Data).drop_front(PayloadOffset));
  return true;
}

/// The payload of \p Data, a file with an integrity record, once its header
/// and checksum are right; a message saying what is wrong otherwise.
static Expected<StringRef> checkContainer(StringRef Data) {
  if (Data.size() < PayloadOffset)
    return createStringError("the file has %zu bytes, less than its header: "
                             "it is truncated",
                             Data.size());
  auto Get32 = [&](size_t Offset) {
    return support::endian::read32le(Data.data() + Offset);
  };
  auto Get64 = [&](size_t Offset) {
    return support::endian::read64le(Data.data() + Offset);
  };
  if (Get32(IntegrityVersionOffset) != IntegrityVersion)
    return createStringError("unsupported integrity record version %u (this "
                             "reader reads version %u)",
                             Get32(IntegrityVersionOffset), IntegrityVersion);
  uint64_t Size = Get64(IntegritySizeOffset);
  if (Get32(WrapperPayloadOffset) != PayloadOffset ||
      Get32(WrapperPayloadSize) != Size || Get32(WrapperVersionOffset) != 0 ||
      Get32(WrapperCPUTypeOffset) != 0 || Get32(44) != 0)
    return createStringError("corrupt header");
  if (Data.size() - PayloadOffset != Size)
    return createStringError(
        "the file has %zu bytes, its header says %llu: it is %s",
        Data.size(), static_cast<unsigned long long>(Size + PayloadOffset),
        Data.size() - PayloadOffset < Size ? "truncated" : "corrupt");
  StringRef Payload = Data.drop_front(PayloadOffset);
  if (xxh3_64bits(Payload) != Get64(IntegrityChecksumOffset))
    return createStringError("checksum mismatch: the file is corrupt");
  return Payload;
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
  // The wrapper header's sizes are 32-bit.
  if (Buffer.size() > UINT32_MAX - PayloadOffset)
    return createStringError("the binary form of this bundle would be %zu "
                             "bytes; it holds at most 4 GiB",
                             Buffer.size());
  writeContainer(StringRef(Buffer.data(), Buffer.size()), OS);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

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

namespace {
/// Decodes the bitcode of a binary bundle's payload, or of a plain bitcode
/// file, into the text form. It runs in a child process: LLVM's bitcode
/// reader and MLIR's bytecode reader are not hardened against crafted input.
/// Its errors are plain messages; the caller names the file.
class BitcodeDecoder {
public:
  BitcodeDecoder(MemoryBufferRef Bitcode, bool IsBundle)
      : Bitcode(Bitcode), IsBundle(IsBundle) {}

  /// The first line says the form and the number of submodules ("bundle N"
  /// or "plain 1"); the bundle follows in text form, with its headers.
  Expected<std::string> decode();

private:
  static Error moduleError(size_t Index, const Twine &Message) {
    return createStringError("module " + Twine(Index) + ": " + Message);
  }
  Error readBundleRecord(const Module &Mod);
  Expected<SubmoduleHeader> readHeader(size_t Index, const Module &Mod);
  Expected<std::string> printMLIRBody(const Module &Carrier);
  Expected<std::string> printModule(Module &Mod, StringRef Identifier);
  Error decodeModules(ArrayRef<BitcodeModule> Modules);
  Error decodePlainModule(BitcodeModule &Mod);

  MemoryBufferRef Bitcode;
  bool IsBundle;
  Bundle Result;
  std::optional<mlir::MLIRContext> MLIRContext;
};
} // namespace

Error BitcodeDecoder::readBundleRecord(const Module &Mod) {
  std::optional<SmallVector<StringRef, 4>> Record =
      getStringTuple(Mod, BundleMetadata);
  if (!Record || Record->size() != 3)
    return moduleError(0, "no valid '!" + BundleMetadata + "' record");
  unsigned Version;
  if ((*Record)[0].getAsInteger(10, Version) || Version == 0 ||
      Version > BinaryFormatVersion)
    return createStringError("unsupported version '" + (*Record)[0] +
                             "' (this reader reads version " +
                             Twine(BinaryFormatVersion) + ")");
  StringRef Form = (*Record)[1];
  if (Form != BundleFormName && Form != PlainFormName)
    return moduleError(0, "unknown bundle form '" + Form + "'");
  Result.setPlainModule(Form == PlainFormName);
  Result.setPreamble((*Record)[2].str());
  return Error::success();
}

Expected<SubmoduleHeader> BitcodeDecoder::readHeader(size_t Index,
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

Expected<std::string> BitcodeDecoder::printMLIRBody(const Module &Carrier) {
  std::optional<SmallVector<StringRef, 4>> Data =
      getStringTuple(Carrier, MLIRBytecodeMetadata);
  if (!Data || Data->size() != 1)
    return createStringError("MLIR submodule without a valid '!" +
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
    return createStringError("invalid MLIR bytecode" +
                             (Messages.empty() ? "" : ": " + Messages));
  // Printed as mlir-opt prints it.
  std::string Body;
  raw_string_ostream OS(Body);
  Parsed->print(OS);
  OS << '\n';
  return Body;
}

/// Prints \p Mod as llvm-dis does, as the module \p Identifier, after
/// checking it as the text reader would have.
Expected<std::string> BitcodeDecoder::printModule(Module &Mod,
                                                  StringRef Identifier) {
  std::string Broken;
  raw_string_ostream BrokenOS(Broken);
  if (verifyModule(Mod, &BrokenOS))
    return createStringError("invalid module: " +
                             StringRef(Broken).split('\n').first);
  Mod.setModuleIdentifier(Identifier);
  std::string Body;
  raw_string_ostream OS(Body);
  Mod.print(OS, nullptr);
  return Body;
}

Error BitcodeDecoder::decodeModules(ArrayRef<BitcodeModule> Modules) {
  if (Modules.empty())
    return createStringError("no module");
  for (size_t Index = 0, E = Modules.size(); Index != E; ++Index) {
    // One context per module, so that memory does not grow with the bundle.
    LLVMContext Context;
    Expected<std::unique_ptr<Module>> Mod =
        BitcodeModule(Modules[Index]).parseModule(Context);
    if (!Mod)
      return moduleError(Index, toString(Mod.takeError()));
    if (Index == 0)
      if (Error E = readBundleRecord(**Mod))
        return E;
    // The carrier of an empty bundle holds no submodule.
    if (E == 1 && !(*Mod)->getNamedMetadata(ModuleHeaderMetadata))
      break;
    Expected<SubmoduleHeader> Header = readHeader(Index, **Mod);
    if (!Header)
      return Header.takeError();
    Expected<std::string> Body = std::string();
    if (Header->Kind == ModuleKind::MLIR) {
      Body = printMLIRBody(**Mod);
    } else {
      for (StringRef Reserved : {ModuleHeaderMetadata, BundleMetadata})
        if (NamedMDNode *Node = (*Mod)->getNamedMetadata(Reserved))
          (*Mod)->eraseNamedMetadata(Node);
      Body = printModule(**Mod, Header->Name + ".ll");
    }
    if (!Body)
      return moduleError(Index, toString(Body.takeError()));
    if (Error E = Result.add(Submodule(std::move(*Header), std::move(*Body))))
      return moduleError(Index, toString(std::move(E)));
  }
  return Error::success();
}

Error BitcodeDecoder::decodePlainModule(BitcodeModule &BM) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Mod = BM.parseModule(Context);
  if (!Mod)
    return Mod.takeError();
  if ((*Mod)->getNamedMetadata(BundleMetadata))
    return createStringError(
        "a binary bundle without an integrity record (written by an earlier "
        "mm); convert its text form to binary again");
  StringRef FileName = Bitcode.getBufferIdentifier();
  SubmoduleHeader Header;
  Header.Name = getPlainModuleName(FileName);
  Header.Kind = ModuleKind::LLVM;
  Header.Triple = (*Mod)->getTargetTriple();
  Header.Role =
      isGPUTriple(Header.Triple) ? ModuleRole::Device : ModuleRole::Host;
  // The identifier a plain module is parsed under: its file's name.
  Expected<std::string> Body = printModule(**Mod, FileName);
  if (!Body)
    return Body.takeError();
  Result.setPlainModule(true);
  return Result.add(Submodule(std::move(Header), std::move(*Body)));
}

Expected<std::string> BitcodeDecoder::decode() {
  Expected<std::vector<BitcodeModule>> Modules =
      getBitcodeModuleList(Bitcode);
  if (!Modules)
    return Modules.takeError();
  if (IsBundle) {
    if (Error E = decodeModules(*Modules))
      return std::move(E);
  } else {
    if (Modules->size() != 1)
      return createStringError("it holds %zu modules; a bitcode file is read "
                               "as one plain module",
                               Modules->size());
    if (Error E = decodePlainModule(Modules->front()))
      return std::move(E);
  }
  std::string Answer = (Twine(Result.isPlainModule() ? "plain " : "bundle ") +
                        Twine(Result.size()) + "\n")
                           .str();
  raw_string_ostream OS(Answer);
  // With its headers even when plain: the first line says it is.
  Result.setPlainModule(false);
  writeBundle(Result, OS);
  return Answer;
}

namespace mm {
/// Builds the bundle that a decoder's answer describes.
class BinaryBundleReader {
public:
  static Expected<Bundle> read(std::unique_ptr<MemoryBuffer> Buffer);
};
} // namespace mm

Expected<Bundle>
BinaryBundleReader::read(std::unique_ptr<MemoryBuffer> Buffer) {
  StringRef Data = Buffer->getBuffer();
  std::string FileName = Buffer->getBufferIdentifier().str();
  bool IsBundle = hasIntegrityRecord(Data);
  auto Invalid = [&](const Twine &Message) {
    return createStringError("%s: invalid %s: %s", FileName.c_str(),
                             IsBundle ? "binary bundle" : "bitcode file",
                             Message.str().c_str());
  };
  StringRef Bitcode = Data;
  if (IsBundle) {
    Expected<StringRef> Payload = checkContainer(Data);
    if (!Payload)
      return Invalid(toString(Payload.takeError()));
    Bitcode = *Payload;
  }

  // Enough for any real bundle; a corrupt count must not take the machine's
  // memory.
  uint64_t MemoryLimit = (uint64_t(4) << 30) + 64 * uint64_t(Bitcode.size());
  Expected<std::string> Answer = runInChildProcess(
      [&] {
        return BitcodeDecoder(MemoryBufferRef(Bitcode, FileName), IsBundle)
            .decode();
      },
      MemoryLimit);
  if (!Answer) {
    std::string Message;
    handleAllErrors(
        Answer.takeError(),
        [&](const ChildProcessError &E) {
          Message = "reading it " + E.message();
        },
        [&](const ErrorInfoBase &E) { Message = E.message(); });
    return Invalid(Message);
  }

  auto [FirstLine, Text] = StringRef(*Answer).split('\n');
  auto [Form, Count] = FirstLine.split(' ');
  size_t Submodules;
  if ((Form != "bundle" && Form != "plain") ||
      Count.getAsInteger(10, Submodules))
    return Invalid("no answer from the decoder");
  Bundle Result;
  Result.Buffer = std::move(Buffer);
  Result.setPlainModule(Form == "plain");
  if (Submodules == 0) {
    Result.setPreamble(Text.str());
    return std::move(Result);
  }
  Expected<Bundle> Decoded = readBundle(
      MemoryBuffer::getMemBuffer(Text, FileName, false), InputForm::Detect);
  if (!Decoded)
    return Invalid("the decoded text does not read back: " +
                   toString(Decoded.takeError()));
  Result.setPreamble(Decoded->getPreamble().str());
  // Owned bodies without a place in the file: their errors are reported in
  // their own coordinates.
  for (const Submodule &M : *Decoded)
    if (Error E = Result.add(Submodule(M.header(), M.getBody().str())))
      return Invalid(toString(std::move(E)));
  return std::move(Result);
}

Expected<Bundle> mm::readBinaryBundle(std::unique_ptr<MemoryBuffer> Buffer) {
  return BinaryBundleReader::read(std::move(Buffer));
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
