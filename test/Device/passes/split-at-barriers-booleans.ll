; mm-split-at-barriers keeps a divergent i1 live across a barrier
; (%positive, a test of what the thread loaded) in a byte per thread: stored zero-extended,
; loaded and truncated after the barrier, so that a region's loop loads and
; stores the threads' flags as a vector of bytes (LLVM scalarizes a vector
; of i1, whose lanes are packed bits, one lane at a time). Then the whole
; pipeline: the regions' loops over the threads store and load the flags
; as vectors of bytes.
; RUN: mm-opt -passes=mm-split-at-barriers %s | FileCheck %s
; RUN: mm-opt -passes=mm-split-at-barriers -S %s -o %t.ll
; RUN: mm-opt -passes='mm-region-loops,mm-kernel-descriptors,mm-finalize-device,default<O3>' \
; RUN:   -mcpu=skylake-avx512 %t.ll | FileCheck %s --check-prefix=VECTOR

; CHECK-LABEL: define internal i32 @k.mm.thread(
; CHECK: %[[SLOT:positive.reg2mem[0-9]*]] = getelementptr inbounds i8, ptr %{{.*}}, i64 %{{.*}}
; CHECK: %positive = fcmp ogt float %v, 0.000000e+00
; CHECK-NEXT: %[[BYTE:.*]] = zext i1 %positive to i8
; CHECK-NEXT: store i8 %[[BYTE]], ptr %[[SLOT]]
; CHECK: resume:
; CHECK: %[[RELOADSLOT:positive.reg2mem[0-9]*]] = getelementptr inbounds i8, ptr %{{.*}}, i64 %{{.*}}
; CHECK-NEXT: %positive.reload = load i8, ptr %[[RELOADSLOT]], align 1
; CHECK-NEXT: %[[FLAG:.*]] = trunc i8 %positive.reload to i1
; CHECK-NEXT: br i1 %[[FLAG]]
; CHECK-NOT: load i1
; CHECK-NOT: store i1

; VECTOR-LABEL: define internal void @__mm_block.k(
; VECTOR: %[[FLAGS:.*]] = zext <[[N:[0-9]+]] x i1> %{{.*}} to <[[N]] x i8>
; VECTOR-NEXT: store <[[N]] x i8> %[[FLAGS]]
; VECTOR: load <[[N]] x i8>

source_filename = "booleans.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @k(ptr, ptr, i32) #3

define internal i32 @k.mm.thread(ptr %out, ptr %in, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #4 {
entry:
  %s = getelementptr inbounds [64 x float], ptr %static.shared, i32 0, i32 %tid.x
  %p = getelementptr inbounds float, ptr %in, i32 %tid.x
  %v = load float, ptr %p, align 4
  %positive = fcmp ogt float %v, 0.0
  store float %v, ptr %s, align 4
  call void @__mm_device_block_barrier()
  br i1 %positive, label %write, label %done

write:
  %last = sub i32 63, %tid.x
  %r = getelementptr inbounds [64 x float], ptr %static.shared, i32 0, i32 %last
  %w = load float, ptr %r, align 4
  %q = getelementptr inbounds float, ptr %out, i32 %tid.x
  store float %w, ptr %q, align 4
  br label %done

done:
  ret i32 0
}

declare void @__mm_device_block_barrier() #5

attributes #3 = { "mm-kernel" }
attributes #4 = { alwaysinline "mm-has-barriers" "mm-resumable" "mm-static-shared-size"="256" "mm-thread-of"="k" }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
