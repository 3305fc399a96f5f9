/**
 *  Test app (Eventide): inputs declared by pages, dynamic pages, helpers and loops.
 */
definition(name: "Pages", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    page(name: "mainPage", title: "Main", nextPage: "detailPage")
    page(name: "detailPage")
    page(name: "staticPage", title: "Static") {
        section {
            input "staticNumber", "decimal", title: "A decimal"
        }
    }
}

def mainPage() {
    dynamicPage(name: "mainPage") {
        section("Devices") {
            ifUnset "sensors", "capability.motionSensor", title: "Sensors", multiple: true
            input "choice", "enum", title: "Pick", options: ["first", "second"]
            input("phone", "phone", title: "Phone") {
                input "notify", "bool", title: "Notify?"
            }
            href(name: "toMore", page: "morePage", title: "More")
            href(name: "toButton", page: "buttonPage", title: "Button 2", params: [button: 2])
            href(page: "plainPage", title: "Plain")
        }
    }
}

def detailPage() {
    dynamicPage(name: "detailPage") {
        if (sensors) {
            sensors.each { s ->
                section("${s.displayName}") {
                    input "delay_${s.id}", "number", title: "Delay"
                }
            }
        }
        ["a", "b"].each { n ->
            section { input "text_$n", "text", title: "Text $n" }
        }
    }
}

def morePage() {
    dynamicPage(name: "morePage") {
        section {
            input "when", "time", title: "When"
            input "numbers", "enum", title: "Numbers", options: [[5: "five"], [10: "ten"]], multiple: true
        }
    }
}

// A page method with a parameter gets the `params:` of the `href` to it.
def buttonPage(params) {
    dynamicPage(name: "buttonPage") {
        section { input "button_${params.button}", "number", title: "Button" }
    }
}

// Without `params:` in the `href`, the parameter is an empty map.
def plainPage(params) {
    dynamicPage(name: "plainPage") {
        section {
            if (!params.extra) {
                input "noExtra", "bool", title: "No extra"
            }
        }
    }
}

private ifUnset(Map options, String name, String capability) {
    if (!settings[name]) {
        input(options, name, capability)
    }
}

def installed() {
    subscribe(sensors, "motion", moved)
}

def moved(evt) {
    state.delay = settings["delay_${evt.device.id}"]
    state.when = timeToday(when).time
}
