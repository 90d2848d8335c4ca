; An amdgcn kernel as clang-19 emits HIP: work-item and work-group ids, the
; dispatch packet and implicit arguments emulated from the block context,
; s.barrier with its fences, ballot.
; RUN: mm-opt --set='*:passes=mm-lower-device' %s | FileCheck %s

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Wave64: the descriptor's warp size is 64.
; CHECK: @__mm_kernel.k = constant {{.*}} { i32 1, i32 11, i64 0, i64 {{[0-9]+}}, i32 1, i32 64, i32 1024,

; CHECK-LABEL: define internal i32 @k.mm.thread(
define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.y()
  %x = add i32 %tid, %gid
  %implicit = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %size.ptr = getelementptr inbounds i8, ptr addrspace(4) %implicit, i64 12
  %size = load i16, ptr addrspace(4) %size.ptr, align 4
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %grid.ptr = getelementptr inbounds i8, ptr addrspace(4) %packet, i64 12
  %grid = load i32, ptr addrspace(4) %grid.ptr, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %odd = icmp ne i32 %x, 0
  %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %odd)
  %size32 = zext i16 %size to i32
  %y = add i32 %size32, %grid
  %slot = getelementptr i32, ptr addrspace(1) %out, i32 %x
  store i32 %y, ptr addrspace(1) %slot
  %slot64 = getelementptr i64, ptr addrspace(1) %out, i32 %y
  store i64 %ballot, ptr addrspace(1) %slot64
  ret void
}

; The block function fills the emulated packet and implicit arguments:
; workgroup_size_x (u16) at 4 and grid_size_x (u32) at 12 of the packet,
; block_count_x (u32) at 0 and group_size_x (u16) at 12 of the arguments.
; CHECK-LABEL: define internal void @__mm_block.k(
; CHECK: %dispatch.packet = alloca [64 x i8], align 8
; CHECK: %implicit.args = alloca [256 x i8], align 8
; CHECK: %[[SIZE:[0-9]+]] = trunc i32 %ntid.x to i16
; CHECK-NEXT: %[[P4:[0-9]+]] = getelementptr inbounds i8, ptr %dispatch.packet, i64 4
; CHECK-NEXT: store i16 %[[SIZE]], ptr %[[P4]]
; CHECK-NEXT: %[[GRID:[0-9]+]] = mul i32 %ntid.x, %nctaid.x
; CHECK-NEXT: %[[P12:[0-9]+]] = getelementptr inbounds i8, ptr %dispatch.packet, i64 12
; CHECK-NEXT: store i32 %[[GRID]], ptr %[[P12]]
; CHECK-NEXT: %[[I0:[0-9]+]] = getelementptr inbounds i8, ptr %implicit.args, i64 0
; CHECK-NEXT: store i32 %nctaid.x, ptr %[[I0]]
; CHECK-NEXT: %[[I12:[0-9]+]] = getelementptr inbounds i8, ptr %implicit.args, i64 12
; CHECK-NEXT: store i16 %[[SIZE]], ptr %[[I12]]
; CHECK-NOT: amdgpu
; CHECK-NOT: target-features

; The thread's code, state by state: block size from the implicit
; arguments, grid size from the dispatch packet.
; CHECK-LABEL: define internal i32 @k.mm.thread.state.0(
; CHECK: %size.ptr = getelementptr inbounds i8, ptr %implicit.args, i64 12
; CHECK: %grid.ptr = getelementptr inbounds i8, ptr %dispatch.packet, i64 12
; The barrier's fences: release before it, acquire after it.
; CHECK-LABEL: define internal i32 @k.mm.thread.state.4(
; CHECK: fence release
; CHECK: ret i32 1
; CHECK-LABEL: define internal i32 @k.mm.thread.state.5(
; CHECK: fence acquire
; x, computed from the thread's ids, is recomputed after the barrier rather
; than kept in scratch memory.
; CHECK-NEXT: %x{{[0-9]*}} = add i32 %tid.x, %ctaid.y

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare void @llvm.amdgcn.s.barrier()
declare i64 @llvm.amdgcn.ballot.i64(i1)

attributes #0 = { "amdgpu-flat-work-group-size"="1,1024" "target-cpu"="gfx90a" "target-features"="+wavefrontsize64" }
