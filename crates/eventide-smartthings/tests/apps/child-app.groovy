/**
 *  Test app (Eventide): a child app that reports to its parent app, which is not installed.
 */
definition(
    name: "Child App",
    namespace: "eventide.test",
    author: "Eventide",
    description: "test",
    parent: "eventide.test:Parent App"
)

preferences {
    section {
        input "door", "capability.contactSensor", title: "Door"
    }
}

def installed() {
    subscribe(door, "contact.open", opened)
}

def opened(evt) {
    parent.report("opened", evt.value)
    state.answer = parent.count() ?: "none"
    state.parentClass = parent.getClass().name
}
