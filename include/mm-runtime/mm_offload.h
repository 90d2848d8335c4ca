/*===- mm-runtime/mm_offload.h - The mm offload runtime's C ABI ---*- C -*-===*
 *
 * The calls that host code makes to run the kernels of a bundle's device
 * submodules: look a kernel up by submodule and name, manage device memory,
 * launch, synchronize, and read errors. mm-lli serves these calls to the
 * host code it runs; the functions are resolved by name when the host
 * submodule is linked, so host code only needs these declarations.
 *
 * Every call returns an mm_status. A failing call also records the error as
 * the calling thread's last error, with a message (mm_get_last_error,
 * mm_get_error_message). Launch errors are sticky as on a GPU: once a launch
 * failed, mm_synchronize reports it again until mm_get_last_error clears it.
 *
 * Device memory is addressable by the host on the CPU backend, but portable
 * code copies with mm_memcpy as it would for a GPU. See docs/runtime.md.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_RUNTIME_MM_OFFLOAD_H
#define MM_RUNTIME_MM_OFFLOAD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
/* The enumerations hold any int a program passes: with a fixed underlying
 * type, an out-of-range value is a value, which the runtime rejects, not
 * undefined behaviour. */
#define MM_ENUM_INT : int
#else
#define MM_ENUM_INT
#endif

/* The result of every call. */
typedef enum mm_status MM_ENUM_INT {
  MM_SUCCESS = 0,
  /* An argument is invalid: a null pointer, a zero or too large dimension,
   * an unknown copy kind, a pointer that is not device memory. */
  MM_ERROR_INVALID_VALUE = 1,
  /* Allocation failed. */
  MM_ERROR_OUT_OF_MEMORY = 2,
  /* No submodule or kernel of that name, or it could not be compiled. */
  MM_ERROR_NOT_FOUND = 3,
  /* The kernel trapped (llvm.trap, __trap()) or failed otherwise. */
  MM_ERROR_LAUNCH_FAILED = 4,
  /* mm_offload.h was called outside a program that mm-lli runs. */
  MM_ERROR_NOT_INITIALIZED = 5,
  /* A device assert failed; the launch failed as with
   * MM_ERROR_LAUNCH_FAILED. */
  MM_ERROR_ASSERT = 6,
  /* A kernel's memory access faulted (outside its process's memory or
   * misaligned for the hardware); the launch failed as with
   * MM_ERROR_LAUNCH_FAILED. */
  MM_ERROR_ILLEGAL_ADDRESS = 7,
  /* A launch's grid or block has a zero extent, or more threads per block
   * than the kernel takes. */
  MM_ERROR_INVALID_CONFIGURATION = 8
} mm_status;

/* A kernel of a device submodule. Owned by the runtime, valid until the
 * program ends. */
typedef struct mm_kernel mm_kernel;

typedef enum mm_memcpy_kind MM_ENUM_INT {
  MM_MEMCPY_HOST_TO_HOST = 0,
  MM_MEMCPY_HOST_TO_DEVICE = 1,
  MM_MEMCPY_DEVICE_TO_HOST = 2,
  MM_MEMCPY_DEVICE_TO_DEVICE = 3
} mm_memcpy_kind;

/* Finds kernel `kernel` (its symbol name, mangled if it is C++) of device
 * submodule `module`, compiling the submodule on first use. On failure,
 * *result is null, and a launch of it fails with the lookup's error. */
mm_status mm_get_kernel(const char *module, const char *kernel,
                        mm_kernel **result);

/* Allocates `size` bytes of device memory, aligned to 256 bytes. */
mm_status mm_malloc(void **result, size_t size);
/* Frees memory from mm_malloc; a null pointer is ignored. */
mm_status mm_free(void *ptr);
/* Copies `size` bytes; device pointers must lie within one allocation. */
mm_status mm_memcpy(void *dst, const void *src, size_t size,
                    mm_memcpy_kind kind);
/* Sets `size` bytes of device memory to the byte `value`. */
mm_status mm_memset(void *dst, int value, size_t size);

/* Launches `kernel` on a grid of grid_x * grid_y * grid_z blocks of
 * block_x * block_y * block_z threads, with `dynamic_shared_size` bytes of
 * dynamic shared memory per block. args[i] points at the value of the i-th
 * kernel parameter. */
mm_status mm_launch(const mm_kernel *kernel, uint32_t grid_x, uint32_t grid_y,
                    uint32_t grid_z, uint32_t block_x, uint32_t block_y,
                    uint32_t block_z, size_t dynamic_shared_size,
                    void **args);

/* Waits until every launch has finished; returns the sticky launch error,
 * if any. */
mm_status mm_synchronize(void);

/* Lets the runtime's threads that wait for the next launch sleep now rather
 * than spin for the block time: for host code about to compute on every
 * core itself (mm's cuBLAS calls it before each routine). The next launch
 * wakes them. */
void mm_release_threads(void);

/* Returns the calling thread's last error and resets it to MM_SUCCESS. */
mm_status mm_get_last_error(void);
/* The message of the most recent error on the calling thread ("" if none);
 * mm_get_last_error does not clear it. The string stays valid until the
 * thread's next failing call. */
const char *mm_get_error_message(void);

/* The host code's note that it used the status \p status that a call of
 * this runtime (mm_*), of CUDA's runtime (cuda*) or of CUDA's driver (cu*)
 * returned: mm-lli and mm-llc insert a call of it after each such call
 * whose result the program uses, and programs do not call it. A status
 * other than success counts every launch failed so far as read: the
 * program has seen the error, and its exit code is its own (docs/runtime.md,
 * "Exit codes"). */
#define MM_STATUS_READ_FUNCTION "__mm_status_read"
void __mm_status_read(int status);

/* The storage of the `__managed__` variable whose host shadow is \p shadow:
 * the device variable, which kernels and cudaMemcpy*Symbol use too. mm-lli
 * and mm-llc make the host code reach a managed variable through it, and
 * programs do not call it. A variable that cannot be found ends the
 * program with a message. */
#define MM_MANAGED_VARIABLE_FUNCTION "__mm_managed_variable"
/* The annotation that mm's CUDA headers give a `__managed__` variable. */
#define MM_MANAGED_ANNOTATION "mm.managed"
void *__mm_managed_variable(const void *shadow);

#undef MM_ENUM_INT

#ifdef __cplusplus
}
#endif

#endif /* MM_RUNTIME_MM_OFFLOAD_H */
