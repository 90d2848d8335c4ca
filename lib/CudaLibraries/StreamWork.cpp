//===- StreamWork.cpp - How mm's CUDA libraries do their work -------------===//

#include "StreamWork.h"

#include "mm-cuda/cuda_runtime_api.h"
#include "mm-runtime/mm_offload.h"

#include <memory>
#include <mutex>
#include <vector>

using namespace mm;

// The program's CUDA runtime, which the libraries do not bring in: a
// program that never captures a stream need not link the graph API.
#pragma weak cudaStreamIsCapturing
#pragma weak cudaLaunchHostFunc
#pragma weak mm_release_threads

bool cudalib::isCapturing(cudaStream_t Stream) {
  if (!cudaStreamIsCapturing)
    return false;
  cudaStreamCaptureStatus Status = cudaStreamCaptureStatusNone;
  return cudaStreamIsCapturing(Stream, &Status) == cudaSuccess &&
         Status != cudaStreamCaptureStatusNone;
}

/// Lets the runtime's threads that wait for the next launch sleep.
static void releaseRuntimeThreads() {
  if (mm_release_threads)
    mm_release_threads();
}

static void runRecordedWork(void *Work) {
  releaseRuntimeThreads();
  (*static_cast<std::function<void()> *>(Work))();
}

bool cudalib::doOrRecord(cudaStream_t Stream, std::function<void()> Work) {
  if (!isCapturing(Stream)) {
    releaseRuntimeThreads();
    Work();
    return true;
  }
  static std::mutex Lock;
  static std::vector<std::unique_ptr<std::function<void()>>> Recorded;
  std::lock_guard<std::mutex> Guard(Lock);
  Recorded.push_back(
      std::make_unique<std::function<void()>>(std::move(Work)));
  return cudaLaunchHostFunc &&
         cudaLaunchHostFunc(Stream, runRecordedWork, Recorded.back().get()) ==
             cudaSuccess;
}
