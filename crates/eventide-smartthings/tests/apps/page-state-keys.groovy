// A settings page stores a map with an integer key in `state`; one handler reads it by that key,
// another stores an unrelated key. As the platform keeps `state` as JSON, the key is the string
// "1" once the app is installed, whichever handler runs first.
definition(name: "Page State Keys", namespace: "eventide.tests", author: "Eventide", description: "d", category: "c", iconUrl: "", iconX2Url: "")
preferences {
    page(name: "setupPage")
}
def setupPage() {
    state.levels = [1: "low"]
    state.history = ["a", "b", "c"]
    dynamicPage(name: "setupPage", install: true) {
        section("Devices") {
            input "door", "capability.contactSensor", title: "Door"
            input "motion", "capability.motionSensor", title: "Motion"
        }
    }
}
def installed() {
    subscribe(door, "contact.open", doorOpened)
    subscribe(motion, "motion.active", motionSeen)
}
def doorOpened(evt) {
    if (state.levels[1] == null) {
        throw new IllegalStateException("the integer key is gone")
    }
}
def motionSeen(evt) {
    state.seen = true
}
