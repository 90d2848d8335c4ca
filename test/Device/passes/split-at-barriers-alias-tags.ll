; mm-split-at-barriers tells alias analysis that the lowering's scratch
; arrays (one per value kept across a sync point, the stops) are disjoint
; from the kernel's memory and from each other, while accesses of one array
; may alias. The tags encode each class of memory in binary, a domain per
; bit, so that their metadata grows with the logarithm of the classes: here
; kernel memory, the stops, the warp exchange slots and three values (six
; classes, three domains). The input is mm-lower-shared-memory's output.
; RUN: mm-opt -passes=mm-split-at-barriers %s -S -o %t.ll
; RUN: opt -passes=aa-eval -aa-pipeline=scoped-noalias-aa -evaluate-aa-metadata \
; RUN:   -print-all-alias-modref-info -disable-output %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck %s --check-prefix=DOMAINS < %t.ll

; The kernel's load of %in and each value's store into its scratch array.
; CHECK-DAG: NoAlias:   %a = load float, ptr %pa{{.*}} <->   store float %a, ptr %a.reg2mem{{[0-9]*}}
; CHECK-DAG: NoAlias:   %a = load float, ptr %pa{{.*}} <->   store float %b, ptr %b.reg2mem{{[0-9]*}}
; CHECK-DAG: NoAlias:   %a = load float, ptr %pa{{.*}} <->   store float %c, ptr %c.reg2mem{{[0-9]*}}
; Two values' arrays, and a value's array and the stops.
; CHECK-DAG: NoAlias:   %a.reload = load float, ptr %a.reg2mem{{.*}} <->   store float %b, ptr %b.reg2mem{{[0-9]*}}
; CHECK-DAG: NoAlias:   %b.reload = load float, ptr %b.reg2mem{{.*}} <->   store float %c, ptr %c.reg2mem{{[0-9]*}}
; CHECK-DAG: NoAlias:   %c.reload = load float, ptr %c.reg2mem{{.*}} <->   store float %a, ptr %a.reg2mem{{[0-9]*}}
; CHECK-DAG: NoAlias:   %c.reload = load float, ptr %c.reg2mem{{.*}} <->   store i32 1, ptr %stop.slot
; One value's array, and the kernel's own memory, may alias themselves.
; CHECK-DAG: MayAlias:   %a.reload = load float, ptr %a.reg2mem{{.*}} <->   store float %a, ptr %a.reg2mem{{[0-9]*}}
; CHECK-DAG: MayAlias:   %a = load float, ptr %pa{{.*}} <->   store float %sum, ptr %q

; DOMAINS-COUNT-3: = distinct !{!{{[0-9]+}}, !"mm.scratch bit {{[0-2]}}"}
; DOMAINS-NOT: mm.scratch bit

source_filename = "tags.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @k(ptr, ptr, i32) #0

define internal i32 @k.mm.thread(ptr %out, ptr %in, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #1 {
  %pa = getelementptr float, ptr %in, i32 %tid.x
  %a = load float, ptr %pa, align 4
  %ib = add i32 %tid.x, %n
  %pb = getelementptr float, ptr %in, i32 %ib
  %b = load float, ptr %pb, align 4
  %ic = add i32 %ib, %n
  %pc = getelementptr float, ptr %in, i32 %ic
  %c = load float, ptr %pc, align 4
  call void @__mm_device_block_barrier()
  %ab = fadd float %a, %b
  %sum = fadd float %ab, %c
  %q = getelementptr float, ptr %out, i32 %tid.x
  store float %sum, ptr %q, align 4
  ret i32 0
}

declare void @__mm_device_block_barrier() #2

attributes #0 = { "mm-kernel" }
attributes #1 = { alwaysinline "mm-has-barriers" "mm-resumable" "mm-static-shared-size"="0" "mm-thread-of"="k" }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
