// App fields holding objects with state of their own. `trail` is a StringBuilder that the door and
// motion handlers append to, without assigning the field; the presence handler fails when the
// motion came first. `counter` (set up only when the app is touched) is a closure that keeps a
// local of the code that made it.
definition(name: "Field Objects", namespace: "eventide.tests", author: "Eventide", description: "d", category: "c", iconUrl: "", iconX2Url: "")
preferences {
    section("Devices") {
        input "door", "capability.contactSensor", title: "Door"
        input "motion", "capability.motionSensor", title: "Motion"
        input "someone", "capability.presenceSensor", title: "Someone"
    }
}
def installed() {
    trail = new StringBuilder()
    subscribe(door, "contact.open", opened)
    subscribe(motion, "motion.active", moved)
    subscribe(someone, "presence.present", arrived)
    subscribe(app, touched)
}
def opened(evt) {
    if (trail.length() == 0) { trail.append("door") }
}
def moved(evt) {
    if (trail.length() == 0) { trail.append("motion") }
}
def arrived(evt) {
    if (trail.toString() == "motion") { throw new IllegalStateException("motion came first") }
}
def touched(evt) {
    def k = 0
    counter = { -> k = k + 1; k }
}
