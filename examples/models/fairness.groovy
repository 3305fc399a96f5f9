// No violation, and exploration must terminate (2 states, 5 transitions): re-picking events at
// fully explored states must be fair per state.
// expect: ok
a = 0; b = 1
event("e1") { enable("e3"); assert b != 0 : "f1"; a = (b + 1) % 2 }
event("e2") { disable("e3") }
event("e3") { assert a == 0 : "f3" }
