/**
 *  Test app (Eventide): sets a mode the location does not have ("Home"; the location's modes
 *  are home, away and night), then a mode it has.
 */
definition(
    name: "Undefined Mode",
    namespace: "eventide.test",
    author: "Eventide",
    description: "Sets the mode to Home when the switch turns on, to away when it turns off."
)

preferences {
    section("When this switch changes") {
        input "trigger", "capability.switch", title: "Switch"
    }
}

def installed() {
    subscribe(trigger, "switch.on", turnedOn)
    subscribe(trigger, "switch.off", turnedOff)
}

def turnedOn(evt) {
    setLocationMode("Home")
    state.after = true
}

def turnedOff(evt) {
    location.mode = "away"
}
