; mm-kernel-descriptors: each kernel K gets `__mm_kernel.K`, the
; mm_kernel_descriptor that the runtime finds (mm-runtime/mm_block_abi.h):
; ABI version, flags (MM_KERNEL_HAS_BARRIERS 1, MM_KERNEL_BLOCK_RANGES 4,
; MM_KERNEL_PARAM_SIZES 8), static shared and per-thread scratch sizes,
; parameter count, warp size, largest block, block function, name and each
; parameter's size. The input is mm-region-loops' output.
; RUN: mm-opt -passes=mm-kernel-descriptors %s | FileCheck %s

; CHECK: @__mm_kernel_name.k = private unnamed_addr constant [2 x i8] c"k\00"
; CHECK: @__mm_kernel_param_sizes.k = private unnamed_addr constant [3 x i64] [i64 8, i64 8, i64 4]
; CHECK: @__mm_kernel.k = constant { i32, i32, i64, i64, i32, i32, i32, i32, ptr, ptr, ptr } { i32 1, i32 9, i64 256, i64 16, i32 3, i32 32, i32 1024, i32 0, ptr @__mm_block.k, ptr @__mm_kernel_name.k, ptr @__mm_kernel_param_sizes.k }, align 8
; CHECK: @__mm_kernel_name.own_x = private unnamed_addr constant [6 x i8] c"own_x\00"
; CHECK: @__mm_kernel_param_sizes.own_x = private unnamed_addr constant [1 x i64] [i64 8]
; CHECK: @__mm_kernel.own_x = constant { i32, i32, i64, i64, i32, i32, i32, i32, ptr, ptr, ptr } { i32 1, i32 12, i64 0, i64 0, i32 1, i32 32, i32 1024, i32 0, ptr @__mm_block.own_x, ptr @__mm_kernel_name.own_x, ptr @__mm_kernel_param_sizes.own_x }, align 8

source_filename = "kd-src.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tile = internal global [64 x float] undef, align 4 #0
@__mm_trap.function = private unnamed_addr constant [89 x i8] c"k: threads of one block reached different barriers (a barrier in divergent control flow)\00", align 1
@__mm_trap.function.1 = private unnamed_addr constant [102 x i8] c"k: threads of one warp reached different warp operations (a warp operation in divergent control flow)\00", align 1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

declare void @llvm.nvvm.barrier0() #2

declare void @k(ptr, ptr, i32) #3

declare void @own_x(ptr) #3

define internal i32 @k.mm.thread(ptr %out, ptr %in, i32 %n, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %block.scratch, i64 %thread.index, i64 %block.threads, i32 %state, i1 %in.region, ptr %uniforms) #4 !mm.uniform.slots !2 {
dispatch:
  %0 = mul nuw nsw i64 %block.threads, 12
  %1 = getelementptr inbounds i8, ptr %block.scratch, i64 %0
  %2 = mul nuw nsw i64 %thread.index, 4
  %v.reg2mem4 = getelementptr inbounds i8, ptr %1, i64 %2
  switch i32 %state, label %3 [
    i32 1, label %resume
  ]

3:                                                ; preds = %dispatch
  %p = getelementptr float, ptr %in, i32 %tid.x
  %v = load float, ptr %p, align 4, !alias.scope !3, !noalias !6
  store float %v, ptr %v.reg2mem4, align 4, !alias.scope !10, !noalias !11
  %tile1 = getelementptr inbounds i8, ptr %static.shared, i64 0
  %s = getelementptr [64 x float], ptr %tile1, i32 0, i32 %tid.x
  %v.reload3 = load float, ptr %v.reg2mem4, align 4, !alias.scope !10, !noalias !11
  store float %v.reload3, ptr %s, align 4, !alias.scope !3, !noalias !6
  br label %sync

sync:                                             ; preds = %3
  %4 = mul nuw nsw i64 %block.threads, 8
  %5 = getelementptr inbounds i8, ptr %block.scratch, i64 %4
  %6 = mul nuw nsw i64 %thread.index, 4
  %stop.slot = getelementptr inbounds i8, ptr %5, i64 %6
  store i32 1, ptr %stop.slot, align 4, !alias.scope !12, !noalias !13
  ret i32 1

resume:                                           ; preds = %dispatch
  %last = sub i32 %ntid.x, 1
  %j = sub i32 %last, %tid.x
  %tile = getelementptr inbounds i8, ptr %static.shared, i64 0
  %r = getelementptr [64 x float], ptr %tile, i32 0, i32 %j
  %w = load float, ptr %r, align 4, !alias.scope !3, !noalias !6
  %v.reload = load float, ptr %v.reg2mem4, align 4, !alias.scope !10, !noalias !11
  %sum = fadd float %w, %v.reload
  %scale2 = mul i32 %n, %ntid.x
  %sf = sitofp i32 %scale2 to float
  %res = fmul float %sum, %sf
  %q = getelementptr float, ptr %out, i32 %tid.x
  store float %res, ptr %q, align 4, !alias.scope !3, !noalias !6
  %7 = mul nuw nsw i64 %block.threads, 8
  %8 = getelementptr inbounds i8, ptr %block.scratch, i64 %7
  %9 = mul nuw nsw i64 %thread.index, 4
  %stop.slot5 = getelementptr inbounds i8, ptr %8, i64 %9
  store i32 0, ptr %stop.slot5, align 4, !alias.scope !12, !noalias !13
  ret i32 0
}

define internal void @own_x.mm.thread(ptr %out, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr %dispatch.packet, ptr %implicit.args, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z) #5 {
  %p = getelementptr i32, ptr %out, i32 %tid.x
  store i32 %tid.x, ptr %p, align 4
  ret void
}

define internal void @__mm_block.own_x(ptr %args, ptr %ctx) #6 {
entry:
  %0 = getelementptr inbounds ptr, ptr %args, i64 0
  %1 = load ptr, ptr %0, align 8
  %2 = load ptr, ptr %1, align 8
  %3 = getelementptr inbounds i8, ptr %ctx, i64 0
  %nctaid.x = load i32, ptr %3, align 4
  %4 = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid.x = load i32, ptr %4, align 4
  %5 = getelementptr inbounds i8, ptr %ctx, i64 24
  %ctaid.x = load i32, ptr %5, align 4
  %6 = getelementptr inbounds i8, ptr %ctx, i64 4
  %nctaid.y = load i32, ptr %6, align 4
  %7 = getelementptr inbounds i8, ptr %ctx, i64 16
  %ntid.y = load i32, ptr %7, align 4
  %8 = getelementptr inbounds i8, ptr %ctx, i64 28
  %ctaid.y = load i32, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %ctx, i64 8
  %nctaid.z = load i32, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %ctx, i64 20
  %ntid.z = load i32, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %ctx, i64 32
  %ctaid.z = load i32, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %ctx, i64 40
  %static.shared = load ptr, ptr %12, align 8
  %13 = getelementptr inbounds i8, ptr %ctx, i64 48
  %dynamic.shared = load ptr, ptr %13, align 8
  %14 = getelementptr inbounds i8, ptr %ctx, i64 64
  %thread.scratch = load ptr, ptr %14, align 8
  %15 = mul nuw nsw i32 %ntid.x, %ntid.y
  %16 = mul nuw nsw i32 %15, %ntid.z
  %17 = icmp eq i32 %16, 0
  br i1 %17, label %done, label %run

done:                                             ; preds = %tid.z.end, %entry
  ret void

run:                                              ; preds = %entry
  %18 = getelementptr inbounds i8, ptr %ctx, i64 36
  %block.count.x = load i32, ptr %18, align 4
  %19 = call i32 @llvm.umax.i32(i32 %block.count.x, i32 1)
  %block.end.x = add i32 %ctaid.x, %19
  br label %tid.z

tid.z:                                            ; preds = %tid.y.end, %run
  %tid.z1 = phi i32 [ 0, %run ], [ %26, %tid.y.end ]
  br label %tid.y

tid.y:                                            ; preds = %ctaid.x.end, %tid.z
  %tid.y2 = phi i32 [ 0, %tid.z ], [ %24, %ctaid.x.end ]
  br label %ctaid.x3

ctaid.x3:                                         ; preds = %tid.x.end, %tid.y
  %ctaid.x4 = phi i32 [ %ctaid.x, %tid.y ], [ %22, %tid.x.end ]
  br label %tid.x

tid.x:                                            ; preds = %tid.x, %ctaid.x3
  %tid.x5 = phi i32 [ 0, %ctaid.x3 ], [ %20, %tid.x ]
  call void @own_x.mm.thread(ptr %2, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr null, ptr null, i32 %tid.x5, i32 %tid.y2, i32 %tid.z1, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x4, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z)
  %20 = add nuw nsw i32 %tid.x5, 1
  %21 = icmp ult i32 %20, %ntid.x
  br i1 %21, label %tid.x, label %tid.x.end

tid.x.end:                                        ; preds = %tid.x
  %22 = add nuw nsw i32 %ctaid.x4, 1
  %23 = icmp ult i32 %22, %block.end.x
  br i1 %23, label %ctaid.x3, label %ctaid.x.end

ctaid.x.end:                                      ; preds = %tid.x.end
  %24 = add nuw nsw i32 %tid.y2, 1
  %25 = icmp ult i32 %24, %ntid.y
  br i1 %25, label %tid.y, label %tid.y.end

tid.y.end:                                        ; preds = %ctaid.x.end
  %26 = add nuw nsw i32 %tid.z1, 1
  %27 = icmp ult i32 %26, %ntid.z
  br i1 %27, label %tid.z, label %tid.z.end

tid.z.end:                                        ; preds = %tid.y.end
  br label %done
}

declare i32 @llvm.umax.i32(i32, i32) #1

define internal void @__mm_block.k(ptr %args, ptr %ctx) #6 {
entry:
  %0 = getelementptr inbounds ptr, ptr %args, i64 0
  %1 = load ptr, ptr %0, align 8
  %2 = load ptr, ptr %1, align 8
  %3 = getelementptr inbounds ptr, ptr %args, i64 1
  %4 = load ptr, ptr %3, align 8
  %5 = load ptr, ptr %4, align 8
  %6 = getelementptr inbounds ptr, ptr %args, i64 2
  %7 = load ptr, ptr %6, align 8
  %8 = load i32, ptr %7, align 4
  %9 = getelementptr inbounds i8, ptr %ctx, i64 0
  %nctaid.x = load i32, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid.x = load i32, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %ctx, i64 24
  %ctaid.x = load i32, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %ctx, i64 4
  %nctaid.y = load i32, ptr %12, align 4
  %13 = getelementptr inbounds i8, ptr %ctx, i64 16
  %ntid.y = load i32, ptr %13, align 4
  %14 = getelementptr inbounds i8, ptr %ctx, i64 28
  %ctaid.y = load i32, ptr %14, align 4
  %15 = getelementptr inbounds i8, ptr %ctx, i64 8
  %nctaid.z = load i32, ptr %15, align 4
  %16 = getelementptr inbounds i8, ptr %ctx, i64 20
  %ntid.z = load i32, ptr %16, align 4
  %17 = getelementptr inbounds i8, ptr %ctx, i64 32
  %ctaid.z = load i32, ptr %17, align 4
  %18 = getelementptr inbounds i8, ptr %ctx, i64 40
  %static.shared = load ptr, ptr %18, align 8
  %19 = getelementptr inbounds i8, ptr %ctx, i64 48
  %dynamic.shared = load ptr, ptr %19, align 8
  %20 = getelementptr inbounds i8, ptr %ctx, i64 64
  %thread.scratch = load ptr, ptr %20, align 8
  %21 = mul nuw nsw i32 %ntid.x, %ntid.y
  %22 = mul nuw nsw i32 %21, %ntid.z
  %23 = icmp eq i32 %22, 0
  br i1 %23, label %done, label %run

done:                                             ; preds = %thread.end30, %region.agreed, %entry
  ret void

run:                                              ; preds = %entry
  %threads = zext i32 %22 to i64
  %24 = mul nuw nsw i64 %threads, 8
  %stops = getelementptr inbounds i8, ptr %thread.scratch, i64 %24
  br label %region.dispatch

block.diverged:                                   ; preds = %block.live, %warp.mixed
  call void @__mm_device_trap(ptr %ctx, ptr @__mm_trap.function) #8
  unreachable

warp.diverged:                                    ; preds = %warp.mixed
  call void @__mm_device_trap(ptr %ctx, ptr @__mm_trap.function.1) #8
  unreachable

region.dispatch:                                  ; preds = %block.agreed, %region.agreed, %run
  %state = phi i32 [ 0, %run ], [ %region.or, %region.agreed ], [ %112, %block.agreed ]
  %last.thread = sub i64 %threads, 1
  switch i32 %state, label %region.unknown [
    i32 0, label %region.0
    i32 1, label %region.1
  ]

region.0:                                         ; preds = %region.dispatch
  br label %tid.z

tid.z:                                            ; preds = %tid.y.end, %region.0
  %tid.z1 = phi i32 [ 0, %region.0 ], [ %46, %tid.y.end ]
  %25 = phi i32 [ 0, %region.0 ], [ %40, %tid.y.end ]
  %26 = phi i32 [ -1, %region.0 ], [ %41, %tid.y.end ]
  br label %tid.y

tid.y:                                            ; preds = %tid.x.end, %tid.z
  %tid.y2 = phi i32 [ 0, %tid.z ], [ %44, %tid.x.end ]
  %27 = phi i32 [ %25, %tid.z ], [ %40, %tid.x.end ]
  %28 = phi i32 [ %26, %tid.z ], [ %41, %tid.x.end ]
  br label %tid.x

tid.x:                                            ; preds = %tid.x, %tid.y
  %tid.x3 = phi i32 [ 0, %tid.y ], [ %42, %tid.x ]
  %29 = phi i32 [ %27, %tid.y ], [ %40, %tid.x ]
  %30 = phi i32 [ %28, %tid.y ], [ %41, %tid.x ]
  %31 = zext i32 %tid.x3 to i64
  %32 = zext i32 %ntid.x to i64
  %33 = zext i32 %tid.y2 to i64
  %34 = zext i32 %ntid.y to i64
  %35 = zext i32 %tid.z1 to i64
  %36 = zext i32 %ntid.z to i64
  %37 = mul nuw nsw i64 %34, %35
  %38 = add nuw nsw i64 %33, %37
  %39 = mul nuw nsw i64 %32, %38
  %linear.tid = add nuw nsw i64 %31, %39
  %stop = call i32 @k.mm.thread(ptr %2, ptr %5, i32 %8, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr null, ptr null, i32 %tid.x3, i32 %tid.y2, i32 %tid.z1, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %thread.scratch, i64 %linear.tid, i64 %threads, i32 0, i1 true, ptr null)
  %40 = or i32 %29, %stop
  %41 = and i32 %30, %stop
  %42 = add nuw nsw i32 %tid.x3, 1
  %43 = icmp ult i32 %42, %ntid.x
  br i1 %43, label %tid.x, label %tid.x.end, !llvm.loop !14

tid.x.end:                                        ; preds = %tid.x
  %44 = add nuw nsw i32 %tid.y2, 1
  %45 = icmp ult i32 %44, %ntid.y
  br i1 %45, label %tid.y, label %tid.y.end

tid.y.end:                                        ; preds = %tid.x.end
  %46 = add nuw nsw i32 %tid.z1, 1
  %47 = icmp ult i32 %46, %ntid.z
  br i1 %47, label %tid.z, label %tid.z.end

tid.z.end:                                        ; preds = %tid.y.end
  br label %region.check

region.1:                                         ; preds = %region.dispatch
  br label %tid.z4

tid.z4:                                           ; preds = %tid.y.end13, %region.1
  %tid.z5 = phi i32 [ 0, %region.1 ], [ %69, %tid.y.end13 ]
  %48 = phi i32 [ 0, %region.1 ], [ %63, %tid.y.end13 ]
  %49 = phi i32 [ -1, %region.1 ], [ %64, %tid.y.end13 ]
  br label %tid.y6

tid.y6:                                           ; preds = %tid.x.end12, %tid.z4
  %tid.y7 = phi i32 [ 0, %tid.z4 ], [ %67, %tid.x.end12 ]
  %50 = phi i32 [ %48, %tid.z4 ], [ %63, %tid.x.end12 ]
  %51 = phi i32 [ %49, %tid.z4 ], [ %64, %tid.x.end12 ]
  br label %tid.x8

tid.x8:                                           ; preds = %tid.x8, %tid.y6
  %tid.x9 = phi i32 [ 0, %tid.y6 ], [ %65, %tid.x8 ]
  %52 = phi i32 [ %50, %tid.y6 ], [ %63, %tid.x8 ]
  %53 = phi i32 [ %51, %tid.y6 ], [ %64, %tid.x8 ]
  %54 = zext i32 %tid.x9 to i64
  %55 = zext i32 %ntid.x to i64
  %56 = zext i32 %tid.y7 to i64
  %57 = zext i32 %ntid.y to i64
  %58 = zext i32 %tid.z5 to i64
  %59 = zext i32 %ntid.z to i64
  %60 = mul nuw nsw i64 %57, %58
  %61 = add nuw nsw i64 %56, %60
  %62 = mul nuw nsw i64 %55, %61
  %linear.tid10 = add nuw nsw i64 %54, %62
  %stop11 = call i32 @k.mm.thread(ptr %2, ptr %5, i32 %8, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr null, ptr null, i32 %tid.x9, i32 %tid.y7, i32 %tid.z5, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %thread.scratch, i64 %linear.tid10, i64 %threads, i32 1, i1 true, ptr null)
  %63 = or i32 %52, %stop11
  %64 = and i32 %53, %stop11
  %65 = add nuw nsw i32 %tid.x9, 1
  %66 = icmp ult i32 %65, %ntid.x
  br i1 %66, label %tid.x8, label %tid.x.end12, !llvm.loop !16

tid.x.end12:                                      ; preds = %tid.x8
  %67 = add nuw nsw i32 %tid.y7, 1
  %68 = icmp ult i32 %67, %ntid.y
  br i1 %68, label %tid.y6, label %tid.y.end13

tid.y.end13:                                      ; preds = %tid.x.end12
  %69 = add nuw nsw i32 %tid.z5, 1
  %70 = icmp ult i32 %69, %ntid.z
  br i1 %70, label %tid.z4, label %tid.z.end14

tid.z.end14:                                      ; preds = %tid.y.end13
  br label %region.check

region.check:                                     ; preds = %tid.z.end14, %tid.z.end
  %region.or = phi i32 [ %40, %tid.z.end ], [ %63, %tid.z.end14 ]
  %region.and = phi i32 [ %41, %tid.z.end ], [ %64, %tid.z.end14 ]
  %71 = icmp eq i32 %region.or, %region.and
  br i1 %71, label %region.agreed, label %general

region.unknown:                                   ; preds = %region.dispatch
  unreachable

region.agreed:                                    ; preds = %region.check
  %72 = icmp eq i32 %region.or, 0
  br i1 %72, label %done, label %region.dispatch

general:                                          ; preds = %block.agreed, %sweep.end, %region.check
  %released = phi i32 [ 0, %region.check ], [ 0, %sweep.end ], [ %112, %block.agreed ]
  %73 = add i32 %22, 31
  %warps = udiv i32 %73, 32
  br label %sweep

sweep:                                            ; preds = %sweep.next, %general
  %warp = phi i32 [ 0, %general ], [ %91, %sweep.next ]
  %progress = phi i1 [ false, %general ], [ %90, %sweep.next ]
  %warp.begin = mul i32 %warp, 32
  %74 = add i32 %warp.begin, 32
  %75 = call i32 @llvm.umin.i32(i32 %74, i32 %22)
  br label %thread

thread:                                           ; preds = %thread, %sweep
  %thread15 = phi i32 [ %warp.begin, %sweep ], [ %87, %thread ]
  %76 = phi i32 [ -1, %sweep ], [ %83, %thread ]
  %77 = phi i32 [ 0, %sweep ], [ %84, %thread ]
  %78 = phi i32 [ 0, %sweep ], [ %86, %thread ]
  %79 = zext i32 %thread15 to i64
  %80 = mul nuw nsw i64 %79, 4
  %stop.slot = getelementptr inbounds i8, ptr %stops, i64 %80
  %stop16 = load i32, ptr %stop.slot, align 4
  %81 = icmp eq i32 %stop16, 0
  %82 = call i32 @llvm.umin.i32(i32 %76, i32 %stop16)
  %83 = select i1 %81, i32 %76, i32 %82
  %84 = call i32 @llvm.umax.i32(i32 %77, i32 %stop16)
  %85 = zext i1 %81 to i32
  %86 = add i32 %78, %85
  %87 = add nuw nsw i32 %thread15, 1
  %88 = icmp ult i32 %87, %75
  br i1 %88, label %thread, label %thread.end

thread.end:                                       ; preds = %thread
  %89 = icmp eq i32 %83, -1
  br i1 %89, label %sweep.next, label %warp.live

sweep.next:                                       ; preds = %thread.end25, %warp.agreed, %thread.end
  %90 = phi i1 [ %progress, %thread.end ], [ %progress, %warp.agreed ], [ true, %thread.end25 ]
  %91 = add i32 %warp, 1
  %92 = icmp ult i32 %91, %warps
  br i1 %92, label %sweep, label %sweep.end

sweep.end:                                        ; preds = %sweep.next
  br i1 %90, label %general, label %block.scan

warp.live:                                        ; preds = %thread.end
  %93 = icmp eq i32 %83, %84
  br i1 %93, label %warp.agreed, label %warp.mixed

warp.agreed:                                      ; preds = %warp.live
  %94 = icmp ugt i32 %83, 1
  %95 = icmp eq i32 %83, %released
  %96 = or i1 %94, %95
  br i1 %96, label %warp.run, label %sweep.next

warp.run:                                         ; preds = %warp.agreed
  br label %thread17

thread17:                                         ; preds = %thread.skip, %warp.run
  %thread18 = phi i32 [ %warp.begin, %warp.run ], [ %103, %thread.skip ]
  %97 = zext i32 %thread18 to i64
  %98 = mul nuw nsw i64 %97, 4
  %stop.slot19 = getelementptr inbounds i8, ptr %stops, i64 %98
  %stop20 = load i32, ptr %stop.slot19, align 4
  %99 = icmp eq i32 %stop20, 0
  br i1 %99, label %thread.skip, label %thread.call

warp.mixed:                                       ; preds = %warp.live
  %100 = icmp ule i32 %84, 1
  br i1 %100, label %block.diverged, label %warp.diverged

thread.call:                                      ; preds = %thread17
  %101 = mul i32 %ntid.x, %ntid.y
  %tid.x21 = urem i32 %thread18, %ntid.x
  %102 = udiv i32 %thread18, %ntid.x
  %tid.y22 = urem i32 %102, %ntid.y
  %tid.z23 = udiv i32 %thread18, %101
  %stop24 = call i32 @k.mm.thread(ptr %2, ptr %5, i32 %8, ptr %ctx, ptr %static.shared, ptr %dynamic.shared, ptr null, ptr null, i32 %tid.x21, i32 %tid.y22, i32 %tid.z23, i32 %ntid.x, i32 %ntid.y, i32 %ntid.z, i32 %ctaid.x, i32 %ctaid.y, i32 %ctaid.z, i32 %nctaid.x, i32 %nctaid.y, i32 %nctaid.z, ptr %thread.scratch, i64 %97, i64 %threads, i32 %83, i1 false, ptr null)
  br label %thread.skip

thread.skip:                                      ; preds = %thread.call, %thread17
  %103 = add nuw nsw i32 %thread18, 1
  %104 = icmp ult i32 %103, %75
  br i1 %104, label %thread17, label %thread.end25

thread.end25:                                     ; preds = %thread.skip
  br label %sweep.next

block.scan:                                       ; preds = %sweep.end
  br label %thread26

thread26:                                         ; preds = %thread26, %block.scan
  %thread27 = phi i32 [ 0, %block.scan ], [ %116, %thread26 ]
  %105 = phi i32 [ -1, %block.scan ], [ %112, %thread26 ]
  %106 = phi i32 [ 0, %block.scan ], [ %113, %thread26 ]
  %107 = phi i32 [ 0, %block.scan ], [ %115, %thread26 ]
  %108 = zext i32 %thread27 to i64
  %109 = mul nuw nsw i64 %108, 4
  %stop.slot28 = getelementptr inbounds i8, ptr %stops, i64 %109
  %stop29 = load i32, ptr %stop.slot28, align 4
  %110 = icmp eq i32 %stop29, 0
  %111 = call i32 @llvm.umin.i32(i32 %105, i32 %stop29)
  %112 = select i1 %110, i32 %105, i32 %111
  %113 = call i32 @llvm.umax.i32(i32 %106, i32 %stop29)
  %114 = zext i1 %110 to i32
  %115 = add i32 %107, %114
  %116 = add nuw nsw i32 %thread27, 1
  %117 = icmp ult i32 %116, %22
  br i1 %117, label %thread26, label %thread.end30

thread.end30:                                     ; preds = %thread26
  %118 = icmp eq i32 %112, -1
  br i1 %118, label %done, label %block.live

block.live:                                       ; preds = %thread.end30
  %119 = icmp eq i32 %112, %113
  br i1 %119, label %block.agreed, label %block.diverged

block.agreed:                                     ; preds = %block.live
  %120 = icmp eq i32 %115, 0
  br i1 %120, label %region.dispatch, label %general
}

declare void @__mm_device_trap(ptr, ptr) #7

declare i32 @llvm.umin.i32(i32, i32) #1

attributes #0 = { "mm-shared" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nounwind }
attributes #3 = { "mm-kernel" }
attributes #4 = { alwaysinline "mm-block-barriers"="1" "mm-has-barriers" "mm-resumable" "mm-scratch-size"="16" "mm-static-shared-size"="256" "mm-thread-of"="k" "mm-uniform-buffer-size"="0" }
attributes #5 = { alwaysinline "mm-block-ranges" "mm-static-shared-size"="0" "mm-thread-of"="own_x" }
attributes #6 = { nounwind }
attributes #7 = { noreturn nounwind }
attributes #8 = { noreturn }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"mm.warp-size", i32 32}
!1 = !{i32 1, !"mm.amdgcn", i32 0}
!2 = !{}
!3 = !{!4}
!4 = distinct !{!4, !5, !"kernel memory"}
!5 = distinct !{!5, !"mm.scratch"}
!6 = !{!7, !8, !9}
!7 = distinct !{!7, !5, !"warp exchange"}
!8 = distinct !{!8, !5, !"stops"}
!9 = distinct !{!9, !5, !"v.reg2mem"}
!10 = !{!9}
!11 = !{!7, !8, !4}
!12 = !{!8}
!13 = !{!7, !9, !4}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.interleave.count", i32 1}
!16 = distinct !{!16, !15}
