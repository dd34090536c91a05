// The floor for plugin loading: a trivial C shared library whose one entry
// point the benchmark dlopens, dlsyms and calls.
int cellkit_bench_trivial(void) { return 42; }
