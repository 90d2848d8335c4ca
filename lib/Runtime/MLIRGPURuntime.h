//===- MLIRGPURuntime.h - MLIR's GPU runtime ABI ----------------*- C++ -*-===//
//
// The mgpu* functions of MLIR 19's GPU runtime wrappers that mm's runtime
// serves (MLIRGPURuntime.cpp), declared for RuntimeSymbols.cpp. Streams and
// events are those of the CUDA runtime API; modules are device submodules.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_RUNTIME_MLIRGPURUNTIME_H
#define MM_LIB_RUNTIME_MLIRGPURUNTIME_H

#include <cstddef>
#include <cstdint>

/// MLIR's one-dimensional memref descriptor, returned by value.
struct MLIRMemRef1D {
  void *Allocated;
  void *Aligned;
  int64_t Offset;
  int64_t Size;
  int64_t Stride;
};

extern "C" {
void *mgpuModuleLoad(void *Data, size_t Size);
void *mgpuModuleLoadJIT(void *Data, int OptLevel);
void mgpuModuleUnload(void *Module);
void *mgpuModuleGetFunction(void *Module, const char *Name);
void mgpuLaunchKernel(void *Function, intptr_t GridX, intptr_t GridY,
                      intptr_t GridZ, intptr_t BlockX, intptr_t BlockY,
                      intptr_t BlockZ, int32_t SharedMemory, void *Stream,
                      void **Params, void **Extra, size_t ParamCount);
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *Stream);
void mgpuStreamSynchronize(void *Stream);
void mgpuStreamWaitEvent(void *Stream, void *Event);
void *mgpuEventCreate();
void mgpuEventDestroy(void *Event);
void mgpuEventSynchronize(void *Event);
void mgpuEventRecord(void *Event, void *Stream);
void *mgpuMemAlloc(uint64_t Size, void *Stream, bool IsHostShared);
void mgpuMemFree(void *Ptr, void *Stream);
void mgpuMemcpy(void *Dst, void *Src, size_t Size, void *Stream);
void mgpuMemset32(void *Dst, unsigned Value, size_t Count, void *Stream);
void mgpuMemset16(void *Dst, unsigned short Value, size_t Count, void *Stream);
void mgpuMemHostRegister(void *Ptr, uint64_t Size);
void mgpuMemHostUnregister(void *Ptr);
void mgpuMemHostRegisterMemRef(int64_t Rank, void *Descriptor,
                               int64_t ElementSize);
void mgpuMemHostUnregisterMemRef(int64_t Rank, void *Descriptor,
                                 int64_t ElementSize);
MLIRMemRef1D mgpuMemGetDeviceMemRef1dFloat(float *Allocated, float *Aligned,
                                           int64_t Offset, int64_t Size,
                                           int64_t Stride);
MLIRMemRef1D mgpuMemGetDeviceMemRef1dInt32(int32_t *Allocated,
                                           int32_t *Aligned, int64_t Offset,
                                           int64_t Size, int64_t Stride);
void mgpuSetDefaultDevice(int32_t Device);
}

#endif // MM_LIB_RUNTIME_MLIRGPURUNTIME_H
