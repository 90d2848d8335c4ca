//===- BlockABI.h - The block ABI as LLVM IR --------------------*- C++ -*-===//
//
// The layouts of mm-runtime/mm_block_abi.h as the lowered code uses them:
// the block context's fields by offset, and the kernel descriptor as an IR
// struct type built from one table of its fields, each checked against the C
// struct (BlockABI.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_BLOCKABI_H
#define MM_LIB_DEVICE_BLOCKABI_H

#include "mm-runtime/mm_block_abi.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstddef>

namespace llvm {
class Constant;
class LLVMContext;
class StructType;
} // namespace llvm

namespace mm::device {

// Offsets of mm_block_context's fields.
inline constexpr unsigned GridDimOffset = offsetof(mm_block_context, grid_dim);
inline constexpr unsigned BlockDimOffset =
    offsetof(mm_block_context, block_dim);
inline constexpr unsigned BlockIdxOffset =
    offsetof(mm_block_context, block_idx);
inline constexpr unsigned BlockCountXOffset =
    offsetof(mm_block_context, block_count_x);
inline constexpr unsigned StaticSharedOffset =
    offsetof(mm_block_context, static_shared);
inline constexpr unsigned DynamicSharedOffset =
    offsetof(mm_block_context, dynamic_shared);
inline constexpr unsigned ThreadScratchOffset =
    offsetof(mm_block_context, thread_scratch);

/// The largest block the lowering allows (mm_kernel_descriptor's
/// max_threads_per_block): linear thread indices and counts fit in 32 bits.
inline constexpr uint32_t MaxThreadsPerBlock = 1024;

/// mm_kernel_descriptor as an IR struct type.
llvm::StructType *getKernelDescriptorType(llvm::LLVMContext &C);

/// The byte offsets of the fields of mm_kernel_descriptor, in order, as the
/// C struct lays them out (for tests of getKernelDescriptorType).
llvm::ArrayRef<size_t> getKernelDescriptorFieldOffsets();

/// The values of a descriptor's fields, in the order of the type.
struct KernelDescriptorFields {
  uint32_t Flags;
  uint64_t StaticSharedSize;
  uint64_t ThreadScratchSize;
  uint32_t NumParams;
  uint32_t WarpSize;
  uint32_t ComputeCapability;
  llvm::Constant *BlockFunction;
  llvm::Constant *Name;
  /// An array of NumParams i64 sizes (with MM_KERNEL_PARAM_SIZES in Flags).
  llvm::Constant *ParamSizes;
};

/// The initializer of a descriptor.
llvm::Constant *getKernelDescriptor(llvm::LLVMContext &C,
                                    const KernelDescriptorFields &Fields);

} // namespace mm::device

#endif // MM_LIB_DEVICE_BLOCKABI_H
