; mm-lockstep-fences: each memory fence of a kernel gets a warp yield point
; before it, so that a warp's lanes reach it together, as in lockstep: a
; fence after the stores of all lanes (a node rewritten word by word, then
; unlocked by one lane), and a fence that only some lanes reach. A kernel
; without fences is left alone.
; RUN: mm-opt -passes=mm-lockstep-fences %s | FileCheck %s

; CHECK-LABEL: define void @unlock(
; CHECK:       store i32 %word, ptr %at
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

target triple = "x86_64-unknown-linux-gnu"

define void @unlock(ptr %node, i32 %word) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %at = getelementptr i32, ptr %node, i32 %lane
  store i32 %word, ptr %at
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
  ret void
}

define void @no_fence(ptr %out) #0 {
entry:
  store i32 1, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "mm-kernel" }
