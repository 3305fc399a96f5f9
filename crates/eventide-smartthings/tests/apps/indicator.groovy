/**
 *  Test app (Eventide): a switch's status light follows the switch (capability.indicator).
 */
definition(name: "Indicator", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "light", "capability.indicator", title: "Status light"
        input "lamp", "capability.switch", title: "Lamp"
    }
}

def installed() {
    subscribe(lamp, "switch.on", lit)
}

def lit(evt) {
    light.indicatorWhenOn()
}
