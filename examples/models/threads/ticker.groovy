// A clock looper ticks forever: each tick posts the next. The user pauses the clock, then checks
// that it stands still. A tick reads `paused` in one step and advances in the next, so a tick
// that began before the pause can still advance after it. The state space has cycles (the clock
// never stops), so `--por em-dpor` refuses it; `--por dpor` and `--por none` find the violation.
paused = 0
ticks = 0
thread("clock", looper: true) {
    post("clock", "tick")
}
thread("user") {
    paused = 1
    def seen = ticks
    assert ticks == seen : "the clock ticked while paused"
}
handler("tick") {
    def running = paused == 0
    if (running) { ticks = (ticks + 1) % 3 }
    post("clock", "tick")
}
