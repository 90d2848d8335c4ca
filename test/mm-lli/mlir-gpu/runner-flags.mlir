// mlir-cpu-runner's flags: -e names the entry function, --entry-point-result
// its result type (i32, i64, f32 or void), printed after it returns; a
// result type alone calls main. Functions marked llvm.emit_c_interface are
// called through their C wrappers, as MLIR's runner libraries define them.

// RUN: mm-lli -e fortytwo --entry-point-result=f32 --shared-libs=%mlir_c_runner_utils,%mlir_runner_utils %s | FileCheck %s --check-prefix=F32
// F32: 4.200000e+01
// RUN: mm-lli -e count --entry-point-result=i64 --shared-libs=%mlir_c_runner_utils,%mlir_runner_utils %s | FileCheck %s --check-prefix=I64
// I64: 8589934592
// RUN: mm-lli --entry-point-result=void --shared-libs=%mlir_runner_utils,%mlir_c_runner_utils %s | FileCheck %s --check-prefix=MAIN
// MAIN: [1.5,  2.5]

func.func @fortytwo() -> f32 {
  %r = arith.constant 42.0 : f32
  return %r : f32
}

func.func @count() -> i64 {
  %r = arith.constant 8589934592 : i64
  return %r : i64
}

func.func @main() {
  %m = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.5 : f32
  memref.store %a, %m[%c0] : memref<2xf32>
  memref.store %b, %m[%c1] : memref<2xf32>
  %cast = memref.cast %m : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
