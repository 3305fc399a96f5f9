// Needs backtracking over all edges into a state, not only along the current path.
// expect: violation selfloop
b = 1
event("e1") { b = 0 }
event("e2") { assert b == 0 : "selfloop" }
