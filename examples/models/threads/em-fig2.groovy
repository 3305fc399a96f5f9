// EM-DPOR paper (Maiya et al., TACAS 2016), Figures 1 and 2: threads t2 and t3 post e1 and e2 to
// thread t1 (r1, r2); e1's handler posts e3 to t1 (r3); e2's handler writes y (r4), e3's writes
// x (r5). Every order of the posts reaches the same state. DPOR with the queue as a shared object
// explores 3 interleavings in the paper (r1 and r2 at s0, r2 and r3 at s1); EM-DPOR explores 1.
// expect: ok
x = 0
y = 0
thread("t1", looper: true) { }
thread("t2") { post("t1", "e1") }          // r1
thread("t3") { post("t1", "e2") }          // r2
handler("e1") { post("t1", "e3") }         // r3
handler("e2") { y = 1 }                    // r4
handler("e3") { x = 1 }                    // r5
