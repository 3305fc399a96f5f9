//! The capability catalogue: which attributes each capability has, the values the environment can
//! produce for them, the two initial configurations, and what each device command does.
//!
//! Everything lives in three tables so that the model can be read and extended in one place:
//! - [`CAPABILITIES`]: every capability (and `device.X` type) an input may ask for, with the base
//!   of the readable device name (`lock` → `lock1`).
//! - [`ATTRIBUTES`]: one row per capability and attribute: its kind, the environment's values, the
//!   initial values of configurations A and B, and how the environment produces it (a sensor
//!   reporting changes, or a momentary, always-enabled source).
//! - [`COMMANDS`]: one row per capability and command: the attributes it sets and to what (a fixed
//!   value, or the value of argument N).
//!
//! The values follow IoTCheck's event catalogue (docs/smartthings-model.md, appendix). An attribute
//! with no environment values (`speech`, `image`) changes only through commands. An attribute with
//! one fixed sample value that equals its initial value is never produced by the environment (a
//! sensor reports changes only).
//!
//! When one device supports several capabilities that list the same attribute (a music player's
//! `level` and a dimmer's `level`), the first row in table order defines the attribute.

use rustc_hash::FxHashMap;
use std::sync::LazyLock;

/// How an attribute's values are typed when apps read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrKind {
    /// A string (`on`, `locked`, `not present`).
    Text,
    /// A number: `currentValue` returns a number, events carry `numericValue`.
    Number,
}

/// How the environment produces an attribute's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A sensor: an event is enabled only when it would change the value.
    Sensor,
    /// A momentary source (button, NFC touch, momentary push, three-axis): always enabled, and a
    /// user-initiated event (its writes are exempt as the later write of a conflict).
    Momentary,
}

/// One capability (or `device.X` type) that an input can ask for.
#[derive(Clone, Copy, Debug)]
pub struct CapabilityRow {
    /// The name after `capability.` / `device.` (`switch`, `lock`, `mobilePresence`).
    pub name: &'static str,
    /// The base of the readable device name (`lock` gives `lock1`).
    pub device_name: &'static str,
    /// `true` for device types (`device.mobilePresence`), which include other capabilities' rows.
    pub device_type: bool,
}

/// One attribute of one capability.
#[derive(Clone, Copy, Debug)]
pub struct AttributeRow {
    pub capability: &'static str,
    pub attribute: &'static str,
    pub kind: AttrKind,
    /// The values the environment can produce (empty: commands only).
    pub values: &'static [&'static str],
    /// Initial value in configuration A and in configuration B.
    pub initial: [&'static str; 2],
    pub source: Source,
}

/// What a command does to one attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Sets the attribute to a fixed value.
    Set(&'static str, &'static str),
    /// Sets the attribute to the value of the N-th positional argument (when present).
    Arg(&'static str, usize),
    /// `setColor(map)`: `hue`, `saturation`, `level` from the map's keys, `color` from its `hex`
    /// (or the map itself).
    Color,
}

/// One command of one capability.
#[derive(Clone, Copy, Debug)]
pub struct CommandRow {
    pub capability: &'static str,
    pub command: &'static str,
    /// The attributes it sets, in order (empty: the command changes nothing the model tracks).
    pub effects: &'static [Effect],
}

const fn cap(name: &'static str, device_name: &'static str) -> CapabilityRow {
    CapabilityRow { name, device_name, device_type: false }
}

const fn dev(name: &'static str, device_name: &'static str) -> CapabilityRow {
    CapabilityRow { name, device_name, device_type: true }
}

/// Every capability and device type, in naming priority: a device supporting several capabilities
/// is named after the first of them in this table.
pub const CAPABILITIES: &[CapabilityRow] = &[
    cap("lock", "lock"),
    cap("lockCodes", "lock"),
    cap("lockOnly", "lock"),
    cap("thermostat", "thermostat"),
    cap("thermostatMode", "thermostat"),
    cap("thermostatFanMode", "thermostat"),
    cap("thermostatHeatingSetpoint", "thermostat"),
    cap("thermostatCoolingSetpoint", "thermostat"),
    cap("thermostatOperatingState", "thermostat"),
    cap("thermostatSetpoint", "thermostat"),
    cap("colorControl", "light"),
    cap("colorTemperature", "light"),
    cap("colorMode", "light"),
    cap("switchLevel", "dimmer"),
    cap("fanSpeed", "fan"),
    cap("switch", "switch"),
    cap("light", "light"),
    cap("bulb", "light"),
    cap("relaySwitch", "relay"),
    cap("outlet", "outlet"),
    cap("musicPlayer", "player"),
    cap("speechSynthesis", "speaker"),
    cap("audioNotification", "audio"),
    cap("audioMute", "audio"),
    cap("audioVolume", "audio"),
    cap("imageCapture", "camera"),
    cap("videoCapture", "video"),
    cap("alarm", "alarm"),
    cap("valve", "valve"),
    cap("doorControl", "door"),
    cap("garageDoorControl", "garage"),
    cap("windowShade", "shade"),
    cap("contactSensor", "contact"),
    cap("motionSensor", "motion"),
    cap("accelerationSensor", "acceleration"),
    cap("presenceSensor", "presence"),
    cap("beacon", "beacon"),
    dev("mobilePresence", "phone"),
    cap("smokeDetector", "smoke"),
    cap("carbonMonoxideDetector", "co"),
    cap("waterSensor", "water"),
    cap("sleepSensor", "sleep"),
    cap("stepSensor", "steps"),
    cap("temperatureMeasurement", "temperature"),
    cap("relativeHumidityMeasurement", "humidity"),
    cap("illuminanceMeasurement", "illuminance"),
    cap("powerMeter", "power"),
    cap("energyMeter", "energy"),
    cap("button", "button"),
    cap("holdableButton", "button"),
    dev("aeonKeyFob", "keyfob"),
    cap("momentary", "momentary"),
    cap("touchSensor", "tag"),
    cap("threeAxis", "axis"),
    cap("battery", "battery"),
    cap("carbonDioxideMeasurement", "co2"),
    cap("pHMeasurement", "ph"),
    cap("soundSensor", "sound"),
    cap("soundPressureLevel", "spl"),
    cap("tamperAlert", "tamper"),
    cap("voltageMeasurement", "voltage"),
    cap("ultravioletIndex", "uv"),
    cap("shockSensor", "shock"),
    cap("signalStrength", "signal"),
    cap("consumable", "consumable"),
    cap("mediaController", "media"),
    cap("indicator", "indicator"),
    cap("powerSource", "powerSource"),
    cap("airQualitySensor", "airQuality"),
    cap("dustSensor", "dust"),
    cap("filterStatus", "filter"),
    cap("infraredLevel", "infrared"),
    cap("timedSession", "session"),
    cap("speechRecognition", "microphone"),
    cap("execute", "executor"),
    cap("healthCheck", "health"),
    cap("bridge", "bridge"),
    cap("tone", "tone"),
    dev("pushbullet", "pushbullet"),
    cap("notification", "notifier"),
    cap("videoCamera", "camera"),
    cap("estimatedTimeOfArrival", "eta"),
    cap("zwMultichannel", "multichannel"),
    cap("mediaPlayback", "media"),
    cap("mediaInputSource", "media"),
    cap("mediaTrackControl", "media"),
    cap("washerMode", "washer"),
    cap("dryerMode", "dryer"),
    cap("ovenMode", "oven"),
    cap("robotCleanerMovement", "robot"),
    cap("robotCleanerCleaningMode", "robot"),
    cap("airConditionerMode", "ac"),
    cap("temperatureAlarm", "tempAlarm"),
    cap("odorSensor", "odor"),
    cap("gasDetector", "gas"),
    cap("sensor", "sensor"),
    cap("actuator", "actuator"),
    cap("refresh", "refresh"),
    cap("polling", "polling"),
    cap("configuration", "configuration"),
];

use AttrKind::{Number as Num, Text};
use Source::{Momentary, Sensor};

const fn row(
    capability: &'static str,
    attribute: &'static str,
    kind: AttrKind,
    values: &'static [&'static str],
    a: &'static str,
    b: &'static str,
) -> AttributeRow {
    AttributeRow { capability, attribute, kind, values, initial: [a, b], source: Sensor }
}

const fn momentary(
    capability: &'static str,
    attribute: &'static str,
    values: &'static [&'static str],
    a: &'static str,
    b: &'static str,
) -> AttributeRow {
    AttributeRow { capability, attribute, kind: Text, values, initial: [a, b], source: Momentary }
}

const ON_OFF: &[&str] = &["on", "off"];
const OPEN_CLOSED: &[&str] = &["open", "closed"];
const ACTIVE: &[&str] = &["active", "inactive"];
const PRESENCE: &[&str] = &["present", "not present"];
const DETECTOR: &[&str] = &["clear", "detected", "tested"];
const THERMOSTAT_MODES: &[&str] = &["auto", "cool", "emergency heat", "heat", "off"];

/// Every attribute: capability, attribute, kind, environment values, initial A, initial B.
#[rustfmt::skip]
pub const ATTRIBUTES: &[AttributeRow] = &[
    // capability                  attribute                   kind  environment values                initial A      initial B
    row("switch",                  "switch",                   Text, ON_OFF,                           "off",         "on"),
    row("switchLevel",             "switch",                   Text, ON_OFF,                           "off",         "on"),
    row("switchLevel",             "level",                    Num,  &["45"],                          "50",          "60"),
    row("fanSpeed",                "fanSpeed",                 Num,  &["3"],                           "0",           "2"),
    row("colorControl",            "switch",                   Text, ON_OFF,                           "off",         "on"),
    row("colorControl",            "level",                    Num,  &["45"],                          "50",          "60"),
    row("colorControl",            "hue",                      Num,  &["50"],                          "30",          "50"),
    row("colorControl",            "saturation",               Num,  &["50"],                          "70",          "90"),
    row("colorControl",            "color",                    Text, &["red"],                         "Red",         "Blue"),
    row("colorControl",            "colorTemperature",         Num,  &["50"],                          "10000",       "15000"),
    row("colorTemperature",        "switch",                   Text, ON_OFF,                           "off",         "on"),
    row("colorTemperature",        "level",                    Num,  &["45"],                          "50",          "60"),
    row("colorTemperature",        "colorTemperature",         Num,  &["50"],                          "10000",       "15000"),
    row("relaySwitch",             "switch",                   Text, ON_OFF,                           "off",         "on"),
    row("light",                   "switch",                   Text, ON_OFF,                           "off",         "on"),
    row("bulb",                    "switch",                   Text, ON_OFF,                           "off",         "on"),
    // Which colour setting a light shows; only the device changes it.
    row("colorMode",               "colorMode",                Text, &[],                              "color",       "colorTemperature"),
    row("outlet",                  "switch",                   Text, ON_OFF,                           "off",         "on"),
    row("lock",                    "lock",                     Text, &["locked", "unlocked"],          "locked",      "unlocked"),
    row("lockCodes",               "lock",                     Text, &["locked", "unlocked"],          "locked",      "unlocked"),
    row("lockOnly",                "lock",                     Text, &["locked", "unlocked"],          "locked",      "unlocked"),
    row("contactSensor",           "contact",                  Text, OPEN_CLOSED,                      "closed",      "open"),
    row("doorControl",             "door",                     Text, OPEN_CLOSED,                      "closed",      "open"),
    row("garageDoorControl",       "door",                     Text, OPEN_CLOSED,                      "closed",      "open"),
    row("valve",                   "valve",                    Text, OPEN_CLOSED,                      "closed",      "open"),
    row("windowShade",             "windowShade",              Text, OPEN_CLOSED,                      "closed",      "open"),
    row("motionSensor",            "motion",                   Text, ACTIVE,                           "inactive",    "active"),
    row("accelerationSensor",      "acceleration",             Text, ACTIVE,                           "inactive",    "active"),
    row("presenceSensor",          "presence",                 Text, PRESENCE,                         "not present", "present"),
    row("beacon",                  "presence",                 Text, PRESENCE,                         "not present", "present"),
    row("mobilePresence",          "presence",                 Text, PRESENCE,                         "not present", "present"),
    row("smokeDetector",           "smoke",                    Text, DETECTOR,                         "clear",       "detected"),
    row("smokeDetector",           "carbonMonoxide",           Text, DETECTOR,                         "clear",       "detected"),
    row("smokeDetector",           "battery",                  Num,  &["5", "50"],                     "50",          "35"),
    row("carbonMonoxideDetector",  "carbonMonoxide",           Text, DETECTOR,                         "clear",       "detected"),
    row("battery",                 "battery",                  Num,  &["5", "50"],                     "50",          "35"),
    row("waterSensor",             "water",                    Text, &["dry", "wet"],                  "dry",         "wet"),
    row("sleepSensor",             "sleeping",                 Text, &["sleeping", "not sleeping"],    "sleeping",    "not sleeping"),
    row("stepSensor",              "steps",                    Num,  &["50", "100"],                   "35",          "60"),
    row("stepSensor",              "goal",                     Num,  &["40", "70"],                    "50",          "40"),
    row("temperatureMeasurement",  "temperature",              Num,  &["45", "55"],                    "40",          "60"),
    row("thermostat",              "temperature",              Num,  &["45", "55"],                    "40",          "60"),
    row("thermostat",              "thermostatMode",           Text, THERMOSTAT_MODES,                 "off",         "off"),
    row("thermostat",              "thermostatFanMode",        Text, &["auto", "circulate", "on"],     "off",         "circulate"),
    row("thermostat",              "thermostatOperatingState", Text, &["cooling", "heating", "idle", "fan only"], "cooling", "cooling"),
    row("thermostat",              "heatingSetpoint",          Num,  &["40"],                          "35",          "50"),
    row("thermostat",              "coolingSetpoint",          Num,  &["60"],                          "70",          "80"),
    row("thermostat",              "thermostatSetpoint",       Num,  &["50"],                          "50",          "60"),
    // The parts of Thermostat as capabilities of their own (heaters, fan controllers), with the
    // thermostat's rows.
    row("thermostatMode",          "thermostatMode",           Text, THERMOSTAT_MODES,                 "off",         "off"),
    row("thermostatFanMode",       "thermostatFanMode",        Text, &["auto", "circulate", "on"],     "off",         "circulate"),
    row("thermostatOperatingState", "thermostatOperatingState", Text, &["cooling", "heating", "idle", "fan only"], "cooling", "cooling"),
    row("thermostatHeatingSetpoint", "heatingSetpoint",        Num,  &["40"],                          "35",          "50"),
    row("thermostatCoolingSetpoint", "coolingSetpoint",        Num,  &["60"],                          "70",          "80"),
    row("thermostatSetpoint",      "thermostatSetpoint",       Num,  &["50"],                          "50",          "60"),
    row("relativeHumidityMeasurement", "humidity",             Num,  &["30", "70"],                    "50",          "60"),
    row("illuminanceMeasurement",  "illuminance",              Num,  &["0", "100"],                    "20000",       "5"),
    row("powerMeter",              "power",                    Num,  &["30", "70"],                    "50",          "60"),
    row("energyMeter",             "energy",                   Num,  &["45"],                          "50",          "60"),
    row("alarm",                   "alarm",                    Text, &["both", "siren", "strobe", "off"], "off",       "both"),
    row("musicPlayer",             "status",                   Text, &["playing", "stopped", "paused"], "paused",     "playing"),
    row("musicPlayer",             "level",                    Num,  &["36"],                          "20",          "30"),
    row("musicPlayer",             "mute",                     Text, &["muted", "unmuted"],            "unmuted",     "muted"),
    row("musicPlayer",             "trackDescription",         Text, &["track1"],                      "track0",      "track0"),
    // "One text" (the specification's appendix; IoTCheck's `someTrack`): plain text, not the JSON a
    // Sonos reports, so that apps pasting attribute values into hand-built JSON stay valid.
    row("musicPlayer",             "trackData",                Text, &["station1"],                    "station0",    "station0"),
    row("speechSynthesis",         "speech",                   Text, &[],                              "none",        "none"),
    row("audioMute",               "mute",                     Text, &["muted", "unmuted"],            "unmuted",     "muted"),
    row("audioVolume",             "volume",                   Num,  &[],                              "50",          "60"),
    // Speech devices (speakers) have a volume that apps set before speaking; only commands change it.
    row("speechSynthesis",         "level",                    Num,  &[],                              "50",          "60"),
    row("imageCapture",            "image",                    Text, &[],                              "none",        "none"),
    row("videoCapture",            "clip",                     Text, &[],                              "none",        "none"),
    momentary("button",            "button",                         &["pushed", "held"],              "pushed",      "held"),
    row("button",                  "numberOfButtons",          Num,  &["4"],                           "4",           "4"),
    momentary("holdableButton",    "button",                         &["pushed", "held"],              "pushed",      "held"),
    row("holdableButton",          "numberOfButtons",          Num,  &["4"],                           "4",           "4"),
    momentary("aeonKeyFob",        "button",                         &["pushed", "held"],              "pushed",      "held"),
    row("aeonKeyFob",              "battery",                  Num,  &["5", "50"],                     "50",          "35"),
    momentary("touchSensor",       "nfcTouch",                       &["touched"],                     "touched",     "touched"),
    momentary("threeAxis",         "threeAxis",                      &["0,0,1000"],                    "0,0,1000",    "0,0,1000"),
    momentary("momentary",         "momentary",                      &["pushed"],                      "pushed",      "pushed"),
    row("carbonDioxideMeasurement", "carbonDioxide",           Num,  &["400"],                         "400",         "400"),
    row("pHMeasurement",           "pH",                       Num,  &["7"],                           "7",           "7"),
    row("soundSensor",             "sound",                    Text, &["not detected"],                "not detected", "not detected"),
    row("soundPressureLevel",      "soundPressureLevel",       Num,  &["50"],                          "50",          "50"),
    row("tamperAlert",             "tamper",                   Text, &["clear"],                       "clear",       "clear"),
    row("voltageMeasurement",      "voltage",                  Num,  &["120"],                         "120",         "120"),
    row("ultravioletIndex",        "ultravioletIndex",         Num,  &["5"],                           "5",           "5"),
    row("shockSensor",             "shock",                    Text, &["clear"],                       "clear",       "clear"),
    row("signalStrength",          "lqi",                      Num,  &["100"],                         "100",         "100"),
    row("signalStrength",          "rssi",                     Num,  &["-50"],                         "-50",         "-50"),
    row("consumable",              "consumableStatus",         Text, &["good"],                        "good",        "good"),
    row("mediaController",         "currentActivity",          Text, &["activity1"],                   "activity1",   "activity1"),
    // A switch's status light (Z-Wave switches): when it is lit.
    row("indicator",               "indicatorStatus",          Text, &["when off", "when on", "never"], "when off",   "when on"),
    row("powerSource",             "powerSource",              Text, &["battery", "mains"],            "mains",       "battery"),
    row("filterStatus",            "filterStatus",             Text, &["normal", "replace"],           "normal",      "replace"),
    row("airQualitySensor",        "airQuality",               Num,  &["50"],                          "50",          "50"),
    row("dustSensor",              "dustLevel",                Num,  &["20"],                          "20",          "20"),
    row("dustSensor",              "fineDustLevel",            Num,  &["10"],                          "10",          "10"),
    row("infraredLevel",           "infraredLevel",            Num,  &[],                              "0",           "50"),
    row("timedSession",            "sessionStatus",            Text, &[],                              "stopped",     "running"),
    row("timedSession",            "timeRemaining",            Num,  &[],                              "0",           "60"),
    row("speechRecognition",       "phraseSpoken",             Text, &["lights on"],                   "none",        "none"),
    // Capabilities of the later SmartThings reference: appliances whose mode the user can also
    // change at the device, and a few sensors.
    row("videoCamera",             "camera",                   Text, &["on", "off"],                   "on",          "off"),
    row("videoCamera",             "mute",                     Text, &[],                              "unmuted",     "muted"),
    row("videoCamera",             "statusMessage",            Text, &[],                              "",            ""),
    row("estimatedTimeOfArrival",  "eta",                      Text, &[],                              "",            ""),
    row("zwMultichannel",          "epEvent",                  Text, &[],                              "",            ""),
    row("zwMultichannel",          "epInfo",                   Text, &[],                              "",            ""),
    row("mediaPlayback",           "playbackStatus",           Text, &["playing", "paused", "stopped"], "stopped",    "playing"),
    row("mediaInputSource",        "inputSource",              Text, &["HDMI1", "HDMI2"],              "HDMI1",       "HDMI2"),
    row("mediaTrackControl",       "supportedTrackControlCommands", Text, &[],                         "nextTrack,previousTrack", "nextTrack,previousTrack"),
    row("washerMode",              "washerMode",               Text, &["regular", "heavy", "rinse", "spinDry"], "regular", "heavy"),
    row("dryerMode",               "dryerMode",                Text, &["regular", "lowHeat", "highHeat"], "regular",  "highHeat"),
    row("ovenMode",                "ovenMode",                 Text, &["heating", "grill", "warming", "defrosting"], "heating", "grill"),
    row("robotCleanerMovement",    "robotCleanerMovement",     Text, &["homing", "idle", "charging", "cleaning"], "charging", "cleaning"),
    row("robotCleanerCleaningMode", "robotCleanerCleaningMode", Text, &["auto", "part", "repeat", "manual", "stop"], "auto", "stop"),
    row("airConditionerMode",      "airConditionerMode",       Text, &["auto", "cool", "dry", "fanOnly", "heat"], "cool", "heat"),
    row("temperatureAlarm",        "temperatureAlarm",         Text, &["cleared", "freeze", "heat", "rateOfRise"], "cleared", "cleared"),
    row("odorSensor",              "odorLevel",                Num,  &["0", "50"],                     "0",           "0"),
    row("gasDetector",             "gas",                      Text, &["clear", "detected"],           "clear",       "clear"),
];

use Effect::{Arg, Color, Set};

const fn command(capability: &'static str, command: &'static str, effects: &'static [Effect]) -> CommandRow {
    CommandRow { capability, command, effects }
}

/// Every command: capability, command, what it sets. Commands of `refresh`/`polling`/
/// `configuration` (`refresh()`, `poll()`, `configure()`) are accepted by every device.
#[rustfmt::skip]
pub const COMMANDS: &[CommandRow] = &[
    command("switch",           "on",                   &[Set("switch", "on")]),
    command("switch",           "off",                  &[Set("switch", "off")]),
    command("relaySwitch",      "on",                   &[Set("switch", "on")]),
    command("relaySwitch",      "off",                  &[Set("switch", "off")]),
    command("outlet",           "on",                   &[Set("switch", "on")]),
    command("outlet",           "off",                  &[Set("switch", "off")]),
    command("switchLevel",      "on",                   &[Set("switch", "on")]),
    command("switchLevel",      "off",                  &[Set("switch", "off")]),
    command("switchLevel",      "setLevel",             &[Arg("level", 0)]),
    command("fanSpeed",         "setFanSpeed",          &[Arg("fanSpeed", 0)]),
    command("colorControl",     "on",                   &[Set("switch", "on")]),
    command("colorControl",     "off",                  &[Set("switch", "off")]),
    command("colorControl",     "setLevel",             &[Arg("level", 0)]),
    command("colorControl",     "setHue",               &[Arg("hue", 0)]),
    command("colorControl",     "setSaturation",        &[Arg("saturation", 0)]),
    command("colorControl",     "setColor",             &[Color]),
    command("colorControl",     "setColorTemperature",  &[Arg("colorTemperature", 0)]),
    command("colorTemperature", "on",                   &[Set("switch", "on")]),
    command("colorTemperature", "off",                  &[Set("switch", "off")]),
    command("colorTemperature", "setLevel",             &[Arg("level", 0)]),
    command("colorTemperature", "setColorTemperature",  &[Arg("colorTemperature", 0)]),
    command("lock",             "lock",                 &[Set("lock", "locked")]),
    command("lock",             "unlock",               &[Set("lock", "unlocked")]),
    command("lockCodes",        "lock",                 &[Set("lock", "locked")]),
    command("lockCodes",        "unlock",               &[Set("lock", "unlocked")]),
    // Lock Codes' code management: the model keeps no codes; recorded as outputs.
    command("lockCodes",        "setCode",              &[]),
    command("lockCodes",        "deleteCode",           &[]),
    command("lockCodes",        "requestCode",          &[]),
    command("lockCodes",        "reloadAllCodes",       &[]),
    command("lockCodes",        "updateCodes",          &[]),
    command("lockCodes",        "setCodeLength",        &[]),
    command("lockOnly",         "lock",                 &[Set("lock", "locked")]),
    command("light",            "on",                   &[Set("switch", "on")]),
    command("light",            "off",                  &[Set("switch", "off")]),
    command("bulb",             "on",                   &[Set("switch", "on")]),
    command("bulb",             "off",                  &[Set("switch", "off")]),
    command("doorControl",      "open",                 &[Set("door", "open")]),
    command("doorControl",      "close",                &[Set("door", "closed")]),
    command("garageDoorControl", "open",                &[Set("door", "open")]),
    command("garageDoorControl", "close",               &[Set("door", "closed")]),
    command("valve",            "open",                 &[Set("valve", "open")]),
    command("valve",            "close",                &[Set("valve", "closed")]),
    command("windowShade",      "open",                 &[Set("windowShade", "open")]),
    command("windowShade",      "close",                &[Set("windowShade", "closed")]),
    command("windowShade",      "presetPosition",       &[]),
    command("alarm",            "siren",                &[Set("alarm", "siren")]),
    command("alarm",            "strobe",               &[Set("alarm", "strobe")]),
    command("alarm",            "both",                 &[Set("alarm", "both")]),
    command("alarm",            "off",                  &[Set("alarm", "off")]),
    // Siren device types (Z-Wave Siren, Aeon Siren) also implement Switch: on() sounds siren and
    // strobe (IoTCheck's alarm model does the same).
    command("alarm",            "on",                   &[Set("alarm", "both")]),
    command("thermostat",       "setHeatingSetpoint",   &[Arg("heatingSetpoint", 0)]),
    command("thermostat",       "setCoolingSetpoint",   &[Arg("coolingSetpoint", 0)]),
    command("thermostat",       "setThermostatSetpoint", &[Arg("thermostatSetpoint", 0)]),
    command("thermostat",       "setThermostatMode",    &[Arg("thermostatMode", 0)]),
    command("thermostat",       "setThermostatFanMode", &[Arg("thermostatFanMode", 0)]),
    command("thermostat",       "heat",                 &[Set("thermostatMode", "heat")]),
    command("thermostat",       "cool",                 &[Set("thermostatMode", "cool")]),
    command("thermostat",       "auto",                 &[Set("thermostatMode", "auto")]),
    command("thermostat",       "off",                  &[Set("thermostatMode", "off")]),
    command("thermostat",       "emergencyHeat",        &[Set("thermostatMode", "emergency heat")]),
    command("thermostat",       "fanOn",                &[Set("thermostatFanMode", "on")]),
    command("thermostat",       "fanAuto",              &[Set("thermostatFanMode", "auto")]),
    command("thermostat",       "fanCirculate",         &[Set("thermostatFanMode", "circulate")]),
    command("thermostatMode",   "setThermostatMode",    &[Arg("thermostatMode", 0)]),
    command("thermostatMode",   "heat",                 &[Set("thermostatMode", "heat")]),
    command("thermostatMode",   "cool",                 &[Set("thermostatMode", "cool")]),
    command("thermostatMode",   "auto",                 &[Set("thermostatMode", "auto")]),
    command("thermostatMode",   "off",                  &[Set("thermostatMode", "off")]),
    command("thermostatMode",   "emergencyHeat",        &[Set("thermostatMode", "emergency heat")]),
    command("thermostatFanMode", "setThermostatFanMode", &[Arg("thermostatFanMode", 0)]),
    command("thermostatFanMode", "fanOn",               &[Set("thermostatFanMode", "on")]),
    command("thermostatFanMode", "fanAuto",             &[Set("thermostatFanMode", "auto")]),
    command("thermostatFanMode", "fanCirculate",        &[Set("thermostatFanMode", "circulate")]),
    command("thermostatHeatingSetpoint", "setHeatingSetpoint", &[Arg("heatingSetpoint", 0)]),
    command("thermostatCoolingSetpoint", "setCoolingSetpoint", &[Arg("coolingSetpoint", 0)]),
    // Commands of the ecobee thermostat device type that corpus apps call on thermostats.
    command("thermostat",       "setHold",              &[]),
    command("thermostat",       "setClimate",           &[]),
    command("thermostat",       "resumeProgram",        &[]),
    command("thermostat",       "present",              &[]),
    command("thermostat",       "away",                 &[]),
    // Speaker device types (Sonos, Bose) also implement Switch: on plays, off stops.
    command("musicPlayer",      "on",                   &[Set("status", "playing")]),
    command("musicPlayer",      "off",                  &[Set("status", "stopped")]),
    command("musicPlayer",      "play",                 &[Set("status", "playing")]),
    command("musicPlayer",      "pause",                &[Set("status", "paused")]),
    command("musicPlayer",      "stop",                 &[Set("status", "stopped")]),
    command("musicPlayer",      "mute",                 &[Set("mute", "muted")]),
    command("musicPlayer",      "unmute",               &[Set("mute", "unmuted")]),
    command("musicPlayer",      "setLevel",             &[Arg("level", 0)]),
    command("musicPlayer",      "nextTrack",            &[Set("trackDescription", "next track")]),
    command("musicPlayer",      "previousTrack",        &[Set("trackDescription", "previous track")]),
    command("musicPlayer",      "playTrack",            &[Set("status", "playing"), Arg("trackData", 0)]),
    command("musicPlayer",      "setTrack",             &[Arg("trackData", 0)]),
    command("musicPlayer",      "playText",             &[Set("status", "playing"), Arg("trackDescription", 0)]),
    command("musicPlayer",      "restoreTrack",         &[Arg("trackData", 0)]),
    command("musicPlayer",      "resumeTrack",          &[Set("status", "playing"), Arg("trackData", 0)]),
    // The "...AndResume/AndRestore" commands play and then restore the player's previous status.
    command("musicPlayer",      "playTrackAndResume",   &[Arg("trackData", 0)]),
    command("musicPlayer",      "playTrackAndRestore",  &[Arg("trackData", 0)]),
    command("musicPlayer",      "playTextAndResume",    &[Arg("trackDescription", 0)]),
    command("musicPlayer",      "playTextAndRestore",   &[Arg("trackDescription", 0)]),
    command("musicPlayer",      "playSoundAndTrack",    &[Arg("trackData", 0)]),
    command("musicPlayer",      "playTrackAtVolume",    &[Set("status", "playing"), Arg("trackData", 0), Arg("level", 1)]),
    // Audio Notification (Echo Speaks, newer speakers): plays a text or a track; it has no
    // attributes, so the commands are recorded as the app's outputs.
    command("audioNotification", "playText",            &[]),
    command("audioNotification", "playTextAndResume",   &[]),
    command("audioNotification", "playTextAndRestore",  &[]),
    command("audioNotification", "playTrack",           &[]),
    command("audioNotification", "playTrackAndResume",  &[]),
    command("audioNotification", "playTrackAndRestore", &[]),
    command("audioMute",        "mute",                 &[Set("mute", "muted")]),
    command("audioMute",        "unmute",               &[Set("mute", "unmuted")]),
    command("audioMute",        "setMute",              &[Arg("mute", 0)]),
    command("audioVolume",      "setVolume",            &[Arg("volume", 0)]),
    // Relative steps: the model does not compute the new volume.
    command("audioVolume",      "volumeUp",             &[]),
    command("audioVolume",      "volumeDown",           &[]),
    command("speechSynthesis",  "speak",                &[Arg("speech", 0)]),
    command("speechSynthesis",  "setLevel",             &[Arg("level", 0)]),
    command("imageCapture",     "take",                 &[Set("image", "taken")]),
    // Camera device types (Foscam) arm and disarm their motion alarm.
    command("imageCapture",     "alarmOn",              &[]),
    command("imageCapture",     "alarmOff",             &[]),
    command("videoCapture",     "capture",              &[Set("clip", "captured")]),
    command("momentary",        "push",                 &[Set("momentary", "pushed")]),
    command("tone",             "beep",                 &[]),
    // Metering device types (Aeon) reset their counters.
    command("energyMeter",      "reset",                &[]),
    command("powerMeter",       "reset",                &[]),
    command("consumable",       "setConsumableStatus",  &[Arg("consumableStatus", 0)]),
    command("mediaController",  "startActivity",        &[Arg("currentActivity", 0)]),
    command("mediaController",  "getAllActivities",     &[]),
    command("mediaController",  "getCurrentActivity",   &[]),
    command("indicator",        "indicatorWhenOn",      &[Set("indicatorStatus", "when on")]),
    command("indicator",        "indicatorWhenOff",     &[Set("indicatorStatus", "when off")]),
    command("indicator",        "indicatorNever",       &[Set("indicatorStatus", "never")]),
    command("pushbullet",       "push",                 &[]),
    command("infraredLevel",    "setInfraredLevel",     &[Arg("infraredLevel", 0)]),
    command("timedSession",     "start",                &[Set("sessionStatus", "running")]),
    command("timedSession",     "stop",                 &[Set("sessionStatus", "stopped")]),
    command("timedSession",     "pause",                &[Set("sessionStatus", "paused")]),
    command("timedSession",     "cancel",               &[Set("sessionStatus", "canceled")]),
    command("timedSession",     "setTimeRemaining",     &[Arg("timeRemaining", 0)]),
    command("execute",          "execute",              &[]),
    command("videoCamera",      "on",                   &[Set("camera", "on")]),
    command("videoCamera",      "off",                  &[Set("camera", "off")]),
    command("videoCamera",      "mute",                 &[Set("mute", "muted")]),
    command("videoCamera",      "unmute",               &[Set("mute", "unmuted")]),
    command("videoCamera",      "flip",                 &[]),
    command("zwMultichannel",   "enableEpEvents",       &[]),
    command("zwMultichannel",   "epCmd",                &[]),
    command("mediaPlayback",    "setPlaybackStatus",    &[Arg("playbackStatus", 0)]),
    command("mediaPlayback",    "play",                 &[Set("playbackStatus", "playing")]),
    command("mediaPlayback",    "pause",                &[Set("playbackStatus", "paused")]),
    command("mediaPlayback",    "stop",                 &[Set("playbackStatus", "stopped")]),
    command("mediaInputSource", "setInputSource",       &[Arg("inputSource", 0)]),
    command("mediaTrackControl", "nextTrack",           &[]),
    command("mediaTrackControl", "previousTrack",       &[]),
    command("washerMode",       "setWasherMode",        &[Arg("washerMode", 0)]),
    command("dryerMode",        "setDryerMode",         &[Arg("dryerMode", 0)]),
    command("ovenMode",         "setOvenMode",          &[Arg("ovenMode", 0)]),
    command("robotCleanerMovement", "setRobotCleanerMovement", &[Arg("robotCleanerMovement", 0)]),
    command("robotCleanerCleaningMode", "setRobotCleanerCleaningMode", &[Arg("robotCleanerCleaningMode", 0)]),
    command("airConditionerMode", "setAirConditionerMode", &[Arg("airConditionerMode", 0)]),
    command("notification",     "deviceNotification",   &[]),
    command("refresh",          "refresh",              &[]),
    command("polling",          "poll",                 &[]),
    command("configuration",    "configure",            &[]),
];

/// Commands every device accepts (they change nothing the model tracks).
pub const UNIVERSAL_COMMANDS: &[&str] = &["refresh", "poll", "configure", "ping"];

/// The capabilities a device type includes besides its own rows.
pub const DEVICE_TYPE_INCLUDES: &[(&str, &[&str])] = &[
    ("mobilePresence", &["presenceSensor"]),
    ("aeonKeyFob", &["button", "battery"]),
    ("pushbullet", &["notification"]),
];

/// The location modes the environment switches between (`location.mode` starts at `home`).
pub const LOCATION_MODES: &[&str] = &["home", "away", "night"];

/// The states of the Smart Home Monitor (`location.currentState("alarmSystemStatus")`), which
/// starts disarmed (`off`).
pub const ALARM_SYSTEM_STATES: &[&str] = &["off", "stay", "away"];

/// The location attributes that produce one always-enabled event each when subscribed.
pub const SUN_EVENTS: &[&str] = &["sunrise", "sunset", "sunriseTime", "sunsetTime"];

/// A capability by name (case-insensitive, as `capability.switchLevel` or `switchLevel`).
pub fn capability(name: &str) -> Option<&'static CapabilityRow> {
    let name = name.strip_prefix("capability.").or_else(|| name.strip_prefix("device.")).unwrap_or(name);
    // `capability.switch level` and `capability.Switch Level` name `switchLevel`.
    let compact: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    CAPABILITIES.iter().find(|c| c.name.eq_ignore_ascii_case(&compact))
}

/// The attribute rows of a capability, in table order (device types include their capabilities).
pub fn attributes_of(capability: &str) -> impl Iterator<Item = &'static AttributeRow> + '_ {
    let included = DEVICE_TYPE_INCLUDES.iter().find(|(c, _)| *c == capability).map(|(_, inc)| *inc).unwrap_or(&[]);
    ATTRIBUTES.iter().filter(move |r| r.capability == capability || included.contains(&r.capability))
}

/// The rows of [`COMMANDS`] by command name, in table order: every device command an app sends
/// looks its rows up here (a scan of the whole table per command was a visible part of a run).
static ROWS_BY_COMMAND: LazyLock<FxHashMap<&'static str, Vec<&'static CommandRow>>> = LazyLock::new(|| {
    let mut rows: FxHashMap<&'static str, Vec<&'static CommandRow>> = FxHashMap::default();
    for row in COMMANDS {
        rows.entry(row.command).or_default().push(row);
    }
    rows
});

/// The command rows named `command`, of every capability, in table order (also for a command
/// sent to a device whose capabilities do not define it; see `docs/smartthings.md`, "Commands a
/// device does not support").
pub fn command_rows_named(command: &str) -> impl Iterator<Item = &'static CommandRow> + '_ {
    ROWS_BY_COMMAND.get(command).map_or(&[][..], Vec::as_slice).iter().copied()
}

/// The command rows of a capability named `command` (device types include their capabilities).
pub fn commands_of<'a>(capability: &'a str, command: &'a str) -> impl Iterator<Item = &'static CommandRow> + 'a {
    let included = DEVICE_TYPE_INCLUDES.iter().find(|(c, _)| *c == capability).map(|(_, inc)| *inc).unwrap_or(&[]);
    command_rows_named(command).filter(move |r| r.capability == capability || included.contains(&r.capability))
}

/// Whether some capability of the catalogue defines a command of this name.
pub fn is_catalogue_command(command: &str) -> bool {
    UNIVERSAL_COMMANDS.contains(&command) || ROWS_BY_COMMAND.contains_key(command)
}

/// Every command name a capability accepts.
pub fn command_names(capability: &str) -> Vec<&'static str> {
    let included = DEVICE_TYPE_INCLUDES.iter().find(|(c, _)| *c == capability).map(|(_, inc)| *inc).unwrap_or(&[]);
    let mut out: Vec<&'static str> = Vec::new();
    for r in COMMANDS.iter().filter(|r| r.capability == capability || included.contains(&r.capability)) {
        if !out.contains(&r.command) {
            out.push(r.command);
        }
    }
    out
}

/// The row defining `attribute` for a device with these capabilities: the first in table order.
pub fn attribute_row(capabilities: &[&str], attribute: &str) -> Option<&'static AttributeRow> {
    ATTRIBUTES.iter().find(|r| {
        r.attribute == attribute
            && capabilities.iter().any(|c| {
                *c == r.capability || DEVICE_TYPE_INCLUDES.iter().any(|(d, inc)| d == c && inc.contains(&r.capability))
            })
    })
}

/// The attributes whose catalogue values are all the values their devices report, on any hub
/// (the others' lists may be samples: a door also reports `opening`, a smoke detector `tested`,
/// a lock `unknown`, a text attribute anything).
pub const CLOSED_DOMAINS: [&str; 7] = ["switch", "contact", "motion", "acceleration", "presence", "water", "valve"];

/// Every value a text attribute of the catalogue can take, whatever device has it: the values
/// its rows' environments produce and the values commands set. `None` when the values are open:
/// an unknown or numeric attribute, one with a row the environment never produces, or one a
/// command sets from its argument (`setThermostatMode(mode)`).
pub fn attribute_domain(attribute: &str) -> Option<Vec<&'static str>> {
    let mut domain: Vec<&'static str> = Vec::new();
    let mut rows = ATTRIBUTES.iter().filter(|r| r.attribute == attribute).peekable();
    rows.peek()?;
    for row in rows {
        if row.kind != AttrKind::Text || row.values.is_empty() {
            return None;
        }
        domain.extend(row.values);
    }
    for effect in COMMANDS.iter().flat_map(|c| c.effects) {
        match *effect {
            Effect::Set(a, value) if a == attribute => domain.push(value),
            Effect::Arg(a, _) if a == attribute => return None,
            Effect::Color if ["hue", "saturation", "level", "color"].contains(&attribute) => return None,
            _ => {}
        }
    }
    let mut seen = Vec::new();
    domain.retain(|v| {
        !seen.contains(v) && {
            seen.push(*v);
            true
        }
    });
    Some(domain)
}

/// Whether some command of the catalogue sets `attribute`.
pub fn some_command_sets(attribute: &str) -> bool {
    COMMANDS.iter().flat_map(|c| c.effects).any(|e| match *e {
        Effect::Set(a, _) | Effect::Arg(a, _) => a == attribute,
        Effect::Color => ["hue", "saturation", "level", "color"].contains(&attribute),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_domains_are_closed_only_where_every_value_is_known() {
        assert_eq!(attribute_domain("lock"), Some(vec!["locked", "unlocked"]));
        assert_eq!(attribute_domain("alarm"), Some(vec!["both", "siren", "strobe", "off"]));
        assert_eq!(attribute_domain("switch"), Some(vec!["on", "off"]));
        assert_eq!(attribute_domain("thermostatMode"), None, "setThermostatMode sets any value");
        assert_eq!(attribute_domain("temperature"), None, "numeric");
        assert_eq!(attribute_domain("hue"), None, "setColor");
        assert_eq!(attribute_domain("nosuch"), None);
    }

    #[test]
    fn every_row_names_a_known_capability() {
        for r in ATTRIBUTES {
            assert!(capability(r.capability).is_some(), "attribute row of unknown capability {}", r.capability);
            let name = format!("{}.{}", r.capability, r.attribute);
            for (i, v) in r.values.iter().enumerate() {
                assert!(!r.values[..i].contains(v), "{name}: environment value {v} listed twice");
            }
            // A momentary source with no values would never fire.
            assert!(r.source == Source::Sensor || !r.values.is_empty(), "{name}: momentary source without values");
            if r.kind == AttrKind::Number {
                for v in r.values.iter().chain(&r.initial) {
                    assert!(v.parse::<f64>().is_ok(), "{name}: numeric attribute with value {v}");
                }
            }
        }
        for r in COMMANDS {
            assert!(capability(r.capability).is_some(), "command row of unknown capability {}", r.capability);
            for e in r.effects {
                if let Effect::Set(attr, _) | Effect::Arg(attr, _) = e {
                    assert!(
                        ATTRIBUTES.iter().any(|a| a.attribute == *attr),
                        "command {}.{} sets unknown attribute {attr}",
                        r.capability,
                        r.command
                    );
                }
            }
        }
        for (d, inc) in DEVICE_TYPE_INCLUDES {
            assert!(capability(d).is_some_and(|c| c.device_type));
            for c in *inc {
                assert!(capability(c).is_some());
            }
        }
    }

    #[test]
    fn the_parts_of_a_capability_have_its_rows() {
        // Capabilities that split another into parts (Thermostat's modes and setpoints, Lock's
        // codes) or rename it (Light and Bulb for Switch) model exactly what the whole does.
        let parts: &[(&str, &[&str])] = &[
            (
                "thermostat",
                &[
                    "thermostatMode",
                    "thermostatFanMode",
                    "thermostatOperatingState",
                    "thermostatHeatingSetpoint",
                    "thermostatCoolingSetpoint",
                    "thermostatSetpoint",
                ],
            ),
            ("lock", &["lockCodes", "lockOnly"]),
            ("switch", &["light", "bulb"]),
            ("button", &["holdableButton"]),
        ];
        for (whole, parts) in parts {
            for part in *parts {
                let rows: Vec<_> = attributes_of(part).collect();
                assert!(!rows.is_empty(), "{part} has no attributes");
                for r in rows {
                    let w = attributes_of(whole).find(|w| w.attribute == r.attribute);
                    let w = w.unwrap_or_else(|| panic!("{whole} lacks {part}.{}", r.attribute));
                    assert_eq!(
                        (r.kind, r.values, r.initial, r.source),
                        (w.kind, w.values, w.initial, w.source),
                        "{part}.{}",
                        r.attribute
                    );
                }
                for c in COMMANDS.iter().filter(|c| c.capability == *part) {
                    if let Some(w) = commands_of(whole, c.command).next() {
                        assert_eq!(c.effects, w.effects, "{part}.{}()", c.command);
                    }
                }
            }
        }
    }

    #[test]
    fn lookups() {
        assert_eq!(capability("capability.switchLevel").map(|c| c.name), Some("switchLevel"));
        assert_eq!(capability("capability.SwitchLevel").map(|c| c.name), Some("switchLevel"));
        assert_eq!(capability("capability.switch level").map(|c| c.name), Some("switchLevel"));
        assert_eq!(capability("device.mobilePresence").map(|c| c.name), Some("mobilePresence"));
        assert!(capability("capability.teleporter").is_none());
        let attrs: Vec<&str> = attributes_of("switchLevel").map(|r| r.attribute).collect();
        assert_eq!(attrs, ["switch", "level"]);
        let attrs: Vec<&str> = attributes_of("aeonKeyFob").map(|r| r.attribute).collect();
        assert!(attrs.contains(&"button") && attrs.contains(&"battery"));
        let lock: Vec<_> = commands_of("lock", "unlock").collect();
        assert_eq!(lock.len(), 1);
        assert_eq!(lock[0].effects, &[Effect::Set("lock", "unlocked")]);
        assert_eq!(commands_of("switchLevel", "setLevel").next().map(|r| r.effects), Some(&[Arg("level", 0)][..]));
        // A dimmer's level row comes before a music player's.
        let row = attribute_row(&["musicPlayer", "switchLevel"], "level").map(|r| r.initial);
        assert_eq!(row, Some(["50", "60"]));
        assert!(command_names("thermostat").contains(&"setHeatingSetpoint"));
    }
}
