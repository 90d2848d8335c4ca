//===- mm/Runtime/DevicePrintf.h - Device-side printf ----------*- C++ -*-===//

#ifndef MM_RUNTIME_DEVICEPRINTF_H
#define MM_RUNTIME_DEVICEPRINTF_H

#include <cstdint>
#include <string>
#include <vector>

namespace mm {
namespace runtime {

/// Formats \p Format with the arguments in \p Args, packed as CUDA's vprintf
/// packs them: each argument at the next multiple of its own size, floats
/// promoted to double, integers of `int` size or less as 4 bytes, `l`/`ll`/
/// `z`/`j`/`t` integers, pointers and strings as 8 bytes. `%n` prints
/// nothing and consumes a pointer.
std::string formatDevicePrintf(const char *Format, const char *Args);

/// One printf call of amdgcn device code, which clang lowers to hostcalls:
/// __ockl_printf_begin, then the format string and each argument appended
/// in order, a string (`%s`) by __ockl_printf_append_string_n, any other as
/// a 64-bit value by __ockl_printf_append_args (doubles as their bits).
class HostcallPrintf {
public:
  struct Item {
    bool IsString = false;
    std::string Text;  ///< a string argument; "(null)" for a null pointer
    uint64_t Bits = 0; ///< any other argument
  };

  /// Appends the string at \p Text of at most \p Length bytes (clang counts
  /// the terminating null).
  void appendString(const char *Text, uint64_t Length);
  void appendArgs(const std::vector<uint64_t> &Args);
  /// The formatted text; conversions without an argument print 0 or null.
  std::string format() const;

private:
  std::vector<Item> Items;
};

} // namespace runtime
} // namespace mm

#endif // MM_RUNTIME_DEVICEPRINTF_H
