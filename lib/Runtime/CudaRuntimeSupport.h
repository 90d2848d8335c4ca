//===- CudaRuntimeSupport.h - What the CUDA API's files share --*- C++ -*-===//
//
// The CUDA runtime API is served by CudaRuntime.cpp and, for CUDA arrays and
// textures, CudaTextures.cpp; these are the helpers they share: recording
// CUDA's per-thread last error, the current runtime, and copies.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_RUNTIME_CUDARUNTIMESUPPORT_H
#define MM_LIB_RUNTIME_CUDARUNTIMESUPPORT_H

#include "mm-cuda/cuda_runtime_api.h"
#include "mm/Runtime/Runtime.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace mm {
namespace runtime {
namespace cuda {

/// Records \p E (also as the mm_offload.h last error and message) and
/// returns its CUDA error code.
cudaError_t record(llvm::Error E);
/// Records CUDA error \p Error, which no runtime status maps to, with
/// \p Message as the mm_offload.h message.
cudaError_t recordCudaError(cudaError_t Error, const llvm::Twine &Message);
/// Records an invalid-value error described by \p Message.
cudaError_t invalid(const llvm::Twine &Message);
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

} // namespace cuda
} // namespace runtime
} // namespace mm

#endif // MM_LIB_RUNTIME_CUDARUNTIMESUPPORT_H
