; mm-lower-shared-memory: the shared variables that a thread function uses
; are laid out in the block's static shared memory, each at its alignment,
; and every use (constant expressions too) becomes an address in
; %static.shared; extern (dynamically sized) shared memory is
; %dynamic.shared. The thread function records the size it needs. The
; placeholders stay for mm-finalize-device. The input is
; mm-lower-thread-operations' output.
; RUN: mm-opt -passes=mm-lower-shared-memory %s | FileCheck %s

; CHECK: @a = internal global [16 x i32] undef, align 4 [[SHARED:#[0-9]+]]
; CHECK-LABEL: define internal void @k.mm.thread(
; CHECK: %[[A1:.*]] = getelementptr inbounds i8, ptr %static.shared, i64 0
; CHECK-NEXT: %pa = getelementptr [16 x i32], ptr %[[A1]], i32 0, i32 %tid.x
; CHECK: %b = getelementptr inbounds i8, ptr %static.shared, i64 64
; CHECK-NEXT: store double 1.0{{.*}}, ptr %b, align 8
; CHECK: %[[A2:.*]] = getelementptr inbounds i8, ptr %static.shared, i64 0
; CHECK-NEXT: %[[ELEMENT:.*]] = getelementptr inbounds [16 x i32], ptr %[[A2]], i64 0, i64 3
; CHECK-NEXT: store i32 7, ptr %[[ELEMENT]]
; CHECK: %pd = getelementptr [0 x float], ptr %dynamic.shared, i32 0, i32 %tid.x
; CHECK: attributes [[SHARED]] = { "mm-shared" }
; CHECK: attributes {{#[0-9]+}} = { alwaysinline "mm-static-shared-size"="80" "mm-thread-of"="k" }

source_filename = "sh-src.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = internal global [16 x i32] undef, align 4 #0
@b = internal global double undef, align 8 #0
@dyn = external global [0 x float], align 16 #0

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

declare void @k(ptr) #2

define internal void @k.mm.thread(ptr %out, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #3 {
  %pa = getelementptr [16 x i32], ptr @a, i32 0, i32 %tid.x
  store i32 %tid.x, ptr %pa, align 4
  store double 1.000000e+00, ptr @b, align 8
  store i32 7, ptr getelementptr inbounds ([16 x i32], ptr @a, i64 0, i64 3), align 4
  %pd = getelementptr [0 x float], ptr @dyn, i32 0, i32 %tid.x
  store float 2.000000e+00, ptr %pd, align 4
  ret void
}

attributes #0 = { "mm-shared" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { "mm-kernel" }
attributes #3 = { alwaysinline "mm-thread-of"="k" }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
