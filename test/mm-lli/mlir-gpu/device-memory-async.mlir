// Device memory and asynchronous work as MLIR writes it: gpu.alloc,
// gpu.memset, gpu.memcpy and gpu.dealloc chained by async tokens with
// gpu.wait, a launch that waits for them, and one without tokens; MLIR's
// gpu-to-llvm makes them streams and events of mm's runtime.

// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// 7 everywhere (memset), plus the index (kernel), copied back:
// CHECK: [7,  8,  9,  10,  11,  12,  13,  14]
// The second buffer, copied from the first on the device and incremented:
// CHECK: [8,  9,  10,  11,  12,  13,  14,  15]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_index(%buf: memref<8xi32>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %buf[%tid] : memref<8xi32>
      %i = arith.index_cast %tid : index to i32
      %r = arith.addi %v, %i : i32
      memref.store %r, %buf[%tid] : memref<8xi32>
      gpu.return
    }
    gpu.func @increment(%buf: memref<8xi32>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %buf[%tid] : memref<8xi32>
      %one = arith.constant 1 : i32
      %r = arith.addi %v, %one : i32
      memref.store %r, %buf[%tid] : memref<8xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %seven = arith.constant 7 : i32
    %host = memref.alloc() : memref<8xi32>
    %t0 = gpu.wait async
    %dev, %t1 = gpu.alloc async [%t0] () : memref<8xi32>
    %t2 = gpu.memset async [%t1] %dev, %seven : memref<8xi32>, i32
    %t3 = gpu.launch_func async [%t2] @kernels::@add_index
        blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%dev : memref<8xi32>)
    %t4 = gpu.memcpy async [%t3] %host, %dev : memref<8xi32>, memref<8xi32>
    gpu.wait [%t4]
    %cast = memref.cast %host : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()

    %dev2 = gpu.alloc () : memref<8xi32>
    gpu.memcpy %dev2, %dev : memref<8xi32>, memref<8xi32>
    gpu.launch_func @kernels::@increment blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%dev2 : memref<8xi32>)
    gpu.memcpy %host, %dev2 : memref<8xi32>, memref<8xi32>
    gpu.dealloc %dev2 : memref<8xi32>
    %t5 = gpu.dealloc async %dev : memref<8xi32>
    gpu.wait [%t5]
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
