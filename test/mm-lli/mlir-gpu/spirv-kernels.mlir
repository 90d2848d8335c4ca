// Kernels given as SPIR-V (spirv.module, as convert-gpu-to-spirv writes
// them) run as mlir-spirv-cpu-runner ran them: MLIR's lower-host-to-llvm
// turns each launch into a call of the kernel, which runs once on the host
// on copies of its buffers, allocated ones (it copies from their allocated
// pointers), copied back after it, and convert-spirv-to-llvm lowers the
// kernel.
// The host calls functions through their C wrappers (_mlir_ciface_NAME).

// RUN: mm-lli -e main --entry-point-result=void --shared-libs=%mlir_runner_utils %s | FileCheck %s

// CHECK: [0,  3,  6,  9,  12,  15]

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_variable_pointers]>, #spirv.resource_limits<max_compute_workgroup_size = [128, 128, 64]>>} {
  spirv.module @__spv__kernels Logical GLSL450 {
    spirv.func @triple(%in: !spirv.ptr<!spirv.struct<(!spirv.array<6 x i32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>},
                       %out: !spirv.ptr<!spirv.struct<(!spirv.array<6 x i32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>})
        "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>, workgroup_attributions = 0 : i64} {
      %zero = spirv.Constant 0 : i32
      %one = spirv.Constant 1 : i32
      %three = spirv.Constant 3 : i32
      %six = spirv.Constant 6 : i32
      %index = spirv.Variable : !spirv.ptr<i32, Function>
      spirv.Store "Function" %index, %zero : i32
      spirv.mlir.loop {
        spirv.Branch ^header
      ^header:
        %i = spirv.Load "Function" %index : i32
        %more = spirv.SLessThan %i, %six : i32
        spirv.BranchConditional %more, ^body, ^merge
      ^body:
        %src = spirv.AccessChain %in[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<6 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
        %v = spirv.Load "StorageBuffer" %src : i32
        %r = spirv.IMul %v, %three : i32
        %dst = spirv.AccessChain %out[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<6 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
        spirv.Store "StorageBuffer" %dst, %r : i32
        spirv.Branch ^continue
      ^continue:
        %j = spirv.Load "Function" %index : i32
        %next = spirv.IAdd %j, %one : i32
        spirv.Store "Function" %index, %next : i32
        spirv.Branch ^header
      ^merge:
        spirv.mlir.merge
      }
      spirv.Return
    }
  }
  gpu.module @kernels {
    gpu.func @triple(%in: memref<6xi32>, %out: memref<6xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %in = memref.alloc() : memref<6xi32>
    %cst = arith.constant dense<[0, 1, 2, 3, 4, 5]> : vector<6xi32>
    %c0 = arith.constant 0 : index
    vector.store %cst, %in[%c0] : memref<6xi32>, vector<6xi32>
    %out = memref.alloc() : memref<6xi32>
    gpu.launch_func @kernels::@triple blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%in : memref<6xi32>, %out : memref<6xi32>)
    %cast = memref.cast %out : memref<6xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
