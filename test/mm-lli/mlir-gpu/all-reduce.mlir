// gpu.all_reduce over blocks of 6 (one partial warp) and 70 threads (two
// full warps and a partial one): MLIR lowers it to shuffles within each
// warp, then shuffles among the first lanes of warp 0 alone, in divergent
// code whose shuffles name only those lanes. Built-in operations and a
// region.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// Sums of 0..5 and 0..69, maxima, and the region's product of (i % 3 + 1)
// (in i32, which 6^23 * 1 overflows).
// CHECK: {{\[}}[15,   2415],
// CHECK-NEXT: [5,   69],
// CHECK-NEXT: [36,   629145600]]

func.func @reduce(%threads: index, %col: index, %out: memref<3x2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    %sum = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
    %max = gpu.all_reduce maxsi %v uniform {} : (i32) -> (i32)
    %three = arith.constant 3 : i32
    %one = arith.constant 1 : i32
    %m = arith.remsi %v, %three : i32
    %f = arith.addi %m, %one : i32
    %prod = gpu.all_reduce %f uniform {
    ^bb(%lhs : i32, %rhs : i32):
      %p = arith.muli %lhs, %rhs : i32
      "gpu.yield"(%p) : (i32) -> ()
    } : (i32) -> (i32)
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %sum, %out[%c0, %col] : memref<3x2xi32>
      memref.store %max, %out[%c1, %col] : memref<3x2xi32>
      memref.store %prod, %out[%c2, %col] : memref<3x2xi32>
    }
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c70 = arith.constant 70 : index
  %out = memref.alloc() : memref<3x2xi32>
  %cast = memref.cast %out : memref<3x2xi32> to memref<*xi32>
  gpu.host_register %cast : memref<*xi32>
  call @reduce(%c6, %c0, %out) : (index, index, memref<3x2xi32>) -> ()
  call @reduce(%c70, %c1, %out) : (index, index, memref<3x2xi32>) -> ()
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
