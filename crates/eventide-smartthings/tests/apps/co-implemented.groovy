/**
 *  Test app (Eventide): commands a device's capabilities do not define (another capability's,
 *  and a custom one a device handler may define), an unknown device property, a method no
 *  event has, and a plain-text trackData.
 */
definition(name: "Co-implemented", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "siren", "capability.alarm", title: "Siren", multiple: true
        input "door", "capability.contactSensor", title: "Door"
        input "dimmer", "capability.switchLevel", title: "Dimmer"
        input "speaker", "capability.musicPlayer", title: "Speaker"
    }
}

def installed() {
    subscribe(door, "contact.open", opened)
    subscribe(door, "contact.closed", closed)
}

def opened(evt) {
    siren.on()
    door.off()
    dimmer.setColor([hue: 10, saturation: 100, level: 70])
    state.hasColor = dimmer.hasCommand("setColor")
    state.propertyIsNull = (door.latestValue == null)
    state.track = speaker.currentValue("trackData")
    state.json = parseJson("{\"value\": \"${speaker.currentValue("trackData")}\"}").value
}

def closed(evt) {
    door.explode(3)
    evt.explode()
}
