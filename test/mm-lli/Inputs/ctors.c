/* Static constructors and destructors, atexit, and stdio buffering. */
#include <stdio.h>
#include <stdlib.h>

static int initialized;

__attribute__((constructor)) static void setup(void) { initialized = 42; }
__attribute__((destructor)) static void teardown(void) {
  printf("destructor ran\n");
}
static void bye(void) { printf("atexit handler ran\n"); }

int main(void) {
  atexit(bye);
  printf("constructor set %d\n", initialized);
  return 0;
}
