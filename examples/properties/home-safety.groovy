// Safety properties of a smart home, for `eventide home|pair|app ... --properties`.
// Each invariant must hold in every state the home reaches after a whole transition (an event
// with its synchronous cascade of handlers). An invariant naming a device list that is empty in
// the home being checked is vacuously true there (and the report says so); so each invariant
// names its device lists itself rather than through a helper.
// Values are the catalogue's: presence "present"/"not present", lock "locked"/"unlocked",
// contact and valve and door "open"/"closed", smoke and carbonMonoxide "clear"/"detected"/"tested",
// alarm "off"/"siren"/"strobe"/"both", water "dry"/"wet", motion "active"/"inactive".

// Guards against leaving the home open: no door lock is unlocked while every presence sensor is away.
invariant("door locked when everyone is away") {
    !presences.every { it.presence == "not present" } || locks.every { it.lock == "locked" }
}

// Guards the Away mode's promise: no lock is left unlocked while the location is in Away mode.
invariant("door locked in away mode") {
    mode != "away" || locks.every { it.lock == "locked" }
}

// Guards the night: no lock is left unlocked while the location is in Night mode.
invariant("door locked at night") {
    mode != "night" || locks.every { it.lock == "locked" }
}

// Guards against an open garage or door while nobody is home.
invariant("doors closed when everyone is away") {
    !presences.every { it.presence == "not present" } || doors.every { it.door == "closed" }
}

// Guards against heating the outdoors (and a fire risk near open windows): no thermostat heats while a contact sensor is open.
invariant("no heating while a window is open") {
    !contactSensors.any { it.contact == "open" } ||
        thermostats.every { it.thermostatMode != "heat" && it.thermostatMode != "emergency heat" }
}

// Guards against a silent fire: some alarm sounds while a smoke detector detects smoke.
invariant("alarm sounds while smoke is detected") {
    !smokeDetectors.any { it.smoke == "detected" } || alarms.any { it.alarm != "off" }
}

// Guards against silent carbon monoxide: some alarm sounds while a CO detector detects CO.
invariant("alarm sounds while carbon monoxide is detected") {
    !coDetectors.any { it.carbonMonoxide == "detected" } || alarms.any { it.alarm != "off" }
}

// Guards the way out in a fire: every lock is unlocked while smoke is detected.
invariant("doors unlocked while smoke is detected") {
    !smokeDetectors.any { it.smoke == "detected" } || locks.every { it.lock == "unlocked" }
}

// Guards against flooding: every water valve is closed while a water sensor reports a leak.
invariant("valve closed while a leak is detected") {
    !waterSensors.any { it.water == "wet" } || valves.every { it.valve == "closed" }
}

// Guards against wasted light and a lit, empty house at night: lights are off at night unless motion is seen.
invariant("lights off at night without motion") {
    mode != "night" || motionSensors.any { it.motion == "active" } || switches.every { it.switch == "off" }
}

// Guards against an empty home that looks (and sounds) occupied: no music plays in Away mode.
invariant("no music in away mode") {
    mode != "away" || musicPlayers.every { it.status != "playing" }
}

// Guards against open shades advertising an empty home: window shades are closed in Away mode.
invariant("shades closed in away mode") {
    mode != "away" || windowShades.every { it.windowShade == "closed" }
}
