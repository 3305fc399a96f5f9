/**
 *  Test app (Eventide): locks the door and dims when a dimmer turns on; unlocks when the
 *  location enters the chosen mode.
 */
definition(name: "Light Lock", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "dimmer", "capability.switchLevel", title: "Dimmer"
        input "frontLock", "capability.lock", title: "Lock"
        input "wakeMode", "mode", title: "Unlock in this mode"
        input "otherMode", "mode", title: "Second mode input"
    }
}

def installed() {
    subscribe(dimmer, "switch.on", lightOn)
    subscribe(location, "mode", modeChanged)
    subscribe(location, "sunset", sunset)
}

def lightOn(evt) {
    frontLock.lock()
    dimmer.setLevel(30)
}

def modeChanged(evt) {
    if (evt.value == wakeMode) {
        frontLock.unlock()
    }
}

def sunset(evt) {
    setLocationMode("night")
}
