/**
 *  Test app (Eventide): commands sent to a list built from two device inputs, an input named
 *  like one of the app's methods, list operators on device lists, a getter that reads the input of its own name, and the default
 *  time zone set to the location's.
 */
definition(
    name: "Device Lists",
    namespace: "eventide.test",
    author: "Eventide",
    description: "Turns every listed light on when a door opens, off when it closes."
)

preferences {
    section("When this opens") {
        input "door", "capability.contactSensor", title: "Door"
    }
    section("Turn on and off") {
        input "lamps", "capability.switch", title: "Lamps", multiple: true
        input "extraLamps", "capability.switch", title: "More lamps", multiple: true, required: false
        input "lampCount", "number", title: "How many lamps", required: false
    }
}

def installed() {
    subscribe(door, "contact.open", opened)
    subscribe(door, "contact.closed", closed)
}

def opened(evt) {
    TimeZone.setDefault(location.timeZone)
    extraLamps()?.on()
}

def closed(evt) {
    // Each element answers for itself: the list's result is the list of the commands' results.
    state.results = (lamps + extraLamps).off().size()
    state.lampCount = getLampCount()
    // A device list is a list to Groovy's operators: its elements are added, removed, flattened.
    state.operators = [(lamps + extraLamps).size(), (lamps - extraLamps).size(), ([] + lamps).size(),
                       [lamps, extraLamps].flatten().size(), lamps instanceof List]
    // The list read from the input is the handler's own: draining it leaves the input as it was.
    def pool = lamps
    while (pool) { pool.remove(0) }
    state.drained = [pool.size(), lamps.size()]
}

// Inside, `lampCount` is the input (unset: null), not this getter again.
def getLampCount() {
    lampCount ?: lamps.size()
}

// Inside, `extraLamps` is the input, not this method.
private extraLamps() {
    if (lamps && extraLamps) { lamps + extraLamps } else { lamps }
}
