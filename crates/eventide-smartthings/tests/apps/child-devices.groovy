/**
 *  Test app (Eventide): child devices are part of the state. A switch turning on creates a
 *  child (once), turning off deletes it; touching the app relabels it.
 */
definition(name: "Child Devices", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "switch1", "capability.switch", title: "Switch"
    }
}

def installed() {
    subscribe(switch1, "switch", switched)
    subscribe(app, touched)
}

def switched(evt) {
    if (evt.value == "on") {
        if (!getChildDevice("child-1")) {
            addChildDevice("eventide.test", "Virtual Lamp", "child-1", null, [label: "Lamp"])
        }
    } else {
        deleteChildDevice("child-1")
    }
}

def touched(evt) {
    getChildDevice("child-1")?.setLabel("Renamed")
    def child = getChildDevice("child-1")
    if (child) {
        child.label = child.label + "!"
    }
    state.label = child?.label
    state.count = childDevices.size()
    // A child's attribute as a state, once the child has sent it; none before.
    child?.sendEvent(name: "power", value: "on")
    state.power = child?.currentState("power")?.value
    state.noState = child?.currentState("missing") == null
}
