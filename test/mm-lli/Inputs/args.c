/* A plain C program: prints its arguments, their sum, and exits with it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(int argc, char **argv) {
  long sum = 0;
  for (int i = 1; i < argc; ++i)
    sum += strtol(argv[i], NULL, 10);
  qsort(argv + 1, argc - 1, sizeof(char *), compare);
  for (int i = 1; i < argc; ++i)
    printf("sorted[%d] = %s\n", i, argv[i]);
  printf("argc = %d, sum = %ld\n", argc, sum);
  if (sum > 100) {
    fprintf(stderr, "sum too large\n");
    exit(3);
  }
  return (int)sum;
}
