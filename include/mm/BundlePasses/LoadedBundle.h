//===- mm/BundlePasses/LoadedBundle.h - A bundle to transform ---*- C++ -*-===//
//
// What a bundle pass works on: every submodule of a bundle parsed and
// verified, LLVM IR each in its own LLVMContext, MLIR all in one
// MLIRContext, with its header; passes read and rewrite the modules, add,
// remove and rename submodules, and ask which submodules refer to which.
// store() writes the result back into a Bundle. No MLIR header is needed to
// use it: an MLIR submodule is its `builtin.module` op.
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLEPASSES_LOADEDBUNDLE_H
#define MM_BUNDLEPASSES_LOADEDBUNDLE_H

#include "mm/Bundle/Bundle.h"

#include "llvm/ADT/StringSet.h"

#include <memory>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace mm {

/// One submodule, loaded: its header, and its LLVM module or its MLIR
/// `builtin.module`.
class LoadedSubmodule {
public:
  LoadedSubmodule(SubmoduleHeader Header,
                  std::unique_ptr<llvm::LLVMContext> Context,
                  std::unique_ptr<llvm::Module> Module);
  /// Takes \p Module, a `builtin.module` op without a parent.
  LoadedSubmodule(SubmoduleHeader Header, mlir::Operation *Module);
  ~LoadedSubmodule();

  SubmoduleHeader &getHeader() { return Header; }
  const SubmoduleHeader &getHeader() const { return Header; }
  llvm::StringRef getName() const { return Header.Name; }
  ModuleKind getKind() const { return Header.Kind; }
  ModuleRole getRole() const { return Header.Role; }

  /// The LLVM module of an LLVM submodule, else null.
  llvm::Module *getLLVMModule() const { return LLVM.get(); }
  llvm::LLVMContext *getLLVMContext() const { return Context.get(); }
  /// The `builtin.module` of an MLIR submodule, else null.
  mlir::Operation *getMLIRModule() const { return MLIR; }

private:
  SubmoduleHeader Header;
  std::unique_ptr<llvm::LLVMContext> Context;
  std::unique_ptr<llvm::Module> LLVM;
  mlir::Operation *MLIR = nullptr;
};

/// What the rest of a bundle refers to in one submodule.
struct SubmoduleReferences {
  /// `NAME::` itself: the submodule as a whole (an image to load).
  bool Whole = false;
  /// SYM of each `NAME::SYM`.
  llvm::StringSet<> Symbols;
  /// The constant strings of the other submodules that name one of this
  /// submodule's external symbols: kernels launched and variables copied by
  /// name (CUDA's registration, mm_get_kernel).
  llvm::StringSet<> SymbolsByString;
  /// Whether another submodule has a constant string that is this
  /// submodule's name (mm_get_kernel("NAME", ...)).
  bool NameAsString = false;

  bool any() const {
    return Whole || NameAsString || !Symbols.empty() ||
           !SymbolsByString.empty();
  }
};

/// A bundle with every submodule loaded.
class LoadedBundle {
public:
  LoadedBundle();
  LoadedBundle(LoadedBundle &&);
  LoadedBundle &operator=(LoadedBundle &&);
  ~LoadedBundle();

  /// Parses and verifies every submodule of \p B; errors are located in it.
  static llvm::Expected<LoadedBundle> load(const Bundle &B);

  /// The submodules, in bundle order.
  llvm::ArrayRef<std::unique_ptr<LoadedSubmodule>> submodules() const {
    return Modules;
  }
  LoadedSubmodule *lookup(llvm::StringRef Name) const;
  LoadedSubmodule *getHost() const;
  /// The context of every MLIR submodule, and of those a pass creates.
  mlir::MLIRContext &getMLIRContext() const { return *MLIRContext; }

  /// Appends a submodule. Fails on an invalid or taken name, a second host,
  /// a header whose kind does not match the module, or a module of another
  /// MLIRContext.
  llvm::Error add(std::unique_ptr<LoadedSubmodule> M);
  llvm::Error remove(llvm::StringRef Name);
  /// Renames a submodule, and every `OLD::SYM` reference to it in the
  /// bundle's LLVM submodules.
  llvm::Error rename(llvm::StringRef OldName, llvm::StringRef NewName);

  /// What the other submodules refer to in \p M.
  SubmoduleReferences getReferencesTo(const LoadedSubmodule &M) const;

  /// Verifies \p M as opt and mlir-opt verify a module.
  llvm::Error verify(const LoadedSubmodule &M) const;

  /// Replaces \p B's submodules with these, printed as opt -S and mlir-opt
  /// print them, in order; \p B keeps its preamble.
  llvm::Error store(Bundle &B) const;

private:
  std::unique_ptr<mlir::MLIRContext> MLIRContext;
  std::vector<std::unique_ptr<LoadedSubmodule>> Modules;
};

} // namespace mm

#endif // MM_BUNDLEPASSES_LOADEDBUNDLE_H
