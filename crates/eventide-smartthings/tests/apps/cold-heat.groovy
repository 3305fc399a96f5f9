/**
 *  Test app (Eventide): heats when the temperature drops below 50.
 */
definition(name: "Cold heat", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "thermostat", "capability.thermostat", title: "Thermostat"
    }
}

def installed() {
    subscribe(thermostat, "temperature", temperatureChanged)
}

def temperatureChanged(evt) {
    if (evt.integerValue < 50) {
        thermostat.heat()
    }
}
