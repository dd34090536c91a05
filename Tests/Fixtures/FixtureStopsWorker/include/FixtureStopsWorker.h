#ifndef FIXTURE_STOPS_WORKER_H
#define FIXTURE_STOPS_WORKER_H

/// 1 if this process was stopped as a worker (for debugging the fixture).
int cellkit_fixture_stops_worker_stopped(void);

#endif
