/**
 *  Test app (Eventide): a dynamic page that reads inputs before (or without ever) declaring them,
 *  as nfc-tag-toggle does with `masterSwitch`. Unset and undeclared inputs read as null.
 */
definition(name: "Conditional Inputs", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    page(name: "devicesPage", title: "Devices", nextPage: "mastersPage") {
        section {
            input "lights", "capability.switch", title: "Lights", multiple: true, required: false
        }
    }
    page(name: "mastersPage", title: "Master", install: true)
}

def mastersPage() {
    dynamicPage(name: "mastersPage") {
        section {
            if (lights || masterLight) {
                input "masterLight", "enum", title: "Master light", options: lights.collect { it.id }, required: false
            }
            if (neverDeclared) {
                input "ghost", "text", title: "Never shown"
            }
        }
    }
}

def installed() {
    subscribe(lights, "switch", changed)
}

def changed(evt) {
    state.master = masterLight
    state.undeclaredAreNull = (ghost == null) && (neverDeclared == null) && (settings.ghost == null)
}
