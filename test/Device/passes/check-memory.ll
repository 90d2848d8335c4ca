; mm-check-memory, a step of `mm-lower-device<HOST;memcheck>` before
; mm-thread-functions (after the passes that analyze the kernel's accesses):
; each access whose address may be device memory (not a local or module
; variable) first calls __mm_device_check_access with the address, the
; size, the kind (read 1, write 2, atomic 4, of a shared variable 8; from
; bit 8 the log2 of the alignment the code assumed, for a naturally aligned
; access of up to 16 bytes), where it is and the thread's index. A copy
; checks its source before its destination. An access of a local variable
; that its constant offset does not show within it is checked in the code,
; against the variable's size, and reported by
; __mm_device_report_local_access (kind 16 for local) where it is not.
; RUN: split-file %s %t
; RUN: mm-opt -passes=mm-check-memory %t/k.ll | FileCheck %s
; RUN: mm-opt -passes='mm-lower-device<x86_64-unknown-linux-gnu;memcheck>' \
; RUN:   -debug-pass-manager %t/empty.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PIPELINE
; RUN: mm-opt -passes='mm-lower-device<x86_64-unknown-linux-gnu>' \
; RUN:   -debug-pass-manager %t/empty.ll -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=UNCHECKED
; RUN: not mm-opt -passes='mm-lower-device<x86_64-unknown-linux-gnu;initcheck>' \
; RUN:   %t/empty.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not mm-opt -passes='mm-lower-device<;memcheck>' %t/empty.ll \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTRIPLE

; PIPELINE: Running pass: mm::device::LockstepStridedLoopsPass
; PIPELINE-NEXT: Running pass: mm::device::CheckMemoryPass
; PIPELINE-NEXT: Running pass: mm::device::ThreadFunctionsPass
; UNCHECKED-NOT: CheckMemoryPass
; NOTRIPLE: invalid pass 'mm-lower-device<;memcheck>': expected mm-lower-device<TRIPLE[;CHECK]>
; UNKNOWN: invalid pass 'mm-lower-device<x86_64-unknown-linux-gnu;initcheck>': unknown check 'initcheck'; give one of memcheck, racecheck

;--- k.ll
target triple = "x86_64-unknown-linux-gnu"

; A shared variable's placeholder, as mm-flatten-address-spaces leaves it.
@shared = internal global [64 x i32] undef, align 4 #0
@table = internal global [4 x i32] zeroinitializer, align 4

; CHECK: @[[SITE_K:mm.access.site[.0-9]*]] = {{.*}} c"k(int*)\00"
; CHECK: @[[SITE_LINE:mm.access.site[.0-9]*]] = {{.*}} c"x.cu:7:3 in f(int*), inlined at x.cu:12:5 in g()\00"

; CHECK-LABEL: define void @_Z1kPi(
; CHECK: %[[TX:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %[[TY:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK-NEXT: %[[TZ:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT: call void @__mm_device_check_access(ptr %p, i64 4, i32 513, ptr @[[SITE_K]], i32 %[[TX]], i32 %[[TY]], i32 %[[TZ]])
; CHECK-NEXT: %v = load i32, ptr %p, align 4
; CHECK: call void @__mm_device_check_access(ptr %global, i64 8, i32 2, ptr @[[SITE_K]],
; CHECK-NEXT: store i64 0, ptr %global, align 4
; CHECK: call void @__mm_device_check_access(ptr %global, i64 4, i32 516, ptr @[[SITE_K]],
; CHECK-NEXT: atomicrmw add ptr %global
; CHECK: call void @__mm_device_check_access(ptr %p, i64 4, i32 516, ptr @[[SITE_K]],
; CHECK-NEXT: cmpxchg ptr %p
; CHECK: call void @__mm_device_check_access(ptr %src, i64 %n, i32 1, ptr @[[SITE_K]],
; CHECK: call void @__mm_device_check_access(ptr %p, i64 %n, i32 2, ptr @[[SITE_K]],
; CHECK-NEXT: call void @llvm.memcpy
; CHECK: call void @__mm_device_check_access(ptr %p, i64 16, i32 2, ptr @[[SITE_K]],
; CHECK-NEXT: call void @llvm.memset
; Unaligned as the code says: no alignment asked.
; CHECK: call void @__mm_device_check_access(ptr %p, i64 4, i32 1, ptr @[[SITE_K]],
; CHECK-NEXT: load i32, ptr %p, align 1
; A shared variable's elements.
; CHECK: call void @__mm_device_check_access(ptr %s, i64 4, i32 522, ptr @[[SITE_K]],
; CHECK-NEXT: store i32 %v, ptr %s, align 4
; CHECK: call void @__mm_device_check_access(ptr %g, i64 4, i32 521, ptr @[[SITE_K]],
; CHECK-NEXT: load i32, ptr %g, align 4
; CHECK-NOT: __mm_device_check_access
; CHECK: ret void
define void @_Z1kPi(ptr %p, ptr %global, ptr %src, i64 %n) {
  %v = load i32, ptr %p, align 4
  store i64 0, ptr %global, align 4
  %old = atomicrmw add ptr %global, i32 1 monotonic, align 4
  %pair = cmpxchg ptr %p, i32 0, i32 1 monotonic monotonic, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %src, i64 %n, i1 false)
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 16, i1 false)
  %u = load i32, ptr %p, align 1
  %s = getelementptr [64 x i32], ptr @shared, i32 0, i32 %v
  store i32 %v, ptr %s, align 4
  %g = getelementptr [64 x i32], ptr @shared, i32 0, i32 %u
  %w = load i32, ptr %g, align 4
  ; Not checked: a local variable where the access is within it, a module
  ; variable.
  %local = alloca i32, align 4
  store i32 %v, ptr %local, align 4
  %t = getelementptr [4 x i32], ptr @table, i32 0, i32 %v
  store i32 %v, ptr %t, align 4
  ret void
}

; A local array's element: its offset and size against the array's 32 bytes.
; CHECK-LABEL: define i32 @_Z5localPii(
; CHECK: %[[OFFSET:.*]] = sub i64 %{{.*}}, %{{.*}}
; CHECK-NEXT: %[[PAST:.*]] = icmp ugt i64 %[[OFFSET]], 28
; CHECK-NEXT: %[[OUTSIDE:.*]] = or i1 false, %[[PAST]]
; CHECK-NEXT: br i1 %[[OUTSIDE]], label %[[REPORT:.*]], label %[[ACCESS:.*]], !prof
; CHECK: [[REPORT]]:
; CHECK: call void @__mm_device_report_local_access(ptr %e, i64 4, i32 529, ptr @[[SITE_LOCAL:mm.access.site[.0-9]*]], i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}, ptr %t, i64 32)
; CHECK-NEXT: unreachable
; CHECK: [[ACCESS]]:
; CHECK-NEXT: load i32, ptr %e
; CHECK-NOT: __mm_device_
; CHECK: ret i32
define i32 @_Z5localPii(i32 %i) {
  %t = alloca [8 x i32], align 4
  store i32 0, ptr %t, align 4
  %e = getelementptr [8 x i32], ptr %t, i32 0, i32 %i
  %v = load i32, ptr %e, align 4
  ret i32 %v
}

; With debug information: the line, and the functions it was inlined into.
; CHECK-LABEL: define void @_Z1gv(
; CHECK: call void @__mm_device_check_access(ptr %q, i64 4, i32 514, ptr @[[SITE_LINE]],
define void @_Z1gv(ptr %q) !dbg !5 {
  store i32 1, ptr %q, align 4, !dbg !9
  ret void
}

; A function without memory accesses is left as it is.
; CHECK-LABEL: define i32 @_Z3addii(
; CHECK-NEXT: add i32
define i32 @_Z3addii(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  ret i32 %s
}

; It touches none of the program's memory, and may not return.
; CHECK: declare void @__mm_device_check_access(ptr, i64, i32, ptr, i32, i32, i32) [[CHECK_ATTRS:#[0-9]+]]
; CHECK: declare void @__mm_device_report_local_access(ptr, i64, i32, ptr, i32, i32, i32, ptr, i64) [[REPORT_ATTRS:#[0-9]+]]
; CHECK: attributes [[CHECK_ATTRS]] = { nounwind memory(inaccessiblemem: readwrite) }
; CHECK: attributes [[REPORT_ATTRS]] = { noreturn nounwind memory(inaccessiblemem: readwrite) }

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "x.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "g", linkageName: "_Z1gv", scope: !1, file: !1, line: 10, type: !4, unit: !0)
!6 = distinct !DISubprogram(name: "f", linkageName: "_Z1fPi", scope: !1, file: !1, line: 6, type: !4, unit: !0)
!8 = distinct !DILocation(line: 12, column: 5, scope: !5)
!9 = !DILocation(line: 7, column: 3, scope: !6, inlinedAt: !8)
attributes #0 = { "mm-shared" }

;--- empty.ll
target triple = "nvptx64-nvidia-cuda"
