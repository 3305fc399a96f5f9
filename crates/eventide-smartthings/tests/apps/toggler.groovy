/**
 *  Test app (Eventide): flips a switch whenever it changes, which cascades without end.
 */
definition(name: "Toggler", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "sw", "capability.switch", title: "Switch"
        input "button", "capability.button", title: "Button"
    }
}

def installed() {
    subscribe(sw, "switch", flip)
    subscribe(button, "button.pushed", pushed)
}

def flip(evt) {
    if (evt.value == "on") {
        sw.off()
    } else {
        sw.on()
    }
}

def pushed(evt) {
    sw.on()
}
