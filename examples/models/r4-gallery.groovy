// The running example of the R4 paper (Jensen et al., OOPSLA 2015, Figures 1-2): a slide show
// that loads images lazily. Each loaded image joins a queue; a click on "Next" shows the next
// image, or, when the queue is empty, shows a loading indicator and sets a timer that retries.
// An external statistics script loads independently of everything else.
//
// The paper's recorded sequence Q1 is e0..e5:
//   eventide check examples/models/r4-gallery.groovy --por r4 --trace examples/models/r4-gallery.trace --reversals 2
// e0 = load2 (image 2 arrives), e1 = click1, e2 = click2 (the user's two clicks; the second
// button press is possible only after the first, user events are ordered), e3 = load3,
// e4 = timer2 (the retry timer the second click set), e5 = stats.
// A click on an empty queue sets its own timer (timer1 for the first click, timer2 for the
// second): a timer is an event of the click that created it, as in the paper's happens-before.
// A timer that finds the queue still empty retries (stays enabled).
//
// With k = 2 R4 explores the paper's tree: Q1's three races (e3/e4 at s3, e2/e3 at s2, e0/e1
// at s0) give Q2, Q3, Q4; Q3 gives Q5 (where e0 and e3 become adjacent: reversing them would
// need k = 3); Q4 gives Q6 and Q7. The e2/e3 reversal (Q3) replays with the timer skipped
// (the image is there when the user clicks, so no timer is set): harmless, ad-hoc
// synchronisation (`enabled-only`).
// expect: ok
queue = []
shown = "image1"
statsLoaded = false
event("load2") { queue = queue + ["image2"]; disable("load2") }
event("load3") { queue = queue + ["image3"]; disable("load3") }
event("click1") {
    if (queue.isEmpty()) { shown = "loading"; enable("timer1") } else { shown = queue[0]; queue = queue.drop(1) }
    enable("click2"); disable("click1")
}
event("click2", enabled: false) {
    if (queue.isEmpty()) { shown = "loading"; enable("timer2") } else { shown = queue[0]; queue = queue.drop(1) }
    disable("click2")
}
event("timer1", enabled: false) {
    if (queue.isEmpty()) { shown = "loading" } else { shown = queue[0]; queue = queue.drop(1); disable("timer1") }
}
event("timer2", enabled: false) {
    if (queue.isEmpty()) { shown = "loading" } else { shown = queue[0]; queue = queue.drop(1); disable("timer2") }
}
event("stats") { statsLoaded = true; disable("stats") }
