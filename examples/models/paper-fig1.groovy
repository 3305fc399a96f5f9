// Figure 1 of the stateful DPOR paper: premature termination.
// A naive stateful DPOR stops the first execution when e2 revisits the same state, before e3
// ever runs after e1, and misses the failing order e1 then e3.
// expect: violation fig1
x = 0; y = 0; z = 0
event("e1") { x = 1; disable("e1") }                       // T1's step
event("e2") { def r = y }                                  // T2 loops, never changes the state
event("e3") { def r = z; assert x == 0 : "fig1"; disable("e3") }   // T3: fails after e1
