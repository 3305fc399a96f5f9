/**
 *  Test app (Eventide): subscription filters outside the attribute's values (`"switch.On"`, a
 *  command name) next to a filter the device does send.
 */
definition(name: "Filter case", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "lamp", "capability.switch", title: "Lamp"
        input "door", "capability.lock", title: "Door"
    }
}

def installed() {
    subscribe(lamp, "switch.On", unlockDoor)
    subscribe(lamp, "switch.setLevel", unlockDoor)
    subscribe(lamp, "switch.off", lockDoor)
}

def unlockDoor(evt) {
    door.unlock()
}

def lockDoor(evt) {
    door.lock()
}
