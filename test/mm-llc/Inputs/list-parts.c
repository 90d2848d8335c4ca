// Lists the device parts that mm-llc --embed put into this program's host
// object: walks the program's own offloading section, which the linker
// delimits with __start_/__stop_ symbols, and decodes each
// llvm::object::OffloadBinary in it (format version 1). Also calls the host
// code, to show that the host object links and runs.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern const char __start_mm_offloading[];
extern const char __stop_mm_offloading[];

void saxpy(float a, const float *x, float *y, int n);

struct Header {
  uint8_t Magic[4];
  uint32_t Version;
  uint64_t Size;
  uint64_t EntryOffset;
  uint64_t EntrySize;
};

struct Entry {
  uint16_t ImageKind;
  uint16_t OffloadKind;
  uint32_t Flags;
  uint64_t StringOffset;
  uint64_t NumStrings;
  uint64_t ImageOffset;
  uint64_t ImageSize;
};

struct StringEntry {
  uint64_t KeyOffset;
  uint64_t ValueOffset;
};

static const char *lookup(const char *Binary, const struct Entry *E,
                          const char *Key) {
  const struct StringEntry *Strings =
      (const struct StringEntry *)(Binary + E->StringOffset);
  for (uint64_t I = 0; I < E->NumStrings; ++I)
    if (strcmp(Binary + Strings[I].KeyOffset, Key) == 0)
      return Binary + Strings[I].ValueOffset;
  return "";
}

int main(void) {
  static const uint8_t Magic[4] = {0x10, 0xFF, 0x10, 0xAD};
  const char *At = __start_mm_offloading;
  int Parts = 0;
  while (At < __stop_mm_offloading) {
    // The linker pads between the parts to their 8-byte alignment.
    if (memcmp(At, Magic, 4) != 0) {
      At += 8 - ((uintptr_t)At & 7);
      continue;
    }
    const struct Header *H = (const struct Header *)At;
    const struct Entry *E = (const struct Entry *)(At + H->EntryOffset);
    const char *Image = At + E->ImageOffset;
    printf("part %d: name=%s triple=%s kind=%s image-kind=%u starts=%02x%02x%02x%02x\n",
           Parts++, lookup(At, E, "name"), lookup(At, E, "triple"),
           lookup(At, E, "kind"), E->ImageKind, (uint8_t)Image[0],
           (uint8_t)Image[1], (uint8_t)Image[2], (uint8_t)Image[3]);
    At += H->Size;
  }
  float X[4] = {1, 2, 3, 4}, Y[4] = {1, 1, 1, 1};
  saxpy(2, X, Y, 4);
  printf("%d parts; host saxpy: %g %g %g %g\n", Parts, Y[0], Y[1], Y[2], Y[3]);
  return 0;
}
