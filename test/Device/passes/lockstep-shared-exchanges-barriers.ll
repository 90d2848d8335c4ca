; mm-lockstep-shared-exchanges in kernels with block barriers: a yield
; point only before an exchange between lanes that is certain, where both
; addresses are affine in the thread's index over one base and some two
; lanes of a warp that run the accesses touch one address; and not in a
; loop without a sync point.
;
; Yield points: a thread's epilogue that reads the sums other lanes stored
; in the same phase (HeCBench's romberg); a pipeline whose lanes read their
; left neighbour's output, through a select with global memory, before
; storing their own in the same phase (HeCBench's sosfil); a lane's partner
; 16 lanes up. None: a tree reduction whose guard leaves the partner's
; slot unwritten (`(i + 1) % 4 == 0`, `i % 2 != 0`, as Rodinia's srad
; reduces; `i < 16` with the partner 16 up; `i == 0 && ...` with the
; partner 1 up); rows of a 16 x 16 tile (no two lanes index one element); odd
; and even elements; lanes 32 apart; an address that does not depend on the
; thread in both; offsets the same in every thread but not constant (LU's
; `s[j][i]` and `s[tx][i]`); two stores; an exchange in a loop without a sync
; point.
; RUN: mm-opt -passes=mm-lockstep-shared-exchanges %s | FileCheck %s

; CHECK-LABEL: define void @epilogue(
; CHECK:      call void @llvm.nvvm.barrier0()
; CHECK-NEXT: %few = icmp ult i32 %tid, 17
; CHECK-NEXT: br i1 %few, label %sum, label %join
; CHECK:      sum:
; CHECK-NEXT: store double %x, ptr %mine
; CHECK:      first:
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %s1 = load double, ptr getelementptr (i8, ptr @smem, i64 8)
; CHECK-NEXT: %s2 = load double, ptr getelementptr (i8, ptr @smem, i64 16)
; CHECK-NEXT: %t = fadd double %s1, %s2

; CHECK-LABEL: define void @pipeline(
; CHECK:      %x = load float, ptr %in
; CHECK-NEXT: %y = fmul float %x, 2.000000e+00
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store float %y, ptr %mine
; CHECK-NEXT: call void @llvm.nvvm.barrier0()

; CHECK-LABEL: define void @partner(
; CHECK:      store i32 %sum, ptr %mine
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %theirs = load i32, ptr %partner

; CHECK-LABEL: define void @tree(
; CHECK-NOT:  warp_yield
; CHECK:      ret void

; CHECK-LABEL: define void @not_certain(
; CHECK-NOT:  warp_yield
; CHECK:      ret void

; CHECK-LABEL: define void @sync_free_loop(
; CHECK-NOT:  warp_yield
; CHECK:      ret void

target triple = "x86_64-unknown-linux-gnu"

@smem = external global [0 x double], align 8 #0
@out = internal global [64 x float] undef, align 4 #0
@sums = internal global [64 x i32] undef, align 4 #0
@tile = internal global [16 x [16 x float]] undef, align 4 #0

define void @epilogue(double %x, ptr %result) #1 {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %mine = getelementptr [0 x double], ptr @smem, i64 0, i64 %idx
  call void @llvm.nvvm.barrier0()
  %few = icmp ult i32 %tid, 17
  br i1 %few, label %sum, label %join
sum:
  store double %x, ptr %mine
  br label %join
join:
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %first, label %done
first:
  %s1 = load double, ptr getelementptr (i8, ptr @smem, i64 8)
  %s2 = load double, ptr getelementptr (i8, ptr @smem, i64 16)
  %t = fadd double %s1, %s2
  store double %t, ptr %result
  br label %done
done:
  ret void
}

define void @pipeline(ptr %in0, i32 %n) #1 {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %mine = getelementptr float, ptr @out, i64 %idx
  %left = getelementptr i8, ptr %mine, i64 -4
  %is0 = icmp eq i32 %tid, 0
  %in = select i1 %is0, ptr %in0, ptr %left
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %x = load float, ptr %in
  %y = fmul float %x, 2.0
  store float %y, ptr %mine
  call void @llvm.nvvm.barrier0()
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @partner(i32 %sum) #1 {
  %i = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %i
  %j = add nuw nsw i32 %i, 16
  %partner = getelementptr [64 x i32], ptr @sums, i32 0, i32 %j
  store i32 %sum, ptr %mine
  %theirs = load i32, ptr %partner
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @tree() #1 {
entry:
  %i = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %i
  %odd = and i32 %i, 1
  %even = icmp eq i32 %odd, 0
  br i1 %even, label %next, label %pairs
pairs:
  %m1 = add nsw i32 %i, -1
  %p1 = getelementptr [64 x i32], ptr @sums, i32 0, i32 %m1
  %a = load i32, ptr %mine
  %b = load i32, ptr %p1
  %ab = add i32 %a, %b
  store i32 %ab, ptr %mine
  br label %next
next:
  call void @llvm.nvvm.barrier0()
  %i1 = add nuw nsw i32 %i, 1
  %r4 = and i32 %i1, 3
  %fourth = icmp eq i32 %r4, 0
  br i1 %fourth, label %quads, label %done
quads:
  %m2 = add nsw i32 %i, -2
  %p2 = getelementptr [64 x i32], ptr @sums, i32 0, i32 %m2
  %c = load i32, ptr %mine
  %d = load i32, ptr %p2
  %cd = add i32 %c, %d
  store i32 %cd, ptr %mine
  br label %done
done:
  call void @llvm.nvvm.barrier0()
  %half = icmp ult i32 %i, 16
  br i1 %half, label %halves, label %last
halves:
  %up16 = add nuw nsw i32 %i, 16
  %p16 = getelementptr [64 x i32], ptr @sums, i32 0, i32 %up16
  %e = load i32, ptr %mine
  %f = load i32, ptr %p16
  %ef = add i32 %e, %f
  store i32 %ef, ptr %mine
  br label %last
last:
  call void @llvm.nvvm.barrier0()
  %is0 = icmp eq i32 %i, 0
  %one = and i1 %is0, %even
  br i1 %one, label %final, label %exit
final:
  %g = load i32, ptr %mine
  %h = load i32, ptr getelementptr ([64 x i32], ptr @sums, i32 0, i32 1)
  %gh = add i32 %g, %h
  store i32 %gh, ptr %mine
  br label %exit
exit:
  ret void
}

define void @not_certain(i32 %k, i32 %v) #1 {
  %tx = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ; Rows of a tile: row 1 of lane i is no lane's row 0.
  %row0 = getelementptr [16 x [16 x float]], ptr @tile, i32 0, i32 0, i32 %tx
  %row1 = getelementptr [16 x [16 x float]], ptr @tile, i32 0, i32 1, i32 %tx
  store float 1.0, ptr %row0
  %r = load float, ptr %row1
  call void @llvm.nvvm.barrier0()
  ; Odd and even elements.
  %twice = shl nuw nsw i32 %tx, 1
  %oddIndex = or disjoint i32 %twice, 1
  %even = getelementptr [64 x i32], ptr @sums, i32 0, i32 %twice
  %odd = getelementptr [64 x i32], ptr @sums, i32 0, i32 %oddIndex
  store i32 %v, ptr %odd
  %e = load i32, ptr %even
  call void @llvm.nvvm.barrier0()
  ; Lanes 32 apart, in different warps.
  %up32 = add nuw nsw i32 %tx, 32
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %tx
  %far = getelementptr [64 x i32], ptr @sums, i32 0, i32 %up32
  store i32 %v, ptr %mine
  %f = load i32, ptr %far
  call void @llvm.nvvm.barrier0()
  ; The same address in every thread, in both.
  %kth = getelementptr [64 x i32], ptr @sums, i32 0, i32 %k
  store i32 %v, ptr %kth
  %z = load i32, ptr @sums
  call void @llvm.nvvm.barrier0()
  ; Two stores: lanes 16 apart may store one address (a tile's rows stored
  ; by a block narrower than a warp), which needs no yield point.
  %up16 = add nuw nsw i32 %tx, 16
  %row16 = getelementptr [64 x i32], ptr @sums, i32 0, i32 %up16
  store i32 %v, ptr %mine
  store i32 %k, ptr %row16
  call void @llvm.nvvm.barrier0()
  ; Offsets the same in every thread, but not constant.
  %col = getelementptr [16 x [16 x float]], ptr @tile, i32 0, i32 %tx, i32 %k
  %other = getelementptr [16 x [16 x float]], ptr @tile, i32 0, i32 %v, i32 %k
  store float 2.0, ptr %col
  %o = load float, ptr %other
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @sync_free_loop(i32 %n) #1 {
entry:
  %tx = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mine = getelementptr [64 x i32], ptr @sums, i32 0, i32 %tx
  %up = add nuw nsw i32 %tx, 1
  %right = getelementptr [64 x i32], ptr @sums, i32 0, i32 %up
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %x = load i32, ptr %right
  store i32 %x, ptr %mine
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.nvvm.barrier0()
  ret void
}

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "mm-shared" }
attributes #1 = { "mm-kernel" }
