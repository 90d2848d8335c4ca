//===- WorkerTest.cpp - What mm-opt and its workers tell each other -------===//

#include "mm/Opt/Worker.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace mm;

namespace {

/// A located diagnostic as a reader would make it.
Error makeLocated(SourceMgr &SM, StringRef Text, size_t Offset,
                  const Twine &Message) {
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(Text, "b.mml"), SMLoc());
  SMLoc Loc = SMLoc::getFromPointer(
      SM.getMemoryBuffer(SM.getMainFileID())->getBufferStart() + Offset);
  return makeDiagnosticError(SM.GetMessage(Loc, SourceMgr::DK_Error, Message,
                                           SMRange(Loc, Loc.getFromPointer(
                                                            Loc.getPointer() +
                                                            3))));
}

/// How reportError prints \p E.
std::string printed(Error E) {
  std::string Text;
  raw_string_ostream OS(Text);
  reportError(std::move(E), "mm-opt", OS);
  return Text;
}

TEST(WorkerTest, ResultsRoundTrip) {
  Expected<JobResult> Verified = decodeJobResult(encodeJobResult(JobResult()));
  ASSERT_TRUE(bool(Verified));
  EXPECT_FALSE(Verified->has_value());

  Expected<JobResult> Optimized =
      decodeJobResult(encodeJobResult(JobResult(std::string("body\n\0x", 7))));
  ASSERT_TRUE(bool(Optimized));
  ASSERT_TRUE(Optimized->has_value());
  ASSERT_TRUE(bool(**Optimized));
  EXPECT_EQ(***Optimized, std::string("body\n\0x", 7));
}

TEST(WorkerTest, ErrorsPrintAsTheWorkerWouldHavePrintedThem) {
  StringRef Text = "#mm module m kind=llvm\n  ret i32 %nope\n";
  SourceMgr SM;
  auto MakeErrors = [&] {
    return joinErrors(makeLocated(SM, Text, 33, "use of undefined value"),
                      createStringError("submodule 'm': plain message"));
  };
  std::string Expected = printed(MakeErrors());
  llvm::Expected<JobResult> Decoded =
      decodeJobResult(encodeJobResult(JobResult(MakeErrors())));
  ASSERT_TRUE(bool(Decoded)) << toString(Decoded.takeError());
  ASSERT_TRUE(Decoded->has_value());
  ASSERT_FALSE(bool(**Decoded));
  EXPECT_EQ(printed((*Decoded)->takeError()), Expected);
  EXPECT_NE(Expected.find("b.mml:2:11: error: use of undefined value"),
            std::string::npos)
      << Expected;
  EXPECT_NE(Expected.find("mm-opt: error: submodule 'm': plain message"),
            std::string::npos)
      << Expected;
}

TEST(WorkerTest, MalformedResultsAreRejected) {
  std::string Good = encodeJobResult(JobResult(std::string("body")));
  for (size_t Size = 0; Size < Good.size(); ++Size) {
    Expected<JobResult> Cut = decodeJobResult(StringRef(Good).take_front(Size));
    EXPECT_FALSE(bool(Cut)) << Size;
    consumeError(Cut.takeError());
  }
  Expected<JobResult> Longer = decodeJobResult(Good + "x");
  EXPECT_FALSE(bool(Longer));
  consumeError(Longer.takeError());
  Expected<JobResult> UnknownKind = decodeJobResult("\x07");
  EXPECT_FALSE(bool(UnknownKind));
  consumeError(UnknownKind.takeError());
  // A failed result without errors.
  Expected<JobResult> NoErrors =
      decodeJobResult(StringRef("\x02\0\0\0\0", 5));
  EXPECT_FALSE(bool(NoErrors));
  consumeError(NoErrors.takeError());
}

TEST(WorkerTest, InputRoundTrips) {
  std::string Bytes("BC\xc0\xde\0rest", 9);
  Expected<WorkerInput> Input = decodeWorkerInput(
      encodeWorkerInput("<stdin>", InputForm::PlainModule, Bytes));
  ASSERT_TRUE(bool(Input));
  EXPECT_EQ(Input->Name, "<stdin>");
  EXPECT_EQ(Input->Form, InputForm::PlainModule);
  EXPECT_EQ(Input->Bytes, Bytes);
  Expected<WorkerInput> BadForm =
      decodeWorkerInput(encodeWorkerInput("a", InputForm::Detect, "").replace(0, 1, "\x09"));
  EXPECT_FALSE(bool(BadForm));
  consumeError(BadForm.takeError());
}

TEST(WorkerTest, MessagesCrossASocketAndTheEndIsSeen) {
  int Sockets[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, Sockets), 0);
  std::string Large(1 << 20, 'x');
  // Written from another thread: a message larger than the socket's buffer.
  std::thread Writer([&] {
    EXPECT_FALSE(errorToBool(writeMessage(Sockets[0], "")));
    EXPECT_FALSE(errorToBool(writeMessage(Sockets[0], Large)));
    ::close(Sockets[0]);
  });
  Expected<std::optional<std::string>> Empty = readMessage(Sockets[1]);
  ASSERT_TRUE(bool(Empty));
  ASSERT_TRUE(Empty->has_value());
  EXPECT_EQ(**Empty, "");
  Expected<std::optional<std::string>> Read = readMessage(Sockets[1]);
  ASSERT_TRUE(bool(Read));
  ASSERT_TRUE(Read->has_value());
  EXPECT_EQ(**Read, Large);
  Expected<std::optional<std::string>> End = readMessage(Sockets[1]);
  ASSERT_TRUE(bool(End));
  EXPECT_FALSE(End->has_value());
  Writer.join();
  ::close(Sockets[1]);
}

TEST(WorkerTest, WritingToAPeerThatHasGoneIsAnError) {
  int Sockets[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, Sockets), 0);
  ::close(Sockets[1]);
  // No SIGPIPE: the test would end here.
  Error E = writeMessage(Sockets[0], "lost");
  EXPECT_TRUE(bool(E));
  consumeError(std::move(E));
  ::close(Sockets[0]);
}

TEST(WorkerTest, AMessageCutShortIsAnError) {
  int Sockets[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, Sockets), 0);
  // A length of 100, then 3 bytes.
  ASSERT_EQ(::write(Sockets[0], "\x64\0\0\0\0\0\0\0abc", 11), 11);
  ::close(Sockets[0]);
  Expected<std::optional<std::string>> Read = readMessage(Sockets[1]);
  EXPECT_FALSE(bool(Read));
  consumeError(Read.takeError());
  ::close(Sockets[1]);
}

} // namespace
