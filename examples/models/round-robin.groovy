// A token passed around three stations forever; each station asserts it holds the token only
// when it is its turn. Cycles everywhere, no violation: both explorers must terminate.
// expect: ok
turn = 0
passes = 0
event("station0") { if (turn == 0) { turn = 1; passes = (passes + 1) % 4 } }
event("station1") { if (turn == 1) { turn = 2; passes = (passes + 1) % 4 } }
event("station2") { if (turn == 2) { turn = 0; passes = (passes + 1) % 4 }; assert turn >= 0 && turn < 3 : "bad turn" }
