//===- Worker.cpp - mm-opt's worker processes -----------------------------===//

#include "mm/Opt/Worker.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace llvm;
using namespace mm;

//===----------------------------------------------------------------------===//
// Encoding
//===----------------------------------------------------------------------===//

namespace {
/// Appends little-endian integers and length-prefixed strings.
class Encoder {
public:
  void u8(uint8_t V) { Data.push_back(char(V)); }
  void u32(uint32_t V) {
    char Bytes[4];
    support::endian::write32le(Bytes, V);
    Data.append(Bytes, 4);
  }
  void u64(uint64_t V) {
    char Bytes[8];
    support::endian::write64le(Bytes, V);
    Data.append(Bytes, 8);
  }
  void str(StringRef S) {
    u64(S.size());
    Data.append(S.data(), S.size());
  }
  std::string Data;
};

/// Reads what Encoder wrote; every read fails past the end.
class Decoder {
public:
  explicit Decoder(StringRef Data) : Rest(Data) {}
  bool u8(uint8_t &V) {
    if (Rest.empty())
      return false;
    V = uint8_t(Rest.front());
    Rest = Rest.drop_front();
    return true;
  }
  bool u32(uint32_t &V) {
    if (Rest.size() < 4)
      return false;
    V = support::endian::read32le(Rest.data());
    Rest = Rest.drop_front(4);
    return true;
  }
  bool u64(uint64_t &V) {
    if (Rest.size() < 8)
      return false;
    V = support::endian::read64le(Rest.data());
    Rest = Rest.drop_front(8);
    return true;
  }
  bool str(StringRef &S) {
    uint64_t Size;
    if (!u64(Size) || Size > Rest.size())
      return false;
    S = Rest.take_front(Size);
    Rest = Rest.drop_front(Size);
    return true;
  }
  bool atEnd() const { return Rest.empty(); }

private:
  StringRef Rest;
};

enum class ResultKind : uint8_t { Verified, Optimized, Failed };
enum class ErrorKind : uint8_t { Located, Message };
} // namespace

static Error malformed(const Twine &What) {
  return createStringError("malformed " + What);
}

std::string mm::encodeJobResult(JobResult Result) {
  Encoder E;
  if (!Result) {
    E.u8(uint8_t(ResultKind::Verified));
    return E.Data;
  }
  if (*Result) {
    E.u8(uint8_t(ResultKind::Optimized));
    E.str(**Result);
    return E.Data;
  }
  Encoder Errors;
  uint32_t Count = 0;
  handleAllErrors(
      Result->takeError(),
      [&](const DiagnosticError &D) {
        const SMDiagnostic &Diag = D.getDiagnostic();
        Errors.u8(uint8_t(ErrorKind::Located));
        Errors.str(Diag.getFilename());
        Errors.u32(uint32_t(Diag.getLineNo()));
        Errors.u32(uint32_t(Diag.getColumnNo()));
        Errors.u8(uint8_t(Diag.getKind()));
        Errors.str(Diag.getMessage());
        Errors.str(Diag.getLineContents());
        Errors.u32(Diag.getRanges().size());
        for (auto [Begin, End] : Diag.getRanges()) {
          Errors.u32(Begin);
          Errors.u32(End);
        }
        ++Count;
      },
      [&](const ErrorInfoBase &Other) {
        Errors.u8(uint8_t(ErrorKind::Message));
        Errors.str(Other.message());
        ++Count;
      });
  E.u8(uint8_t(ResultKind::Failed));
  E.u32(Count);
  E.Data += Errors.Data;
  return E.Data;
}

/// The SourceMgr of decoded diagnostics: they carry their source line and
/// need none to print.
static const SourceMgr &getDecodedSourceMgr() {
  static const SourceMgr Empty;
  return Empty;
}

/// Decodes one error of a failed result; none if it is malformed.
static std::optional<Error> decodeError(Decoder &D) {
  uint8_t Kind;
  if (!D.u8(Kind))
    return std::nullopt;
  if (Kind == uint8_t(ErrorKind::Message)) {
    StringRef Message;
    if (!D.str(Message))
      return std::nullopt;
    return createStringError(Message);
  }
  if (Kind != uint8_t(ErrorKind::Located))
    return std::nullopt;
  StringRef File, Message, Line;
  uint32_t LineNo, Column, NumRanges;
  uint8_t DiagKind;
  if (!D.str(File) || !D.u32(LineNo) || !D.u32(Column) || !D.u8(DiagKind) ||
      DiagKind > uint8_t(SourceMgr::DK_Note) || !D.str(Message) ||
      !D.str(Line) || !D.u32(NumRanges))
    return std::nullopt;
  SmallVector<std::pair<unsigned, unsigned>, 4> Ranges;
  for (uint32_t I = 0; I < NumRanges; ++I) {
    uint32_t Begin, End;
    if (!D.u32(Begin) || !D.u32(End))
      return std::nullopt;
    Ranges.push_back({Begin, End});
  }
  return makeDiagnosticError(SMDiagnostic(
      getDecodedSourceMgr(), SMLoc(), File, int(LineNo), int(Column),
      SourceMgr::DiagKind(DiagKind), Message, Line, Ranges));
}

Expected<JobResult> mm::decodeJobResult(StringRef Data) {
  Decoder D(Data);
  uint8_t Kind;
  if (!D.u8(Kind))
    return malformed("result");
  if (Kind == uint8_t(ResultKind::Verified)) {
    if (!D.atEnd())
      return malformed("result");
    return JobResult();
  }
  if (Kind == uint8_t(ResultKind::Optimized)) {
    StringRef Body;
    if (!D.str(Body) || !D.atEnd())
      return malformed("result");
    return JobResult(Body.str());
  }
  uint32_t Count;
  if (Kind != uint8_t(ResultKind::Failed) || !D.u32(Count) || Count == 0)
    return malformed("result");
  Error Errors = Error::success();
  for (uint32_t I = 0; I < Count; ++I) {
    std::optional<Error> Next = decodeError(D);
    if (!Next) {
      consumeError(std::move(Errors));
      return malformed("error");
    }
    Errors = joinErrors(std::move(Errors), std::move(*Next));
  }
  if (!D.atEnd()) {
    consumeError(std::move(Errors));
    return malformed("result");
  }
  return JobResult(std::move(Errors));
}

std::string mm::encodeWorkerInput(StringRef Name, InputForm Form,
                                  StringRef Bytes) {
  Encoder E;
  E.u8(uint8_t(Form));
  E.str(Name);
  E.str(Bytes);
  return E.Data;
}

Expected<WorkerInput> mm::decodeWorkerInput(StringRef Data) {
  Decoder D(Data);
  uint8_t Form;
  StringRef Name, Bytes;
  if (!D.u8(Form) || Form > uint8_t(InputForm::PlainModule) || !D.str(Name) ||
      !D.str(Bytes) || !D.atEnd())
    return malformed("input");
  return WorkerInput{Name.str(), InputForm(Form), Bytes.str()};
}

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

/// Writes all of \p Data to \p FD, a socket: a peer that has gone is an
/// error, not a SIGPIPE.
static Error sendAll(int FD, StringRef Data) {
  while (!Data.empty()) {
    ssize_t Sent = ::send(FD, Data.data(), Data.size(), MSG_NOSIGNAL);
    if (Sent < 0) {
      if (errno == EINTR)
        continue;
      return createStringError(std::error_code(errno, std::generic_category()),
                               "cannot write to the channel: %s",
                               std::strerror(errno));
    }
    Data = Data.drop_front(Sent);
  }
  return Error::success();
}

/// Reads exactly \p Size bytes; returns how many it got before the end.
static Expected<size_t> receiveAll(int FD, char *Data, size_t Size) {
  size_t Got = 0;
  while (Got < Size) {
    ssize_t Read = ::read(FD, Data + Got, Size - Got);
    if (Read < 0) {
      if (errno == EINTR)
        continue;
      return createStringError(std::error_code(errno, std::generic_category()),
                               "cannot read from the channel: %s",
                               std::strerror(errno));
    }
    if (Read == 0)
      break;
    Got += Read;
  }
  return Got;
}

Error mm::writeMessage(int FD, StringRef Payload) {
  char Length[8];
  support::endian::write64le(Length, Payload.size());
  if (Error E = sendAll(FD, StringRef(Length, 8)))
    return E;
  return sendAll(FD, Payload);
}

Expected<std::optional<std::string>> mm::readMessage(int FD) {
  char Length[8];
  Expected<size_t> Got = receiveAll(FD, Length, 8);
  if (!Got)
    return Got.takeError();
  if (*Got == 0)
    return std::nullopt;
  if (*Got < 8)
    return createStringError("the channel ended inside a message");
  uint64_t Size = support::endian::read64le(Length);
  std::string Payload(Size, '\0');
  Got = receiveAll(FD, Payload.data(), Size);
  if (!Got)
    return Got.takeError();
  if (*Got < Size)
    return createStringError("the channel ended inside a message");
  return std::optional<std::string>(std::move(Payload));
}

//===----------------------------------------------------------------------===//
// The worker's side
//===----------------------------------------------------------------------===//

/// The next message, which must be there.
static Expected<std::string> readExpectedMessage(int FD, StringRef What) {
  Expected<std::optional<std::string>> Message = readMessage(FD);
  if (!Message)
    return Message.takeError();
  if (!*Message)
    return createStringError("the channel ended before the " + What);
  return std::move(**Message);
}

Expected<WorkerInput> WorkerChannel::receiveInput() {
  Expected<std::string> Message = readExpectedMessage(FD, "input");
  if (!Message)
    return Message.takeError();
  return decodeWorkerInput(*Message);
}

Error WorkerChannel::sendJobCount(size_t Count) {
  Encoder E;
  E.u32(uint32_t(Count));
  return writeMessage(FD, E.Data);
}

Expected<std::optional<unsigned>> WorkerChannel::receiveJob() {
  Expected<std::optional<std::string>> Message = readMessage(FD);
  if (!Message)
    return Message.takeError();
  if (!*Message)
    return std::nullopt;
  Decoder D(**Message);
  uint32_t Index;
  if (!D.u32(Index) || !D.atEnd())
    return malformed("job request");
  return std::optional<unsigned>(Index);
}

Error WorkerChannel::sendResult(JobResult Result) {
  return writeMessage(FD, encodeJobResult(std::move(Result)));
}

//===----------------------------------------------------------------------===//
// The worker process
//===----------------------------------------------------------------------===//

/// An error about starting a worker, from errno.
static Error startError(const Twine &What, int Errno) {
  return createStringError(std::error_code(Errno, std::generic_category()),
                           "cannot start a worker process: " + What + ": " +
                               std::strerror(Errno));
}

Expected<std::unique_ptr<WorkerProcess>>
WorkerProcess::start(StringRef Program, ArrayRef<std::string> Arguments,
                     StringRef InputMessage, size_t JobCount) {
  int Sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Sockets) != 0)
    return startError("socketpair", errno);
  // Its standard error: a file of the parent's, already unlinked.
  SmallString<128> ErrorPath;
  int ErrorFile;
  if (std::error_code EC = sys::fs::createTemporaryFile(
          "mm-opt-worker", "err", ErrorFile, ErrorPath)) {
    ::close(Sockets[0]);
    ::close(Sockets[1]);
    return startError("temporary file", EC.value());
  }
  sys::fs::remove(ErrorPath);

  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, STDIN_FILENO, "/dev/null",
                                   O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&Actions, ErrorFile, STDERR_FILENO);
  posix_spawn_file_actions_adddup2(&Actions, Sockets[1], WorkerChannelFD);
  std::string ProgramPath = Program.str();
  std::vector<char *> Argv{ProgramPath.data()};
  std::vector<std::string> Words(Arguments.begin(), Arguments.end());
  for (std::string &Word : Words)
    Argv.push_back(Word.data());
  Argv.push_back(nullptr);
  pid_t PID;
  int Spawned = ::posix_spawn(&PID, ProgramPath.c_str(), &Actions, nullptr,
                              Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  ::close(Sockets[1]);
  if (Spawned != 0) {
    ::close(Sockets[0]);
    ::close(ErrorFile);
    return startError("'" + Program + "'", Spawned);
  }
  std::unique_ptr<WorkerProcess> Worker(
      new WorkerProcess(PID, Sockets[0], ErrorFile));

  // It answers the input with the number of jobs it planned.
  auto Failed = [&](const Twine &Why) -> Error {
    std::string Ended = Worker->finish();
    std::string Printed = Worker->takePrinted();
    return createStringError("the worker process " + Ended + " " + Why +
                             (Printed.empty() ? "" : ":\n" + Printed));
  };
  if (Error E = writeMessage(Worker->Channel, InputMessage)) {
    consumeError(std::move(E));
    return Failed("before it took its input");
  }
  Expected<std::optional<std::string>> Ready = readMessage(Worker->Channel);
  if (!Ready || !*Ready) {
    if (!Ready)
      consumeError(Ready.takeError());
    return Failed("before it had planned its jobs");
  }
  Decoder D(**Ready);
  uint32_t Count;
  if (!D.u32(Count) || !D.atEnd() || Count != JobCount)
    return Failed("after planning other jobs than mm-opt's");
  return std::move(Worker);
}

std::string WorkerProcess::takePrinted() {
  std::string Printed;
  struct stat Status;
  if (::fstat(ErrorFile, &Status) == 0 && Status.st_size > 0) {
    Printed.resize(Status.st_size);
    ssize_t Read = ::pread(ErrorFile, Printed.data(), Printed.size(), 0);
    Printed.resize(Read < 0 ? 0 : Read);
  }
  // The worker writes at the shared offset, which goes back to the start.
  if (::ftruncate(ErrorFile, 0) == 0)
    ::lseek(ErrorFile, 0, SEEK_SET);
  return Printed;
}

std::string WorkerProcess::finish() {
  if (Finished)
    return "had ended";
  Finished = true;
  ::close(Channel);
  int Status = 0;
  while (::waitpid(PID, &Status, 0) < 0 && errno == EINTR)
    ;
  if (WIFSIGNALED(Status))
    return ("was killed by signal " + Twine(WTERMSIG(Status)) + " (" +
            ::strsignal(WTERMSIG(Status)) + ")")
        .str();
  return ("exited with status " + Twine(WEXITSTATUS(Status))).str();
}

WorkerProcess::~WorkerProcess() {
  finish();
  ::close(ErrorFile);
}

Expected<JobResult> WorkerProcess::run(unsigned Index, std::string &Printed) {
  ++Runs;
  Encoder Request;
  Request.u32(Index);
  Error Sent = writeMessage(Channel, Request.Data);
  Expected<std::optional<std::string>> Answer =
      Sent ? Expected<std::optional<std::string>>(std::move(Sent))
           : readMessage(Channel);
  std::string Malformed;
  if (Answer && *Answer) {
    Expected<JobResult> Result = decodeJobResult(**Answer);
    if (Result) {
      Printed = takePrinted();
      return Result;
    }
    Malformed = "answered with a " + toString(Result.takeError()) + " and ";
  } else if (!Answer) {
    consumeError(Answer.takeError());
  }
  std::string Ended = finish();
  Printed = takePrinted();
  return createStringError(Malformed + Ended);
}
