//===- mm/Bundle/Bundle.h - In-memory multi-module bundle -------*- C++ -*-===//
//
// A bundle is an ordered list of submodules, each an LLVM IR or MLIR text
// body tagged with a name, a kind, a target triple, a role and its own
// options. Bodies read from a file are views into the file's buffer; a body
// that a tool replaces is owned by its submodule.
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLE_BUNDLE_H
#define MM_BUNDLE_BUNDLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mm {

/// The language of a submodule's body.
enum class ModuleKind { LLVM, MLIR };
/// Whether a submodule is the program's host part or a device part.
enum class ModuleRole { Host, Device };

llvm::StringRef getKindName(ModuleKind Kind);
std::optional<ModuleKind> parseKindName(llvm::StringRef Name);
llvm::StringRef getRoleName(ModuleRole Role);
std::optional<ModuleRole> parseRoleName(llvm::StringRef Name);

/// True for the optimization levels a header's `opt=` field accepts:
/// O0, O1, O2, O3, Os and Oz.
bool isValidOptLevel(llvm::StringRef Level);

/// True for the characters of submodule names: letters, digits, _ $ . -
bool isModuleNameChar(char C);

/// True if \p Name is a valid submodule name: [A-Za-z0-9_$][A-Za-z0-9_.$-]*.
/// Names are also file stems (mm-bundle split), so they never hold a path
/// separator and never start with a dot.
bool isValidModuleName(llvm::StringRef Name);

/// True for triples of GPU targets (nvptx, amdgcn, r600, spirv), whose
/// submodules default to the device role.
bool isGPUTriple(llvm::StringRef Triple);

/// The options a submodule carries for the tools that process it.
struct SubmoduleOptions {
  /// "O0".."O3", "Os", "Oz", or empty for the tool's default.
  std::string OptLevel;
  /// A pass pipeline: new-pass-manager text for LLVM bodies, mlir-opt's
  /// --pass-pipeline text for MLIR bodies. Empty for none.
  std::string Passes;
  std::string CPU;
  std::string Features;
  /// LLVM command-line options scoped to this submodule, in order.
  std::vector<std::string> LLVMArgs;

  bool operator==(const SubmoduleOptions &Other) const;
};

/// Everything a submodule's header line says.
struct SubmoduleHeader {
  std::string Name;
  ModuleKind Kind = ModuleKind::LLVM;
  /// May be empty: the body's own triple, if any, then applies.
  std::string Triple;
  ModuleRole Role = ModuleRole::Host;
  SubmoduleOptions Options;
  /// Extension fields (`x-...=value`), kept in order and written back.
  std::vector<std::pair<std::string, std::string>> Extensions;

  bool operator==(const SubmoduleHeader &Other) const;
};

/// Where a submodule came from in its bundle file.
struct SourceInfo {
  llvm::SMLoc HeaderLoc; ///< The '#' of the header line (invalid if none).
  llvm::SMLoc BodyLoc;   ///< First byte of the body in the file buffer.
};

class Submodule {
public:
  Submodule() = default;
  explicit Submodule(SubmoduleHeader Header, std::string Body = {});

  const SubmoduleHeader &header() const { return Header; }
  /// Edit the header. The header is then written in canonical form.
  SubmoduleHeader &editHeader() {
    VerbatimHeader = {};
    return Header;
  }
  llvm::StringRef getName() const { return Header.Name; }
  ModuleKind getKind() const { return Header.Kind; }
  ModuleRole getRole() const { return Header.Role; }
  llvm::StringRef getTriple() const { return Header.Triple; }
  const SubmoduleOptions &getOptions() const { return Header.Options; }

  llvm::StringRef getBody() const {
    return OwnedBody ? llvm::StringRef(*OwnedBody) : SourceBody;
  }
  /// Replace the body. The source location of the old body is forgotten.
  void setBody(std::string NewBody);

  /// The header line exactly as read (with its line terminator), while the
  /// header is unedited and still describes the body; empty otherwise.
  llvm::StringRef getVerbatimHeader() const { return VerbatimHeader; }
  const SourceInfo &getSourceInfo() const { return Source; }
  /// True while the body is the one read from the bundle file, so that body
  /// coordinates map to file coordinates.
  bool hasSourceBody() const { return !OwnedBody && Source.BodyLoc.isValid(); }

  /// Maps a 1-based line and column inside the body to a location in the
  /// bundle file, or an invalid SMLoc if the body has no source.
  llvm::SMLoc getBodyLoc(unsigned Line, unsigned Column) const;

private:
  friend class BundleReader;

  SubmoduleHeader Header;
  llvm::StringRef SourceBody;
  std::optional<std::string> OwnedBody;
  llvm::StringRef VerbatimHeader;
  /// The `lines=` count of the verbatim header, if it had one.
  std::optional<unsigned> VerbatimLines;
  SourceInfo Source;
};

/// An ordered, editable collection of uniquely named submodules.
class Bundle {
public:
  Bundle() = default;
  Bundle(Bundle &&) = default;
  Bundle &operator=(Bundle &&) = default;

  /// The file the bundle was read from ("<stdin>" for standard input).
  llvm::StringRef getSourceName() const;
  /// The buffer the bundle was read from, or null for a new bundle.
  const llvm::MemoryBuffer *getSourceBuffer() const { return Buffer.get(); }

  /// Comment lines and the optional `#mm bundle` directive that precede the
  /// first submodule, verbatim.
  llvm::StringRef getPreamble() const { return Preamble; }
  void setPreamble(std::string Text);

  /// True for a bundle read from a plain .ll or .mlir file without any
  /// `#mm` directive. While it holds exactly one submodule it is written back
  /// as that bare body, the way opt and mlir-opt print a module.
  bool isPlainModule() const { return PlainModule; }
  void setPlainModule(bool Plain) { PlainModule = Plain; }

  size_t size() const { return Modules.size(); }
  bool empty() const { return Modules.empty(); }
  /// Mutable access to the submodules. Their names and roles may change
  /// through it, so the bundle indexes them again on its next lookup.
  std::vector<Submodule> &submodules() {
    IndexIsCurrent = false;
    return Modules;
  }
  const std::vector<Submodule> &submodules() const { return Modules; }
  auto begin() { return submodules().begin(); }
  auto end() { return Modules.end(); }
  auto begin() const { return Modules.begin(); }
  auto end() const { return Modules.end(); }

  /// The submodule named \p Name, or null. Constant time while no submodule
  /// was reached mutably since the last lookup or add.
  Submodule *lookup(llvm::StringRef Name);
  const Submodule *lookup(llvm::StringRef Name) const;
  /// The host submodule, if there is one.
  const Submodule *getHost() const;

  /// Appends a submodule. Fails on an invalid or duplicate name, or on a
  /// second host.
  llvm::Error add(Submodule M);
  /// Removes the named submodule; fails if there is none.
  llvm::Error remove(llvm::StringRef Name);
  /// Renames a submodule; fails on an unknown old name or a taken new name.
  llvm::Error rename(llvm::StringRef OldName, llvm::StringRef NewName);

  /// Builds a diagnostic at \p Loc, which must point into the source buffer
  /// (or be invalid, for a diagnostic on the bundle as a whole).
  llvm::SMDiagnostic diagnose(llvm::SMLoc Loc, llvm::SourceMgr::DiagKind Kind,
                              const llvm::Twine &Message) const;

  /// An error about submodule \p M as a whole, located at its header line
  /// and naming it: "submodule 'NAME': MESSAGE".
  llvm::Error moduleError(const Submodule &M, const llvm::Twine &Message,
                          llvm::SourceMgr::DiagKind Kind =
                              llvm::SourceMgr::DK_Error) const;
  /// An error about the \p Occurrence-th (0-based) field \p Key of \p M's
  /// header: at that field while the header is the one read, else as
  /// moduleError.
  llvm::Error fieldError(const Submodule &M, llvm::StringRef Key,
                         unsigned Occurrence, const llvm::Twine &Message) const;
  /// An error at a 1-based line and column of \p M's body, reported in the
  /// coordinates of the bundle file when the body came from it.
  llvm::Error bodyError(const Submodule &M, unsigned Line, unsigned Column,
                        const llvm::Twine &Message,
                        llvm::SourceMgr::DiagKind Kind =
                            llvm::SourceMgr::DK_Error) const;

  /// The identifier a submodule's parsed module gets: the file it came from
  /// for a plain module (while it is the only submodule), else the file name that `mm-bundle split` gives it
  /// (NAME.ll or NAME.mlir). Tools print it as opt prints a file name.
  std::string getModuleIdentifier(const Submodule &M) const;

private:
  friend class BundleReader;
  friend class BinaryBundleReader;

  /// Indexes the submodules by name, and finds the host, unless the index
  /// is current.
  void updateIndex() const;

  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::string Preamble;
  bool PlainModule = false;
  std::vector<Submodule> Modules;
  /// The position of each submodule by name, and the host's: what keeps
  /// add, lookup and getHost from scanning the bundle.
  mutable llvm::StringMap<size_t> NameIndex;
  mutable std::optional<size_t> HostIndex;
  mutable bool IndexIsCurrent = true;
};

/// The deepest nesting of brackets ((), [] and {}) that a body may have.
/// LLVM's and MLIR's parsers recurse once per level, and their printers,
/// verifiers and passes after them: a body nested some thousands deep
/// exhausts a thread's stack, where real code stays far below this.
inline constexpr unsigned MaxBodyNesting = 512;

/// Fails, at the bracket that opens one level too many, if \p M's body nests
/// brackets deeper than MaxBodyNesting, comments and strings aside. Called
/// before a body is handed to LLVM's or MLIR's parser.
llvm::Error checkBodyNesting(const Bundle &B, const Submodule &M);

/// A submodule's pass pipeline text does not parse. The driver reports it
/// where the pipeline came from: a header field, or the command line.
class InvalidPipelineError : public llvm::ErrorInfo<InvalidPipelineError> {
public:
  static char ID;

  InvalidPipelineError(const Submodule &M, std::string Message)
      : M(&M), Name(M.getName()), Message(std::move(Message)) {}

  /// The submodule, while its bundle lives: the error can outlive it.
  const Submodule &getSubmodule() const { return *M; }
  /// "invalid pass pipeline 'P': REASON".
  llvm::StringRef getMessage() const { return Message; }
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  const Submodule *M;
  std::string Name;
  std::string Message;
};

} // namespace mm

#endif // MM_BUNDLE_BUNDLE_H
