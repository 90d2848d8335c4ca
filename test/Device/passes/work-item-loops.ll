; mm-work-item-loops: the block function `__mm_block.K(args, ctx)` of a
; kernel without sync points unpacks K's arguments and the block context
; and calls the thread function in loops over z, y, x. Without shared
; memory a call runs a range of blocks ("mm-block-ranges"): as one loop over
; the grid row's index when x is only used as blockIdx.x * blockDim.x +
; threadIdx.x (grid_row), else with a loop over the blocks inside y
; (own_x). With shared memory, one block (shared). The input is
; mm-split-at-barriers' output.
;
; The threads of a kernel without sync points are unordered: the loads and
; stores of its thread function are in an access group that the innermost
; loop declares parallel (llvm.loop.parallel_accesses), so that the loop
; vectorizer needs no proof that two threads' accesses do not overlap. Not
; when the thread function has memory of its own (an alloca, one for all the
; threads once it is inlined: private).
; RUN: mm-opt -passes=mm-work-item-loops %s | FileCheck %s

; CHECK: define internal void @grid_row.mm.thread({{.*}}) [[GRID_ROW:#[0-9]+]]
; CHECK: store float %r, ptr %p, align 4, !llvm.access.group [[GRID_ROW_GROUP:![0-9]+]]
; CHECK: define internal void @own_x.mm.thread({{.*}}) [[OWN_X:#[0-9]+]]
; CHECK: define internal void @shared.mm.thread({{.*}}) [[SHARED:#[0-9]+]]
; CHECK: define internal void @private.mm.thread(
; CHECK-NOT: llvm.access.group
; CHECK: ret void
; Atomic and volatile accesses order the threads: they stay out of the group.
; CHECK: define internal void @ordered.mm.thread(
; CHECK: %seen = load atomic i32, ptr %flag monotonic, align 4{{$}}
; CHECK: store volatile i32 %seen, ptr %p, align 4{{$}}
; CHECK-NEXT: store i32 %tid.x, ptr %p, align 4, !llvm.access.group

; CHECK-LABEL: define internal void @__mm_block.grid_row(ptr %args, ptr %ctx)
; CHECK: %[[ARG0:.*]] = getelementptr inbounds ptr, ptr %args, i64 0
; CHECK: %[[CTA_X:.*]] = getelementptr inbounds i8, ptr %ctx, i64 24
; CHECK-NEXT: %ctaid.x = load i32, ptr %[[CTA_X]]
; CHECK: %[[COUNT:.*]] = getelementptr inbounds i8, ptr %ctx, i64 36
; CHECK-NEXT: %block.count.x = load i32, ptr %[[COUNT]]
; CHECK: global.x:
; CHECK-NEXT: %[[GX:.*]] = phi i64
; CHECK-NEXT: %[[X:.*]] = trunc i64 %[[GX]] to i32
; CHECK-NEXT: call void @grid_row.mm.thread({{.*}}, i32 %[[X]], i32 %tid.y{{[0-9]*}}, i32 %tid.z{{[0-9]*}}, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 0, i32 %ctaid.y,
; CHECK: br i1 %{{[0-9]+}}, label %global.x, label %global.x.end, !llvm.loop [[GRID_ROW_LOOP:![0-9]+]]

; CHECK-LABEL: define internal void @__mm_block.own_x(
; CHECK: tid.y:
; CHECK: ctaid.x{{[0-9]+}}:
; CHECK-NEXT: %[[BLOCK:.*]] = phi i32 [ %ctaid.x, %tid.y ]
; CHECK: tid.x:
; CHECK-NEXT: %[[TID:.*]] = phi i32 [ 0,
; CHECK-NEXT: call void @own_x.mm.thread({{.*}}, i32 %[[TID]], i32 %tid.y{{[0-9]*}}, i32 %tid.z{{[0-9]*}}, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %[[BLOCK]], i32 %ctaid.y,
; CHECK: br i1 %{{[0-9]+}}, label %tid.x, label %tid.x.end, !llvm.loop [[OWN_X_LOOP:![0-9]+]]
; CHECK: icmp ult i32 %{{.*}}, %block.end.x

; CHECK-LABEL: define internal void @__mm_block.shared(
; CHECK-NOT: block.count.x
; CHECK: tid.x:
; CHECK-NEXT: %[[TID:.*]] = phi i32 [ 0,
; CHECK-NEXT: call void @shared.mm.thread({{.*}}, i32 %[[TID]], i32 %tid.y{{[0-9]*}}, i32 %tid.z{{[0-9]*}}, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y,
; CHECK: br i1 %{{[0-9]+}}, label %tid.x, label %tid.x.end, !llvm.loop [[SHARED_LOOP:![0-9]+]]

; CHECK-LABEL: define internal void @__mm_block.private(
; CHECK: tid.x:
; CHECK: br i1 %{{[0-9]+}}, label %tid.x, label %tid.x.end{{$}}

; CHECK: attributes [[GRID_ROW]] = { alwaysinline "mm-block-ranges"
; CHECK: attributes [[OWN_X]] = { alwaysinline "mm-block-ranges"
; CHECK: attributes [[SHARED]] = { alwaysinline "mm-static-shared-size"="256"

; CHECK: [[GRID_ROW_GROUP]] = distinct !{}
; CHECK: [[GRID_ROW_LOOP]] = distinct !{[[GRID_ROW_LOOP]], [[GRID_ROW_PARALLEL:![0-9]+]]}
; CHECK: [[GRID_ROW_PARALLEL]] = !{!"llvm.loop.parallel_accesses", [[GRID_ROW_GROUP]]}
; CHECK: [[OWN_X_LOOP]] = distinct !{[[OWN_X_LOOP]], [[OWN_X_PARALLEL:![0-9]+]]}
; CHECK: [[OWN_X_PARALLEL]] = !{!"llvm.loop.parallel_accesses",
; CHECK: [[SHARED_LOOP]] = distinct !{[[SHARED_LOOP]], [[SHARED_PARALLEL:![0-9]+]]}
; CHECK: [[SHARED_PARALLEL]] = !{!"llvm.loop.parallel_accesses",

source_filename = "wi3-src.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tile = internal global [64 x i32] undef, align 4 #0

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

declare void @grid_row(ptr, float) #2

declare void @own_x(ptr) #2

declare void @shared(ptr) #2

declare void @private(ptr) #2

declare void @ordered(ptr, ptr) #2

define internal void @grid_row.mm.thread(ptr %out, float %f, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #3 {
  %base = mul i32 %ctaid.x, %ntid.x
  %x = add i32 %tid.x, %base
  %p = getelementptr float, ptr %out, i32 %x
  %v = load float, ptr %p, align 4
  %r = fmul float %v, %f
  store float %r, ptr %p, align 4
  ret void
}

define internal void @own_x.mm.thread(ptr %out, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #4 {
  %p = getelementptr i32, ptr %out, i32 %tid.x
  store i32 %tid.x, ptr %p, align 4
  ret void
}

define internal void @shared.mm.thread(ptr %out, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #5 {
  %tile = getelementptr inbounds i8, ptr %static.shared, i64 0
  %s = getelementptr [64 x i32], ptr %tile, i32 0, i32 %tid.x
  store i32 %tid.x, ptr %s, align 4
  ret void
}

define internal void @private.mm.thread(ptr %out, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #6 {
  %own = alloca [4 x i32], align 4
  %lane = and i32 %tid.x, 3
  %e = getelementptr [4 x i32], ptr %own, i32 0, i32 %lane
  store i32 %tid.x, ptr %e, align 4
  %first = load i32, ptr %own, align 4
  %p = getelementptr i32, ptr %out, i32 %tid.x
  store i32 %first, ptr %p, align 4
  ret void
}

define internal void @ordered.mm.thread(ptr %out, ptr %flag, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #7 {
  %seen = load atomic i32, ptr %flag monotonic, align 4
  %p = getelementptr i32, ptr %out, i32 %tid.x
  store volatile i32 %seen, ptr %p, align 4
  store i32 %tid.x, ptr %p, align 4
  ret void
}

attributes #0 = { "mm-shared" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { "mm-kernel" }
attributes #3 = { alwaysinline "mm-static-shared-size"="0" "mm-thread-of"="grid_row" }
attributes #4 = { alwaysinline "mm-static-shared-size"="0" "mm-thread-of"="own_x" }
attributes #5 = { alwaysinline "mm-static-shared-size"="256" "mm-thread-of"="shared" }
attributes #6 = { alwaysinline "mm-static-shared-size"="0" "mm-thread-of"="private" }
attributes #7 = { alwaysinline "mm-static-shared-size"="0" "mm-thread-of"="ordered" }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
