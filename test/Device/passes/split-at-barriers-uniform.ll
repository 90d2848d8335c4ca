; mm-split-at-barriers, a uniform value live across a barrier: %i, a phi of
; a loop whose branch is the same in every thread, has a slot in the block's
; uniform buffer (!mm.uniform.slots: scratch offset 16, buffer offset 0,
; 4 bytes). Each thread stores its copy; when every thread of the block
; resumes together (%in.region), the copy in the uniform buffer is read,
; which the region loop fills from the last thread, so that the optimizer
; can hoist it out of the loop over the threads.
; RUN: mm-opt -passes=mm-split-at-barriers %s | FileCheck %s

; CHECK-LABEL: define internal i32 @loop.mm.thread(
; CHECK-SAME: !mm.uniform.slots ![[SLOTS:[0-9]+]]
; CHECK: sync:
; CHECK: %[[COPIES:i.copies[0-9]*]] = getelementptr inbounds i8,
; CHECK-NEXT: store i32 %i, ptr %[[COPIES]]
; CHECK: resume:
; CHECK: %[[RELOADCOPIES:i.copies[0-9]*]] = getelementptr inbounds i8,
; CHECK-NEXT: %[[UNIFORM:.*]] = getelementptr inbounds i8, ptr %uniforms, i64 0
; CHECK-NEXT: %[[FROM:.*]] = select i1 %in.region, ptr %[[UNIFORM]], ptr %[[RELOADCOPIES]]
; CHECK-NEXT: %i.reload = load i32, ptr %[[FROM]]
; CHECK: "mm-uniform-buffer-size"="4"
; CHECK: ![[SLOTS]] = !{![[SLOT:[0-9]+]]}
; CHECK: ![[SLOT]] = !{i64 16, i64 0, i64 4}

source_filename = "un-src.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #0

declare void @llvm.nvvm.barrier0() #1

declare void @loop(ptr, i32) #2

define internal i32 @loop.mm.thread(ptr %out, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #3 {
entry:
  br label %body

body:                                             ; preds = %body, %entry
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  call void @__mm_device_block_barrier()
  %p = getelementptr i32, ptr %out, i32 %tid.x
  store i32 %i, ptr %p, align 4
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %body, label %exit

exit:                                             ; preds = %body
  ret i32 0
}

declare void @__mm_device_block_barrier() #4

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nounwind }
attributes #2 = { "mm-kernel" }
attributes #3 = { alwaysinline "mm-has-barriers" "mm-resumable" "mm-static-shared-size"="0" "mm-thread-of"="loop" }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
