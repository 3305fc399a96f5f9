/**
 *  Test app (Eventide): locks the door when the presence sensor leaves.
 */
definition(name: "Lock on leave", namespace: "eventide.test", author: "Eventide", description: "test")

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
        door.lock()
    }
}
