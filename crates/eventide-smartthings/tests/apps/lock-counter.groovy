/**
 *  Test app (Eventide): counts every lock event in `state`, so that its home has no end of states
 *  (for the tests of runs that a limit stops).
 */
definition(name: "Lock counter", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "door", "capability.lock", title: "Door"
    }
}

def installed() {
    state.events = 0
    subscribe(door, "lock", counted)
}

def counted(evt) {
    state.events = state.events + 1
}
