// A GPU program as MLIR's tests write it: a gpu.container_module whose
// kernel module is nested, launched with gpu.launch_func on host memory
// registered with gpu.host_register. mm-lli runs it as it is: the kernel
// module becomes a device submodule, lowered through MLIR's GPU-to-NVVM
// lowering and mm's device lowering, and the host calls mm's runtime
// through MLIR's mgpu* functions.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s
// The same with main called as a C main, and with -e.
// RUN: mm-lli --shared-libs=%mlir_runner_utils %s | FileCheck %s
// RUN: mm-lli -e main --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// CHECK: [0,  2,  4,  6,  8,  10,  12,  14,  16,  18,  20,  22,  24,  26,  28,  30,  32,  34,  36,  38,  40,  42,  44,  46,  48,  50,  52,  54,  56,  58,  60,  62,  64,  66,  68,  70,  72,  74,  76,  78]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @double(%buf: memref<40xi32>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %buf[%i] : memref<40xi32>
      %two = arith.constant 2 : i32
      %r = arith.muli %v, %two : i32
      memref.store %r, %buf[%i] : memref<40xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    %c40 = arith.constant 40 : index
    %buf = memref.alloc() : memref<40xi32>
    scf.for %i = %c0 to %c40 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %buf[%i] : memref<40xi32>
    }
    %cast = memref.cast %buf : memref<40xi32> to memref<*xi32>
    gpu.host_register %cast : memref<*xi32>
    gpu.launch_func @kernels::@double blocks in (%c4, %c1, %c1)
        threads in (%c10, %c1, %c1) args(%buf : memref<40xi32>)
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
