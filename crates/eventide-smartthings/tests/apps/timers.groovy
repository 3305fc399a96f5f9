/**
 *  Test app (Eventide): scheduling in all its forms.
 */
definition(name: "Timers", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "sw", "capability.switch", title: "Switch"
    }
}

def installed() {
    subscribe(app, touched)
    schedule("0 0 12 * * ?", noon)
    runIn(60, later)
    poll()
}

def touched(evt) {
    runIn(30, "later", [data: [from: "touch"]])
    unschedule("noon")
}

def later(data) {
    state.later = (state.later ?: 0) + 1
    state.from = data?.from
    sw.on()
}

def noon() {
    state.noon = (state.noon ?: 0) + 1
}

def poll() {
    state.polls = (state.polls ?: 0) + 1
    runIn(10, poll)
}
