/**
 *  Test app (Eventide): locks the door when it opens and tells the other apps of the home with a
 *  location event of its own.
 */
definition(name: "House event sender", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "door", "capability.contactSensor", title: "Door"
        input "lock", "capability.lock", title: "Lock"
    }
}

def installed() {
    subscribe(door, "contact.open", opened)
}

def opened(evt) {
    lock.lock()
    sendLocationEvent(name: "houseEvent", value: "doorOpened", descriptionText: "the door opened")
}
