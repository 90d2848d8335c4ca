; mm-lower-nvvm-math: NVVM's arithmetic in round-to-nearest is the operation
; itself, with .ftz flushing denormal inputs and results; a directed mode, a
; conversion and a function with no LLVM counterpart are calls of the
; libdevice functions of the same meaning; the approximate functions are
; the accurate ones; prmt is PTX's byte permute.
; RUN: mm-opt -passes=mm-lower-nvvm-math %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define float @nearest(
; CHECK-NEXT: %add = fadd float %a, %b
; CHECK-NEXT: %mul = fmul double %c, %d
; CHECK-NEXT: %fma = call float @llvm.fma.f32(float %a, float %b, float %add)
; CHECK-NEXT: %div = fdiv float %a, %b
; CHECK-NEXT: %rcp = fdiv double 1.000000e+00, %d
; CHECK-NEXT: %sqrt = call float @llvm.sqrt.f32(float %a)
define float @nearest(float %a, float %b, double %c, double %d) {
  %add = call float @llvm.nvvm.add.rn.f(float %a, float %b)
  %mul = call double @llvm.nvvm.mul.rn.d(double %c, double %d)
  %fma = call float @llvm.nvvm.fma.rn.f(float %a, float %b, float %add)
  %div = call float @llvm.nvvm.div.approx.f(float %a, float %b)
  %rcp = call double @llvm.nvvm.rcp.rn.d(double %d)
  %sqrt = call float @llvm.nvvm.sqrt.f(float %a)
  ret float %sqrt
}

; CHECK-LABEL: define double @directed(
; CHECK-NEXT: %add = call float @__nv_fadd_rz(float %a, float %b)
; CHECK-NEXT: %mul = call double @__nv_dmul_rd(double %c, double %d)
; CHECK-NEXT: %fma = call double @__nv_fma_ru(double %c, double %d, double %c)
; CHECK-NEXT: %div = call float @__nv_fdiv_rz(float %a, float %b)
; CHECK-NEXT: %sqrt = call double @__nv_dsqrt_rd(double %c)
; CHECK-NEXT: %rcp = call float @__nv_frcp_ru(float %a)
define double @directed(float %a, float %b, double %c, double %d) {
  %add = call float @llvm.nvvm.add.rz.f(float %a, float %b)
  %mul = call double @llvm.nvvm.mul.rm.d(double %c, double %d)
  %fma = call double @llvm.nvvm.fma.rp.d(double %c, double %d, double %c)
  %div = call float @llvm.nvvm.div.rz.f(float %a, float %b)
  %sqrt = call double @llvm.nvvm.sqrt.rm.d(double %c)
  %rcp = call float @llvm.nvvm.rcp.rp.f(float %a)
  ret double %sqrt
}

; .ftz: the inputs, then the result, flushed (a denormal becomes a zero of
; its sign).
; CHECK-LABEL: define float @flushed(
; CHECK: %[[A:.*]] = select i1 {{.*}}, float {{.*}}, float %a
; CHECK: %[[B:.*]] = select i1 {{.*}}, float {{.*}}, float %b
; CHECK: %[[SUM:.*]] = call float @__nv_fadd_rz(float %[[A]], float %[[B]])
; CHECK: select i1 {{.*}}, float {{.*}}, float %[[SUM]]
define float @flushed(float %a, float %b) {
  %add = call float @llvm.nvvm.add.rz.ftz.f(float %a, float %b)
  ret float %add
}

; CHECK-LABEL: define i32 @conversions(
; CHECK-NEXT: %i = call i32 @__nv_float2int_rn(float %a)
; CHECK-NEXT: %u = call i64 @__nv_double2ull_rd(double %c)
; CHECK-NEXT: %f = call float @__nv_ll2float_rz(i64 %u)
; CHECK-NEXT: %d = sitofp i32 %i to double
; CHECK-NEXT: %h = call i16 @__nv_float2half_rn(float %f)
; CHECK-NEXT: %hi = call i32 @__nv_double2hiint(double %d)
; CHECK-NEXT: %pair = call double @__nv_hiloint2double(i32 %hi, i32 %i)
define i32 @conversions(float %a, double %c) {
  %i = call i32 @llvm.nvvm.f2i.rn(float %a)
  %u = call i64 @llvm.nvvm.d2ull.rm(double %c)
  %f = call float @llvm.nvvm.ll2f.rz(i64 %u)
  %d = call double @llvm.nvvm.i2d.rn(i32 %i)
  %h = call i16 @llvm.nvvm.f2h.rn(float %f)
  %hi = call i32 @llvm.nvvm.d2i.hi(double %d)
  %pair = call double @llvm.nvvm.lohi.i2d(i32 %i, i32 %hi)
  ret i32 %hi
}

; CHECK-LABEL: define float @functions(
; CHECK-NEXT: %ex2 = call float @llvm.exp2.f32(float %a)
; CHECK-NEXT: %rsqrt = call float @__nv_rsqrtf(float %ex2)
; CHECK-NEXT: %round = call float @llvm.roundeven.f32(float %rsqrt)
; CHECK-NEXT: %min = call float @llvm.minnum.f32(float %round, float %a)
; CHECK-NEXT: %[[LOW:.*]] = call float @llvm.maxnum.f32(float %min, float 0.000000e+00)
; CHECK-NEXT: %sat = call float @llvm.minnum.f32(float %[[LOW]], float 1.000000e+00)
; CHECK-NEXT: %hi = call i32 @__nv_umulhi(i32 %x, i32 %x)
define float @functions(float %a, i32 %x) {
  %ex2 = call float @llvm.nvvm.ex2.approx.f(float %a)
  %rsqrt = call float @llvm.nvvm.rsqrt.approx.f(float %ex2)
  %round = call float @llvm.nvvm.round.f(float %rsqrt)
  %min = call float @llvm.nvvm.fmin.f(float %round, float %a)
  %sat = call float @llvm.nvvm.saturate.f(float %min)
  %hi = call i32 @llvm.nvvm.mulhi.ui(i32 %x, i32 %x)
  ret float %sat
}

; prmt's default mode: bytes 7, 0, 9 (byte 1 with its sign), 3.
; CHECK-LABEL: define i32 @permute(
; CHECK-NOT: call
; CHECK: ret i32
define i32 @permute(i32 %a, i32 %b) {
  %p = call i32 @llvm.nvvm.prmt(i32 %a, i32 %b, i32 14599)
  ret i32 %p
}
