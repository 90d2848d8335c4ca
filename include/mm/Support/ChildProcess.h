//===- mm/Support/ChildProcess.h - Work that may crash, isolated -*- C++ -*-===//
//
// Some of LLVM's and MLIR's readers are not hardened against crafted input
// (bitcode, MLIR bytecode): they may crash, abort, exhaust memory or recurse
// without end. runInChildProcess runs such work in a forked child, so that
// whatever happens there becomes an Error in the caller.
//
//===----------------------------------------------------------------------===//

#ifndef MM_SUPPORT_CHILDPROCESS_H
#define MM_SUPPORT_CHILDPROCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace mm {

/// A child process that ended without answering: how it ended ("crashed
/// (signal 11, Segmentation fault)", "stopped without an answer (exit code
/// 1)"), and the first line it printed on standard error, if any.
class ChildProcessError : public llvm::ErrorInfo<ChildProcessError> {
public:
  static char ID;

  explicit ChildProcessError(std::string Message)
      : Message(std::move(Message)) {}

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string Message;
};

/// Runs \p Work in a child process created with fork() and returns the
/// string it returned, or its error (as a plain message). If the child dies
/// (a signal, such as a crash or an abort) or exits without answering, the
/// result is a ChildProcessError. \p MemoryLimit bounds the child's address
/// space (0: no limit; ignored under AddressSanitizer), so that a runaway
/// allocation ends the child, not the machine. The child's standard
/// error is captured, never shown, and LLVM's crash handlers are off in it.
///
/// fork() copies only the calling thread: call this when no other thread
/// may hold a lock that \p Work needs (the tools read their inputs before
/// they start threads).
llvm::Expected<std::string>
runInChildProcess(llvm::function_ref<llvm::Expected<std::string>()> Work,
                  uint64_t MemoryLimit = 0);

} // namespace mm

#endif // MM_SUPPORT_CHILDPROCESS_H
