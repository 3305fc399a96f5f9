/**
 *  Test app (Eventide): keys of atomicState created by storing null, and a handler that counts
 *  the keys. Storing into a key is the same access whether or not the key exists, so DPOR may
 *  treat two stores as commuting; it must still try the presence sensor's store before the
 *  contact sensor's handler, or it never sees the map with exactly one key.
 */
definition(name: "Lazy keys", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "contact", "capability.contactSensor"
        input "motion", "capability.motionSensor"
        input "presence", "capability.presenceSensor"
        input "water", "capability.waterSensor"
    }
}

def installed() {
    subscribe(contact, "contact", onContact)
    subscribe(motion, "motion", onMotion)
    subscribe(presence, "presence", onPresence)
    subscribe(water, "water", onWater)
}

def onContact(evt) {
    if (!atomicState.c) { atomicState.c = 2 }
    if (atomicState.a == atomicState.b && atomicState.containsKey("a")) { throw new Exception("a and b agree") }
    atomicState.c = atomicState.b
    atomicState.a = atomicState.c
}

def onMotion(evt) {
    if (atomicState.containsKey("b")) { throw new Exception("b is present") }
    if (atomicState.c == atomicState.b && atomicState.containsKey("c")) { throw new Exception("c and b agree") }
    if (atomicState.containsKey("c")) { throw new Exception("c is present") }
}

def onPresence(evt) {
    atomicState.a = null
}

def onWater(evt) {
    if (atomicState.size() == 1) { throw new Exception("exactly one key") }
}
