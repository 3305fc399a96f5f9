//! Precise semantics of the simulated home, on small SmartApps written for these tests
//! (`tests/apps/`): binding, derived events, cascades, timers in both modes, findings, state,
//! accesses, determinism, and exploration with both explorers.

use std::path::PathBuf;

use eventide_engine::{explore, Access, Config, EventId, FindingKind, Por, TransitionSystem};
use eventide_smartthings::binding::BoundValue;
use eventide_smartthings::{App, AppId, LoadError, Options, PairState, PairSystem, Profile, TimerMode};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("apps").join(name)
}

fn app(name: &str) -> App {
    App::load(&path(name)).unwrap_or_else(|e| panic!("loading {name}: {e}"))
}

fn system(names: &[&str], options: Options) -> PairSystem {
    PairSystem::new(names.iter().map(|n| app(n)).collect(), options).unwrap_or_else(|e| panic!("binding: {e}"))
}

fn enabled_names(sys: &mut PairSystem, state: &PairState) -> Vec<String> {
    let mut names: Vec<String> = sys.enabled_events(state).into_iter().map(|e| sys.event_name(e)).collect();
    names.sort();
    names
}

fn event(sys: &mut PairSystem, state: &PairState, name: &str) -> EventId {
    let ids = sys.enabled_events(state);
    let found = ids.iter().copied().find(|&e| sys.event_name(e) == name);
    found.unwrap_or_else(|| panic!("{name} is not enabled; enabled: {:?}", enabled_names(sys, state)))
}

/// Runs the setup transition with configuration A (`setup:A`) or B.
fn setup(sys: &mut PairSystem, config: &str) -> PairState {
    let initial = sys.initial_state();
    let e = event(sys, &initial, config);
    let step = sys.execute(&initial, e, &mut Vec::new());
    assert!(step.findings.is_empty(), "setup findings: {:?}", step.findings);
    step.next
}

fn run(
    sys: &mut PairSystem,
    state: &PairState,
    name: &str,
) -> eventide_engine::Step<PairState, eventide_smartthings::TransitionLabel> {
    let e = event(sys, state, name);
    sys.execute(state, e, &mut Vec::new())
}

fn writes(label: &eventide_smartthings::TransitionLabel) -> Vec<String> {
    label.writes.iter().map(|w| format!("{:?}:{}.{}={}", w.app, w.target.device, w.target.attribute, w.value)).collect()
}

fn handlers(label: &eventide_smartthings::TransitionLabel) -> Vec<String> {
    label.handlers.iter().map(|h| format!("{:?}.{}", h.app, h.handler)).collect()
}

#[test]
fn devices_follow_the_component_rule() {
    let sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let devices: Vec<(String, Vec<&str>)> =
        sys.devices().iter().map(|d| (d.name.to_string(), d.capabilities.clone())).collect();
    assert_eq!(
        devices,
        vec![
            ("lock1".to_string(), vec!["lock"]),
            ("dimmer1".to_string(), vec!["switchLevel", "switch"]),
            ("contact1".to_string(), vec!["contactSensor"]),
        ]
    );
    let dimmer = sys.devices().iter().position(|d| &*d.name == "dimmer1").unwrap() as u32;
    let binding = sys.binding();
    let app1: Vec<(&str, &BoundValue)> = binding.inputs[0].iter().map(|i| (i.name.as_str(), &i.value)).collect();
    assert_eq!(app1[1], ("lights", &BoundValue::DeviceList(dimmer)));
    assert_eq!(app1[2], ("level", &BoundValue::Integer(50)));
    let app2 = &binding.inputs[1];
    assert_eq!(app2[0].value, BoundValue::Device(dimmer));
    assert_eq!(app2[2].value, BoundValue::Text("home".into()));
    assert_eq!(app2[3].value, BoundValue::Text("home".into()));
    // The dimmer has both attributes, the dimmer row's initial values.
    let d = &sys.devices()[dimmer as usize];
    let attrs: Vec<&str> = d.attributes.iter().map(|a| a.name).collect();
    assert_eq!(attrs, ["switch", "level"]);
}

#[test]
fn the_parts_of_thermostat_are_capabilities_that_join_a_thermostat() {
    let mut sys = system(&["heater-parts.groovy", "cold-heat.groovy"], Options::default());
    let devices: Vec<(String, Vec<&str>)> =
        sys.devices().iter().map(|d| (d.name.to_string(), d.capabilities.clone())).collect();
    // Heating setpoint, fan mode and thermostat share attributes: one device; a health check has
    // no attributes and is a device of its own.
    assert_eq!(devices.len(), 2, "{devices:?}");
    assert_eq!(devices[0].0, "thermostat1", "{devices:?}");
    for c in ["thermostat", "thermostatHeatingSetpoint", "thermostatFanMode"] {
        assert!(devices[0].1.contains(&c), "{devices:?}");
    }
    assert_eq!(devices[1], ("health1".to_string(), vec!["healthCheck"]));
    let s = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &s, "thermostat1.heatingSetpoint=40");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    // The parts' commands set the thermostat's attributes; the new setpoint's event runs the
    // handler once more, whose commands then change nothing.
    let first = ["App1:thermostat1.thermostatFanMode=on", "App1:thermostat1.heatingSetpoint=68"];
    assert_eq!(writes(&step.label), [first, first].concat());
    assert_eq!(handlers(&step.label), ["App1.setpointChanged", "App1.setpointChanged"]);
}

#[test]
fn subscriptions_no_event_runs_are_named_with_why() {
    let mut sys = system(&["silent-subscriptions.groovy"], Options::default());
    let s = setup(&mut sys, "setup:A");
    let silent: Vec<(String, String)> =
        sys.silent_subscriptions(&s).into_iter().map(|(_, text, why)| (text, why)).collect();
    let texts: Vec<&str> = silent.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "location.routineExecuted -> routine",
            "momentary1.switch=on -> pressed",
            "switch1.switch=On -> lightOn",
            "co21.carbonDioxide -> co2Changed"
        ],
        "{silent:?}"
    );
    assert!(silent[0].1.contains("no location event `routineExecuted`"), "{silent:?}");
    assert!(silent[1].1.contains("no attribute `switch`"), "{silent:?}");
    assert!(silent[2].1.contains("never \"On\""), "{silent:?}");
    assert!(silent[3].1.contains("only ever reported as \"400\""), "{silent:?}");
    // The live subscription's event runs its handler.
    let step = run(&mut sys, &s, "switch1.switch=on");
    assert_eq!(handlers(&step.label), ["App1.lightOn"]);
}

#[test]
fn global_profile_gives_the_apps_different_modes() {
    let options = Options { profile: Profile::Global, ..Options::default() };
    let sys = system(&["light-lock.groovy", "light-lock.groovy"], options);
    let modes = |app: usize| -> Vec<BoundValue> {
        sys.binding().inputs[app].iter().filter(|i| i.input_type == "mode").map(|i| i.value.clone()).collect()
    };
    assert_eq!(modes(0), vec![BoundValue::Text("away".into()), BoundValue::Text("home".into())]);
    assert_eq!(modes(1), vec![BoundValue::Text("night".into()), BoundValue::Text("away".into())]);
}

#[test]
fn an_unknown_capability_is_a_clear_error() {
    let a = app("unknown-capability.groovy");
    match PairSystem::new(vec![a], Options::default()) {
        Err(LoadError::UnknownCapability { capability, diagnostic }) => {
            assert_eq!(capability, "teleporter");
            assert_eq!(diagnostic.line, 8);
            assert!(diagnostic.message.contains("capability.teleporter"), "{}", diagnostic.message);
        }
        other => panic!("expected an unknown-capability error, got {other:?}"),
    }
}

#[test]
fn sunset_times_are_utc_with_a_literal_z_as_apps_parse_them() {
    let mut sys = system(&["sunset-parse.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    // 2026-01-05T17:00:00.000Z
    assert_eq!(sys.state_value(&a, AppId::App1, "atSetup").as_deref(), Some("1767632400000"));
    let step = run(&mut sys, &a, "location.sunsetTime");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(sys.state_value(&step.next, AppId::App1, "fromEvent").as_deref(), Some("1767632400000"));
}

#[test]
fn a_status_light_is_an_indicator_whose_commands_set_its_status() {
    let mut sys = system(&["indicator.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    assert_eq!(sys.attribute(&a, "indicator1", "indicatorStatus").as_deref(), Some("when off"));
    let step = run(&mut sys, &a, "switch1.switch=on");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(sys.attribute(&step.next, "indicator1", "indicatorStatus").as_deref(), Some("when on"));
}

#[test]
fn a_filter_outside_the_values_of_an_attribute_matches_no_event() {
    // The platform's switches report `on` and `off`; filters compare exactly, so `switch.On` and
    // `switch.setLevel` never fire (they used to become events of their own, setting the switch
    // to `On`).
    let mut sys = system(&["filter-case.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    assert_eq!(enabled_names(&mut sys, &a), ["switch1.switch=off"]);
}

#[test]
fn setup_events_come_first_then_events_follow_the_subscriptions() {
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let initial = sys.initial_state();
    assert_eq!(enabled_names(&mut sys, &initial), ["setup:A", "setup:B"]);
    let a = setup(&mut sys, "setup:A");
    // Every value a subscription listens to is always enabled (a report of the current value
    // changes nothing), as in IoTCheck.
    let after_setup = [
        "contact1.contact=closed",
        "contact1.contact=open",
        "dimmer1.switch=on",
        "location.mode=away",
        "location.mode=home",
        "location.mode=night",
        "location.sunset",
    ];
    assert_eq!(enabled_names(&mut sys, &a), after_setup);
    // Configuration B: the door is open and the dimmer on; the same events.
    let b = setup(&mut sys, "setup:B");
    assert_eq!(enabled_names(&mut sys, &b), after_setup);
    assert_eq!(sys.attribute(&b, "lock1", "lock").as_deref(), Some("unlocked"));
    assert_eq!(sys.mode(&b), "home");
    let subs: Vec<String> = sys.subscriptions(&a).into_iter().map(|(app, s)| format!("{app:?} {s}")).collect();
    assert_eq!(
        subs,
        [
            "App1 contact1.contact=open -> opened",
            "App1 contact1.contact=closed -> closed",
            "App2 dimmer1.switch=on -> lightOn",
            "App2 location.mode -> modeChanged",
            "App2 location.sunset -> sunset",
        ]
    );
}

#[test]
fn a_cascade_runs_depth_first_app1_first_and_labels_every_write() {
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &a, "contact1.contact=open");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(handlers(&step.label), ["App1.opened", "App2.lightOn"]);
    assert_eq!(writes(&step.label), ["App1:dimmer1.switch=on", "App2:lock1.lock=locked", "App2:dimmer1.level=30"]);
    assert!(!step.label.user_initiated);
    let s = step.next;
    assert_eq!(sys.attribute(&s, "dimmer1", "switch").as_deref(), Some("on"));
    assert_eq!(sys.attribute(&s, "dimmer1", "level").as_deref(), Some("30"));
    assert_eq!(sys.attribute(&s, "contact1", "contact").as_deref(), Some("open"));
    assert_eq!(sys.state_value(&s, AppId::App1, "opened").as_deref(), Some("true"));
    // Closing turns the lights off: no subscriber for "off", so nothing else runs.
    let step = run(&mut sys, &s, "contact1.contact=closed");
    assert_eq!(handlers(&step.label), ["App1.closed"]);
    assert_eq!(writes(&step.label), ["App1:dimmer1.switch=off"]);
}

#[test]
fn a_command_to_the_current_value_is_a_write_without_an_event() {
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    // Configuration B: the lock starts unlocked; entering the wake mode unlocks it again.
    let b = setup(&mut sys, "setup:B");
    let away = run(&mut sys, &b, "location.mode=away").next;
    let step = run(&mut sys, &away, "location.mode=home");
    assert_eq!(handlers(&step.label), ["App2.modeChanged"]);
    assert_eq!(writes(&step.label), ["App2:lock1.lock=unlocked"]);
    assert_eq!(sys.attribute(&step.next, "lock1", "lock").as_deref(), Some("unlocked"));
}

#[test]
fn location_events_and_mode_changes_by_apps() {
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &a, "location.sunset");
    assert_eq!(handlers(&step.label), ["App2.sunset", "App2.modeChanged"]);
    assert_eq!(writes(&step.label), ["App2:location.mode=night"]);
    assert_eq!(sys.mode(&step.next), "night");
    // Sunset and every mode stay enabled; reporting the mode the home is in changes nothing.
    let names = enabled_names(&mut sys, &step.next);
    assert!(names.contains(&"location.sunset".to_string()));
    assert!(names.contains(&"location.mode=home".to_string()));
    let again = run(&mut sys, &step.next, "location.mode=night");
    assert!(handlers(&again.label).is_empty() && writes(&again.label).is_empty());
    assert_eq!(sys.fingerprint(&again.next), sys.fingerprint(&step.next));
}

#[test]
fn a_mode_the_location_does_not_have_is_refused_where_it_is_set() {
    let mut sys = system(&["undefined-mode.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &a, "switch1.switch=on");
    assert_eq!(step.findings.len(), 1, "{:?}", step.findings);
    let finding = &step.findings[0];
    assert!(finding.message.contains("the location has no mode `Home`"), "{}", finding.message);
    assert_eq!(finding.position.as_ref().map(|p| p.line), Some(24));
    // Nothing changed and the handler stopped there.
    assert!(writes(&step.label).is_empty(), "{:?}", writes(&step.label));
    assert_eq!(sys.mode(&step.next), "home");
    assert_eq!(sys.state_value(&step.next, AppId::App1, "after"), None);
    let off = run(&mut sys, &step.next, "switch1.switch=off");
    assert!(off.findings.is_empty(), "{:?}", off.findings);
    assert_eq!(sys.mode(&off.next), "away");
}

#[test]
fn a_report_of_the_current_value_changes_nothing_and_only_reads_the_attribute() {
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    assert_eq!(sys.attribute(&a, "contact1", "contact").as_deref(), Some("closed"));
    let closed = event(&mut sys, &a, "contact1.contact=closed");
    let mut accesses = Vec::new();
    let step = sys.execute(&a, closed, &mut accesses);
    assert!(handlers(&step.label).is_empty(), "no handler runs: {:?}", handlers(&step.label));
    assert_eq!(sys.fingerprint(&step.next), sys.fingerprint(&a));
    assert_eq!(accesses.len(), 1, "{accesses:?}");
    assert_eq!(accesses[0].kind, eventide_engine::AccessKind::Read);
    // The change itself writes the attribute and runs the subscribed handler.
    let open = event(&mut sys, &a, "contact1.contact=open");
    accesses.clear();
    let step = sys.execute(&a, open, &mut accesses);
    assert_eq!(handlers(&step.label), ["App1.opened", "App2.lightOn"]);
    assert!(accesses.iter().any(|x| x.kind == eventide_engine::AccessKind::Write));
}

#[test]
fn writes_that_leave_state_unchanged_are_reads_unless_a_monitor_observes_them() {
    use eventide_engine::AccessKind;
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let opened = run(&mut sys, &a, "contact1.contact=open").next;
    let closed = run(&mut sys, &opened, "contact1.contact=closed").next;
    // Opening again: `state.opened = true` stores what `state.opened` already holds once the
    // door was opened before, and the dimmer commands set values it already has.
    let open = event(&mut sys, &closed, "contact1.contact=open");
    let kinds = |sys: &mut PairSystem| {
        let mut accesses = Vec::new();
        sys.execute(&closed, open, &mut accesses);
        accesses.iter().filter(|x| x.kind == AccessKind::Write).count()
    };
    let observed = kinds(&mut sys);
    sys.observe_writes(|_| false);
    let unobserved = kinds(&mut sys);
    assert!(unobserved < observed, "observed writes {observed}, unobserved {unobserved}");
}

#[test]
fn an_endless_cascade_ends_the_transition_with_cascade_depth() {
    let mut sys = system(&["toggler.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let names = enabled_names(&mut sys, &a);
    assert_eq!(names, ["button1.button=pushed", "switch1.switch=off", "switch1.switch=on"]);
    let step = run(&mut sys, &a, "button1.button=pushed");
    assert!(step.label.user_initiated);
    assert_eq!(step.findings.len(), 1, "{:?}", step.findings);
    let f = &step.findings[0];
    assert_eq!(f.kind, FindingKind::AppException);
    assert!(f.key.starts_with(eventide_smartthings::CASCADE_DEPTH_KEY), "{}", f.key);
    assert!(f.message.contains("cascade_depth"));
    // Located at the handler whose command would go deeper.
    let at = f.position.as_ref().map(|p| (p.file.rsplit('/').next().unwrap_or(""), p.line, p.column));
    assert_eq!(at, Some(("toggler.groovy", 18, 1)));
    // pushed + 64 nested flips.
    assert_eq!(step.label.handlers.len(), 1 + eventide_smartthings::MAX_CASCADE_DEPTH as usize);
    // Momentary sources stay enabled after firing.
    let names = enabled_names(&mut sys, &step.next);
    assert!(names.contains(&"button1.button=pushed".to_string()));
}

#[test]
fn inline_timers_run_at_once_and_setup_schedules_become_timer_events() {
    let mut sys = system(&["timers.groovy"], Options::default());
    let initial = sys.initial_state();
    let e = event(&mut sys, &initial, "setup:A");
    let step = sys.execute(&initial, e, &mut Vec::new());
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    // schedule(noon) runs noon at once; runIn(later) runs later; poll reschedules itself once.
    assert_eq!(handlers(&step.label), ["App1.installed", "App1.noon", "App1.later", "App1.poll"]);
    let s = step.next;
    assert_eq!(sys.state_value(&s, AppId::App1, "noon").as_deref(), Some("1"));
    assert_eq!(sys.state_value(&s, AppId::App1, "later").as_deref(), Some("1"));
    assert_eq!(sys.state_value(&s, AppId::App1, "polls").as_deref(), Some("2"));
    assert_eq!(sys.attribute(&s, "switch1", "switch").as_deref(), Some("on"));
    assert_eq!(enabled_names(&mut sys, &s), ["app1.touch", "timer:app1.noon"]);
    let noon = run(&mut sys, &s, "timer:app1.noon").next;
    assert_eq!(sys.state_value(&noon, AppId::App1, "noon").as_deref(), Some("2"));
    assert_eq!(enabled_names(&mut sys, &noon), ["app1.touch", "timer:app1.noon"]);
    // Touch: runIn with data runs later(data) at once; unschedule removes the timer event.
    let step = run(&mut sys, &noon, "app1.touch");
    assert_eq!(handlers(&step.label), ["App1.touched", "App1.later"]);
    assert_eq!(sys.state_value(&step.next, AppId::App1, "from").as_deref(), Some("touch"));
    assert_eq!(enabled_names(&mut sys, &step.next), ["app1.touch"]);
}

#[test]
fn state_a_settings_page_wrote_is_the_installed_apps() {
    let mut sys = system(&["page-state.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    assert_eq!(sys.state_value(&a, AppId::App1, "keep").as_deref(), Some("2"));
    // Three presses keep two: the state space stays finite.
    let mut s = a;
    for _ in 0..3 {
        let step = run(&mut sys, &s, "button1.button=pushed");
        assert!(step.findings.is_empty(), "{:?}", step.findings);
        s = step.next;
    }
    assert_eq!(sys.state_value(&s, AppId::App1, "presses").as_deref(), Some("[pushed, pushed]"));
}

#[test]
fn state_differences_name_the_smart_home_monitor_and_the_data_of_pending_timers() {
    let data = |d: &[eventide_engine::StateDifference]| -> Vec<(String, String, String)> {
        d.iter().filter(|d| !d.enabling).map(|d| (d.what.clone(), d.first.clone(), d.second.clone())).collect()
    };
    let mut sys = system(&["alarm-arm.groovy", "alarm-disarm.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let armed = run(&mut sys, &a, "contact1.contact=open").next;
    let differences = data(&sys.differences(&a, &armed));
    assert!(
        differences.contains(&("location.alarmSystemStatus".into(), "off".into(), "away".into())),
        "{differences:?}"
    );
    // The same timer pending in both states with other data: a data difference.
    let options = Options { timers: TimerMode::Deferred, ..Options::default() };
    let mut sys = system(&["timer-data.groovy"], options);
    let a = setup(&mut sys, "setup:A");
    let on = run(&mut sys, &a, "dimmer1.switch=on").next;
    let off = run(&mut sys, &on, "dimmer1.switch=off").next;
    let on_again = run(&mut sys, &off, "dimmer1.switch=on").next;
    let all = sys.differences(&off, &on_again);
    assert!(all.iter().all(|d| !d.enabling), "the same timer is pending in both: {all:?}");
    assert!(data(&all).contains(&("Timer Data timer later data".into(), "[v:off]".into(), "[v:on]".into())), "{all:?}");
    // A trace may name the timer of a method the app has, not a misspelt one.
    assert!(sys.event_named("timer:app1.later").is_some());
    assert!(sys.event_named("timer:app1.Later").is_none());
}

#[test]
fn a_schedules_data_reaches_its_handler_as_json_in_both_timer_modes() {
    for timers in [TimerMode::Inline, TimerMode::Deferred] {
        let mut sys = system(&["timer-json-data.groovy"], Options { timers, ..Options::default() });
        let s = setup(&mut sys, "setup:A");
        let mut step = run(&mut sys, &s, "switch1.switch=on");
        if timers == TimerMode::Deferred {
            assert!(step.findings.is_empty(), "{:?}", step.findings);
            step = run(&mut sys, &step.next, "timer:app1.later");
        }
        assert!(step.findings.is_empty(), "{timers:?}: {:?}", step.findings);
        let value = |key: &str| sys.state_value(&step.next, AppId::App1, key);
        // The GString key became a String key; the map's later change did not reach the handler.
        assert_eq!(value("level").as_deref(), Some("10"), "{timers:?}");
        assert_eq!(value("byGString").as_deref(), Some("10"), "{timers:?}");
        assert_eq!(value("whenIsText").as_deref(), Some("true"), "{timers:?}");
        assert_eq!(value("names").as_deref(), Some("[on]"), "{timers:?}");
    }
}

#[test]
fn one_list_under_two_keys_of_state_is_two_lists_at_the_next_event() {
    let mut sys = system(&["shared-state-list.groovy"], Options::default());
    let s = setup(&mut sys, "setup:A");
    let on = run(&mut sys, &s, "switch1.switch=on").next;
    let off = run(&mut sys, &on, "switch1.switch=off").next;
    assert_eq!(sys.state_value(&off, AppId::App1, "a").as_deref(), Some("[1, 2]"));
    assert_eq!(
        sys.state_value(&off, AppId::App1, "b").as_deref(),
        Some("[1]"),
        "stored as JSON, b is a list of its own"
    );
}

#[test]
fn an_inline_timer_runs_at_most_once_per_transition() {
    let mut sys = system(&["inline-once.groovy"], Options::default());
    let s = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &s, "switch1.switch=on");
    // The reset turns the switch off, the handler's on() turns it on again, the handler runs
    // again and schedules the reset again, which does not run twice: no endless cascade.
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(handlers(&step.label), ["App1.turnedOn", "App1.resetLater", "App1.turnedOn"]);
    assert_eq!(writes(&step.label), ["App1:switch1.switch=off", "App1:switch1.switch=on", "App1:switch1.switch=on"]);
}

#[test]
fn deferred_timers_are_pending_events_until_they_fire_or_are_unscheduled() {
    let options = Options { timers: TimerMode::Deferred, ..Options::default() };
    let mut sys = system(&["timers.groovy"], options);
    let s = setup(&mut sys, "setup:A");
    assert_eq!(sys.state_value(&s, AppId::App1, "polls").as_deref(), Some("1"));
    assert_eq!(sys.state_value(&s, AppId::App1, "later"), None);
    assert_eq!(enabled_names(&mut sys, &s), ["app1.touch", "timer:app1.later", "timer:app1.noon", "timer:app1.poll"]);
    let timers: Vec<(String, bool)> = sys.timers(&s).into_iter().map(|(_, h, p)| (h, p)).collect();
    assert!(timers.contains(&("noon".to_string(), true)) && timers.contains(&("later".to_string(), false)));
    // A one-shot timer fires once.
    let later = run(&mut sys, &s, "timer:app1.later");
    assert_eq!(handlers(&later.label), ["App1.later"]);
    assert_eq!(writes(&later.label), ["App1:switch1.switch=on"]);
    let after = later.next;
    assert_eq!(enabled_names(&mut sys, &after), ["app1.touch", "timer:app1.noon", "timer:app1.poll"]);
    // A periodic one stays; a handler that reschedules itself stays pending.
    let after = run(&mut sys, &after, "timer:app1.noon").next;
    let after = run(&mut sys, &after, "timer:app1.poll").next;
    assert_eq!(sys.state_value(&after, AppId::App1, "polls").as_deref(), Some("2"));
    assert_eq!(enabled_names(&mut sys, &after), ["app1.touch", "timer:app1.noon", "timer:app1.poll"]);
    // Touch schedules later with data and unschedules noon.
    let touched = run(&mut sys, &after, "app1.touch");
    assert_eq!(handlers(&touched.label), ["App1.touched"]);
    let t = touched.next;
    assert_eq!(enabled_names(&mut sys, &t), ["app1.touch", "timer:app1.later", "timer:app1.poll"]);
    let fired = run(&mut sys, &t, "timer:app1.later").next;
    assert_eq!(sys.state_value(&fired, AppId::App1, "from").as_deref(), Some("touch"));
}

#[test]
fn a_runtime_fault_is_a_finding_and_earlier_writes_stay() {
    let mut sys = system(&["faulty.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &a, "app1.touch");
    assert_eq!(step.findings.len(), 1);
    let f = &step.findings[0];
    assert_eq!(f.kind, FindingKind::AppException);
    assert!(f.message.contains("ArithmeticException"), "{}", f.message);
    let pos = f.position.as_ref().expect("located");
    assert!(pos.file.ends_with("faulty.groovy"));
    assert_eq!(pos.line, 24);
    assert_eq!(writes(&step.label), ["App1:switch1.switch=on"]);
    assert_eq!(sys.attribute(&step.next, "switch1", "switch").as_deref(), Some("on"));
}

#[test]
fn state_survives_like_json() {
    let mut sys = system(&["faulty.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    assert_eq!(sys.state_value(&a, AppId::App1, "byNumber").as_deref(), Some("[1:one]"));
    let s = run(&mut sys, &a, "motion1.motion=active").next;
    // The integer key became a string.
    assert_eq!(sys.state_value(&s, AppId::App1, "sawOne").as_deref(), Some("null"));
    assert_eq!(sys.state_value(&s, AppId::App1, "sawKey").as_deref(), Some("one"));
    assert_eq!(sys.state_value(&s, AppId::App1, "whenText").as_deref(), Some("2026-01-05T12:00:00+0000"));
    assert_eq!(sys.state_value(&s, AppId::App1, "level").as_deref(), Some("active"));
    assert_eq!(sys.state_value(&s, AppId::App1, "count").as_deref(), Some("1"));
}

#[test]
fn an_unknown_platform_call_names_itself_and_its_line() {
    let mut sys = system(&["unknown-call.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &a, "switch1.switch=on");
    assert_eq!(step.findings.len(), 1);
    let f = &step.findings[0];
    assert!(f.message.contains("sendTelegram"), "{}", f.message);
    assert_eq!(f.position.as_ref().map(|p| p.line), Some(17));
}

#[test]
fn inputs_are_discovered_by_running_pages() {
    let a = app("pages.groovy");
    let names: Vec<&str> = a.inputs.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "staticNumber",
            "sensors",
            "choice",
            "phone",
            "notify",
            "text_a",
            "text_b",
            "when",
            "numbers",
            "button_2",
            "noExtra"
        ]
    );
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
    assert_eq!(a.input("choice").map(|i| i.line), Some(20));
    // An input declared through a helper is located at the helper's `input` call.
    assert_eq!(a.input("sensors").map(|i| i.line), Some(75));
    assert_eq!(a.input("choice").and_then(|i| i.page.as_deref()), Some("mainPage"));
    // With the sensors bound, the detail page declares a delay per sensor.
    let mut sys = PairSystem::new(vec![a], Options::default()).unwrap();
    let inputs: Vec<(String, String)> =
        sys.binding().inputs[0].iter().map(|i| (i.name.clone(), i.value.describe(sys.devices()))).collect();
    let find = |n: &str| inputs.iter().find(|(name, _)| name == n).map(|(_, v)| v.clone());
    assert_eq!(find("delay_motion1").as_deref(), Some("50"));
    assert_eq!(find("staticNumber").as_deref(), Some("50"));
    assert_eq!(find("choice").as_deref(), Some("\"first\""));
    assert_eq!(find("numbers").as_deref(), Some("[5]"));
    assert_eq!(find("notify").as_deref(), Some("true"));
    assert_eq!(find("when").as_deref(), Some("\"15:00\""));
    let s = setup(&mut sys, "setup:A");
    let s = run(&mut sys, &s, "motion1.motion=active").next;
    assert_eq!(sys.state_value(&s, AppId::App1, "delay").as_deref(), Some("50"));
    assert_eq!(
        sys.state_value(&s, AppId::App1, "when").as_deref(),
        Some((eventide_smartthings::CLOCK_MILLIS + 3 * 3_600_000).to_string().as_str())
    );
}

fn accesses(sys: &mut PairSystem, state: &PairState, name: &str) -> Vec<Access> {
    let e = event(sys, state, name);
    let mut out = Vec::new();
    sys.execute(state, e, &mut out);
    out
}

fn conflict(a: &[Access], b: &[Access]) -> bool {
    a.iter().any(|x| b.iter().any(|y| x.conflicts_with(*y)))
}

#[test]
fn accesses_separate_independent_events() {
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let open = accesses(&mut sys, &a, "contact1.contact=open");
    let away = accesses(&mut sys, &a, "location.mode=away");
    let sunset = accesses(&mut sys, &a, "location.sunset");
    let dimmer_on = accesses(&mut sys, &a, "dimmer1.switch=on");
    assert!(!conflict(&open, &away), "opening the door and a mode change are independent");
    assert!(conflict(&away, &sunset), "both change the mode");
    assert!(conflict(&open, &dimmer_on), "both write the dimmer's switch");
}

#[test]
fn execution_is_deterministic() {
    let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let e = event(&mut sys, &a, "contact1.contact=open");
    let mut acc1 = Vec::new();
    let mut acc2 = Vec::new();
    let s1 = sys.execute(&a, e, &mut acc1);
    let s2 = sys.execute(&a, e, &mut acc2);
    assert_eq!(sys.fingerprint(&s1.next), sys.fingerprint(&s2.next));
    assert_eq!(sys.states_equal(&s1.next, &s2.next), Some(true));
    assert_eq!(acc1, acc2);
    assert_eq!(s1.label, s2.label);
    assert_ne!(sys.fingerprint(&a), sys.fingerprint(&s1.next));
}

#[test]
fn both_explorers_finish_and_agree() {
    for timers in [TimerMode::Inline, TimerMode::Deferred] {
        let options = Options { timers, ..Options::default() };
        let mut counts = Vec::new();
        for por in [Por::Dpor, Por::None] {
            let mut sys = system(&["contact-light.groovy", "light-lock.groovy"], options);
            let config = Config { verify_fingerprints: true, ..Config::new(por) };
            let outcome = explore(&mut sys, &config);
            assert!(outcome.complete);
            assert!(outcome.findings.is_empty(), "{:?}", outcome.findings);
            counts.push(outcome.stats.states);
        }
        assert!(counts[0] <= counts[1], "{counts:?}");
        let mut sys = system(&["faulty.groovy", "unknown-call.groovy"], options);
        let dpor = explore(&mut sys, &Config { verify_fingerprints: true, ..Config::new(Por::Dpor) });
        let mut sys = system(&["faulty.groovy", "unknown-call.groovy"], options);
        let none = explore(&mut sys, &Config { verify_fingerprints: true, ..Config::new(Por::None) });
        assert!(dpor.complete && none.complete);
        let keys = |o: &eventide_engine::Outcome| {
            let mut k: Vec<String> = o.findings.iter().map(|f| f.finding.key.clone()).collect();
            k.sort();
            k
        };
        assert_eq!(keys(&dpor), keys(&none));
        assert_eq!(keys(&dpor).len(), 2, "the division by zero and the unknown call: {:?}", keys(&dpor));
    }
}

#[test]
fn device_history_lists_and_event_properties() {
    let mut sys = system(&["history.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    assert_eq!(
        enabled_names(&mut sys, &a),
        ["location.mode=away", "temperature1.temperature=45", "temperature1.temperature=55"]
    );
    let step = run(&mut sys, &a, "temperature1.temperature=55");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    let s = step.next;
    let v = |k: &str| sys.state_value(&s, AppId::App1, k);
    assert_eq!(v("name").as_deref(), Some("temperature"));
    assert_eq!(v("numeric").as_deref(), Some("56"));
    assert_eq!(v("integer").as_deref(), Some("55"));
    assert_eq!(v("current").as_deref(), Some("55"));
    assert_eq!(v("viaProperty").as_deref(), Some("55"));
    assert_eq!(v("stateValue").as_deref(), Some("55"));
    assert_eq!(v("since").as_deref(), Some("[55]"));
    assert_eq!(v("events").as_deref(), Some("1"));
    assert_eq!(v("lampStates").as_deref(), Some("[off]"));
    assert_eq!(v("lampNames").as_deref(), Some("[switch1]"));
    assert_eq!(v("count").as_deref(), Some("1"));
    assert_eq!(v("after").as_deref(), Some("[on]"));
    assert_eq!(v("isPhysical").as_deref(), Some("true"));
    assert_eq!(v("device").as_deref(), Some("temperature1"));
    assert_eq!(writes(&step.label), ["App1:switch1.switch=on"]);
    // A value-filtered location subscription: only `away`.
    let step = run(&mut sys, &a, "location.mode=away");
    assert_eq!(sys.state_value(&step.next, AppId::App1, "mode").as_deref(), Some("away"));
    assert_eq!(sys.state_value(&step.next, AppId::App1, "modes").as_deref(), Some("[home, away, night]"));
    let names = enabled_names(&mut sys, &step.next);
    let modes: Vec<&String> = names.iter().filter(|n| n.starts_with("location.mode")).collect();
    assert_eq!(modes, ["location.mode=away"], "only the filter value, and it stays enabled");
}

#[test]
fn inputs_read_before_they_are_declared_are_null() {
    // The first discovery runs with nothing set: `lights || masterLight` reads the undeclared
    // `masterLight` as null (no page error), so only `lights` is declared.
    let a = app("conditional-input.groovy");
    assert!(a.warnings.is_empty(), "page errors: {:?}", a.warnings);
    let names: Vec<&str> = a.inputs.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["lights"]);
    // Binding runs the pages again with `lights` bound: now `masterLight` is declared; `ghost`,
    // guarded by a name that is never an input, never is.
    let mut sys = PairSystem::new(vec![a], Options::default()).unwrap();
    let inputs: Vec<(String, String)> =
        sys.binding().inputs[0].iter().map(|i| (i.name.clone(), i.value.describe(sys.devices()))).collect();
    assert_eq!(
        inputs,
        [("lights".to_string(), "[switch1]".to_string()), ("masterLight".to_string(), "\"switch1\"".to_string())]
    );
    let s = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &s, "switch1.switch=on");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(sys.state_value(&step.next, AppId::App1, "master").as_deref(), Some("switch1"));
    assert_eq!(sys.state_value(&step.next, AppId::App1, "undeclaredAreNull").as_deref(), Some("true"));
}

#[test]
fn commands_a_device_does_not_define_set_what_the_device_has() {
    let mut sys = system(&["co-implemented.groovy"], Options::default());
    let devices: Vec<(String, Vec<&str>)> =
        sys.devices().iter().map(|d| (d.name.to_string(), d.capabilities.clone())).collect();
    assert_eq!(
        devices,
        [
            ("dimmer1".to_string(), vec!["switchLevel", "musicPlayer"]),
            ("alarm1".to_string(), vec!["alarm"]),
            ("contact1".to_string(), vec!["contactSensor"]),
        ]
    );
    let s = setup(&mut sys, "setup:A");
    let e = event(&mut sys, &s, "contact1.contact=open");
    let run_open = sys.run_event(&s, e, &mut Vec::new());
    let step = &run_open.step;
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    // A siren's on() sounds siren and strobe; off() on a contact sensor changes nothing; setColor()
    // on a dimmer sets the level it has and not the hue and saturation it lacks.
    assert_eq!(writes(&step.label), ["App1:alarm1.alarm=both", "App1:dimmer1.level=70"]);
    assert_eq!(
        run_open.outputs,
        [
            "unsupported command: contact1.off() (capabilities: contactSensor) changes nothing",
            "unsupported command: dimmer1.setColor() (capabilities: switchLevel, musicPlayer) sets level",
        ]
    );
    let v = |k: &str| sys.state_value(&step.next, AppId::App1, k);
    assert_eq!(v("hasColor").as_deref(), Some("false"), "hasCommand answers for the capabilities only");
    assert_eq!(v("propertyIsNull").as_deref(), Some("true"), "an unknown device property reads as null");
    // trackData is plain text, so hand-built JSON around it stays valid.
    assert_eq!(v("track").as_deref(), Some("station0"));
    assert_eq!(v("json").as_deref(), Some("station0"));
    // A command no capability defines is a custom command (the user's device handler may define
    // it): recorded, changing nothing; a method an event does not have is still an error.
    let e = event(&mut sys, &step.next, "contact1.contact=closed");
    let closed = sys.run_event(&step.next, e, &mut Vec::new());
    assert_eq!(
        closed.outputs,
        ["custom command: contact1.explode(3) (not a command of its capabilities: contactSensor; a device handler may define it) changes nothing"]
    );
    assert_eq!(closed.custom_commands.len(), 1);
    assert_eq!(closed.custom_commands[0].command, "explode");
    assert_eq!(closed.custom_commands[0].position.as_ref().map(|p| (p.line, p.column)), Some((33, 5)));
    assert!(writes(&closed.step.label).is_empty());
    assert_eq!(closed.step.findings.len(), 1);
    let message = &closed.step.findings[0].message;
    assert!(message.contains("EventWrapper.explode()"), "{message}");
}

#[test]
fn two_copies_of_one_app_are_told_apart_by_their_place_in_the_home() {
    let mut sys = system(&["lock-counter.groovy", "lock-counter.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    let e = event(&mut sys, &a, "lock1.lock=unlocked");
    let mut accesses = Vec::new();
    let step = sys.execute(&a, e, &mut accesses);
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    let mut owners: Vec<String> = accesses
        .iter()
        .filter(|x| x.kind == eventide_engine::AccessKind::Write)
        .filter_map(|x| sys.describe_location(x.location).0)
        .collect();
    owners.sort();
    owners.dedup();
    assert_eq!(owners, ["Lock counter (App1)", "Lock counter (App2)"]);
}

#[test]
fn child_devices_are_part_of_the_state() {
    let mut sys = system(&["child-devices.groovy"], Options::default());
    let s = setup(&mut sys, "setup:A");
    let fp = |sys: &PairSystem, s: &PairState| sys.fingerprint(s);
    // switch on: a child appears; the state changes, and the transition writes the children.
    let e = event(&mut sys, &s, "switch1.switch=on");
    let mut accesses = Vec::new();
    let on = sys.execute(&s, e, &mut accesses);
    assert!(on.findings.is_empty(), "{:?}", on.findings);
    assert_ne!(fp(&sys, &on.next), fp(&sys, &s));
    let names: Vec<String> = accesses
        .iter()
        .filter(|a| a.kind == eventide_engine::AccessKind::Write)
        .map(|a| sys.location_name(a.location))
        .collect();
    assert!(names.contains(&"app1.childDevices".to_string()), "{names:?}");
    // Touching relabels it (`setLabel`, then `label =`): another state; counting reads one child.
    let touched = run(&mut sys, &on.next, "app1.touch");
    assert!(touched.findings.is_empty(), "{:?}", touched.findings);
    assert_ne!(fp(&sys, &touched.next), fp(&sys, &on.next));
    assert_eq!(sys.state_value(&touched.next, AppId::App1, "count").as_deref(), Some("1"));
    assert_eq!(sys.state_value(&touched.next, AppId::App1, "power").as_deref(), Some("on"));
    assert_eq!(sys.state_value(&touched.next, AppId::App1, "noState").as_deref(), Some("true"));
    assert_eq!(sys.state_value(&touched.next, AppId::App1, "label").as_deref(), Some("Renamed!"));
    // switch off deletes it: back to the state after setup.
    let off = run(&mut sys, &on.next, "switch1.switch=off");
    let back = run(&mut sys, &off.next, "switch1.switch=on");
    assert_eq!(fp(&sys, &back.next), fp(&sys, &on.next));
    // Deleting and re-adding is deterministic; a second "on" keeps the one child.
    let again = run(&mut sys, &on.next, "switch1.switch=on");
    assert_eq!(fp(&sys, &again.next), fp(&sys, &on.next));
}

#[test]
fn device_handlers_give_device_types_their_attributes_and_commands() {
    let handler = eventide_smartthings::handlers::parse_handler(eventide_groovy::syntax::SourceFile::new(
        "feeder.groovy",
        r#"metadata {
    definition(name: "Pet Feeder", namespace: "t", author: "t") {
        capability "Switch"
        capability "Indicator"
        attribute "food", "enum", ["full", "low"]
        attribute "lastFed", "string"
        command "feed"
        command "on"
    }
}
"#
        .to_string(),
    ))
    .unwrap()
    .unwrap();
    let mut handlers = eventide_smartthings::DeviceHandlers::none();
    handlers.push(handler);
    let text = r#"definition(name: "F", namespace: "t", author: "t", description: "d")
preferences { section {
    input "feeder", "device.pet_feeder"
    input "light", "capability.switch"
    input "band", "device.jawboneUser"
} }
"#;
    let app = App::from_source(eventide_groovy::syntax::SourceFile::new("f.groovy", text.to_string())).unwrap();
    let binding = eventide_smartthings::binding::bind_with(&[&app], Profile::Device, &handlers).unwrap();
    let d: Vec<(String, Vec<&str>, bool)> =
        binding.devices.iter().map(|d| (d.name.to_string(), d.capabilities.clone(), d.generic)).collect();
    // The handler's Switch shares `switch` with the switch input: one device, named after the
    // handler, with the handler's Indicator too; the jawbone band has no handler: a generic
    // device of its own.
    assert_eq!(
        d,
        [("petFeeder1".to_string(), vec!["switch", "indicator"], false), ("jawboneUser1".to_string(), vec![], true)]
    );
    let feeder = &binding.devices[0];
    assert_eq!(feeder.handler.as_deref(), Some("Pet Feeder"));
    let attrs: Vec<&str> = feeder.attributes.iter().map(|a| a.name).collect();
    assert_eq!(attrs, ["switch", "indicatorStatus", "food"]);
    assert_eq!(feeder.attribute("food").unwrap().row.values, ["full", "low"]);
    assert_eq!(feeder.declared_attributes, ["lastFed"]);
    // `on` is the Switch capability's; `feed` is the handler's own.
    assert_eq!(feeder.custom_commands, ["feed"]);
    assert!(feeder.has_command("feed") && feeder.has_command("on") && !feeder.has_command("explode"));
    assert!(binding.devices[1].has_command("anything"));
    // Without handlers the feeder is generic too.
    let plain = eventide_smartthings::binding::bind(&[&app], Profile::Device).unwrap();
    assert!(plain.devices.iter().any(|d| &*d.name == "petFeeder1" && d.generic));
    // An unknown capability (not a device type) is still refused.
    let bad = App::from_source(eventide_groovy::syntax::SourceFile::new(
        "b.groovy",
        "preferences { section { input \"x\", \"capability.teleporter\" } }\n".to_string(),
    ))
    .unwrap();
    assert!(matches!(
        eventide_smartthings::binding::bind_with(&[&bad], Profile::Device, &handlers),
        Err(LoadError::UnknownCapability { .. })
    ));
}

/// Each app of a home of three keeps its own copy of its `state` and `settings` within one
/// transition: the third app's handler once shared the second's copy flags, so it changed the
/// stored state it started from in place.
#[test]
fn every_app_of_a_home_of_three_copies_its_own_state() {
    let mut sys = system(&["open-counter.groovy", "open-counter.groovy", "open-counter.groovy"], Options::default());
    let s0 = setup(&mut sys, "setup:A");
    let apps = [AppId::App1, AppId::App2, AppId::App(2)];
    for app in apps {
        assert_eq!(sys.state_value(&s0, app, "opened").as_deref(), Some("0"), "{app:?} after setup");
    }
    let opens = sys.enabled_events(&s0).into_iter().find(|&e| sys.event_name(e).ends_with(".contact=open"));
    let opens = opens.unwrap_or_else(|| panic!("no door opening among {:?}", enabled_names(&mut sys, &s0)));
    let s1 = sys.execute(&s0, opens, &mut Vec::new()).next;
    for app in apps {
        assert_eq!(sys.state_value(&s1, app, "opened").as_deref(), Some("1"), "{app:?} after the door opened");
        assert_eq!(sys.state_value(&s0, app, "opened").as_deref(), Some("0"), "{app:?}: the earlier state changed");
    }
}

#[test]
fn stores_into_a_state_key_commute_and_dpor_still_sees_every_key_count() {
    // Storing into a key records the same accesses whether or not the key exists: a set of the
    // key's `added` presence location, a read of its `removed` one, a set of the key set. The
    // value location reads what a read of the key returns, so storing null into an absent key
    // leaves it unchanged (a read).
    let mut sys = system(&["lazy-keys.groovy"], Options::default());
    let s0 = setup(&mut sys, "setup:A");
    let present = event(&mut sys, &s0, "presence1.presence=present");
    let accesses_of = |sys: &mut PairSystem, state: &PairState, e: EventId| {
        let mut acc = Vec::new();
        let next = sys.execute(state, e, &mut acc).next;
        let mut named: Vec<String> =
            acc.iter().map(|a| format!("{:?} {}", a.kind, sys.location_name(a.location))).collect();
        named.sort();
        named.dedup();
        (named, acc, next)
    };
    let (first, first_accesses, s1) = accesses_of(&mut sys, &s0, present);
    assert_eq!(
        first,
        [
            "Read app1.atomicState.a",
            "Read app1.atomicState.a(removed)",
            "Read app1.subscriptions",
            "Set app1.atomicState.a(added)",
            "Set app1.atomicState[keys]",
            "Write presence1.presence",
        ]
    );
    let again = event(&mut sys, &s1, "presence1.presence=not present");
    let (second, second_accesses, _) = accesses_of(&mut sys, &s1, again);
    assert_eq!(first, second, "the key's presence does not change what a store records");
    let app_accesses = |acc: &[Access]| -> Vec<Access> {
        acc.iter().copied().filter(|a| sys.location_name(a.location).starts_with("app1.")).collect()
    };
    let (a, b) = (app_accesses(&first_accesses), app_accesses(&second_accesses));
    assert!(!a.iter().any(|x| b.iter().any(|y| x.conflicts_with(*y))), "two stores into one key commute");

    // DPOR reports every exception exhaustive search reports, among them the one that needs the
    // presence sensor's store to run before the contact sensor's handler creates more keys.
    let keys = |o: &eventide_engine::Outcome| {
        let mut k: Vec<String> = o.findings.iter().map(|f| f.finding.message.clone()).collect();
        k.sort();
        k.dedup();
        k
    };
    let mut sys = system(&["lazy-keys.groovy"], Options::default());
    let dpor = explore(&mut sys, &Config { verify_fingerprints: true, ..Config::new(Por::Dpor) });
    let mut sys = system(&["lazy-keys.groovy"], Options::default());
    let none = explore(&mut sys, &Config { verify_fingerprints: true, ..Config::new(Por::None) });
    assert!(dpor.complete && none.complete);
    assert_eq!(keys(&dpor), keys(&none));
    assert!(keys(&dpor).iter().any(|k| k.contains("exactly one key")), "{:?}", keys(&dpor));
}

#[test]
fn handlers_that_only_initialise_a_key_lazily_are_independent() {
    // Every handler of a logger runs `if (!atomicState.bucket) atomicState.bucket =
    // atomicState.key` (null into an absent key): the first one creates the key, the others find
    // it. None of them changes what a read returns, and stores commute, so the five sensors'
    // events are independent and DPOR closes a cycle of them instead of storing every
    // combination (the pattern of the Initial State loggers, which otherwise made every pair of
    // their events conflict).
    let mut counts = Vec::new();
    for por in [Por::Dpor, Por::None] {
        let mut sys = system(&["lazy-logger.groovy"], Options::default());
        let outcome = explore(&mut sys, &Config { verify_fingerprints: true, ..Config::new(por) });
        assert!(outcome.complete && outcome.findings.is_empty());
        counts.push(outcome.stats.states);
    }
    assert_eq!(counts, [15, 35], "DPOR, exhaustive search");
}

#[test]
fn device_lists_are_lists_to_operators_commands_go_to_each_and_inputs_shadow_methods_and_getters_of_their_name() {
    let mut sys = system(&["device-lists.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    // `extraLamps()` reads the input `extraLamps` inside, so it returns `lamps + extraLamps`
    // (both bound to switch1), and `on()` goes to each element of that list.
    let step = run(&mut sys, &a, "contact1.contact=open");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(handlers(&step.label), ["App1.opened"]);
    assert_eq!(writes(&step.label), ["App1:switch1.switch=on", "App1:switch1.switch=on"]);
    assert_eq!(sys.attribute(&step.next, "switch1", "switch").as_deref(), Some("on"));
    let step = run(&mut sys, &step.next, "contact1.contact=closed");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(writes(&step.label), ["App1:switch1.switch=off", "App1:switch1.switch=off"]);
    assert_eq!(sys.state_value(&step.next, AppId::App1, "results").as_deref(), Some("2"));
    // `lamps - extraLamps` (both [switch1]) is empty; `+` and `flatten` take the elements.
    assert_eq!(sys.state_value(&step.next, AppId::App1, "operators").as_deref(), Some("[2, 0, 1, 2, true]"));
    assert_eq!(sys.state_value(&step.next, AppId::App1, "drained").as_deref(), Some("[0, 1]"));
    // A getter reads the input of its own name (the binding comes first, as in Groovy scripts):
    // the input, then the fallback; it used to call itself until the stack overflowed.
    let count = sys.state_value(&step.next, AppId::App1, "lampCount").expect("lampCount stored");
    assert!(count.parse::<i64>().is_ok(), "{count}");
}

#[test]
fn a_time_input_reads_as_that_time_today_in_the_platforms_time_helpers() {
    let mut sys = system(&["time-inputs.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    // The time input is "15:00"; the clock's day is 2026-01-05 (UTC).
    assert_eq!(sys.state_value(&a, AppId::App1, "dateTime").as_deref(), Some("1767625200000"));
    assert_eq!(sys.state_value(&a, AppId::App1, "today").as_deref(), Some("1767625200000"));
    assert_eq!(sys.state_value(&a, AppId::App1, "iso").as_deref(), Some("1767601800000"));
    assert_eq!(sys.state_value(&a, AppId::App1, "bad").as_deref(), Some("toDateTime(): not an ISO date-time: noon"));
}

#[test]
fn the_smart_home_monitor_is_location_state_that_apps_and_the_user_set() {
    let mut sys = system(&["alarm-arm.groovy"], Options::default());
    let a = setup(&mut sys, "setup:A");
    assert_eq!(sys.state_value(&a, AppId::App1, "initial").as_deref(), Some("off"));
    // The user can set each status; the current one changes nothing.
    let names = enabled_names(&mut sys, &a);
    for status in ["off", "stay", "away"] {
        assert!(names.contains(&format!("location.alarmSystemStatus={status}")), "{names:?}");
    }
    let same = run(&mut sys, &a, "location.alarmSystemStatus=off");
    assert!(handlers(&same.label).is_empty());
    assert_eq!(sys.fingerprint(&same.next), sys.fingerprint(&a));
    // An app arms it: an app write of the location's status, and the status event follows.
    let step = run(&mut sys, &a, "contact1.contact=open");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    assert_eq!(handlers(&step.label), ["App1.opened", "App1.alarmChanged"]);
    assert_eq!(writes(&step.label), ["App1:location.alarmSystemStatus=away"]);
    assert_eq!(sys.state_value(&step.next, AppId::App1, "seen").as_deref(), Some("away"));
    assert_eq!(sys.state_value(&step.next, AppId::App1, "now").as_deref(), Some("away"));
    let user = run(&mut sys, &step.next, "location.alarmSystemStatus=stay");
    assert_eq!(handlers(&user.label), ["App1.alarmChanged"]);
    assert_eq!(sys.state_value(&user.next, AppId::App1, "seen").as_deref(), Some("stay"));
}

/// A pair of the test apps checked with the conflict monitor, every attribute tracked.
fn pair_check(app1: &str, app2: &str, por: Por) -> eventide_smartthings::check::PairCheck {
    let tracked = eventide_smartthings::conflicts::Tracked::All;
    eventide_smartthings::check::check_pair(&path(app1), &path(app2), Options::default(), tracked, &Config::new(por))
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn conflict_traces_are_the_shortest_that_make_the_conflict() {
    // Exhaustive search meets `off, then heat` first deep in its depth-first search; the report
    // takes a shortest trace that makes the same conflict: `off` is written by `installed()` in
    // configuration B (the window starts open), then the cold makes `heat` (2 events; the first
    // one met took 5, the transition nearest the initial state with the first write it met, 4).
    for por in [Por::None, Por::Dpor] {
        let check = pair_check("window-heat-off.groovy", "cold-heat.groovy", por);
        let mut lengths: Vec<(String, usize)> = check.conflicts.iter().map(|c| (c.key(), c.trace.len())).collect();
        lengths.sort();
        let lengths: Vec<usize> = lengths.into_iter().map(|(_, n)| n).collect();
        assert_eq!(lengths, [2, 3], "{}", por.name());
    }
}

#[test]
fn arming_and_disarming_the_smart_home_monitor_conflict_in_both_modes() {
    for por in [Por::Dpor, Por::None] {
        let check = pair_check("alarm-arm.groovy", "alarm-disarm.groovy", por);
        assert!(check.outcome.complete);
        let keys: Vec<String> = check.conflicts.iter().map(|c| c.key()).collect();
        assert!(keys.iter().any(|k| k.starts_with("conflict:location.alarmSystemStatus:")), "{}: {keys:?}", por.name());
        assert_eq!(keys.len(), 2, "{}: {keys:?}", por.name());
    }
}

#[test]
fn a_child_apps_calls_to_its_parent_are_recorded_and_answer_null() {
    let a = app("child-app.groovy");
    assert_eq!(a.parent.as_deref(), Some("eventide.test:Parent App"));
    let mut sys = PairSystem::new(vec![a], Options::default()).unwrap();
    let exercise = sys.exercise(eventide_engine::Watchdog { deadline: None, memory_limit: None });
    assert!(exercise.exceptions.is_empty() && exercise.errors.is_empty(), "{:?}", exercise.exceptions);
    assert_eq!(
        exercise.outputs,
        ["parent app eventide.test:Parent App: report(opened, open)", "parent app eventide.test:Parent App: count()"]
    );
    let s = setup(&mut sys, "setup:A");
    let s = run(&mut sys, &s, "contact1.contact=open").next;
    assert_eq!(sys.state_value(&s, AppId::App1, "answer").as_deref(), Some("none"));
    assert_eq!(
        sys.state_value(&s, AppId::App1, "parentClass").as_deref(),
        Some("physicalgraph.app.InstalledSmartAppWrapper")
    );
    // An app that names no parent reads `parent` as null, as on the platform.
    assert_eq!(app("contact-light.groovy").parent, None);
}

#[test]
fn apps_of_the_early_platform_declare_inputs_as_data_and_subscribe_the_app_to_its_touch() {
    let a = app("early-platform.groovy");
    let inputs: Vec<(&str, &str, bool)> =
        a.inputs.iter().map(|i| (i.name.as_str(), i.input_type.as_str(), i.multiple)).collect();
    assert_eq!(
        inputs,
        [
            ("door", "capability.contactSensor", false),
            ("speakers", "capability.audioNotification", true),
            ("phrase", "text", false)
        ]
    );
    let mut sys = PairSystem::new(vec![a], Options::default()).unwrap();
    let exercise = sys.exercise(eventide_engine::Watchdog { deadline: None, memory_limit: None });
    assert!(exercise.exceptions.is_empty() && exercise.errors.is_empty(), "{:?}", exercise.errors);
    let s = setup(&mut sys, "setup:A");
    // `subscribe(app)` runs `appTouch`; the string-named method handles the contact events.
    let touched = run(&mut sys, &s, "app1.touch");
    assert_eq!(handlers(&touched.label), ["App1.appTouch"]);
    assert_eq!(sys.state_value(&touched.next, AppId::App1, "touched").as_deref(), Some("true"));
    let opened = run(&mut sys, &s, "contact1.contact=open");
    assert_eq!(handlers(&opened.label), ["App1.contact"]);
    assert_eq!(sys.state_value(&opened.next, AppId::App1, "last").as_deref(), Some("open"));
    assert!(opened.findings.is_empty(), "{:?}", opened.findings);
    // `subscribe(location)` runs `changedLocationMode` on mode changes.
    let night = run(&mut sys, &s, "location.mode=night");
    assert_eq!(handlers(&night.label), ["App1.changedLocationMode"]);
    assert_eq!(sys.state_value(&night.next, AppId::App1, "mode").as_deref(), Some("night"));
}

#[test]
fn the_early_subscribe_to_an_attribute_is_named_as_unsupported() {
    let mut sys = PairSystem::new(vec![app("early-subscribe.groovy")], Options::default()).unwrap();
    let exercise = sys.exercise(eventide_engine::Watchdog { deadline: None, memory_limit: None });
    let errors: Vec<String> = exercise
        .errors
        .iter()
        .map(|(f, _)| format!("{}: {}", f.position.as_ref().map_or(0, |p| p.line), f.message))
        .collect();
    assert!(
        errors.iter().any(|e| e.starts_with("7: unsupported construct: `subscribe(device.attribute)`")),
        "{errors:?} / exceptions {:?}",
        exercise.exceptions
    );
}

#[test]
fn the_same_page_error_is_listed_once() {
    let a = app("page-errors.groovy");
    let inputs: Vec<&str> = a.inputs.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(inputs, ["lamp", "door"], "warnings: {:?}", a.warnings);
    assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
    assert!(a.warnings[0].message.contains("isNumber"), "{:?}", a.warnings);
}

#[test]
fn the_first_page_runs_first_and_again_once_the_app_has_been_opened() {
    let a = app("first-run-pages.groovy");
    let inputs: Vec<&str> = a.inputs.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(inputs, ["lights", "doorSensor"], "warnings: {:?}", a.warnings);
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
    let mut sys = PairSystem::new(vec![a], Options::default()).unwrap();
    let s = setup(&mut sys, "setup:A");
    let opened = run(&mut sys, &s, "contact1.contact=open");
    assert_eq!(writes(&opened.label), ["App1:switch1.switch=on"]);
}

#[test]
fn an_input_type_that_repeats_its_prefix_is_read_as_meant_with_a_located_warning() {
    let text = r#"definition(name: "doubled", namespace: "t", author: "t", description: "d", category: "c")
preferences {
    section("s") {
        input "lamp", "capability.capability.switch"
        input "door", "capability.lock"
    }
}
def installed() { subscribe(lamp, "switch", h) }
def h(evt) { door.lock() }
"#;
    let a = App::from_source(eventide_groovy::syntax::SourceFile::new("doubled.groovy", text)).unwrap();
    let warnings: Vec<(u32, u32, &str)> = a.warnings.iter().map(|w| (w.line, w.column, w.message.as_str())).collect();
    assert_eq!(
        warnings,
        [(
            4,
            9,
            "input `lamp` has type `capability.capability.switch`, which repeats its prefix: read as `capability.switch`"
        )]
    );
    let mut sys = PairSystem::new(vec![a], Options::default()).unwrap();
    let installed = setup(&mut sys, "setup:A");
    assert!(enabled_names(&mut sys, &installed).contains(&"switch1.switch=on".to_string()));
}

#[test]
fn a_state_value_that_holds_itself_is_an_exception_and_the_cycle_is_stored_as_null() {
    // Converting it to JSON recursed through the cycle: the run exhausted memory.
    let text = r#"definition(name: "cyclic", namespace: "t", author: "t", description: "d", category: "c")
preferences { section("s") { input "sw", "capability.switch" } }
def installed() { subscribe(sw, "switch", h) }
def h(evt) { def l = state.l ?: []; l << l; state.l = l; state.kept = [1, [2]] }
"#;
    let a = App::from_source(eventide_groovy::syntax::SourceFile::new("cyclic.groovy", text)).unwrap();
    let mut sys = PairSystem::new(vec![a], Options::default()).unwrap();
    let installed = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &installed, "switch1.switch=on");
    let messages: Vec<&str> = step.findings.iter().map(|f| f.message.as_str()).collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].starts_with("java.lang.StackOverflowError: state holds a value that cannot be stored as JSON"));
    assert_eq!(sys.state_value(&step.next, AppId::App1, "l").as_deref(), Some("[null]"));
    assert_eq!(sys.state_value(&step.next, AppId::App1, "kept").as_deref(), Some("[1, [2]]"));
}

#[test]
fn the_state_a_page_leaves_is_stored_as_json_before_the_app_is_installed() {
    // The page stores `[1: "low"]`; the platform keeps `state` as JSON, so the key is "1" from
    // installation on and `state.levels[1]` reads null whatever ran before. When the page's
    // state was kept as the page left it, only the first handler that touched `state` converted
    // it: `motionSeen` changed what `doorOpened` reads without any access to `levels`, and DPOR
    // (which then saw the two handlers as independent) missed the exception exhaustive search
    // found after `motion1.motion=active, contact1.contact=open`.
    let mut sys = system(&["page-state-keys.groovy"], Options::default());
    let s = setup(&mut sys, "setup:A");
    assert_eq!(sys.state_value(&s, AppId::App1, "levels").as_deref(), Some("[1:low]"));
    let opened = run(&mut sys, &s, "contact1.contact=open");
    assert_eq!(opened.findings.len(), 1, "the key is a string at once: {:?}", opened.findings);
    let messages = |o: &eventide_engine::Outcome| {
        let mut m: Vec<String> = o.findings.iter().map(|f| f.finding.message.clone()).collect();
        m.sort();
        m.dedup();
        m
    };
    let mut found = Vec::new();
    for por in [Por::Dpor, Por::None] {
        let mut sys = system(&["page-state-keys.groovy"], Options::default());
        let outcome = explore(&mut sys, &Config { verify_fingerprints: true, ..Config::new(por) });
        assert!(outcome.complete);
        found.push(messages(&outcome));
    }
    assert_eq!(found[0], found[1], "DPOR and exhaustive search report the same exceptions");
    assert!(found[0].iter().any(|m| m.contains("the integer key is gone")), "{:?}", found[0]);
}

#[test]
fn a_bounded_run_starts_from_bounded_page_state() {
    // With `--bound-collections 1` every transition cuts the collections of the maps it touched;
    // the page's list must be cut before installation too, or the first handler that stores any
    // key would cut `history`, which it never accessed.
    let options = Options { bound_collections: Some(1), ..Options::default() };
    let mut sys = system(&["page-state-keys.groovy"], options);
    let s = setup(&mut sys, "setup:A");
    assert_eq!(sys.state_value(&s, AppId::App1, "history").as_deref(), Some("[c]"));
    let seen = run(&mut sys, &s, "motion1.motion=active");
    assert_eq!(sys.state_value(&seen.next, AppId::App1, "history").as_deref(), Some("[c]"));
}

#[test]
fn a_missing_handler_is_reported_at_the_first_call_that_names_it_in_either_mode() {
    // Both handlers schedule `notYetWritten`. The finding used to point at whichever call the
    // explorer happened to run first, so DPOR and exhaustive search located one finding at two
    // places; the `log.debug` naming it is not a call that takes a handler.
    for por in [Por::Dpor, Por::None] {
        let mut sys = system(&["missing-handler-sites.groovy"], Options::default());
        let outcome = explore(&mut sys, &Config::new(por));
        let sites: Vec<(u32, u32)> = outcome
            .findings
            .iter()
            .filter(|f| f.finding.message.contains("notYetWritten"))
            .filter_map(|f| f.finding.position.as_ref().map(|p| (p.line, p.column)))
            .collect();
        assert_eq!(sites, [(16, 54)], "{}", por.name());
    }
}

#[test]
fn objects_that_fields_hold_are_state_and_closures_that_keep_locals_are_unsupported() {
    // `opened` and `moved` change the builder in `trail` without assigning it: each is a write
    // of the field, so DPOR orders them and finds the exception that needs `moved` first.
    let mut sys = system(&["field-objects.groovy"], Options::default());
    let mut trail_written = Vec::new();
    for config in ["setup:A", "setup:B"] {
        let s = setup(&mut sys, config);
        let mut accesses = Vec::new();
        let e = event(&mut sys, &s, "motion1.motion=active");
        let step = sys.execute(&s, e, &mut accesses);
        if handlers(&step.label) == ["App1.moved"] {
            let written = |a: &Access| a.kind.writes() && sys.describe_location(a.location).1.contains("trail");
            trail_written.push(accesses.iter().any(written));
        }
    }
    assert_eq!(trail_written, [true], "the configuration where the sensor starts inactive runs `moved`");
    let found = messages_both_ways("field-objects.groovy", Options::default(), |por| Config {
        verify_fingerprints: true,
        ..Config::new(por)
    });
    assert!(found.iter().any(|m| m.contains("motion came first")), "{found:?}");
    assert!(
        found.iter().any(|m| m.contains("`counter` holds a closure that captures the local variable(s) `k`")),
        "{found:?}"
    );
}

/// The distinct messages of the findings DPOR and exhaustive search report on `app` (sorted),
/// asserting that both complete and report the same ones.
fn messages_both_ways(app: &str, options: Options, config: impl Fn(Por) -> Config) -> Vec<String> {
    let mut found = Vec::new();
    for por in [Por::Dpor, Por::None] {
        let mut sys = system(&[app], options);
        let outcome = explore(&mut sys, &config(por));
        assert!(outcome.complete, "{app}: {por:?} did not finish");
        let mut messages: Vec<String> = outcome.findings.iter().map(|f| f.finding.message.clone()).collect();
        messages.sort();
        messages.dedup();
        found.push(messages);
    }
    assert_eq!(found[0], found[1], "{app} {options:?}: DPOR and exhaustive search report the same findings");
    found.swap_remove(0)
}

#[test]
fn an_event_kept_in_a_field_reads_later_as_the_event_it_was() {
    // `remember` keeps the lock event in a field; the app-touch handler and the timer read it in
    // later transitions. They read the handler's own event (`touch=touched`), and a timer, which
    // has none, failed on a property of it.
    for timers in [TimerMode::Inline, TimerMode::Deferred] {
        let options = Options { timers, ..Options::default() };
        let found = messages_both_ways("field-event.groovy", options, |por| Config {
            verify_fingerprints: true,
            stop_at_first: false,
            ..Config::new(por)
        });
        let want: Vec<String> = [
            "timer sees lock=locked",
            "timer sees lock=unlocked",
            "touch sees lock=locked",
            "touch sees lock=unlocked",
        ]
        .iter()
        .map(|m| format!("java.lang.Exception: {m}"))
        .collect();
        assert_eq!(found, want, "{timers:?}");
    }
}

#[test]
fn a_location_event_an_app_sends_runs_the_handlers_subscribed_to_its_name() {
    let mut sys = system(&["house-event-sender.groovy", "house-event-listener.groovy"], Options::default());
    let s = setup(&mut sys, "setup:A");
    let step = run(&mut sys, &s, "contact1.contact=open");
    assert!(step.findings.is_empty(), "{:?}", step.findings);
    // The sender's handler, then (nested) the listener's, with the event's name, value and
    // source; the filtered subscription does not match.
    assert_eq!(handlers(&step.label), ["App1.opened", "App2.heard"]);
    assert_eq!(writes(&step.label), ["App1:lock1.lock=locked", "App2:lock1.lock=unlocked"]);
    let heard = sys.state_value(&step.next, AppId::App2, "heard");
    assert_eq!(heard.as_deref(), Some("houseEvent=doorOpened from LOCATION"));
    // Alone, the listener's subscription is named with what would run it.
    let mut alone = system(&["house-event-listener.groovy"], Options::default());
    let s = setup(&mut alone, "setup:A");
    let silent = alone.silent_subscriptions(&s);
    assert_eq!(silent.len(), 2, "{silent:?}");
    assert!(silent[0].2.contains("sendLocationEvent(name: \"houseEvent\""), "{silent:?}");
}
