//===- DevicePrintf.cpp - Device-side printf ------------------------------===//

#include "mm/Runtime/DevicePrintf.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

using namespace mm::runtime;

namespace {
/// Reads the packed arguments in order, each aligned to its own size.
class PackedArgs {
public:
  explicit PackedArgs(const char *Base) : Base(Base) {}

  template <typename T> T next() {
    Offset = (Offset + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    T Value;
    std::memcpy(&Value, Base + Offset, sizeof(T));
    Offset += sizeof(T);
    return Value;
  }

private:
  const char *Base;
  size_t Offset = 0;
};
} // namespace

/// Appends snprintf(Spec, Value) to \p Out.
template <typename T>
static void appendFormatted(std::string &Out, const std::string &Spec,
                            T Value) {
  char Small[128];
  int Length = std::snprintf(Small, sizeof(Small), Spec.c_str(), Value);
  if (Length < 0)
    return;
  if (static_cast<size_t>(Length) < sizeof(Small)) {
    Out.append(Small, Length);
    return;
  }
  size_t Start = Out.size();
  Out.resize(Start + Length + 1);
  std::snprintf(&Out[Start], Length + 1, Spec.c_str(), Value);
  Out.resize(Start + Length);
}

std::string mm::runtime::formatDevicePrintf(const char *Format,
                                            const char *Args) {
  std::string Out;
  PackedArgs Packed(Args);
  const char *P = Format;
  while (*P) {
    if (*P != '%') {
      Out.push_back(*P++);
      continue;
    }
    const char *SpecStart = P++;
    if (*P == '%') {
      Out.push_back('%');
      ++P;
      continue;
    }
    // Flags, width and precision; a `*` takes an int argument.
    std::string Spec = "%";
    while (*P && std::strchr("-+ #0", *P))
      Spec.push_back(*P++);
    auto takeNumber = [&] {
      if (*P == '*') {
        Spec += std::to_string(Packed.next<int32_t>());
        ++P;
        return;
      }
      while (*P >= '0' && *P <= '9')
        Spec.push_back(*P++);
    };
    takeNumber();
    if (*P == '.') {
      Spec.push_back(*P++);
      takeNumber();
    }
    // Length modifiers: only whether the integer is 8 bytes matters.
    bool Wide = false;
    while (*P && std::strchr("hlLjzt", *P)) {
      if (std::strchr("lLjzt", *P))
        Wide = true;
      ++P;
    }
    char Conversion = *P;
    if (!Conversion) {
      Out.append(SpecStart);
      break;
    }
    ++P;
    switch (Conversion) {
    case 'd':
    case 'i':
      if (Wide)
        appendFormatted(Out, Spec + "lld", Packed.next<long long>());
      else
        appendFormatted(Out, Spec + "d", Packed.next<int32_t>());
      break;
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      if (Wide)
        appendFormatted(Out, Spec + "ll" + Conversion,
                        Packed.next<unsigned long long>());
      else
        appendFormatted(Out, Spec + Conversion, Packed.next<uint32_t>());
      break;
    case 'c':
      appendFormatted(Out, Spec + "c", Packed.next<int32_t>());
      break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      appendFormatted(Out, Spec + Conversion, Packed.next<double>());
      break;
    case 's': {
      const char *S = Packed.next<const char *>();
      appendFormatted(Out, Spec + "s", S ? S : "(null)");
      break;
    }
    case 'p':
      appendFormatted(Out, Spec + "p", Packed.next<void *>());
      break;
    case 'n':
      Packed.next<void *>();
      break;
    default:
      // Not a conversion: print it as written, as CUDA does.
      Out.append(SpecStart, P - SpecStart);
      break;
    }
  }
  return Out;
}
