; mm-thread-functions: kernel K's body moves into `K.mm.thread`, which
; takes K's parameters and then the block's and the thread's state
; (ThreadArgs.def); K stays as a declaration. Kernels that synchronize (a
; barrier, a warp operation) get resumable thread functions, which also
; take the resumable parameters and return the sync point they stopped at.
; RUN: mm-opt -passes=mm-thread-functions %s | FileCheck %s

; CHECK: declare void @plain(ptr, i32) [[KERNEL:#[0-9]+]]
; CHECK: declare void @with_barrier(ptr) [[KERNEL]]
; CHECK: declare void @with_shuffle(ptr, i32) [[KERNEL]]
; CHECK: define void @not_a_kernel()

; CHECK: define internal void @plain.mm.thread(ptr %p, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) [[PLAIN:#[0-9]+]] {
; CHECK-NEXT: %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: ret void

; CHECK: define internal i32 @with_barrier.mm.thread(ptr %p, ptr %ctx, {{.*}}, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) [[BARRIER:#[0-9]+]] {
; CHECK-NEXT: store i32 1, ptr %p
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: ret i32 0

; CHECK: define internal i32 @with_shuffle.mm.thread(ptr %p, i32 %v, ptr %ctx, {{.*}}, ptr %uniforms) [[SHUFFLE:#[0-9]+]] {

; CHECK: attributes [[KERNEL]] = { "mm-kernel" }
; CHECK: attributes [[PLAIN]] = { alwaysinline "mm-thread-of"="plain" }
; CHECK: attributes [[BARRIER]] = { alwaysinline "mm-resumable" "mm-thread-of"="with_barrier" }
; CHECK: attributes [[SHUFFLE]] = { alwaysinline "mm-resumable" "mm-thread-of"="with_shuffle" }

target triple = "x86_64-unknown-linux-gnu"

define void @plain(ptr %p, i32 %n) "mm-kernel" {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = getelementptr i32, ptr %p, i32 %t
  store i32 %n, ptr %q
  ret void
}

define void @with_barrier(ptr %p) "mm-kernel" {
  store i32 1, ptr %p
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @with_shuffle(ptr %p, i32 %v) "mm-kernel" {
  %s = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 0, i32 31)
  store i32 %s, ptr %p
  ret void
}

define void @not_a_kernel() {
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
