// An ELF constructor: code that runs inside dlopen, before any entry point is
// looked up. It appends a line to the file named by CELLKIT_TEST_MARKER, so a
// test can tell whether the library was ever opened.
#include "FixtureMarkerConstructor.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int runs = 0;

__attribute__((constructor)) static void cellkit_fixture_marker_constructor(void) {
    runs += 1;
    const char *marker = getenv("CELLKIT_TEST_MARKER");
    if (marker == NULL || marker[0] == '\0') return;
    int fd = open(marker, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd < 0) return;
    const char line[] = "the constructor of libcellkit-fixture-marker.so ran\n";
    ssize_t written = write(fd, line, strlen(line));
    (void)written;
    close(fd);
}

int cellkit_fixture_marker_constructor_runs(void) { return runs; }
