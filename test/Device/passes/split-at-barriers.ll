; mm-split-at-barriers: a resumable thread function is split at its sync
; points. It starts with a switch on %state; at a barrier it records the
; sync point in its stop slot and returns its number; the code after it is
; where that number resumes. A divergent value live across the barrier
; (%v) lives in the thread's copy in the block's scratch memory; a uniform
; one computed from the block's values (%scale) is computed again after it.
; The thread function records its scratch size, its barrier count and its
; uniform buffer. The input is mm-lower-shared-memory's output.
; RUN: mm-opt -passes=mm-split-at-barriers %s | FileCheck %s
; RUN: mm-opt -passes='function(print<mm-uniformity>)' %s -o /dev/null | FileCheck %s --check-prefix=UNIFORMITY

; CHECK-LABEL: define internal i32 @k.mm.thread(
; CHECK-SAME: !mm.uniform.slots
; CHECK-NEXT: dispatch:
; CHECK-NEXT: switch i32 %state, label %[[START:.*]] [
; CHECK-NEXT: i32 1, label %resume
; CHECK-NEXT: ]
; Each block that uses %v's copy computes its address at its start: its
; array at 12 * threads (after the exchange slots and the stops), the
; thread's 4 bytes in it.
; CHECK: [[START]]:
; CHECK-NEXT: %[[ARRAY:[0-9]+]] = mul nuw nsw i64 %block.threads, 16
; CHECK-NEXT: %[[BASE:[0-9]+]] = getelementptr inbounds i8, ptr %block.scratch, i64 %[[ARRAY]]
; CHECK-NEXT: %[[OWN:[0-9]+]] = mul nuw nsw i64 %thread.index, 4
; CHECK-NEXT: %[[V_SLOT:v.reg2mem[0-9]*]] = getelementptr inbounds i8, ptr %[[BASE]], i64 %[[OWN]]
; CHECK: %v = load float, ptr %p
; CHECK-NEXT: store float %v, ptr %[[V_SLOT]]
; CHECK: sync:
; CHECK: %stop.slot = getelementptr inbounds i8,
; CHECK-NEXT: store i32 1, ptr %stop.slot
; CHECK-NEXT: ret i32 1
; CHECK: resume:
; CHECK-NEXT: %[[ARRAY2:[0-9]+]] = mul nuw nsw i64 %block.threads, 16
; CHECK-NEXT: %[[BASE2:[0-9]+]] = getelementptr inbounds i8, ptr %block.scratch, i64 %[[ARRAY2]]
; CHECK-NEXT: %[[OWN2:[0-9]+]] = mul nuw nsw i64 %thread.index, 4
; CHECK-NEXT: %[[V_SLOT2:v.reg2mem[0-9]*]] = getelementptr inbounds i8, ptr %[[BASE2]], i64 %[[OWN2]]
; CHECK: %v.reload = load float, ptr %[[V_SLOT2]]
; CHECK-NEXT: %sum = fadd float %w, %v.reload
; CHECK-NEXT: %[[SCALE:.*]] = mul i32 %n, %ntid.x
; CHECK-NEXT: %sf = sitofp i32 %[[SCALE]] to float
; CHECK: store i32 0, ptr %stop.slot{{.*}}
; CHECK-NEXT: ret i32 0
; CHECK-NOT: __mm_device_block_barrier
; CHECK: attributes {{#[0-9]+}} = { alwaysinline "mm-block-barriers"="1" "mm-has-barriers" "mm-resumable" "mm-scratch-size"="32" "mm-static-shared-size"="256" "mm-thread-of"="k" "mm-uniform-buffer-size"="0" }

; UNIFORMITY-LABEL: Uniformity of 'k.mm.thread':
; UNIFORMITY-NEXT: divergent: %p = getelementptr float, ptr %in, i32 %tid.x
; UNIFORMITY-NEXT: divergent: %v = load float
; UNIFORMITY-NEXT: uniform: %scale = mul i32 %n, %ntid.x
; UNIFORMITY-NEXT: uniform: %tile1 = getelementptr inbounds i8, ptr %static.shared, i64 0
; UNIFORMITY-NEXT: divergent: %s = getelementptr
; UNIFORMITY-NEXT: uniform: %last = sub i32 %ntid.x, 1
; UNIFORMITY-NEXT: divergent: %j = sub i32 %last, %tid.x

source_filename = "sp-src.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tile = internal global [64 x float] undef, align 4 #0

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

declare void @llvm.nvvm.barrier0() #2

declare void @k(ptr, ptr, i32) #3

define internal i32 @k.mm.thread(ptr %out, ptr %in, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #4 {
  %p = getelementptr float, ptr %in, i32 %tid.x
  %v = load float, ptr %p, align 4
  %scale = mul i32 %n, %ntid.x
  %tile1 = getelementptr inbounds i8, ptr %static.shared, i64 0
  %s = getelementptr [64 x float], ptr %tile1, i32 0, i32 %tid.x
  store float %v, ptr %s, align 4
  call void @__mm_device_block_barrier()
  %last = sub i32 %ntid.x, 1
  %j = sub i32 %last, %tid.x
  %tile = getelementptr inbounds i8, ptr %static.shared, i64 0
  %r = getelementptr [64 x float], ptr %tile, i32 0, i32 %j
  %w = load float, ptr %r, align 4
  %sum = fadd float %w, %v
  %sf = sitofp i32 %scale to float
  %res = fmul float %sum, %sf
  %q = getelementptr float, ptr %out, i32 %tid.x
  store float %res, ptr %q, align 4
  ret i32 0
}

declare void @__mm_device_block_barrier() #5

attributes #0 = { "mm-shared" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nounwind }
attributes #3 = { "mm-kernel" }
attributes #4 = { alwaysinline "mm-has-barriers" "mm-resumable" "mm-static-shared-size"="256" "mm-thread-of"="k" }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
