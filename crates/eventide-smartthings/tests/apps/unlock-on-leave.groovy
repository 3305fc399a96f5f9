/**
 *  Test app (Eventide): unlocks the door when the presence sensor leaves (a dangerous app, for
 *  the safety-property tests).
 */
definition(name: "Unlock on leave", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "person", "capability.presenceSensor", title: "Who"
        input "door", "capability.lock", title: "Door"
    }
}

def installed() {
    subscribe(person, "presence", presenceHandler)
}

def presenceHandler(evt) {
    if (evt.value == "not present") {
        door.unlock()
    }
}
