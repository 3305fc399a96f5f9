// Pages as apps write them for the platform's first run: the first page takes the parameters of
// the links to it, and shows an "about" page until the app has been opened once; a remove button.
definition(name: "First Run Pages", namespace: "eventide.test", author: "eventide", description: "d", category: "c")

preferences {
    page(name: "mainPage")
    page(name: "aboutPage")
    page(name: "detailPage")
}

def mainPage(params) {
    if (state.opened == null) {
        state.opened = false
        return aboutPage()
    }
    state.visited = state.visited ?: [:]
    state.visited.main = true
    dynamicPage(name: "mainPage", install: true, uninstall: true) {
        section("Lights") {
            input "lights", "capability.switch", multiple: true
            href "detailPage", title: "More", params: [which: "door"]
        }
        section { remove("Remove this app", "Are you sure?") }
    }
}

def aboutPage() {
    dynamicPage(name: "aboutPage") { section { paragraph "Tap Next to set this app up." } }
}

def detailPage(params) {
    state.visited.detail = params.which
    dynamicPage(name: "detailPage") {
        section { input "${params.which}Sensor", "capability.contactSensor" }
    }
}

def installed() { subscribe(doorSensor, "contact.open", opened) }
def updated() { unsubscribe(); installed() }
def opened(evt) { lights.on() }
