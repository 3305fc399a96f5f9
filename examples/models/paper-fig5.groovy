// Figure 5 of the stateful DPOR paper: events as transitions that touch several locations.
// Stopping the backward search at the first conflict (e2/e3 on x) misses the e1/e3 conflict on
// y, so e2 is never tried before e1.
// expect: violation fig5
x = 0; y = 0
event("e1") { y = 1; disable("e1") }
event("e2") { x = 1; disable("e2") }
event("e3") { if (x == 1) { assert y == 1 : "fig5" }; disable("e3") }
