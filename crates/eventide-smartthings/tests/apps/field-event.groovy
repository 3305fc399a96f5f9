definition(name: "Field Event", namespace: "eventide.tests", author: "Eventide",
    description: "Keeps the last lock event in a field and reads it from later handlers.",
    category: "Safety & Security")

preferences {
    section("Lock") { input "lk", "capability.lock" }
}

def installed() {
    subscribe(lk, "lock", remember)
    subscribe(app, touched)
}

def remember(evt) {
    saved = evt
    state.lastId = evt.id
    runIn(5, later)
}

// Read after the handler that kept it: the kept event, not the one being handled now.
def touched(evt) {
    if (saved != null && saved.id != state.lastId) throw new Exception("the kept event changed its id")
    if (saved != null) throw new Exception("touch sees " + saved.name + "=" + saved.value)
}

def later() {
    throw new Exception("timer sees " + saved.name + "=" + saved.value)
}
