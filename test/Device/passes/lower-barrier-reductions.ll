; mm-lower-barrier-reductions: __syncthreads_count, _and and _or become
; plain barriers around a count in shared memory of their own: thread 0
; clears it, every thread adds its predicate between two barriers, reads
; the count, and a third barrier keeps the next clear after every read.
; RUN: mm-opt -passes=mm-lower-barrier-reductions %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: @mm.barrier.count = internal addrspace(3) global i32 undef, align 4
; CHECK: @mm.barrier.count1 = internal addrspace(3) global i32 undef, align 4
; CHECK: @mm.barrier.count2 = internal addrspace(3) global i32 undef, align 4

; CHECK-LABEL: define i32 @reductions(
; CHECK-NOT: barrier0.popc
; CHECK: store i32 0, ptr addrspace(3) @mm.barrier.count
; CHECK: call void @llvm.nvvm.barrier0()
; CHECK: atomicrmw add ptr addrspace(3) @mm.barrier.count, i32 %{{.*}} monotonic
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: %[[COUNT:.*]] = load i32, ptr addrspace(3) @mm.barrier.count
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; The conjunction compares the count with the block's threads.
; CHECK: %[[ALL:.*]] = load i32, ptr addrspace(3) @mm.barrier.count1
; CHECK: icmp eq i32 %[[ALL]], %{{.*}}
; The disjunction asks for a nonzero count.
; CHECK: %[[ANY:.*]] = load i32, ptr addrspace(3) @mm.barrier.count2
; CHECK: icmp ne i32 %[[ANY]], 0
define i32 @reductions(i32 %p) {
  %count = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
  %all = call i32 @llvm.nvvm.barrier0.and(i32 %p)
  %any = call i32 @llvm.nvvm.barrier0.or(i32 %p)
  %s = add i32 %count, %all
  %r = add i32 %s, %any
  ret i32 %r
}

declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
