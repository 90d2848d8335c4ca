; mm-lower-device-libcalls: libdevice functions become libm's or LLVM's
; intrinsics, NVVM math intrinsics target-independent ones,
; __nvvm_reflect 0, memory barriers fences, __ldg a load, and GPU sync
; scopes the system's.
; RUN: mm-opt -passes=mm-lower-device-libcalls %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define float @math(
; CHECK-NEXT: %s = call float @sinf(float %x)
; CHECK-NEXT: %e = call double @exp(double %y)
; CHECK: %f = call float @llvm.fabs.f32(float %s)
define float @math(float %x, double %y) {
  %s = call float @__nv_sinf(float %x)
  %e = call double @__nv_exp(double %y)
  %et = fptrunc double %e to float
  %f = call float @llvm.nvvm.fabs.f(float %s)
  %sum = fadd float %f, %et
  ret float %sum
}

; CHECK-LABEL: define i32 @reflect(
; CHECK-NEXT: ret i32 0
define i32 @reflect() {
  %r = call i32 @__nvvm_reflect(ptr null)
  ret i32 %r
}

; CHECK-LABEL: define void @fence(
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: atomicrmw add ptr %p, i32 1 monotonic, align 4
define void @fence(ptr %p) {
  call void @llvm.nvvm.membar.cta()
  %v = atomicrmw add ptr %p, i32 1 syncscope("block") monotonic
  ret void
}

; CHECK-LABEL: define float @ldg(
; CHECK-NEXT: %v = load float, ptr %p, align 4
define float @ldg(ptr %p) {
  %v = call float @llvm.nvvm.ldg.global.f.f32.p0(ptr %p, i32 4)
  ret float %v
}

declare float @__nv_sinf(float)
declare double @__nv_exp(double)
declare float @llvm.nvvm.fabs.f(float)
declare i32 @__nvvm_reflect(ptr)
declare void @llvm.nvvm.membar.cta()
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr, i32)
