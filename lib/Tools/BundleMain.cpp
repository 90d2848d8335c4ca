//===- BundleMain.cpp - The mm-bundle driver ------------------------------===//
//
// mm-bundle join: plain modules, bundles, or a split directory -> one bundle.
// mm-bundle split: one file per submodule plus an index that join reads back.
// mm-bundle list: one line per submodule (-l: with options and size;
// --json: as JSON).
// mm-bundle extract: one submodule's body, byte for byte.
// mm-bundle unnest, nest: an MLIR GPU program's kernel modules as device
// submodules, and back into one file.
//
//===----------------------------------------------------------------------===//

#include "mm/Tools/BundleMain.h"
#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/KernelModules.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Selector.h"
#include "mm/Bundle/Writer.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

using namespace llvm;
using namespace mm;

namespace {
/// mm-bundle's subcommands and options, registered when bundleMain creates
/// them.
struct BundleOptions {
  cl::OptionCategory Category{"mm-bundle options"};

  cl::SubCommand Join{"join", "Join .ll/.mlir files, bundles, or a split "
                              "directory into a bundle"};
  cl::SubCommand Split{"split", "Write each submodule to DIR/NAME.ll or "
                                "DIR/NAME.mlir, and DIR/index.mmi for join"};
  cl::SubCommand List{"list", "Print one line per submodule: name, kind, "
                              "triple, role"};
  cl::SubCommand Extract{"extract", "Write one submodule's body, byte for "
                                    "byte, as a plain .ll or .mlir file"};
  cl::SubCommand Convert{"convert", "Convert a bundle between the text form "
                                    "and the binary (bitcode) form"};
  cl::SubCommand Unnest{"unnest", "Make each kernel module (gpu.module) "
                                  "nested in an MLIR host a device "
                                  "submodule"};
  cl::SubCommand Nest{"nest", "Put a bundle's kernel modules back into its "
                              "MLIR host: one .mlir file"};

  cl::list<std::string> JoinInputs{cl::Positional, cl::OneOrMore,
                                   cl::desc("<inputs>"), cl::sub(Join),
                                   cl::cat(Category)};
  cl::list<std::string> SetFields{
      "set",
      cl::desc("Set a header field of the submodules that SELECTOR matches: "
               "a name glob, role=host|device, or triple=GLOB (repeatable), "
               "e.g. --set='kern*:role=device' --set=host:opt=O3 "
               "--set='triple=nvptx*:mllvm=-unroll-threshold=400'"),
      cl::value_desc("SELECTOR:KEY=VALUE"), cl::sub(Join), cl::cat(Category)};
  cl::opt<std::string> JoinOutput{"o", cl::desc("Output bundle (default: -)"),
                                  cl::value_desc("file"), cl::init("-"),
                                  cl::sub(Join), cl::cat(Category)};

  cl::opt<std::string> SplitInput{cl::Positional, cl::Required,
                                  cl::desc("<bundle>"), cl::sub(Split),
                                  cl::cat(Category)};
  cl::opt<std::string> SplitOutput{"o", cl::Required,
                                   cl::desc("Output directory"),
                                   cl::value_desc("dir"), cl::sub(Split),
                                   cl::cat(Category)};

  cl::opt<std::string> ListInput{cl::Positional, cl::init("-"),
                                 cl::desc("<bundle>"), cl::sub(List),
                                 cl::cat(Category)};
  cl::opt<bool> ListLong{"l",
                         cl::desc("Also print each submodule's lines, bytes "
                                  "and header options"),
                         cl::sub(List), cl::cat(Category)};
  cl::opt<bool> ListJSON{"json",
                         cl::desc("Print the submodules as a JSON object"),
                         cl::sub(List), cl::cat(Category)};

  cl::opt<std::string> ExtractName{cl::Positional, cl::Required,
                                   cl::desc("<submodule name>"),
                                   cl::sub(Extract), cl::cat(Category)};
  cl::opt<std::string> ExtractInput{cl::Positional, cl::init("-"),
                                    cl::desc("<bundle>"), cl::sub(Extract),
                                    cl::cat(Category)};
  cl::opt<std::string> ExtractOutput{
      "o", cl::desc("Output file (default: -)"), cl::value_desc("file"),
      cl::init("-"), cl::sub(Extract), cl::cat(Category)};

  cl::opt<std::string> ConvertInput{cl::Positional, cl::init("-"),
                                    cl::desc("<bundle>"), cl::sub(Convert),
                                    cl::cat(Category)};
  cl::opt<std::string> ConvertOutput{
      "o", cl::desc("Output bundle (default: -)"), cl::value_desc("file"),
      cl::init("-"), cl::sub(Convert), cl::cat(Category)};
  cl::opt<BundleForm> ConvertTo{
      "to", cl::desc("The form to write:"), cl::Required,
      cl::values(clEnumValN(BundleForm::Text, "text", "the .mml text form"),
                 clEnumValN(BundleForm::Binary, "binary",
                            "the binary form: LLVM bitcode, one module per "
                            "submodule")),
      cl::sub(Convert), cl::cat(Category)};

  cl::opt<std::string> UnnestInput{cl::Positional, cl::init("-"),
                                   cl::desc("<.mlir file or bundle>"),
                                   cl::sub(Unnest), cl::cat(Category)};
  cl::opt<std::string> UnnestOutput{
      "o", cl::desc("Output bundle (default: -)"), cl::value_desc("file"),
      cl::init("-"), cl::sub(Unnest), cl::cat(Category)};

  cl::opt<std::string> NestInput{cl::Positional, cl::init("-"),
                                 cl::desc("<bundle>"), cl::sub(Nest),
                                 cl::cat(Category)};
  cl::opt<std::string> NestOutput{
      "o", cl::desc("Output .mlir file (default: -)"), cl::value_desc("file"),
      cl::init("-"), cl::sub(Nest), cl::cat(Category)};
};
} // namespace

/// The index that split writes beside the parts: the bundle's preamble and
/// its header lines, in order.
static constexpr StringLiteral IndexFileName = "index.mmi";

static std::string getPartFileName(const Submodule &M) {
  return (M.getName() + (M.getKind() == ModuleKind::MLIR ? ".mlir" : ".ll"))
      .str();
}

static Error readFile(StringRef Path, std::unique_ptr<MemoryBuffer> &Buffer) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!File)
    return createStringError(File.getError(), "cannot read '%s': %s",
                             Path.str().c_str(),
                             File.getError().message().c_str());
  Buffer = std::move(*File);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// split
//===----------------------------------------------------------------------===//

static Error splitBundle(const BundleOptions &Flags) {
  Expected<Bundle> B = readBundleFile(Flags.SplitInput);
  if (!B)
    return B.takeError();
  // None of the files it writes may be the input: only an input in the
  // output directory can be, and then a part or the index of its name.
  StringRef InputDirectory = sys::path::parent_path(Flags.SplitInput);
  bool SameDirectory = false;
  if (!sys::fs::equivalent(InputDirectory.empty() ? "." : InputDirectory,
                           Flags.SplitOutput, SameDirectory) &&
      SameDirectory) {
    StringRef InputName = sys::path::filename(Flags.SplitInput);
    for (const Submodule &M : *B)
      if (getPartFileName(M) == InputName)
        return checkOutputIsNotInput(Flags.SplitInput, {Flags.SplitInput});
    if (InputName == IndexFileName)
      return checkOutputIsNotInput(Flags.SplitInput, {Flags.SplitInput});
  }
  if (std::error_code EC = sys::fs::create_directories(Flags.SplitOutput))
    return createStringError(EC, "cannot create directory '%s': %s",
                             Flags.SplitOutput.c_str(), EC.message().c_str());
  std::string Index = B->getPreamble().str();
  if (!Index.empty() && Index.back() != '\n')
    Index += '\n';
  OutputDirectory Parts(Flags.SplitOutput);
  for (const Submodule &M : *B) {
    if (Error E = Parts.write(getPartFileName(M), [&](raw_ostream &OS) {
          OS << M.getBody();
          return Error::success();
        }))
      return E;
    StringRef Header = M.getVerbatimHeader();
    Index += Header.empty() ? formatModuleHeader(M) + "\n" : Header.str();
    if (Index.back() != '\n')
      Index += '\n';
  }
  return Parts.write(IndexFileName, [&](raw_ostream &OS) {
    OS << Index;
    return Error::success();
  });
}

//===----------------------------------------------------------------------===//
// join
//===----------------------------------------------------------------------===//

/// Rebuilds the text of the bundle that \p Dir was split from: the index's
/// preamble and header lines, each followed by its part file. A header whose
/// part was edited so that it no longer delimits it is rewritten.
static Expected<Bundle> readSplitDirectory(StringRef Dir) {
  SmallString<256> IndexPath(Dir);
  sys::path::append(IndexPath, IndexFileName);
  std::unique_ptr<MemoryBuffer> Index;
  if (Error E = readFile(IndexPath, Index))
    return std::move(E);

  std::string Text;
  StringRef Rest = Index->getBuffer();
  bool InPreamble = true;
  while (!Rest.empty()) {
    StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    StringRef Content = Line.rtrim('\r');
    if (!isDirectiveLine(Content) ||
        Content.drop_front(DirectivePrefix.size()).ltrim(" \t").starts_with(
            "bundle")) {
      if (!InPreamble) {
        if (Content.empty())
          continue;
        return createStringError("%s: unexpected line '%s' after the first "
                                 "header",
                                 IndexPath.c_str(), Content.str().c_str());
      }
      Text += Line;
      Text += '\n';
      continue;
    }
    InPreamble = false;
    SubmoduleHeader Header;
    std::optional<unsigned> Lines;
    size_t Column;
    if (Error E = parseModuleHeader(Content, Header, Lines, Column))
      return createStringError("%s: %s", IndexPath.c_str(),
                               toString(std::move(E)).c_str());
    Submodule M(std::move(Header));
    SmallString<256> PartPath(Dir);
    sys::path::append(PartPath, getPartFileName(M));
    std::unique_ptr<MemoryBuffer> Part;
    if (Error E = readFile(PartPath, Part))
      return std::move(E);
    StringRef Body = Part->getBuffer();
    bool HeaderFits = Lines ? *Lines == countLines(Body)
                            : !needsExplicitLineCount(Body);
    if (HeaderFits) {
      Text += Line;
      Text += '\n';
    } else {
      M.setBody(Body.str());
      Text += formatModuleHeader(M) + "\n";
    }
    if (!Text.empty() && Text.back() != '\n')
      Text += '\n';
    Text += Body;
    if (!Rest.empty() && !Body.empty() && !Body.ends_with("\n"))
      Text += '\n';
  }
  return readBundle(MemoryBuffer::getMemBufferCopy(Text, IndexPath));
}

static Error joinInputs(const BundleOptions &Flags) {
  // Submodules of all inputs, with the input each came from. A plain module
  // gets its role from its triple: the first non-GPU one is the host, unless
  // an earlier input already has one.
  Bundle Result;
  std::vector<std::pair<Submodule, std::string>> Parts;
  std::vector<Bundle> Inputs;
  std::string Preamble;
  bool HostTaken = false;
  for (const std::string &Input : Flags.JoinInputs) {
    Expected<Bundle> In = sys::fs::is_directory(Input)
                              ? readSplitDirectory(Input)
                              : readBundleFile(Input);
    if (!In)
      return In.takeError();
    if (Inputs.empty())
      Preamble = In->getPreamble().str();
    for (Submodule &M : *In) {
      if (In->isPlainModule()) {
        bool Host = !isGPUTriple(M.getTriple()) && !HostTaken;
        M.editHeader().Role = Host ? ModuleRole::Host : ModuleRole::Device;
      }
      HostTaken |= M.getRole() == ModuleRole::Host;
      Parts.emplace_back(M, Input);
    }
    // Bodies are views into the input's buffer: keep it alive.
    Inputs.push_back(std::move(*In));
  }
  // A single split directory or bundle joins back to itself, preamble and
  // all; several inputs share the first one's preamble.
  Result.setPreamble(Preamble);

  // Roles from the inputs may name two hosts until --set settles them, so
  // apply the fields before Bundle::add checks.
  Bundle Staging;
  for (auto &[M, From] : Parts)
    Staging.submodules().push_back(std::move(M));
  for (const std::string &Spec : Flags.SetFields)
    if (Error E = applySetOption(Staging, Spec))
      return E;
  for (size_t I = 0; I != Parts.size(); ++I)
    if (Error E = Result.add(std::move(Staging.submodules()[I])))
      return createStringError("%s: %s", Parts[I].second.c_str(),
                               toString(std::move(E)).c_str());

  return writeOutputFile(Flags.JoinOutput, [&](raw_ostream &OS) {
    writeBundle(Result, OS);
    return Error::success();
  });
}

//===----------------------------------------------------------------------===//
// list
//===----------------------------------------------------------------------===//

static void writeJSONList(const Bundle &B, raw_ostream &OS) {
  // Header lines, counted from one header to the next: headers come in the
  // order of the input.
  const MemoryBuffer *Buffer = B.getSourceBuffer();
  const char *Counted = Buffer ? Buffer->getBufferStart() : nullptr;
  unsigned Line = 1;
  auto GetHeaderLine = [&](const Submodule &M) -> std::optional<unsigned> {
    const char *Header = M.getSourceInfo().HeaderLoc.getPointer();
    if (!Buffer || !Header)
      return std::nullopt;
    Line += StringRef(Counted, Header - Counted).count('\n');
    Counted = Header;
    return Line;
  };
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attributeArray("submodules", [&] {
      for (const Submodule &M : B) {
        const SubmoduleOptions &O = M.getOptions();
        J.object([&] {
          J.attribute("name", M.getName());
          J.attribute("kind", getKindName(M.getKind()));
          J.attribute("triple", M.getTriple());
          J.attribute("role", getRoleName(M.getRole()));
          J.attributeObject("options", [&] {
            J.attribute("opt", O.OptLevel);
            J.attribute("passes", O.Passes);
            J.attribute("cpu", O.CPU);
            J.attribute("features", O.Features);
            J.attributeArray("mllvm", [&] {
              for (const std::string &Arg : O.LLVMArgs)
                J.value(Arg);
            });
          });
          J.attributeObject("extensions", [&] {
            for (const auto &[Key, Value] : M.header().Extensions)
              J.attribute(Key, Value);
          });
          if (std::optional<unsigned> HeaderLine = GetHeaderLine(M))
            J.attribute("header_line", *HeaderLine);
          else
            J.attribute("header_line", nullptr);
          J.attribute("lines", countLines(M.getBody()));
          J.attribute("bytes", static_cast<int64_t>(M.getBody().size()));
        });
      }
    });
  });
  OS << '\n';
}

static Error listBundle(const BundleOptions &Flags) {
  Expected<Bundle> B = readBundleFile(Flags.ListInput);
  if (!B)
    return B.takeError();
  if (Flags.ListJSON) {
    writeJSONList(*B, outs());
    return Error::success();
  }
  size_t NameWidth = 4, TripleWidth = 6, LinesWidth = 1, BytesWidth = 1;
  for (const Submodule &M : *B) {
    NameWidth = std::max(NameWidth, M.getName().size());
    TripleWidth = std::max(TripleWidth, M.getTriple().size());
    LinesWidth =
        std::max(LinesWidth, std::to_string(countLines(M.getBody())).size());
    BytesWidth =
        std::max(BytesWidth, std::to_string(M.getBody().size()).size());
  }
  for (const Submodule &M : *B) {
    std::string Triple = M.getTriple().empty() ? "-" : M.getTriple().str();
    std::string Role = getRoleName(M.getRole()).str();
    std::string Line =
        fmt::format("{:<{}}  {:<4}  {:<{}}  ", M.getName().str(), NameWidth,
                    getKindName(M.getKind()).str(), Triple, TripleWidth);
    if (!Flags.ListLong) {
      outs() << Line << Role << '\n';
      continue;
    }
    std::string Fields = formatOptionFields(M.header());
    StringRef Options = StringRef(Fields).ltrim(' ');
    outs() << Line
           << fmt::format("{:<6}  {:>{}}  {:>{}}  {}\n", Role,
                          countLines(M.getBody()), LinesWidth,
                          M.getBody().size(), BytesWidth,
                          Options.empty() ? "-" : Options.str());
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// extract
//===----------------------------------------------------------------------===//

static Error extractSubmodule(const BundleOptions &Flags) {
  Expected<Bundle> B = readBundleFile(Flags.ExtractInput);
  if (!B)
    return B.takeError();
  const Submodule *Found = nullptr;
  std::string Names;
  for (const Submodule &M : *B) {
    if (M.getName() == Flags.ExtractName)
      Found = &M;
    Names += (Names.empty() ? "" : ", ") + M.getName().str();
  }
  if (!Found)
    return createStringError("%s: no submodule named '%s' (it has: %s)",
                             Flags.ExtractInput.c_str(),
                             Flags.ExtractName.c_str(),
                             Names.empty() ? "none" : Names.c_str());
  return writeOutputFile(Flags.ExtractOutput, [&](raw_ostream &OS) {
    OS << Found->getBody();
    return Error::success();
  });
}

//===----------------------------------------------------------------------===//
// convert
//===----------------------------------------------------------------------===//

static Error convertBundle(const BundleOptions &Flags) {
  // Writing the binary form parses the bodies as opt does, which gives a
  // body without a datalayout its target's.
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmParsers();
  Expected<Bundle> B = readBundleFile(Flags.ConvertInput);
  if (!B)
    return B.takeError();
  return writeBundleFile(*B, Flags.ConvertOutput, Flags.ConvertTo);
}

//===----------------------------------------------------------------------===//
// unnest, nest
//===----------------------------------------------------------------------===//

static Error unnestBundle(const BundleOptions &Flags) {
  Expected<Bundle> B = readBundleFile(Flags.UnnestInput);
  if (!B)
    return B.takeError();
  Expected<Bundle> Unnested = unnestKernelModules(*B);
  if (!Unnested)
    return Unnested.takeError();
  return writeOutputFile(Flags.UnnestOutput, [&](raw_ostream &OS) {
    writeBundle(*Unnested, OS);
    return Error::success();
  });
}

static Error nestBundle(const BundleOptions &Flags) {
  Expected<Bundle> B = readBundleFile(Flags.NestInput);
  if (!B)
    return B.takeError();
  Expected<std::string> Nested = nestKernelModules(*B);
  if (!Nested)
    return Nested.takeError();
  return writeOutputFile(Flags.NestOutput, [&](raw_ostream &OS) {
    OS << *Nested;
    return Error::success();
  });
}

/// The file that the subcommand writes, if it writes one (split writes a
/// directory of files, which splitBundle checks itself).
static StringRef getOutputFile(const BundleOptions &Flags) {
  if (Flags.Join)
    return Flags.JoinOutput;
  if (Flags.Extract)
    return Flags.ExtractOutput;
  if (Flags.Convert)
    return Flags.ConvertOutput;
  if (Flags.Unnest)
    return Flags.UnnestOutput;
  if (Flags.Nest)
    return Flags.NestOutput;
  return "";
}

/// The files that the subcommand reads.
static std::vector<std::string> getInputFiles(const BundleOptions &Flags) {
  if (Flags.Join)
    return {Flags.JoinInputs.begin(), Flags.JoinInputs.end()};
  if (Flags.Extract)
    return {Flags.ExtractInput};
  if (Flags.Convert)
    return {Flags.ConvertInput};
  if (Flags.Unnest)
    return {Flags.UnnestInput};
  if (Flags.Nest)
    return {Flags.NestInput};
  return {};
}

int mm::bundleMain(int argc, char **argv) {
  InitLLVM X(argc, argv);
  static BundleOptions Flags;
  setUpToolProcess();
  hideUnrelatedOptions(&Flags.Category, argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "mm-bundle: join, split, list, extract, convert, "
                              "unnest and nest bundles\n");
  if (reportError(checkOutputIsNotInput(getOutputFile(Flags),
                                        getInputFiles(Flags)),
                  argv[0], errs()))
    return 1;
  Error E = Error::success();
  if (Flags.Join)
    E = joinInputs(Flags);
  else if (Flags.Split)
    E = splitBundle(Flags);
  else if (Flags.List)
    E = listBundle(Flags);
  else if (Flags.Extract)
    E = extractSubmodule(Flags);
  else if (Flags.Convert)
    E = convertBundle(Flags);
  else if (Flags.Unnest)
    E = unnestBundle(Flags);
  else if (Flags.Nest)
    E = nestBundle(Flags);
  else {
    consumeError(std::move(E));
    errs() << argv[0] << ": error: expected a subcommand: join, split, list, "
           << "extract, convert, unnest or nest (see --help)\n";
    return 1;
  }
  return reportError(std::move(E), argv[0], errs()) ? 1 : 0;
}
