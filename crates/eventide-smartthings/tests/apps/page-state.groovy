/**
 *  Test app (Eventide): a settings page that computes a value into `state` while the user
 *  configures the app; the installed app's handlers use it.
 */
definition(
    name: "Page State",
    namespace: "eventide.test",
    author: "Eventide",
    description: "Keeps the last few button presses, as many as the settings page decided."
)

preferences {
    page(name: "settingsPage")
}

def settingsPage() {
    state.keep = 2
    dynamicPage(name: "settingsPage", install: true, uninstall: true) {
        section("Button") { input "button", "capability.button" }
    }
}

def installed() {
    state.presses = []
    subscribe(button, "button", pressed)
}

def pressed(evt) {
    state.presses << evt.value
    if (state.presses.size() > state.keep) {
        state.presses.remove(0)
    }
}
