//===- NvccOptions.td - nvcc's options, as mm's drivers take them ---------===//
//
// The options of mm's nvcc (the toolkit's bin/nvcc) and of mm-nvcc: nvcc's
// own, with nvcc's spellings (one dash or two; a value after `=` or as the
// next argument; short and long names), and mm's few. docs/tools/nvcc.md
// says what each does on a CPU; the groups say which change nothing there.
//
//===----------------------------------------------------------------------===//

include "llvm/Option/OptParser.td"

def grp_ignored : OptionGroup<"ignored">,
  HelpText<"Accepted, changing nothing on a CPU (NVIDIA's GPU assembler, "
           "linker and front end, register and GPU-resource tuning)">;
def grp_mm : OptionGroup<"mm">, HelpText<"mm's own options">;

// A flag: -NAME or --NAME, and its long name --LONG.
// (The long names that are the short name are not defined twice.)
multiclass Flag2<string name, string long, string help> {
  def NAME : Flag<["-", "--"], name>, HelpText<help>;
  foreach _ = !if(!eq(name, long), []<int>, [1]) in
  def _long : Flag<["-", "--"], long>, Alias<!cast<Option>(NAME)>,
              Flags<[HelpHidden]>;
}
// An option with a value: -NAME VALUE, -NAME=VALUE, and the same for LONG.
multiclass Value<string name, string long, string help,
                 string meta = "<value>"> {
  def NAME : Separate<["-", "--"], name>, HelpText<help>, MetaVarName<meta>;
  def _eq : Joined<["-", "--"], name # "=">, Alias<!cast<Option>(NAME)>,
            Flags<[HelpHidden]>;
  foreach _ = !if(!eq(name, long), []<int>, [1]) in {
  def _long : Separate<["-", "--"], long>, Alias<!cast<Option>(NAME)>,
              Flags<[HelpHidden]>;
  def _long_eq : Joined<["-", "--"], long # "=">, Alias<!cast<Option>(NAME)>,
                 Flags<[HelpHidden]>;
  }
}
// An option with a value that has no long name.
multiclass Value1<string name, string help, string meta = "<value>"> {
  def NAME : Separate<["-", "--"], name>, HelpText<help>, MetaVarName<meta>;
  def _eq : Joined<["-", "--"], name # "=">, Alias<!cast<Option>(NAME)>,
            Flags<[HelpHidden]>;
}
// A one-letter option whose value may be joined: -IDIR, -I DIR, -I=DIR.
multiclass Letter<string name, string long, string help, string meta> {
  def NAME : JoinedOrSeparate<["-"], name>, HelpText<help>, MetaVarName<meta>;
  def _eq : Joined<["-"], name # "=">, Alias<!cast<Option>(NAME)>,
            Flags<[HelpHidden]>;
  def _long : Separate<["-", "--"], long>, Alias<!cast<Option>(NAME)>,
              Flags<[HelpHidden]>;
  def _long_eq : Joined<["-", "--"], long # "=">, Alias<!cast<Option>(NAME)>,
                 Flags<[HelpHidden]>;
}

//===----------------------------------------------------------------------===//
// What to build
//===----------------------------------------------------------------------===//

defm output : Value<"o", "output-file", "The output file", "<file>">;
defm output_directory : Value<"odir", "output-directory",
  "The directory of -c's outputs", "<dir>">;
defm compile : Flag2<"c", "compile",
  "Compile each source into an object of its own">;
defm device_c : Flag2<"dc", "device-c",
  "Compile each source into an object with relocatable device code (-c "
  "-rdc=true)">;
defm device_w : Flag2<"dw", "device-w",
  "Compile each source into an object with whole-program device code">;
defm device_link : Flag2<"dlink", "device-link",
  "Link the relocatable device code of objects and libraries into one "
  "object">;
defm link : Flag2<"link", "link", "Link into an executable (the default)">;
defm lib : Flag2<"lib", "lib", "Build a static library of the inputs">;
defm shared : Flag2<"shared", "shared", "Build a shared library">;
defm preprocess : Flag2<"E", "preprocess",
  "Preprocess each source to standard output (host half)">;
defm generate_dependencies : Flag2<"M", "generate-dependencies",
  "Write each source's dependencies, for Make, instead of compiling">;
defm generate_nonsystem_dependencies : Flag2<"MM",
  "generate-nonsystem-dependencies",
  "As -M, without system headers">;
defm generate_dependencies_with_compile : Flag2<"MD",
  "generate-dependencies-with-compile",
  "Write a dependency file as a side effect of compiling">;
defm generate_nonsystem_dependencies_with_compile : Flag2<"MMD",
  "generate-nonsystem-dependencies-with-compile",
  "As -MD, without system headers">;
defm dependency_output : Value<"MF", "dependency-output",
  "The dependency file of -M, -MM, -MD, -MMD", "<file>">;
defm dependency_target_name : Value<"MT", "dependency-target-name",
  "The target of the dependency file's rule", "<target>">;
defm generate_dependency_targets : Flag2<"MP", "generate-dependency-targets",
  "Add a phony target for each dependency">;
defm ptx : Flag2<"ptx", "ptx",
  "Compile each source's device half to PTX (NVPTX assembly)">;
defm cubin : Flag2<"cubin", "cubin",
  "Compile device code to a cubin: refused, mm has no NVIDIA GPU assembler">;
defm fatbin : Flag2<"fatbin", "fatbin",
  "Compile device code to a fatbinary: refused, mm has no NVIDIA GPU "
  "assembler">;
defm cuda : Flag2<"cuda", "cuda",
  "Compile each .cu source to the C++ source of its host half (.cu.cpp.ii), "
  "preprocessed">;
defm run : Flag2<"run", "run", "Run the program once it is built">;

//===----------------------------------------------------------------------===//
// How to compile
//===----------------------------------------------------------------------===//

defm x : Value<"x", "x", "The language of every source: cu, c++ or c",
               "<language>">;
defm std : Value<"std", "std", "The language standard (c++17, ...)",
                 "<standard>">;
defm include_path : Letter<"I", "include-path",
  "Add directories to the include path (comma-separated)", "<dir>">;
defm system_include : Value<"isystem", "system-include",
  "Add directories to the system include path", "<dir>">;
defm pre_include : Value<"include", "pre-include",
  "Include a file before each source", "<file>">;
defm define_macro : Letter<"D", "define-macro",
  "Define macros: NAME or NAME=VALUE (comma-separated)", "<macro>">;
defm undefine_macro : Letter<"U", "undefine-macro", "Undefine a macro",
  "<macro>">;
defm library : Letter<"l", "library", "Link a library", "<library>">;
defm library_path : Letter<"L", "library-path",
  "Search a directory for -l", "<dir>">;
def optimize : Joined<["-"], "O">, HelpText<
  "Optimization level of host code: 0, 1, 2 or 3 (nvcc: default 0, device "
  "code at 3; mm-nvcc: host and device code, default 3)">,
  MetaVarName<"<level>">;
def optimize_long : Separate<["--"], "optimize">, Alias<optimize>,
  Flags<[HelpHidden]>;
def optimize_long_eq : Joined<["--"], "optimize=">, Alias<optimize>,
  Flags<[HelpHidden]>;
defm dopt : Value<"dopt", "dopt",
  "Device code optimization: on (default) or off (as -G)", "<kind>">;
defm device_debug : Flag2<"G", "device-debug",
  "Debug information for device code, which is then not optimized">;
defm debug : Flag2<"g", "debug", "Debug information for host code">;
defm generate_line_info : Flag2<"lineinfo", "generate-line-info",
  "Line tables for device code">;
defm use_fast_math : Flag2<"use_fast_math", "use_fast_math",
  "Device code uses CUDA's approximate transcendental intrinsics and "
  "flushes denormals (-ftz=true -prec-div=false -prec-sqrt=false "
  "-fmad=true)">;
defm ftz : Value1<"ftz", "Flush single-precision denormals to zero in "
  "device code: true or false", "<bool>">;
defm prec_div : Value1<"prec-div",
  "IEEE-rounded single-precision division in device code: true or false",
  "<bool>">;
defm prec_sqrt : Value1<"prec-sqrt",
  "IEEE-rounded single-precision square roots in device code: true or "
  "false", "<bool>">;
defm fmad : Value1<"fmad", "Contract multiplies and adds into fused "
  "multiply-adds in device code: true (default) or false", "<bool>">;
defm gpu_architecture : Value<"arch", "gpu-architecture",
  "The GPU architecture of the device code: sm_XX, compute_XX, native, all "
  "or all-major (__CUDA_ARCH__; see docs/tools/nvcc.md)", "<arch>">;
defm gpu_code : Value<"code", "gpu-code",
  "The GPU codes to generate: mm compiles the device code once", "<code>">;
defm generate_code : Value<"gencode", "generate-code",
  "arch=compute_XX,code=sm_XX: without -arch, the device code's "
  "architecture is the highest named", "<spec>">;
defm relocatable_device_code : Value<"rdc", "relocatable-device-code",
  "Relocatable device code: true or false", "<bool>">;
defm default_stream : Value<"default-stream", "default-stream",
  "legacy, null or per-thread: both behave alike on mm, which runs work "
  "on a stream when it is issued", "<kind>">;
defm compiler_options : Value<"Xcompiler", "compiler-options",
  "Options for the host compiler (clang), comma-separated", "<options>">;
defm linker_options : Value<"Xlinker", "linker-options",
  "Options for the host linker, comma-separated", "<options>">;
def forward_unknown_to_host_compiler : Flag<["-", "--"],
  "forward-unknown-to-host-compiler">,
  HelpText<"Give options nvcc does not know to the host compiler">;
def forward_unknown_to_host_linker : Flag<["-", "--"],
  "forward-unknown-to-host-linker">,
  HelpText<"Give options nvcc does not know to the host linker">;
def forward_unknown_opts : Flag<["-", "--"], "forward-unknown-opts">,
  HelpText<"Give options nvcc does not know to the host compiler and "
           "linker">;
defm cudart : Value<"cudart", "cudart",
  "The CUDA runtime to link: static (default), shared or none", "<kind>">;
defm cudadevrt : Value<"cudadevrt", "cudadevrt",
  "The device runtime to link: static (default) or none", "<kind>">;
def warning : Joined<["-", "--"], "W">, HelpText<
  "A warning option of the host and device compiles (clang's), or one of "
  "nvcc's own">, MetaVarName<"<warning>">;
defm Werror : Value1<"Werror", "Make warnings errors: all-warnings, one of "
  "nvcc's kinds, or a clang warning", "<kind>">;
defm disable_warnings : Flag2<"w", "disable-warnings", "Suppress warnings">;
defm verbose : Flag2<"v", "verbose", "Print each command before it runs">;
defm dryrun : Flag2<"dryrun", "dryrun",
  "Print the commands that would run, and run none of them">;
defm version : Flag2<"V", "version", "Print the version">;
defm help : Flag2<"h", "help", "Print this help">;
defm options_file : Value<"optf", "options-file",
  "Read more options from a file", "<file>">;
defm run_args : Value<"run-args", "run-args",
  "The program's arguments, with -run (comma-separated)", "<args>">;
defm no_exceptions : Flag2<"noeh", "no-exceptions",
  "No C++ exceptions in host code">;
defm template_backtrace_limit : Value1<"ftemplate-backtrace-limit",
  "The template instantiations a diagnostic shows", "<n>">;
defm template_depth : Value1<"ftemplate-depth",
  "The deepest template instantiation", "<n>">;
defm no_device_link : Flag2<"nodlink", "no-device-link",
  "Link without the device link of relocatable device code">;
defm list_gpu_arch : Flag2<"arch-ls", "list-gpu-arch",
  "List the virtual architectures -arch takes">;
defm list_gpu_code : Flag2<"code-ls", "list-gpu-code",
  "List the real architectures -code takes">;

//===----------------------------------------------------------------------===//
// mm's own
//===----------------------------------------------------------------------===//

def executable : Flag<["-", "--"], "executable">, Group<grp_mm>, HelpText<
  "mm-nvcc: build a native executable, as nvcc does, instead of a bundle">;
def bundle : Flag<["-", "--"], "bundle">, Group<grp_mm>, HelpText<
  "nvcc: build a bundle (.mml, for mm-lli) instead of an executable, as "
  "mm-nvcc does">;
defm Xlli : Value1<"Xlli", "An option for mm-lli, with -run (mm-nvcc)",
                   "<option>">, Group<grp_mm>;
defm check : Value1<"check", "Have the device code checked as CUDA's "
  "compute-sanitizer tool checks it, when the program runs: memcheck or "
  "racecheck (mm-lli --check; in objects and executables too)", "<tool>">,
  Group<grp_mm>;
defm cuda_path : Value1<"cuda-path", "mm's CUDA root (default: the one "
  "installed with the driver)", "<dir>">, Group<grp_mm>;
defm clang : Value1<"clang", "The clang that compiles (default: LLVM's)",
                    "<path>">, Group<grp_mm>;

//===----------------------------------------------------------------------===//
// Accepted, changing nothing on a CPU
//===----------------------------------------------------------------------===//

multiclass IgnoredValue<string name, string long, string help> {
  defm NAME : Value<name, long, help>, Group<grp_ignored>;
}
multiclass IgnoredFlag<string name, string long, string help> {
  defm NAME : Flag2<name, long, help>, Group<grp_ignored>;
}
defm ptxas_options : IgnoredValue<"Xptxas", "ptxas-options",
  "Options of ptxas, NVIDIA's GPU assembler">;
defm nvlink_options : IgnoredValue<"Xnvlink", "nvlink-options",
  "Options of nvlink, NVIDIA's device linker">;
defm cudafe_options : IgnoredValue<"Xcudafe", "cudafe-options",
  "Options of cudafe++, NVIDIA's CUDA front end">;
defm fatbinary_options : IgnoredValue<"Xfatbin", "fatbin-options",
  "Options of fatbinary">;
defm archive_options : IgnoredValue<"Xarchive", "archive-options",
  "Options of the archiver of -lib">;
defm maxrregcount : IgnoredValue<"maxrregcount", "maxrregcount",
  "Registers per thread">;
defm threads : IgnoredValue<"t", "threads",
  "Threads nvcc compiles GPU architectures with (mm compiles once)">;
defm split_compile : IgnoredValue<"split-compile", "split-compile",
  "Threads of the device compile's optimizer">;
defm keep_dir : IgnoredValue<"keep-dir", "keep-dir",
  "The directory of -keep's files">;
defm machine : IgnoredValue<"m", "machine", "64: host code is 64-bit">;
defm entries : IgnoredValue<"e", "entries", "The kernels PTX is made for">;
defm diag_suppress : IgnoredValue<"diag-suppress", "diag-suppress",
  "Suppress NVIDIA front-end diagnostics by number">;
defm diag_error : IgnoredValue<"diag-error", "diag-error",
  "Make NVIDIA front-end diagnostics errors by number">;
defm diag_warn : IgnoredValue<"diag-warn", "diag-warn",
  "Make NVIDIA front-end diagnostics warnings by number">;
defm compress_mode : IgnoredValue<"compress-mode", "compress-mode",
  "How fatbinaries are compressed">;
defm compiler_bindir : IgnoredValue<"ccbin", "compiler-bindir",
  "The host compiler: mm compiles host code with clang">;
defm resource_usage : IgnoredFlag<"res-usage", "resource-usage",
  "Report kernels' GPU registers and memory">;
defm keep : IgnoredFlag<"keep", "keep", "Keep intermediate files">;
defm save_temps : IgnoredFlag<"save-temps", "save-temps",
  "Keep intermediate files">;
defm m64 : IgnoredFlag<"m64", "m64", "64-bit host code, as mm's always is">;
defm extended_lambda : IgnoredFlag<"extended-lambda", "expt-extended-lambda",
  "__device__ lambdas, which clang always allows">;
defm relaxed_constexpr : IgnoredFlag<"expt-relaxed-constexpr",
  "expt-relaxed-constexpr",
  "constexpr host functions in device code, which clang always allows">;
defm allow_unsupported_compiler : IgnoredFlag<"allow-unsupported-compiler",
  "allow-unsupported-compiler", "Any host compiler version">;
defm no_compress : IgnoredFlag<"no-compress", "no-compress",
  "Uncompressed fatbinaries">;
defm extra_device_vectorization : IgnoredFlag<"extra-device-vectorization",
  "extra-device-vectorization", "More vectorization in NVIDIA's optimizer">;
defm restrict : IgnoredFlag<"restrict", "restrict",
  "Kernel pointer parameters are restrict">;
defm lto : IgnoredFlag<"dlto", "dlto", "Device link-time optimization">;
defm display_error_number : IgnoredFlag<"display-error-number",
  "display-error-number", "NVIDIA front-end diagnostic numbers">;
defm no_display_error_number : IgnoredFlag<"no-display-error-number",
  "no-display-error-number", "No NVIDIA front-end diagnostic numbers">;
defm source_in_ptx : IgnoredFlag<"src-in-ptx", "source-in-ptx",
  "Source lines in PTX">;
defm noprof : IgnoredFlag<"noprof", "dont-use-profile",
  "No nvcc.profile">;
defm static_global_template_stub : IgnoredValue<"static-global-template-stub",
  "static-global-template-stub", "Internal linkage of template kernel stubs">;
defm device_entity_has_hidden_visibility : IgnoredValue<
  "device-entity-has-hidden-visibility",
  "device-entity-has-hidden-visibility", "Visibility of device entities">;
defm time : IgnoredValue<"time", "time", "A file of each phase's time">;
defm extensible_whole_program : IgnoredFlag<"ewp",
  "extensible-whole-program", "Whole-program device code that calls "
  "libraries' device functions">;
defm keep_device_functions : IgnoredFlag<"keep-device-functions",
  "keep-device-functions", "Keep unused device functions in the GPU code">;
defm device_syntax_only : IgnoredFlag<"fdevice-syntax-only",
  "fdevice-syntax-only", "Stop after the device code's front end">;
defm device_time_trace : IgnoredValue<"fdevice-time-trace",
  "fdevice-time-trace", "A trace of the device compile's time">;
defm random_seed : IgnoredValue<"frandom-seed", "frandom-seed",
  "The seed of names that NVIDIA's compiler makes up">;
defm jump_table_density : IgnoredValue<"jtd", "jump-table-density",
  "When NVIDIA's compiler makes switch statements jump tables">;
defm use_local_env : IgnoredFlag<"use-local-env", "use-local-env",
  "Windows: the host compiler's environment">;
defm drive_prefix : IgnoredValue<"dp", "drive-prefix",
  "Windows: the prefix of absolute paths">;
defm dependency_drive_prefix : IgnoredValue<"ddp", "dependency-drive-prefix",
  "Windows: the prefix of paths in dependency files">;
defm input_drive_prefix : IgnoredValue<"idp", "input-drive-prefix",
  "Windows: the prefix of input paths">;
defm no_align_double : IgnoredFlag<"no-align-double", "no-align-double",
  "Windows: 32-bit double alignment">;
defm device_stack_protector : IgnoredValue<"device-stack-protector",
  "device-stack-protector", "Stack protection in device code">;
defm qpp_config : IgnoredValue<"qpp-config", "qpp-config",
  "QNX: the host compiler's configuration">;
defm target_directory : IgnoredValue<"target-dir", "target-directory",
  "The toolkit's target directory (x86_64-linux)">;
