//===- BlockABI.cpp - The block ABI as LLVM IR ----------------------------===//

#include "BlockABI.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"

#include <type_traits>
#include <vector>

using namespace llvm;
using namespace mm::device;

namespace {
/// The IR type of a field: its C type decides it.
enum class FieldType { U32, U64, Ptr };

template <typename T> constexpr FieldType fieldTypeOf() {
  if constexpr (std::is_pointer_v<T>)
    return FieldType::Ptr;
  else if constexpr (sizeof(T) == 8)
    return FieldType::U64;
  else
    return FieldType::U32;
}

struct Field {
  FieldType Type;
  size_t Offset;
};

/// mm_kernel_descriptor's fields in order, from the C struct itself.
#define MM_DESCRIPTOR_FIELD(Name)                                              \
  Field{fieldTypeOf<decltype(mm_kernel_descriptor::Name)>(),                   \
        offsetof(mm_kernel_descriptor, Name)}
constexpr Field DescriptorFields[] = {
    MM_DESCRIPTOR_FIELD(abi_version),
    MM_DESCRIPTOR_FIELD(flags),
    MM_DESCRIPTOR_FIELD(static_shared_size),
    MM_DESCRIPTOR_FIELD(thread_scratch_size),
    MM_DESCRIPTOR_FIELD(num_params),
    MM_DESCRIPTOR_FIELD(warp_size),
    MM_DESCRIPTOR_FIELD(max_threads_per_block),
    MM_DESCRIPTOR_FIELD(compute_capability),
    MM_DESCRIPTOR_FIELD(block_fn),
    MM_DESCRIPTOR_FIELD(name),
    MM_DESCRIPTOR_FIELD(param_sizes),
};
#undef MM_DESCRIPTOR_FIELD

/// The table lists every field, in order, with no gap the IR type would not
/// have: each field starts where the previous one ends.
constexpr size_t fieldSize(FieldType T) {
  return T == FieldType::U32 ? 4 : 8;
}
constexpr bool fieldsAreContiguous() {
  size_t End = 0;
  for (const Field &F : DescriptorFields) {
    if (F.Offset != End)
      return false;
    End = F.Offset + fieldSize(F.Type);
  }
  return End == sizeof(mm_kernel_descriptor);
}
static_assert(fieldsAreContiguous(),
              "DescriptorFields must list mm_kernel_descriptor's fields in "
              "order, without padding");

} // namespace

static Type *getIRType(LLVMContext &C, FieldType T) {
  switch (T) {
  case FieldType::U32:
    return Type::getInt32Ty(C);
  case FieldType::U64:
    return Type::getInt64Ty(C);
  case FieldType::Ptr:
    return PointerType::get(C, 0);
  }
  llvm_unreachable("unknown field type");
}

StructType *mm::device::getKernelDescriptorType(LLVMContext &C) {
  SmallVector<Type *, 10> Types;
  for (const Field &F : DescriptorFields)
    Types.push_back(getIRType(C, F.Type));
  return StructType::get(C, Types);
}

ArrayRef<size_t> mm::device::getKernelDescriptorFieldOffsets() {
  static const std::vector<size_t> Offsets = [] {
    std::vector<size_t> Result;
    for (const Field &F : DescriptorFields)
      Result.push_back(F.Offset);
    return Result;
  }();
  return Offsets;
}

Constant *mm::device::getKernelDescriptor(LLVMContext &C,
                                          const KernelDescriptorFields &F) {
  StructType *Ty = getKernelDescriptorType(C);
  auto U32 = [&](uint64_t V) { return ConstantInt::get(Type::getInt32Ty(C), V); };
  auto U64 = [&](uint64_t V) { return ConstantInt::get(Type::getInt64Ty(C), V); };
  return ConstantStruct::get(
      Ty, {U32(MM_BLOCK_ABI_VERSION), U32(F.Flags), U64(F.StaticSharedSize),
           U64(F.ThreadScratchSize), U32(F.NumParams), U32(F.WarpSize),
           U32(MaxThreadsPerBlock), U32(F.ComputeCapability), F.BlockFunction,
           F.Name,
           F.ParamSizes});
}
