/**
 *  Test app (Eventide): counts how often a contact sensor opens, in `state` and in an input-named
 *  key, so that a home of several copies shows whether each app keeps its own state.
 */
definition(name: "Open counter", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "door", "capability.contactSensor", title: "Door"
    }
}

def installed() {
    state.opened = 0
    subscribe(door, "contact.open", opened)
}

def opened(evt) {
    def seen = settings.door ? 1 : 0
    state.opened = state.opened + seen
}
