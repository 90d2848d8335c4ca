; mm-lockstep-volatile-shared: each volatile load and store of a shared
; variable (a global marked "mm-shared", through any GEP or cast) in a
; kernel gets a warp yield point before it; other volatile accesses, plain
; shared accesses and functions that are not kernels are left alone. A
; kernel with yield points gets a resumable thread function, and
; mm-split-at-barriers numbers its yield points last and records the first
; ("mm-first-warp-yield").
; RUN: mm-opt -passes=mm-lockstep-volatile-shared %s | FileCheck %s
; RUN: mm-opt -passes=mm-lockstep-volatile-shared,mm-thread-functions,mm-lower-thread-operations,mm-split-at-barriers %s | FileCheck %s --check-prefix=SPLIT
; RUN: mm-opt -passes=mm-lockstep-volatile-shared -pass-remarks=mm-lockstep-volatile-shared %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
; Each kernel that gets yield points is a remark (-pass-remarks), with how
; many.
; REMARK: remark: <unknown>:0:0: kernel 'scan' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 2 places (volatile accesses of shared memory)

; CHECK-LABEL: define void @scan(
; CHECK: call void @__mm_device_warp_yield()
; CHECK-NEXT: store volatile i32 0, ptr %slot
; CHECK-NEXT: %previous = getelementptr
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: %before = load volatile i32, ptr %previous
; CHECK-NEXT: store i32 %before, ptr %slot
; CHECK-NEXT: %global = load volatile i32, ptr %p
; CHECK-NEXT: ret void
; CHECK-LABEL: define void @not_a_kernel(
; CHECK-NOT: warp_yield
; CHECK: ret void

; SPLIT: define internal i32 @scan.mm.thread({{.*}}) [[ATTRS:#[0-9]+]]
; SPLIT: ret i32 1
; SPLIT: ret i32 2
; SPLIT: attributes [[ATTRS]] = { {{.*}}"mm-block-barriers"="0" "mm-first-warp-yield"="1"

target triple = "x86_64-unknown-linux-gnu"

@s = internal global [64 x i32] undef, align 4 #0

define void @scan(ptr %p) #1 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = getelementptr [64 x i32], ptr @s, i32 0, i32 %t
  store volatile i32 0, ptr %slot
  %previous = getelementptr i32, ptr %slot, i32 -1
  %before = load volatile i32, ptr %previous
  store i32 %before, ptr %slot
  %global = load volatile i32, ptr %p
  ret void
}

define void @not_a_kernel() {
  store volatile i32 0, ptr @s
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "mm-shared" }
attributes #1 = { "mm-kernel" }
