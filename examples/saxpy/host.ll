; saxpy's host: y = a*x + y on 1000 floats by the kernel of submodule
; 'kernels', launched through mm's offload runtime, then the sum of y scaled
; by the function of submodule 'scale'.
target triple = "x86_64-unknown-linux-gnu"

declare float @"scale::scale"(float, float)

declare i32 @mm_get_kernel(ptr, ptr, ptr)
declare i32 @mm_malloc(ptr, i64)
declare i32 @mm_memcpy(ptr, ptr, i64, i32)
declare i32 @mm_launch(ptr, i32, i32, i32, i32, i32, i32, i64, ptr)
declare i32 @mm_synchronize()
declare i32 @mm_free(ptr)
declare ptr @mm_get_error_message()
declare i32 @printf(ptr, ...)

@module = private constant [8 x i8] c"kernels\00"
@kernel = private constant [6 x i8] c"saxpy\00"
@result = private constant [25 x i8] c"y[999] = %g, sum/2 = %g\0A\00"
@failed = private constant [16 x i8] c"saxpy: %s (%d)\0A\00"

define i32 @main() {
entry:
  %x = alloca [1000 x float]
  %y = alloca [1000 x float]
  br label %fill

fill:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fill ]
  %xi = getelementptr [1000 x float], ptr %x, i32 0, i32 %i
  %yi = getelementptr [1000 x float], ptr %y, i32 0, i32 %i
  %f = sitofp i32 %i to float
  store float %f, ptr %xi
  store float 1.0, ptr %yi
  %i.next = add i32 %i, 1
  %filled = icmp eq i32 %i.next, 1000
  br i1 %filled, label %run, label %fill

run:
  %k = alloca ptr
  %dx = alloca ptr
  %dy = alloca ptr
  %s0 = call i32 @mm_get_kernel(ptr @module, ptr @kernel, ptr %k)
  %s1 = call i32 @mm_malloc(ptr %dx, i64 4000)
  %s2 = call i32 @mm_malloc(ptr %dy, i64 4000)
  %px = load ptr, ptr %dx
  %py = load ptr, ptr %dy
  ; 1: host to device, 2: device to host
  %s3 = call i32 @mm_memcpy(ptr %px, ptr %x, i64 4000, i32 1)
  %s4 = call i32 @mm_memcpy(ptr %py, ptr %y, i64 4000, i32 1)
  ; saxpy(float a, ptr x, ptr y, i32 n): args[i] points at parameter i.
  %a = alloca float
  %n = alloca i32
  store float 2.0, ptr %a
  store i32 1000, ptr %n
  %args = alloca [4 x ptr]
  %arg1 = getelementptr [4 x ptr], ptr %args, i32 0, i32 1
  %arg2 = getelementptr [4 x ptr], ptr %args, i32 0, i32 2
  %arg3 = getelementptr [4 x ptr], ptr %args, i32 0, i32 3
  store ptr %a, ptr %args
  store ptr %dx, ptr %arg1
  store ptr %dy, ptr %arg2
  store ptr %n, ptr %arg3
  %kernel = load ptr, ptr %k
  %s5 = call i32 @mm_launch(ptr %kernel, i32 4, i32 1, i32 1, i32 256, i32 1, i32 1, i64 0, ptr %args)
  %s6 = call i32 @mm_synchronize()
  %s7 = call i32 @mm_memcpy(ptr %y, ptr %py, i64 4000, i32 2)
  %e0 = or i32 %s0, %s1
  %e1 = or i32 %e0, %s2
  %e2 = or i32 %e1, %s3
  %e3 = or i32 %e2, %s4
  %e4 = or i32 %e3, %s5
  %e5 = or i32 %e4, %s6
  %e6 = or i32 %e5, %s7
  %ok = icmp eq i32 %e6, 0
  br i1 %ok, label %sum, label %fail

fail:
  %message = call ptr @mm_get_error_message()
  %p0 = call i32 (ptr, ...) @printf(ptr @failed, ptr %message, i32 %e6)
  ret i32 1

sum:
  %j = phi i32 [ 0, %run ], [ %j.next, %sum ]
  %total = phi float [ 0.0, %run ], [ %total.next, %sum ]
  %yj = getelementptr [1000 x float], ptr %y, i32 0, i32 %j
  %v = load float, ptr %yj
  %total.next = fadd float %total, %v
  %j.next = add i32 %j, 1
  %summed = icmp eq i32 %j.next, 1000
  br i1 %summed, label %print, label %sum

print:
  %half = call float @"scale::scale"(float 0.5, float %total.next)
  %last = getelementptr [1000 x float], ptr %y, i32 0, i32 999
  %y999 = load float, ptr %last
  %d0 = fpext float %y999 to double
  %d1 = fpext float %half to double
  %p1 = call i32 (ptr, ...) @printf(ptr @result, double %d0, double %d1)
  %f0 = call i32 @mm_free(ptr %px)
  %f1 = call i32 @mm_free(ptr %py)
  ret i32 0
}
