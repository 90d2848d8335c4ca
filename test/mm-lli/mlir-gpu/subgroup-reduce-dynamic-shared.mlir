// gpu.subgroup_reduce over each warp, and dynamic shared memory
// (gpu.dynamic_shared_memory, sized at the launch): each warp's sum goes
// into dynamic shared memory, and thread 0 adds them up.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// 96 threads, 3 warps: sums of 0..31, 32..63 and 64..95, and their total.
// CHECK: [496,  1520,  2544,  4560]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sums(%out: memref<4xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c32 = arith.constant 32 : index
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      %sum = gpu.subgroup_reduce add %v : (i32) -> i32
      %shared = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %warps = memref.view %shared[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3xi32, #gpu.address_space<workgroup>>
      %lane = arith.remui %tid, %c32 : index
      %warp = arith.divui %tid, %c32 : index
      %first = arith.cmpi eq, %lane, %c0 : index
      scf.if %first {
        memref.store %sum, %warps[%warp] : memref<3xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %a = memref.load %warps[%c0] : memref<3xi32, #gpu.address_space<workgroup>>
        %b = memref.load %warps[%c1] : memref<3xi32, #gpu.address_space<workgroup>>
        %c = memref.load %warps[%c2] : memref<3xi32, #gpu.address_space<workgroup>>
        %ab = arith.addi %a, %b : i32
        %abc = arith.addi %ab, %c : i32
        memref.store %a, %out[%c0] : memref<4xi32>
        memref.store %b, %out[%c1] : memref<4xi32>
        memref.store %c, %out[%c2] : memref<4xi32>
        memref.store %abc, %out[%c3] : memref<4xi32>
      }
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c96 = arith.constant 96 : index
    %bytes = arith.constant 12 : i32
    %out = memref.alloc() : memref<4xi32>
    %cast = memref.cast %out : memref<4xi32> to memref<*xi32>
    gpu.host_register %cast : memref<*xi32>
    gpu.launch_func @kernels::@sums blocks in (%c1, %c1, %c1)
        threads in (%c96, %c1, %c1) dynamic_shared_memory_size %bytes
        args(%out : memref<4xi32>)
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
