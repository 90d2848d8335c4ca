; A kernel of 18 barriers has 19 states: its block function calls two
; functions of regions, the first holding the regions of states 0 to 15,
; the second those of 16 to 18, each switching on the state it is given;
; its thread function, which the warp-by-warp path calls, switches to two
; functions that run one thread from those states.
; RUN: mm-opt --set='*:passes=mm-lower-device' %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define internal i32 @k.mm.thread(
; CHECK-NEXT: dispatch:
; CHECK-NEXT: switch i32 %state, label %resume.unknown [
; CHECK-NEXT: i32 0, label %resume.0
; CHECK: i32 15, label %resume.0
; CHECK-NEXT: i32 16, label %resume.16
; CHECK-NEXT: i32 17, label %resume.16
; CHECK-NEXT: i32 18, label %resume.16
; CHECK-NEXT: ]
; CHECK: call i32 @k.mm.thread.resume.0(
; CHECK: call i32 @k.mm.thread.resume.16(

; CHECK-LABEL: define internal void @__mm_block.k(
; CHECK: switch i32 %state, label %region.unknown [
; CHECK-NEXT: i32 0, label %regions.0
; CHECK: i32 15, label %regions.0
; CHECK-NEXT: i32 16, label %regions.16
; CHECK-NEXT: i32 17, label %regions.16
; CHECK-NEXT: i32 18, label %regions.16
; CHECK-NEXT: ]
; CHECK: regions.0:
; CHECK-NEXT: %[[FIRST:stop[0-9]*]] = call i32 @k.mm.thread.regions.0({{.*}}, i32 %state, i1 true, ptr
; CHECK: regions.16:
; CHECK-NEXT: %[[SECOND:stop[0-9]*]] = call i32 @k.mm.thread.regions.16({{.*}}, i32 %state, i1 true, ptr
; CHECK: region.check:
; CHECK-NEXT: %reached = phi i32 [ %[[FIRST]], %regions.0 ], [ %[[SECOND]], %regions.16 ]

; CHECK-LABEL: define internal i32 @k.mm.thread.regions.0(
; CHECK-NEXT: entry:
; CHECK-NEXT: switch i32 %state, label %state.unknown [
; CHECK-NEXT: i32 0, label %state.0
; CHECK: i32 15, label %state.15
; CHECK-NEXT: ]
; CHECK: call i32 @k.mm.thread.state.15(
; CHECK-NOT: call i32 @k.mm.thread.state.16(
; CHECK-LABEL: define internal i32 @k.mm.thread.regions.16(
; CHECK-NEXT: entry:
; CHECK-NEXT: switch i32 %state, label %state.unknown [
; CHECK-NEXT: i32 16, label %state.16
; CHECK-NEXT: i32 17, label %state.17
; CHECK-NEXT: i32 18, label %state.18
; CHECK-NEXT: ]
; CHECK: call i32 @k.mm.thread.state.16(
; CHECK: call i32 @k.mm.thread.state.17(
; CHECK: call i32 @k.mm.thread.state.18(
; CHECK-LABEL: define internal i32 @k.mm.thread.resume.0(
; CHECK-NEXT: entry:
; CHECK-NEXT: switch i32 %state, label %state.unknown [
; CHECK-NEXT: i32 0, label %state.0
; CHECK: i32 15, label %state.15
; CHECK-NEXT: ]
; CHECK-NOT: call i32 @k.mm.thread.state.16(
; CHECK-LABEL: define internal i32 @k.mm.thread.resume.16(
; CHECK: call i32 @k.mm.thread.state.16(
; CHECK: call i32 @k.mm.thread.state.17(
; CHECK: call i32 @k.mm.thread.state.18(

@tile = internal addrspace(3) global [256 x i32] undef, align 4

define void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = getelementptr [256 x i32], ptr addrspace(3) @tile, i32 0, i32 %tid
  %next = add i32 %tid, 1
  %wrapped = and i32 %next, 255
  %other = getelementptr [256 x i32], ptr addrspace(3) @tile, i32 0, i32 %wrapped
  store i32 %tid, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v0 = load i32, ptr addrspace(3) %other
  %s0 = add i32 %v0, %tid
  call void @llvm.nvvm.barrier0()
  store i32 %s0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v1 = load i32, ptr addrspace(3) %other
  %s1 = add i32 %v1, %s0
  call void @llvm.nvvm.barrier0()
  store i32 %s1, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v2 = load i32, ptr addrspace(3) %other
  %s2 = add i32 %v2, %s1
  call void @llvm.nvvm.barrier0()
  store i32 %s2, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v3 = load i32, ptr addrspace(3) %other
  %s3 = add i32 %v3, %s2
  call void @llvm.nvvm.barrier0()
  store i32 %s3, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v4 = load i32, ptr addrspace(3) %other
  %s4 = add i32 %v4, %s3
  call void @llvm.nvvm.barrier0()
  store i32 %s4, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v5 = load i32, ptr addrspace(3) %other
  %s5 = add i32 %v5, %s4
  call void @llvm.nvvm.barrier0()
  store i32 %s5, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v6 = load i32, ptr addrspace(3) %other
  %s6 = add i32 %v6, %s5
  call void @llvm.nvvm.barrier0()
  store i32 %s6, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v7 = load i32, ptr addrspace(3) %other
  %s7 = add i32 %v7, %s6
  call void @llvm.nvvm.barrier0()
  store i32 %s7, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v8 = load i32, ptr addrspace(3) %other
  %s8 = add i32 %v8, %s7
  call void @llvm.nvvm.barrier0()
  store i32 %s8, ptr addrspace(3) %slot
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s8, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
