//===- mm/Runtime/Error.h - The offload runtime's errors -------*- C++ -*-===//
//
// libmm_runtime is linked into every program that mm compiles ahead of time,
// so it depends on the C++ library alone: loading libLLVM would cost each
// such program about 23 ms before main. Its errors are therefore its own, an
// mm_offload.h status and a message, used as LLVM's Error and Expected are
// (a falsy Error is success; an Expected holds a value or an Error). mm-lli
// converts them to and from llvm::Error where it meets the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef MM_RUNTIME_ERROR_H
#define MM_RUNTIME_ERROR_H

#include "mm-runtime/mm_offload.h"

#include <cassert>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace mm {
namespace runtime {

/// A failed operation: its status (never MM_SUCCESS) and message; or
/// success.
class [[nodiscard]] Error {
public:
  static Error success() { return Error(); }
  Error(mm_status Status, std::string Message)
      : Status(Status), Message(std::move(Message)) {
    assert(Status != MM_SUCCESS && "an error needs a failing status");
  }
  /// An error whose message is a compiler's complete diagnostic (located,
  /// with its severity, perhaps several lines), to be printed as it is.
  static Error diagnostic(mm_status Status, std::string Text) {
    Error E(Status, std::move(Text));
    E.IsDiagnostic = true;
    return E;
  }

  /// True if this is a failure.
  explicit operator bool() const { return Status != MM_SUCCESS; }
  mm_status getStatus() const { return Status; }
  const std::string &getMessage() const { return Message; }
  bool isDiagnostic() const { return IsDiagnostic; }

private:
  Error() = default;

  mm_status Status = MM_SUCCESS;
  std::string Message;
  bool IsDiagnostic = false;
};

/// A value of type \p T, or the Error that prevented it.
template <typename T> class [[nodiscard]] Expected {
public:
  Expected(Error E) : Storage(std::in_place_index<1>, std::move(E)) {
    assert(std::get<1>(Storage) && "an Expected made from success");
  }
  template <typename U, typename = std::enable_if_t<
                            std::is_convertible_v<U &&, T> &&
                            !std::is_same_v<std::decay_t<U>, Error>>>
  Expected(U &&Value)
      : Storage(std::in_place_index<0>, std::forward<U>(Value)) {}

  /// True if this holds a value.
  explicit operator bool() const { return Storage.index() == 0; }
  T &operator*() { return std::get<0>(Storage); }
  const T &operator*() const { return std::get<0>(Storage); }
  T *operator->() { return &std::get<0>(Storage); }
  const T *operator->() const { return &std::get<0>(Storage); }
  /// The error, or success if this holds a value.
  Error takeError() {
    if (Storage.index() == 0)
      return Error::success();
    return std::move(std::get<1>(Storage));
  }

private:
  std::variant<T, Error> Storage;
};

} // namespace runtime
} // namespace mm

#endif // MM_RUNTIME_ERROR_H
