//===- DevicePrintf.cpp - Device-side printf ------------------------------===//

#include "mm/Runtime/DevicePrintf.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

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

/// Reads a hostcall printf's arguments in order: a string argument is a
/// string item, any other the low bytes of a 64-bit item (doubles as their
/// bits), as clang's amdgcn printf lowering passes them.
class HostcallArgs {
public:
  explicit HostcallArgs(const std::vector<HostcallPrintf::Item> &Items)
      : Items(Items) {}

  template <typename T> T next() {
    T Value{};
    if (Next >= Items.size())
      return Value;
    const HostcallPrintf::Item &Arg = Items[Next++];
    if constexpr (std::is_same_v<T, const char *>)
      return Arg.IsString ? Arg.Text.c_str() : nullptr;
    std::memcpy(&Value, &Arg.Bits, sizeof(T));
    return Value;
  }

private:
  const std::vector<HostcallPrintf::Item> &Items;
  size_t Next = 1; // after the format
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

/// Formats \p Format with the arguments that \p Args reads in order.
template <typename ArgReader>
static std::string format(const char *Format, ArgReader &Args) {
  std::string Out;
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
        Spec += std::to_string(Args.template next<int32_t>());
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
        appendFormatted(Out, Spec + "lld", Args.template next<long long>());
      else
        appendFormatted(Out, Spec + "d", Args.template next<int32_t>());
      break;
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      if (Wide)
        appendFormatted(Out, Spec + "ll" + Conversion,
                        Args.template next<unsigned long long>());
      else
        appendFormatted(Out, Spec + Conversion, Args.template next<uint32_t>());
      break;
    case 'c':
      appendFormatted(Out, Spec + "c", Args.template next<int32_t>());
      break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      appendFormatted(Out, Spec + Conversion, Args.template next<double>());
      break;
    case 's': {
      const char *S = Args.template next<const char *>();
      appendFormatted(Out, Spec + "s", S ? S : "(null)");
      break;
    }
    case 'p':
      appendFormatted(Out, Spec + "p", Args.template next<void *>());
      break;
    case 'n':
      Args.template next<void *>();
      break;
    default:
      // Not a conversion: print it as written, as CUDA does.
      Out.append(SpecStart, P - SpecStart);
      break;
    }
  }
  return Out;
}

std::string mm::runtime::formatDevicePrintf(const char *Format,
                                            const char *Args) {
  PackedArgs Packed(Args);
  return format(Format, Packed);
}

void HostcallPrintf::appendString(const char *Text, uint64_t Length) {
  Item String;
  String.IsString = true;
  if (Text)
    String.Text.assign(Text, strnlen(Text, Length));
  else if (Items.size() > 0)
    String.Text = "(null)";
  Items.push_back(std::move(String));
}

void HostcallPrintf::appendArgs(const std::vector<uint64_t> &Args) {
  for (uint64_t Bits : Args) {
    Item Arg;
    Arg.Bits = Bits;
    Items.push_back(std::move(Arg));
  }
}

std::string HostcallPrintf::format() const {
  if (Items.empty() || !Items.front().IsString)
    return "";
  HostcallArgs Args(Items);
  return ::format(Items.front().Text.c_str(), Args);
}
