/**
 *  Test app (Eventide): when the switch turns on, schedules a reset for later and makes sure the
 *  switch is on. With inline timers the reset runs at once and turns the switch off, so the
 *  handler's `on()` turns it on again and the handler runs again: the scheduled reset must not run
 *  a second time in that transition (it stands for one run, later).
 */
definition(name: "Inline once", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "sw", "capability.switch", title: "Switch"
    }
}

def installed() {
    subscribe(sw, "switch.on", turnedOn)
}

def turnedOn(evt) {
    runIn(86400, resetLater)
    sw.on()
}

def resetLater() {
    sw.off()
}
