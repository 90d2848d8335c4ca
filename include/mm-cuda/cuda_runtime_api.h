/*===- mm-cuda/cuda_runtime_api.h - The CUDA runtime API ----------*- C -*-===*
 *
 * The functions of the CUDA runtime API that mm's offload runtime serves,
 * with CUDA 12's C signatures, over the types of builtin_types.h. A plain C
 * and C++ header, as CUDA's own is: host programs in C or C++ include it,
 * cuda_runtime.h includes it for CUDA compilations, and lib/Runtime defines
 * the functions against it. What mm cannot serve is declared unavailable,
 * so that a program using it fails to compile with a message saying so
 * instead of failing to link or, worse, running.
 *
 * The CPU backend runs every operation to completion before the call that
 * issues it returns. That is one valid schedule of CUDA's stream semantics:
 * operations of one stream run in order, the legacy default stream
 * synchronizes with every other stream, and an event is complete once
 * recorded. docs/runtime.md lists the functions and their behaviour.
 *
 * The functions of CUDA's device runtime that do not wait for or launch
 * work (errors, device queries, cudaMalloc and cudaFree) are
 * __host__ __device__, as in CUDA: device code, which runs on the CPU,
 * calls the runtime itself. The others are host functions, so that device
 * code calling them fails to compile rather than wait for its own launch.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__

#include "builtin_types.h"
#include "cuda.h"

#include <limits.h>
#include <stddef.h>

#define CUDART_VERSION CUDA_VERSION
/* The calling convention of stream callbacks and host functions. */
#define CUDART_CB

#if defined(__cplusplus)
#define __MM_DEFAULT(Value) = Value
#else
#define __MM_DEFAULT(Value)
#endif

#if defined(__cplusplus)
extern "C" {
#endif

/*===--------------------------- Device management ------------------------===*/

extern __host__ __device__ cudaError_t cudaGetDeviceCount(int *count);
extern __host__ __device__ cudaError_t cudaGetDevice(int *device);
extern __host__ cudaError_t cudaSetDevice(int device);
extern __host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                                    int device);
extern __host__ __device__ cudaError_t cudaDeviceGetAttribute(int *value,
                                                   enum cudaDeviceAttr attr,
                                                   int device);
extern __host__ cudaError_t cudaChooseDevice(int *device,
                                             const struct cudaDeviceProp *prop);
extern __host__ cudaError_t cudaDeviceReset(void);
extern __host__ cudaError_t cudaDeviceSynchronize(void);
extern __host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
extern __host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
extern __host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config);
extern __host__ cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config);
extern __host__ cudaError_t
cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
extern __host__ cudaError_t
cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config);
extern __host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit,
                                               size_t value);
extern __host__ __device__ cudaError_t cudaDeviceGetLimit(size_t *value,
                                               enum cudaLimit limit);
extern __host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *least,
                                                             int *greatest);
extern __host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccess, int device,
                                                    int peerDevice);
/* One device: it has no peer to enable. */
extern __host__ cudaError_t cudaDeviceEnablePeerAccess(int peerDevice,
                                                       unsigned int flags);
extern __host__ cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
extern __host__ cudaError_t cudaDriverGetVersion(int *version);
extern __host__ __device__ cudaError_t cudaRuntimeGetVersion(int *version);
/* CUDA's names before CUDA 4, which older programs (Rodinia's) still use. */
extern __host__ cudaError_t cudaThreadSynchronize(void);
extern __host__ cudaError_t cudaThreadExit(void);

/*===-------------------------------- Errors ------------------------------===*/

extern __host__ __device__ cudaError_t cudaGetLastError(void);
extern __host__ __device__ cudaError_t cudaPeekAtLastError(void);
extern __host__ __device__ const char *cudaGetErrorString(cudaError_t error);
extern __host__ __device__ const char *cudaGetErrorName(cudaError_t error);

/*===------------------------------- Streams ------------------------------===*/

extern __host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
extern __host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream,
                                                      unsigned int flags);
extern __host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream,
                                                         unsigned int flags,
                                                         int priority);
extern __host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
extern __host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
extern __host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
extern __host__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream,
                                                cudaEvent_t event,
                                                unsigned int flags
                                                    __MM_DEFAULT(0));
extern __host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                                  cudaStreamCallback_t callback,
                                                  void *userData,
                                                  unsigned int flags);
extern __host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream,
                                               cudaHostFn_t fn,
                                               void *userData);
extern __host__ cudaError_t cudaStreamGetFlags(cudaStream_t stream,
                                               unsigned int *flags);
extern __host__ cudaError_t cudaStreamGetPriority(cudaStream_t stream,
                                                  int *priority);
extern __host__ cudaError_t cudaStreamAttachMemAsync(
    cudaStream_t stream, void *devPtr, size_t length __MM_DEFAULT(0),
    unsigned int flags __MM_DEFAULT(cudaMemAttachSingle));
extern __host__ cudaError_t cudaStreamSetAttribute(
    cudaStream_t stream, cudaStreamAttrID attr,
    const cudaStreamAttrValue *value);
extern __host__ cudaError_t cudaStreamGetAttribute(
    cudaStream_t stream, cudaStreamAttrID attr, cudaStreamAttrValue *value_out);
extern __host__ cudaError_t cudaStreamCopyAttributes(cudaStream_t dst,
                                                     cudaStream_t src);
extern __host__ cudaError_t cudaCtxResetPersistingL2Cache(void);

/*===-------------------------------- Events ------------------------------===*/

extern __host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
extern __host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                                     unsigned int flags);
extern __host__ cudaError_t cudaEventDestroy(cudaEvent_t event);
extern __host__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                            cudaStream_t stream
                                                __MM_DEFAULT(0));
extern __host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
extern __host__ cudaError_t cudaEventQuery(cudaEvent_t event);
extern __host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                                 cudaEvent_t end);

/*===------------------------------- Memory -------------------------------===*/

extern __host__ __device__ cudaError_t cudaMalloc(void **devPtr, size_t size);
extern __host__ cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                                              unsigned int flags
                                                  __MM_DEFAULT(
                                                      cudaMemAttachGlobal));
extern __host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch,
                                            size_t width, size_t height);
extern __host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                                         struct cudaExtent extent);
extern __host__ __device__ cudaError_t cudaFree(void *devPtr);
extern __host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
extern __host__ cudaError_t cudaHostAlloc(void **pHost, size_t size,
                                          unsigned int flags);
extern __host__ cudaError_t cudaFreeHost(void *ptr);
extern __host__ cudaError_t cudaHostRegister(void *ptr, size_t size,
                                             unsigned int flags);
extern __host__ cudaError_t cudaHostUnregister(void *ptr);
extern __host__ cudaError_t cudaHostGetDevicePointer(void **pDevice,
                                                     void *pHost,
                                                     unsigned int flags);
extern __host__ cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);
extern __host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
extern __host__ cudaError_t
cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                         const void *ptr);
extern __host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr,
                                                 size_t count, int dstDevice,
                                                 cudaStream_t stream
                                                     __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                          enum cudaMemoryAdvise advice,
                                          int device);
extern __host__ cudaError_t
cudaMemPrefetchAsync_v2(const void *devPtr, size_t count,
                        struct cudaMemLocation location, unsigned int flags,
                        cudaStream_t stream __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count,
                                             enum cudaMemoryAdvise advice,
                                             struct cudaMemLocation location);

/* Stream-ordered allocation. Work on a stream is done when issued, so an
 * allocation is ready at once and a free frees at once; pools keep their
 * attributes and count the bytes allocated from them. */
extern __host__ cudaError_t cudaMallocAsync(void **devPtr, size_t size,
                                            cudaStream_t stream);
extern __host__ cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream);
extern __host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                                    cudaMemPool_t memPool,
                                                    cudaStream_t stream);
extern __host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool,
                                                        int device);
extern __host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool,
                                                 int device);
extern __host__ cudaError_t cudaDeviceSetMemPool(int device,
                                                 cudaMemPool_t memPool);
extern __host__ cudaError_t
cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *props);
extern __host__ cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
extern __host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool,
                                                    enum cudaMemPoolAttr attr,
                                                    void *value);
extern __host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool,
                                                    enum cudaMemPoolAttr attr,
                                                    void *value);
extern __host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool,
                                              size_t minBytesToKeep);

extern __host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                       enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                            size_t count,
                                            enum cudaMemcpyKind kind,
                                            cudaStream_t stream
                                                __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch,
                                         const void *src, size_t spitch,
                                         size_t width, size_t height,
                                         enum cudaMemcpyKind kind);
extern __host__ cudaError_t
cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                  size_t width, size_t height, enum cudaMemcpyKind kind,
                  cudaStream_t stream __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
extern __host__ cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                                              cudaStream_t stream
                                                  __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemcpyPeer(void *dst, int dstDevice,
                                           const void *src, int srcDevice,
                                           size_t count);
extern __host__ cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice,
                                                const void *src, int srcDevice,
                                                size_t count,
                                                cudaStream_t stream
                                                    __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
extern __host__ cudaError_t cudaMemsetAsync(void *devPtr, int value,
                                            size_t count,
                                            cudaStream_t stream
                                                __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value,
                                         size_t width, size_t height);
extern __host__ cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch,
                                              int value, size_t width,
                                              size_t height,
                                              cudaStream_t stream
                                                  __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr,
                                         int value, struct cudaExtent extent);

/* `__device__` and `__constant__` variables, named by their host shadow. */
extern __host__ cudaError_t
cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                   size_t offset __MM_DEFAULT(0),
                   enum cudaMemcpyKind kind __MM_DEFAULT(cudaMemcpyHostToDevice));
extern __host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset __MM_DEFAULT(0),
    enum cudaMemcpyKind kind __MM_DEFAULT(cudaMemcpyDeviceToHost));
extern __host__ cudaError_t cudaMemcpyToSymbolAsync(
    const void *symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream __MM_DEFAULT(0));
extern __host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const void *symbol, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream __MM_DEFAULT(0));
extern __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                 const void *symbol);
extern __host__ cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);

/*===--------------------------- Kernels (functions) ----------------------===*/

extern __host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                             dim3 blockDim, void **args,
                                             size_t sharedMem,
                                             cudaStream_t stream);
extern __host__ cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                        dim3 gridDim,
                                                        dim3 blockDim,
                                                        void **args,
                                                        size_t sharedMem,
                                                        cudaStream_t stream);
extern __host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                               const void *func, void **args);
/* The launch configuration call of CUDA before 9.2, which clang names for a
 * `<<<...>>>` when the compilation knows no CUDA version (-nocudalib). */
extern __host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                              size_t sharedMem __MM_DEFAULT(0),
                                              cudaStream_t stream
                                                  __MM_DEFAULT(0));
extern __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
extern __host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                                 enum cudaFuncAttribute attr,
                                                 int value);
extern __host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                                   enum cudaFuncCache config);
extern __host__ cudaError_t
cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
extern __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
extern __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
                                                       const void *func,
                                                       int blockSize,
                                                       size_t dynamicSMemSize,
                                                       unsigned int flags);

/*===------------------------- Arrays and textures -------------------------===*/

/* CUDA arrays: a CUDA array's texels are the rows of `width` elements that
 * cudaMemcpy*Array and cudaMemcpy3D copy, by offsets in bytes (wOffset) and
 * rows (hOffset). Textures (docs/runtime.md): texture objects and texture
 * references of linear memory, pitched 2D memory and CUDA arrays. */
extern __host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
extern __host__ cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
                                               cudaArray_const_t array);
extern __host__ cudaError_t
cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                size_t width, size_t height __MM_DEFAULT(0),
                unsigned int flags __MM_DEFAULT(0));
extern __host__ cudaError_t
cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                  struct cudaExtent extent, unsigned int flags __MM_DEFAULT(0));
extern __host__ cudaError_t cudaFreeArray(cudaArray_t array);
extern __host__ cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc,
                                             struct cudaExtent *extent,
                                             unsigned int *flags,
                                             cudaArray_t array);
extern __host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset,
                                              size_t hOffset, const void *src,
                                              size_t count,
                                              enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpyFromArray(void *dst,
                                                cudaArray_const_t src,
                                                size_t wOffset, size_t hOffset,
                                                size_t count,
                                                enum cudaMemcpyKind kind);
extern __host__ cudaError_t cudaMemcpyArrayToArray(
    cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
    cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t count,
    enum cudaMemcpyKind kind __MM_DEFAULT(cudaMemcpyDeviceToDevice));
extern __host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                                size_t hOffset, const void *src,
                                                size_t spitch, size_t width,
                                                size_t height,
                                                enum cudaMemcpyKind kind);
extern __host__ cudaError_t
cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
                      size_t wOffset, size_t hOffset, size_t width,
                      size_t height, enum cudaMemcpyKind kind);

extern __host__ cudaError_t
cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                        const struct cudaResourceDesc *pResDesc);
extern __host__ cudaError_t
cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
extern __host__ cudaError_t
cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                 cudaSurfaceObject_t surfObject);

extern __host__ cudaError_t cudaCreateTextureObject(
    cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
    const struct cudaTextureDesc *pTexDesc, const void *pResViewDesc);
extern __host__ cudaError_t
cudaDestroyTextureObject(cudaTextureObject_t texObject);
extern __host__ cudaError_t
cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                 cudaTextureObject_t texObject);
extern __host__ cudaError_t
cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                cudaTextureObject_t texObject);

extern __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct textureReference *texref,
                const void *devPtr, const struct cudaChannelFormatDesc *desc,
                size_t size __MM_DEFAULT(UINT_MAX));
extern __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                  const void *devPtr, const struct cudaChannelFormatDesc *desc,
                  size_t width, size_t height, size_t pitch);
extern __host__ cudaError_t
cudaBindTextureToArray(const struct textureReference *texref,
                       cudaArray_const_t array,
                       const struct cudaChannelFormatDesc *desc);
extern __host__ cudaError_t
cudaUnbindTexture(const struct textureReference *texref);
extern __host__ cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset,
                              const struct textureReference *texref);

/* Graphs (CUDA 12's forms). Work is done in the order of a topological
 * sort of the graph's nodes, each node when the ones it depends on are. */
extern __host__ cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                                   enum cudaStreamCaptureMode mode);
extern __host__ cudaError_t cudaStreamEndCapture(cudaStream_t stream,
                                                 cudaGraph_t *pGraph);
extern __host__ cudaError_t
cudaStreamIsCapturing(cudaStream_t stream,
                      enum cudaStreamCaptureStatus *pCaptureStatus);
extern __host__ cudaError_t cudaStreamGetCaptureInfo(
    cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
    unsigned long long *id_out __MM_DEFAULT(0),
    cudaGraph_t *graph_out __MM_DEFAULT(0),
    const cudaGraphNode_t **dependencies_out __MM_DEFAULT(0),
    size_t *numDependencies_out __MM_DEFAULT(0));
extern __host__ cudaError_t
cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);
extern __host__ cudaError_t cudaGraphCreate(cudaGraph_t *pGraph,
                                            unsigned int flags);
extern __host__ cudaError_t cudaGraphDestroy(cudaGraph_t graph);
extern __host__ cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone,
                                           cudaGraph_t originalGraph);
extern __host__ cudaError_t
cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                       const cudaGraphNode_t *pDependencies,
                       size_t numDependencies,
                       const struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                             struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                             const struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                       const cudaGraphNode_t *pDependencies,
                       size_t numDependencies,
                       const struct cudaMemcpy3DParms *pCopyParams);
extern __host__ cudaError_t cudaGraphAddMemcpyNode1D(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
    const void *src, size_t count, enum cudaMemcpyKind kind);
extern __host__ cudaError_t
cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                       const cudaGraphNode_t *pDependencies,
                       size_t numDependencies,
                       const struct cudaMemsetParams *pMemsetParams);
extern __host__ cudaError_t
cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                     const cudaGraphNode_t *pDependencies,
                     size_t numDependencies,
                     const struct cudaHostNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                           const cudaGraphNode_t *pDependencies,
                           size_t numDependencies, cudaGraph_t childGraph);
extern __host__ cudaError_t
cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                      const cudaGraphNode_t *pDependencies,
                      size_t numDependencies);
extern __host__ cudaError_t cudaGraphAddDependencies(
    cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
    size_t numDependencies);
extern __host__ cudaError_t cudaGraphGetNodes(cudaGraph_t graph,
                                              cudaGraphNode_t *nodes,
                                              size_t *numNodes);
extern __host__ cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph,
                                                  cudaGraphNode_t *pRootNodes,
                                                  size_t *pNumRootNodes);
extern __host__ cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node,
                                                 enum cudaGraphNodeType *pType);
extern __host__ cudaError_t cudaGraphInstantiate(
    cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
    unsigned long long flags __MM_DEFAULT(0));
extern __host__ cudaError_t
cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                              unsigned long long flags);
extern __host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
extern __host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec,
                                            cudaStream_t stream);
extern __host__ cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec,
                                            cudaStream_t stream);
extern __host__ cudaError_t
cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec,
                                 cudaGraphNode_t node,
                                 const struct cudaKernelNodeParams *pNodeParams);
extern __host__ cudaError_t
cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                    cudaGraphExecUpdateResultInfo *resultInfo);

#if defined(__cplusplus)
}
#endif

#undef __MM_DEFAULT

#include "cuda_device_runtime_api.h"

#endif /* __CUDA_RUNTIME_API_H__ */
