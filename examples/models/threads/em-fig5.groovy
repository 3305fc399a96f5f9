// EM-DPOR paper (Maiya et al., TACAS 2016), Figure 5 and Example 1: threads t1 and t2 post e1
// and e2 to looper t (r1, r2); the handlers of e1 and e2 run on the same thread and both write
// x (r5, r6), so they are dependent (single-threaded dependence) and both orders of the posts
// must be explored; e1 also posts e3 to t, whose handler reads y, which e2 writes. e1 before e3
// is fixed (e1 posts e3); e2 goes before e1, between e1 and e3, or after e3: three interleavings,
// with dependence-covering sets and with persistent sets alike (every pair of handlers here
// depends on each other, so the queue-as-object view costs nothing extra).
// expect: violation e2 before e1
x = 0
y = 0
thread("t", looper: true) { }
thread("t1") { post("t", "e1") }           // r1
thread("t2") { post("t", "e2") }           // r2
handler("e1") {
    post("t", "e3")                        // r3
    x = 1                                  // r5
}
handler("e2") {
    y = 1                                  // r4
    x = 2                                  // r6
}
handler("e3") {
    def v = y                              // r7
    assert x == 2 || v == 0 : "e2 before e1"
}
