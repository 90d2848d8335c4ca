//===- LinkDeviceLibrary.cpp - mm's libdevice in device code --------------===//
//
// mm-link-device-library: every `__nv_*` function that an nvptx module calls
// gets mm's definition (lib/DeviceLibrary, embedded here), which means on
// the CPU what NVIDIA's means on the GPU. Definitions that clang linked in
// from NVIDIA's libdevice are replaced (their bodies are written in NVVM
// intrinsics and PTX for a GPU), except copies that the optimizer
// specialized, which have no counterpart and are lowered as they are;
// declarations (-nocudalib) are defined. The
// linked functions are internal, so the optimizer inlines and then drops
// them. A call of an `__nv_*` function that mm's libdevice does not have,
// or with another type than its definition, is an error.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

using namespace llvm;
using namespace mm::device;

/// mm's libdevice as nvptx64 bitcode.
static const unsigned char LibdeviceBitcode[] = {
#include "LibdeviceBitcode.inc"
};

static bool isLibdeviceName(StringRef Name) { return Name.starts_with("__nv_"); }

/// The name of a function that calls \p F, for errors.
static StringRef getCallerName(const Function &F) {
  for (const User *U : F.users())
    if (auto *I = dyn_cast<Instruction>(U))
      return I->getFunction()->getName();
  return "";
}

PreservedAnalyses LinkDeviceLibraryPass::lower(Module &M,
                                               ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  SmallVector<Function *> Used;
  for (Function &F : make_early_inc_range(M)) {
    if (!isLibdeviceName(F.getName()))
      continue;
    F.removeDeadConstantUsers();
    if (F.use_empty()) {
      F.eraseFromParent();
      continue;
    }
    Used.push_back(&F);
  }
  if (Used.empty())
    return PreservedAnalyses::all();

  Expected<std::unique_ptr<Module>> Library = parseBitcodeFile(
      MemoryBufferRef(StringRef(reinterpret_cast<const char *>(LibdeviceBitcode),
                                sizeof(LibdeviceBitcode)),
                      "mm-libdevice"),
      M.getContext());
  if (!Library) {
    reportError(M, "",
                "mm's libdevice does not read: " +
                    toString(Library.takeError()));
    return PreservedAnalyses::all();
  }
  for (Function *F : Used) {
    Function *Definition = (*Library)->getFunction(F->getName());
    bool SameType =
        Definition && Definition->getFunctionType() == F->getFunctionType();
    if (!F->isDeclaration()) {
      // A body that clang linked in: NVIDIA's, written for a GPU, gives way
      // to mm's; mm's own is replaced by itself. A copy that the optimizer
      // specialized (a constant argument propagated and dropped, say) has no
      // counterpart: its body stays, lowered like any device code.
      if (SameType) {
        F->deleteBody();
        F->setLinkage(GlobalValue::ExternalLinkage);
      }
      continue;
    }
    if (!Definition) {
      reportError(M, getCallerName(*F),
                  "unsupported libdevice function '" + F->getName() + "'");
      return PreservedAnalyses::all();
    }
    if (!SameType) {
      reportError(M, getCallerName(*F),
                  "libdevice function '" + F->getName() +
                      "' is declared with another type than mm's libdevice "
                      "defines it with");
      return PreservedAnalyses::all();
    }
  }
  (*Library)->setTargetTriple(M.getTargetTriple());
  (*Library)->setDataLayout(M.getDataLayout());
  bool Failed = Linker::linkModules(
      M, std::move(*Library), Linker::Flags::LinkOnlyNeeded,
      [](Module &Linked, const StringSet<> &Names) {
        internalizeModule(Linked, [&](const GlobalValue &GV) {
          return !GV.hasName() || !Names.count(GV.getName());
        });
      });
  if (Failed)
    reportError(M, "", "mm's libdevice does not link into the module");
  return PreservedAnalyses::none();
}
