/**
 *  Test app (Eventide): disarms the Smart Home Monitor when someone arrives.
 */
definition(name: "Alarm Disarm", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "people", "capability.presenceSensor", title: "People", multiple: true
    }
}

def installed() {
    subscribe(people, "presence.present", arrived)
}

def arrived(evt) {
    sendLocationEvent(name: "alarmSystemStatus", value: "off")
}
