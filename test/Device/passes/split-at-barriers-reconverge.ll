; Uniformity after a divergent branch: the threads that part at a branch on
; their index meet again at its immediate post-dominator. In @tiles, the
; loop's counter %i stays uniform although the loop's body branches on the
; thread's index (Rodinia's hotspot and nw have this shape): only the phi
; where the two ways meet (%done) differs between threads. In @search, the
; loop's exit depends on the thread, so its phis differ between threads (they
; leave it in different iterations).
;
; mm-split-at-barriers then keeps %i once for the block, and recomputes the
; divergent %at from the thread's index and %i after the barrier, where it
; used to keep a copy per thread: in a region's loop the address stays
; consecutive in x. %done, which only the threads know, stays in scratch,
; a byte per thread.
; RUN: mm-opt -passes='function(print<mm-uniformity>)' %s -o /dev/null | FileCheck %s --check-prefix=UNIFORMITY
; RUN: mm-opt -passes=mm-split-at-barriers %s | FileCheck %s

; UNIFORMITY-LABEL: Uniformity of 'tiles.mm.thread':
; UNIFORMITY-NEXT: uniform: %i = phi i32
; UNIFORMITY-NEXT: divergent: %behind = icmp ult i32 %tid.x, %i
; UNIFORMITY-NEXT: divergent: %p = getelementptr i32, ptr %out, i32 %tid.x
; UNIFORMITY-NEXT: divergent: %done = phi i1
; UNIFORMITY-NEXT: divergent: %at = add i32 %tid.x, %i
; UNIFORMITY-NEXT: divergent: %q = getelementptr i32, ptr %out, i32 %at
; UNIFORMITY-NEXT: divergent: %flag = zext i1 %done to i32
; UNIFORMITY-NEXT: uniform: %i.next = add i32 %i, 1
; UNIFORMITY-NEXT: uniform: %more = icmp slt i32 %i.next, %n
; UNIFORMITY-LABEL: Uniformity of 'search.mm.thread':
; UNIFORMITY-NEXT: divergent: %i = phi i32
; UNIFORMITY-NEXT: divergent: %i.next = add i32 %i, 1
; UNIFORMITY-NEXT: divergent: %found = icmp eq i32 %i.next, %tid.x
; UNIFORMITY-NEXT: divergent: %p = getelementptr i32, ptr %out, i32 %tid.x

; CHECK-LABEL: define internal i32 @tiles.mm.thread(
; CHECK-NOT: %at.reg2mem
; CHECK: join:
; CHECK-NEXT: %done = phi i1
; CHECK: %[[DONE_SLOT:done.reg2mem[0-9]*]] = getelementptr inbounds i8,
; CHECK-NEXT: %[[DONE_BYTE:.*]] = zext i1 %done to i8
; CHECK-NEXT: store i8 %[[DONE_BYTE]], ptr %[[DONE_SLOT]]
; CHECK: sync{{[0-9]+}}:
; CHECK: %[[I_COPIES:i.copies[0-9]*]] = getelementptr inbounds i8,
; CHECK-NEXT: store i32 %i.reload, ptr %[[I_COPIES]]
; CHECK: resume{{[0-9]+}}:
; CHECK: %[[DONE_RELOAD_SLOT:done.reg2mem[0-9]*]] = getelementptr inbounds i8,
; CHECK: %[[I:i.reload[0-9]*]] = load i32, ptr
; CHECK-NEXT: %[[AT:at[0-9]*]] = add i32 %tid.x, %[[I]]
; CHECK-NEXT: %q = getelementptr i32, ptr %out, i32 %[[AT]]
; CHECK-NEXT: %done.reload = load i8, ptr %[[DONE_RELOAD_SLOT]]
; CHECK-NEXT: trunc i8 %done.reload to i1

source_filename = "reconverge.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @tiles(ptr, i32) #0
declare void @search(ptr) #0

define internal i32 @tiles.mm.thread(ptr %out, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #1 {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  call void @__mm_device_block_barrier()
  %behind = icmp ult i32 %tid.x, %i
  br i1 %behind, label %then, label %join

then:
  %p = getelementptr i32, ptr %out, i32 %tid.x
  store i32 %i, ptr %p, align 4
  br label %join

join:
  %done = phi i1 [ true, %then ], [ false, %body ]
  %at = add i32 %tid.x, %i
  call void @__mm_device_block_barrier()
  %q = getelementptr i32, ptr %out, i32 %at
  %flag = zext i1 %done to i32
  store i32 %flag, ptr %q, align 4
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %exit

exit:
  ret i32 0
}

define internal i32 @search.mm.thread(ptr %out, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #2 {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %i.next = add i32 %i, 1
  %found = icmp eq i32 %i.next, %tid.x
  br i1 %found, label %exit, label %body

exit:
  call void @__mm_device_block_barrier()
  %p = getelementptr i32, ptr %out, i32 %tid.x
  store i32 %i, ptr %p, align 4
  ret i32 0
}

declare void @__mm_device_block_barrier() #3

attributes #0 = { "mm-kernel" }
attributes #1 = { alwaysinline "mm-has-barriers" "mm-resumable" "mm-static-shared-size"="0" "mm-thread-of"="tiles" }
attributes #2 = { alwaysinline "mm-has-barriers" "mm-resumable" "mm-static-shared-size"="0" "mm-thread-of"="search" }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
