// gpu.printf from each thread, and the math dialect in a kernel: MLIR
// lowers math.exp, math.sqrt and math.sin to CUDA's libdevice functions
// (__nv_expf, ...), which mm's libdevice provides.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s > %t
// RUN: FileCheck %s --check-prefix=PRINTF < %t
// RUN: FileCheck %s --check-prefix=MATH < %t

// PRINTF-DAG: thread 0 of block 1: 2.000000
// PRINTF-DAG: thread 1 of block 0: 1.000000
// PRINTF-DAG: thread 1 of block 1: 3.000000
// PRINTF-DAG: thread 0 of block 0: 0.000000

// exp(i / 4), sqrt(i), sin(i) for i = 0..3:
// MATH: {{\[}}[1,   1.28403,   1.64872,   2.117],
// MATH-NEXT: [0,   1,   1.41421,   1.73205],
// MATH-NEXT: [0,   0.841471,   0.909297,   0.14112]]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @functions(%out: memref<3x4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %ii = arith.index_cast %i : index to i32
      %x = arith.sitofp %ii : i32 to f32
      %tid32 = arith.index_cast %tid : index to i32
      %bid32 = arith.index_cast %bid : index to i32
      %xd = arith.extf %x : f32 to f64
      gpu.printf "thread %d of block %d: %f\n" %tid32, %bid32, %xd : i32, i32, f64
      %quarter = arith.constant 0.25 : f32
      %q = arith.mulf %x, %quarter : f32
      %e = math.exp %q : f32
      memref.store %e, %out[%c0, %i] : memref<3x4xf32>
      %s = math.sqrt %x : f32
      memref.store %s, %out[%c1, %i] : memref<3x4xf32>
      %n = math.sin %x : f32
      memref.store %n, %out[%c2, %i] : memref<3x4xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %out = memref.alloc() : memref<3x4xf32>
    %cast = memref.cast %out : memref<3x4xf32> to memref<*xf32>
    gpu.host_register %cast : memref<*xf32>
    gpu.launch_func @kernels::@functions blocks in (%c2, %c1, %c1)
        threads in (%c2, %c1, %c1) args(%out : memref<3x4xf32>)
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
