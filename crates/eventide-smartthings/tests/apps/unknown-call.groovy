/**
 *  Test app (Eventide): calls a platform function that does not exist.
 */
definition(name: "Unknown Call", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "sw", "capability.switch", title: "Switch"
    }
}

def installed() {
    subscribe(sw, "switch", changed)
}

def changed(evt) {
    sendTelegram("hello")
}
