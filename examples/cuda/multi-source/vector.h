// The device part of the program, as the host code sees it.
#pragma once

// out[i] = a * x[i] + y[i] for i < n, computed on the device.
void deviceSaxpy(float a, const float *x, const float *y, float *out, int n);
