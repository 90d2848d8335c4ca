; mm-check-races, a step of `mm-lower-device<HOST;racecheck>` at
; mm-check-memory's place: in each kernel that reads or writes shared
; memory, each such access (not an atomic, not of global memory) first calls
; __mm_device_check_race with the address, the size, the kind (read 1, write
; 2, with 32 for a store of the value already there), where it is and the
; thread's index, and each of the kernel's own
; barriers (`__syncthreads()`: scope 0, `__syncwarp()`: 1) is followed by a
; call of __mm_device_pass_barrier. A barrier that mm-missing-barriers added
; (`!mm.repair`) is not the kernel's: no call follows it.
; RUN: split-file %s %t
; RUN: mm-opt -passes=mm-check-races %t/k.ll | FileCheck %s
; RUN: mm-opt -passes='mm-lower-device<x86_64-unknown-linux-gnu;racecheck>' \
; RUN:   -debug-pass-manager %t/empty.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PIPELINE

; PIPELINE: Running pass: mm::device::LockstepStridedLoopsPass
; PIPELINE-NEXT: Running pass: mm::device::CheckRacesPass
; PIPELINE-NEXT: Running pass: mm::device::ThreadFunctionsPass
; PIPELINE-NOT: CheckMemoryPass

;--- k.ll
target triple = "x86_64-unknown-linux-gnu"

; A shared variable's placeholder, as mm-flatten-address-spaces leaves it.
@shared = internal global [64 x i32] undef, align 4 #0

; CHECK: @[[SITE:mm.access.site[.0-9]*]] = {{.*}} c"x.cu:7:3 in k(int*)\00"
; CHECK: @[[SITE_K:mm.access.site[.0-9]*]] = {{.*}} c"k(int*)\00"

; CHECK-LABEL: define void @_Z1kPi(
; CHECK: %s = getelementptr
; CHECK-NEXT: %[[TX:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %[[TY:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK-NEXT: %[[TZ:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; A store says whether it writes the value already there (32).
; CHECK-NEXT: %[[OLD:.*]] = load i32, ptr %s, align 4
; CHECK-NEXT: %[[SAME:.*]] = icmp eq i32 %[[OLD]], %tx
; CHECK-NEXT: %[[SAMEKIND:.*]] = select i1 %[[SAME]], i32 32, i32 0
; CHECK-NEXT: %[[KIND:.*]] = or i32 2, %[[SAMEKIND]]
; CHECK-NEXT: call void @__mm_device_check_race(ptr %s, i64 4, i32 %[[KIND]], ptr @[[SITE]], i32 %[[TX]], i32 %[[TY]], i32 %[[TZ]])
; CHECK-NEXT: store i32 %tx, ptr %s, align 4
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: %[[BX:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %[[BY:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK-NEXT: %[[BZ:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT: call void @__mm_device_pass_barrier(i32 0, i32 %[[BX]], i32 %[[BY]], i32 %[[BZ]])
; CHECK: call void @__mm_device_check_race(ptr %n, i64 4, i32 1, ptr @[[SITE]],
; CHECK-NEXT: %v = load i32, ptr %n, align 4
; CHECK-NEXT: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call void @__mm_device_pass_barrier(i32 1,
; Not the kernel's: no call after it.
; CHECK-NEXT: call void @llvm.nvvm.barrier0(), !mm.repair
; CHECK-NEXT: atomicrmw add ptr %s
; CHECK-NEXT: store i32 %v, ptr %global
; A copy into shared memory reads global memory and writes shared; without
; a line, the site is the function.
; CHECK: call void @__mm_device_check_race(ptr %s, i64 8, i32 2, ptr @[[SITE_K]],
; CHECK-NEXT: call void @llvm.memcpy
; CHECK-NOT: __mm_device_
; CHECK: ret void
define void @_Z1kPi(ptr %global) #1 {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = getelementptr [64 x i32], ptr @shared, i32 0, i32 %tx
  store i32 %tx, ptr %s, align 4, !dbg !9
  call void @llvm.nvvm.barrier0()
  %next = add i32 %tx, 1
  %n = getelementptr [64 x i32], ptr @shared, i32 0, i32 %next
  %v = load i32, ptr %n, align 4, !dbg !9
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  call void @llvm.nvvm.barrier0(), !mm.repair !{}
  %old = atomicrmw add ptr %s, i32 1 monotonic, align 4
  store i32 %v, ptr %global, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %global, i64 8, i1 false)
  ret void
}

; A kernel without shared memory is left as it is, its barriers too.
; CHECK-LABEL: define void @_Z7globalsPi(
; CHECK-NEXT: store i32 1, ptr %p
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: ret void
define void @_Z7globalsPi(ptr %p) #1 {
  store i32 1, ptr %p, align 4
  call void @llvm.nvvm.barrier0()
  ret void
}

; So is a function that is not a kernel.
; CHECK-LABEL: define void @_Z6helperv(
; CHECK-NEXT: store i32 1, ptr @shared
define void @_Z6helperv() {
  store i32 1, ptr @shared, align 4
  ret void
}

; They touch none of the program's memory.
; CHECK: declare void @__mm_device_check_race(ptr, i64, i32, ptr, i32, i32, i32) [[ATTRS:#[0-9]+]]
; CHECK: declare void @__mm_device_pass_barrier(i32, i32, i32, i32) [[ATTRS]]
; CHECK: attributes [[ATTRS]] = { nounwind memory(inaccessiblemem: readwrite) }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "x.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "k", linkageName: "_Z1kPi", scope: !1, file: !1, line: 5, type: !4, unit: !0)
!9 = !DILocation(line: 7, column: 3, scope: !5)
attributes #0 = { "mm-shared" }
attributes #1 = { "mm-kernel" }

;--- empty.ll
target triple = "nvptx64-nvidia-cuda"
