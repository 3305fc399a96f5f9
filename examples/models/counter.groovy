// The model-file format in one example: shared variables with initial values, events that
// start enabled unless `enabled: false`, handlers that enable and disable events, and an
// assertion. e2 becomes enabled once e1 has run; y overflows after e1 runs twice.
// expect: violation y overflow
x = 0
y = 0
event("e1") { x = 1; y = (y + 1) % 3; enable("e2") }
event("e2", enabled: false) { if (x == 1) { assert y != 2 : "y overflow" }; disable("e2") }
