//===- ChildProcess.cpp - Work that may crash, isolated -------------------===//

#include "mm/Support/ChildProcess.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MM_ADDRESS_SANITIZER 1
#endif
#endif

char mm::ChildProcessError::ID = 0;

void mm::ChildProcessError::log(raw_ostream &OS) const { OS << Message; }

/// What the child writes first on its result pipe.
static constexpr char ResultSucceeded = 'S';
static constexpr char ResultFailed = 'F';

/// Writes all of \p Data to \p FD; gives up on an error (the parent then
/// sees a short answer).
static void writeAll(int FD, StringRef Data) {
  while (!Data.empty()) {
    ssize_t Written = ::write(FD, Data.data(), Data.size());
    if (Written < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    Data = Data.drop_front(Written);
  }
}

[[noreturn]] static void runChild(function_ref<Expected<std::string>()> Work,
                                  uint64_t MemoryLimit, int ResultFD,
                                  int ErrorFD) {
  // A crash must end the child quietly: no LLVM stack dump, no core file.
  for (int Signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
                     SIGSYS, SIGXCPU, SIGXFSZ})
    ::signal(Signal, SIG_DFL);
  struct rlimit NoCore = {0, 0};
  ::setrlimit(RLIMIT_CORE, &NoCore);
#ifndef MM_ADDRESS_SANITIZER
  // AddressSanitizer reserves terabytes of address space for its shadow.
  if (MemoryLimit) {
    struct rlimit Memory = {MemoryLimit, MemoryLimit};
    ::setrlimit(RLIMIT_AS, &Memory);
  }
#else
  (void)MemoryLimit;
#endif
  ::dup2(ErrorFD, STDERR_FILENO);
  Expected<std::string> Result = Work();
  if (Result) {
    writeAll(ResultFD, StringRef(&ResultSucceeded, 1));
    writeAll(ResultFD, *Result);
  } else {
    writeAll(ResultFD, StringRef(&ResultFailed, 1));
    writeAll(ResultFD, toString(Result.takeError()));
  }
  // No destructors, no atexit handlers: they belong to the parent.
  ::_exit(0);
}

/// Reads both pipes to their ends, whichever the child writes first, so that
/// neither fills up while the other is read.
static void drainPipes(int ResultFD, std::string &Result, int ErrorFD,
                       std::string &Errors) {
  struct pollfd FDs[2] = {{ResultFD, POLLIN, 0}, {ErrorFD, POLLIN, 0}};
  std::string *Into[2] = {&Result, &Errors};
  unsigned Open = 2;
  char Chunk[65536];
  while (Open) {
    if (::poll(FDs, 2, -1) < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    for (unsigned I = 0; I != 2; ++I) {
      if (FDs[I].fd < 0 || !(FDs[I].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t Read = ::read(FDs[I].fd, Chunk, sizeof(Chunk));
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read <= 0) {
        FDs[I].fd = -1;
        --Open;
        continue;
      }
      Into[I]->append(Chunk, Read);
    }
  }
}

/// The first line of what the child printed, for an error message.
static std::string firstLine(StringRef Printed) {
  StringRef Line = Printed.ltrim().split('\n').first.rtrim();
  if (Line.empty())
    return "";
  return (": " + Line).str();
}

Expected<std::string>
mm::runInChildProcess(function_ref<Expected<std::string>()> Work,
                      uint64_t MemoryLimit) {
  int ResultPipe[2], ErrorPipe[2];
  if (::pipe2(ResultPipe, O_CLOEXEC))
    return createStringError(std::error_code(errno, std::generic_category()),
                             "cannot create a pipe");
  if (::pipe2(ErrorPipe, O_CLOEXEC)) {
    std::error_code EC(errno, std::generic_category());
    ::close(ResultPipe[0]);
    ::close(ResultPipe[1]);
    return createStringError(EC, "cannot create a pipe");
  }
  // What is buffered would be written twice.
  outs().flush();
  errs().flush();
  pid_t Child = ::fork();
  if (Child == 0) {
    ::close(ResultPipe[0]);
    ::close(ErrorPipe[0]);
    runChild(Work, MemoryLimit, ResultPipe[1], ErrorPipe[1]);
  }
  std::error_code ForkError(errno, std::generic_category());
  ::close(ResultPipe[1]);
  ::close(ErrorPipe[1]);
  if (Child < 0) {
    ::close(ResultPipe[0]);
    ::close(ErrorPipe[0]);
    return createStringError(ForkError, "cannot start a child process: %s",
                             ForkError.message().c_str());
  }

  std::string Answer, Printed;
  drainPipes(ResultPipe[0], Answer, ErrorPipe[0], Printed);
  ::close(ResultPipe[0]);
  ::close(ErrorPipe[0]);
  int Status = 0;
  while (::waitpid(Child, &Status, 0) < 0 && errno == EINTR)
    ;

  if (WIFSIGNALED(Status)) {
    int Signal = WTERMSIG(Status);
    return make_error<ChildProcessError>(
        ("crashed (signal " + Twine(Signal) + ", " + ::strsignal(Signal) +
         ")" + firstLine(Printed))
            .str());
  }
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0 || Answer.empty())
    return make_error<ChildProcessError>(
        ("stopped without an answer (exit code " +
         Twine(WIFEXITED(Status) ? WEXITSTATUS(Status) : -1) + ")" +
         firstLine(Printed))
            .str());
  if (Answer.front() == ResultFailed)
    return createStringError(StringRef(Answer).drop_front());
  return Answer.substr(1);
}
