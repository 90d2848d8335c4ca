; mm-lower-thread-operations: in thread functions, thread and block queries
; read the parameters, lane ids derive from the linear thread index, warp
; shuffles exchange through the block's scratch memory between warp syncs,
; barriers become block-barrier sync points, printf and trap call the
; runtime with the block context. The input is mm-thread-functions' output.
; RUN: mm-opt -passes=mm-lower-thread-operations %s | FileCheck %s

; CHECK-LABEL: define internal void @queries.mm.thread(
; CHECK: %linear.tid = add nuw nsw i32 %tid.x,
; CHECK: %lane = urem i32 %linear.tid, 32
; CHECK: %a = add i32 %tid.y, %ntid.x
; CHECK: %b = add i32 %ctaid.z, %nctaid.x
; CHECK-NOT: llvm.nvvm.read

; CHECK-LABEL: define internal i32 @sync.mm.thread(
; Before a sync point that is not an exchange, the thread's exchange tag
; (the array after the stops: 12 bytes per thread in) says it waits (1).
; CHECK: %[[TAGS:.*]] = getelementptr inbounds i8, ptr %block.scratch, i64 %{{.*}}
; CHECK-NEXT: %[[THREADOFFSET:.*]] = mul nuw nsw i64 %thread.index, 4
; CHECK-NEXT: %[[TAG:.*]] = getelementptr inbounds i8, ptr %[[TAGS]], i64 %[[THREADOFFSET]]
; CHECK-NEXT: store i32 1, ptr %[[TAG]]
; CHECK-NEXT: call void @__mm_device_block_barrier()
; The value goes to this thread's exchange slot, and the tag of the first
; warp operation (1 << 3), a shuffle (2), to its tag; after a warp sync,
; the source lane's slot is read, if that lane, named by the mask, is at a
; shuffle or has exited (tag 0): else the launch fails. A shuffle's two
; syncs are exchanges, after the stores and after the reads, which lanes
; may reach at different shuffles.
; CHECK: %[[MINE:.*]] = getelementptr inbounds i8, ptr %block.scratch, i64
; CHECK: store i32 %v, ptr %[[MINE]]
; CHECK: store i32 10, ptr
; CHECK-NEXT: call void @__mm_device_warp_exchange_stored()
; CHECK: %[[SOURCEKIND:.*]] = and i32 %{{.*}}, 7
; CHECK-NEXT: %[[EXITED:.*]] = icmp ne i32 %[[SOURCEKIND]], 0
; CHECK-NEXT: %[[OTHER:.*]] = icmp ne i32 %[[SOURCEKIND]], 2
; CHECK: call void @__mm_device_unsupported(ptr %ctx, ptr @{{.*}}, ptr @__mm_trap.reason)
; CHECK: %[[THEIRS:.*]] = getelementptr inbounds i8, ptr %block.scratch, i64
; CHECK: %s = load i32, ptr %[[THEIRS]]
; CHECK-NEXT: call void @__mm_device_warp_exchange_read()
; A thread that returns is at no exchange (0).
; CHECK: store i32 0, ptr
; CHECK-NEXT: ret i32 0
; CHECK-NOT: llvm.nvvm.shfl

; CHECK-LABEL: define internal void @print_and_trap.mm.thread(
; CHECK: call i32 @__mm_device_vprintf(ptr %ctx, ptr @fmt, ptr %args)
; CHECK: call void @__mm_device_trap(ptr %ctx, ptr @{{.*}})
; CHECK: attributes {{#[0-9]+}} = { alwaysinline "mm-has-barriers" "mm-has-warp-ops" "mm-resumable" "mm-thread-of"="sync" }

source_filename = "to-src.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@fmt = private constant [4 x i8] c"%d\0A\00"

declare void @queries(ptr) #0

declare void @sync(ptr, i32) #0

declare void @print_and_trap(i32) #0

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.z() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.laneid() #1

declare void @llvm.nvvm.barrier0() #2

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #3

declare i32 @vprintf(ptr, ptr)

declare void @llvm.trap() #4

define internal void @queries.mm.thread(ptr %p, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #5 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %a = add i32 %tid, %ntid
  %b = add i32 %ctaid, %nctaid
  %c = add i32 %a, %b
  %d = add i32 %c, %lane
  store i32 %d, ptr %p, align 4
  ret void
}

define internal i32 @sync.mm.thread(ptr %p, i32 %v, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #6 {
  call void @llvm.nvvm.barrier0()
  %s = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 0, i32 31)
  store i32 %s, ptr %p, align 4
  ret i32 0
}

define internal void @print_and_trap.mm.thread(i32 %v, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #7 {
  %args = alloca i32, align 4
  store i32 %v, ptr %args, align 4
  %n = call i32 @vprintf(ptr @fmt, ptr %args)
  call void @llvm.trap()
  unreachable
}

attributes #0 = { "mm-kernel" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #4 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #5 = { alwaysinline "mm-thread-of"="queries" }
attributes #6 = { alwaysinline "mm-resumable" "mm-thread-of"="sync" }
attributes #7 = { alwaysinline "mm-thread-of"="print_and_trap" }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
