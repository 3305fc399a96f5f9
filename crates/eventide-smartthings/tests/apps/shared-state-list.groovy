/**
 *  Test app (Eventide): stores one list under two keys of `state`. The platform stores `state` as
 *  JSON, so at the next event the keys hold two equal lists: appending to one leaves the other.
 */
definition(name: "Shared state list", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "sw", "capability.switch", title: "Switch"
    }
}

def installed() {
    subscribe(sw, "switch", changed)
}

def changed(evt) {
    if (evt.value == "on") {
        state.a = [1]
        state.b = state.a
    } else {
        state.a << 2
    }
}
