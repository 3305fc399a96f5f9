/**
 *  Test app (Eventide): asks for a capability that does not exist.
 */
definition(name: "Unknown", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "beam", "capability.teleporter", title: "Teleporter"
    }
}

def installed() {}
