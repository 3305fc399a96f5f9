/**
 *  Test app (Eventide): unlocks on the "houseEvent" location event another app sends; a second
 *  subscription filters on a value no app sends.
 */
definition(name: "House event listener", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "lock", "capability.lock", title: "Lock"
    }
}

def installed() {
    subscribe(location, "houseEvent", heard)
    subscribe(location, "houseEvent.windowOpened", window)
}

def heard(evt) {
    state.heard = "${evt.name}=${evt.value} from ${evt.source}"
    lock.unlock()
}

def window(evt) {
    state.window = true
}
