//===- CudaTextures.cpp - CUDA arrays, textures and surfaces --------------===//
//
// CUDA arrays, texture objects, texture references and surface objects on
// the offload runtime. Device memory is host memory, so a texture is no copy of
// anything: it is an __mm_texture (mm-cuda/texture_types.h) that describes
// memory where kernels already read it, and device code samples it itself
// (mm-cuda/crt/texture_sampling.hpp). A texture object is the address of
// its __mm_texture; binding a texture reference stores the address of one
// in the reference's device variable, where the device lowering's handle
// of the reference reads it, and every launch brings it up to date with
// the textureReference's fields. A surface object is likewise the address
// of an __mm_surface (mm-cuda/surface_types.h) describing its array, which
// device code reads and writes (mm-cuda/surface_indirect_functions.h).
//
// A CUDA array is device memory holding its elements row after row, with
// no padding, and layer (or slice) after layer.
//
//===----------------------------------------------------------------------===//

#include "CudaRuntimeSupport.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

using namespace mm::runtime;
using namespace mm::runtime::cuda;

/// A CUDA array, as cudaMalloc3DArray made it.
struct cudaArray {
  cudaChannelFormatDesc Desc;
  /// As allocated: a height or depth of 0 for fewer dimensions.
  cudaExtent Extent;
  unsigned Flags;
  size_t ElementSize;
  char *Data;

  size_t getPitch() const { return Extent.width * ElementSize; }
  size_t getRows() const { return Extent.height ? Extent.height : 1; }
  size_t getSlices() const { return Extent.depth ? Extent.depth : 1; }
  size_t getSize() const { return getPitch() * getRows() * getSlices(); }
};

namespace {
/// A texture object: its texture first, so that the object's handle, the
/// texture's address, is the object's; and what it was made from.
struct TextureObject {
  __mm_texture Texture;
  cudaResourceDesc Resource;
  cudaTextureDesc Description;
};

/// A bound texture reference: its texture, and the device variable that
/// holds the texture's address.
struct BoundReference {
  std::unique_ptr<__mm_texture> Texture;
  uint64_t *Handle;
};

/// A surface object: its surface first, as a texture object's texture, and
/// what it was made from.
struct SurfaceObject {
  __mm_surface Surface;
  cudaResourceDesc Resource;
};

struct TextureState {
  std::mutex Lock;
  std::unordered_map<const cudaArray *, std::unique_ptr<cudaArray>> Arrays;
  std::unordered_map<cudaTextureObject_t, std::unique_ptr<TextureObject>>
      Objects;
  std::unordered_map<cudaSurfaceObject_t, std::unique_ptr<SurfaceObject>>
      Surfaces;
  std::unordered_map<const textureReference *, BoundReference> References;
};
} // namespace

static TextureState &getState() {
  static TextureState State;
  return State;
}

static const cudaArray *getArray(cudaArray_const_t Array) {
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.Arrays.find(Array);
  return It == State.Arrays.end() ? nullptr : It->second.get();
}

static cudaError_t recordNotAnArray(const char *Function) {
  return invalid(std::string(Function) +
                 " of something that is not a live CUDA array");
}

/// Checks channel format \p Desc: one, two or four channels of 8, 16 or 32
/// bits each, all of one size (float ones of 16 or 32 bits), as CUDA's
/// textures and arrays have them. Sets \p Channels and \p Bits.
static cudaError_t getFormat(const cudaChannelFormatDesc &Desc,
                             unsigned &Channels, unsigned &Bits) {
  auto Fail = [&](const std::string &Why) {
    return recordCudaError(cudaErrorInvalidChannelDescriptor,
                           "channel format (" + std::to_string(Desc.x) + ", " +
                               std::to_string(Desc.y) + ", " +
                               std::to_string(Desc.z) + ", " +
                               std::to_string(Desc.w) + ", kind " +
                               std::to_string(int(Desc.f)) + "): " + Why);
  };
  int Sizes[4] = {Desc.x, Desc.y, Desc.z, Desc.w};
  Channels = 0;
  while (Channels < 4 && Sizes[Channels])
    ++Channels;
  for (unsigned C = Channels; C < 4; ++C)
    if (Sizes[C])
      return Fail("a channel after one of 0 bits");
  if (Channels == 0 || Channels == 3)
    return Fail("texels have 1, 2 or 4 channels");
  for (unsigned C = 1; C < Channels; ++C)
    if (Sizes[C] != Sizes[0])
      return Fail("channels of different sizes");
  Bits = unsigned(Desc.x);
  if (Bits != 8 && Bits != 16 && Bits != 32)
    return Fail("channels have 8, 16 or 32 bits");
  switch (Desc.f) {
  case cudaChannelFormatKindSigned:
  case cudaChannelFormatKindUnsigned:
    return cudaSuccess;
  case cudaChannelFormatKindFloat:
    if (Bits == 8)
      return Fail("float channels have 16 or 32 bits");
    return cudaSuccess;
  default:
    return Fail("not a kind of signed, unsigned or float channels");
  }
}

/// A texture of \p Width x \p Height x \p Depth texels of format \p Desc
/// at \p Data, rows \p Pitch bytes apart; addressed and filtered as by
/// default (clamped, point-sampled, unnormalized coordinates).
static cudaError_t makeTexture(const cudaChannelFormatDesc &Desc,
                               const void *Data, size_t Width, size_t Height,
                               size_t Depth, size_t Pitch,
                               __mm_texture &Texture) {
  unsigned Channels, Bits;
  if (cudaError_t Error = getFormat(Desc, Channels, Bits))
    return Error;
  std::memset(&Texture, 0, sizeof(Texture));
  Texture.data = Data;
  Texture.width = Width;
  Texture.height = Height ? Height : 1;
  Texture.depth = Depth ? Depth : 1;
  Texture.pitch = Pitch;
  Texture.slicePitch = Pitch * Texture.height;
  Texture.channels = Channels;
  Texture.channelBits = Bits;
  Texture.elementSize = Channels * Bits / 8;
  Texture.kind = Desc.f;
  for (cudaTextureAddressMode &Mode : Texture.addressMode)
    Mode = cudaAddressModeClamp;
  Texture.filterMode = cudaFilterModePoint;
  Texture.readMode = cudaReadModeElementType;
  return cudaSuccess;
}

/// Sets the width of \p Texture, a texture of linear memory, to the texels
/// that \p Bytes hold. Device code reads texel 0 of a texture whatever the
/// coordinate and keeps the value only for one inside
/// (mm-cuda/crt/texture_sampling.hpp), so a texture of no texels reads a
/// texel of zeros.
static void setLinearWidth(__mm_texture &Texture, size_t Bytes) {
  static const unsigned char NoTexel[16] = {};
  Texture.width = Bytes / Texture.elementSize;
  if (!Texture.width)
    Texture.data = NoTexel;
}

static cudaError_t makeArrayTexture(const cudaArray &Array,
                                    __mm_texture &Texture) {
  return makeTexture(Array.Desc, Array.Data, Array.Extent.width,
                     Array.Extent.height, Array.Extent.depth, Array.getPitch(),
                     Texture);
}

/// Checks that [Ptr, Ptr + Size) is device memory.
static cudaError_t checkDeviceMemory(Runtime &R, const void *Ptr, size_t Size,
                                     const char *What) {
  if (R.getDeviceBytesFrom(Ptr) >= Size && Size)
    return cudaSuccess;
  return invalid(std::string(What) + " of " + std::to_string(Size) +
                 " bytes that are not within one device allocation");
}

/// Samples \p Texture as \p Reference's fields say: coordinates, filter and
/// address modes.
static void sampleAsReference(const textureReference &Reference,
                              __mm_texture &Texture) {
  Texture.normalizedCoords = Reference.normalized;
  Texture.filterMode = Reference.filterMode;
  std::memcpy(Texture.addressMode, Reference.addressMode,
              sizeof(Texture.addressMode));
}

namespace mm {
namespace runtime {
namespace cuda {

bool getArrayMemory(cudaArray_const_t Array, cudaPitchedPtr &Memory,
                    size_t &ElementSize) {
  const cudaArray *A = getArray(Array);
  if (!A)
    return false;
  Memory = {A->Data, A->getPitch(), A->getPitch(), A->getRows()};
  ElementSize = A->ElementSize;
  return true;
}

void updateBoundTextureReferences() {
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  for (auto &[Reference, Bound] : State.References)
    sampleAsReference(*Reference, *Bound.Texture);
}

} // namespace cuda
} // namespace runtime
} // namespace mm

/// Binds texture reference \p Reference to \p Texture, a texture of
/// format \p Desc.
static cudaError_t bindReference(const textureReference *Reference,
                                 const cudaChannelFormatDesc &Desc,
                                 std::unique_ptr<__mm_texture> Texture) {
  if (!Reference)
    return recordCudaError(cudaErrorInvalidTexture,
                           "binding of a null texture reference");
  // The device code of texture<T, ...> reads texels as T.
  const cudaChannelFormatDesc &Declared = Reference->channelDesc;
  if (Declared.f != cudaChannelFormatKindNone &&
      (Declared.f != Desc.f ||
       Declared.x + Declared.y + Declared.z + Declared.w !=
           Desc.x + Desc.y + Desc.z + Desc.w))
    return recordCudaError(
        cudaErrorInvalidChannelDescriptor,
        "binding of a texture reference of texels of " +
            std::to_string(Declared.x + Declared.y + Declared.z + Declared.w) +
            " bits of kind " + std::to_string(int(Declared.f)) +
            " to texels of " +
            std::to_string(Desc.x + Desc.y + Desc.z + Desc.w) +
            " bits of kind " + std::to_string(int(Desc.f)));
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  Expected<DeviceVariable> Variable = R->getDeviceVariable(Reference);
  if (!Variable)
    return recordCudaError(cudaErrorInvalidTexture,
                           "binding of a texture reference: " +
                               Variable.takeError().getMessage());
  if (Variable->Size != sizeof(uint64_t))
    return recordCudaError(cudaErrorInvalidTexture,
                           "binding of '" + Variable->Name +
                               "', which is not a texture reference");
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  BoundReference &Bound = State.References[Reference];
  Bound.Texture = std::move(Texture);
  Bound.Handle = static_cast<uint64_t *>(Variable->Address);
  sampleAsReference(*Reference, *Bound.Texture);
  *Bound.Handle = reinterpret_cast<uintptr_t>(Bound.Texture.get());
  return cudaSuccess;
}

extern "C" {

//===---------------------------- Channels ---------------------------------===//

cudaChannelFormatDesc cudaCreateChannelDesc(int X, int Y, int Z, int W,
                                            cudaChannelFormatKind F) {
  return {X, Y, Z, W, F};
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *Desc,
                               cudaArray_const_t Array) {
  if (!Desc)
    return invalid("cudaGetChannelDesc with a null result pointer");
  const cudaArray *A = getArray(Array);
  if (!A)
    return recordNotAnArray("cudaGetChannelDesc");
  *Desc = A->Desc;
  return cudaSuccess;
}

//===----------------------------- Arrays ----------------------------------===//

cudaError_t cudaMalloc3DArray(cudaArray_t *Array,
                              const cudaChannelFormatDesc *Desc,
                              cudaExtent Extent, unsigned Flags) {
  if (!Array || !Desc)
    return invalid("cudaMalloc3DArray with a null pointer argument");
  if (Flags & ~unsigned(cudaArrayLayered | cudaArraySurfaceLoadStore))
    return recordCudaError(cudaErrorNotSupported,
                           "CUDA array flags " + std::to_string(Flags) +
                               ": mm's runtime makes no cubemap or gather "
                               "arrays");
  if (!Extent.width || (Extent.depth && !Extent.height &&
                        !(Flags & cudaArrayLayered)))
    return invalid("CUDA array of extent (" + std::to_string(Extent.width) +
                   ", " + std::to_string(Extent.height) + ", " +
                   std::to_string(Extent.depth) + ")");
  unsigned Channels, Bits;
  if (cudaError_t Error = getFormat(*Desc, Channels, Bits))
    return Error;
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  auto A = std::make_unique<cudaArray>();
  A->Desc = *Desc;
  A->Extent = Extent;
  A->Flags = Flags;
  A->ElementSize = Channels * Bits / 8;
  Expected<void *> Data = R->allocate(A->getSize());
  if (!Data)
    return record(Data.takeError());
  A->Data = static_cast<char *>(*Data);
  *Array = A.get();
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.Arrays[A.get()] = std::move(A);
  return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *Array,
                            const cudaChannelFormatDesc *Desc, size_t Width,
                            size_t Height, unsigned Flags) {
  if (Flags & cudaArrayLayered)
    return invalid("cudaMallocArray of a layered array (cudaMalloc3DArray "
                   "makes them)");
  return cudaMalloc3DArray(Array, Desc, {Width, Height, 0}, Flags);
}

cudaError_t cudaFreeArray(cudaArray_t Array) {
  if (!Array)
    return cudaSuccess;
  std::unique_ptr<cudaArray> A;
  {
    TextureState &State = getState();
    std::lock_guard<std::mutex> Guard(State.Lock);
    auto It = State.Arrays.find(Array);
    if (It == State.Arrays.end())
      return recordNotAnArray("cudaFreeArray");
    A = std::move(It->second);
    State.Arrays.erase(It);
  }
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  return record(R->free(A->Data));
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc *Desc, cudaExtent *Extent,
                             unsigned *Flags, cudaArray_t Array) {
  const cudaArray *A = getArray(Array);
  if (!A)
    return recordNotAnArray("cudaArrayGetInfo");
  if (Desc)
    *Desc = A->Desc;
  if (Extent)
    *Extent = A->Extent;
  if (Flags)
    *Flags = A->Flags;
  return cudaSuccess;
}

/// The address of byte \p WOffset of row \p HOffset of \p Array, where
/// \p Count bytes fit; null (and the error recorded) if they do not.
static char *getArrayBytes(cudaArray_const_t Array, size_t WOffset,
                           size_t HOffset, size_t Count, const char *Function) {
  const cudaArray *A = getArray(Array);
  if (!A) {
    recordNotAnArray(Function);
    return nullptr;
  }
  size_t Offset = HOffset * A->getPitch() + WOffset;
  if (WOffset > A->getPitch() || Offset > A->getSize() ||
      Count > A->getSize() - Offset) {
    invalid(std::string(Function) + " of " + std::to_string(Count) +
            " bytes at byte " + std::to_string(WOffset) + " of row " +
            std::to_string(HOffset) + " of a CUDA array of " +
            std::to_string(A->getSize()) + " bytes");
    return nullptr;
  }
  return A->Data + Offset;
}

/// The address of byte \p WOffset of row \p HOffset of \p Array, where
/// \p Height rows of \p Width bytes fit; null (and the error recorded) if
/// they do not. Sets \p Pitch.
static char *getArrayRows(cudaArray_const_t Array, size_t WOffset,
                          size_t HOffset, size_t Width, size_t Height,
                          size_t &Pitch, const char *Function) {
  const cudaArray *A = getArray(Array);
  if (!A) {
    recordNotAnArray(Function);
    return nullptr;
  }
  Pitch = A->getPitch();
  size_t Rows = A->getRows() * A->getSlices();
  if (WOffset > Pitch || Width > Pitch - WOffset || HOffset > Rows ||
      Height > Rows - HOffset) {
    invalid(std::string(Function) + " of " + std::to_string(Height) +
            " rows of " + std::to_string(Width) + " bytes at byte " +
            std::to_string(WOffset) + " of row " + std::to_string(HOffset) +
            " of a CUDA array of " + std::to_string(Rows) + " rows of " +
            std::to_string(Pitch) + " bytes");
    return nullptr;
  }
  return A->Data + HOffset * Pitch + WOffset;
}

cudaError_t cudaMemcpyToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset,
                              const void *Src, size_t Count,
                              cudaMemcpyKind Kind) {
  char *To = getArrayBytes(Dst, WOffset, HOffset, Count, "cudaMemcpyToArray");
  if (!To)
    return cudaErrorInvalidValue;
  return copy(To, Src, Count, Kind);
}

cudaError_t cudaMemcpyFromArray(void *Dst, cudaArray_const_t Src,
                                size_t WOffset, size_t HOffset, size_t Count,
                                cudaMemcpyKind Kind) {
  char *From =
      getArrayBytes(Src, WOffset, HOffset, Count, "cudaMemcpyFromArray");
  if (!From)
    return cudaErrorInvalidValue;
  return copy(Dst, From, Count, Kind);
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t Dst, size_t WOffsetDst,
                                   size_t HOffsetDst, cudaArray_const_t Src,
                                   size_t WOffsetSrc, size_t HOffsetSrc,
                                   size_t Count, cudaMemcpyKind Kind) {
  char *To = getArrayBytes(Dst, WOffsetDst, HOffsetDst, Count,
                           "cudaMemcpyArrayToArray");
  if (!To)
    return cudaErrorInvalidValue;
  char *From = getArrayBytes(Src, WOffsetSrc, HOffsetSrc, Count,
                             "cudaMemcpyArrayToArray");
  if (!From)
    return cudaErrorInvalidValue;
  return copy(To, From, Count, Kind);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t Dst, size_t WOffset,
                                size_t HOffset, const void *Src, size_t SPitch,
                                size_t Width, size_t Height,
                                cudaMemcpyKind Kind) {
  size_t Pitch;
  char *To = getArrayRows(Dst, WOffset, HOffset, Width, Height, Pitch,
                          "cudaMemcpy2DToArray");
  if (!To)
    return cudaErrorInvalidValue;
  return copy2D(To, Pitch, Src, SPitch, Width, Height, Kind);
}

cudaError_t cudaMemcpy2DFromArray(void *Dst, size_t DPitch,
                                  cudaArray_const_t Src, size_t WOffset,
                                  size_t HOffset, size_t Width, size_t Height,
                                  cudaMemcpyKind Kind) {
  size_t Pitch;
  char *From = getArrayRows(Src, WOffset, HOffset, Width, Height, Pitch,
                            "cudaMemcpy2DFromArray");
  if (!From)
    return cudaErrorInvalidValue;
  return copy2D(Dst, DPitch, From, Pitch, Width, Height, Kind);
}

//===------------------------- Texture objects -----------------------------===//

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *TexObject,
                                    const cudaResourceDesc *ResDesc,
                                    const cudaTextureDesc *TexDesc,
                                    const void *ResViewDesc) {
  if (!TexObject || !ResDesc || !TexDesc)
    return invalid("cudaCreateTextureObject with a null pointer argument");
  if (ResViewDesc)
    return recordCudaError(cudaErrorNotSupported,
                           "cudaCreateTextureObject with a resource view: "
                           "mm's runtime has none");
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  auto Object = std::make_unique<TextureObject>();
  __mm_texture &Texture = Object->Texture;
  cudaChannelFormatDesc Desc;
  switch (ResDesc->resType) {
  case cudaResourceTypeArray: {
    const cudaArray *A = getArray(ResDesc->res.array.array);
    if (!A)
      return recordNotAnArray("cudaCreateTextureObject");
    Desc = A->Desc;
    if (cudaError_t Error = makeArrayTexture(*A, Texture))
      return Error;
    break;
  }
  case cudaResourceTypeLinear: {
    const auto &Linear = ResDesc->res.linear;
    Desc = Linear.desc;
    if (cudaError_t Error = makeTexture(Desc, Linear.devPtr, 0, 0, 0,
                                        Linear.sizeInBytes, Texture))
      return Error;
    setLinearWidth(Texture, Linear.sizeInBytes);
    if (cudaError_t Error = checkDeviceMemory(
            *R, Linear.devPtr, Linear.sizeInBytes,
            "cudaCreateTextureObject of linear memory"))
      return Error;
    break;
  }
  case cudaResourceTypePitch2D: {
    const auto &Pitched = ResDesc->res.pitch2D;
    Desc = Pitched.desc;
    if (cudaError_t Error =
            makeTexture(Desc, Pitched.devPtr, Pitched.width, Pitched.height, 0,
                        Pitched.pitchInBytes, Texture))
      return Error;
    size_t Row = Pitched.width * Texture.elementSize;
    if (!Pitched.width || !Pitched.height || Pitched.pitchInBytes < Row)
      return invalid("cudaCreateTextureObject of " +
                     std::to_string(Pitched.height) + " rows of " +
                     std::to_string(Pitched.width) +
                     " texels with a "
                     "pitch of " +
                     std::to_string(Pitched.pitchInBytes) + " bytes");
    if (cudaError_t Error = checkDeviceMemory(
            *R, Pitched.devPtr,
            (Pitched.height - 1) * Pitched.pitchInBytes + Row,
            "cudaCreateTextureObject of pitched memory"))
      return Error;
    break;
  }
  default:
    return recordCudaError(cudaErrorNotSupported,
                           "cudaCreateTextureObject of a resource of type " +
                               std::to_string(int(ResDesc->resType)) +
                               ": mm's runtime has no mipmapped arrays");
  }
  bool ReadsIntegers = Desc.f != cudaChannelFormatKindFloat &&
                       TexDesc->readMode == cudaReadModeElementType;
  if (TexDesc->filterMode == cudaFilterModeLinear && ReadsIntegers)
    return recordCudaError(cudaErrorInvalidFilterSetting,
                           "linear filtering of integer texels read as "
                           "integers");
  if (TexDesc->readMode == cudaReadModeNormalizedFloat &&
      Desc.f != cudaChannelFormatKindFloat && Texture.channelBits == 32)
    return recordCudaError(cudaErrorInvalidNormSetting,
                           "normalized reads of 32-bit integer texels");
  if (TexDesc->sRGB)
    return recordCudaError(cudaErrorNotSupported,
                           "sRGB textures: mm's runtime does not convert "
                           "them");
  std::memcpy(Texture.addressMode, TexDesc->addressMode,
              sizeof(Texture.addressMode));
  Texture.filterMode = TexDesc->filterMode;
  Texture.readMode = TexDesc->readMode;
  Texture.normalizedCoords = TexDesc->normalizedCoords;
  std::memcpy(Texture.borderColor, TexDesc->borderColor,
              sizeof(Texture.borderColor));
  Object->Resource = *ResDesc;
  Object->Description = *TexDesc;
  cudaTextureObject_t Handle = reinterpret_cast<uintptr_t>(&Object->Texture);
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.Objects[Handle] = std::move(Object);
  *TexObject = Handle;
  return cudaSuccess;
}

/// The live texture object \p Handle, or null.
static const TextureObject *getObject(cudaTextureObject_t Handle) {
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.Objects.find(Handle);
  return It == State.Objects.end() ? nullptr : It->second.get();
}

static cudaError_t recordNotAnObject(const char *Function) {
  return invalid(std::string(Function) +
                 " of something that is not a live texture "
                 "object");
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t TexObject) {
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  if (!State.Objects.erase(TexObject))
    return recordNotAnObject("cudaDestroyTextureObject");
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *ResDesc,
                                             cudaTextureObject_t TexObject) {
  const TextureObject *Object = getObject(TexObject);
  if (!Object)
    return recordNotAnObject("cudaGetTextureObjectResourceDesc");
  if (!ResDesc)
    return invalid("cudaGetTextureObjectResourceDesc with a null result "
                   "pointer");
  *ResDesc = Object->Resource;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *TexDesc,
                                            cudaTextureObject_t TexObject) {
  const TextureObject *Object = getObject(TexObject);
  if (!Object)
    return recordNotAnObject("cudaGetTextureObjectTextureDesc");
  if (!TexDesc)
    return invalid("cudaGetTextureObjectTextureDesc with a null result "
                   "pointer");
  *TexDesc = Object->Description;
  return cudaSuccess;
}

//===------------------------- Surface objects -----------------------------===//

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *SurfObject,
                                    const cudaResourceDesc *ResDesc) {
  if (!SurfObject || !ResDesc)
    return invalid("cudaCreateSurfaceObject with a null pointer argument");
  if (ResDesc->resType != cudaResourceTypeArray)
    return invalid("cudaCreateSurfaceObject of a resource of type " +
                   std::to_string(int(ResDesc->resType)) +
                   ": a surface is a CUDA array's");
  const cudaArray *A = getArray(ResDesc->res.array.array);
  if (!A)
    return recordNotAnArray("cudaCreateSurfaceObject");
  if (!(A->Flags & cudaArraySurfaceLoadStore))
    return invalid("cudaCreateSurfaceObject of a CUDA array made without "
                   "cudaArraySurfaceLoadStore");
  auto Object = std::make_unique<SurfaceObject>();
  Object->Surface = {A->Data, A->getPitch(), A->getRows(), A->getSlices()};
  Object->Resource = *ResDesc;
  cudaSurfaceObject_t Handle = reinterpret_cast<uintptr_t>(&Object->Surface);
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.Surfaces[Handle] = std::move(Object);
  *SurfObject = Handle;
  return cudaSuccess;
}

static cudaError_t recordNotASurface(const char *Function) {
  return invalid(std::string(Function) +
                 " of something that is not a live surface object");
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t SurfObject) {
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  if (!State.Surfaces.erase(SurfObject))
    return recordNotASurface("cudaDestroySurfaceObject");
  return cudaSuccess;
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *ResDesc,
                                             cudaSurfaceObject_t SurfObject) {
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.Surfaces.find(SurfObject);
  if (It == State.Surfaces.end())
    return recordNotASurface("cudaGetSurfaceObjectResourceDesc");
  if (!ResDesc)
    return invalid("cudaGetSurfaceObjectResourceDesc with a null result "
                   "pointer");
  *ResDesc = It->second->Resource;
  return cudaSuccess;
}

//===----------------------- Texture references ----------------------------===//

cudaError_t cudaBindTexture(size_t *Offset, const textureReference *TexRef,
                            const void *DevPtr,
                            const cudaChannelFormatDesc *Desc, size_t Size) {
  if (!Desc)
    return invalid("cudaBindTexture with a null channel format");
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  // UINT_MAX, the default, is as much as there is.
  size_t Available = R->getDeviceBytesFrom(DevPtr);
  if (Size == UINT_MAX)
    Size = Available;
  if (cudaError_t Error =
          checkDeviceMemory(*R, DevPtr, Size, "cudaBindTexture"))
    return Error;
  auto Texture = std::make_unique<__mm_texture>();
  if (cudaError_t Error = makeTexture(*Desc, DevPtr, 0, 0, 0, Size, *Texture))
    return Error;
  setLinearWidth(*Texture, Size);
  if (Offset)
    *Offset = 0;
  return bindReference(TexRef, *Desc, std::move(Texture));
}

cudaError_t cudaBindTexture2D(size_t *Offset, const textureReference *TexRef,
                              const void *DevPtr,
                              const cudaChannelFormatDesc *Desc, size_t Width,
                              size_t Height, size_t Pitch) {
  if (!Desc)
    return invalid("cudaBindTexture2D with a null channel format");
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  auto Texture = std::make_unique<__mm_texture>();
  if (cudaError_t Error =
          makeTexture(*Desc, DevPtr, Width, Height, 0, Pitch, *Texture))
    return Error;
  size_t Row = Width * Texture->elementSize;
  if (!Width || !Height || Pitch < Row)
    return invalid("cudaBindTexture2D of " + std::to_string(Height) +
                   " rows of " + std::to_string(Width) +
                   " texels with a pitch of " + std::to_string(Pitch) +
                   " bytes");
  if (cudaError_t Error = checkDeviceMemory(*R, DevPtr,
                                            (Height - 1) * Pitch + Row,
                                            "cudaBindTexture2D"))
    return Error;
  if (Offset)
    *Offset = 0;
  return bindReference(TexRef, *Desc, std::move(Texture));
}

cudaError_t cudaBindTextureToArray(const textureReference *TexRef,
                                   cudaArray_const_t Array,
                                   const cudaChannelFormatDesc *Desc) {
  const cudaArray *A = getArray(Array);
  if (!A)
    return recordNotAnArray("cudaBindTextureToArray");
  auto Texture = std::make_unique<__mm_texture>();
  if (cudaError_t Error = makeArrayTexture(*A, *Texture))
    return Error;
  return bindReference(TexRef, Desc ? *Desc : A->Desc, std::move(Texture));
}

cudaError_t cudaUnbindTexture(const textureReference *TexRef) {
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.References.find(TexRef);
  if (It == State.References.end())
    return cudaSuccess;
  *It->second.Handle = 0;
  State.References.erase(It);
  return cudaSuccess;
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *Offset,
                                          const textureReference *TexRef) {
  if (!Offset)
    return invalid("cudaGetTextureAlignmentOffset with a null result pointer");
  TextureState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  if (!State.References.count(TexRef))
    return recordCudaError(cudaErrorInvalidTextureBinding,
                           "cudaGetTextureAlignmentOffset of a texture "
                           "reference that is not bound");
  *Offset = 0;
  return cudaSuccess;
}

} // extern "C"
