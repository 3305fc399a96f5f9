// Figure 3 of the stateful DPOR paper: state matching incompletely explored states.
// First execution e1 e2 e3 returns to s1 (x=1), e4 returns to s0; the failing run is e2 then e4.
// expect: violation fig3
x = 0; y = 0; z = 0
event("e1") { x = 1; def r = z }
event("e2") { z = 0; y = 1 }
event("e3") { y = 0 }
event("e4") { if (x == 0) { if (y == 1) { assert y == 0 : "fig3" } } else { x = 0 } }
