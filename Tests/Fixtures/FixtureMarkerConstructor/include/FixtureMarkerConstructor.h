// The constructor half of libcellkit-fixture-marker.so (Tests/Fixtures/README.md).
#ifndef FIXTURE_MARKER_CONSTRUCTOR_H
#define FIXTURE_MARKER_CONSTRUCTOR_H

/// How many times the ELF constructor ran in this process (0 or 1).
int cellkit_fixture_marker_constructor_runs(void);

#endif
