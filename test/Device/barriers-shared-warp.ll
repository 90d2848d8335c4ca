; Barriers, shared memory and warp shuffles: the kernel becomes a resumable
; thread function (the THREAD prefix: as mm-split-at-barriers leaves it)
; run region by region.
; RUN: mm-opt --set='*:passes=mm-lower-device' \
; RUN:   -print-after=mm-split-at-barriers %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=THREAD
; RUN: mm-opt --set='*:passes=mm-lower-device' %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4
@flag = internal addrspace(3) global i8 undef, align 1
@dynamic = external addrspace(3) global [0 x i32], align 4

; Static shared memory: @tile at 0, @flag at 256, 260 bytes rounded to 272.
; Flags: barriers and warp operations.
; CHECK: @__mm_kernel.k = constant {{.*}} { i32 1, i32 11, i64 272, i64 {{[0-9]+}}, i32 2,
; CHECK-NOT: @tile
; CHECK-NOT: @dynamic

; THREAD-LABEL: define internal i32 @k.mm.thread(ptr %out, i32 %n, {{.*}}, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms)
; Resuming: a switch on the barrier the thread stopped at.
; Scratch memory holds one array per value, the threads' copies side by
; side: the value at per-thread offset O is at O * threads + thread * size.
; The first arrays are the warp exchange slots (8 bytes) and the stops (4).
; Here the values are at per-thread offsets 12 (shuffled), 16, 20 (sum), 24
; (the copies of the loop counter i, which is the same in every thread);
; each block that uses a value's copy computes its address at its start.
; THREAD: dispatch:
; THREAD-NEXT: switch i32 %state, label %[[START:.*]] [
; THREAD-NEXT: i32 1, label %resume
; THREAD-NEXT: i32 2, label %resume{{[0-9]+}}
; THREAD-NEXT: i32 3, label %resume{{[0-9]+}}
; THREAD-NEXT: i32 4, label %resume{{[0-9]+}}
; THREAD-NEXT: ]
define void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; Shared variables are at their offsets in this block's memory.
; THREAD: %tile{{[0-9]*}} = getelementptr inbounds i8, ptr %static.shared, i64 0
; THREAD: %flag{{[0-9]*}} = getelementptr inbounds i8, ptr %static.shared, i64 256
  %slot = getelementptr [64 x i32], ptr addrspace(3) @tile, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %slot
  store i8 1, ptr addrspace(3) @flag
  %dyn = getelementptr i32, ptr addrspace(3) @dynamic, i32 %tid
  store i32 %n, ptr addrspace(3) %dyn
  br label %loop

; A barrier in a loop: the loop's values live across it are in scratch.
; The sum differs between threads: it is stored where it is defined and
; loaded where it is used. The counter i is the same in every thread: each
; thread stores its copy at the barrier, and after the barrier reads the
; block function's buffer (region by region) or its own copy (warp by warp).
; Every access to scratch memory is in an alias scope of its own.
; The thread function has no memory of its own (its allocas went to
; scratch): its plain loads and stores are in one access group, which the
; region loops declare parallel.
; THREAD: loop:
; THREAD: [[SUMOFFSET:%[0-9]+]] = mul nuw nsw i64 %block.threads, 24
; THREAD-NEXT: [[SUMARRAY:%[0-9]+]] = getelementptr inbounds i8, ptr %block.scratch, i64 [[SUMOFFSET]]
; THREAD-NEXT: [[SUMINDEX:%[0-9]+]] = mul nuw nsw i64 %thread.index, 4
; THREAD-NEXT: %[[SUMSLOT:sum.reg2mem[0-9]*]] = getelementptr inbounds i8, ptr [[SUMARRAY]], i64 [[SUMINDEX]]
; THREAD-NEXT: store i32 %sum, ptr %[[SUMSLOT]], align 4, !alias.scope [[SUMSCOPE:![0-9]+]], !noalias {{![0-9]+$}}
; THREAD: sync:
; THREAD-NEXT: [[IOFFSET:%[0-9]+]] = mul nuw nsw i64 %block.threads, 28
; THREAD-NEXT: [[IARRAY:%[0-9]+]] = getelementptr inbounds i8, ptr %block.scratch, i64 [[IOFFSET]]
; THREAD-NEXT: [[IINDEX:%[0-9]+]] = mul nuw nsw i64 %thread.index, 4
; THREAD-NEXT: %[[ISLOT:i.copies[0-9]*]] = getelementptr inbounds i8, ptr [[IARRAY]], i64 [[IINDEX]]
; THREAD-NEXT: store i32 %i, ptr %[[ISLOT]], align 4, !alias.scope [[ISCOPE:![0-9]+]], !noalias
; Each thread stores its stop before returning it.
; THREAD: %stop.slot = getelementptr inbounds i8
; THREAD-NEXT: store i32 1, ptr %stop.slot, align 4, !alias.scope [[STOPSCOPE:![0-9]+]], !noalias
; THREAD-NEXT: ret i32 1
; THREAD: resume:
; THREAD: [[BUFFER:%[0-9]+]] = getelementptr inbounds i8, ptr %uniforms, i64 0
; THREAD-NEXT: [[FROM:%[0-9]+]] = select i1 %in.region, ptr [[BUFFER]], ptr %i.copies{{[0-9]*}}
; THREAD-NEXT: %i.reload = load i32, ptr [[FROM]], align 4, !alias.scope [[ISCOPE]]
; THREAD: %other = getelementptr [64 x i32], ptr %tile, i32 0, i32 %i.reload
; THREAD: %sum.reload = load i32, ptr %sum.reg2mem{{[0-9]*}}, align 4, !alias.scope [[SUMSCOPE]]
; THREAD: %i.next = add i32 %i.reload, 1
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

; A shuffle: store this thread's value, warp sync, read the source lane's,
; warp sync. Block barriers are numbered first (1, 2), warp sync points
; after them (3, 4).
; THREAD: %shfl.lane = select i1 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}
; THREAD: [[INDEX:%[0-9]+]] = mul nuw nsw i64 %thread.index, 8
; THREAD-NEXT: [[SLOT:%[0-9]+]] = getelementptr inbounds i8, ptr %block.scratch, i64 [[INDEX]]
; THREAD-NEXT: store i32 %sum.next{{.*}}, ptr [[SLOT]]
; THREAD: store i32 3, ptr %stop.slot{{[0-9]+}}, align 4, !alias.scope [[STOPSCOPE]]
; THREAD-NEXT: ret i32 3
; THREAD: ret i32 4
; THREAD: ret i32 2
; THREAD: %d = getelementptr i32, ptr %dynamic.shared, i32 %tid.x
exit:
  %shuffled = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %sum.next, i32 1, i32 31)
  call void @llvm.nvvm.barrier0()
  %d = getelementptr i32, ptr addrspace(3) @dynamic, i32 %tid
  store i32 %shuffled, ptr addrspace(3) %d
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %shuffled, ptr addrspace(1) %o
; THREAD: ret i32 0
  ret void
}

; The block function runs all threads from state 0, then, while they all
; stop at the same sync point, from there, region by region. The threads'
; stops are in the stop array (per-thread offset 8). Before each region, the
; buffer of uniform values gets the last thread's copies.
; CHECK-LABEL: define internal void @__mm_block.k(ptr %args, ptr %ctx)
; CHECK-NEXT: entry:
; CHECK-NEXT: %uniforms = alloca [4 x i8], align 16
; CHECK: %thread.scratch = load ptr
; CHECK: %threads = zext i32 %{{[0-9]+}} to i64
; CHECK-NEXT: [[STOPSOFFSET:%[0-9]+]] = mul nuw nsw i64 %threads, 8
; CHECK-NEXT: %stops = getelementptr inbounds i8, ptr %thread.scratch, i64 [[STOPSOFFSET]]
; CHECK: block.diverged:
; CHECK-NEXT: call void @__mm_device_unsupported(ptr %ctx, ptr @{{.*}}, ptr @{{.*}})
; CHECK: warp.diverged:
; CHECK-NEXT: call void @__mm_device_unsupported(ptr %ctx, ptr @{{.*}}, ptr @{{.*}})
; CHECK: region.dispatch:
; CHECK-NEXT: %state = phi i32 [ 0, %run ], [ %reached, %region.agreed ], [ %{{[0-9]+}}, %block.agreed ]
; CHECK-NEXT: %last.thread = sub i64 %threads, 1
; CHECK-NEXT: [[TOBUFFER:%[0-9]+]] = getelementptr inbounds i8, ptr %uniforms, i64 0
; CHECK-NEXT: [[IOFFSET2:%[0-9]+]] = mul nuw nsw i64 %threads, 28
; CHECK-NEXT: [[IARRAY2:%[0-9]+]] = getelementptr inbounds i8, ptr %thread.scratch, i64 [[IOFFSET2]]
; CHECK-NEXT: [[ILAST:%[0-9]+]] = mul nuw nsw i64 %last.thread, 4
; CHECK-NEXT: [[IFROM:%[0-9]+]] = getelementptr inbounds i8, ptr [[IARRAY2]], i64 [[ILAST]]
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr [[TOBUFFER]], ptr [[IFROM]], i64 4, i1 false)
; CHECK-NEXT: switch i32 %state, label %region.unknown [
; CHECK-NEXT: i32 0, label %regions.0
; CHECK: i32 4, label %regions.0
; The regions are a function of their own, given the block's values, the
; state and the uniform values' buffer.
; CHECK: regions.0:
; CHECK-NEXT: %stop = call i32 @k.mm.thread.regions.0({{.*}}, ptr %thread.scratch, i64 0, i64 %threads, i32 %state, i1 true, ptr %uniforms)
; CHECK: region.check:
; CHECK: %[[AGREED:[0-9]+]] = icmp ne i32 %reached, -1
; CHECK-NEXT: br i1 %[[AGREED]], label %region.agreed, label %general
; CHECK: region.agreed:
; CHECK-NEXT: %[[FINISHED:[0-9]+]] = icmp eq i32 %reached, 0
; CHECK-NEXT: br i1 %[[FINISHED]], label %done, label %region.dispatch

; Otherwise warp by warp: a warp whose live threads (stop != 0) agree runs
; on from a warp sync point (> 2) or, on its first turn of the sweep, from
; the block barrier just released, or from any when all were (-2); after
; running it is looked at again at once, up to 64 times, with no barrier
; released.
; CHECK: general:
; CHECK-NEXT: %released = phi i32 [ 0, %region.check ], [ 0, %sweep.end ], [ -2, %block.barriers ], [ %[[BLOCKMIN:[0-9]+]], %block.agreed ]
; CHECK: sweep:
; CHECK: %warp.released = phi i32 [ %released, %general ], [ 0, %warp.rerun ], [ %released, %sweep.next ]
; CHECK: warp.live:
; CHECK: br i1 %{{[0-9]+}}, label %warp.agreed, label %warp.mixed
; CHECK: warp.agreed:
; CHECK-NEXT: %[[WARPSYNC:[0-9]+]] = icmp ugt i32 %[[WARPMIN:[0-9]+]], 2
; CHECK-NEXT: %[[RELEASED:[0-9]+]] = icmp eq i32 %[[WARPMIN]], %warp.released
; CHECK-NEXT: %[[ALLRELEASED:[0-9]+]] = icmp eq i32 %warp.released, -2
; CHECK-NEXT: %[[EITHER:[0-9]+]] = or i1 %[[WARPSYNC]], %[[RELEASED]]
; CHECK-NEXT: %[[RUNNABLE:[0-9]+]] = or i1 %[[EITHER]], %[[ALLRELEASED]]
; CHECK-NEXT: br i1 %[[RUNNABLE]], label %warp.run, label %sweep.next
; A warp whose live threads are at different stops runs on, each thread
; from its own, if they are all at shuffles' exchanges after the stores
; (sync point 3 here) or all after the reads (4 on); else threads at
; different block barriers run on, each from its own, when all barriers
; were released, and wait otherwise; threads at warp sync points diverged
; in the warp.
; CHECK: warp.mixed:
; CHECK-NEXT: %[[STORED_MIN:[0-9]+]] = icmp uge i32 %[[WARPMIN]], 3
; CHECK-NEXT: %[[STORED_MAX:[0-9]+]] = icmp ult i32 %[[WARPMAX:[0-9]+]], 4
; CHECK-NEXT: %[[STORED:[0-9]+]] = and i1 %[[STORED_MIN]], %[[STORED_MAX]]
; CHECK-NEXT: %[[READ_MIN:[0-9]+]] = icmp uge i32 %[[WARPMIN]], 4
; CHECK-NEXT: %[[READ_MAX:[0-9]+]] = icmp ult i32 %[[WARPMAX]], -1
; CHECK-NEXT: %[[READ:[0-9]+]] = and i1 %[[READ_MIN]], %[[READ_MAX]]
; CHECK-NEXT: %[[EXCHANGING:[0-9]+]] = or i1 %[[STORED]], %[[READ]]
; CHECK-NEXT: br i1 %[[EXCHANGING]], label %warp.exchange, label %warp.not.exchanging
; Threads at exchanges of one phase while the others wait at __syncwarp()
; (no thread at a block barrier, the least exchange stop 3 or more, all
; stops of one phase): those at exchanges run on, each from its own stop.
; CHECK: warp.not.exchanging:
; CHECK-NEXT: %[[NOBARRIERS:[0-9]+]] = icmp ugt i32 %[[WARPMIN]], 2
; CHECK-NEXT: %[[ATEXCHANGES:[0-9]+]] = icmp ne i32 %[[EXCHANGEMIN:[0-9]+]], -1
; CHECK-NEXT: %[[XSTORED_MIN:[0-9]+]] = icmp uge i32 %[[EXCHANGEMIN]], 3
; CHECK-NEXT: %[[XSTORED_MAX:[0-9]+]] = icmp ult i32 %[[WARPMAX]], 4
; CHECK-NEXT: %[[XSTORED:[0-9]+]] = and i1 %[[XSTORED_MIN]], %[[XSTORED_MAX]]
; CHECK-NEXT: %[[XREAD_MIN:[0-9]+]] = icmp uge i32 %[[EXCHANGEMIN]], 4
; CHECK-NEXT: %[[XREAD_MAX:[0-9]+]] = icmp ult i32 %[[WARPMAX]], -1
; CHECK-NEXT: %[[XREAD:[0-9]+]] = and i1 %[[XREAD_MIN]], %[[XREAD_MAX]]
; CHECK-NEXT: %[[XPHASE:[0-9]+]] = or i1 %[[XSTORED]], %[[XREAD]]
; CHECK-NEXT: %[[XSOME:[0-9]+]] = and i1 %[[NOBARRIERS]], %[[ATEXCHANGES]]
; CHECK-NEXT: %[[XRELEASE:[0-9]+]] = and i1 %[[XSOME]], %[[XPHASE]]
; CHECK-NEXT: br i1 %[[XRELEASE]], label %warp.some.exchange, label %warp.not.some.exchanging
; CHECK: warp.exchange:
; CHECK: %[[OWNSTOP:stop[0-9]*]] = load i32, ptr %stop.slot{{[0-9]*}}
; Threads all at __syncwarp()s (the warp sync points before the exchanges,
; none here), but not the same: all run on.
; CHECK: warp.not.some.exchanging:
; CHECK-NEXT: %[[SNOBARRIERS:[0-9]+]] = icmp ugt i32 %[[WARPMIN]], 2
; CHECK-NEXT: %[[SMAX:[0-9]+]] = icmp ult i32 %[[WARPMAX]], 3
; CHECK-NEXT: %[[SYNCS:[0-9]+]] = and i1 %[[SNOBARRIERS]], %[[SMAX]]
; CHECK-NEXT: br i1 %[[SYNCS]], label %warp.syncs, label %warp.not.syncs
; CHECK: warp.some.exchange:
; CHECK: %[[SOMESTOP:stop[0-9]*]] = load i32, ptr %stop.slot{{[0-9]*}}
; CHECK-NEXT: %{{[0-9]+}} = icmp uge i32 %[[SOMESTOP]], 3
; Threads at block barriers while the others are at one warp operation, or
; at exchanges of one phase: the others run on, each from its own stop.
; CHECK: warp.not.syncs:
; CHECK-NEXT: %[[ATBARRIERS:[0-9]+]] = icmp ule i32 %[[WARPMIN]], 2
; CHECK-NEXT: %[[ATWARPOPS:[0-9]+]] = icmp ne i32 %[[POINTMIN:[0-9]+]], -1
; CHECK-NEXT: %[[ONEPOINT:[0-9]+]] = icmp eq i32 %[[POINTMIN]], %[[POINTMAX:[0-9]+]]
; CHECK-NEXT: %[[PSTORED_MIN:[0-9]+]] = icmp uge i32 %[[POINTMIN]], 3
; CHECK-NEXT: %[[PSTORED_MAX:[0-9]+]] = icmp ult i32 %[[POINTMAX]], 4
; CHECK-NEXT: %[[PSTORED:[0-9]+]] = and i1 %[[PSTORED_MIN]], %[[PSTORED_MAX]]
; CHECK-NEXT: %[[PREAD_MIN:[0-9]+]] = icmp uge i32 %[[POINTMIN]], 4
; CHECK-NEXT: %[[PREAD_MAX:[0-9]+]] = icmp ult i32 %[[POINTMAX]], -1
; CHECK-NEXT: %[[PREAD:[0-9]+]] = and i1 %[[PREAD_MIN]], %[[PREAD_MAX]]
; CHECK-NEXT: %[[PEXCHANGING:[0-9]+]] = or i1 %[[PSTORED]], %[[PREAD]]
; CHECK-NEXT: %[[PONE:[0-9]+]] = or i1 %[[ONEPOINT]], %[[PEXCHANGING]]
; CHECK-NEXT: %[[MIXED:[0-9]+]] = and i1 %[[ATBARRIERS]], %[[ATWARPOPS]]
; CHECK-NEXT: %[[PARTIAL:[0-9]+]] = and i1 %[[MIXED]], %[[PONE]]
; CHECK-NEXT: br i1 %[[PARTIAL]], label %warp.partial, label %warp.not.partial
; CHECK: warp.partial:
; CHECK: %[[PARTIALSTOP:stop[0-9]*]] = load i32, ptr %stop.slot{{[0-9]*}}
; CHECK-NEXT: %{{[0-9]+}} = icmp ugt i32 %[[PARTIALSTOP]], 2
; CHECK: warp.not.partial:
; CHECK-NEXT: %[[SAMEBLOCK:[0-9]+]] = icmp ule i32 %[[WARPMAX]], 2
; CHECK-NEXT: br i1 %[[SAMEBLOCK]], label %warp.barriers, label %warp.diverged
; CHECK: warp.barriers:
; CHECK-NEXT: %[[ALLBARRIERS:[0-9]+]] = icmp eq i32 %warp.released, -2
; CHECK-NEXT: br i1 %[[ALLBARRIERS]], label %warp.barriers.run, label %sweep.next
; CHECK: partial.call:
; CHECK: call i32 @k.mm.thread({{.*}}, i32 %[[PARTIALSTOP]], i1 false, ptr %uniforms)
; CHECK: exchange.call:
; CHECK: call i32 @k.mm.thread({{.*}}, i32 %[[OWNSTOP]], i1 false, ptr %uniforms)
; CHECK: thread.call:
; CHECK: call i32 @k.mm.thread({{.*}}, i32 %[[WARPMIN]], i1 false, ptr %uniforms)
; CHECK: warp.rerun:
; CHECK-NEXT: %[[RERUNS:[0-9]+]] = add i32 %reruns, 1
; CHECK-NEXT: %[[AGAIN:[0-9]+]] = icmp ult i32 %[[RERUNS]], 64
; CHECK-NEXT: br i1 %[[AGAIN]], label %sweep, label %sweep.next
; When a sweep made no progress, every live thread waits at the same block
; barrier, which is released: region by region again if none has exited.
; CHECK: block.agreed:
; CHECK-NEXT: %[[NONEEXITED:[0-9]+]] = icmp eq i32 %{{[0-9]+}}, 0
; CHECK-NEXT: br i1 %[[NONEEXITED]], label %region.dispatch, label %general
; At different block barriers, all are released; at barriers and warp
; operations, the block diverged.
; CHECK: block.mixed:
; CHECK-NEXT: %[[ALLATBARRIERS:[0-9]+]] = icmp ule i32 %{{[0-9]+}}, 2
; CHECK-NEXT: br i1 %[[ALLATBARRIERS]], label %block.barriers, label %block.diverged
; CHECK: block.barriers:
; CHECK-NEXT: br label %general

; Each region calls its state's own function: the code from that state to
; its next stops, and nothing else. State 0's loop header keeps only the
; incoming value of the entry: its back edge comes after the barrier.
; CHECK-LABEL: define internal i32 @k.mm.thread.state.0(ptr %out, i32 %n, {{.*}}, i32 %state, i1 %in.region, ptr %uniforms)
; CHECK-NEXT: entry:
; CHECK-NEXT: br label %entry1
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry1 ]
; CHECK-NEXT: %sum = phi i32 [ 0, %entry1 ]
; CHECK: store i32 %sum, ptr %{{.*}}, !llvm.access.group [[GROUP:![0-9]+]]
; CHECK: ret i32 1
; CHECK-NEXT: }
; CHECK-LABEL: define internal i32 @k.mm.thread.state.1(
; CHECK-NEXT: entry:
; CHECK-NEXT: br label %resume
; CHECK-LABEL: define internal i32 @k.mm.thread.state.4(
; The regions' function: state 0's region is a loop nest over the threads.
; CHECK-LABEL: define internal i32 @k.mm.thread.regions.0(
; CHECK: state.0:
; CHECK: tid.x{{[0-9]+}}:
; CHECK: %linear.tid = add nuw nsw i64
; CHECK-NEXT: %stop = call i32 @k.mm.thread.state.0({{.*}}, ptr %block.scratch, i64 %linear.tid, i64 %block.threads, i32 0, i1 true, ptr %uniforms)
; The threads agree when the OR of their stops equals the AND.
; CHECK-NEXT: or i32 %{{[0-9]+}}, %stop
; CHECK-NEXT: and i32 %{{[0-9]+}}, %stop
; The x loop is not to be interleaved, so that it vectorizes for small
; blocks (16 x 16 tiles), and its threads' accesses are independent.
; CHECK: br i1 %{{[0-9]+}}, label %tid.x{{[0-9]+}}, label %tid.x.end, !llvm.loop [[NOINTERLEAVE:![0-9]+]]

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}

; CHECK: [[GROUP]] = distinct !{}
; CHECK: [[NOINTERLEAVE]] = distinct !{[[NOINTERLEAVE]], [[COUNT:![0-9]+]], [[PARALLEL:![0-9]+]]}
; CHECK: [[COUNT]] = !{!"llvm.loop.interleave.count", i32 1}
; CHECK: [[PARALLEL]] = !{!"llvm.loop.parallel_accesses", [[GROUP]]}
