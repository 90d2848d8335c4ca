; Barriers, shared memory and warp shuffles: the kernel becomes a resumable
; thread function run region by region.
; RUN: mm-opt --set='*:passes=mm-lower-device' %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4
@flag = internal addrspace(3) global i8 undef, align 1
@dynamic = external addrspace(3) global [0 x i32], align 4

; Static shared memory: @tile at 0, @flag at 256, 260 bytes rounded to 272.
; Flags: barriers and warp operations.
; CHECK: @__mm_kernel.k = constant {{.*}} { i32 1, i32 3, i64 272, i64 [[SCRATCH:[0-9]+]], i32 2,
; CHECK-NOT: @tile
; CHECK-NOT: @dynamic

; CHECK-LABEL: define internal i32 @k.mm.thread(ptr %out, i32 %n, {{.*}}, ptr %scratch, ptr %block.scratch, i64 %scratch.stride, i32 %state)
; Resuming: a switch on the barrier the thread stopped at.
; CHECK: dispatch:
; CHECK: %sum.reg2mem{{[0-9]*}} = getelementptr inbounds i8, ptr %scratch, i64
; CHECK: switch i32 %state, label %[[START:.*]] [
; CHECK-NEXT: i32 1, label %resume
; CHECK-NEXT: i32 2, label %resume{{[0-9]+}}
; CHECK-NEXT: i32 3, label %resume{{[0-9]+}}
; CHECK-NEXT: i32 4, label %resume{{[0-9]+}}
; CHECK-NEXT: ]
define void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; Shared variables are at their offsets in this block's memory.
; CHECK: %tile{{[0-9]*}} = getelementptr inbounds i8, ptr %static.shared, i64 0
; CHECK: %flag{{[0-9]*}} = getelementptr inbounds i8, ptr %static.shared, i64 256
  %slot = getelementptr [64 x i32], ptr addrspace(3) @tile, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %slot
  store i8 1, ptr addrspace(3) @flag
  %dyn = getelementptr i32, ptr addrspace(3) @dynamic, i32 %tid
  store i32 %n, ptr addrspace(3) %dyn
  br label %loop

; A barrier in a loop: the loop's values live across it are in scratch.
; CHECK: ret i32 1
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  call void @llvm.nvvm.barrier0()
  %other = getelementptr [64 x i32], ptr addrspace(3) @tile, i32 0, i32 %i
  %v = load i32, ptr addrspace(3) %other
  %sum.next = add i32 %sum, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

; A shuffle: store this thread's value, sync, read the source lane's, sync.
; CHECK: %shfl.lane = select i1 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}
; CHECK: store i32 %sum.next{{.*}}, ptr %scratch
; CHECK: ret i32 2
; CHECK: ret i32 3
; CHECK: ret i32 4
; CHECK: %d = getelementptr i32, ptr %dynamic.shared, i32 %tid.x
exit:
  %shuffled = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %sum.next, i32 1, i32 31)
  call void @llvm.nvvm.barrier0()
  %d = getelementptr i32, ptr addrspace(3) @dynamic, i32 %tid
  store i32 %shuffled, ptr addrspace(3) %d
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %shuffled, ptr addrspace(1) %o
; CHECK: ret i32 0
  ret void
}

; The block function runs all threads from state 0, then from the barrier
; they all stopped at, until they all finish; threads stopping at different
; barriers trap.
; CHECK-LABEL: define internal void @__mm_block.k(ptr %args, ptr %ctx)
; CHECK: %thread.scratch = load ptr
; CHECK: region.dispatch:
; CHECK-NEXT: %state = phi i32 [ 0, %run ], [ %region.min, %agreed ]
; CHECK-NEXT: switch i32 %state, label %region.check [
; CHECK-NEXT: i32 0, label %region.0
; CHECK: i32 4, label %region.4
; CHECK: region.0:
; CHECK: tid.x:
; CHECK: %scratch = getelementptr i8, ptr %thread.scratch, i64 %{{[0-9]+}}
; CHECK: %stop = call i32 @k.mm.thread({{.*}}, ptr %scratch, ptr %thread.scratch, i64 [[SCRATCH]], i32 0)
; CHECK: call i32 @llvm.umin.i32(i32 %{{[0-9]+}}, i32 %stop)
; CHECK: call i32 @llvm.umax.i32(i32 %{{[0-9]+}}, i32 %stop)
; CHECK: region.check:
; CHECK: %[[DIVERGED:[0-9]+]] = icmp ne i32 %region.min, %region.max
; CHECK-NEXT: br i1 %[[DIVERGED]], label %diverged, label %agreed
; CHECK: diverged:
; CHECK-NEXT: call void @__mm_device_trap(ptr %ctx, ptr @__mm_trap.function{{.*}})
; CHECK: agreed:
; CHECK-NEXT: %[[FINISHED:[0-9]+]] = icmp eq i32 %region.min, 0
; CHECK-NEXT: br i1 %[[FINISHED]], label %done, label %region.dispatch

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
