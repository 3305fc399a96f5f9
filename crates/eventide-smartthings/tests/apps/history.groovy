/**
 *  Test app (Eventide): device history, device lists, event properties.
 */
definition(name: "History", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "thermo", "capability.temperatureMeasurement", title: "Thermometer"
        input "lamps", "capability.switch", title: "Lamps", multiple: true
    }
}

def installed() {
    subscribe(thermo, "temperature", temp)
    subscribe(location, "mode.away", away)
}

def temp(evt) {
    state.name = evt.name
    state.numeric = evt.numericValue + 1
    state.integer = evt.integerValue
    state.current = thermo.currentValue("temperature")
    state.viaProperty = thermo.currentTemperature
    state.stateValue = thermo.currentState("temperature").value
    state.since = thermo.statesSince("temperature", new Date(now() - 60000)).collect { it.value }
    state.events = thermo.eventsSince(new Date(now() - 60000)).size()
    state.lampStates = lamps.currentValue("switch")
    state.lampNames = lamps*.displayName
    state.count = lamps.size()
    lamps.each { it.on() }
    state.after = lamps.currentSwitch
    state.isPhysical = evt.isPhysical()
    state.device = evt.device.displayName
}

def away(evt) {
    state.mode = location.mode
    state.modes = location.modes*.name
}
