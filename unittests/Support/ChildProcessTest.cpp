//===- ChildProcessTest.cpp - Work that may crash, isolated ---------------===//

#include "mm/Support/ChildProcess.h"

#include "llvm/Support/Compiler.h"
#include "gtest/gtest.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>

using namespace llvm;
using namespace mm;

namespace {

std::string errorOf(Expected<std::string> Result) {
  if (Result)
    return "(no error): " + *Result;
  return toString(Result.takeError());
}

TEST(ChildProcessTest, ReturnsWhatTheChildReturned) {
  // Larger than a pipe's buffer, so that the parent must read while the
  // child writes.
  std::string Big(1 << 20, 'x');
  Expected<std::string> Result = runInChildProcess([&] {
    fprintf(stderr, "chatter that is not shown\n");
    return Expected<std::string>(Big);
  });
  ASSERT_TRUE(bool(Result)) << toString(Result.takeError());
  EXPECT_EQ(*Result, Big);
  // An empty answer is an answer.
  Result = runInChildProcess([] { return Expected<std::string>(""); });
  ASSERT_TRUE(bool(Result));
  EXPECT_EQ(*Result, "");
}

TEST(ChildProcessTest, TheChildsErrorComesBack) {
  EXPECT_EQ(errorOf(runInChildProcess([]() -> Expected<std::string> {
              return createStringError("module 3: no header");
            })),
            "module 3: no header");
}

TEST(ChildProcessTest, ACrashIsAnError) {
  std::string Message = errorOf(runInChildProcess([]() -> Expected<std::string> {
    fprintf(stderr, "LLVM ERROR: Invalid record\nmore\n");
    raise(SIGSEGV);
    return "unreachable";
  }));
  EXPECT_EQ(Message, "crashed (signal 11, Segmentation fault): LLVM ERROR: "
                     "Invalid record");
  Message = errorOf(runInChildProcess([]() -> Expected<std::string> {
    abort();
  }));
  EXPECT_EQ(Message, "crashed (signal 6, Aborted)");
}

TEST(ChildProcessTest, AnExitWithoutAnAnswerIsAnError) {
  EXPECT_EQ(errorOf(runInChildProcess([]() -> Expected<std::string> {
              fprintf(stderr, "giving up\n");
              fflush(stderr);
              _Exit(3);
            })),
            "stopped without an answer (exit code 3): giving up");
}

#if !LLVM_ADDRESS_SANITIZER_BUILD
// AddressSanitizer reserves more address space than any limit allows, so the
// limit applies to uninstrumented builds only.
TEST(ChildProcessTest, MemoryIsBounded) {
  std::string Message =
      errorOf(runInChildProcess([]() -> Expected<std::string> {
        // Kept where the compiler cannot see that it is unused.
        static void *volatile Huge;
        Huge = malloc(size_t(1) << 32);
        if (!Huge)
          return createStringError("out of memory");
        free(Huge);
        return "allocated";
      }, /*MemoryLimit=*/size_t(1) << 31));
  EXPECT_EQ(Message, "out of memory");
}
#endif

} // namespace
