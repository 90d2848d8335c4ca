; mm-spin-waits: a loop that only other threads' stores end, every
; condition that ends it depending on a volatile or atomic load of memory
; other than shared memory in the loop, gets a warp yield point at its
; header (a spin-wait's, `__mm_device_warp_spin_yield`), and its kernel the
; attribute `mm-spin-waits`. So do a loop on a
; volatile flag, one whose flag a branch on such a load sets (as ECL-MIS's
; `missing`), one on an atomic load, and one on an atomic update that
; changes nothing, which is a load (`atomicAdd(&flag, 0)`, an `or` with 0
; once instcombine has seen it; `atomicMax(&flag, INT_MIN)`). Left alone: a
; loop that a counter ends, even reading volatile memory (alone, or as one
; part of an `&&`); a compare-and-swap loop; a lock's loop on an update that
; changes memory (`atomicOr(&lock, 1)`); a loop on volatile shared memory; a
; volatile load outside the loop.
; RUN: mm-opt -passes=mm-spin-waits %s | FileCheck %s

; CHECK-LABEL: define void @flag(
; CHECK-SAME:  #[[SPIN:[0-9]+]] {
; CHECK:       loop:
; CHECK-NEXT:  call void @__mm_device_warp_spin_yield()
; CHECK-NEXT:  %v = load volatile i32, ptr %f

; CHECK-LABEL: define void @missing(
; CHECK-SAME:  #[[SPIN]] {
; CHECK:       loop:
; CHECK-NEXT:  call void @__mm_device_warp_spin_yield()
; CHECK-NEXT:  %s = load volatile i8, ptr %stat
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK-LABEL: define void @atomic(
; CHECK-SAME:  #[[SPIN]] {
; CHECK:       loop:
; CHECK-NEXT:  call void @__mm_device_warp_spin_yield()

; CHECK-LABEL: define void @poll_update(
; CHECK-SAME:  #[[SPIN]] {
; CHECK:       loop:
; CHECK-NEXT:  call void @__mm_device_warp_spin_yield()
; CHECK-NEXT:  %v = atomicrmw or ptr %f, i32 0 seq_cst

; CHECK-LABEL: define void @poll_max(
; CHECK-SAME:  #[[SPIN]] {
; CHECK:       loop:
; CHECK-NEXT:  call void @__mm_device_warp_spin_yield()

; CHECK-LABEL: define void @counted(
; CHECK-SAME:  #[[PLAIN:[0-9]+]] {
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK-LABEL: define void @counted_and(
; CHECK-SAME:  #[[PLAIN]] {
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK-LABEL: define void @cas(
; CHECK-SAME:  #[[PLAIN]] {
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK-LABEL: define void @lock(
; CHECK-SAME:  #[[PLAIN]] {
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK-LABEL: define void @shared(
; CHECK-SAME:  #[[PLAIN]] {
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK-LABEL: define void @outside(
; CHECK-SAME:  #[[PLAIN]] {
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK: attributes #[[SPIN]] = { "mm-kernel" "mm-spin-waits" }
; CHECK: attributes #[[PLAIN]] = { "mm-kernel" }

target triple = "x86_64-unknown-linux-gnu"

@sflag = internal global i32 undef, align 4 #0

define void @flag(ptr %f) #1 {
entry:
  br label %loop
loop:
  %v = load volatile i32, ptr %f
  %zero = icmp eq i32 %v, 0
  br i1 %zero, label %loop, label %exit
exit:
  ret void
}

define void @missing(ptr %stat, ptr %nbr, i32 %n) #1 {
entry:
  br label %loop
loop:
  %s = load volatile i8, ptr %stat
  %undecided = icmp eq i8 %s, 1
  br i1 %undecided, label %scan, label %next
scan:
  %i = phi i32 [ 0, %loop ], [ %i.next, %scan ]
  %p = getelementptr i8, ptr %nbr, i32 %i
  %t = load volatile i8, ptr %p
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %scan, label %decide
decide:
  %higher = icmp ugt i8 %t, %s
  br i1 %higher, label %wait, label %next
wait:
  br label %next
next:
  %missing = phi i32 [ 0, %loop ], [ 0, %decide ], [ 1, %wait ]
  %again = icmp ne i32 %missing, 0
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

define void @atomic(ptr %f) #1 {
entry:
  br label %loop
loop:
  %v = load atomic i32, ptr %f acquire, align 4
  %zero = icmp eq i32 %v, 0
  br i1 %zero, label %loop, label %exit
exit:
  ret void
}

define void @poll_update(ptr %f) #1 {
entry:
  br label %loop
loop:
  %v = atomicrmw or ptr %f, i32 0 seq_cst
  %zero = icmp eq i32 %v, 0
  br i1 %zero, label %loop, label %exit
exit:
  ret void
}

define void @poll_max(ptr %f) #1 {
entry:
  br label %loop
loop:
  %v = atomicrmw max ptr %f, i64 -9223372036854775808 seq_cst
  %zero = icmp eq i64 %v, 0
  br i1 %zero, label %loop, label %exit
exit:
  ret void
}

define void @counted(ptr %p, i32 %n, ptr %out) #1 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load volatile i32, ptr %q
  %sum.next = add i32 %sum, %v
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store i32 %sum.next, ptr %out
  ret void
}

define void @counted_and(ptr %p, i32 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load volatile i32, ptr %q
  %nonzero = icmp ne i32 %v, 0
  %i.next = add i32 %i, 1
  %inside = icmp slt i32 %i.next, %n
  %both = and i1 %inside, %nonzero
  br i1 %both, label %loop, label %exit
exit:
  ret void
}

define void @cas(ptr %p) #1 {
entry:
  br label %loop
loop:
  %old = load volatile i32, ptr %p
  %new = add i32 %old, 1
  %pair = cmpxchg ptr %p, i32 %old, i32 %new seq_cst seq_cst
  %seen = extractvalue { i32, i1 } %pair, 0
  %retry = icmp ne i32 %seen, %old
  br i1 %retry, label %loop, label %exit
exit:
  ret void
}

; while (atomicOr(lock, 1) & 1) {}: the update takes the lock.
define void @lock(ptr %lock) #1 {
entry:
  br label %loop
loop:
  %old = atomicrmw or ptr %lock, i32 1 seq_cst
  %bit = and i32 %old, 1
  %held = icmp ne i32 %bit, 0
  br i1 %held, label %loop, label %exit
exit:
  ret void
}

define void @shared() #1 {
entry:
  br label %loop
loop:
  %v = load volatile i32, ptr @sflag
  %zero = icmp eq i32 %v, 0
  br i1 %zero, label %loop, label %exit
exit:
  ret void
}

define void @outside(ptr %f, i32 %n) #1 {
entry:
  %v = load volatile i32, ptr %f
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %v
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "mm-shared" }
attributes #1 = { "mm-kernel" }
