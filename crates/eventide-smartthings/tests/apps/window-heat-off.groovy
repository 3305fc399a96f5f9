/**
 *  Test app (Eventide): turns the thermostat off while the window is open, at install time too.
 */
definition(name: "Window heat off", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "window", "capability.contactSensor", title: "Window"
        input "thermostat", "capability.thermostat", title: "Thermostat"
    }
}

def installed() {
    subscribe(window, "contact", windowChanged)
    if (window.currentValue("contact") == "open") {
        thermostat.off()
    }
}

def windowChanged(evt) {
    if (evt.value == "open") {
        thermostat.off()
    }
}
