/*===- mm-cuda/texture_fetch_functions.h - Texture references ---*- C++ -*-===*
 *
 * In CUDA before 12, the fetch functions of texture references; CUDA 12,
 * whose API mm's headers implement, removed texture references, and so
 * this header declares nothing. clang's CUDA wrapper includes it by name.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __TEXTURE_FETCH_FUNCTIONS_H__
#define __TEXTURE_FETCH_FUNCTIONS_H__

#endif /* __TEXTURE_FETCH_FUNCTIONS_H__ */
