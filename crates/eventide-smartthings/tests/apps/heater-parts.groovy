/**
 *  Test app (Eventide): asks for parts of Thermostat as capabilities of their own (a heater's
 *  setpoint, a fan's mode), as newer SmartApps do.
 */
definition(name: "Heater parts", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "heaters", "capability.thermostatHeatingSetpoint", title: "Heaters", multiple: true
        input "fan", "capability.thermostatFanMode", title: "Fan"
        input "checked", "capability.healthCheck", title: "Watched devices", multiple: true
    }
}

def installed() {
    subscribe(heaters, "heatingSetpoint", setpointChanged)
}

def setpointChanged(evt) {
    fan.fanOn()
    heaters.setHeatingSetpoint(68)
    checked*.ping()
}
