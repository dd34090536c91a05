// A library that looks like a plugin built against another SDK: it has the
// ABI entry point, but needs a function no library defines, so `dlopen` with
// RTLD_NOW refuses it and the worker (or the scanner) asks an ABI probe
// (`cellkit --plugin-abi PATH`), which opens it lazily. Then its ELF
// constructor runs, and sleeps for ever: a probe that only ends when it is
// killed (issue 33, item 4).
#include "FixtureSleepyConstructor.h"

#include <unistd.h>

// Defined nowhere: binding it fails under RTLD_NOW, never under RTLD_LAZY (it is never called).
extern void cellkit_fixture_function_no_sdk_has(void);

__attribute__((constructor)) static void cellkit_fixture_sleepy_constructor(void) {
    for (;;) sleep(1000);
}

unsigned long long cellkit_plugin_abi(void) { return 1ULL << 48; }

void cellkit_fixture_sleepy_calls_the_missing_function(void) { cellkit_fixture_function_no_sdk_has(); }
