/*===- mm-runtime/mm_block_abi.h - Device code on the CPU: the block ABI -*- C -*-===*
 *
 * The contract between the device lowering (lib/Device, which turns a kernel
 * of an nvptx64/amdgcn submodule into host code) and the CPU backend of the
 * offload runtime (lib/Runtime, which launches it). It is the runtime's: plain
 * C, depending on nothing of the compiler, so that the runtime, JIT-compiled
 * device code and programs built ahead of time can all use it. The lowering
 * builds the same layouts as LLVM IR types and checks them against the C
 * structs (lib/Device/BlockABI.cpp), and takes every name from here.
 *
 * For each kernel K of a device submodule, the lowered module defines
 *
 *   - a block function that runs every thread of one block of K, as loops over
 *     the block's threads split at barriers (work-item loops);
 *   - a constant descriptor `__mm_kernel.K` (external linkage, type
 *     mm_kernel_descriptor) that the runtime finds by name in the submodule's
 *     own JITDylib.
 *
 * The runtime runs blocks concurrently, each on one worker thread, and gives
 * each running block its own shared memory and per-thread scratch memory.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_RUNTIME_MM_BLOCK_ABI_H
#define MM_RUNTIME_MM_BLOCK_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MM_BLOCK_ABI_VERSION 1u

/* The symbols a lowered device submodule defines for kernel K:
 * MM_KERNEL_DESCRIPTOR_PREFIX "K" (its mm_kernel_descriptor, which the
 * runtime looks up) and MM_BLOCK_FUNCTION_PREFIX "K" (its block function). */
#define MM_KERNEL_DESCRIPTOR_PREFIX "__mm_kernel."
#define MM_BLOCK_FUNCTION_PREFIX "__mm_block."

typedef struct mm_dim3 {
  uint32_t x, y, z;
} mm_dim3;

/* What one block of a launch sees. Filled in by the runtime, read by the
 * lowered kernel. Field order and types are part of the ABI. */
typedef struct mm_block_context {
  mm_dim3 grid_dim;  /* blocks in the grid (gridDim / number of workgroups) */
  /* Threads in a block (blockDim / workgroup size), each extent at least 1:
   * the lowered kernel counts its loops over the threads on it. */
  mm_dim3 block_dim;
  mm_dim3 block_idx; /* this block (blockIdx / workgroup id) */
  /* With MM_KERNEL_BLOCK_RANGES, block_fn runs this many blocks along x,
   * from block_idx.x on (0 counts as 1); otherwise ignored. The runtime
   * keeps block_idx.x + block_count_x <= grid_dim.x. */
  uint32_t block_count_x;
  /* This block's static shared memory (addrspace(3) globals), at least
   * descriptor.static_shared_size bytes, 64-byte aligned, zero-filled is
   * NOT guaranteed (as on a GPU). */
  char *static_shared;
  /* This block's dynamic shared memory (`extern __shared__`), the size the
   * launch asked for, 64-byte aligned. */
  char *dynamic_shared;
  uint64_t dynamic_shared_size;
  /* descriptor.thread_scratch_size bytes per thread of the block, for values
   * live across barriers and per-thread local memory, 64-byte aligned. */
  char *thread_scratch;
  /* Opaque to device code; handed back to the runtime's device entry points
   * below (the launch's error state, its printf stream). */
  void *runtime;
} mm_block_context;

/* Runs all threads of one block (with MM_KERNEL_BLOCK_RANGES, of
 * block_count_x blocks along x). `args[i]` points at the value of the i-th
 * kernel parameter (the cudaLaunchKernel convention). Returns normally; a
 * kernel that traps calls __mm_device_trap, which does not return. */
typedef void (*mm_block_fn)(void **args, mm_block_context *ctx);

/* Flags of mm_kernel_descriptor. */
#define MM_KERNEL_HAS_BARRIERS 0x1u /* split into work-item loops at barriers */
#define MM_KERNEL_HAS_WARP_OPS 0x2u /* uses shuffles/votes */
/* block_fn honors block_count_x: the kernel has no barriers, warp operations
 * or shared memory, so the blocks of a range may run interleaved (row by row
 * of threads across the blocks). */
#define MM_KERNEL_BLOCK_RANGES 0x4u
/* param_sizes is there: descriptors written before it was added, which
 * end at name, do not set this flag. */
#define MM_KERNEL_PARAM_SIZES 0x8u
/* The kernel has loops that only other threads' stores end (spin-waits on
 * volatile or atomic loads of global memory): the runtime runs each block
 * on a thread of its own, as many at once as the blocks need, up to the
 * whole grid, as a GPU runs a grid it holds at once, and fails a launch of
 * more blocks than it can run so. */
#define MM_KERNEL_SPIN_WAITS 0x10u

typedef struct mm_kernel_descriptor {
  uint32_t abi_version;        /* MM_BLOCK_ABI_VERSION */
  uint32_t flags;              /* MM_KERNEL_* */
  uint64_t static_shared_size; /* bytes of ctx->static_shared needed */
  uint64_t thread_scratch_size; /* bytes per thread of ctx->thread_scratch */
  uint32_t num_params;         /* kernel parameters, i.e. entries of args */
  uint32_t warp_size;          /* 32 (nvptx64), 64 or 32 (amdgcn) */
  uint32_t max_threads_per_block; /* largest block the lowering allows */
  /* The compute capability the kernel was compiled for, as CUDA's
   * cudaFuncAttributes::ptxVersion gives it (60 for sm_60), or 0 where it
   * is not a CUDA kernel's. */
  uint32_t compute_capability;
  mm_block_fn block_fn;
  const char *name;            /* the kernel's (mangled) name, K */
  /* With MM_KERNEL_PARAM_SIZES: the bytes that each of the num_params
   * entries of args points to (a byval parameter's whole value), so that a
   * launch's arguments can be copied, as a CUDA graph's kernel node does. */
  const uint64_t *param_sizes;
} mm_kernel_descriptor;

/* Entry points that the runtime defines and lowered device code calls. They
 * are resolved from the mm-lli process when device modules are linked. */

/* Reports that the kernel trapped (llvm.trap, __trap) and abandons the
 * block; never returns. `function` names the device function that trapped. */
void __mm_device_trap(mm_block_context *ctx, const char *function)
    __attribute__((noreturn));

/* As __mm_device_trap, for a failed device assert, whose message the kernel
 * has printed: the launch fails with MM_ERROR_ASSERT. */
void __mm_device_assert_fail(mm_block_context *ctx, const char *function)
    __attribute__((noreturn));

/* As __mm_device_trap, where the kernel reached what the device lowering
 * could not lower (an unsupported instruction, intrinsic or inline
 * assembly), which `why` describes. */
void __mm_device_unsupported(mm_block_context *ctx, const char *function,
                             const char *why) __attribute__((noreturn));

/* What an access that __mm_device_check_access checks is: a read, a write
 * or an atomic read-modify-write, of shared memory, of a local variable
 * (__mm_device_report_local_access) or of global memory, and in the bits
 * from MM_ACCESS_ALIGNMENT_SHIFT the log2 of the alignment that the code
 * assumed and the GPU requires (0: none). */
#define MM_ACCESS_READ 0x1u
#define MM_ACCESS_WRITE 0x2u
#define MM_ACCESS_ATOMIC 0x4u
#define MM_ACCESS_SHARED 0x8u
#define MM_ACCESS_LOCAL 0x10u
/* A write of the value that the memory holds already (racecheck). */
#define MM_ACCESS_SAME_VALUE 0x20u
#define MM_ACCESS_ALIGNMENT_SHIFT 8

/* Checks an access of `size` bytes at `address` that device code makes,
 * where `site` says in the source ("FILE:LINE:COL in FUNCTION", or
 * "FUNCTION"), by the thread of index (thread_x, thread_y, thread_z) in its
 * block: code that mm-check-memory instrumented (`--check=memcheck`) calls
 * it before each access of global or shared memory. An access of a guard
 * zone around a device allocation or of a freed one, of shared memory
 * outside the block's, or a misaligned one, is reported and fails the
 * launch, abandoning the block as __mm_device_trap does; any other
 * returns. */
void __mm_device_check_access(const void *address, uint64_t size,
                              uint32_t kind, const char *site,
                              uint32_t thread_x, uint32_t thread_y,
                              uint32_t thread_z);

/* Reports an access as __mm_device_check_access does, of a local variable
 * of `variable_size` bytes at `variable` that the access is not within:
 * mm-check-memory checks that itself, and calls this where it fails. Fails
 * the launch; does not return. */
void __mm_device_report_local_access(const void *address, uint64_t size,
                                     uint32_t kind, const char *site,
                                     uint32_t thread_x, uint32_t thread_y,
                                     uint32_t thread_z, const void *variable,
                                     uint64_t variable_size)
    __attribute__((noreturn));

/* Racecheck (`--check=racecheck`): code that mm-check-races instrumented
 * calls __mm_device_check_race before each read or write (`kind`
 * MM_ACCESS_READ or MM_ACCESS_WRITE, with MM_ACCESS_SAME_VALUE for a store
 * of the value already there, which races with nothing) of `size` bytes of
 * shared memory at
 * `address`, made at `site` (as for __mm_device_check_access) by the thread
 * of index (thread_x, thread_y, thread_z) in its block, and
 * __mm_device_pass_barrier after each barrier of the kernel's own that the
 * thread passes: `MM_BARRIER_BLOCK` for __syncthreads(), `MM_BARRIER_WARP`
 * for __syncwarp(). An access that another thread's access of the same
 * bytes precedes with no barrier between, one of them a write, is reported
 * (once for each two sites); the launch runs on. */
#define MM_BARRIER_BLOCK 0u
#define MM_BARRIER_WARP 1u
void __mm_device_check_race(const void *address, uint64_t size,
                            uint32_t kind, const char *site,
                            uint32_t thread_x, uint32_t thread_y,
                            uint32_t thread_z);
void __mm_device_pass_barrier(uint32_t scope, uint32_t thread_x,
                              uint32_t thread_y, uint32_t thread_z);

/* Reports that the block waits for other blocks: in a kernel with
 * MM_KERNEL_SPIN_WAITS, the threads that the block function last ran only
 * came back round loops that other threads' stores end. The runtime may give
 * the processor to another block, or start one. */
void __mm_device_block_spins(mm_block_context *ctx);

/* Device-side printf. `args` is packed as CUDA's vprintf packs it: each
 * argument at the next multiple of its own size (doubles for floats, 8-byte
 * pointers). Returns the number of characters written, like printf. */
int32_t __mm_device_vprintf(mm_block_context *ctx, const char *format,
                            const char *args);

/* amdgcn device printf: clang's hostcall calls __ockl_printf_begin,
 * __ockl_printf_append_string_n and __ockl_printf_append_args, renamed.
 * `begin` returns a message; each append adds the format string or a string
 * argument (`length` counts the terminating null), or `num_args` (at most 7)
 * 64-bit arguments, and returns the message; the append with `is_last` set
 * prints the message whole and returns the number of characters written. */
uint64_t __mm_device_printf_begin(uint64_t version);
uint64_t __mm_device_printf_append_string_n(uint64_t message, const char *str,
                                            uint64_t length, uint32_t is_last);
uint64_t __mm_device_printf_append_args(uint64_t message, uint32_t num_args,
                                        uint64_t arg0, uint64_t arg1,
                                        uint64_t arg2, uint64_t arg3,
                                        uint64_t arg4, uint64_t arg5,
                                        uint64_t arg6, uint32_t is_last);

/* Floating-point operations in a directed rounding mode, which the CPU does
 * in hardware under fesetround: CUDA's __fadd_rz, __dmul_ru, __fmaf_rd,
 * __ll2float_rz and the like, as mm's libdevice implements them. `mode` is
 * one of: */
#define MM_ROUND_TOWARD_ZERO 1
#define MM_ROUND_DOWN 2
#define MM_ROUND_UP 3
float __mm_device_fadd(float a, float b, int32_t mode);
float __mm_device_fmul(float a, float b, int32_t mode);
float __mm_device_fdiv(float a, float b, int32_t mode);
float __mm_device_ffma(float a, float b, float c, int32_t mode);
float __mm_device_fsqrt(float a, int32_t mode);
double __mm_device_dadd(double a, double b, int32_t mode);
double __mm_device_dmul(double a, double b, int32_t mode);
double __mm_device_ddiv(double a, double b, int32_t mode);
double __mm_device_dfma(double a, double b, double c, int32_t mode);
double __mm_device_dsqrt(double a, int32_t mode);
/* Conversions that round: to float from double and 64-bit integers, to
 * double from 64-bit integers. */
float __mm_device_f64_to_f32(double a, int32_t mode);
float __mm_device_i64_to_f32(int64_t a, int32_t mode);
float __mm_device_u64_to_f32(uint64_t a, int32_t mode);
double __mm_device_i64_to_f64(int64_t a, int32_t mode);
double __mm_device_u64_to_f64(uint64_t a, int32_t mode);

/* cuRAND's jump-ahead (mm-cuda/curand_kernel.h): moves a generator's state
 * n * 2^log2_stride numbers ahead (log2_stride < 128) by that power of the
 * generator's transition matrix, whose powers the runtime computes once per
 * stride. XORWOW's five xorshift words `v` (the caller moves its Weyl
 * counter), MRG32k3a's two components `s1` and `s2`. */
void __mm_device_curand_xorwow_skipahead(uint32_t *v, uint64_t n,
                                         uint32_t log2_stride);
void __mm_device_curand_mrg32k3a_skipahead(uint32_t *s1, uint32_t *s2,
                                           uint64_t n, uint32_t log2_stride);

#ifdef __cplusplus
}
#endif

#endif /* MM_RUNTIME_MM_BLOCK_ABI_H */
