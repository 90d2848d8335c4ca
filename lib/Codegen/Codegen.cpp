//===- Codegen.cpp - Compiling one LLVM submodule -------------------------===//
//
// Mirrors what LLVM 19's llc does in compileModule for `llc -O<n> file.ll`
// with the legacy pass manager, so that a submodule's assembly is
// byte-identical to llc's on the same body.
//
//===----------------------------------------------------------------------===//

#include "mm/Codegen/Codegen.h"
#include "mm/Codegen/LinkForHost.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Compile/Translation.h"
#include "mm/Compile/TargetMachine.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCContext.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetLoweringObjectFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace mm;

StringRef mm::getEmbedFormName(EmbedForm Form) {
  switch (Form) {
  case EmbedForm::Bitcode:
    return "bitcode";
  case EmbedForm::Assembly:
    return "asm";
  case EmbedForm::Object:
    return "obj";
  case EmbedForm::HostCode:
    return "cpu";
  }
  llvm_unreachable("unknown embed form");
}

std::optional<EmbedForm> mm::parseEmbedFormName(StringRef Name) {
  return StringSwitch<std::optional<EmbedForm>>(Name)
      .Case("bitcode", EmbedForm::Bitcode)
      .Case("asm", EmbedForm::Assembly)
      .Case("obj", EmbedForm::Object)
      .Case("cpu", EmbedForm::HostCode)
      .Default(std::nullopt);
}

/// The OffloadBinary image kind that describes \p Part best. Assembly has a
/// kind of its own only for NVPTX (PTX); the `kind` string always says.
static object::ImageKind getImageKind(const OffloadPart &Part) {
  switch (Part.Form) {
  case EmbedForm::Bitcode:
    return object::IMG_Bitcode;
  case EmbedForm::Object:
    return object::IMG_Object;
  case EmbedForm::Assembly:
    return Triple(Part.Triple).isNVPTX() ? object::IMG_PTX : object::IMG_None;
  case EmbedForm::HostCode:
    break;
  }
  llvm_unreachable("unknown embed form");
}

SmallString<0> mm::writeOffloadBinary(const OffloadPart &Part) {
  object::OffloadBinary::OffloadingImage Image;
  Image.TheImageKind = getImageKind(Part);
  Image.TheOffloadKind = object::OFK_None;
  Image.Flags = 0;
  Image.StringData["name"] = Part.Name;
  Image.StringData["triple"] = Part.Triple;
  if (!Part.CPU.empty())
    Image.StringData["arch"] = Part.CPU;
  Image.StringData["kind"] = getEmbedFormName(Part.Form);
  Image.StringData["producer"] = "mm";
  Image.Image = MemoryBuffer::getMemBuffer(Part.Image, Part.Name,
                                           /*RequiresNullTerminator=*/false);
  return object::OffloadBinary::write(Image);
}

void mm::embedOffloadParts(Module &M, ArrayRef<OffloadPart> Parts,
                           StringRef Section) {
  Align Alignment(object::OffloadBinary::getAlignment());
  for (const OffloadPart &Part : Parts) {
    SmallString<0> Binary = writeOffloadBinary(Part);
    // In `.llvm.offloading`, exactly as clang embeds offloading binaries:
    // the section is marked excluded, so that an offload linker reads it
    // from the object and the final link drops it.
    if (Section == OffloadingSectionName) {
      embedBufferInModule(M, MemoryBufferRef(Binary, Part.Name), Section,
                          Alignment);
      continue;
    }
    // Elsewhere, the section stays in the linked program, where the linker
    // delimits it with __start_ and __stop_ symbols for a runtime to walk.
    Constant *Init = ConstantDataArray::getString(M.getContext(), Binary,
                                                  /*AddNull=*/false);
    auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Init,
                                  "mm.offload." + Part.Name);
    GV->setSection(Section);
    GV->setAlignment(Alignment);
    appendToCompilerUsed(M, GV);
  }
}

namespace {
/// Collects code generation's diagnostics instead of printing them (or
/// exiting on an error, as LLVMContext's default does), so that each
/// submodule's are reported in bundle order whatever thread compiled it.
struct CollectingDiagnosticHandler : DiagnosticHandler {
  std::string Errors;
  std::string &Warnings;

  explicit CollectingDiagnosticHandler(std::string &Warnings)
      : Warnings(Warnings) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    DiagnosticSeverity Severity = DI.getSeverity();
    if (Severity != DS_Error && Severity != DS_Warning)
      return true;
    std::string &Text = Severity == DS_Error ? Errors : Warnings;
    raw_string_ostream OS(Text);
    if (!Text.empty())
      OS << "; ";
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    return true;
  }
};
} // namespace

/// Loads \p M as an LLVM module: an LLVM body parsed and verified, an MLIR
/// body through its `passes=` lowering and MLIR's translation.
static Expected<std::unique_ptr<Module>>
loadSubmodule(const Bundle &B, const Submodule &M, LLVMContext &Context,
              const TargetOverrides &Overrides = {}) {
  Expected<std::unique_ptr<Module>> Loaded =
      M.getKind() == ModuleKind::MLIR
          ? lowerMLIRSubmoduleToLLVM(B, M, Context)
          : parseLLVMSubmodule(B, M, Context, Overrides);
  if (!Loaded)
    return Loaded.takeError();
  if (Error E = verifyLLVMSubmodule(B, M, **Loaded))
    return std::move(E);
  return Loaded;
}

Expected<std::string>
mm::compileSubmodule(const Bundle &B, const Submodule &M,
                         const CodegenOptions &Options, std::string &Warnings,
                         ArrayRef<OffloadPart> Embedded,
                         StringRef EmbedSection) {
  LLVMContext Context;
  auto Handler = std::make_unique<CollectingDiagnosticHandler>(Warnings);
  CollectingDiagnosticHandler &Diagnostics = *Handler;
  Context.setDiagnosticHandler(std::move(Handler));

  // As llc: the module gets its TargetMachine's datalayout as it is parsed
  // (what a load without an alignment gets depends on it), the one of the
  // triple that -mtriple and -march make of the body's.
  std::string CPU = Options.CPU, Features = Options.Features;
  resolveNativeCPU(CPU, Features);
  TargetOverrides Overrides;
  Overrides.Triple = Options.TargetTriple;
  // As llc sets them from its own options.
  auto CustomizeOptions = [&](TargetOptions &TO) {
    TO.MCOptions.AsmVerbose = Options.AsmVerbose;
    TO.MCOptions.ShowMCEncoding = Options.ShowMCEncoding;
    TO.MCOptions.PreserveAsmComments = Options.PreserveAsmComments;
  };
  std::string CustomizationKey = {char('0' + Options.AsmVerbose),
                                  char('0' + Options.ShowMCEncoding),
                                  char('0' + Options.PreserveAsmComments)};
  std::unique_ptr<TargetMachine> Owned;
  auto GetTargetMachine = [&](const Triple &TT) -> Expected<TargetMachine *> {
    if (Options.TargetMachines)
      return Options.TargetMachines->getForTriple(
          TT, CPU, Features, Options.OptLevel, CustomizationKey,
          CustomizeOptions);
    Expected<std::unique_ptr<TargetMachine>> Created =
        createTargetMachineForTriple(TT, CPU, Features, Options.OptLevel,
                                     CustomizeOptions);
    if (!Created)
      return Created.takeError();
    Owned = std::move(*Created);
    return Owned.get();
  };
  Overrides.LayoutForTriple =
      [&](StringRef IRTriple) -> std::optional<std::string> {
    Expected<TargetMachine *> TM =
        GetTargetMachine(getCompileTriple(Options, IRTriple));
    if (!TM) {
      // Reported with the TargetMachine that compiles the module.
      consumeError(TM.takeError());
      return std::nullopt;
    }
    return (*TM)->createDataLayout().getStringRepresentation();
  };
  Expected<std::unique_ptr<Module>> Loaded =
      loadSubmodule(B, M, Context, Overrides);
  if (!Loaded)
    return Loaded.takeError();
  Module &Mod = **Loaded;
  // As llc: -mtriple replaces the module's triple, a module without one is
  // compiled for the default target, and -march may replace the triple's
  // architecture for the TargetMachine alone.
  if (!Options.TargetTriple.empty())
    Mod.setTargetTriple(Options.TargetTriple);
  Triple TT(Mod.getTargetTriple());
  if (TT.getTriple().empty()) {
    // A device part compiled for the host by default would be a wrong
    // program, not llc's convenience.
    if (M.getRole() == ModuleRole::Device && codegen::getMArch().empty())
      return B.moduleError(M, "no target triple for a device submodule: give "
                              "the header a triple=, the body a target "
                              "triple, or mm-llc -mtriple");
    TT.setTriple(sys::getDefaultTargetTriple());
  }

  Expected<TargetMachine *> TMOrErr = GetTargetMachine(TT);
  if (!TMOrErr)
    return B.moduleError(M, toString(TMOrErr.takeError()));
  TargetMachine *TM = *TMOrErr;

  // llc gives every module the target's datalayout, and takes the code model
  // from the module unless the command line sets one.
  Mod.setDataLayout(TM->createDataLayout());
  std::optional<CodeModel::Model> ModuleCodeModel = Mod.getCodeModel();
  if (!codegen::getExplicitCodeModel() && ModuleCodeModel)
    TM->setCodeModel(*ModuleCodeModel);
  if (std::optional<uint64_t> Threshold =
          codegen::getExplicitLargeDataThreshold())
    TM->setLargeDataThreshold(*Threshold);
  if (codegen::getFloatABIForCalls() != FloatABI::Default)
    TM->Options.FloatABIType = codegen::getFloatABIForCalls();
  TM->Options.ObjectFilenameForDebug = Options.OutputPath;

  // Device parts lowered for the CPU become the host's own code, which the
  // host's CPU and features apply to; the others are embedded as images.
  SmallVector<OffloadPart> HostCode, Images;
  for (const OffloadPart &Part : Embedded)
    (Part.Form == EmbedForm::HostCode ? HostCode : Images).push_back(Part);
  if (Options.LinkedProgram)
    if (Error E = linkDevicePartsIntoHost(Mod, B, M, HostCode))
      return std::move(E);
  codegen::setFunctionAttributes(CPU, Features, Mod);
  embedOffloadParts(Mod, Images, EmbedSection);

  TargetLibraryInfoImpl TLII(Triple(Mod.getTargetTriple()));
  legacy::PassManager PM;
  PM.add(new TargetLibraryInfoWrapperPass(TLII));

  auto &LLVMTM = static_cast<LLVMTargetMachine &>(*TM);
  auto *MMIWP = new MachineModuleInfoWrapperPass(&LLVMTM);
  std::string MCErrors;
  MMIWP->getMMI().getContext().setDiagnosticHandler(
      [&MCErrors](const SMDiagnostic &Diag, bool, const SourceMgr &,
                  std::vector<const MDNode *> &) {
        if (!MCErrors.empty())
          MCErrors += "; ";
        MCErrors += Diag.getMessage();
      });

  SmallString<0> Output;
  raw_svector_ostream OS(Output);
  if (TM->addPassesToEmitFile(PM, OS, nullptr, Options.FileType,
                              /*DisableVerify=*/false, MMIWP)) {
    if (!MCErrors.empty())
      return B.moduleError(M, MCErrors);
    return B.moduleError(M, "target '" + Mod.getTargetTriple() +
                                "' does not support generation of this "
                                "file type");
  }
  const_cast<TargetLoweringObjectFile *>(LLVMTM.getObjFileLowering())
      ->Initialize(MMIWP->getMMI().getContext(), LLVMTM);
  PM.run(Mod);

  std::string Errors = Diagnostics.Errors;
  if (!MCErrors.empty())
    Errors += (Errors.empty() ? "" : "; ") + MCErrors;
  if (!Errors.empty())
    return B.moduleError(M, "code generation failed: " + Errors);
  return std::string(Output.str());
}

Triple mm::getCompileTriple(const CodegenOptions &Options,
                            StringRef ModuleTriple) {
  Triple TT(Options.TargetTriple.empty() ? ModuleTriple
                                         : StringRef(Options.TargetTriple));
  if (TT.getTriple().empty())
    TT.setTriple(sys::getDefaultTargetTriple());
  return TT;
}

Expected<std::string> mm::writeSubmoduleBitcode(const Bundle &B,
                                                const Submodule &M) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Loaded = loadSubmodule(B, M, Context);
  if (!Loaded)
    return Loaded.takeError();
  std::string Bitcode;
  raw_string_ostream OS(Bitcode);
  WriteBitcodeToFile(**Loaded, OS);
  OS.flush();
  return Bitcode;
}
