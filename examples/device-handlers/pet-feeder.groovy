/**
 *  Pet Feeder
 *
 *  A device handler for a connected pet feeder: a switch (the dispenser's motor), a battery, a
 *  food level the feeder reports, and commands of its own. A bundled Eventide example: pass its
 *  folder with `--device-handlers examples/device-handlers` to give `device.petFeeder` inputs
 *  these attributes and commands.
 */
metadata {
    definition(name: "Pet Feeder", namespace: "eventide.examples", author: "Eventide") {
        capability "Switch"
        capability "Battery"
        capability "Health Check"

        attribute "food", "enum", ["full", "low", "empty"]
        attribute "lastFed", "string"

        command "feed"
        command "setPortion", ["number"]
    }

    tiles {
        standardTile("food", "device.food", width: 2, height: 2) {
            state "full", label: "Full"
            state "low", label: "Low"
            state "empty", label: "Empty"
        }
        main "food"
    }
}

def parse(String description) {
    def pair = description.split(":")
    createEvent(name: pair[0].trim(), value: pair[1].trim())
}

def on() { sendEvent(name: "switch", value: "on") }

def off() { sendEvent(name: "switch", value: "off") }

def feed() {
    sendEvent(name: "lastFed", value: new Date().format("HH:mm"))
}

def setPortion(grams) {
    state.portion = grams
}
