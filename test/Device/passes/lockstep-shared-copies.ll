; mm-lockstep-shared-copies: in a kernel, a store to shared memory (a global
; marked "mm-shared", through any GEP or cast) of a value loaded from
; shared memory in the same block, with no call in between, gets a warp
; yield point before the store; an llvm.memcpy between shared variables
; of a constant length becomes a load of its bytes, a yield point and a
; store. A copy to the address it reads, a copy with a barrier in between,
; copies from or to other memory, a memcpy of a variable length, copies
; between shared variables that cannot overlap (two static ones, a static
; one and extern dynamic memory), and functions that are not kernels are
; left alone; a copy between two extern (dynamic) arrays, which start at
; the same address, gets its yield point.
; RUN: mm-opt -passes=mm-lockstep-shared-copies %s | FileCheck %s
; RUN: mm-opt -passes=mm-lockstep-shared-copies -pass-remarks=mm-lockstep-shared-copies %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
; Each kernel that gets yield points is a remark (-pass-remarks), with how
; many.
; REMARK: remark: <unknown>:0:0: kernel 'permute' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 2 places (copies within shared memory, every lane's load run before any lane's store)
; REMARK: remark: <unknown>:0:0: kernel 'apart' may rely on its warps' lanes running in lockstep, which a GPU has not promised since Volta, at 2 places (copies within shared memory, every lane's load run before any lane's store)

; CHECK-LABEL: define void @permute(
; CHECK: %key = load i32, ptr %from
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %key, ptr %to
; CHECK-NEXT: %copied = load [12 x i8], ptr %colorFrom, align 4
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store [12 x i8] %copied, ptr %colorTo, align 4
; CHECK-NEXT: %same = load i32, ptr %from
; CHECK-NEXT: store i32 %same, ptr %from
; CHECK-NEXT: %before = load i32, ptr %from
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: store i32 %before, ptr %to
; CHECK-NEXT: %global = load i32, ptr %g
; CHECK-NEXT: store i32 %global, ptr %to
; CHECK-NEXT: %shared = load i32, ptr %from
; CHECK-NEXT: store i32 %shared, ptr %g
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %colorTo, ptr %colorFrom, i64 %n, i1 false)
; CHECK-NEXT: ret void
; CHECK-LABEL: define void @apart(
; CHECK-NEXT: %a = getelementptr
; CHECK-NEXT: %b = getelementptr
; CHECK-NEXT: %d = getelementptr
; CHECK-NEXT: %e = getelementptr
; CHECK-NEXT: %static = load i32, ptr %a
; CHECK-NEXT: store i32 %static, ptr %b
; CHECK-NEXT: %toDynamic = load i32, ptr %a
; CHECK-NEXT: store i32 %toDynamic, ptr %d
; CHECK-NEXT: %fromDynamic = load i32, ptr %d
; CHECK-NEXT: store i32 %fromDynamic, ptr %a
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %b, ptr align 4 %a, i64 8, i1 false)
; CHECK-NEXT: %dynamic = load i32, ptr %d
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %dynamic, ptr %e
; CHECK-NEXT: %dynamicBack = load i32, ptr %e
; CHECK-NEXT: call void @__mm_device_warp_yield()
; CHECK-NEXT: store i32 %dynamicBack, ptr %d
; CHECK-NEXT: ret void
; CHECK-LABEL: define void @not_a_kernel(
; CHECK-NOT: warp_yield
; CHECK: ret void

target triple = "x86_64-unknown-linux-gnu"

@ids = internal global [32 x i32] undef, align 4 #0
@colors = internal global [32 x [3 x float]] undef, align 4 #0

define void @permute(i32 %i, i32 %j, ptr %g, i64 %n) #1 {
  %from = getelementptr [32 x i32], ptr @ids, i32 0, i32 %i
  %to = getelementptr [32 x i32], ptr @ids, i32 0, i32 %j
  %colorFrom = getelementptr [32 x [3 x float]], ptr @colors, i32 0, i32 %i
  %colorTo = getelementptr [32 x [3 x float]], ptr @colors, i32 0, i32 %j
  %key = load i32, ptr %from
  store i32 %key, ptr %to
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %colorTo, ptr align 4 %colorFrom, i64 12, i1 false)
  %same = load i32, ptr %from
  store i32 %same, ptr %from
  %before = load i32, ptr %from
  call void @llvm.nvvm.barrier0()
  store i32 %before, ptr %to
  %global = load i32, ptr %g
  store i32 %global, ptr %to
  %shared = load i32, ptr %from
  store i32 %shared, ptr %g
  call void @llvm.memcpy.p0.p0.i64(ptr %colorTo, ptr %colorFrom, i64 %n, i1 false)
  ret void
}

@tempA = internal global [16 x i32] undef, align 4 #0
@tempB = internal global [16 x i32] undef, align 4 #0
@dynamic = external global [0 x i32], align 4 #0
@dynamicToo = external global [0 x i32], align 4 #0

define void @apart(i32 %i) #1 {
  %a = getelementptr [16 x i32], ptr @tempA, i32 0, i32 %i
  %b = getelementptr [16 x i32], ptr @tempB, i32 0, i32 %i
  %d = getelementptr [0 x i32], ptr @dynamic, i32 0, i32 %i
  %e = getelementptr [0 x i32], ptr @dynamicToo, i32 0, i32 %i
  %static = load i32, ptr %a
  store i32 %static, ptr %b
  %toDynamic = load i32, ptr %a
  store i32 %toDynamic, ptr %d
  %fromDynamic = load i32, ptr %d
  store i32 %fromDynamic, ptr %a
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %b, ptr align 4 %a, i64 8, i1 false)
  %dynamic = load i32, ptr %d
  store i32 %dynamic, ptr %e
  %dynamicBack = load i32, ptr %e
  store i32 %dynamicBack, ptr %d
  ret void
}

define void @not_a_kernel(i32 %i, i32 %j) {
  %from = getelementptr [32 x i32], ptr @ids, i32 0, i32 %i
  %to = getelementptr [32 x i32], ptr @ids, i32 0, i32 %j
  %key = load i32, ptr %from
  store i32 %key, ptr %to
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.nvvm.barrier0()

attributes #0 = { "mm-shared" }
attributes #1 = { "mm-kernel" }
