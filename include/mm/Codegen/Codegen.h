//===- mm/Codegen/Codegen.h - Compiling one LLVM submodule -----*- C++ -*-===//
//
// Compiles a submodule (LLVM IR, or MLIR through its lowering) to assembly or an object file exactly as LLVM 19's
// llc compiles the same body on its own, and embeds device parts in a host
// object as LLVM's offloading binaries (llvm::object::OffloadBinary).
//
//===----------------------------------------------------------------------===//

#ifndef MM_CODEGEN_CODEGEN_H
#define MM_CODEGEN_CODEGEN_H

#include "mm/Bundle/Bundle.h"

#include "mm/Compile/TargetMachine.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/TargetParser/Triple.h"

#include <optional>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mm {

/// How one submodule is compiled.
struct CodegenOptions {
  llvm::CodeGenOptLevel OptLevel = llvm::CodeGenOptLevel::Default;
  /// llc's -mtriple, normalized: replaces the module's triple. Empty for
  /// the module's own triple, or, when it has none, the default target's.
  std::string TargetTriple;
  /// "native" for the host's CPU and features.
  std::string CPU;
  std::string Features;
  llvm::CodeGenFileType FileType = llvm::CodeGenFileType::AssemblyFile;
  /// The path the output is written to, "-" for standard output, which llc
  /// records in debug information (CodeView's object name; none for "-").
  std::string OutputPath;
  /// llc's -asm-verbose, -show-mc-encoding and -preserve-as-comments.
  bool AsmVerbose = true;
  bool ShowMCEncoding = false;
  bool PreserveAsmComments = true;
  /// The host is a program for libmm_runtime (`--embed=cpu`): the device
  /// parts in the `cpu` form are linked into it, and its table of device
  /// code is registered at start-up, even with no parts.
  bool LinkedProgram = false;
  /// Where the TargetMachine comes from, if not made for this submodule
  /// alone.
  TargetMachineCache *TargetMachines = nullptr;
};

/// The form in which a device part is embedded in the host object.
/// How a device part goes into the host's output: embedded as an image
/// (bitcode, assembly or an object), or, `cpu`, lowered for the CPU and
/// linked into the host's code (mm/Codegen/LinkForHost.h).
enum class EmbedForm { Bitcode, Assembly, Object, HostCode };

llvm::StringRef getEmbedFormName(EmbedForm Form);
std::optional<EmbedForm> parseEmbedFormName(llvm::StringRef Name);

/// A device part, compiled, ready to embed.
struct OffloadPart {
  std::string Name;
  std::string Triple;
  /// The CPU it was compiled for, if any (OffloadBinary's "arch").
  std::string CPU;
  EmbedForm Form = EmbedForm::Bitcode;
  std::string Image;
};

/// Serializes \p Part as an OffloadBinary whose strings are `name`,
/// `triple`, `arch` (when the part has a CPU), `kind` (the form's name) and
/// `producer` ("mm").
llvm::SmallString<0> writeOffloadBinary(const OffloadPart &Part);

/// The section in which clang embeds offloading binaries.
inline constexpr llvm::StringLiteral OffloadingSectionName = ".llvm.offloading";

/// Adds one global per part to \p M, holding its OffloadBinary in section
/// \p Section: in OffloadingSectionName exactly as clang's
/// -fembed-offload-object does (excluded from the linked program), in any
/// other section as a constant that the linked program keeps.
void embedOffloadParts(llvm::Module &M, llvm::ArrayRef<OffloadPart> Parts,
                       llvm::StringRef Section);

/// Compiles \p M as `llc` compiles its LLVM IR alone with the same options,
/// after embedding \p Embedded in \p EmbedSection, and returns the assembly
/// or object file. An LLVM body is parsed and verified; an MLIR body goes
/// through its `passes=` lowering and MLIR's translation to LLVM IR first.
/// Diagnostics from code generation are errors on the submodule; warnings
/// are appended to \p Warnings.
llvm::Expected<std::string>
compileSubmodule(const Bundle &B, const Submodule &M,
                     const CodegenOptions &Options, std::string &Warnings,
                     llvm::ArrayRef<OffloadPart> Embedded = {},
                     llvm::StringRef EmbedSection = {});

/// The triple a module whose own triple is \p ModuleTriple is compiled for,
/// as llc chooses it: -mtriple (\p Options.TargetTriple), else the module's,
/// else the default target.
llvm::Triple getCompileTriple(const CodegenOptions &Options,
                              llvm::StringRef ModuleTriple);

/// Loads \p M as compileSubmodule does and returns it as LLVM bitcode.
llvm::Expected<std::string> writeSubmoduleBitcode(const Bundle &B,
                                                  const Submodule &M);

} // namespace mm

#endif // MM_CODEGEN_CODEGEN_H
