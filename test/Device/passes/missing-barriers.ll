; mm-missing-barriers: in a kernel with block barriers, a load in a loop
; that may read what another thread stored in an earlier loop since the
; last barrier gets a block barrier between the two, at the point nearest
; the load that separates them and that the threads reach as one of the
; kernel's own barriers. Rodinia's heartwall subtracts a matrix element by
; element, each thread at `{tx,+,ntid}`, then sums its rows in the next
; loop, each thread at `{{tx,+,ntid},+,rows}`, elements the other threads
; stored, with no barrier between; it loads the matrix's pointer from
; memory that nothing in the kernel writes, again in each loop.
; Loops under a branch on the kernel's arguments get the barrier before the
; branch. Left alone: a loop that touches the thread's own elements, as the
; loop before it did (the same form, loop for loop); elements that no two
; threads' accesses can share (their offsets' ranges apart); a pointer
; loaded where the kernel stores; two accesses in one loop, or not in loops;
; loops under a branch on the thread, where no barrier of the kernel's
; could be; a kernel without barriers; a kernel whose threads wait for
; others in loops. `@uniform_branch`, `@apart`, `@stored_pointer`,
; `@divergent`, `@spin_waits` and `@no_barriers` are `@shifted` but for the
; one thing each tests.
; RUN: mm-opt -passes=mm-missing-barriers %s | FileCheck %s
; RUN: mm-opt -passes=mm-missing-barriers -pass-remarks=mm-missing-barriers %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
; Each barrier added is a remark (-pass-remarks), at the load, naming the
; store.
; REMARK: remark: <unknown>:0:0: kernel 'sum_rows' lacks a block barrier
; REMARK: remark: <unknown>:0:0: kernel 'shifted' lacks a block barrier
; REMARK: remark: <unknown>:0:0: kernel 'uniform_branch' lacks a block barrier

; CHECK-LABEL: define void @sum_rows(
; CHECK:       subtract:
; CHECK:       store float %difference, ptr %sub.at
; CHECK:       by.rows:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  %row.any = icmp slt i32 %tx, %rows
; CHECK-COUNT-1: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @shifted(
; CHECK:       between:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  br i1 %any, label %read, label %done

; CHECK-LABEL: define void @uniform_branch(
; CHECK:       entry:
; CHECK:       call void @llvm.nvvm.barrier0()
; CHECK:       between:
; CHECK-NEXT:  call void @llvm.nvvm.barrier0()
; CHECK-NEXT:  br i1 %wanted, label %then, label %done

; CHECK-LABEL: define void @own_elements(
; CHECK-COUNT-2: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @apart(
; CHECK-COUNT-2: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @stored_pointer(
; CHECK-COUNT-2: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @divergent(
; CHECK-COUNT-2: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @spin_waits(
; CHECK-COUNT-2: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @one_loop(
; CHECK-COUNT-2: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @straight(
; CHECK-COUNT-2: call void @llvm.nvvm.barrier0()
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

; CHECK-LABEL: define void @no_barriers(
; CHECK-NOT:   call void @llvm.nvvm.barrier0()
; CHECK:       ret void

target triple = "x86_64-unknown-linux-gnu"

@matrices = global [4 x ptr] zeroinitializer, align 8

; Subtracts, element by element, then sums the rows of a column-major
; matrix of `rows` rows and `n` elements.
define void @sum_rows(i32 %rows, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %slot = getelementptr [4 x ptr], ptr @matrices, i32 0, i32 %bx
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, %n
  br i1 %any, label %subtract.pre, label %by.rows
subtract.pre:
  %sub = load ptr, ptr %slot, align 8, !tbaa !0
  br label %subtract
subtract:
  %i = phi i32 [ %tx, %subtract.pre ], [ %i.next, %subtract ]
  %sub.at = getelementptr float, ptr %sub, i32 %i
  %x = load float, ptr %sub.at, align 4, !tbaa !3
  %difference = fsub float 1.0, %x
  store float %difference, ptr %sub.at, align 4, !tbaa !3
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %subtract, label %by.rows
by.rows:
  %row.any = icmp slt i32 %tx, %rows
  br i1 %row.any, label %row, label %done
row:
  %r = phi i32 [ %tx, %by.rows ], [ %r.next, %row.end ]
  %sum.base = load ptr, ptr %slot, align 8, !tbaa !0
  br label %sum
sum:
  %p = phi i32 [ %r, %row ], [ %p.next, %sum ]
  %s = phi float [ 0.0, %row ], [ %s.next, %sum ]
  %sum.at = getelementptr float, ptr %sum.base, i32 %p
  %y = load float, ptr %sum.at, align 4, !tbaa !3
  %s.next = fadd float %s, %y
  store float %s.next, ptr %sum.at, align 4, !tbaa !3
  %p.next = add i32 %p, %rows
  %p.more = icmp slt i32 %p.next, %n
  br i1 %p.more, label %sum, label %row.end
row.end:
  %r.next = add i32 %r, %ntid
  %r.more = icmp slt i32 %r.next, %rows
  br i1 %r.more, label %row, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; Each thread stores its elements, then loads its right neighbours'.
define void @shifted(ptr %a, ptr %out, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, %n
  br i1 %any, label %write, label %between
write:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %write ]
  %at = getelementptr float, ptr %a, i32 %i
  store float 1.0, ptr %at, align 4
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %write, label %between
between:
  br i1 %any, label %read, label %done
read:
  %j = phi i32 [ %tx, %between ], [ %j.next, %read ]
  %j.right = add i32 %j, 1
  %at.right = getelementptr float, ptr %a, i32 %j.right
  %y = load float, ptr %at.right, align 4
  %out.at = getelementptr float, ptr %out, i32 %j
  store float %y, ptr %out.at, align 4
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, %n
  br i1 %j.more, label %read, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; The loops under a branch on an argument: the barrier goes before it.
define void @uniform_branch(ptr %a, ptr %out, i32 %n, i1 %wanted) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, %n
  br i1 %any, label %write, label %between
write:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %write ]
  %at = getelementptr float, ptr %a, i32 %i
  store float 1.0, ptr %at, align 4
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %write, label %between
between:
  br i1 %wanted, label %then, label %done
then:
  br i1 %any, label %read, label %done
read:
  %j = phi i32 [ %tx, %then ], [ %j.next, %read ]
  %j.right = add i32 %j, 1
  %at.right = getelementptr float, ptr %a, i32 %j.right
  %y = load float, ptr %at.right, align 4
  %out.at = getelementptr float, ptr %out, i32 %j
  store float %y, ptr %out.at, align 4
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, %n
  br i1 %j.more, label %read, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; Doubles, then increments, each thread its own elements.
define void @own_elements(ptr %a, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, %n
  br i1 %any, label %double, label %between
double:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %double ]
  %at = getelementptr float, ptr %a, i32 %i
  %x = load float, ptr %at, align 4
  %twice = fmul float %x, 2.0
  store float %twice, ptr %at, align 4
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %double, label %between
between:
  br i1 %any, label %increment, label %done
increment:
  %j = phi i32 [ %tx, %between ], [ %j.next, %increment ]
  %at.j = getelementptr float, ptr %a, i32 %j
  %y = load float, ptr %at.j, align 4
  %plus = fadd float %y, 1.0
  store float %plus, ptr %at.j, align 4
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, %n
  br i1 %j.more, label %increment, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; Threads store below 1024 elements and load from 2048 on, with at most
; 1024 threads and 1024 elements.
define void @apart(ptr %a, ptr %out, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, 1024
  br i1 %any, label %write, label %between
write:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %write ]
  %i.low = and i32 %i, 1023
  %at = getelementptr float, ptr %a, i32 %i.low
  store float 1.0, ptr %at, align 4
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, 1024
  br i1 %more, label %write, label %between
between:
  br i1 %any, label %read, label %done
read:
  %j = phi i32 [ %tx, %between ], [ %j.next, %read ]
  %j.low = and i32 %j, 1023
  %j.right = add i32 %j.low, 2048
  %at.right = getelementptr float, ptr %a, i32 %j.right
  %y = load float, ptr %at.right, align 4
  %out.at = getelementptr float, ptr %out, i32 %j
  store float %y, ptr %out.at, align 4
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, 1024
  br i1 %j.more, label %read, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; The kernel stores where it loads its array's pointer from: the two
; loads may give two arrays.
define void @stored_pointer(ptr %other, ptr %out, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, %n
  br i1 %any, label %write, label %between
write:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %write ]
  %a.write = load ptr, ptr @matrices, align 8, !tbaa !0
  %at = getelementptr float, ptr %a.write, i32 %i
  store float 1.0, ptr %at, align 4, !tbaa !3
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %write, label %between
between:
  store ptr %other, ptr @matrices, align 8, !tbaa !0
  br i1 %any, label %read, label %done
read:
  %j = phi i32 [ %tx, %between ], [ %j.next, %read ]
  %j.right = add i32 %j, 1
  %a.read = load ptr, ptr @matrices, align 8, !tbaa !0
  %at.right = getelementptr float, ptr %a.read, i32 %j.right
  %y = load float, ptr %at.right, align 4, !tbaa !3
  %out.at = getelementptr float, ptr %out, i32 %j
  store float %y, ptr %out.at, align 4, !tbaa !3
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, %n
  br i1 %j.more, label %read, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; The loops under a branch on the thread: no barrier of the kernel's is
; reached as a barrier between them would be.
define void @divergent(ptr %a, ptr %out, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, 64
  br i1 %any, label %write, label %done
write:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %write ]
  %at = getelementptr float, ptr %a, i32 %i
  store float 1.0, ptr %at, align 4
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, 64
  br i1 %more, label %write, label %between
between:
  br label %read
read:
  %j = phi i32 [ %tx, %between ], [ %j.next, %read ]
  %j.right = add i32 %j, 1
  %at.right = getelementptr float, ptr %a, i32 %j.right
  %y = load float, ptr %at.right, align 4
  %out.at = getelementptr float, ptr %out, i32 %j
  store float %y, ptr %out.at, align 4
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, 64
  br i1 %j.more, label %read, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; A kernel whose threads wait for others in loops.
define void @spin_waits(ptr %a, ptr %out, i32 %n) #1 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  call void @llvm.nvvm.barrier0()
  %any = icmp slt i32 %tx, %n
  br i1 %any, label %write, label %between
write:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %write ]
  %at = getelementptr float, ptr %a, i32 %i
  store float 1.0, ptr %at, align 4
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %write, label %between
between:
  br i1 %any, label %read, label %done
read:
  %j = phi i32 [ %tx, %between ], [ %j.next, %read ]
  %j.right = add i32 %j, 1
  %at.right = getelementptr float, ptr %a, i32 %j.right
  %y = load float, ptr %at.right, align 4
  %out.at = getelementptr float, ptr %out, i32 %j
  store float %y, ptr %out.at, align 4
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, %n
  br i1 %j.more, label %read, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; A thread stores its element and loads its neighbour's in each iteration
; of one loop: only a barrier in the loop could separate them.
define void @one_loop(ptr %a, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %at = getelementptr float, ptr %a, i32 %tx
  store float 1.0, ptr %at, align 4
  %right = add i32 %tx, 1
  %at.right = getelementptr float, ptr %a, i32 %right
  %y = load float, ptr %at.right, align 4
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

; A store and a load outside loops.
define void @straight(ptr %a, ptr %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  call void @llvm.nvvm.barrier0()
  %at = getelementptr float, ptr %a, i32 %tx
  store float 1.0, ptr %at, align 4
  %right = add i32 %tx, 1
  %at.right = getelementptr float, ptr %a, i32 %right
  %y = load float, ptr %at.right, align 4
  %out.at = getelementptr float, ptr %out, i32 %tx
  store float %y, ptr %out.at, align 4
  call void @llvm.nvvm.barrier0()
  ret void
}

; A kernel without barriers.
define void @no_barriers(ptr %a, ptr %out, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %any = icmp slt i32 %tx, %n
  br i1 %any, label %write, label %between
write:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %write ]
  %at = getelementptr float, ptr %a, i32 %i
  store float 1.0, ptr %at, align 4
  %i.next = add i32 %i, %ntid
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %write, label %between
between:
  br i1 %any, label %read, label %done
read:
  %j = phi i32 [ %tx, %between ], [ %j.next, %read ]
  %j.right = add i32 %j, 1
  %at.right = getelementptr float, ptr %a, i32 %j.right
  %y = load float, ptr %at.right, align 4
  %out.at = getelementptr float, ptr %out, i32 %j
  store float %y, ptr %out.at, align 4
  %j.next = add i32 %j, %ntid
  %j.more = icmp slt i32 %j.next, %n
  br i1 %j.more, label %read, label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "mm-kernel" }
attributes #1 = { "mm-kernel" "mm-spin-waits" }

!0 = !{!1, !1, i64 0}
!1 = !{!"any pointer", !2, i64 0}
!2 = !{!"omnipotent char", !4, i64 0}
!3 = !{!5, !5, i64 0}
!4 = !{!"Simple C++ TBAA"}
!5 = !{!"float", !2, i64 0}
