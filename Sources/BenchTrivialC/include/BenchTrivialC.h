/* A trivial C library for the plugin-loading floor. */
int cellkit_bench_trivial(void);
