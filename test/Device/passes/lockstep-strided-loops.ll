; mm-lockstep-strided-loops: in a kernel with no sync points, the one
; innermost loop with a straight-line body that loads through a
; thread-dependent address striding a cache line or more per iteration (or
; by an amount known only at run time), and whose trip count is the same
; in every thread, gets a warp yield point at its head, so that the block
; runs it iteration by iteration. Left alone: a thread walking its own row
; (unit stride), a stride under a cache line, an address that does not
; depend on the thread, a trip count loaded from memory, a body with a
; branch, a kernel that already synchronizes, and functions that are not
; kernels. Of two such loops (clang's unrolled loop and its remainder), only
; the one with more strided loads gets the yield point, so that a thread is
; only ever at it or exited.
; RUN: mm-opt -passes=mm-lockstep-strided-loops %s | FileCheck %s
; RUN: mm-opt -passes=mm-lockstep-strided-loops -pass-remarks=mm-lockstep-strided-loops %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
; Each kernel that gets yield points is a remark (-pass-remarks), with how
; many.
; REMARK: remark: <unknown>:0:0: kernel 'column' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 1 place (a loop whose threads stride through memory, run iteration by iteration)
; REMARK: remark: <unknown>:0:0: kernel 'cache_line' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 1 place (a loop whose threads stride through memory, run iteration by iteration)
; REMARK: remark: <unknown>:0:0: kernel 'two_loops' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 1 place (a loop whose threads stride through memory, run iteration by iteration)

; CHECK-LABEL: define void @column(
; CHECK: loop:
; CHECK-NEXT: %j = phi
; CHECK-NEXT: %sum = phi
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @cache_line(
; CHECK: call void @__mm_device_warp_yield()
; CHECK-LABEL: define void @row(
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @half_line(
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @same_address(
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @loaded_bound(
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @branchy(
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @synchronizes(
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @two_loops(
; CHECK-NOT: warp_yield
; CHECK: again:
; CHECK-NEXT: %j2 = phi
; CHECK-NEXT: %sum2 = phi
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NOT: warp_yield
; CHECK-LABEL: define void @not_a_kernel(
; CHECK-NOT: warp_yield
; CHECK: ret void

target triple = "nvptx64-nvidia-cuda"

define void @column(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %jn = mul i32 %j, %n
  %index = add i32 %jn, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @cache_line(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %j16 = mul i32 %j, 16
  %index = add i32 %j16, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @row(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %row = mul i32 %i, %dim
  %index = add i32 %row, %j
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @half_line(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %j8 = mul i32 %j, 8
  %index = add i32 %j8, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @same_address(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %index = mul i32 %j, %n
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @loaded_bound(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %limit = load i32, ptr %bounds, align 4
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %jn = mul i32 %j, %n
  %index = add i32 %jn, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %limit
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @branchy(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %latch ]
  %jn = mul i32 %j, %n
  %index = add i32 %jn, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %positive = fcmp ogt float %x, 0.0
  br i1 %positive, label %add, label %latch

add:
  br label %latch

latch:
  %y = phi float [ %x, %add ], [ 0.0, %loop ]
  %sum.next = fadd float %sum, %y
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @synchronizes(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %jn = mul i32 %j, %n
  %index = add i32 %jn, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  call void @llvm.nvvm.barrier0()
  br label %exit

exit:
  ret void
}

define void @two_loops(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %jn = mul i32 %j, %n
  %index = add i32 %jn, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %again

again:
  %j2 = phi i32 [ 0, %store ], [ %j2.next, %again ]
  %sum2 = phi float [ 0.0, %store ], [ %sum2.next, %again ]
  %jn2 = mul i32 %j2, %n
  %index2 = add i32 %jn2, %i
  %idx2 = sext i32 %index2 to i64
  %p2 = getelementptr inbounds float, ptr %a, i64 %idx2
  %x2 = load float, ptr %p2, align 4
  %p3 = getelementptr inbounds float, ptr %p2, i64 1
  %x3 = load float, ptr %p3, align 4
  %x23 = fadd float %x2, %x3
  %sum2.next = fadd float %sum2, %x23
  %j2.next = add nuw nsw i32 %j2, 1
  %done2 = icmp eq i32 %j2.next, %dim
  br i1 %done2, label %store2, label %again

store2:
  store float %sum2.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

define void @not_a_kernel(ptr %a, ptr %out, i32 %n, i32 %dim, ptr %bounds)  {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %active = icmp slt i32 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %jn = mul i32 %j, %n
  %index = add i32 %jn, %i
  %idx = sext i32 %index to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %x
  %j.next = add nuw nsw i32 %j, 1
  %done = icmp eq i32 %j.next, %dim
  br i1 %done, label %store, label %loop

store:
  %q = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum.next, ptr %q, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "mm-kernel" }
