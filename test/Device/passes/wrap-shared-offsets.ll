; mm-wrap-shared-offsets: an index of a getelementptr into a shared variable
; (a global marked "mm-shared", through any GEP or cast) that is a 32-bit
; value zero-extended is sign-extended instead, as a GPU's 32-bit shared
; addresses wrap around: B[~x] is B[-x - 1]. The getelementptr loses
; inbounds and its other no-wrap flags. Indices known non-negative (zext nneg), other widths, and
; getelementptrs into other memory are left alone.
; RUN: mm-opt -passes=mm-wrap-shared-offsets %s | FileCheck %s

; CHECK-LABEL: define i32 @complement(
; CHECK: %not = xor i32 %x, -1
; CHECK-NEXT: %wide = zext i32 %not to i64
; CHECK-NEXT: %wide.wrapped = sext i32 %not to i64
; CHECK-NEXT: %slot = getelementptr i32, ptr %window, i64 %wide.wrapped
; CHECK: %nonneg.slot = getelementptr inbounds i32, ptr %window, i64 %nonneg
; CHECK: %narrow.slot = getelementptr inbounds i32, ptr %window, i64 %narrow
; CHECK: %global.slot = getelementptr inbounds i32, ptr %global, i64 %wide
; CHECK-LABEL: define void @in_array(
; CHECK: %i.wrapped = sext i32 %u to i64
; CHECK-NEXT: %element = getelementptr [64 x float], ptr @s, i64 0, i64 %i.wrapped

target triple = "x86_64-unknown-linux-gnu"

@s = internal global [64 x float] undef, align 4 #0

define i32 @complement(i32 %x, i32 %y, i16 %z, ptr %global) {
  %window = getelementptr inbounds i8, ptr @s, i64 128
  %not = xor i32 %x, -1
  %wide = zext i32 %not to i64
  %slot = getelementptr inbounds i32, ptr %window, i64 %wide
  %a = load i32, ptr %slot
  %nonneg = zext nneg i32 %y to i64
  %nonneg.slot = getelementptr inbounds i32, ptr %window, i64 %nonneg
  %b = load i32, ptr %nonneg.slot
  %narrow = zext i16 %z to i64
  %narrow.slot = getelementptr inbounds i32, ptr %window, i64 %narrow
  %c = load i32, ptr %narrow.slot
  %global.slot = getelementptr inbounds i32, ptr %global, i64 %wide
  %d = load i32, ptr %global.slot
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %r = add i32 %ab, %cd
  ret i32 %r
}

define void @in_array(i32 %u, float %v) {
  %i = zext i32 %u to i64
  %element = getelementptr inbounds [64 x float], ptr @s, i64 0, i64 %i
  store float %v, ptr %element
  ret void
}

attributes #0 = { "mm-shared" }
