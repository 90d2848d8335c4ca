; Kernels without barriers and shared memory run ranges of blocks along x
; (MM_KERNEL_BLOCK_RANGES): ctx->block_count_x blocks from ctx->block_idx.x,
; row by row of threads across the blocks, so that a 2D kernel sweeps rows
; of the grid rather than short pieces of many rows.
; RUN: mm-opt --set='*:passes=mm-lower-device' %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x float] undef, align 4

; CHECK: @__mm_kernel.global_x = constant {{.*}} { i32 1, i32 12,
; CHECK: @__mm_kernel.own_x = constant {{.*}} { i32 1, i32 12,
; Shared memory: one block at a time.
; CHECK: @__mm_kernel.shared = constant {{.*}} { i32 1, i32 8,

; x = blockIdx.x * blockDim.x + threadIdx.x is the only use of the block and
; thread index along x: the range is one loop over x, passed as threadIdx.x
; with blockIdx.x 0 (which the kernel folds back to x).
define void @global_x(ptr addrspace(1) %out, i32 %n) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %tid, %base
  %row = mul i32 %y, %n
  %i = add i32 %row, %x
  %p = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float 1.0, ptr addrspace(1) %p
  ret void
}
; CHECK-LABEL: define internal void @__mm_block.global_x(
; CHECK: %block.end.x = add i32 %ctaid.x,
; CHECK: tid.y:
; CHECK: %[[X0:[0-9]+]] = zext i32 %ctaid.x to i64
; CHECK-NEXT: %[[BEGIN:[0-9]+]] = mul i64 %[[X0]], %[[NTIDX:[0-9]+]]
; CHECK-NEXT: %[[X1:[0-9]+]] = zext i32 %block.end.x to i64
; CHECK-NEXT: %[[END:[0-9]+]] = mul i64 %[[X1]], %[[NTIDX]]
; CHECK: global.x:
; CHECK-NEXT: %[[GX:global.x[0-9]*]] = phi i64 [ %[[BEGIN]], %tid.y ]
; CHECK-NEXT: %[[TIDX:[0-9]+]] = trunc i64 %[[GX]] to i32
; CHECK-NEXT: call void @global_x.mm.thread({{.*}}, i32 %[[TIDX]], i32 %tid.y{{[0-9]*}}, i32 %tid.z{{[0-9]*}}, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 0, i32 %ctaid.y,
; CHECK: icmp ult i64 %{{[0-9]+}}, %[[END]]

; threadIdx.x on its own: a loop over the range's blocks, then x.
define void @own_x(ptr addrspace(1) %out) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %tid, %base
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %x
  store i32 %tid, ptr addrspace(1) %p
  ret void
}
; CHECK-LABEL: define internal void @__mm_block.own_x(
; CHECK: ctaid.x{{[0-9]+}}:
; CHECK: tid.x:
; CHECK: call void @own_x.mm.thread(

define void @shared(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr [32 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float 1.0, ptr addrspace(3) %p
  ret void
}
; CHECK-LABEL: define internal void @__mm_block.shared(
; CHECK-NOT: block.count.x
; CHECK: ret void

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @global_x, !"kernel", i32 1}
!1 = !{ptr @own_x, !"kernel", i32 1}
!2 = !{ptr @shared, !"kernel", i32 1}
