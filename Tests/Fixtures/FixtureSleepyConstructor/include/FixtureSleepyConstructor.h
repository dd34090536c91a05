// libcellkit-fixture-sleepy-constructor.so (Tests/Fixtures/README.md).
#ifndef FIXTURE_SLEEPY_CONSTRUCTOR_H
#define FIXTURE_SLEEPY_CONSTRUCTOR_H

/// What the plugin's ABI entry point returns (never read: the constructor sleeps first).
unsigned long long cellkit_plugin_abi(void);

/// Calls the function no library defines (never called).
void cellkit_fixture_sleepy_calls_the_missing_function(void);

#endif
