//===- CudaGraphs.cpp - CUDA graphs and stream capture --------------------===//
//
// A graph is nodes (kernel launches, copies, memsets, host functions, child
// graphs, empty nodes) and the dependencies between them, made by adding
// nodes or by capturing what a program issues to a stream between
// cudaStreamBeginCapture and cudaStreamEndCapture. Instantiating a graph
// sorts its nodes topologically; launching the executable graph does each
// node's work in that order, which respects every dependency, since the CPU
// backend does each operation to completion when it is issued.
//
// A kernel node keeps a copy of its arguments, as CUDA's does: each
// parameter's size comes from the kernel's descriptor
// (MM_KERNEL_PARAM_SIZES).
//
// Capture follows the program's streams: work issued to a capturing stream
// depends on the work issued to it before; an event recorded in a capturing
// stream stands for the stream's last nodes, and a stream that waits for
// such an event joins the capture (fork), so that work on it depends on
// those nodes; ending the capture in the stream that began it ends it in
// every stream that joined (they must have joined back with an event, or the
// capture is unjoined).
//
//===----------------------------------------------------------------------===//

#include "CudaRuntimeSupport.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

using namespace mm::runtime;
using namespace mm::runtime::cuda;

/// The value of \p Key in \p Map; a value-initialized one if it has none.
template <typename MapT, typename KeyT>
static typename MapT::mapped_type lookup(const MapT &Map, const KeyT &Key) {
  auto It = Map.find(Key);
  return It == Map.end() ? typename MapT::mapped_type() : It->second;
}

/// True if \p Values holds \p Value.
template <typename T>
static bool contains(const std::vector<T> &Values, const T &Value) {
  return std::find(Values.begin(), Values.end(), Value) != Values.end();
}

namespace {
/// A kernel launch's function, configuration and copied arguments.
struct KernelWork {
  const void *Func = nullptr;
  dim3 Grid, Block;
  unsigned SharedBytes = 0;
  /// Each argument's bytes, 16-byte aligned within Storage.
  std::vector<size_t> Offsets;
  std::vector<std::max_align_t> Storage;
  /// Pointers into Storage, as cudaLaunchKernel takes them.
  std::vector<void *> Arguments;

  void bindArguments() {
    Arguments.clear();
    char *Base = reinterpret_cast<char *>(Storage.data());
    for (size_t Offset : Offsets)
      Arguments.push_back(Base + Offset);
  }
  KernelWork() = default;
  KernelWork(const KernelWork &Other)
      : Func(Other.Func), Grid(Other.Grid), Block(Other.Block),
        SharedBytes(Other.SharedBytes), Offsets(Other.Offsets),
        Storage(Other.Storage) {
    bindArguments();
  }
  KernelWork &operator=(const KernelWork &Other) {
    Func = Other.Func;
    Grid = Other.Grid;
    Block = Other.Block;
    SharedBytes = Other.SharedBytes;
    Offsets = Other.Offsets;
    Storage = Other.Storage;
    bindArguments();
    return *this;
  }
};

struct Graph;

struct Node {
  cudaGraphNodeType Type = cudaGraphNodeTypeEmpty;
  Graph *Owner = nullptr;
  /// The nodes of the same graph that this one depends on.
  std::vector<Node *> Dependencies;
  KernelWork Kernel;
  cudaMemcpy3DParms Copy = {};
  struct {
    void *Dst;
    const void *Src;
    size_t Count;
    cudaMemcpyKind Kind;
  } Copy1D = {};
  bool IsCopy1D = false;
  cudaMemsetParams Set = {};
  cudaHostNodeParams Host = {};
  std::unique_ptr<Graph> Child;
};

struct Graph {
  std::vector<std::unique_ptr<Node>> Nodes;
};

/// An instantiated graph: its nodes' work in an order that respects their
/// dependencies, and where each node of the graph went.
struct Exec {
  std::vector<std::unique_ptr<Node>> Order;
  /// The same nodes in the order their graph's nodes were added.
  std::vector<Node *> InAdditionOrder;
  /// Where each node of the graph it was made from went.
  std::unordered_map<const Node *, Node *> FromGraph;
};

/// A capture in progress, shared by the streams that joined it.
struct Capture {
  std::unique_ptr<Graph> G;
  cudaStream_t Origin;
  cudaStreamCaptureMode Mode;
  unsigned long long Id;
  bool Invalidated = false;
};

/// A capturing stream: its capture, and the nodes that work issued to it
/// next depends on.
struct CapturingStream {
  Capture *C;
  std::vector<Node *> Tail;
};

struct GraphState {
  std::mutex Lock;
  std::unordered_map<cudaGraph_t, Graph *> Graphs;
  std::unordered_map<cudaGraphExec_t, Exec *> Execs;
  std::unordered_map<cudaStream_t, CapturingStream> Streams;
  /// Events last recorded in a capturing stream: the nodes they stand for.
  std::unordered_map<cudaEvent_t, CapturingStream> Events;
  unsigned long long NextCaptureId = 1;
};
} // namespace

static GraphState &getGraphState() {
  static GraphState State;
  return State;
}

static cudaGraph_t toHandle(Graph *G) { return reinterpret_cast<cudaGraph_t>(G); }
static cudaGraphNode_t toHandle(Node *N) {
  return reinterpret_cast<cudaGraphNode_t>(N);
}
static Node *fromHandle(cudaGraphNode_t N) { return reinterpret_cast<Node *>(N); }

/// The live graph \p G, or null.
static Graph *getGraph(cudaGraph_t G) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  return lookup(State.Graphs, G);
}

static cudaError_t invalidHandle(const std::string &What) {
  return recordCudaError(cudaErrorInvalidResourceHandle,
                         What + " is not a live handle");
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

/// Copies the arguments of a launch of \p Func, whose descriptor gives
/// their sizes.
static cudaError_t copyKernelWork(const cudaKernelNodeParams &P,
                                  KernelWork &Work) {
  if (!P.func)
    return invalid("a kernel node with a null function");
  if (P.extra)
    return recordCudaError(cudaErrorNotSupported,
                           "mm: kernel nodes take their arguments in "
                           "kernelParams; 'extra' is not supported");
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  Expected<const mm_kernel *> Kernel = R->getKernelForHostFunction(P.func);
  if (!Kernel)
    return record(Kernel.takeError());
  const mm_kernel_descriptor &D = *(*Kernel)->Info.Descriptor;
  if (!(D.flags & MM_KERNEL_PARAM_SIZES))
    return recordCudaError(
        cudaErrorNotSupported,
        "kernel '" + (*Kernel)->Info.Name +
            "' cannot be put in a graph: its descriptor gives no parameter "
            "sizes");
  if (D.num_params && !P.kernelParams)
    return invalid("a kernel node without the arguments of its " +
                   std::to_string(D.num_params) + " parameters");
  Work.Func = P.func;
  Work.Grid = P.gridDim;
  Work.Block = P.blockDim;
  Work.SharedBytes = P.sharedMemBytes;
  Work.Offsets.clear();
  size_t Size = 0;
  for (uint32_t I = 0; I != D.num_params; ++I) {
    Work.Offsets.push_back(Size);
    Size += (D.param_sizes[I] + 15) / 16 * 16;
  }
  Work.Storage.assign((Size + sizeof(std::max_align_t) - 1) /
                          sizeof(std::max_align_t),
                      std::max_align_t());
  char *Base = reinterpret_cast<char *>(Work.Storage.data());
  for (uint32_t I = 0; I != D.num_params; ++I)
    std::memcpy(Base + Work.Offsets[I], P.kernelParams[I], D.param_sizes[I]);
  Work.bindArguments();
  return cudaSuccess;
}

/// Copies \p G, with each node's dependencies among the copies; \p Copies
/// gets where each node went.
static std::unique_ptr<Graph>
cloneGraph(const Graph &G,
           std::unordered_map<const Node *, Node *> *Copies = nullptr) {
  auto Clone = std::make_unique<Graph>();
  std::unordered_map<const Node *, Node *> Map;
  for (const std::unique_ptr<Node> &N : G.Nodes) {
    auto Copy = std::make_unique<Node>();
    Copy->Type = N->Type;
    Copy->Owner = Clone.get();
    Copy->Kernel = N->Kernel;
    Copy->Copy = N->Copy;
    Copy->Copy1D = N->Copy1D;
    Copy->IsCopy1D = N->IsCopy1D;
    Copy->Set = N->Set;
    Copy->Host = N->Host;
    if (N->Child)
      Copy->Child = cloneGraph(*N->Child);
    Map[N.get()] = Copy.get();
    Clone->Nodes.push_back(std::move(Copy));
  }
  for (const std::unique_ptr<Node> &N : G.Nodes)
    for (Node *D : N->Dependencies)
      Map[N.get()]->Dependencies.push_back(Map[D]);
  if (Copies)
    *Copies = std::move(Map);
  return Clone;
}

/// Adds \p N to \p G after \p Dependencies, and returns it as a handle.
static cudaError_t addNode(cudaGraphNode_t *PNode, cudaGraph_t GraphHandle,
                           const cudaGraphNode_t *Dependencies,
                           size_t NumDependencies, std::unique_ptr<Node> N) {
  Graph *G = getGraph(GraphHandle);
  if (!G)
    return invalidHandle("the graph");
  if (!PNode)
    return invalid("a graph node added with a null result pointer");
  if (NumDependencies && !Dependencies)
    return invalid("a graph node with null dependencies");
  for (size_t I = 0; I != NumDependencies; ++I) {
    Node *D = fromHandle(Dependencies[I]);
    if (!D || D->Owner != G)
      return invalid("a dependency that is not a node of the graph");
    N->Dependencies.push_back(D);
  }
  N->Owner = G;
  *PNode = toHandle(N.get());
  G->Nodes.push_back(std::move(N));
  return cudaSuccess;
}

/// Does \p N's work.
static cudaError_t runNode(const Node &N);

static cudaError_t runGraph(const std::vector<std::unique_ptr<Node>> &Order) {
  for (const std::unique_ptr<Node> &N : Order)
    if (cudaError_t E = runNode(*N))
      return E;
  return cudaSuccess;
}

/// \p G's nodes in an order that respects their dependencies, or false if
/// they form a cycle.
static bool sortTopologically(const Graph &G, std::vector<const Node *> &Order) {
  std::unordered_map<const Node *, unsigned> Waiting;
  std::unordered_map<const Node *, std::vector<const Node *>> Dependents;
  for (const std::unique_ptr<Node> &N : G.Nodes) {
    Waiting[N.get()] = N->Dependencies.size();
    for (Node *D : N->Dependencies)
      Dependents[D].push_back(N.get());
  }
  for (const std::unique_ptr<Node> &N : G.Nodes)
    if (N->Dependencies.empty())
      Order.push_back(N.get());
  for (size_t I = 0; I != Order.size(); ++I)
    for (const Node *Next : lookup(Dependents, Order[I]))
      if (--Waiting[Next] == 0)
        Order.push_back(Next);
  return Order.size() == G.Nodes.size();
}

static cudaError_t runNode(const Node &N) {
  switch (N.Type) {
  case cudaGraphNodeTypeKernel: {
    const KernelWork &K = N.Kernel;
    return cudaLaunchKernel(K.Func, K.Grid, K.Block,
                            const_cast<void **>(K.Arguments.data()),
                            K.SharedBytes, nullptr);
  }
  case cudaGraphNodeTypeMemcpy:
    if (N.IsCopy1D)
      return copy(N.Copy1D.Dst, N.Copy1D.Src, N.Copy1D.Count, N.Copy1D.Kind);
    return cudaMemcpy3D(&N.Copy);
  case cudaGraphNodeTypeMemset: {
    const cudaMemsetParams &P = N.Set;
    if (P.elementSize == 1)
      return cudaMemset2D(P.dst, P.pitch, int(P.value), P.width, P.height);
    // A row of the value, copied into each row.
    std::vector<char> Row(P.width * P.elementSize);
    for (size_t I = 0; I != P.width; ++I)
      std::memcpy(Row.data() + I * P.elementSize, &P.value, P.elementSize);
    for (size_t Y = 0; Y != P.height; ++Y)
      if (cudaError_t E = copy(static_cast<char *>(P.dst) + Y * P.pitch,
                               Row.data(), Row.size(), cudaMemcpyHostToDevice))
        return E;
    return cudaSuccess;
  }
  case cudaGraphNodeTypeHost:
    N.Host.fn(N.Host.userData);
    return cudaSuccess;
  case cudaGraphNodeTypeGraph: {
    std::vector<const Node *> Order;
    sortTopologically(*N.Child, Order);
    for (const Node *C : Order)
      if (cudaError_t E = runNode(*C))
        return E;
    return cudaSuccess;
  }
  default:
    return cudaSuccess;
  }
}

//===----------------------------------------------------------------------===//
// Capture
//===----------------------------------------------------------------------===//

bool mm::runtime::cuda::isCapturing(cudaStream_t S) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  return State.Streams.count(S);
}

/// Adds \p N to the capture of stream \p S, after the stream's last nodes.
static cudaError_t captureNode(cudaStream_t S, std::unique_ptr<Node> N) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.Streams.find(S);
  if (It == State.Streams.end())
    return recordCudaError(cudaErrorStreamCaptureInvalidated,
                           "the stream is not capturing");
  CapturingStream &CS = It->second;
  if (CS.C->Invalidated)
    return recordCudaError(cudaErrorStreamCaptureInvalidated,
                           "operation failed due to a previous error during "
                           "capture");
  N->Owner = CS.C->G.get();
  N->Dependencies.assign(CS.Tail.begin(), CS.Tail.end());
  CS.Tail.assign(1, N.get());
  CS.C->G->Nodes.push_back(std::move(N));
  return cudaSuccess;
}

/// Marks the capture of \p S invalid after a failure to capture.
static cudaError_t invalidateCapture(cudaStream_t S, cudaError_t E) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.Streams.find(S);
  if (It != State.Streams.end())
    It->second.C->Invalidated = true;
  return E;
}

cudaError_t mm::runtime::cuda::captureKernelLaunch(cudaStream_t S,
                                                   const void *Func, dim3 Grid,
                                                   dim3 Block, void **Args,
                                                   size_t SharedBytes) {
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeKernel;
  cudaKernelNodeParams P = {const_cast<void *>(Func), Grid, Block,
                            unsigned(SharedBytes), Args, nullptr};
  if (cudaError_t E = copyKernelWork(P, N->Kernel))
    return invalidateCapture(S, E);
  return captureNode(S, std::move(N));
}

cudaError_t mm::runtime::cuda::captureCopy(cudaStream_t S, void *Dst,
                                           const void *Src, size_t Count,
                                           cudaMemcpyKind Kind) {
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeMemcpy;
  N->IsCopy1D = true;
  N->Copy1D = {Dst, Src, Count, Kind};
  return captureNode(S, std::move(N));
}

cudaError_t mm::runtime::cuda::captureSet(cudaStream_t S, void *Dst, int Value,
                                          size_t Count) {
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeMemset;
  N->Set = {Dst, Count, unsigned(Value) & 0xff, 1, Count, 1};
  return captureNode(S, std::move(N));
}

cudaError_t mm::runtime::cuda::captureHostFunction(cudaStream_t S,
                                                   cudaHostFn_t Fn,
                                                   void *UserData) {
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeHost;
  N->Host = {Fn, UserData};
  return captureNode(S, std::move(N));
}

cudaError_t mm::runtime::cuda::captureUnsupported(cudaStream_t S,
                                                  const char *Operation) {
  return invalidateCapture(
      S, recordCudaError(cudaErrorStreamCaptureUnsupported,
                         std::string("mm: ") + Operation +
                             " cannot be captured into a graph"));
}

bool mm::runtime::cuda::captureEventRecord(cudaEvent_t E, cudaStream_t S) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.Streams.find(S);
  if (It == State.Streams.end()) {
    State.Events.erase(E);
    return false;
  }
  State.Events[E] = It->second;
  return true;
}

bool mm::runtime::cuda::captureStreamWaitEvent(cudaStream_t S, cudaEvent_t E) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto Recorded = State.Events.find(E);
  if (Recorded == State.Events.end())
    return false;
  const CapturingStream &Source = Recorded->second;
  auto It = State.Streams.find(S);
  if (It == State.Streams.end()) {
    // The stream joins the capture: its work depends on the event's nodes.
    State.Streams[S] = Source;
    return true;
  }
  for (Node *N : Source.Tail)
    if (!contains(It->second.Tail, N))
      It->second.Tail.push_back(N);
  return true;
}

extern "C" {

cudaError_t cudaStreamBeginCapture(cudaStream_t S, cudaStreamCaptureMode Mode) {
  if (!S || S == cudaStreamLegacy)
    return recordCudaError(cudaErrorStreamCaptureUnsupported,
                           "the legacy default stream cannot be captured");
  if (Mode > cudaStreamCaptureModeRelaxed)
    return invalid("cudaStreamBeginCapture with an unknown mode");
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  if (State.Streams.count(S))
    return recordCudaError(cudaErrorIllegalState,
                           "the stream is capturing already");
  auto *C = new Capture{std::make_unique<Graph>(), S, Mode,
                        State.NextCaptureId++};
  State.Streams[S] = {C, {}};
  return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t S, cudaGraph_t *PGraph) {
  if (!PGraph)
    return invalid("cudaStreamEndCapture with a null result pointer");
  GraphState &State = getGraphState();
  std::unique_ptr<Capture> C;
  bool Unjoined = false;
  {
    std::lock_guard<std::mutex> Guard(State.Lock);
    auto It = State.Streams.find(S);
    if (It == State.Streams.end())
      return recordCudaError(cudaErrorIllegalState,
                             "the stream is not capturing");
    if (It->second.C->Origin != S)
      return recordCudaError(cudaErrorStreamCaptureUnmatched,
                             "capture was not ended in the stream that "
                             "began it");
    C.reset(It->second.C);
    // Every other stream in the capture leaves it; work issued to one after
    // its last join back into the origin stream was not joined.
    std::vector<Node *> Joined = It->second.Tail;
    for (auto Other = State.Streams.begin(); Other != State.Streams.end();) {
      auto Current = Other++;
      if (Current->second.C != C.get())
        continue;
      for (Node *N : Current->second.Tail)
        if (!contains(Joined, N) &&
            std::none_of(C->G->Nodes.begin(), C->G->Nodes.end(),
                         [&](const std::unique_ptr<Node> &M) {
                           return contains(M->Dependencies, N);
                         }))
          Unjoined = true;
      State.Streams.erase(Current);
    }
    for (auto Event = State.Events.begin(); Event != State.Events.end();) {
      auto Current = Event++;
      if (Current->second.C == C.get())
        State.Events.erase(Current);
    }
  }
  *PGraph = nullptr;
  if (C->Invalidated)
    return recordCudaError(cudaErrorStreamCaptureInvalidated,
                           "operation failed due to a previous error during "
                           "capture");
  if (Unjoined)
    return recordCudaError(cudaErrorStreamCaptureUnjoined,
                           "capturing stream has unjoined work");
  Graph *G = C->G.release();
  {
    std::lock_guard<std::mutex> Guard(State.Lock);
    State.Graphs[toHandle(G)] = G;
  }
  *PGraph = toHandle(G);
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t S,
                                  cudaStreamCaptureStatus *Status) {
  return cudaStreamGetCaptureInfo(S, Status);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t S,
                                     cudaStreamCaptureStatus *Status,
                                     unsigned long long *Id,
                                     cudaGraph_t *GraphOut,
                                     const cudaGraphNode_t **Dependencies,
                                     size_t *NumDependencies) {
  if (!Status)
    return invalid("cudaStreamGetCaptureInfo with a null status pointer");
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.Streams.find(S);
  if (It == State.Streams.end()) {
    *Status = cudaStreamCaptureStatusNone;
    return cudaSuccess;
  }
  const CapturingStream &CS = It->second;
  *Status = CS.C->Invalidated ? cudaStreamCaptureStatusInvalidated
                              : cudaStreamCaptureStatusActive;
  if (Id)
    *Id = CS.C->Id;
  if (GraphOut)
    *GraphOut = toHandle(CS.C->G.get());
  if (Dependencies)
    *Dependencies = reinterpret_cast<const cudaGraphNode_t *>(CS.Tail.data());
  if (NumDependencies)
    *NumDependencies = CS.Tail.size();
  return cudaSuccess;
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode *Mode) {
  if (!Mode)
    return invalid("cudaThreadExchangeStreamCaptureMode with a null pointer");
  // Captures only ever hold a stream's own work here: every mode behaves
  // as relaxed, and a thread's mode is what it set last.
  thread_local cudaStreamCaptureMode Current = cudaStreamCaptureModeGlobal;
  std::swap(Current, *Mode);
  return cudaSuccess;
}

cudaError_t cudaGraphCreate(cudaGraph_t *PGraph, unsigned Flags) {
  if (!PGraph || Flags)
    return invalid("cudaGraphCreate with a null result pointer or flags");
  Graph *G = new Graph;
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.Graphs[toHandle(G)] = G;
  *PGraph = toHandle(G);
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t Handle) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  Graph *G = lookup(State.Graphs, Handle);
  if (!G)
    return invalidHandle("the graph destroyed");
  State.Graphs.erase(Handle);
  delete G;
  return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *PClone, cudaGraph_t Original) {
  Graph *G = getGraph(Original);
  if (!G)
    return invalidHandle("the graph cloned");
  if (!PClone)
    return invalid("cudaGraphClone with a null result pointer");
  Graph *Clone = cloneGraph(*G).release();
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.Graphs[toHandle(Clone)] = Clone;
  *PClone = toHandle(Clone);
  return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *PNode, cudaGraph_t G,
                                   const cudaGraphNode_t *Dependencies,
                                   size_t NumDependencies,
                                   const cudaKernelNodeParams *Params) {
  if (!Params)
    return invalid("a kernel node with null parameters");
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeKernel;
  if (cudaError_t E = copyKernelWork(*Params, N->Kernel))
    return E;
  return addNode(PNode, G, Dependencies, NumDependencies, std::move(N));
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t Handle,
                                         cudaKernelNodeParams *Params) {
  Node *N = fromHandle(Handle);
  if (!N || N->Type != cudaGraphNodeTypeKernel || !Params)
    return invalid("cudaGraphKernelNodeGetParams of a node that is not a "
                   "kernel node");
  const KernelWork &K = N->Kernel;
  *Params = {const_cast<void *>(K.Func), K.Grid,  K.Block, K.SharedBytes,
             N->Kernel.Arguments.data(), nullptr};
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t Handle,
                                         const cudaKernelNodeParams *Params) {
  Node *N = fromHandle(Handle);
  if (!N || N->Type != cudaGraphNodeTypeKernel || !Params)
    return invalid("cudaGraphKernelNodeSetParams of a node that is not a "
                   "kernel node");
  KernelWork Work;
  if (cudaError_t E = copyKernelWork(*Params, Work))
    return E;
  N->Kernel = Work;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *PNode, cudaGraph_t G,
                                   const cudaGraphNode_t *Dependencies,
                                   size_t NumDependencies,
                                   const cudaMemcpy3DParms *Params) {
  if (!Params)
    return invalid("a copy node with null parameters");
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeMemcpy;
  N->Copy = *Params;
  return addNode(PNode, G, Dependencies, NumDependencies, std::move(N));
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *PNode, cudaGraph_t G,
                                     const cudaGraphNode_t *Dependencies,
                                     size_t NumDependencies, void *Dst,
                                     const void *Src, size_t Count,
                                     cudaMemcpyKind Kind) {
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeMemcpy;
  N->IsCopy1D = true;
  N->Copy1D = {Dst, Src, Count, Kind};
  return addNode(PNode, G, Dependencies, NumDependencies, std::move(N));
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *PNode, cudaGraph_t G,
                                   const cudaGraphNode_t *Dependencies,
                                   size_t NumDependencies,
                                   const cudaMemsetParams *Params) {
  if (!Params)
    return invalid("a memset node with null parameters");
  if (Params->elementSize != 1 && Params->elementSize != 2 &&
      Params->elementSize != 4)
    return invalid("a memset node with an element size other than 1, 2 "
                   "or 4");
  if (Params->height > 1 &&
      Params->pitch < Params->width * Params->elementSize)
    return invalid("a memset node whose pitch is less than its row");
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeMemset;
  N->Set = *Params;
  return addNode(PNode, G, Dependencies, NumDependencies, std::move(N));
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *PNode, cudaGraph_t G,
                                 const cudaGraphNode_t *Dependencies,
                                 size_t NumDependencies,
                                 const cudaHostNodeParams *Params) {
  if (!Params || !Params->fn)
    return invalid("a host node with a null function");
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeHost;
  N->Host = *Params;
  return addNode(PNode, G, Dependencies, NumDependencies, std::move(N));
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *PNode, cudaGraph_t G,
                                       const cudaGraphNode_t *Dependencies,
                                       size_t NumDependencies,
                                       cudaGraph_t ChildHandle) {
  Graph *Child = getGraph(ChildHandle);
  if (!Child)
    return invalidHandle("the child graph");
  std::vector<const Node *> Order;
  if (!sortTopologically(*Child, Order))
    return invalid("a child graph whose dependencies form a cycle");
  auto N = std::make_unique<Node>();
  N->Type = cudaGraphNodeTypeGraph;
  N->Child = cloneGraph(*Child);
  return addNode(PNode, G, Dependencies, NumDependencies, std::move(N));
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *PNode, cudaGraph_t G,
                                  const cudaGraphNode_t *Dependencies,
                                  size_t NumDependencies) {
  return addNode(PNode, G, Dependencies, NumDependencies,
                 std::make_unique<Node>());
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t Handle,
                                     const cudaGraphNode_t *From,
                                     const cudaGraphNode_t *To, size_t Count) {
  Graph *G = getGraph(Handle);
  if (!G)
    return invalidHandle("the graph");
  if (Count && (!From || !To))
    return invalid("cudaGraphAddDependencies with null nodes");
  for (size_t I = 0; I != Count; ++I) {
    Node *A = fromHandle(From[I]), *B = fromHandle(To[I]);
    if (!A || !B || A->Owner != G || B->Owner != G)
      return invalid("a dependency between nodes that are not the graph's");
    if (!contains(B->Dependencies, A))
      B->Dependencies.push_back(A);
  }
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t Handle, cudaGraphNode_t *Nodes,
                              size_t *NumNodes) {
  Graph *G = getGraph(Handle);
  if (!G)
    return invalidHandle("the graph");
  if (!NumNodes)
    return invalid("cudaGraphGetNodes with a null count");
  if (!Nodes) {
    *NumNodes = G->Nodes.size();
    return cudaSuccess;
  }
  size_t Count = std::min(*NumNodes, G->Nodes.size());
  for (size_t I = 0; I != Count; ++I)
    Nodes[I] = toHandle(G->Nodes[I].get());
  *NumNodes = Count;
  return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t Handle, cudaGraphNode_t *Nodes,
                                  size_t *NumNodes) {
  Graph *G = getGraph(Handle);
  if (!G)
    return invalidHandle("the graph");
  if (!NumNodes)
    return invalid("cudaGraphGetRootNodes with a null count");
  std::vector<Node *> Roots;
  for (const std::unique_ptr<Node> &N : G->Nodes)
    if (N->Dependencies.empty())
      Roots.push_back(N.get());
  if (!Nodes) {
    *NumNodes = Roots.size();
    return cudaSuccess;
  }
  size_t Count = std::min(*NumNodes, Roots.size());
  for (size_t I = 0; I != Count; ++I)
    Nodes[I] = toHandle(Roots[I]);
  *NumNodes = Count;
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t Handle,
                                 cudaGraphNodeType *Type) {
  Node *N = fromHandle(Handle);
  if (!N || !Type)
    return invalid("cudaGraphNodeGetType of a null node or pointer");
  *Type = N->Type;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *PExec, cudaGraph_t Handle,
                                 unsigned long long) {
  Graph *G = getGraph(Handle);
  if (!G)
    return invalidHandle("the graph instantiated");
  if (!PExec)
    return invalid("cudaGraphInstantiate with a null result pointer");
  std::unordered_map<const Node *, Node *> Copies;
  std::unique_ptr<Graph> Copy = cloneGraph(*G, &Copies);
  std::vector<const Node *> Order;
  if (!sortTopologically(*Copy, Order))
    return invalid("a graph whose dependencies form a cycle");
  auto E = std::make_unique<Exec>();
  std::unordered_map<const Node *, std::unique_ptr<Node>> Owned;
  for (std::unique_ptr<Node> &N : Copy->Nodes) {
    E->InAdditionOrder.push_back(N.get());
    Owned[N.get()] = std::move(N);
  }
  for (const Node *N : Order)
    E->Order.push_back(std::move(Owned[N]));
  for (const auto &[Original, Clone] : Copies)
    E->FromGraph[Original] = Clone;
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  cudaGraphExec_t ExecHandle = reinterpret_cast<cudaGraphExec_t>(E.get());
  State.Execs[ExecHandle] = E.release();
  *PExec = ExecHandle;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *PExec,
                                          cudaGraph_t G,
                                          unsigned long long Flags) {
  return cudaGraphInstantiate(PExec, G, Flags);
}

static Exec *getExec(cudaGraphExec_t Handle) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  return lookup(State.Execs, Handle);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t Handle) {
  GraphState &State = getGraphState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  Exec *E = lookup(State.Execs, Handle);
  if (!E)
    return invalidHandle("the executable graph destroyed");
  State.Execs.erase(Handle);
  delete E;
  return cudaSuccess;
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t Handle, cudaStream_t S) {
  Exec *E = getExec(Handle);
  if (!E)
    return invalidHandle("the executable graph launched");
  if (isCapturing(S))
    return captureUnsupported(S, "a graph launch");
  return runGraph(E->Order);
}

cudaError_t cudaGraphUpload(cudaGraphExec_t Handle, cudaStream_t) {
  // Device memory is host memory: there is nothing to upload.
  return getExec(Handle) ? cudaSuccess
                         : invalidHandle("the executable graph uploaded");
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t Handle,
                                             cudaGraphNode_t NodeHandle,
                                             const cudaKernelNodeParams *P) {
  Exec *E = getExec(Handle);
  if (!E)
    return invalidHandle("the executable graph");
  Node *N = lookup(E->FromGraph, fromHandle(NodeHandle));
  if (!N || N->Type != cudaGraphNodeTypeKernel || !P)
    return invalid("cudaGraphExecKernelNodeSetParams of a node that is not "
                   "one of the graph's kernel nodes");
  KernelWork Work;
  if (cudaError_t Error = copyKernelWork(*P, Work))
    return Error;
  if (Work.Func != N->Kernel.Func)
    return invalid("cudaGraphExecKernelNodeSetParams cannot change the "
                   "node's function");
  N->Kernel = Work;
  return cudaSuccess;
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t Handle, cudaGraph_t GraphHandle,
                                cudaGraphExecUpdateResultInfo *Info) {
  Exec *E = getExec(Handle);
  Graph *G = getGraph(GraphHandle);
  if (!E || !G)
    return invalidHandle("the executable graph or the graph");
  auto Fail = [&](cudaGraphExecUpdateResult Result) {
    if (Info)
      *Info = {Result, nullptr, nullptr};
    return recordCudaError(cudaErrorGraphExecUpdateFailure,
                           "the graph does not have the executable graph's "
                           "topology and node types");
  };
  // Nodes correspond by the order they were added to their graphs; the
  // graph must have the same nodes, of the same types, with the same
  // dependencies.
  const std::vector<Node *> &Copies = E->InAdditionOrder;
  if (G->Nodes.size() != Copies.size())
    return Fail(cudaGraphExecUpdateErrorTopologyChanged);
  std::unordered_map<const Node *, size_t> GraphIndex, CopyIndex;
  for (size_t I = 0; I != Copies.size(); ++I) {
    GraphIndex[G->Nodes[I].get()] = I;
    CopyIndex[Copies[I]] = I;
  }
  for (size_t I = 0; I != Copies.size(); ++I) {
    const Node &From = *G->Nodes[I];
    const Node &To = *Copies[I];
    if (From.Type != To.Type)
      return Fail(cudaGraphExecUpdateErrorNodeTypeChanged);
    std::vector<size_t> FromDeps, ToDeps;
    for (const Node *D : From.Dependencies)
      FromDeps.push_back(lookup(GraphIndex, D));
    for (const Node *D : To.Dependencies)
      ToDeps.push_back(lookup(CopyIndex, D));
    std::sort(FromDeps.begin(), FromDeps.end());
    std::sort(ToDeps.begin(), ToDeps.end());
    if (FromDeps != ToDeps)
      return Fail(cudaGraphExecUpdateErrorTopologyChanged);
    if (From.Type == cudaGraphNodeTypeKernel &&
        From.Kernel.Func != To.Kernel.Func)
      return Fail(cudaGraphExecUpdateErrorFunctionChanged);
  }
  for (size_t I = 0; I != Copies.size(); ++I) {
    const Node &From = *G->Nodes[I];
    Node &To = *Copies[I];
    To.Kernel = From.Kernel;
    To.Copy = From.Copy;
    To.Copy1D = From.Copy1D;
    To.IsCopy1D = From.IsCopy1D;
    To.Set = From.Set;
    To.Host = From.Host;
    if (From.Child)
      To.Child = cloneGraph(*From.Child);
  }
  if (Info)
    *Info = {cudaGraphExecUpdateSuccess, nullptr, nullptr};
  return cudaSuccess;
}

} // extern "C"
