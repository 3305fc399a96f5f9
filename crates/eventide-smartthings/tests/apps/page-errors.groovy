// Two pages that end by calling the same failing helper: one page error, listed once.
definition(name: "Page errors", namespace: "eventide.test", author: "eventide", description: "d", category: "c")

preferences {
    page(name: "firstPage")
    page(name: "secondPage")
}

def firstPage() {
    def page = dynamicPage(name: "firstPage", nextPage: "secondPage") {
        section { input "lamp", "capability.switch" }
    }
    check()
    page
}

def secondPage() {
    def page = dynamicPage(name: "secondPage", install: true) {
        section { input "door", "capability.lock" }
    }
    check()
    page
}

def check() { 5.isNumber() }

def installed() { subscribe(lamp, "switch.on", lit) }
def lit(evt) { door.lock() }
