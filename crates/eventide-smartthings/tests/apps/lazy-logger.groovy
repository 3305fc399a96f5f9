/**
 *  Test app (Eventide): a logger whose every handler initialises a key of atomicState lazily, with
 *  a value that is null until configured (the shape of the Initial State event streamers).
 */
definition(name: "Lazy logger", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "contact", "capability.contactSensor"
        input "motion", "capability.motionSensor"
        input "presence", "capability.presenceSensor"
        input "water", "capability.waterSensor"
        input "accel", "capability.accelerationSensor"
    }
}

def installed() {
    subscribe(contact, "contact", handler)
    subscribe(motion, "motion", handler)
    subscribe(presence, "presence", handler)
    subscribe(water, "water", handler)
    subscribe(accel, "acceleration", handler)
}

def handler(evt) {
    if (!atomicState.bucket) {
        atomicState.bucket = atomicState.key
    }
    log.debug "${evt.name} ${evt.value} to ${atomicState.bucket}"
}
