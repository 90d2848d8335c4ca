; mm-lower-device-libcalls: __nvvm_reflect answers 0, memory barriers
; become fences, __ldg an invariant load, NVVM's scoped atomics and atomicInc/Dec
; read-modify-write instructions, and GPU sync scopes the system's.
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

; __ldg and a texture reference's handle read memory that no thread changes
; while the kernel runs.
; CHECK-LABEL: define float @ldg(
; CHECK-NEXT: %v = load float, ptr %p, align 4, !invariant.load ![[EMPTY:[0-9]+]]
define float @ldg(ptr %p) {
  %v = call float @llvm.nvvm.ldg.global.f.f32.p0(ptr %p, i32 4)
  ret float %v
}

@texture = internal global i64 0
; CHECK-LABEL: define i64 @texture_handle(
; CHECK-NEXT: %h = load i64, ptr @texture, align 8, !invariant.load ![[EMPTY]]
define i64 @texture_handle() {
  %h = call i64 @llvm.nvvm.texsurf.handle.internal.p0(ptr @texture)
  ret i64 %h
}
declare i64 @llvm.nvvm.texsurf.handle.internal.p0(ptr)

declare i32 @__nvvm_reflect(ptr)
declare void @llvm.nvvm.membar.cta()
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr, i32)

; CHECK-LABEL: define i32 @atomics(
; CHECK-NEXT: %inc = atomicrmw uinc_wrap ptr %p, i32 %v seq_cst
; CHECK-NEXT: %dec = atomicrmw udec_wrap ptr %p, i32 %v seq_cst
; CHECK-NEXT: %add = atomicrmw add ptr %p, i32 %v seq_cst
; CHECK-NEXT: %umax = atomicrmw umax ptr %p, i32 %v seq_cst
; CHECK-NEXT: %min = atomicrmw min ptr %p, i32 %v seq_cst
; CHECK-NEXT: %fadd = atomicrmw fadd ptr %q, float 1.000000e+00 seq_cst
; CHECK-NEXT: %[[CAS:.*]] = cmpxchg ptr %p, i32 %v, i32 0 seq_cst seq_cst
; CHECK-NEXT: %cas = extractvalue { i32, i1 } %[[CAS]], 0
define i32 @atomics(ptr %p, ptr %q, i32 %v) {
  %inc = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %p, i32 %v)
  %dec = call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr %p, i32 %v)
  %add = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %p, i32 %v)
  %umax = call i32 @llvm.nvvm.atomic.max.gen.ui.sys.i32.p0(ptr %p, i32 %v)
  %min = call i32 @llvm.nvvm.atomic.min.gen.i.cta.i32.p0(ptr %p, i32 %v)
  %fadd = call float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr %q, float 1.0)
  %cas = call i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr %p, i32 %v, i32 0)
  %s1 = add i32 %inc, %dec
  %s2 = add i32 %s1, %add
  %s3 = add i32 %s2, %umax
  %s4 = add i32 %s3, %min
  %s5 = add i32 %s4, %cas
  ret i32 %s5
}

declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.max.gen.ui.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.min.gen.i.cta.i32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr, float)
declare i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr, i32, i32)

; CHECK: ![[EMPTY]] = !{}
