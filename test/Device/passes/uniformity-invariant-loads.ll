; print<mm-uniformity>: a load of memory that no thread changes while the
; kernel runs (!invariant.load: __ldg, a texture reference's handle) is the
; same in every thread when its address is; from a thread's own address, or
; without the metadata, it is the thread's own.
; RUN: mm-opt -passes='function(print<mm-uniformity>)' %s -o /dev/null | FileCheck %s

; CHECK-LABEL: Uniformity of 'k.mm.thread':
; CHECK-NEXT: uniform: %handle = load i64, ptr @texture, align 8, !invariant.load
; CHECK-NEXT: uniform: %texture = inttoptr i64 %handle to ptr
; CHECK-NEXT: uniform: %width.at = getelementptr inbounds i8, ptr %texture, i64 8
; CHECK-NEXT: uniform: %width = load i64, ptr %width.at, align 8, !invariant.load
; CHECK-NEXT: divergent: %at = getelementptr float, ptr %in, i32 %tid.x
; CHECK-NEXT: divergent: %own = load float, ptr %at, align 4, !invariant.load
; CHECK-NEXT: divergent: %plain = load i64, ptr @texture, align 8
; CHECK-NEXT: divergent: %out.at = getelementptr float, ptr %out, i32 %tid.x

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@texture = internal global i64 0

declare void @k(ptr, ptr) #0

define internal i32 @k.mm.thread(ptr %out, ptr %in, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #1 {
  %handle = load i64, ptr @texture, align 8, !invariant.load !2
  %texture = inttoptr i64 %handle to ptr
  %width.at = getelementptr inbounds i8, ptr %texture, i64 8
  %width = load i64, ptr %width.at, align 8, !invariant.load !2
  %at = getelementptr float, ptr %in, i32 %tid.x
  %own = load float, ptr %at, align 4, !invariant.load !2
  %plain = load i64, ptr @texture, align 8
  %out.at = getelementptr float, ptr %out, i32 %tid.x
  store float %own, ptr %out.at, align 4
  ret i32 0
}

attributes #0 = { "mm-kernel" }
attributes #1 = { alwaysinline "mm-resumable" "mm-thread-of"="k" }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
!2 = !{}
