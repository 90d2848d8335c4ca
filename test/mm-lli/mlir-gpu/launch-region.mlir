// gpu.launch with the kernel's body inline: MLIR's gpu-kernel-outlining
// makes a kernel module of it, which runs as a device submodule. A 2-D grid
// of 2-D blocks, each thread writing its global index.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// CHECK: [0,   1,   2,   3,   4,   5]
// CHECK: [100,   101,   102,   103,   104,   105]
// CHECK: [200,   201,   202,   203,   204,   205]
// CHECK: [300,   301,   302,   303,   304,   305]

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  %m = memref.alloc() : memref<4x6xi32>
  %cast = memref.cast %m : memref<4x6xi32> to memref<*xi32>
  gpu.host_register %cast : memref<*xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c2, %sz = %c1) {
    %row0 = arith.muli %by, %sy : index
    %row = arith.addi %row0, %ty : index
    %col0 = arith.muli %bx, %sx : index
    %col = arith.addi %col0, %tx : index
    %hundreds = arith.muli %row, %c100 : index
    %v = arith.addi %hundreds, %col : index
    %vi = arith.index_cast %v : index to i32
    memref.store %vi, %m[%row, %col] : memref<4x6xi32>
    gpu.terminator
  }
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
