/*===- mm-cuda/host_config.h - The host compiler's configuration -*- C -*-===*
 *
 * In CUDA, checks the host compiler's version; clang needs no check.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __HOST_CONFIG_H__
#define __HOST_CONFIG_H__

#include "host_defines.h"

#endif /* __HOST_CONFIG_H__ */
