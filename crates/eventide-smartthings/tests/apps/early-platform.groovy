// An app in the style of the early SmartThings platform: preferences declared as data, the
// one-argument `subscribe(app)` (its handler is `appTouch`) and `subscribe(location)` (its
// handler is `changedLocationMode`), a method whose name is a string, and
// an Audio Notification speaker; and a `@Field` constant that methods read.
definition(name: "Early Platform", namespace: "eventide.test", author: "eventide", description: "d", category: "c")

preferences() {
    return [
        sections: [
            [title: "When this door opens...", input: [[name: "door", type: "capability.contactSensor", title: "Which?"]]],
            [title: "Say it here", input: [
                [name: "speakers", type: "capability.audioNotification", multiple: true],
                [name: "phrase", type: "text", required: false]
            ]]
        ]
    ]
}

def installed() {
    subscribe(app)
    subscribe(location)
    subscribe(door, "contact", "contact")
}

def updated() {
    unsubscribe()
    installed()
}

def changedLocationMode(evt) {
    state.mode = evt.value
}

def appTouch(evt) {
    state.touched = true
    speakers.playTextAndResume("touched")
}

@groovy.transform.Field final List WATCHED = ["open"]

def "contact"(evt) {
    if (WATCHED.contains(evt.value)) { state.last = evt.value }
    speakers*.playTrack("chime")
}
