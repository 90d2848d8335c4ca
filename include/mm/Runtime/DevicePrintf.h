//===- mm/Runtime/DevicePrintf.h - Device-side printf ----------*- C++ -*-===//

#ifndef MM_RUNTIME_DEVICEPRINTF_H
#define MM_RUNTIME_DEVICEPRINTF_H

#include <string>

namespace mm {
namespace runtime {

/// Formats \p Format with the arguments in \p Args, packed as CUDA's vprintf
/// packs them: each argument at the next multiple of its own size, floats
/// promoted to double, integers of `int` size or less as 4 bytes, `l`/`ll`/
/// `z`/`j`/`t` integers, pointers and strings as 8 bytes. `%n` prints
/// nothing and consumes a pointer.
std::string formatDevicePrintf(const char *Format, const char *Args);

} // namespace runtime
} // namespace mm

#endif // MM_RUNTIME_DEVICEPRINTF_H
