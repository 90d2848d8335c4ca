; mm-lower-device-libcalls: __nvvm_reflect answers 0, memory barriers
; become fences, __ldg a load, and GPU sync scopes the system's.
; RUN: mm-opt -passes=mm-lower-device-libcalls %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @reflect(
; CHECK-NEXT: ret i32 0
define i32 @reflect() {
  %r = call i32 @__nvvm_reflect(ptr null)
  ret i32 %r
}

; CHECK-LABEL: define void @fence(
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: atomicrmw add ptr %p, i32 1 monotonic, align 4
; CHECK-NEXT: cmpxchg ptr %p, i32 0, i32 1 monotonic monotonic
; CHECK-NEXT: fence acquire
define void @fence(ptr %p) {
  call void @llvm.nvvm.membar.cta()
  %v = atomicrmw add ptr %p, i32 1 syncscope("block") monotonic
  %c = cmpxchg ptr %p, i32 0, i32 1 syncscope("device") monotonic monotonic
  fence syncscope("block") acquire
  ret void
}

; CHECK-LABEL: define float @ldg(
; CHECK-NEXT: %v = load float, ptr %p, align 4
define float @ldg(ptr %p) {
  %v = call float @llvm.nvvm.ldg.global.f.f32.p0(ptr %p, i32 4)
  ret float %v
}

declare i32 @__nvvm_reflect(ptr)
declare void @llvm.nvvm.membar.cta()
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr, i32)
