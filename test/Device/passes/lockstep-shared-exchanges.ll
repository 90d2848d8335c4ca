; mm-lockstep-shared-exchanges: in a kernel without block barriers, a load
; of shared memory that may read what another lane stored since the
; thread's last sync point gets a warp yield point before it, and so does a
; store that may overwrite what another lane loaded or stored; the yield
; point is then the sync point of the accesses after it. Straight-line code
; that transposes through shared memory gets one yield point per exchange;
; so do the steps of a scan; a store in one block reaches a load in
; another, and around a loop. Left alone: a load after a warp sync point, a
; load of the address the thread stored, an access of another element of
; the thread's own column or row (an array of arrays indexed `[k][i]` or
; `[i][k]`, `i` a one-to-one function of the thread's index; not when `i`
; is the same in every thread, nor when it is `threadIdx.y` in a kernel
; that reads `threadIdx.x` too, nor half the thread's index), shared variables that cannot overlap, volatile accesses
; (mm-lockstep-volatile-shared's), other memory, an exchange in a kernel
; with block barriers that is not certain (an index that is not the
; thread's: lockstep-shared-exchanges-barriers.ll has the others), and
; functions that are not kernels.
; RUN: mm-opt -passes=mm-lockstep-shared-exchanges %s | FileCheck %s
; RUN: mm-opt -passes=mm-lockstep-shared-exchanges -pass-remarks=mm-lockstep-shared-exchanges %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
; Each kernel that gets yield points is a remark (-pass-remarks), with how
; many.
; REMARK: remark: <unknown>:0:0: kernel 'transpose' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 4 places (accesses of shared memory that lanes exchange data through, every lane's store run before any lane's load)
; REMARK: remark: <unknown>:0:0: kernel 'scan' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 3 places (accesses of shared memory that lanes exchange data through, every lane's store run before any lane's load)
; REMARK: remark: <unknown>:0:0: kernel 'rows_2d' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 3 places (accesses of shared memory that lanes exchange data through, every lane's store run before any lane's load)
; REMARK: remark: <unknown>:0:0: kernel 'last_warp' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 2 places (accesses of shared memory that lanes exchange data through, every lane's store run before any lane's load)
; REMARK: remark: <unknown>:0:0: kernel 'loop' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 2 places (accesses of shared memory that lanes exchange data through, every lane's store run before any lane's load)
; REMARK: remark: <unknown>:0:0: kernel 'counters' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 3 places (accesses of shared memory that lanes exchange data through, every lane's store run before any lane's load)

; CHECK-LABEL: define void @transpose(
; CHECK:      store float %x0, ptr %v0
; CHECK-NEXT: store float %x1, ptr %v1
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %h0 = load float, ptr %r0
; CHECK-NEXT: %h1 = load float, ptr %r1
; CHECK-NEXT: store float %h1, ptr %r0
; CHECK-NEXT: store float %h0, ptr %r1
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %w0 = load float, ptr %v0
; CHECK-NEXT: %w1 = load float, ptr %v1
; CHECK-NEXT: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK-NEXT: store float %w0, ptr %v0
; CHECK-NEXT: %own = load float, ptr %v0
; CHECK-NEXT: store float %own, ptr %v1
; CHECK:      call void @__mm_device_warp_yield()
; CHECK-NEXT: %any = load float, ptr %a1
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store float %any, ptr %a0
; CHECK-NEXT: %volatile = load volatile float, ptr %r0
; CHECK-NEXT: %other = load float, ptr @apart
; CHECK-NEXT: store float %other, ptr %g
; CHECK-NEXT: %global = load float, ptr %g
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @scan(
; CHECK:      store i32 0, ptr %low
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %x, ptr %high
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %left = load i32, ptr %before
; CHECK-NEXT: %self = load i32, ptr %high
; CHECK-NEXT: %sum = add i32 %self, %left
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %sum, ptr %high
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @rows_2d(
; CHECK:      store float %x, ptr %mine
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %n = load float, ptr %next
; CHECK-NEXT: store i32 1, ptr %c0
; CHECK-NEXT: %v = load i32, ptr %c1
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %v, ptr %p0
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %w = load i32, ptr %p1

; CHECK-LABEL: define void @last_warp(
; CHECK:      store i32 %sum, ptr %mine
; CHECK-NEXT: br label %next
; CHECK:      next:
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %theirs = load i32, ptr %partner

; CHECK-LABEL: define void @loop(
; CHECK:      loop:
; CHECK-NEXT: %k = phi i32
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %left = load i32, ptr %l
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %left, ptr %mine

; CHECK-LABEL: define void @counters(
; CHECK-NOT:  warp_yield
; CHECK:      %c0 = load i32, ptr %first
; CHECK-NEXT: store i32 %c0, ptr %out
; CHECK:      %k = load i32, ptr %kth
; CHECK-NEXT: %row = getelementptr
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %k, ptr %row
; CHECK-NEXT: %rowFirst = getelementptr
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %r = load i32, ptr %rowFirst

; CHECK-LABEL: define void @with_barrier(
; CHECK-NOT:  warp_yield
; CHECK:      ret void

; CHECK-LABEL: define void @not_a_kernel(
; CHECK-NOT:  warp_yield
; CHECK:      ret void

target triple = "x86_64-unknown-linux-gnu"

@tile = internal global [8 x [9 x float]] undef, align 4 #0
@apart = internal global float undef, align 4 #0
@sums = internal global [64 x i32] undef, align 4 #0
@count = internal global [16 x [256 x i32]] undef, align 4 #0

define void @transpose(i32 %n, ptr %g, float %x0, float %x1) #1 {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v0 = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 0, i32 %i
  %v1 = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 1, i32 %i
  %r0 = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 %i, i32 0
  %r1 = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 %i, i32 1
  store float %x0, ptr %v0
  store float %x1, ptr %v1
  %h0 = load float, ptr %r0
  %h1 = load float, ptr %r1
  store float %h1, ptr %r0
  store float %h0, ptr %r1
  %w0 = load float, ptr %v0
  %w1 = load float, ptr %v1
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  store float %w0, ptr %v0
  %own = load float, ptr %v0
  store float %own, ptr %v1
  ; A row that is the same in every thread.
  %a0 = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 %n, i32 0
  %a1 = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 %n, i32 1
  %any = load float, ptr %a1
  store float %any, ptr %a0
  %volatile = load volatile float, ptr %r0
  %other = load float, ptr @apart
  store float %other, ptr %g
  %global = load float, ptr %g
  ret void
}

define void @scan(i32 %x) #1 {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %lane, 16
  %j = sub i32 %i, 1
  %low = getelementptr [64 x i32], ptr @sums, i32 0, i32 %lane
  %high = getelementptr [64 x i32], ptr @sums, i32 0, i32 %i
  %before = getelementptr [64 x i32], ptr @sums, i32 0, i32 %j
  store i32 0, ptr %low
  store i32 %x, ptr %high
  %left = load i32, ptr %before
  %self = load i32, ptr %high
  %sum = add i32 %self, %left
  store i32 %sum, ptr %high
  ret void
}

define void @rows_2d(float %x) #1 {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  ; Row threadIdx.y, which the lanes of a warp with 16 threads in x share.
  %mine = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 %ty, i32 %tx
  %tx1 = add i32 %tx, 1
  %next = getelementptr [8 x [9 x float]], ptr @tile, i32 0, i32 %ty, i32 %tx1
  ; Column threadIdx.y * 16 + threadIdx.x, each thread's own.
  %row = mul i32 %ty, 16
  %lin = add i32 %row, %tx
  %c0 = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 0, i32 %lin
  %c1 = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 1, i32 %lin
  ; Column (threadIdx.y * 16 + threadIdx.x) / 2, each two threads'.
  %half = lshr i32 %lin, 1
  %p0 = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 0, i32 %half
  %p1 = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 1, i32 %half
  store float %x, ptr %mine
  %n = load float, ptr %next
  store i32 1, ptr %c0
  %v = load i32, ptr %c1
  store i32 %v, ptr %p0
  %w = load i32, ptr %p1
  ret void
}

define void @last_warp(i32 %i, i32 %sum) #1 {
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %i
  %j = add i32 %i, 16
  %partner = getelementptr [64 x i32], ptr @sums, i32 0, i32 %j
  store i32 %sum, ptr %mine
  br label %next
next:
  %theirs = load i32, ptr %partner
  %total = add i32 %sum, %theirs
  store i32 %total, ptr %mine
  ret void
}

define void @loop(i32 %i, i32 %n) #1 {
entry:
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %i
  %j = sub i32 %i, 1
  %l = getelementptr [64 x i32], ptr @sums, i32 0, i32 %j
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %left = load i32, ptr %l
  store i32 %left, ptr %mine
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @counters(i32 %j, i32 %v, ptr %out) #1 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %tid, %j
  %bin = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 %v, i32 %i
  %c = load i32, ptr %bin
  %c1 = add i32 %c, 1
  store i32 %c1, ptr %bin
  %first = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 0, i32 %i
  %c0 = load i32, ptr %first
  store i32 %c0, ptr %out
  ; The same column in every thread: one row per thread.
  %kth = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 1, i32 %j
  %k = load i32, ptr %kth
  %row = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 %i, i32 %j
  store i32 %k, ptr %row
  %rowFirst = getelementptr [16 x [256 x i32]], ptr @count, i32 0, i32 0, i32 %j
  %r = load i32, ptr %rowFirst
  ret void
}

define void @with_barrier(i32 %i, i32 %sum) #1 {
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %i
  %j = add i32 %i, 16
  %partner = getelementptr [64 x i32], ptr @sums, i32 0, i32 %j
  store i32 %sum, ptr %mine
  %theirs = load i32, ptr %partner
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @not_a_kernel(i32 %i, i32 %sum) {
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %i
  %j = add i32 %i, 16
  %partner = getelementptr [64 x i32], ptr @sums, i32 0, i32 %j
  store i32 %sum, ptr %mine
  %theirs = load i32, ptr %partner
  ret void
}

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.bar.warp.sync(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

attributes #0 = { "mm-shared" }
attributes #1 = { "mm-kernel" }
