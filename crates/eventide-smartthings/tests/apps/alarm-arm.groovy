/**
 *  Test app (Eventide): arms the Smart Home Monitor when the door opens and notes every change
 *  of its status.
 */
definition(name: "Alarm Arm", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "door", "capability.contactSensor", title: "Door"
    }
}

def installed() {
    state.initial = location.currentState("alarmSystemStatus")?.value
    subscribe(door, "contact.open", opened)
    subscribe(location, "alarmSystemStatus", alarmChanged)
}

def opened(evt) {
    sendLocationEvent(name: "alarmSystemStatus", value: "away")
}

def alarmChanged(evt) {
    state.seen = evt.value
    state.now = location.currentValue("alarmSystemStatus")
}
