/**
 *  Test app (Eventide): one timer, scheduled with the data of the event that scheduled it (the
 *  later call replaces the pending one).
 */
definition(
    name: "Timer Data",
    namespace: "eventide.test",
    author: "Eventide",
    description: "A minute after the switch changes, sets the light as the switch was."
)

preferences {
    section("Follow") {
        input "trigger", "capability.switch", title: "Switch"
        input "lamp", "capability.switchLevel", title: "Light"
    }
}

def installed() {
    subscribe(trigger, "switch", changed)
}

def changed(evt) {
    runIn(60, later, [data: [v: evt.value]])
}

def later(data) {
    if (data.v == "on") { lamp.setLevel(80) } else { lamp.setLevel(10) }
}
