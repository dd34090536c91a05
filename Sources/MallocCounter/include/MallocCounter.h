#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Starts counting calls to malloc, calloc, realloc and the aligned allocators
/// made by any code in the process (the benchmark executable interposes them).
void malloc_counter_start(void);
/// Stops counting and returns how many allocations were made since start.
uint64_t malloc_counter_stop(void);

#endif
