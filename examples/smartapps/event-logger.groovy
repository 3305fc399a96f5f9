/**
 *  Event Logger
 *
 *  Keeps every door and motion event in a buffer to upload later, and never uploads it: the
 *  buffer grows with every event, so the app's state space is infinite. A bundled Eventide
 *  example of the growth diagnosis and of `--bound-collections`.
 */
definition(
    name: "Event Logger",
    namespace: "eventide.examples",
    author: "Eventide",
    description: "Buffer door and motion events for a later upload.",
    category: "Convenience",
    iconUrl: "",
    iconX2Url: "")

preferences {
    section("Log these") {
        input "door", "capability.contactSensor", title: "Door", required: true
        input "motion", "capability.motionSensor", title: "Motion", required: true
    }
}

def installed() {
    atomicState.buffer = []
    subscribe(door, "contact", logEvent)
    subscribe(motion, "motion", logEvent)
}

def updated() {
    unsubscribe()
    installed()
}

def logEvent(evt) {
    def buffer = atomicState.buffer
    buffer << "${evt.name}:${evt.value}"
    atomicState.buffer = buffer
}
