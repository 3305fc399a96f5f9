// Needs the graph update at a state match for the first transition of a cycle.
// expect: violation cycle
v = 0
event("e1") { assert v == 0 : "cycle"; v = 1 }
event("e2") { v = 0 }
