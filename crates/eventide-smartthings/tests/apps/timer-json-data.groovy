/**
 *  Test app (Eventide): a schedule's data reaches the handler as the platform stores it (JSON):
 *  a GString key is a String key, a date is text, and changing the map after scheduling does not
 *  change what the handler gets.
 */
definition(
    name: "Timer JSON Data",
    namespace: "eventide.test",
    author: "Eventide",
    description: "Schedules a handler with data built from GStrings and a date."
)

preferences {
    section("Watch") {
        input "trigger", "capability.switch", title: "Switch"
    }
}

def installed() {
    subscribe(trigger, "switch.on", turnedOn)
}

def turnedOn(evt) {
    def key = "level"
    def data = ["${key}": 10, when: new Date(0), names: ["${evt.value}"]]
    runIn(60, later, [data: data])
    data.level = 99
    data.names << "changed"
}

def later(data) {
    state.level = data.level
    state.byGString = data["${'level'}"]
    state.whenIsText = data.when instanceof String
    state.names = data.names
}
