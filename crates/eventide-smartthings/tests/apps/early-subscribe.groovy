// The early platform's `subscribe(device.attribute)`, whose handler is the method named after
// the attribute: the model cannot tell it from a mistake and says so.
definition(name: "Early Subscribe", namespace: "eventide.test", author: "eventide", description: "d", category: "c")
preferences {
    section("x") { input "switch1", "capability.switch" }
}
def installed() { subscribe(switch1.switch) }
def updated() { unsubscribe(); installed() }
def "switch"(evt) { state.seen = evt.value }
