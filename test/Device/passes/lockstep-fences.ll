; mm-lockstep-fences: each memory fence of a kernel that synchronizes its
; threads gets a warp yield point before it, so that a warp's lanes reach it
; together, as in lockstep: a fence after the stores of all lanes (a node
; rewritten word by word, then unlocked by one lane), and a fence that only
; some lanes reach. Left alone: a kernel without fences, and one without
; sync points (its fence orders nothing between its lanes).
; RUN: mm-opt -passes=mm-lockstep-fences %s | FileCheck %s
; RUN: mm-opt -passes=mm-lockstep-fences -pass-remarks=mm-lockstep-fences %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
; Each kernel that gets yield points is a remark (-pass-remarks), with how
; many.
; REMARK: remark: <unknown>:0:0: kernel 'unlock' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 1 place (memory fences)
; REMARK: remark: <unknown>:0:0: kernel 'lane0' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 1 place (memory fences)

; CHECK-LABEL: define void @unlock(
; CHECK:       store i32 %shuffled, ptr %at
; CHECK-NEXT:  call void @__mm_device_warp_yield()
; CHECK-NEXT:  fence seq_cst
; CHECK:       one:
; CHECK-NEXT:  %cleared = atomicrmw and ptr %node

; CHECK-LABEL: define void @lane0(
; CHECK:       then:
; CHECK-NEXT:  store i32 1, ptr %out
; CHECK-NEXT:  call void @__mm_device_warp_yield()
; CHECK-NEXT:  fence syncscope("device") release

; CHECK-LABEL: define void @no_fence(
; CHECK-NOT:   yield
; CHECK:       ret void

; CHECK-LABEL: define void @no_sync(
; CHECK-NOT:   yield
; CHECK:       ret void

target triple = "x86_64-unknown-linux-gnu"

define void @unlock(ptr %node, i32 %word) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %at = getelementptr i32, ptr %node, i32 %lane
  %shuffled = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %word, i32 0, i32 31)
  store i32 %shuffled, ptr %at
  fence seq_cst
  %is.one = icmp eq i32 %lane, 1
  br i1 %is.one, label %one, label %done
one:
  %cleared = atomicrmw and ptr %node, i32 2147483647 seq_cst
  br label %done
done:
  ret void
}

define void @lane0(ptr %out) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %is.zero = icmp eq i32 %lane, 0
  br i1 %is.zero, label %then, label %done
then:
  store i32 1, ptr %out
  fence syncscope("device") release
  br label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @no_fence(ptr %out) #0 {
entry:
  store i32 1, ptr %out
  call void @llvm.nvvm.barrier0()
  ret void
}

define void @no_sync(ptr %out) #0 {
entry:
  store i32 1, ptr %out
  fence seq_cst
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare void @llvm.nvvm.barrier0()

attributes #0 = { "mm-kernel" }
