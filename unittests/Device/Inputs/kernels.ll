; ModuleID = 'kernels.cu'
source_filename = "kernels.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%printf_args = type { i32, i32, i32, double }

@_ZZ9reduceSumPKfPfiE7partial = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ11matmulTiledPKfS0_PfiE2As = internal unnamed_addr addrspace(3) global [8 x [8 x float]] undef, align 4
@_ZZ11matmulTiledPKfS0_PfiE2Bs = internal unnamed_addr addrspace(3) global [8 x [8 x float]] undef, align 4
@tile = external dso_local local_unnamed_addr addrspace(3) global [0 x float], align 4
@_ZZ9blockScanPKiPiE6buffer = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ10warpReducePKiPiE8warpSums = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@_ZZ11blockReducePKiPiiE8warpSums = internal unnamed_addr addrspace(3) global [32 x i32] undef, align 4
@_ZZ9earlyExitPKiPiiE4tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ21uniformAcrossBarriersPKiPiiiE4tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@.str = private unnamed_addr constant [27 x i8] c"block %d thread %d: %d %f\0A\00", align 1

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z5saxpyifPKfPf(i32 noundef %0, float noundef %1, ptr nocapture noundef readonly %2, ptr nocapture noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %0
  br i1 %10, label %11, label %19

11:                                               ; preds = %4
  %12 = sext i32 %9 to i64
  %13 = getelementptr inbounds float, ptr %2, i64 %12
  %14 = load float, ptr %13, align 4, !tbaa !25
  %15 = fmul contract float %14, %1
  %16 = getelementptr inbounds float, ptr %3, i64 %12
  %17 = load float, ptr %16, align 4, !tbaa !25
  %18 = fadd contract float %15, %17
  store float %18, ptr %16, align 4, !tbaa !25
  br label %19

19:                                               ; preds = %11, %4
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z9reduceSumPKfPfi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp ult i32 %8, %2
  br i1 %9, label %10, label %14

10:                                               ; preds = %3
  %11 = zext i32 %8 to i64
  %12 = getelementptr inbounds float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !25
  br label %14

14:                                               ; preds = %3, %10
  %15 = phi contract float [ %13, %10 ], [ 0.000000e+00, %3 ]
  %16 = zext nneg i32 %4 to i64
  %17 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ9reduceSumPKfPfiE7partial to ptr), i64 0, i64 %16
  store float %15, ptr %17, align 4, !tbaa !25
  tail call void @llvm.nvvm.barrier0()
  %18 = icmp ult i32 %6, 2
  br i1 %18, label %19, label %21

19:                                               ; preds = %32, %14
  %20 = icmp eq i32 %4, 0
  br i1 %20, label %34, label %38

21:                                               ; preds = %14, %32
  %22 = phi i32 [ %23, %32 ], [ %6, %14 ]
  %23 = lshr i32 %22, 1
  %24 = icmp ult i32 %4, %23
  br i1 %24, label %25, label %32

25:                                               ; preds = %21
  %26 = add nuw nsw i32 %23, %4
  %27 = zext nneg i32 %26 to i64
  %28 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ9reduceSumPKfPfiE7partial to ptr), i64 0, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !25
  %30 = load float, ptr %17, align 4, !tbaa !25
  %31 = fadd contract float %29, %30
  store float %31, ptr %17, align 4, !tbaa !25
  br label %32

32:                                               ; preds = %25, %21
  tail call void @llvm.nvvm.barrier0()
  %33 = icmp ult i32 %22, 4
  br i1 %33, label %19, label %21, !llvm.loop !29

34:                                               ; preds = %19
  %35 = zext nneg i32 %5 to i64
  %36 = getelementptr inbounds float, ptr %1, i64 %35
  %37 = load float, ptr addrspacecast (ptr addrspace(3) @_ZZ9reduceSumPKfPfiE7partial to ptr), align 4, !tbaa !25
  store float %37, ptr %36, align 4, !tbaa !25
  br label %38

38:                                               ; preds = %34, %19
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z11matmulTiledPKfS0_Pfi(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #1 {
  %5 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %6 = shl nuw nsw i32 %5, 3
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %8 = add nuw nsw i32 %6, %7
  %9 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %10 = shl i32 %9, 3
  %11 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %12 = add i32 %10, %11
  %13 = sdiv i32 %3, 8
  %14 = icmp sgt i32 %3, 7
  %15 = mul nsw i32 %8, %3
  br i1 %14, label %16, label %38

16:                                               ; preds = %4
  %17 = add nuw i32 %15, %11
  %18 = zext nneg i32 %7 to i64
  %19 = zext nneg i32 %11 to i64
  %20 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 %19
  %21 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 %18, i64 %19
  %22 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 0
  %23 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 0, i64 %19
  %24 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 1
  %25 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 1, i64 %19
  %26 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 2
  %27 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 2, i64 %19
  %28 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 3
  %29 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 3, i64 %19
  %30 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 4
  %31 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 4, i64 %19
  %32 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 5
  %33 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 5, i64 %19
  %34 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 6
  %35 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 6, i64 %19
  %36 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 7
  %37 = getelementptr inbounds [8 x [8 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ11matmulTiledPKfS0_PfiE2Bs to ptr), i64 0, i64 7, i64 %19
  br label %43

38:                                               ; preds = %43, %4
  %39 = phi float [ 0.000000e+00, %4 ], [ %88, %43 ]
  %40 = add nsw i32 %15, %12
  %41 = sext i32 %40 to i64
  %42 = getelementptr inbounds float, ptr %2, i64 %41
  store float %39, ptr %42, align 4, !tbaa !25
  ret void

43:                                               ; preds = %16, %43
  %44 = phi i32 [ 0, %16 ], [ %89, %43 ]
  %45 = phi float [ 0.000000e+00, %16 ], [ %88, %43 ]
  %46 = shl nsw i32 %44, 3
  %47 = add i32 %17, %46
  %48 = zext i32 %47 to i64
  %49 = getelementptr inbounds float, ptr %0, i64 %48
  %50 = load float, ptr %49, align 4, !tbaa !25
  store float %50, ptr %20, align 4, !tbaa !25
  %51 = add nuw i32 %46, %7
  %52 = mul i32 %51, %3
  %53 = add i32 %52, %12
  %54 = zext i32 %53 to i64
  %55 = getelementptr inbounds float, ptr %1, i64 %54
  %56 = load float, ptr %55, align 4, !tbaa !25
  store float %56, ptr %21, align 4, !tbaa !25
  tail call void @llvm.nvvm.barrier0()
  %57 = load float, ptr %22, align 4, !tbaa !25
  %58 = load float, ptr %23, align 4, !tbaa !25
  %59 = fmul contract float %57, %58
  %60 = fadd contract float %45, %59
  %61 = load float, ptr %24, align 4, !tbaa !25
  %62 = load float, ptr %25, align 4, !tbaa !25
  %63 = fmul contract float %61, %62
  %64 = fadd contract float %60, %63
  %65 = load float, ptr %26, align 4, !tbaa !25
  %66 = load float, ptr %27, align 4, !tbaa !25
  %67 = fmul contract float %65, %66
  %68 = fadd contract float %64, %67
  %69 = load float, ptr %28, align 4, !tbaa !25
  %70 = load float, ptr %29, align 4, !tbaa !25
  %71 = fmul contract float %69, %70
  %72 = fadd contract float %68, %71
  %73 = load float, ptr %30, align 4, !tbaa !25
  %74 = load float, ptr %31, align 4, !tbaa !25
  %75 = fmul contract float %73, %74
  %76 = fadd contract float %72, %75
  %77 = load float, ptr %32, align 4, !tbaa !25
  %78 = load float, ptr %33, align 4, !tbaa !25
  %79 = fmul contract float %77, %78
  %80 = fadd contract float %76, %79
  %81 = load float, ptr %34, align 4, !tbaa !25
  %82 = load float, ptr %35, align 4, !tbaa !25
  %83 = fmul contract float %81, %82
  %84 = fadd contract float %80, %83
  %85 = load float, ptr %36, align 4, !tbaa !25
  %86 = load float, ptr %37, align 4, !tbaa !25
  %87 = fmul contract float %85, %86
  %88 = fadd contract float %84, %87
  tail call void @llvm.nvvm.barrier0()
  %89 = add nuw nsw i32 %44, 1
  %90 = icmp eq i32 %89, %13
  br i1 %90, label %38, label %43, !llvm.loop !31
}

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z9histogramPKjiPji(ptr nocapture noundef readonly %0, i32 noundef %1, ptr nocapture noundef %2, i32 noundef %3) local_unnamed_addr #3 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %1
  br i1 %10, label %11, label %19

11:                                               ; preds = %4
  %12 = sext i32 %9 to i64
  %13 = getelementptr inbounds i32, ptr %0, i64 %12
  %14 = load i32, ptr %13, align 4, !tbaa !32
  %15 = urem i32 %14, %3
  %16 = zext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr %2, i64 %16
  %18 = atomicrmw add ptr %17, i32 1 seq_cst, align 4
  br label %19

19:                                               ; preds = %11, %4
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z7stencilPKfPfi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = add nuw nsw i32 %7, 1
  %10 = icmp slt i32 %8, %2
  br i1 %10, label %11, label %15

11:                                               ; preds = %3
  %12 = sext i32 %8 to i64
  %13 = getelementptr inbounds float, ptr %0, i64 %12
  %14 = load float, ptr %13, align 4, !tbaa !25
  br label %15

15:                                               ; preds = %3, %11
  %16 = phi contract float [ %14, %11 ], [ 0.000000e+00, %3 ]
  %17 = zext nneg i32 %9 to i64
  %18 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %17
  store float %16, ptr %18, align 4, !tbaa !25
  %19 = icmp eq i32 %7, 0
  br i1 %19, label %20, label %29

20:                                               ; preds = %15
  %21 = icmp sgt i32 %8, 0
  br i1 %21, label %22, label %27

22:                                               ; preds = %20
  %23 = zext nneg i32 %8 to i64
  %24 = getelementptr float, ptr %0, i64 %23
  %25 = getelementptr i8, ptr %24, i64 -4
  %26 = load float, ptr %25, align 4, !tbaa !25
  br label %27

27:                                               ; preds = %20, %22
  %28 = phi contract float [ %26, %22 ], [ 0.000000e+00, %20 ]
  store float %28, ptr addrspacecast (ptr addrspace(3) @tile to ptr), align 4, !tbaa !25
  br label %29

29:                                               ; preds = %27, %15
  %30 = add nsw i32 %5, -1
  %31 = icmp eq i32 %7, %30
  br i1 %31, label %32, label %44

32:                                               ; preds = %29
  %33 = add nsw i32 %8, 1
  %34 = icmp slt i32 %33, %2
  br i1 %34, label %35, label %39

35:                                               ; preds = %32
  %36 = sext i32 %33 to i64
  %37 = getelementptr inbounds float, ptr %0, i64 %36
  %38 = load float, ptr %37, align 4, !tbaa !25
  br label %39

39:                                               ; preds = %32, %35
  %40 = phi contract float [ %38, %35 ], [ 0.000000e+00, %32 ]
  %41 = add nuw nsw i32 %7, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %42
  store float %40, ptr %43, align 4, !tbaa !25
  br label %44

44:                                               ; preds = %39, %29
  tail call void @llvm.nvvm.barrier0()
  br i1 %10, label %45, label %58

45:                                               ; preds = %44
  %46 = zext nneg i32 %7 to i64
  %47 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %46
  %48 = load float, ptr %47, align 4, !tbaa !25
  %49 = load float, ptr %18, align 4, !tbaa !25
  %50 = fadd contract float %48, %49
  %51 = add nuw nsw i32 %7, 2
  %52 = zext nneg i32 %51 to i64
  %53 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %52
  %54 = load float, ptr %53, align 4, !tbaa !25
  %55 = fadd contract float %50, %54
  %56 = sext i32 %8 to i64
  %57 = getelementptr inbounds float, ptr %1, i64 %56
  store float %55, ptr %57, align 4, !tbaa !25
  br label %58

58:                                               ; preds = %45, %44
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z9blockScanPKiPi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #1 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr %0, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !32
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ9blockScanPKiPiE6buffer to ptr), i64 0, i64 %11
  store i32 %10, ptr %12, align 4, !tbaa !32
  tail call void @llvm.nvvm.barrier0()
  %13 = icmp ugt i32 %5, 1
  br i1 %13, label %17, label %14

14:                                               ; preds = %26, %2
  %15 = phi i32 [ %10, %2 ], [ %28, %26 ]
  %16 = getelementptr inbounds i32, ptr %1, i64 %8
  store i32 %15, ptr %16, align 4, !tbaa !32
  ret void

17:                                               ; preds = %2, %26
  %18 = phi i32 [ %28, %26 ], [ %10, %2 ]
  %19 = phi i32 [ %29, %26 ], [ 1, %2 ]
  %20 = icmp ult i32 %3, %19
  br i1 %20, label %26, label %21

21:                                               ; preds = %17
  %22 = sub i32 %3, %19
  %23 = zext i32 %22 to i64
  %24 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ9blockScanPKiPiE6buffer to ptr), i64 0, i64 %23
  %25 = load i32, ptr %24, align 4, !tbaa !32
  br label %26

26:                                               ; preds = %17, %21
  %27 = phi i32 [ %25, %21 ], [ 0, %17 ]
  tail call void @llvm.nvvm.barrier0()
  %28 = add nsw i32 %27, %18
  store i32 %28, ptr %12, align 4, !tbaa !32
  tail call void @llvm.nvvm.barrier0()
  %29 = shl i32 %19, 1
  %30 = icmp ult i32 %29, %5
  br i1 %30, label %17, label %14, !llvm.loop !34
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z10warpReducePKiPi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #1 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr %0, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !32
  %11 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %10, i32 16, i32 31)
  %12 = add nsw i32 %11, %10
  %13 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %12, i32 8, i32 31)
  %14 = add nsw i32 %13, %12
  %15 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %14, i32 4, i32 31)
  %16 = add nsw i32 %15, %14
  %17 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %16, i32 2, i32 31)
  %18 = add nsw i32 %17, %16
  %19 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %18, i32 1, i32 31)
  %20 = and i32 %3, 31
  %21 = icmp eq i32 %20, 0
  br i1 %21, label %22, label %27

22:                                               ; preds = %2
  %23 = add nsw i32 %19, %18
  %24 = lshr exact i32 %3, 5
  %25 = zext nneg i32 %24 to i64
  %26 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10warpReducePKiPiE8warpSums to ptr), i64 0, i64 %25
  store i32 %23, ptr %26, align 4, !tbaa !32
  br label %27

27:                                               ; preds = %22, %2
  tail call void @llvm.nvvm.barrier0()
  %28 = icmp eq i32 %3, 0
  br i1 %28, label %29, label %84

29:                                               ; preds = %27
  %30 = lshr i32 %5, 5
  %31 = icmp ult i32 %5, 32
  br i1 %31, label %54, label %32

32:                                               ; preds = %29
  %33 = add nsw i32 %30, -1
  %34 = and i32 %30, 3
  %35 = icmp ult i32 %33, 3
  br i1 %35, label %38, label %36

36:                                               ; preds = %32
  %37 = and i32 %30, 60
  br label %58

38:                                               ; preds = %58, %32
  %39 = phi i32 [ poison, %32 ], [ %80, %58 ]
  %40 = phi i32 [ 0, %32 ], [ %81, %58 ]
  %41 = phi i32 [ 0, %32 ], [ %80, %58 ]
  %42 = icmp eq i32 %34, 0
  br i1 %42, label %54, label %43

43:                                               ; preds = %38, %43
  %44 = phi i32 [ %51, %43 ], [ %40, %38 ]
  %45 = phi i32 [ %50, %43 ], [ %41, %38 ]
  %46 = phi i32 [ %52, %43 ], [ 0, %38 ]
  %47 = zext nneg i32 %44 to i64
  %48 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10warpReducePKiPiE8warpSums to ptr), i64 0, i64 %47
  %49 = load i32, ptr %48, align 4, !tbaa !32
  %50 = add nsw i32 %49, %45
  %51 = add nuw nsw i32 %44, 1
  %52 = add i32 %46, 1
  %53 = icmp eq i32 %52, %34
  br i1 %53, label %54, label %43, !llvm.loop !35

54:                                               ; preds = %38, %43, %29
  %55 = phi i32 [ 0, %29 ], [ %39, %38 ], [ %50, %43 ]
  %56 = zext nneg i32 %4 to i64
  %57 = getelementptr inbounds i32, ptr %1, i64 %56
  store i32 %55, ptr %57, align 4, !tbaa !32
  br label %84

58:                                               ; preds = %58, %36
  %59 = phi i32 [ 0, %36 ], [ %81, %58 ]
  %60 = phi i32 [ 0, %36 ], [ %80, %58 ]
  %61 = phi i32 [ 0, %36 ], [ %82, %58 ]
  %62 = zext nneg i32 %59 to i64
  %63 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10warpReducePKiPiE8warpSums to ptr), i64 0, i64 %62
  %64 = load i32, ptr %63, align 4, !tbaa !32
  %65 = add nsw i32 %64, %60
  %66 = or disjoint i32 %59, 1
  %67 = zext nneg i32 %66 to i64
  %68 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10warpReducePKiPiE8warpSums to ptr), i64 0, i64 %67
  %69 = load i32, ptr %68, align 4, !tbaa !32
  %70 = add nsw i32 %69, %65
  %71 = or disjoint i32 %59, 2
  %72 = zext nneg i32 %71 to i64
  %73 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10warpReducePKiPiE8warpSums to ptr), i64 0, i64 %72
  %74 = load i32, ptr %73, align 4, !tbaa !32
  %75 = add nsw i32 %74, %70
  %76 = or disjoint i32 %59, 3
  %77 = zext nneg i32 %76 to i64
  %78 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10warpReducePKiPiE8warpSums to ptr), i64 0, i64 %77
  %79 = load i32, ptr %78, align 4, !tbaa !32
  %80 = add nsw i32 %79, %75
  %81 = add nuw nsw i32 %59, 4
  %82 = add i32 %61, 4
  %83 = icmp eq i32 %82, %37
  br i1 %83, label %38, label %58, !llvm.loop !37

84:                                               ; preds = %54, %27
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @_Z7warpOpsPKiPi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #4 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = zext nneg i32 %3 to i64
  %5 = getelementptr inbounds i32, ptr %0, i64 %4
  %6 = load i32, ptr %5, align 4, !tbaa !32
  %7 = tail call noundef i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %6, i32 3, i32 31)
  %8 = mul nuw nsw i32 %3, 6
  %9 = zext nneg i32 %8 to i64
  %10 = getelementptr inbounds i32, ptr %1, i64 %9
  store i32 %7, ptr %10, align 4, !tbaa !32
  %11 = tail call noundef i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %6, i32 2, i32 0)
  %12 = or disjoint i32 %8, 1
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds i32, ptr %1, i64 %13
  store i32 %11, ptr %14, align 4, !tbaa !32
  %15 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %6, i32 5, i32 4127)
  %16 = getelementptr inbounds i8, ptr %10, i64 8
  store i32 %15, ptr %16, align 4, !tbaa !32
  %17 = srem i32 %6, 3
  %18 = icmp eq i32 %17, 0
  %19 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %18)
  %20 = getelementptr inbounds i8, ptr %10, i64 12
  store i32 %19, ptr %20, align 4, !tbaa !32
  %21 = icmp eq i32 %6, 7
  %22 = tail call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %21)
  %23 = zext i1 %22 to i32
  %24 = getelementptr inbounds i8, ptr %10, i64 16
  store i32 %23, ptr %24, align 4, !tbaa !32
  %25 = icmp sgt i32 %6, -1
  %26 = tail call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %25)
  %27 = zext i1 %26 to i32
  %28 = getelementptr inbounds i8, ptr %10, i64 20
  store i32 %27, ptr %28, align 4, !tbaa !32
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z11blockReducePKiPii(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = and i32 %4, 31
  %6 = lshr i32 %4, 5
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = add i32 %9, %4
  %11 = icmp ult i32 %10, %2
  br i1 %11, label %12, label %16

12:                                               ; preds = %3
  %13 = zext i32 %10 to i64
  %14 = getelementptr inbounds i32, ptr %0, i64 %13
  %15 = load i32, ptr %14, align 4, !tbaa !32
  br label %16

16:                                               ; preds = %3, %12
  %17 = phi i32 [ %15, %12 ], [ 0, %3 ]
  %18 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %17, i32 16, i32 31)
  %19 = add nsw i32 %18, %17
  %20 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %19, i32 8, i32 31)
  %21 = add nsw i32 %20, %19
  %22 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %21, i32 4, i32 31)
  %23 = add nsw i32 %22, %21
  %24 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %23, i32 2, i32 31)
  %25 = add nsw i32 %24, %23
  %26 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %25, i32 1, i32 31)
  %27 = icmp eq i32 %5, 0
  br i1 %27, label %28, label %32

28:                                               ; preds = %16
  %29 = zext nneg i32 %6 to i64
  %30 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11blockReducePKiPiiE8warpSums to ptr), i64 0, i64 %29
  %31 = add nsw i32 %26, %25
  store i32 %31, ptr %30, align 4, !tbaa !32
  br label %32

32:                                               ; preds = %28, %16
  tail call void @llvm.nvvm.barrier0()
  %33 = icmp ult i32 %4, 32
  br i1 %33, label %34, label %57

34:                                               ; preds = %32
  %35 = add nuw nsw i32 %8, 31
  %36 = lshr i32 %35, 5
  %37 = icmp ult i32 %5, %36
  br i1 %37, label %38, label %42

38:                                               ; preds = %34
  %39 = zext nneg i32 %5 to i64
  %40 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ11blockReducePKiPiiE8warpSums to ptr), i64 0, i64 %39
  %41 = load i32, ptr %40, align 4, !tbaa !32
  br label %42

42:                                               ; preds = %34, %38
  %43 = phi i32 [ %41, %38 ], [ 0, %34 ]
  %44 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %43, i32 16, i32 31)
  %45 = add nsw i32 %44, %43
  %46 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %45, i32 8, i32 31)
  %47 = add nsw i32 %46, %45
  %48 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %47, i32 4, i32 31)
  %49 = add nsw i32 %48, %47
  %50 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %49, i32 2, i32 31)
  %51 = add nsw i32 %50, %49
  %52 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %51, i32 1, i32 31)
  br i1 %27, label %53, label %57

53:                                               ; preds = %42
  %54 = zext nneg i32 %7 to i64
  %55 = getelementptr inbounds i32, ptr %1, i64 %54
  %56 = add nsw i32 %52, %51
  store i32 %56, ptr %55, align 4, !tbaa !32
  br label %57

57:                                               ; preds = %42, %53, %32
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z15warpSpecializedPKiPi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #1 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = zext nneg i32 %3 to i64
  %5 = getelementptr inbounds i32, ptr %0, i64 %4
  %6 = load i32, ptr %5, align 4, !tbaa !32
  %7 = and i32 %3, 32
  %8 = icmp eq i32 %7, 0
  br i1 %8, label %9, label %11

9:                                                ; preds = %2
  %10 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %6, i32 1, i32 31)
  br label %14

11:                                               ; preds = %2
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %12 = tail call noundef i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %6, i32 1, i32 0)
  %13 = shl nsw i32 %12, 1
  br label %14

14:                                               ; preds = %11, %9
  %15 = phi i32 [ %10, %9 ], [ %13, %11 ]
  %16 = getelementptr inbounds i32, ptr %1, i64 %4
  store i32 %15, ptr %16, align 4, !tbaa !32
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z9earlyExitPKiPii(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp ult i32 %8, %2
  br i1 %9, label %10, label %31

10:                                               ; preds = %3
  %11 = zext i32 %8 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !32
  %14 = zext nneg i32 %4 to i64
  %15 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ9earlyExitPKiPiiE4tile to ptr), i64 0, i64 %14
  store i32 %13, ptr %15, align 4, !tbaa !32
  tail call void @llvm.nvvm.barrier0()
  %16 = add nuw nsw i32 %4, 1
  %17 = icmp ult i32 %16, %6
  %18 = add nuw i32 %8, 1
  %19 = icmp ult i32 %18, %2
  %20 = and i1 %17, %19
  br i1 %20, label %21, label %25

21:                                               ; preds = %10
  %22 = zext nneg i32 %16 to i64
  %23 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ9earlyExitPKiPiiE4tile to ptr), i64 0, i64 %22
  %24 = load i32, ptr %23, align 4, !tbaa !32
  br label %25

25:                                               ; preds = %10, %21
  %26 = phi i32 [ %24, %21 ], [ 0, %10 ]
  tail call void @llvm.nvvm.barrier0()
  %27 = load i32, ptr %15, align 4, !tbaa !32
  %28 = mul nsw i32 %27, 10
  %29 = add nsw i32 %28, %26
  %30 = getelementptr inbounds i32, ptr %1, i64 %11
  store i32 %29, ptr %30, align 4, !tbaa !32
  br label %31

31:                                               ; preds = %3, %25
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z21uniformAcrossBarriersPKiPiii(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #1 {
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = sdiv i32 %2, %3
  %7 = icmp sgt i32 %6, 0
  br i1 %7, label %8, label %13

8:                                                ; preds = %4
  %9 = zext nneg i32 %5 to i64
  %10 = getelementptr inbounds i32, ptr %0, i64 %9
  %11 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ21uniformAcrossBarriersPKiPiiiE4tile to ptr), i64 0, i64 %9
  %12 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %17

13:                                               ; preds = %17, %4
  %14 = phi i32 [ 0, %4 ], [ %27, %17 ]
  %15 = and i32 %5, 32
  %16 = icmp eq i32 %15, 0
  br i1 %16, label %30, label %33

17:                                               ; preds = %8, %17
  %18 = phi i32 [ 0, %8 ], [ %28, %17 ]
  %19 = phi i32 [ 0, %8 ], [ %27, %17 ]
  %20 = load i32, ptr %10, align 4, !tbaa !32
  %21 = add nsw i32 %20, %18
  store i32 %21, ptr %11, align 4, !tbaa !32
  tail call void @llvm.nvvm.barrier0()
  %22 = add nuw i32 %18, %5
  %23 = urem i32 %22, %12
  %24 = zext nneg i32 %23 to i64
  %25 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ21uniformAcrossBarriersPKiPiiiE4tile to ptr), i64 0, i64 %24
  %26 = load i32, ptr %25, align 4, !tbaa !32
  %27 = add nsw i32 %26, %19
  tail call void @llvm.nvvm.barrier0()
  %28 = add nuw nsw i32 %18, 1
  %29 = icmp eq i32 %28, %6
  br i1 %29, label %13, label %17, !llvm.loop !38

30:                                               ; preds = %13
  %31 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %14, i32 1, i32 31)
  %32 = add nsw i32 %31, %14
  br label %34

33:                                               ; preds = %13
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1)
  br label %34

34:                                               ; preds = %33, %30
  %35 = phi i32 [ %32, %30 ], [ %14, %33 ]
  tail call void @llvm.nvvm.barrier0()
  %36 = mul nsw i32 %35, %6
  %37 = mul i32 %6, %3
  %38 = sub i32 %2, %37
  %39 = add nsw i32 %38, %36
  %40 = zext nneg i32 %5 to i64
  %41 = getelementptr inbounds i32, ptr %1, i64 %40
  store i32 %39, ptr %41, align 4, !tbaa !32
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z16divergentBarrierPij(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #1 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = icmp ult i32 %3, %1
  br i1 %4, label %5, label %6

5:                                                ; preds = %2
  tail call void @llvm.nvvm.barrier0()
  br label %7

6:                                                ; preds = %2
  tail call void @llvm.nvvm.barrier0()
  br label %7

7:                                                ; preds = %6, %5
  %8 = phi i32 [ 2, %6 ], [ 1, %5 ]
  %9 = zext nneg i32 %3 to i64
  %10 = getelementptr inbounds i32, ptr %0, i64 %9
  store i32 %8, ptr %10, align 4, !tbaa !32
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: write, inaccessiblemem: readwrite)
define dso_local void @_Z16divergentShufflePi(ptr nocapture noundef writeonly %0) local_unnamed_addr #5 {
  %2 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = and i32 %2, 1
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %5, label %7

5:                                                ; preds = %1
  %6 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %2, i32 1, i32 31)
  br label %9

7:                                                ; preds = %1
  %8 = tail call noundef i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %2, i32 1, i32 0)
  br label %9

9:                                                ; preds = %7, %5
  %10 = phi i32 [ %6, %5 ], [ %8, %7 ]
  %11 = zext nneg i32 %2 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  store i32 %10, ptr %12, align 4, !tbaa !32
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: write, inaccessiblemem: readwrite)
define dso_local void @_Z13divergentVotePi(ptr nocapture noundef writeonly %0) local_unnamed_addr #5 {
  %2 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = and i32 %2, 1
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %5, label %7

5:                                                ; preds = %1
  %6 = tail call noundef i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %2, i32 1, i32 31)
  br label %10

7:                                                ; preds = %1
  %8 = icmp ugt i32 %2, 4
  %9 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %8)
  br label %10

10:                                               ; preds = %7, %5
  %11 = phi i32 [ %6, %5 ], [ %9, %7 ]
  %12 = zext nneg i32 %2 to i64
  %13 = getelementptr inbounds i32, ptr %0, i64 %12
  store i32 %11, ptr %13, align 4, !tbaa !32
  ret void
}

; Function Attrs: mustprogress norecurse nounwind
define dso_local void @_Z5helloi(i32 noundef %0) local_unnamed_addr #6 {
  %2 = alloca %printf_args, align 8
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = icmp eq i32 %3, 1
  br i1 %4, label %5, label %12

5:                                                ; preds = %1
  %6 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = add nsw i32 %6, %0
  store i32 %6, ptr %2, align 8
  %8 = getelementptr inbounds i8, ptr %2, i64 4
  store i32 1, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %2, i64 8
  store i32 %7, ptr %9, align 8
  %10 = getelementptr inbounds i8, ptr %2, i64 16
  store double 5.000000e-01, ptr %10, align 8
  %11 = call i32 @vprintf(ptr nonnull @.str, ptr nonnull %2) #10
  br label %12

12:                                               ; preds = %5, %1
  ret void
}

declare i32 @vprintf(ptr, ptr) local_unnamed_addr

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z6trapAti(i32 noundef %0) local_unnamed_addr #1 {
  %2 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = icmp eq i32 %2, %0
  br i1 %3, label %4, label %5

4:                                                ; preds = %1
  tail call void asm sideeffect "trap;", ""() #11, !srcloc !39
  br label %5

5:                                                ; preds = %4, %1
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z11trapInBlocki(i32 noundef %0) local_unnamed_addr #1 {
  %2 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %3 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %4 = mul i32 %2, %3
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = add i32 %4, %5
  %7 = icmp eq i32 %6, %0
  br i1 %7, label %8, label %9

8:                                                ; preds = %1
  tail call void asm sideeffect "trap;", ""() #11, !srcloc !39
  br label %9

9:                                                ; preds = %8, %1
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z7scale2DPKfPfii(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %11 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %12 = mul nuw nsw i32 %10, %11
  %13 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %14 = add nuw nsw i32 %12, %13
  %15 = icmp slt i32 %9, %2
  %16 = icmp slt i32 %14, %3
  %17 = and i1 %15, %16
  br i1 %17, label %18, label %30

18:                                               ; preds = %4
  %19 = mul nsw i32 %14, %2
  %20 = add nsw i32 %19, %9
  %21 = sext i32 %20 to i64
  %22 = getelementptr inbounds float, ptr %0, i64 %21
  %23 = load float, ptr %22, align 4, !tbaa !25
  %24 = fmul contract float %23, 2.000000e+00
  %25 = sitofp i32 %9 to float
  %26 = fadd contract float %24, %25
  %27 = uitofp nneg i32 %14 to float
  %28 = fsub contract float %26, %27
  %29 = getelementptr inbounds float, ptr %1, i64 %21
  store float %28, ptr %29, align 4, !tbaa !25
  br label %30

30:                                               ; preds = %18, %4
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z8offset2DPKfPfii(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %11 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %12 = mul nuw nsw i32 %10, %11
  %13 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %14 = add nuw nsw i32 %12, %13
  %15 = icmp slt i32 %9, %2
  %16 = icmp slt i32 %14, %3
  %17 = and i1 %15, %16
  br i1 %17, label %18, label %32

18:                                               ; preds = %4
  %19 = mul nsw i32 %14, %2
  %20 = add nsw i32 %19, %9
  %21 = sext i32 %20 to i64
  %22 = getelementptr inbounds float, ptr %0, i64 %21
  %23 = load float, ptr %22, align 4, !tbaa !25
  %24 = fmul contract float %23, 2.000000e+00
  %25 = sitofp i32 %9 to float
  %26 = fadd contract float %24, %25
  %27 = uitofp nneg i32 %14 to float
  %28 = fsub contract float %26, %27
  %29 = uitofp nneg i32 %8 to float
  %30 = fadd contract float %28, %29
  %31 = getelementptr inbounds float, ptr %1, i64 %21
  store float %30, ptr %31, align 4, !tbaa !25
  br label %32

32:                                               ; preds = %18, %4
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define dso_local noundef float @_Z6squaref(float noundef %0) local_unnamed_addr #7 {
  %2 = fmul contract float %0, %0
  ret float %2
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #8

; __global__ void spinWait(volatile int *done, int *order, int *counter):
; each thread waits until the next thread of the block is done.
define dso_local void @_Z8spinWaitPViPiS0_(ptr noundef %0, ptr nocapture noundef writeonly %1, ptr noundef %2) local_unnamed_addr #1 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = add nuw nsw i32 %4, 1
  %7 = icmp eq i32 %6, %5
  br i1 %7, label %13, label %8

8:
  %9 = zext nneg i32 %6 to i64
  %10 = getelementptr inbounds i32, ptr %0, i64 %9
  br label %11

11:
  %12 = load volatile i32, ptr %10, align 4
  %w = icmp eq i32 %12, 0
  br i1 %w, label %11, label %13

13:
  %14 = atomicrmw add ptr %2, i32 1 seq_cst, align 4
  %15 = zext nneg i32 %4 to i64
  %16 = getelementptr inbounds i32, ptr %1, i64 %15
  store i32 %14, ptr %16, align 4
  %17 = getelementptr inbounds i32, ptr %0, i64 %15
  store volatile i32 1, ptr %17, align 4
  ret void
}

; __global__ void pollAll(int *flag):
; every thread polls the flag with atomicAdd(flag, 0) until it is set.
define dso_local void @_Z7pollAllPi(ptr noundef %0) local_unnamed_addr #1 {
  br label %2

2:
  %3 = atomicrmw or ptr %0, i32 0 seq_cst, align 4
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %2, label %5

5:
  ret void
}

; __global__ void pollFirst(int *flag):
; thread 0 polls the flag with atomicAdd(flag, 0) until it is set.
define dso_local void @_Z9pollFirstPi(ptr noundef %0) local_unnamed_addr #1 {
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = icmp eq i32 %2, 0
  br i1 %3, label %4, label %7

4:
  %5 = atomicrmw or ptr %0, i32 0 seq_cst, align 4
  %6 = icmp eq i32 %5, 0
  br i1 %6, label %4, label %7

7:
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #8

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #9

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #9

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32) #9

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #9

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #9

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #9

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1) #9

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.bar.warp.sync(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #8

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx83,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx83,+sm_70" "uniform-work-group-size"="true" }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx83,+sm_70" "uniform-work-group-size"="true" }
attributes #4 = { convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx83,+sm_70" "uniform-work-group-size"="true" }
attributes #5 = { convergent mustprogress norecurse nounwind memory(argmem: write, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx83,+sm_70" "uniform-work-group-size"="true" }
attributes #6 = { mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx83,+sm_70" "uniform-work-group-size"="true" }
attributes #7 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx83,+sm_70" }
attributes #8 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #9 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #10 = { nounwind }
attributes #11 = { convergent nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!nvvm.annotations = !{!4, !5, !6, !7, !8, !9, !10, !11, !12, !13, !14, !15, !16, !17, !18, !19, !20, !21, !22, !23, !40, !41, !42}
!llvm.ident = !{!24, !24, !24, !24, !24, !24}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 3]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{ptr @_Z5saxpyifPKfPf, !"kernel", i32 1}
!5 = !{ptr @_Z9reduceSumPKfPfi, !"kernel", i32 1}
!6 = !{ptr @_Z11matmulTiledPKfS0_Pfi, !"kernel", i32 1}
!7 = !{ptr @_Z9histogramPKjiPji, !"kernel", i32 1}
!8 = !{ptr @_Z7stencilPKfPfi, !"kernel", i32 1}
!9 = !{ptr @_Z9blockScanPKiPi, !"kernel", i32 1}
!10 = !{ptr @_Z10warpReducePKiPi, !"kernel", i32 1}
!11 = !{ptr @_Z7warpOpsPKiPi, !"kernel", i32 1}
!12 = !{ptr @_Z11blockReducePKiPii, !"kernel", i32 1}
!13 = !{ptr @_Z15warpSpecializedPKiPi, !"kernel", i32 1}
!14 = !{ptr @_Z9earlyExitPKiPii, !"kernel", i32 1}
!15 = !{ptr @_Z21uniformAcrossBarriersPKiPiii, !"kernel", i32 1}
!16 = !{ptr @_Z16divergentBarrierPij, !"kernel", i32 1}
!17 = !{ptr @_Z16divergentShufflePi, !"kernel", i32 1}
!18 = !{ptr @_Z13divergentVotePi, !"kernel", i32 1}
!19 = !{ptr @_Z5helloi, !"kernel", i32 1}
!20 = !{ptr @_Z6trapAti, !"kernel", i32 1}
!21 = !{ptr @_Z11trapInBlocki, !"kernel", i32 1}
!22 = !{ptr @_Z7scale2DPKfPfii, !"kernel", i32 1}
!23 = !{ptr @_Z8offset2DPKfPfii, !"kernel", i32 1}
!24 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!25 = !{!26, !26, i64 0}
!26 = !{!"float", !27, i64 0}
!27 = !{!"omnipotent char", !28, i64 0}
!28 = !{!"Simple C++ TBAA"}
!29 = distinct !{!29, !30}
!30 = !{!"llvm.loop.mustprogress"}
!31 = distinct !{!31, !30}
!32 = !{!33, !33, i64 0}
!33 = !{!"int", !27, i64 0}
!34 = distinct !{!34, !30}
!35 = distinct !{!35, !36}
!36 = !{!"llvm.loop.unroll.disable"}
!37 = distinct !{!37, !30}
!38 = distinct !{!38, !30}
!39 = !{i64 2358532}
!40 = !{ptr @_Z8spinWaitPViPiS0_, !"kernel", i32 1}
!41 = !{ptr @_Z7pollAllPi, !"kernel", i32 1}
!42 = !{ptr @_Z9pollFirstPi, !"kernel", i32 1}
