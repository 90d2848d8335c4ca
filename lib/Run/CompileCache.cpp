//===- CompileCache.cpp - Compiled submodules on disk ---------------------===//
//
// An entry is the file `mm-<key>.o` in the cache directory:
//
//   "MMCACHE2"                       magic and format version
//   u64 key size, u64 object size, u64 facts size    little-endian
//   u64 checksum                     xxh3 of the key, the object and the facts
//   key bytes, object bytes, facts bytes
//
// The entry holds the key it was stored under, and a lookup compares it:
// an entry copied onto another key's name is not that key's.
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

static constexpr StringLiteral Magic = "MMCACHE2";
static constexpr size_t HeaderSize = 8 + 4 * 8;
static constexpr StringLiteral EntrySuffix = ".o";

Expected<std::unique_ptr<CompileCache>>
CompileCache::open(StringRef Directory, uint64_t MaxSize) {
  launch::CacheSettings Settings;
  Settings.Directory = Directory.str();
  Settings.MaxSize = MaxSize;
  if (std::optional<std::string> Problem =
          launch::openCacheDirectory(Settings))
    return createStringError(inconvertibleErrorCode(), *Problem);
  return std::unique_ptr<CompileCache>(new CompileCache(std::move(Settings)));
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

/// The file of \p Key's entry in \p Directory.
static std::string getEntryPathIn(StringRef Directory, StringRef Key) {
  SmallString<256> Path(Directory);
  sys::path::append(Path, StringRef(launch::EntryPrefix) + Key + EntrySuffix);
  return std::string(Path);
}

std::string CompileCache::getEntryPath(StringRef Key) const {
  return getEntryPathIn(Settings.Directory, Key);
}

static uint64_t checksum(StringRef Key, StringRef Object, StringRef Facts) {
  // The parts' hashes, combined as xxh3 would a pair, twice.
  return (xxh3_64bits(Key) * 0x9E3779B97F4A7C15ull ^ xxh3_64bits(Object)) *
             0x9E3779B97F4A7C15ull ^
         xxh3_64bits(Facts);
}

Expected<std::optional<CompileCache::Entry>>
CompileCache::lookup(StringRef Key) {
  std::string Path = getEntryPath(Key);
  std::string Problem;
  int FD = launch::openCacheEntry(
      Path, getEntryPathIn(Settings.DisplayName, Key), Problem);
  if (!Problem.empty())
    return createStringError(inconvertibleErrorCode(), Problem);
  if (FD < 0)
    return std::nullopt;
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getOpenFile(
      sys::fs::convertFDToNativeFile(FD), Path, /*FileSize=*/-1,
      /*RequiresNullTerminator=*/false);
  if (!File) {
    sys::Process::SafelyCloseFileDescriptor(FD);
    return std::nullopt;
  }
  StringRef Data = (*File)->getBuffer();
  auto Whole = [&]() -> std::optional<Entry> {
    if (Data.size() < HeaderSize || !Data.starts_with(Magic))
      return std::nullopt;
    const char *Header = Data.data() + Magic.size();
    uint64_t KeySize = support::endian::read64le(Header);
    uint64_t ObjectSize = support::endian::read64le(Header + 8);
    uint64_t FactsSize = support::endian::read64le(Header + 16);
    uint64_t Sum = support::endian::read64le(Header + 24);
    uint64_t Body = Data.size() - HeaderSize;
    if (KeySize > Body || ObjectSize > Body - KeySize ||
        FactsSize != Body - KeySize - ObjectSize)
      return std::nullopt;
    StringRef StoredKey = Data.substr(HeaderSize, KeySize);
    StringRef Object = Data.substr(HeaderSize + KeySize, ObjectSize);
    StringRef Facts = Data.substr(HeaderSize + KeySize + ObjectSize);
    if (StoredKey != Key || checksum(StoredKey, Object, Facts) != Sum)
      return std::nullopt;
    // A copy: JITLink wants an object buffer it owns, suitably aligned.
    return Entry{MemoryBuffer::getMemBufferCopy(Object, Path), Facts.str()};
  };
  std::optional<Entry> Result = Whole();
  if (Result) {
    // Used now: the last to be evicted.
    sys::fs::setLastAccessAndModificationTime(
        FD, sys::TimePoint<>(std::chrono::system_clock::now()));
  }
  sys::Process::SafelyCloseFileDescriptor(FD);
  if (!Result)
    sys::fs::remove(Path);
  return Result;
}

/// Writes \p Key's entry to a file of its own in \p Directory, then renames
/// it to \p EntryPath, so that a process that looks the key up sees no
/// entry or a whole one.
static std::error_code writeEntry(StringRef Directory, StringRef EntryPath,
                                  StringRef Key, StringRef Object,
                                  StringRef Facts) {
  SmallString<256> TempPath;
  int FD;
  SmallString<256> Model(Directory);
  sys::path::append(Model,
                    launch::getTemporaryPrefix("object") + "%%%%%%%%%%%%");
  if (std::error_code EC = sys::fs::createUniqueFile(
          Model, FD, TempPath, sys::fs::OF_None,
          sys::fs::owner_read | sys::fs::owner_write))
    return EC;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    char Header[HeaderSize];
    std::memcpy(Header, Magic.data(), Magic.size());
    support::endian::write64le(Header + 8, Key.size());
    support::endian::write64le(Header + 16, Object.size());
    support::endian::write64le(Header + 24, Facts.size());
    support::endian::write64le(Header + 32, checksum(Key, Object, Facts));
    OS.write(Header, HeaderSize);
    OS << Key << Object << Facts;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(TempPath);
      return EC;
    }
  }
  if (std::error_code EC = sys::fs::rename(TempPath, EntryPath)) {
    sys::fs::remove(TempPath);
    return EC;
  }
  return std::error_code();
}

Error CompileCache::store(StringRef Key, StringRef Object, StringRef Facts) {
  std::string EntryPath = getEntryPath(Key);
  std::error_code EC =
      writeEntry(Settings.Directory, EntryPath, Key, Object, Facts);
  // On a full disk: room made by evicting, and one more try.
  if (EC && EC.category() == std::generic_category() &&
      launch::makeRoomAfterFailedWrite(Settings.Directory, EC.value()))
    EC = writeEntry(Settings.Directory, EntryPath, Key, Object, Facts);
  if (EC)
    return createStringError(EC, "cannot write to the compile cache '" +
                                     Settings.DisplayName +
                                     "': " + EC.message());
  launch::evictLeastRecentlyUsed(Settings.Directory, Settings.MaxSize);
  return Error::success();
}
