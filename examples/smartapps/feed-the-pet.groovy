/**
 *  Feed the Pet
 *
 *  Feeds the pet when its feeder runs low, and turns the kitchen lights on so that someone
 *  notices. A bundled Eventide example of an app that asks for a custom device type
 *  (`device.petFeeder`): with `--device-handlers examples/device-handlers` the feeder follows
 *  the Pet Feeder handler; without it, the feeder is a generic device.
 */
definition(
    name: "Feed the Pet",
    namespace: "eventide.examples",
    author: "Eventide",
    description: "Feed the pet when the feeder runs low.",
    category: "Pets",
    iconUrl: "",
    iconX2Url: "")

preferences {
    section("The feeder") {
        input "feeder", "device.petFeeder", title: "Which feeder?", required: true
        input "portion", "number", title: "Portion (grams)", required: true
    }
    section("Turn on these lights") {
        input "lights", "capability.switch", multiple: true, required: false
    }
}

def installed() {
    subscribe(feeder, "food", foodHandler)
}

def updated() {
    unsubscribe()
    installed()
}

def foodHandler(evt) {
    if (evt.value == "low" || evt.value == "empty") {
        feeder.setPortion(portion)
        feeder.feed()
        lights?.on()
        sendPush("Fed the pet: the feeder was ${evt.value}")
    }
}
