; Thread and block queries, address spaces, atomics, math, printf and trap of
; an nvptx64 kernel lowered for the host.
; RUN: mm-opt --set='*:passes=mm-lower-device' %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = addrspace(4) constant [2 x float] [float 1.0, float 2.0]
@counter = addrspace(1) global i32 0
@fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"

; CHECK-NOT: addrspace
; CHECK: target triple = "{{.*}}"
; CHECK: @table = constant [2 x float]
; CHECK: @counter = global i32 0
; No barriers, no shared memory: the block function runs ranges of blocks
; (MM_KERNEL_BLOCK_RANGES); compiled for sm_70: compute capability 70.
; CHECK: @__mm_kernel.k = constant { i32, i32, i64, i64, i32, i32, i32, i32, ptr, ptr, ptr } { i32 1, i32 12, i64 0, i64 0, i32 2, i32 32, i32 1024, i32 70, ptr @__mm_block.k, ptr @__mm_kernel_name.k, ptr @__mm_kernel_param_sizes.k }

; A function that is not a kernel keeps its name and runs as thread 0 of a
; one-thread block.
; CHECK-LABEL: define i32 @helper()
; CHECK-NEXT: %r = add i32 0, 1
; CHECK-NEXT: ret i32 %r
define i32 @helper() {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %r = add i32 %tid, %ntid
  ret i32 %r
}

; CHECK-LABEL: define internal void @k.mm.thread(ptr %out, float %x, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z)
; CHECK-NOT: target-cpu
define void @k(ptr addrspace(1) %out, float %x) #0 {
; CHECK: %lane = urem i32 %linear.tid, 32
; CHECK: %sum1 = add i32 %tid.x, %ntid.y
; CHECK: %sum2 = add i32 %ctaid.z, %nctaid.x
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %sum1 = add i32 %tid, %ntid
  %sum2 = add i32 %ctaid, %nctaid
; The generic pointer of a local variable is the variable.
; CHECK: %local = alloca float, align 4
; CHECK-NEXT: store float %x, ptr %local
  %local = alloca float, align 4, addrspace(5)
  %generic = addrspacecast ptr addrspace(5) %local to ptr
  store float %x, ptr %generic
; CHECK: %t = load float, ptr getelementptr ([2 x float], ptr @table, i64 0, i64 1)
  %t = load float, ptr addrspace(4) getelementptr ([2 x float], ptr addrspace(4) @table, i64 0, i64 1)
; CHECK: atomicrmw add ptr @counter, i32 %sum1 monotonic, align 4
; CHECK: cmpxchg ptr @counter, i32 0, i32 %sum2 monotonic monotonic
  %old = atomicrmw add ptr addrspace(1) @counter, i32 %sum1 syncscope("device") monotonic
  %cas = cmpxchg ptr addrspace(1) @counter, i32 0, i32 %sum2 syncscope("block") monotonic monotonic
; libdevice: mm's, inlined here, which computes with LLVM intrinsics (the
; backend calls libm's functions for those that have no instruction) or
; libm's functions of the same name, as calls the optimizer knows.
; CHECK: %[[S:.*]] = call {{.*}}float @llvm.sqrt.f32(float %t)
; CHECK: %[[SIN:.*]] = call {{.*}}float @llvm.sin.f32(float {{.*}}%[[S]])
; CHECK: %[[POW:.*]] = call {{.*}}float @llvm.pow.f32(float {{.*}}%[[SIN]], float {{.*}}2.000000e+00)
; CHECK: %approx = call float @llvm.sqrt.f32(float %x)
; CHECK: fence seq_cst
  %s = call float @__nv_sqrtf(float %t)
  %sin = call float @__nv_sinf(float %s)
  %pow = call float @__nv_powf(float %sin, float 2.0)
  %approx = call float @llvm.nvvm.sqrt.approx.f(float %x)
  call void @llvm.nvvm.membar.gl()
  %gep = getelementptr float, ptr addrspace(1) %out, i32 %lane
  store float %pow, ptr addrspace(1) %gep
  %gep2 = getelementptr float, ptr addrspace(1) %out, i32 %sum2
  store float %approx, ptr addrspace(1) %gep2
; CHECK: %n = call i32 @__mm_device_vprintf(ptr %ctx, ptr @fmt, ptr %args)
  %args = alloca i32, align 4
  store i32 %tid, ptr %args
  %n = call i32 @vprintf(ptr @fmt, ptr %args)
  %bad = icmp eq i32 %n, 0
  br i1 %bad, label %trap, label %done
; A trap first records its block in the context, which a range leaves at
; the range's first block.
; CHECK: [[BLOCKX:%[0-9]+]] = getelementptr inbounds i8, ptr %ctx, i64 24
; CHECK-NEXT: store i32 %ctaid.x, ptr [[BLOCKX]]
; CHECK-NEXT: call void @__mm_device_trap(ptr %ctx, ptr @__mm_trap.function)
; CHECK-NEXT: unreachable
trap:
  call void @llvm.trap()
  unreachable
done:
  ret void
}

; The block function: arguments from args[i], dimensions from the context,
; threads in loops over z and y, then over the range's blocks and x (the
; kernel uses threadIdx.x on its own, see block-ranges.ll).
; CHECK-LABEL: define internal void @__mm_block.k(ptr %args, ptr %ctx)
; CHECK: %[[SLOT:[0-9]+]] = getelementptr inbounds ptr, ptr %args, i64 0
; CHECK-NEXT: %[[ARG0:[0-9]+]] = load ptr, ptr %[[SLOT]]
; CHECK-NEXT: load ptr, ptr %[[ARG0]]
; Each extent is at least 1 (mm_block_abi.h), so that the loops over the
; threads count exactly ntid.
; CHECK: %ntid.x = load i32, ptr %{{[0-9]+}}, align 4, !range [[EXTENT:![0-9]+]]
; CHECK: %ntid.y = load i32, ptr %{{[0-9]+}}, align 4, !range [[EXTENT]]
; CHECK: %ntid.z = load i32, ptr %{{[0-9]+}}, align 4, !range [[EXTENT]]
; CHECK: %block.count.x = load i32
; CHECK: %[[COUNT:[0-9]+]] = call i32 @llvm.umax.i32(i32 %block.count.x, i32 1)
; CHECK-NEXT: %block.end.x = add i32 %ctaid.x, %[[COUNT]]
; CHECK: tid.z:
; CHECK: tid.y:
; CHECK: ctaid.x{{[0-9]+}}:
; CHECK-NEXT: %[[BLOCK:ctaid.x[0-9]+]] = phi i32 [ %ctaid.x, %tid.y ], [ %{{[0-9]+}}, %tid.x.end ]
; CHECK: tid.x:
; CHECK-NEXT: %tid.x[[N:[0-9]*]] = phi i32 [ 0, %ctaid.x{{[0-9]+}} ], [ %[[NEXT:[0-9]+]], %tid.x ]
; CHECK-NEXT: call void @k.mm.thread({{.*}}, i32 %tid.x[[N]], i32 %tid.y{{[0-9]*}}, i32 %tid.z{{[0-9]*}}, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %[[BLOCK]], i32 %ctaid.y,
; CHECK-NEXT: %[[NEXT]] = add nuw nsw i32 %tid.x[[N]], 1
; CHECK-NEXT: icmp ult i32 %[[NEXT]], %ntid.x

; CHECK: attributes #{{[0-9]+}} = { noreturn nounwind }
; CHECK-NOT: nvvm.annotations

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare float @__nv_sqrtf(float)
declare float @__nv_sinf(float)
declare float @__nv_powf(float, float)
declare float @llvm.nvvm.sqrt.approx.f(float)
declare void @llvm.nvvm.membar.gl()
declare i32 @vprintf(ptr, ptr)
declare void @llvm.trap()

attributes #0 = { "target-cpu"="sm_70" "target-features"="+ptx70" }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}

; CHECK: [[EXTENT]] = !{i32 1, i32 0}
