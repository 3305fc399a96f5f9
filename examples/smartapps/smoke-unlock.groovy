/**
 *  Smoke Unlock
 *
 *  Unlocks the front door when smoke is detected, so that people inside can get out and
 *  firefighters can get in. A bundled Eventide example.
 */
definition(
    name: "Smoke Unlock",
    namespace: "eventide.examples",
    author: "Eventide",
    description: "Unlock the door when smoke is detected.",
    category: "Safety & Security",
    iconUrl: "",
    iconX2Url: "")

preferences {
    section("When smoke is detected by...") {
        input "smokeDetector", "capability.smokeDetector", title: "Smoke detector", required: true
    }
    section("Unlock this door") {
        input "frontDoor", "capability.lock", title: "Door lock", required: true
    }
    section("Notify") {
        input "sendPushMessage", "bool", title: "Send a push notification?", required: false
    }
}

def installed() {
    log.debug "Installed with settings: ${settings}"
    initialize()
}

def updated() {
    unsubscribe()
    initialize()
}

def initialize() {
    subscribe(smokeDetector, "smoke.detected", smokeHandler)
}

def smokeHandler(evt) {
    log.info "Smoke detected by ${evt.displayName}: unlocking ${frontDoor.displayName}"
    if (frontDoor.currentValue("lock") != "unlocked") {
        frontDoor.unlock()
    }
    if (sendPushMessage) {
        sendPush("Smoke detected: ${frontDoor.displayName} unlocked")
    }
}
