/**
 *  Away Lock
 *
 *  Locks the front door when everybody has left home. A bundled Eventide example.
 */
definition(
    name: "Away Lock",
    namespace: "eventide.examples",
    author: "Eventide",
    description: "Lock the door when everyone leaves.",
    category: "Safety & Security",
    iconUrl: "",
    iconX2Url: "")

preferences {
    section("When all of these people leave home...") {
        input "people", "capability.presenceSensor", title: "Who?", multiple: true, required: true
    }
    section("Lock this door") {
        input "frontDoor", "capability.lock", title: "Door lock", required: true
    }
}

def installed() {
    subscribe(people, "presence", presenceHandler)
}

def updated() {
    unsubscribe()
    subscribe(people, "presence", presenceHandler)
}

def presenceHandler(evt) {
    if (evt.value == "not present" && everyoneIsAway()) {
        log.info "Everyone left: locking ${frontDoor.displayName}"
        frontDoor.lock()
    }
}

private everyoneIsAway() {
    people.every { it.currentValue("presence") == "not present" }
}
