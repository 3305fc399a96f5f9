// Two handlers schedule a method the app lacks, each under its own condition. The finding names
// the first call in the source that passes the name, whichever handler ran first.
definition(name: "Missing Handler Sites", namespace: "eventide.tests", author: "Eventide", description: "d", category: "c", iconUrl: "", iconX2Url: "")
preferences {
    section("Devices") {
        input "door", "capability.contactSensor", title: "Door"
        input "motion", "capability.motionSensor", title: "Motion"
    }
}
def installed() {
    subscribe(door, "contact", doorChanged)
    subscribe(motion, "motion", motionChanged)
}
def doorChanged(evt) {
    log.debug "notYetWritten"
    if (motion.currentValue("motion") == "active") { runIn(60, "notYetWritten") }
}
def motionChanged(evt) {
    if (door.currentValue("contact") == "closed") { runIn(60, "notYetWritten") }
}
