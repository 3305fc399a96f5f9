/**
 *  Test app (Eventide): turns lights on when a door opens and off when it closes, and notes in
 *  state that the door was opened.
 */
definition(
    name: "Contact Light",
    namespace: "eventide.test",
    author: "Eventide",
    description: "Turns lights on when a door opens."
)

preferences {
    section("When this opens") {
        input "door", "capability.contactSensor", title: "Door"
    }
    section("Turn on") {
        input "lights", "capability.switch", title: "Lights", multiple: true
        input "level", "number", title: "Level"
    }
}

def installed() {
    subscribe(door, "contact.open", opened)
    subscribe(door, "contact.closed", closed)
}

def opened(evt) {
    lights.on()
    state.opened = true
}

def closed(evt) {
    lights.off()
}
