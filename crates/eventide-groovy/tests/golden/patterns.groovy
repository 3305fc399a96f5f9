//# settings-style string numbers
def minutesLater = "5"
println minutesLater.toInteger() * 60
println((minutesLater as Integer) * 2)
//> 300
//> 10

//# counting with state maps
def state = [:]
3.times {
    state.count = (state.count ?: 0) + 1
}
println state.count
//> 3

//# device list filtering
def devices = [[name: "lamp", sw: "on"], [name: "fan", sw: "off"], [name: "tv", sw: "on"]]
def onDevices = devices.findAll { it.sw == "on" }
println onDevices.size()
println onDevices*.name.join(", ")
println devices.every { it.sw == "on" }
println devices.any { it.sw == "off" }
//> 2
//> lamp, tv
//> false
//> true

//# message building with GStrings
def name = "Front Door"
def minutes = 10
def msg = "${name} has been open for ${minutes} minute${minutes == 1 ? '' : 's'}"
println msg
//> Front Door has been open for 10 minutes

//# average of readings
def readings = [70.5, 71.0, 69.5]
def avg = readings.sum() / readings.size()
println avg
println String.format("%.1f", avg)
//> 70.3333333333
//> 70.3

//# threshold comparisons with mixed types
def temp = "72".toDouble()
def setpoint = 70
println temp > setpoint
println temp - setpoint
println Math.abs(setpoint - temp)
//> true
//> 2.0
//> 2.0

//# time window checks with milliseconds
def start = 1000
def now = 5000
def elapsed = now - start
println elapsed > 60 * 1000 ? "stale" : "fresh"
println elapsed / 1000
println((int) (elapsed / 1000))
//> fresh
//> 4
//> 4

//# switch on mode names
def mode = "Away"
def action
switch (mode) {
    case ["Home", "Night"]: action = "disarm"; break
    case "Away": action = "arm"; break
    default: action = "none"
}
println action
//> arm

//# null safe chains with elvis
def evt = [value: null, data: null]
def v = evt.value ?: "unknown"
println v
println evt.data?.size() ?: 0
//> unknown
//> 0

//# string handler names
def handlers = ["onHandler", "offHandler"]
println handlers.collect { it - "Handler" }
println handlers.find { it.startsWith("off") }
//> [on, off]
//> offHandler

//# percent to level conversion
def level = 75
def scaled = (level * 255 / 100) as int
println scaled
println Math.round(level * 2.55)
//> 191
//> 191

//# list of maps sorted by key
def events = [[t: 3, v: "c"], [t: 1, v: "a"], [t: 2, v: "b"]]
println events.sort { it.t }*.v
println events.max { it.t }.v
//> [a, b, c]
//> c

//# state list capped at a size
def history = []
(1..7).each {
    history << it
    if (history.size() > 5) history = history.drop(1)
}
println history
//> [3, 4, 5, 6, 7]

//# building a map from inputs
def inputs = ["switch1", "switch2"]
def m = inputs.collectEntries { [(it): "off"] }
m.switch1 = "on"
println m
//> [switch1:on, switch2:off]

//# parsing a time string
def t = "07:30"
def parts = t.split(":")
def h = parts[0].toInteger()
def mi = parts[1] as Integer
println h * 60 + mi
//> 450

//# formatting durations
def secs = 3725
def hours = secs.intdiv(3600)
def mins = (secs % 3600).intdiv(60)
def rest = secs % 60
println String.format("%d:%02d:%02d", hours, mins, rest)
//> 1:02:05

//# hex color strings
def rgb = [255, 128, 0]
println "#" + rgb.collect { String.format("%02X", it) }.join()
println Integer.parseInt("FF", 16)
//> #FF8000
//> 255

//# boolean settings with defaults
def settings = [notify: null, repeat: false]
println settings.notify != false
println settings.repeat ?: "off"
println (settings.notify == null ? "unset" : "set")
//> true
//> off
//> unset

//# collection of numbers from strings
def csv = "3, 10, 7"
def nums = csv.tokenize(",")*.trim()*.toInteger()
println nums
println nums.sum()
println nums.max() - nums.min()
//> [3, 10, 7]
//> 20
//> 7

//# capitalized names and labels
def label = "living room lamp"
println label.tokenize().collect { it.capitalize() }.join(" ")
//> Living Room Lamp

//# numeric string checks
println "15".isNumber() ? "15".toInteger() + 1 : "nan"
println "abc".isNumber() ? 1 : "nan"
//> 16
//> nan

//# nested data access
def payload = [devices: [[id: "a", attrs: [temp: 70]], [id: "b", attrs: [temp: 65]]]]
println payload.devices.find { it.id == "b" }.attrs.temp
println payload.devices*.attrs*.temp
println payload.devices.collect { it.attrs.temp }.sum()
//> 65
//> [70, 65]
//> 135

//# queue processing with remove
def queue = ["a", "b", "c"]
def done = []
while (queue) {
    done << queue.remove(0)
}
println done
println queue
//> [a, b, c]
//> []

//# increment counters in nested maps
def stats = [:]
["x", "y", "x"].each { k ->
    if (!stats[k]) stats[k] = [n: 0]
    stats[k].n++
}
println stats
//> [x:[n:2], y:[n:1]]

//# elvis with zero and empty values
println 0 ?: "zero"
println "" ?: "empty"
println([] ?: "none")
//> zero
//> empty
//> none
