/*===- mm-runtime/mm_linked_program.h - Programs linked ahead of time -*- C -*-===*
 *
 * How a program that `mm-llc --embed=cpu` compiled ahead of time tells the
 * offload runtime (libmm_runtime) where its device code is. mm-llc links
 * every device submodule, lowered for the CPU, into the host's code, each
 * symbol SYM of device submodule NAME renamed NAME::SYM as format-spec §14
 * names it, and adds a table of the symbols the runtime looks up by name,
 * with a static constructor that registers it before any of the program's
 * own. The first registration creates the runtime with the CPU backend
 * (docs/runtime.md, "Programs compiled ahead of time").
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_RUNTIME_MM_LINKED_PROGRAM_H
#define MM_RUNTIME_MM_LINKED_PROGRAM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this table's layout, which a program passes. */
#define MM_LINKED_PROGRAM_VERSION 1

typedef enum mm_linked_symbol_kind {
  /* Kernel `name` of device submodule `module`: `address` is its
   * mm_kernel_descriptor (mm_block_abi.h). */
  MM_LINKED_KERNEL = 0,
  /* Variable `name` of device submodule `module`, of `size` bytes. */
  MM_LINKED_DEVICE_VARIABLE = 1,
  /* A CUDA kernel's host stub, at `address`, that launches kernel `name`. */
  MM_LINKED_HOST_STUB = 2,
  /* The host shadow, at `address`, of the device variable `name` (CUDA's
   * `__device__`, `__constant__` and texture variables). */
  MM_LINKED_HOST_SHADOW = 3,
  /* `address` stands for device submodule `module` as a whole (`NAME::`),
   * the image a host loads with mgpuModuleLoad. */
  MM_LINKED_IMAGE = 4,
  /* The program's device code checks its accesses of memory
   * (`--check=memcheck`): the runtime keeps the guard zones and freed
   * allocations that the checks look for. The other fields are unused. */
  MM_LINKED_MEMORY_CHECKS = 5
} mm_linked_symbol_kind;

typedef struct mm_linked_symbol {
  uint32_t kind; /* mm_linked_symbol_kind */
  const char *module;
  const char *name;
  const void *address;
  uint64_t size;
} mm_linked_symbol;

/* Registers a program's table; called by the constructor that mm-llc adds. */
void __mm_register_linked_program(uint32_t version,
                                  const mm_linked_symbol *symbols,
                                  uint64_t count);

/* Runs the program's own main, which mm-llc renames and hands over with its
 * arguments, and returns its exit code, as mm-lli ends a program: once the
 * runtime has finished its work, a program that returns 0 after a kernel
 * launch failed exits with 1, with a message on standard error. */
int __mm_run_linked_main(int argc, char **argv,
                         int (*main)(int argc, char **argv));

#ifdef __cplusplus
}
#endif

#endif /* MM_RUNTIME_MM_LINKED_PROGRAM_H */
