//===- CudaRuntimeSupport.h - What the CUDA API's files share --*- C++ -*-===//
//
// The CUDA runtime API is served by CudaRuntime.cpp and, for CUDA arrays and
// textures, CudaTextures.cpp, for graphs, CudaGraphs.cpp; these are the
// helpers they share: recording CUDA's per-thread last error, the current
// runtime, copies, and stream capture.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_RUNTIME_CUDARUNTIMESUPPORT_H
#define MM_LIB_RUNTIME_CUDARUNTIMESUPPORT_H

#include "mm-cuda/cuda_runtime_api.h"
#include "mm/Runtime/Runtime.h"

#include <string>

namespace mm {
namespace runtime {
namespace cuda {

/// Records \p E (also as the mm_offload.h last error and message) and
/// returns its CUDA error code.
cudaError_t record(Error E);
/// Records CUDA error \p Code, which no runtime status maps to, with
/// \p Message as the mm_offload.h message.
cudaError_t recordCudaError(cudaError_t Code, const std::string &Message);
/// Records an invalid-value error described by \p Message.
cudaError_t invalid(const std::string &Message);
/// The current runtime; if there is none, records the error and is null.
Runtime *getRuntime();

/// A copy of \p Count bytes in direction \p Kind.
cudaError_t copy(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind);
/// Copies \p Height rows of \p Width bytes, \p SrcPitch and \p DstPitch
/// bytes apart.
cudaError_t copy2D(void *Dst, size_t DstPitch, const void *Src,
                   size_t SrcPitch, size_t Width, size_t Height,
                   cudaMemcpyKind Kind);

/// The memory of CUDA array \p Array as pitched memory (ptr, pitch, row
/// bytes as xsize, rows as ysize) and the size of its elements; false if
/// \p Array is not a live array.
bool getArrayMemory(cudaArray_const_t Array, cudaPitchedPtr &Memory,
                    size_t &ElementSize);
/// Brings the textures of bound texture references up to date with their
/// textureReference's fields, which a program may set after binding; called
/// before each launch.
void updateBoundTextureReferences();

/// Stream capture (CudaGraphs.cpp). While a stream captures, the work
/// issued to it is added to the capture's graph instead of being done.
bool isCapturing(cudaStream_t S);
cudaError_t captureKernelLaunch(cudaStream_t S, const void *Func, dim3 Grid,
                                dim3 Block, void **Args, size_t SharedBytes);
cudaError_t captureCopy(cudaStream_t S, void *Dst, const void *Src,
                        size_t Count, cudaMemcpyKind Kind);
cudaError_t captureSet(cudaStream_t S, void *Dst, int Value, size_t Count);
cudaError_t captureHostFunction(cudaStream_t S, cudaHostFn_t Fn,
                                void *UserData);
/// Fails, and invalidates \p S's capture: \p Operation cannot be captured.
cudaError_t captureUnsupported(cudaStream_t S, const char *Operation);
/// cudaEventRecord in stream \p S: if \p S captures, \p E stands for its
/// last nodes from now on, and true.
bool captureEventRecord(cudaEvent_t E, cudaStream_t S);
/// cudaStreamWaitEvent: if \p E was recorded in a capture, \p S joins it
/// (or its work also depends on \p E's nodes), and true.
bool captureStreamWaitEvent(cudaStream_t S, cudaEvent_t E);

} // namespace cuda
} // namespace runtime
} // namespace mm

#endif // MM_LIB_RUNTIME_CUDARUNTIMESUPPORT_H
