/**
 *  Test app (Eventide): subscriptions that no event of the model runs, beside one that runs.
 */
definition(name: "Silent subscriptions", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "button", "capability.momentary", title: "Momentary button"
        input "light", "capability.switch", title: "Light"
        input "co2", "capability.carbonDioxideMeasurement", title: "CO2 sensor"
    }
}

def installed() {
    subscribe(location, "routineExecuted", routine)
    subscribe(button, "switch.on", pressed)
    subscribe(light, "switch.On", lightOn)
    subscribe(co2, "carbonDioxide", co2Changed)
    subscribe(light, "switch.on", lightOn)
}

def routine(evt) { log.debug "routine" }
def pressed(evt) { light.on() }
def lightOn(evt) { log.debug "on" }
def co2Changed(evt) { log.debug "co2" }
