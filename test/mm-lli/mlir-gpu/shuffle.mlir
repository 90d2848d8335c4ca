// gpu.shuffle in its four modes, with the result that says whether the
// source lane was in range (the `p` forms of NVVM's shfl.sync): lanes whose
// source is out of range keep their own value and get false. MLIR gives
// `up` the clamp 32 - width, which PTX reads as the lowest valid source
// lane, so `up` is tried with the warp's width.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// xor 1, width 8:
// CHECK: {{\[}}[1,   0,   3,   2,   5,   4,   7,   6],
// down 3, width 8, and its validity:
// CHECK-NEXT: [3,   4,   5,   6,   7,   5,   6,   7],
// CHECK-NEXT: [1,   1,   1,   1,   1,   0,   0,   0],
// up 2, width 32, and its validity:
// CHECK-NEXT: [0,   1,   0,   1,   2,   3,   4,   5],
// CHECK-NEXT: [0,   0,   1,   1,   1,   1,   1,   1],
// idx 5, width 8:
// CHECK-NEXT: [5,   5,   5,   5,   5,   5,   5,   5]]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shuffles(%out: memref<6x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      %width = arith.constant 8 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %three = arith.constant 3 : i32
      %five = arith.constant 5 : i32
      %x, %xv = gpu.shuffle xor %v, %one, %width : i32
      memref.store %x, %out[%c0, %tid] : memref<6x8xi32>
      %d, %dv = gpu.shuffle down %v, %three, %width : i32
      memref.store %d, %out[%c1, %tid] : memref<6x8xi32>
      %dvi = arith.extui %dv : i1 to i32
      memref.store %dvi, %out[%c2, %tid] : memref<6x8xi32>
      %warp = arith.constant 32 : i32
      %u, %uv = gpu.shuffle up %v, %two, %warp : i32
      memref.store %u, %out[%c3, %tid] : memref<6x8xi32>
      %uvi = arith.extui %uv : i1 to i32
      memref.store %uvi, %out[%c4, %tid] : memref<6x8xi32>
      %i, %iv = gpu.shuffle idx %v, %five, %width : i32
      memref.store %i, %out[%c5, %tid] : memref<6x8xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %out = memref.alloc() : memref<6x8xi32>
    %cast = memref.cast %out : memref<6x8xi32> to memref<*xi32>
    gpu.host_register %cast : memref<*xi32>
    gpu.launch_func @kernels::@shuffles blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%out : memref<6x8xi32>)
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
