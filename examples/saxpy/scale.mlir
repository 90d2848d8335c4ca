// saxpy's scale step for the host's CPU, in MLIR's func and arith dialects.
module attributes {llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  func.func @scale(%a: f32, %x: f32) -> f32 {
    %0 = arith.mulf %a, %x : f32
    return %0 : f32
  }
}
