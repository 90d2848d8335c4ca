//===- RuntimeSymbols.cpp - The runtime's entry points by name ------------===//

#include "mm/Runtime/Runtime.h"
#include "mm-cuda/cuda_runtime_api.h"

using namespace mm::runtime;

#define MM_RUNTIME_SYMBOL(Fn)                                                  \
  { #Fn, reinterpret_cast < void *>(&Fn) }

std::vector<RuntimeSymbol> mm::runtime::getRuntimeSymbols() {
  return {
      MM_RUNTIME_SYMBOL(mm_get_kernel),
      MM_RUNTIME_SYMBOL(mm_malloc),
      MM_RUNTIME_SYMBOL(mm_free),
      MM_RUNTIME_SYMBOL(mm_memcpy),
      MM_RUNTIME_SYMBOL(mm_memset),
      MM_RUNTIME_SYMBOL(mm_launch),
      MM_RUNTIME_SYMBOL(mm_synchronize),
      MM_RUNTIME_SYMBOL(mm_get_last_error),
      MM_RUNTIME_SYMBOL(mm_get_error_message),
      MM_RUNTIME_SYMBOL(__mm_device_trap),
      MM_RUNTIME_SYMBOL(__mm_device_vprintf),
      MM_RUNTIME_SYMBOL(__mm_device_printf_begin),
      MM_RUNTIME_SYMBOL(__mm_device_printf_append_string_n),
      MM_RUNTIME_SYMBOL(__mm_device_printf_append_args),
      MM_RUNTIME_SYMBOL(__mm_device_fadd),
      MM_RUNTIME_SYMBOL(__mm_device_fmul),
      MM_RUNTIME_SYMBOL(__mm_device_fdiv),
      MM_RUNTIME_SYMBOL(__mm_device_ffma),
      MM_RUNTIME_SYMBOL(__mm_device_fsqrt),
      MM_RUNTIME_SYMBOL(__mm_device_dadd),
      MM_RUNTIME_SYMBOL(__mm_device_dmul),
      MM_RUNTIME_SYMBOL(__mm_device_ddiv),
      MM_RUNTIME_SYMBOL(__mm_device_dfma),
      MM_RUNTIME_SYMBOL(__mm_device_dsqrt),
      MM_RUNTIME_SYMBOL(__mm_device_f64_to_f32),
      MM_RUNTIME_SYMBOL(__mm_device_i64_to_f32),
      MM_RUNTIME_SYMBOL(__mm_device_u64_to_f32),
      MM_RUNTIME_SYMBOL(__mm_device_i64_to_f64),
      MM_RUNTIME_SYMBOL(__mm_device_u64_to_f64),
      MM_RUNTIME_SYMBOL(__cudaPushCallConfiguration),
      MM_RUNTIME_SYMBOL(__cudaPopCallConfiguration),
      MM_RUNTIME_SYMBOL(cudaLaunchKernel),
      MM_RUNTIME_SYMBOL(cudaMalloc),
      MM_RUNTIME_SYMBOL(cudaMallocManaged),
      MM_RUNTIME_SYMBOL(cudaFree),
      MM_RUNTIME_SYMBOL(cudaMemcpy),
      MM_RUNTIME_SYMBOL(cudaMemset),
      MM_RUNTIME_SYMBOL(cudaDeviceSynchronize),
      MM_RUNTIME_SYMBOL(cudaGetLastError),
      MM_RUNTIME_SYMBOL(cudaPeekAtLastError),
      MM_RUNTIME_SYMBOL(cudaGetDeviceCount),
      MM_RUNTIME_SYMBOL(cudaGetDeviceProperties),
      MM_RUNTIME_SYMBOL(cudaGetDevice),
      MM_RUNTIME_SYMBOL(cudaSetDevice),
      MM_RUNTIME_SYMBOL(cudaGetErrorString),
      MM_RUNTIME_SYMBOL(cudaGetErrorName),
  };
}
