/**
 *  Test app (Eventide): a handler that fails half way, and state that goes through JSON.
 */
definition(name: "Faulty", namespace: "eventide.test", author: "Eventide", description: "test")

preferences {
    section {
        input "sw", "capability.switch", title: "Switch"
        input "motion", "capability.motionSensor", title: "Motion"
    }
}

def installed() {
    subscribe(app, touched)
    subscribe(motion, "motion.active", moved)
    state.byNumber = [:]
    state.byNumber[1] = "one"
    state.when = new Date(now())
}

def touched(evt) {
    sw.on()
    def zero = 0
    def x = 1 / zero
    sw.off()
}

def moved(evt) {
    state.sawOne = state.byNumber[1]
    state.sawKey = state.byNumber["1"]
    state.whenText = state.when
    state.level = evt.device.currentValue("motion")
    state.count = (state.count ?: 0) + 1
}
