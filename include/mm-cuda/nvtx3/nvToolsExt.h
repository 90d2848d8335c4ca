/*===- mm-cuda/nvtx3/nvToolsExt.h - NVTX's annotations -------------*- C -*-===*
 *
 * NVIDIA's Tools Extension (NVTX 3) C API: marks, ranges (pushed and
 * popped, started and ended), domains, categories, registered strings,
 * resources and thread names, with their types and attribute structures.
 * No NVTX tool (Nsight) attaches to mm's runs, whose kernels perf and gdb
 * see as the host's own code, so every function does what NVTX's does
 * when no tool is attached: nothing, and returns what NVTX then returns
 * (push and pop NVTX_NO_PUSH_POP_TRACKING, handles and range ids 0).
 * Header-only, as NVTX 3 is; lib64/libnvToolsExt.so links nothing.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 3
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)
#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7

#define NVTX_INLINE_STATIC static inline

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef nvtxDomainRegistration *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef nvtxStringRegistration *nvtxStringHandle_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

typedef enum nvtxColorType_t {
  NVTX_COLOR_UNKNOWN = 0,
  NVTX_COLOR_ARGB = 1
} nvtxColorType_t;

typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#define NVTX_EVENT_ATTRIB_STRUCT_SIZE                                          \
  ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef enum nvtxResourceGenericType_t {
  NVTX_RESOURCE_TYPE_UNKNOWN = 0,
  NVTX_RESOURCE_TYPE_GENERIC_POINTER = 0x00000001,
  NVTX_RESOURCE_TYPE_GENERIC_HANDLE = 0x00000002,
  NVTX_RESOURCE_TYPE_GENERIC_THREAD_NATIVE = 0x00000003,
  NVTX_RESOURCE_TYPE_GENERIC_THREAD_POSIX = 0x00000004
} nvtxResourceGenericType_t;

typedef struct nvtxResourceAttributes_v0 {
  uint16_t version;
  uint16_t size;
  int32_t identifierType;
  union identifier_t {
    const void *pValue;
    uint64_t ullValue;
  } identifier;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxResourceAttributes_v0;
typedef struct nvtxResourceAttributes_v0 nvtxResourceAttributes_t;

#define NVTX_RESOURCE_ATTRIB_STRUCT_SIZE                                       \
  ((uint16_t)(sizeof(nvtxResourceAttributes_v0)))

NVTX_INLINE_STATIC void nvtxInitialize(const void *reserved) {
  (void)reserved;
}

NVTX_INLINE_STATIC void nvtxDomainMarkEx(nvtxDomainHandle_t domain,
                                         const nvtxEventAttributes_t *attr) {
  (void)domain, (void)attr;
}
NVTX_INLINE_STATIC void nvtxMarkEx(const nvtxEventAttributes_t *attr) {
  (void)attr;
}
NVTX_INLINE_STATIC void nvtxMarkA(const char *message) { (void)message; }
NVTX_INLINE_STATIC void nvtxMarkW(const wchar_t *message) { (void)message; }

NVTX_INLINE_STATIC nvtxRangeId_t
nvtxDomainRangeStartEx(nvtxDomainHandle_t domain,
                       const nvtxEventAttributes_t *attr) {
  (void)domain, (void)attr;
  return 0;
}
NVTX_INLINE_STATIC nvtxRangeId_t
nvtxRangeStartEx(const nvtxEventAttributes_t *attr) {
  (void)attr;
  return 0;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartA(const char *message) {
  (void)message;
  return 0;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartW(const wchar_t *message) {
  (void)message;
  return 0;
}
NVTX_INLINE_STATIC void nvtxDomainRangeEnd(nvtxDomainHandle_t domain,
                                           nvtxRangeId_t id) {
  (void)domain, (void)id;
}
NVTX_INLINE_STATIC void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }

NVTX_INLINE_STATIC int
nvtxDomainRangePushEx(nvtxDomainHandle_t domain,
                      const nvtxEventAttributes_t *attr) {
  (void)domain, (void)attr;
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePushEx(const nvtxEventAttributes_t *attr) {
  (void)attr;
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePushA(const char *message) {
  (void)message;
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePushW(const wchar_t *message) {
  (void)message;
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxDomainRangePop(nvtxDomainHandle_t domain) {
  (void)domain;
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }

NVTX_INLINE_STATIC nvtxResourceHandle_t
nvtxDomainResourceCreate(nvtxDomainHandle_t domain,
                         nvtxResourceAttributes_t *attr) {
  (void)domain, (void)attr;
  return 0;
}
NVTX_INLINE_STATIC void nvtxDomainResourceDestroy(nvtxResourceHandle_t r) {
  (void)r;
}

NVTX_INLINE_STATIC void nvtxDomainNameCategoryA(nvtxDomainHandle_t domain,
                                                uint32_t category,
                                                const char *name) {
  (void)domain, (void)category, (void)name;
}
NVTX_INLINE_STATIC void nvtxDomainNameCategoryW(nvtxDomainHandle_t domain,
                                                uint32_t category,
                                                const wchar_t *name) {
  (void)domain, (void)category, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameCategoryA(uint32_t category, const char *name) {
  (void)category, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameCategoryW(uint32_t category,
                                          const wchar_t *name) {
  (void)category, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameOsThreadA(uint32_t threadId, const char *name) {
  (void)threadId, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameOsThreadW(uint32_t threadId,
                                          const wchar_t *name) {
  (void)threadId, (void)name;
}

NVTX_INLINE_STATIC nvtxStringHandle_t
nvtxDomainRegisterStringA(nvtxDomainHandle_t domain, const char *string) {
  (void)domain, (void)string;
  return 0;
}
NVTX_INLINE_STATIC nvtxStringHandle_t
nvtxDomainRegisterStringW(nvtxDomainHandle_t domain, const wchar_t *string) {
  (void)domain, (void)string;
  return 0;
}
NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateA(const char *name) {
  (void)name;
  return 0;
}
NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *name) {
  (void)name;
  return 0;
}
NVTX_INLINE_STATIC void nvtxDomainDestroy(nvtxDomainHandle_t domain) {
  (void)domain;
}

#endif /* NVTOOLSEXT_V3 */
