// Needs the rule that adds to backtrack(s) every event a transition from s disables:
// eB enables eC only while g == 0; eA sets g and disables eC.
// expect: violation disabled
g = 0
event("eA") { g = 1; disable("eC") }
event("eB") { if (g == 0) { enable("eC") } }
event("eC", enabled: false) { assert g == 1 : "disabled" }
