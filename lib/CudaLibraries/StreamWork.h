//===- StreamWork.h - How mm's CUDA libraries do their work -----*- C++ -*-===//
//
// What mm's cuBLAS and cuFFT share: a routine's work is done when it is
// issued, as all work on mm's streams is, once the runtime's threads that
// spin for the next launch are asleep (the system library's threads need
// the cores); issued to a capturing stream, it is recorded in the graph as
// a host node instead. Both libraries call the CUDA runtime only through
// weak references, to the program's own.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_CUDALIBRARIES_STREAMWORK_H
#define MM_LIB_CUDALIBRARIES_STREAMWORK_H

#include "mm-cuda/driver_types.h"

#include <functional>

namespace mm {
namespace cudalib {

/// True if \p Stream is capturing into a graph.
bool isCapturing(cudaStream_t Stream);

/// Does \p Work on \p Stream: now, once the runtime's threads that wait for
/// the next launch sleep (the library's threads need the cores), or, if
/// \p Stream captures, by a host node of its graph that does the same when
/// it runs; false if the runtime refused the node. Recorded work is kept
/// until the program ends: a graph may run it until then.
bool doOrRecord(cudaStream_t Stream, std::function<void()> Work);

} // namespace cudalib
} // namespace mm

#endif // MM_LIB_CUDALIBRARIES_STREAMWORK_H
