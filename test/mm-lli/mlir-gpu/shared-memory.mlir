// Shared memory as a workgroup attribution and gpu.barrier: each block
// reverses its slice through shared memory, then every thread reads its
// neighbour's value, which only a barrier makes visible.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// CHECK: [7,  6,  5,  4,  3,  2,  1,  0,  15,  14,  13,  12,  11,  10,  9,  8]
// CHECK: [6,  5,  4,  3,  2,  1,  0,  7,  14,  13,  12,  11,  10,  9,  8,  15]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reverse(%in: memref<16xf32>, %out: memref<16xf32>,
                      %rot: memref<16xf32>)
        workgroup(%tile: memref<8xf32, #gpu.address_space<workgroup>>)
        kernel {
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c8 : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %in[%i] : memref<16xf32>
      %mirror = arith.subi %c7, %tid : index
      memref.store %v, %tile[%mirror] : memref<8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = memref.load %tile[%tid] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%i] : memref<16xf32>
      %next0 = arith.addi %tid, %c1 : index
      %next = arith.remui %next0, %c8 : index
      %n = memref.load %tile[%next] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %n, %rot[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %in = memref.alloc() : memref<16xf32>
    %out = memref.alloc() : memref<16xf32>
    %rot = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      %vi = arith.index_cast %i : index to i32
      %v = arith.sitofp %vi : i32 to f32
      memref.store %v, %in[%i] : memref<16xf32>
    }
    %in_cast = memref.cast %in : memref<16xf32> to memref<*xf32>
    %out_cast = memref.cast %out : memref<16xf32> to memref<*xf32>
    %rot_cast = memref.cast %rot : memref<16xf32> to memref<*xf32>
    gpu.host_register %in_cast : memref<*xf32>
    gpu.host_register %out_cast : memref<*xf32>
    gpu.host_register %rot_cast : memref<*xf32>
    gpu.launch_func @kernels::@reverse blocks in (%c2, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%in : memref<16xf32>, %out : memref<16xf32>, %rot : memref<16xf32>)
    call @printMemrefF32(%out_cast) : (memref<*xf32>) -> ()
    call @printMemrefF32(%rot_cast) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
