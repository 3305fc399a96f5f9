// A smart-home flavoured model: one app locks the door when everybody has left, another unlocks
// it when smoke is detected. The property: the door is never left locked while smoke is
// detected and someone could be inside. Found: leave (lock), smoke (unlock), then the
// presence app locks again on its next run.
// expect: violation door locked during smoke
locked = false
present = true
smoke = false
event("leave") { present = false; locked = true; disable("leave"); enable("arrive") }
event("arrive", enabled: false) { present = true; locked = false; disable("arrive"); enable("leave") }
event("smokeDetected") { smoke = true; locked = false; disable("smokeDetected"); enable("smokeCleared") }
event("smokeCleared", enabled: false) { smoke = false; disable("smokeCleared"); enable("smokeDetected") }
event("autoLock") {
    if (!present) { locked = true }
    assert !(locked && smoke) : "door locked during smoke"
}
