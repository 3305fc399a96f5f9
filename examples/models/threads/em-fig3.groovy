// EM-DPOR paper (Maiya et al., TACAS 2016), Figures 3 and 4: a multi-threaded dependence that
// needs two posts to one thread reordered. Threads a and b post e1 and e2 to looper t1 (r1, r2);
// e1's handler writes x (r3); e2's handler posts e3 to looper t2 (r4); e3's handler reads x (r6,
// after r5). r3 and r6 are dependent and on different threads, but r6 can only run before r3
// when e2 is handled before e1, i.e. when r2 runs before r1. Persistent sets with posts
// independent take {r1} at s0 and see one order of r3 and r6; dependence-covering sets take
// {r1, r2} there (the paper's Example 3) and find the violation.
// expect: violation e3 ran before e1
x = 0
y = 0
thread("t1", looper: true) { }
thread("t2", looper: true) { }
thread("a") { post("t1", "e1") }           // r1
thread("b") { post("t1", "e2") }           // r2
handler("e1") { x = 1 }                    // r3
handler("e2") { post("t2", "e3") }         // r4
handler("e3") {
    y = 1                                  // r5
    def seen = x                           // r6
    assert seen == 1 : "e3 ran before e1"
}
