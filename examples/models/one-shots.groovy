// Partial order reduction at work: four independent one-shot events. Exhaustive search visits
// every subset of them (16 states, 32 transitions); DPOR explores one order (5 states, 4
// transitions), because no two events touch the same variable.
// expect: ok
a = 0; b = 0; c = 0; d = 0
event("setA") { a = 1; disable("setA") }
event("setB") { b = 1; disable("setB") }
event("setC") { c = 1; disable("setC") }
event("setD") { d = 1; disable("setD") }
