/**
 *  Test app (Eventide): reads a time input with the platform's time helpers.
 */
definition(
    name: "Time Inputs",
    namespace: "eventide.test",
    author: "Eventide",
    description: "Notes when a time input falls today."
)

preferences {
    section("At") {
        input "when", "time", title: "Time"
    }
}

def installed() {
    state.dateTime = toDateTime(when).time
    state.today = timeToday(when, location.timeZone).time
    state.iso = toDateTime("2026-01-05T08:30:00.000+0000").time
    try {
        toDateTime("noon")
        state.bad = "accepted"
    } catch (IllegalArgumentException e) {
        state.bad = e.message
    }
}
