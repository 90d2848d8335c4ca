/*===- Integer.c - Integer functions of mm's libdevice ----------*- C -*-===*
 *
 * CUDA's integer intrinsics (__popc, __brev, __mulhi, __sad, __byte_perm,
 * ...) and the reinterpretations between integers and floating point.
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceLibrary.h"

MM_LIBDEVICE int __nv_abs(int a) {
  /* abs(INT_MIN) is INT_MIN, as in two's complement on the GPU. */
  return a < 0 ? (int)(0u - (unsigned)a) : a;
}
MM_LIBDEVICE long long __nv_llabs(long long a) {
  return a < 0 ? (long long)(0ull - (unsigned long long)a) : a;
}
MM_LIBDEVICE int __nv_min(int a, int b) { return a < b ? a : b; }
MM_LIBDEVICE int __nv_max(int a, int b) { return a > b ? a : b; }
MM_LIBDEVICE unsigned __nv_umin(unsigned a, unsigned b) { return a < b ? a : b; }
MM_LIBDEVICE unsigned __nv_umax(unsigned a, unsigned b) { return a > b ? a : b; }
MM_LIBDEVICE long long __nv_llmin(long long a, long long b) {
  return a < b ? a : b;
}
MM_LIBDEVICE long long __nv_llmax(long long a, long long b) {
  return a > b ? a : b;
}
MM_LIBDEVICE unsigned long long __nv_ullmin(unsigned long long a,
                                            unsigned long long b) {
  return a < b ? a : b;
}
MM_LIBDEVICE unsigned long long __nv_ullmax(unsigned long long a,
                                            unsigned long long b) {
  return a > b ? a : b;
}

MM_LIBDEVICE int __nv_brev(int a) {
  return (int)__builtin_bitreverse32((unsigned)a);
}
MM_LIBDEVICE long long __nv_brevll(long long a) {
  return (long long)__builtin_bitreverse64((unsigned long long)a);
}
/* The number of leading zeros: 32 (64) for 0. */
MM_LIBDEVICE int __nv_clz(int a) {
  return a ? __builtin_clz((unsigned)a) : 32;
}
MM_LIBDEVICE int __nv_clzll(long long a) {
  return a ? __builtin_clzll((unsigned long long)a) : 64;
}
/* The position of the least significant set bit, from 1; 0 for 0. */
MM_LIBDEVICE int __nv_ffs(int a) { return __builtin_ffs(a); }
MM_LIBDEVICE int __nv_ffsll(long long a) { return __builtin_ffsll(a); }
MM_LIBDEVICE int __nv_popc(int a) { return __builtin_popcount((unsigned)a); }
MM_LIBDEVICE int __nv_popcll(unsigned long long a) {
  return __builtin_popcountll(a);
}

/* The product of the low 24 bits of each operand (sign-extended for
 * __mul24), its low 32 bits. */
MM_LIBDEVICE int __nv_mul24(int a, int b) {
  int x = (int)((unsigned)a << 8) >> 8, y = (int)((unsigned)b << 8) >> 8;
  return (int)((unsigned)x * (unsigned)y);
}
MM_LIBDEVICE unsigned __nv_umul24(unsigned a, unsigned b) {
  return (a & 0xffffffu) * (b & 0xffffffu);
}
/* The high half of the full product. */
MM_LIBDEVICE int __nv_mulhi(int a, int b) {
  return (int)(((long long)a * (long long)b) >> 32);
}
MM_LIBDEVICE unsigned __nv_umulhi(unsigned a, unsigned b) {
  return (unsigned)(((unsigned long long)a * b) >> 32);
}
MM_LIBDEVICE long long __nv_mul64hi(long long a, long long b) {
  return (long long)(((__int128)a * (__int128)b) >> 64);
}
MM_LIBDEVICE unsigned long long __nv_umul64hi(unsigned long long a,
                                              unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}

/* Averages without overflow: (a + b) >> 1, and (a + b + 1) >> 1. */
MM_LIBDEVICE int __nv_hadd(int a, int b) {
  return (int)(((long long)a + b) >> 1);
}
MM_LIBDEVICE int __nv_rhadd(int a, int b) {
  return (int)(((long long)a + b + 1) >> 1);
}
MM_LIBDEVICE int __nv_uhadd(unsigned a, unsigned b) {
  return (int)(unsigned)(((unsigned long long)a + b) >> 1);
}
MM_LIBDEVICE int __nv_urhadd(unsigned a, unsigned b) {
  return (int)(unsigned)(((unsigned long long)a + b + 1) >> 1);
}

/* |a - b| + c. */
MM_LIBDEVICE int __nv_sad(int a, int b, int c) {
  long long d = (long long)a - b;
  return (int)((unsigned)(d < 0 ? -d : d) + (unsigned)c);
}
MM_LIBDEVICE unsigned __nv_usad(unsigned a, unsigned b, unsigned c) {
  return (a > b ? a - b : b - a) + c;
}

/* Byte n of the result is byte (s >> 4n) & 7 of the pair {b, a}, a's bytes
 * numbered 0 to 3 and b's 4 to 7. */
MM_LIBDEVICE int __nv_byte_perm(int a, int b, int s) {
  unsigned long long pair =
      (unsigned long long)(unsigned)a | ((unsigned long long)(unsigned)b << 32);
  unsigned result = 0;
  for (int n = 0; n < 4; ++n) {
    unsigned select = ((unsigned)s >> (4 * n)) & 7u;
    result |= (unsigned)((pair >> (8 * select)) & 0xffu) << (8 * n);
  }
  return (int)result;
}

MM_LIBDEVICE int __nv_float_as_int(float a) { return MM_BITS(int, a); }
MM_LIBDEVICE unsigned __nv_float_as_uint(float a) {
  return MM_BITS(unsigned, a);
}
MM_LIBDEVICE float __nv_int_as_float(int a) { return MM_BITS(float, a); }
MM_LIBDEVICE float __nv_uint_as_float(unsigned a) { return MM_BITS(float, a); }
MM_LIBDEVICE long long __nv_double_as_longlong(double a) {
  return MM_BITS(long long, a);
}
MM_LIBDEVICE double __nv_longlong_as_double(long long a) {
  return MM_BITS(double, a);
}
MM_LIBDEVICE int __nv_double2hiint(double a) {
  return (int)(MM_BITS(unsigned long long, a) >> 32);
}
MM_LIBDEVICE int __nv_double2loint(double a) {
  return (int)(unsigned)MM_BITS(unsigned long long, a);
}
MM_LIBDEVICE double __nv_hiloint2double(int hi, int lo) {
  return MM_BITS(double, ((unsigned long long)(unsigned)hi << 32) |
                             (unsigned)lo);
}
