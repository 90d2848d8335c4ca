; mm-flatten-address-spaces: every GPU address space becomes the CPU's one;
; shared variables keep their globals as placeholders ("mm-shared") until
; mm-lower-shared-memory lays them out per block.
; RUN: mm-opt -passes=mm-flatten-address-spaces %s | FileCheck %s
; RUN: mm-opt -passes=mm-flatten-address-spaces %s | FileCheck %s --check-prefix=REMAP

target triple = "nvptx64-nvidia-cuda"

; CHECK: @tile = internal global [64 x float] undef, align 4 [[SHARED:#[0-9]+]]
; CHECK: @table = internal global [2 x i32] [i32 1, i32 2], align 4{{$}}
; CHECK: @counter = global i32 0, align 4{{$}}
@tile = internal addrspace(3) global [64 x float] undef, align 4
@table = internal addrspace(4) global [2 x i32] [i32 1, i32 2], align 4
@counter = addrspace(1) global i32 0, align 4

; CHECK-LABEL: define void @k(ptr %out, ptr %generic)
; CHECK-NOT: addrspace
; CHECK: %s = getelementptr [64 x float], ptr @tile, i32 0, i32 1
; CHECK: %c = load i32, ptr @table
; A cast to the generic space is the pointer itself.
; CHECK-NEXT: store i32 %c, ptr %out
; CHECK-NEXT: atomicrmw add ptr @counter, i32 1 monotonic
; CHECK: attributes [[SHARED]] = { "mm-shared" }
define void @k(ptr addrspace(1) %out, ptr %generic) "mm-kernel" {
  %s = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 1
  %v = load float, ptr addrspace(3) %s
  store float %v, ptr addrspace(1) %out
  %c = load i32, ptr addrspace(4) @table
  %g = addrspacecast ptr addrspace(1) %out to ptr
  store i32 %c, ptr %g
  %old = atomicrmw add ptr addrspace(1) @counter, i32 1 monotonic
  ret void
}

; A function whose type does not change is remapped even when a function
; before it calls it (the mapper has then mapped it to itself), and so is a
; global whose initializer a global before it refers to: their uses of the
; recreated globals are the new globals, never poison.
; REMAP: @pointers = global ptr @slot
; REMAP: @slot = global ptr @counter
@pointers = global ptr @slot
@slot = global ptr addrspacecast (ptr addrspace(1) @counter to ptr)

; REMAP-LABEL: define i32 @caller(i32 %i)
; REMAP-NEXT: %r = call i32 @helper(i32 %i)
define i32 @caller(i32 %i) "mm-kernel" {
  %r = call i32 @helper(i32 %i)
  ret i32 %r
}

; REMAP-LABEL: define internal i32 @helper(i32 %i)
; REMAP-NEXT: %p = getelementptr [2 x i32], ptr @table, i32 0, i32 %i
; REMAP-NEXT: %v = load i32, ptr %p
define internal i32 @helper(i32 %i) {
  %p = getelementptr [2 x i32], ptr addrspace(4) @table, i32 0, i32 %i
  %v = load i32, ptr addrspace(4) %p
  ret i32 %v
}
