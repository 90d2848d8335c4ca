; mm-lower-inline-asm: each PTX inline assembly call becomes the IR that
; computes the same values, special registers become the NVVM intrinsics
; that read them (lowered later with the others). Every instruction it
; translates is checked in ../ptx-inline-asm.test; what it refuses, in
; ../inline-asm-errors.test.
; RUN: mm-opt -passes=mm-lower-inline-asm %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @add(
; CHECK-NOT: asm
; CHECK: add i33
; CHECK: ret i32
define i32 @add(i32 %a, i32 %b) {
  %r = call i32 asm "add.u32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}

; CHECK-LABEL: define i32 @lane(
; CHECK-NEXT: %1 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK-NEXT: ret i32 %1
define i32 @lane() {
  %r = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  ret i32 %r
}

; Two statements, the carry of the first read by the second, two outputs.
; CHECK-LABEL: define { i32, i32 } @carry(
; CHECK: %[[SUM:.*]] = add i33
; CHECK: %[[HIGH:.*]] = lshr i33 %[[SUM]], 32
; CHECK: %[[CARRY:.*]] = trunc i33 %[[HIGH]] to i1
; CHECK: %[[LOW:.*]] = trunc i33 %[[SUM]] to i32
; CHECK: zext i1 %[[CARRY]] to i33
; CHECK: insertvalue { i32, i32 } poison, i32 %[[LOW]], 0
define { i32, i32 } @carry(i32 %a, i32 %b) {
  %r = call { i32, i32 } asm "add.cc.u32 $0, $2, $3;\0A\09addc.u32 $1, 0, 0;", "=r,=r,r,r"(i32 %a, i32 %b)
  ret { i32, i32 } %r
}

; A SIMD video instruction on the bytes of its operands, with the sum of
; their absolute differences added to c (CUDA's __vsadu4 + c).
; CHECK-LABEL: define i32 @sad(
; CHECK: %[[A:.*]] = zext <4 x i8> %{{.*}} to <4 x i32>
; CHECK: %[[B:.*]] = zext <4 x i8> %{{.*}} to <4 x i32>
; CHECK: %[[D:.*]] = sub <4 x i32> %[[A]], %[[B]]
; CHECK: %[[ABS:.*]] = call <4 x i32> @llvm.abs.v4i32(<4 x i32> %[[D]], i1 false)
; CHECK: %[[SUM:.*]] = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %[[ABS]])
; CHECK: add i32 %c, %[[SUM]]
define i32 @sad(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vabsdiff4.u32.u32.u32.add $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
