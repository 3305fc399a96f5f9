/**
 *  Test app (Eventide): parses the location's sunset time with the pattern SmartThings' own
 *  Sunrise/Sunset app uses (a literal `Z`), from the location and from the event.
 */
definition(name: "Sunset parse", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "door", "capability.lock", title: "Door"
    }
}

def installed() {
    subscribe(location, "sunsetTime", sunsetTimeHandler)
    state.atSetup = Date.parse("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", location.currentValue("sunsetTime")).time
}

def sunsetTimeHandler(evt) {
    state.fromEvent = Date.parse("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", evt.value).time
}
