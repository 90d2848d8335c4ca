; A kernel whose thread 0 waits for another block's store, polling with an
; atomic update that changes nothing (`atomicAdd(&flag, 0)`, HeCBench's
; pad): mm-spin-waits marks it, and its block function reports to the runtime
; (`__mm_device_block_spins`) each time the block does no more than wait,
; so that the runtime can give its processor to another block or start
; more: when every thread, run region by region, came back to the
; spin-wait's yield point, and after a sweep over the warps in which each
; warp that ran only came back round the spin-wait it ran from.
; RUN: mm-opt --set='*:passes=mm-lower-device' %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; Flags: barriers (1), parameter sizes (8), spin-waits (16).
; CHECK: @__mm_kernel.k = constant {{.*}} { i32 1, i32 25,

; CHECK-LABEL: define internal void @__mm_block.k(ptr %args, ptr %ctx)
; Region by region, every thread stopped at the spin-wait's yield point
; (stop 2, after the barrier's 1): the block reports, then runs on.
; CHECK: region.agreed:
; CHECK-NEXT: %[[EXITED:[0-9]+]] = icmp eq i32 %reached, 0
; CHECK-NEXT: br i1 %[[EXITED]], label %done, label %region.again
; CHECK: region.again:
; CHECK-NEXT: %[[SPINS:[0-9]+]] = icmp uge i32 %reached, 2
; CHECK-NEXT: br i1 %[[SPINS]], label %region.spins, label %region.dispatch
; CHECK: region.spins:
; CHECK-NEXT: call void @__mm_device_block_spins(ptr %ctx)
; CHECK-NEXT: br label %region.dispatch
; Warp by warp: whether a warp ran on from anything but a spin-wait it came
; back to.
; CHECK: sweep:
; CHECK: %worked = phi i1 [ false, %general ], [ %[[WORKEDNOW:[0-9]+]], %warp.rerun ], [ %[[NEXTWORKED:[0-9]+]], %sweep.next ]
; CHECK: sweep.next:
; CHECK: %[[NEXTWORKED]] = phi i1 [ %worked, %{{.*}} ], [ %worked, %warp.agreed ], [ %worked, %warp.barriers ], [ %[[WORKEDNOW]], %warp.rerun ]
; CHECK: sweep.end:
; CHECK-NEXT: br i1 %{{[0-9]+}}, label %sweep.progressed, label %block.scan
; A warp whose threads all waited at the spin-wait's yield point and all came
; back to it, none exited, did no work.
; CHECK: thread.call:
; CHECK: %[[FROMSPIN:[0-9]+]] = icmp uge i32 %[[WARPMIN:[0-9]+]], 2
; CHECK-NEXT: %[[MINBACK:[0-9]+]] = icmp eq i32 %{{[0-9]+}}, %[[WARPMIN]]
; CHECK-NEXT: %[[MAXBACK:[0-9]+]] = icmp eq i32 %{{[0-9]+}}, %[[WARPMIN]]
; CHECK-NEXT: %[[NONEEXITED:[0-9]+]] = icmp eq i32 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK-NEXT: %[[A:[0-9]+]] = and i1 %[[FROMSPIN]], %[[MINBACK]]
; CHECK-NEXT: %[[B:[0-9]+]] = and i1 %[[A]], %[[MAXBACK]]
; CHECK-NEXT: %[[SPUN:[0-9]+]] = and i1 %[[B]], %[[NONEEXITED]]
; CHECK-NEXT: %[[RUNWORK:[0-9]+]] = xor i1 %[[SPUN]], true
; CHECK-NEXT: br label %warp.rerun
; CHECK: warp.rerun:
; CHECK-NEXT: %ran.work = phi i1 [ true, %{{.*}} ], [ %{{[0-9]+}}, %warp.yielded ], [ %[[RUNWORK]], %thread.end{{[0-9]+}} ]
; CHECK-NEXT: %[[WORKEDNOW]] = or i1 %worked, %ran.work
; CHECK: sweep.progressed:
; CHECK-NEXT: br i1 %[[NEXTWORKED]], label %general, label %block.spins
; CHECK: block.spins:
; CHECK-NEXT: call void @__mm_device_block_spins(ptr %ctx)
; CHECK-NEXT: br label %general
; CHECK: declare void @__mm_device_block_spins(ptr)

define void @k(ptr %flags, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %wait, label %join
wait:
  %v = atomicrmw or ptr %flags, i32 0 seq_cst
  %unset = icmp eq i32 %v, 0
  br i1 %unset, label %wait, label %join
join:
  call void @llvm.nvvm.barrier0()
  %slot = getelementptr i32, ptr %out, i32 %tid
  store i32 1, ptr %slot
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
