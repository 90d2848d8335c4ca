//===- CompileCache.cpp - Compiled submodules on disk ---------------------===//
//
// An entry is the file `mm-<key>.o` in the cache directory:
//
//   "MMCACHE1"                       magic and format version
//   u64 object size, u64 facts size  little-endian
//   u64 checksum                     xxh3 of the object and the facts
//   object bytes, facts bytes
//
//===----------------------------------------------------------------------===//

#include "mm/Run/CompileCache.h"
#include "mm/Launch/ProgramCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cstring>

using namespace llvm;
using namespace mm;

static constexpr StringLiteral Magic = "MMCACHE1";
static constexpr size_t HeaderSize = 8 + 3 * 8;
static constexpr StringLiteral EntrySuffix = ".o";

Expected<std::unique_ptr<CompileCache>>
CompileCache::open(StringRef Directory, uint64_t MaxSize) {
  if (std::error_code EC = sys::fs::create_directories(Directory))
    return createStringError(EC, "cannot create the compile cache '" +
                                     Directory + "': " + EC.message());
  return std::unique_ptr<CompileCache>(
      new CompileCache(Directory.str(), MaxSize));
}

std::string CompileCache::makeKey(ArrayRef<StringRef> Parts) {
  SHA256 Hash;
  for (StringRef Part : Parts) {
    uint8_t Length[8];
    support::endian::write64le(Length, Part.size());
    Hash.update(Length);
    Hash.update(Part);
  }
  return toHex(Hash.final(), /*LowerCase=*/true);
}

std::string CompileCache::getEntryPath(StringRef Key) const {
  SmallString<256> Path(Directory);
  sys::path::append(Path, StringRef(launch::EntryPrefix) + Key + EntrySuffix);
  return std::string(Path);
}

static uint64_t checksum(StringRef Object, StringRef Facts) {
  // The object's and the facts' hashes, combined as xxh3 would a pair.
  return xxh3_64bits(Object) * 0x9E3779B97F4A7C15ull ^ xxh3_64bits(Facts);
}

std::optional<CompileCache::Entry> CompileCache::lookup(StringRef Key) {
  std::string Path = getEntryPath(Key);
  ErrorOr<std::unique_ptr<MemoryBuffer>> File =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!File)
    return std::nullopt;
  StringRef Data = (*File)->getBuffer();
  auto Whole = [&]() -> std::optional<Entry> {
    if (Data.size() < HeaderSize || !Data.starts_with(Magic))
      return std::nullopt;
    const char *Header = Data.data() + Magic.size();
    uint64_t ObjectSize = support::endian::read64le(Header);
    uint64_t FactsSize = support::endian::read64le(Header + 8);
    uint64_t Sum = support::endian::read64le(Header + 16);
    if (ObjectSize > Data.size() - HeaderSize ||
        FactsSize != Data.size() - HeaderSize - ObjectSize)
      return std::nullopt;
    StringRef Object = Data.substr(HeaderSize, ObjectSize);
    StringRef Facts = Data.substr(HeaderSize + ObjectSize);
    if (checksum(Object, Facts) != Sum)
      return std::nullopt;
    // A copy: JITLink wants an object buffer it owns, suitably aligned.
    return Entry{MemoryBuffer::getMemBufferCopy(Object, Path), Facts.str()};
  };
  std::optional<Entry> Result = Whole();
  if (!Result) {
    sys::fs::remove(Path);
    return std::nullopt;
  }
  // Used now: the last to be evicted.
  int FD;
  if (!sys::fs::openFileForRead(Path, FD)) {
    sys::fs::setLastAccessAndModificationTime(
        FD, sys::TimePoint<>(std::chrono::system_clock::now()));
    sys::Process::SafelyCloseFileDescriptor(FD);
  }
  return Result;
}

Error CompileCache::store(StringRef Key, StringRef Object, StringRef Facts) {
  // Written whole to a file of its own, then renamed into place: a process
  // that looks the key up sees no entry or a whole one.
  SmallString<256> TempPath;
  int FD;
  SmallString<256> Model(Directory);
  sys::path::append(Model, "tmp-%%%%%%%%%%%%");
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, TempPath))
    return createStringError(EC, "cannot write to the compile cache '" +
                                     Directory + "': " + EC.message());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    char Header[HeaderSize];
    std::memcpy(Header, Magic.data(), Magic.size());
    support::endian::write64le(Header + 8, Object.size());
    support::endian::write64le(Header + 16, Facts.size());
    support::endian::write64le(Header + 24, checksum(Object, Facts));
    OS.write(Header, HeaderSize);
    OS << Object << Facts;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(TempPath);
      return createStringError(EC, "cannot write to the compile cache '" +
                                       Directory + "': " + EC.message());
    }
  }
  if (std::error_code EC = sys::fs::rename(TempPath, getEntryPath(Key))) {
    sys::fs::remove(TempPath);
    return createStringError(EC, "cannot write to the compile cache '" +
                                     Directory + "': " + EC.message());
  }
  launch::evictLeastRecentlyUsed(Directory, MaxSize);
  return Error::success();
}
