; mm-region-loops: the block function of a kernel with a resumable thread
; function. While every thread is live and at the same sync point, it runs
; region by region: a call of the function of the state's region, which
; switches on the state to a loop nest over the block's threads (state.0,
; state.1) calling its state's own copy of the thread function, and
; returns the stop they all reached or -1; then checks where the threads
; stopped. Otherwise it runs warp by warp (general, sweep) from each
; thread's stop, calling the thread function, which becomes a switch to
; the functions that run each state's copy for one thread; threads at
; different barriers are all released (block.barriers), threads at
; barriers while others wait at a warp operation fail the launch as what
; mm cannot run, with the reason. The input is
; mm-split-at-barriers' output.
; (region-functions.ll: more states than one function holds.)
; RUN: mm-opt -passes=mm-region-loops %s | FileCheck %s

; CHECK: @[[BLOCK_MESSAGE:__mm_trap.reason[.0-9]*]] = {{.*}} c"threads of one block wait at barriers while others wait at a warp operation (a barrier or warp operation in divergent control flow)\00"
; CHECK: @[[WARP_MESSAGE:__mm_trap.reason[.0-9]*]] = {{.*}} c"threads of one warp reached different warp operations (a warp operation in divergent control flow)\00"

; The thread function: a switch from each state to the function that holds
; it, given every argument.
; CHECK-LABEL: define internal i32 @k.mm.thread(
; CHECK-SAME: #[[THREAD_ATTRS:[0-9]+]]
; CHECK-NEXT: dispatch:
; CHECK-NEXT: switch i32 %state, label %resume.unknown [
; CHECK-NEXT: i32 0, label %resume.0
; CHECK-NEXT: i32 1, label %resume.0
; CHECK: resume.0:
; CHECK-NEXT: %stop = call i32 @k.mm.thread.resume.0(ptr %out, ptr %in, i32 %n, ptr %ctx, {{.*}}, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms)
; CHECK-NEXT: ret i32 %stop
; CHECK-NEXT: }

; CHECK-LABEL: define internal void @__mm_block.k(ptr %args, ptr %ctx)
; CHECK: block.diverged:
; CHECK-NEXT: call void @__mm_device_unsupported(ptr %ctx, ptr @{{.*}}, ptr @[[BLOCK_MESSAGE]])
; CHECK: warp.diverged:
; CHECK-NEXT: call void @__mm_device_unsupported(ptr %ctx, ptr @{{.*}}, ptr @[[WARP_MESSAGE]])
; CHECK: region.dispatch:
; CHECK: switch i32 %state, label %region.unknown [
; CHECK-NEXT: i32 0, label %regions.0
; CHECK-NEXT: i32 1, label %regions.0
; CHECK: regions.0:
; CHECK-NEXT: %stop = call i32 @k.mm.thread.regions.0({{.*}}, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, {{.*}}, ptr %thread.scratch, i64 0, i64 %threads, i32 %state, i1 true, ptr null)
; CHECK-NEXT: br label %region.check
; CHECK: region.check:
; CHECK-NEXT: %reached = phi i32 [ %stop, %regions.0 ]
; CHECK-NEXT: %[[AGREED:[0-9]+]] = icmp ne i32 %reached, -1
; CHECK-NEXT: br i1 %[[AGREED]], label %region.agreed, label %general
; CHECK: region.agreed:
; CHECK-NEXT: %[[EXITED:[0-9]+]] = icmp eq i32 %reached, 0
; CHECK-NEXT: br i1 %[[EXITED]], label %done, label %region.dispatch
; CHECK: general:
; CHECK: sweep:
; CHECK: thread.call:
; The warp-by-warp path resumes each thread from its own stop.
; CHECK: call i32 @k.mm.thread({{.*}}, i64 %threads, i32 %{{[0-9]+}}, i1 false, ptr

; State 0's copy: the dispatch's values, then the original entry's code to
; the barrier; state 1's: the same values, then the code after it.
; CHECK-LABEL: define internal i32 @k.mm.thread.state.0(
; CHECK-SAME: #[[STATE_ATTRS:[0-9]+]]
; CHECK-NEXT: entry:
; CHECK-NEXT: %0 = mul nuw nsw i64 %block.threads, 12
; CHECK: %v.reg2mem3 = getelementptr inbounds i8, ptr %1, i64 %2
; CHECK-NEXT: br label %3
; CHECK: store float %v.reload2, ptr %s
; CHECK: ret i32 1
; CHECK-NEXT: }
; CHECK-LABEL: define internal i32 @k.mm.thread.state.1(
; CHECK-NEXT: entry:
; CHECK: %v.reg2mem3 = getelementptr inbounds i8, ptr %1, i64 %2
; CHECK-NEXT: br label %resume
; CHECK: %v.reload = load float, ptr %v.reg2mem3
; CHECK-NOT: store float %v.reload2
; CHECK: ret i32 0
; CHECK-NEXT: }

; The regions: the extents are at least 1, the uniform values' buffer is
; theirs alone; each state's loop nest calls the state's copy for each
; thread, and the OR and AND of the stops say whether the threads agree.
; CHECK-LABEL: define internal i32 @k.mm.thread.regions.0(ptr %out, ptr %in, i32 %n,
; CHECK-SAME: i32 range(i32 1, 0) %ntid.x, i32 range(i32 1, 0) %ntid.y, i32 range(i32 1, 0) %ntid.z,
; CHECK-SAME: ptr noalias %uniforms) #[[FUNCTION_ATTRS:[0-9]+]]
; CHECK-NEXT: entry:
; CHECK-NEXT: switch i32 %state, label %state.unknown [
; CHECK-NEXT: i32 0, label %state.0
; CHECK-NEXT: i32 1, label %state.1
; CHECK: state.0:
; CHECK: tid.x{{[0-9]+}}:
; CHECK: %linear.tid = add nuw nsw i64
; CHECK-NEXT: %stop = call i32 @k.mm.thread.state.0(ptr %out, ptr %in, i32 %n, {{.*}}, i64 %linear.tid, i64 %block.threads, i32 0, i1 true, ptr %uniforms)
; CHECK-NEXT: %[[OR:[0-9]+]] = or i32 %{{[0-9]+}}, %stop
; CHECK-NEXT: %[[AND:[0-9]+]] = and i32 %{{[0-9]+}}, %stop
; CHECK: br i1 %{{[0-9]+}}, label %tid.x{{[0-9]+}}, label %tid.x.end, !llvm.loop
; CHECK: tid.z.end:
; CHECK-NEXT: %[[SAME:[0-9]+]] = icmp eq i32 %[[OR]], %[[AND]]
; CHECK-NEXT: %reached = select i1 %[[SAME]], i32 %[[OR]], i32 -1
; CHECK-NEXT: ret i32 %reached
; CHECK: state.1:
; CHECK: call i32 @k.mm.thread.state.1({{.*}}, i32 1, i1 true, ptr %uniforms)
; CHECK: ret i32 %reached{{[0-9]+}}
; CHECK-NEXT: }

; One thread's code from states 0 and 1, for the warp-by-warp path.
; CHECK-LABEL: define internal i32 @k.mm.thread.resume.0(ptr %out, ptr %in, i32 %n,
; CHECK-SAME: #[[FUNCTION_ATTRS]]
; CHECK-NEXT: entry:
; CHECK-NEXT: switch i32 %state, label %state.unknown [
; CHECK-NEXT: i32 0, label %state.0
; CHECK-NEXT: i32 1, label %state.1
; CHECK: state.0:
; CHECK-NEXT: %stop = call i32 @k.mm.thread.state.0(ptr %out, ptr %in, i32 %n, {{.*}}, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms)
; CHECK-NEXT: ret i32 %stop
; CHECK: state.1:
; CHECK-NEXT: %stop1 = call i32 @k.mm.thread.state.1(
; CHECK-NEXT: ret i32 %stop1

; The thread function and the functions of states are called, not
; inlined; the states' copies are inlined into them.
; CHECK: attributes #[[THREAD_ATTRS]] = { noinline "mm-block-barriers"="1"
; CHECK: attributes #[[STATE_ATTRS]] = { alwaysinline }
; CHECK: attributes #[[FUNCTION_ATTRS]] = { noinline }

source_filename = "sp-src.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tile = internal global [64 x float] undef, align 4 #0

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

declare void @llvm.nvvm.barrier0() #2

declare void @k(ptr, ptr, i32) #3

define internal i32 @k.mm.thread(ptr %out, ptr %in, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #4 !mm.uniform.slots !2 {
dispatch:
  %0 = mul nuw nsw i64 %block.threads, 12
  %1 = getelementptr inbounds i8, ptr %block.scratch, i64 %0
  %2 = mul nuw nsw i64 %thread.index, 4
  %v.reg2mem3 = getelementptr inbounds i8, ptr %1, i64 %2
  switch i32 %state, label %3 [
    i32 1, label %resume
  ]

3:                                                ; preds = %dispatch
  %p = getelementptr float, ptr %in, i32 %tid.x
  %v = load float, ptr %p, align 4, !alias.scope !3, !noalias !6
  store float %v, ptr %v.reg2mem3, align 4, !alias.scope !10, !noalias !11
  %tile1 = getelementptr inbounds i8, ptr %static.shared, i64 0
  %s = getelementptr [64 x float], ptr %tile1, i32 0, i32 %tid.x
  %v.reload2 = load float, ptr %v.reg2mem3, align 4, !alias.scope !10, !noalias !11
  store float %v.reload2, ptr %s, align 4, !alias.scope !3, !noalias !6
  br label %sync

sync:                                             ; preds = %3
  %4 = mul nuw nsw i64 %block.threads, 8
  %5 = getelementptr inbounds i8, ptr %block.scratch, i64 %4
  %6 = mul nuw nsw i64 %thread.index, 4
  %stop.slot = getelementptr inbounds i8, ptr %5, i64 %6
  store i32 1, ptr %stop.slot, align 4, !alias.scope !12, !noalias !13
  ret i32 1

resume:                                           ; preds = %dispatch
  %last = sub i32 %ntid.x, 1
  %j = sub i32 %last, %tid.x
  %tile = getelementptr inbounds i8, ptr %static.shared, i64 0
  %r = getelementptr [64 x float], ptr %tile, i32 0, i32 %j
  %w = load float, ptr %r, align 4, !alias.scope !3, !noalias !6
  %v.reload = load float, ptr %v.reg2mem3, align 4, !alias.scope !10, !noalias !11
  %sum = fadd float %w, %v.reload
  %scale1 = mul i32 %n, %ntid.x
  %sf = sitofp i32 %scale1 to float
  %res = fmul float %sum, %sf
  %q = getelementptr float, ptr %out, i32 %tid.x
  store float %res, ptr %q, align 4, !alias.scope !3, !noalias !6
  %7 = mul nuw nsw i64 %block.threads, 8
  %8 = getelementptr inbounds i8, ptr %block.scratch, i64 %7
  %9 = mul nuw nsw i64 %thread.index, 4
  %stop.slot4 = getelementptr inbounds i8, ptr %8, i64 %9
  store i32 0, ptr %stop.slot4, align 4, !alias.scope !12, !noalias !13
  ret i32 0
}

attributes #0 = { "mm-shared" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { "mm-kernel" }
attributes #4 = { alwaysinline "mm-block-barriers"="1" "mm-has-barriers" "mm-resumable" "mm-scratch-size"="16" "mm-static-shared-size"="256" "mm-thread-of"="k" "mm-uniform-buffer-size"="0" }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
!2 = !{}
!3 = !{!4}
!4 = distinct !{!4, !5, !"kernel memory"}
!5 = distinct !{!5, !"mm.scratch"}
!6 = !{!7, !8, !9}
!7 = distinct !{!7, !5, !"warp exchange"}
!8 = distinct !{!8, !5, !"stops"}
!9 = distinct !{!9, !5, !"v.reg2mem"}
!10 = !{!9}
!11 = !{!7, !8, !4}
!12 = !{!8}
!13 = !{!7, !9, !4}
