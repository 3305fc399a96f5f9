//! Binding the inputs of the apps to simulated devices and fixed values.
//!
//! Devices follow the component rule: the capabilities of all device inputs of both apps are
//! connected when they have an attribute in common (switch, switchLevel and colorControl all have
//! `switch`), and each connected component becomes one device supporting all of its capabilities.
//! Every device input of either app whose capability is in a component is bound to that device; a
//! `multiple: true` input is a one-element device list. This is the worst case a user can
//! configure: both apps control the same lock, the same light.
//!
//! Devices are named after the capability of the component that comes first in
//! [`CAPABILITIES`](crate::catalogue::CAPABILITIES), plus a number: `lock1`, `switch1`, `dimmer1`
//! (a switch that also dims), `light1` (a colour light), `contact1`. Components are ordered the
//! same way, so names are stable for a given pair.
//!
//! Other inputs get fixed values: number 50 (an Integer), decimal 50 (a BigDecimal), time
//! `"15:00"`, text/string/password/email `"eventide"`, enum its first option, bool `true`, phone
//! `"5555550123"`, contact `"contact1"`, hub `"hub1"`, icon `"icon"`, mode `"home"`. With
//! [`Profile::Global`], App1's k-th mode input (counting from 0) gets `[away, home, night][k % 3]`
//! and App2's `[night, away, home][k % 3]`. A `multiple: true` input gets a one-element list.

use std::sync::Arc;

use eventide_groovy::Diagnostic;

use crate::app::InputDecl;
use crate::catalogue::{self, AttributeRow};
use crate::error::LoadError;
use crate::system::Profile;
use crate::App;

/// A simulated device.
#[derive(Clone, Debug)]
pub struct Device {
    /// The readable, stable name (`lock1`); also its `id`, `label` and `displayName`.
    pub name: Arc<str>,
    /// The capabilities it supports, in catalogue order.
    pub capabilities: Vec<&'static str>,
    /// Its attributes, in catalogue order.
    pub attributes: Vec<DeviceAttribute>,
    /// Every command it accepts, in catalogue order.
    pub commands: Vec<&'static str>,
}

/// One attribute of a device and the slot that holds its value in the state.
#[derive(Clone, Copy, Debug)]
pub struct DeviceAttribute {
    pub name: &'static str,
    /// The catalogue row that defines it (values, initial configurations, kind).
    pub row: &'static AttributeRow,
    /// Index of the attribute's value in [`PairState`](crate::PairState).
    pub slot: u32,
}

impl Device {
    pub fn attribute(&self, name: &str) -> Option<&DeviceAttribute> {
        self.attributes.iter().find(|a| a.name == name)
    }

    pub fn has_capability(&self, name: &str) -> bool {
        let name = name.strip_prefix("capability.").unwrap_or(name);
        self.capabilities.iter().any(|c| c.eq_ignore_ascii_case(name))
            || catalogue::DEVICE_TYPE_INCLUDES
                .iter()
                .any(|(d, inc)| self.capabilities.contains(d) && inc.iter().any(|c| c.eq_ignore_ascii_case(name)))
    }

    /// Every command the device accepts.
    pub fn commands(&self) -> &[&'static str] {
        &self.commands
    }

    /// Whether the device accepts a command.
    pub fn has_command(&self, name: &str) -> bool {
        self.commands.contains(&name)
    }
}

/// The value an input is bound to.
#[derive(Clone, Debug, PartialEq)]
pub enum BoundValue {
    /// A single device.
    Device(u32),
    /// A `multiple: true` device input: a one-element list.
    DeviceList(u32),
    Text(String),
    Integer(i64),
    /// A BigDecimal, as text.
    Decimal(String),
    Bool(bool),
    List(Vec<BoundValue>),
    Null,
}

/// One input and its value.
#[derive(Clone, Debug)]
pub struct BoundInput {
    pub name: String,
    pub input_type: String,
    pub value: BoundValue,
}

impl BoundValue {
    /// A readable rendering (`lock1`, `[switch1]`, `"15:00"`, `50`).
    pub fn describe(&self, devices: &[Device]) -> String {
        let dev = |d: &u32| devices.get(*d as usize).map(|d| d.name.to_string()).unwrap_or_else(|| format!("#{d}"));
        match self {
            BoundValue::Device(d) => dev(d),
            BoundValue::DeviceList(d) => format!("[{}]", dev(d)),
            BoundValue::Text(s) => format!("{s:?}"),
            BoundValue::Integer(i) => i.to_string(),
            BoundValue::Decimal(s) => s.clone(),
            BoundValue::Bool(b) => b.to_string(),
            BoundValue::List(items) => {
                format!("[{}]", items.iter().map(|v| v.describe(devices)).collect::<Vec<_>>().join(", "))
            }
            BoundValue::Null => "null".to_string(),
        }
    }
}

/// The devices of a pair and the values of every input of each app.
#[derive(Clone, Debug, Default)]
pub struct Binding {
    pub devices: Vec<Device>,
    /// Slot → (device, index of the attribute in the device).
    pub slots: Vec<(u32, u32)>,
    /// Per app (App1 first), its inputs in declaration order.
    pub inputs: Vec<Vec<BoundInput>>,
}

/// The fixed value of a number input.
pub const NUMBER_VALUE: i64 = 50;
/// The fixed value of a time input.
pub const TIME_VALUE: &str = "15:00";
/// The fixed value of text inputs.
pub const TEXT_VALUE: &str = "eventide";
/// The fixed value of phone inputs.
pub const PHONE_VALUE: &str = "5555550123";
/// The fixed value of contact inputs.
pub const CONTACT_VALUE: &str = "contact1";

const GLOBAL_MODES: [[&str; 3]; 2] = [["away", "home", "night"], ["night", "away", "home"]];

fn device_capability(input_type: &str) -> Option<&str> {
    input_type.strip_prefix("capability.").or_else(|| input_type.strip_prefix("device."))
}

/// A diagnostic at an input's `input` call (with the source line when the call is known).
fn input_diagnostic(app: &App, input: &InputDecl, message: String) -> Diagnostic {
    let file = app.file();
    if input.line > 0 {
        let text = file.text();
        let line_start: usize = text.split_inclusive('\n').take(input.line as usize - 1).map(str::len).sum();
        let line = text.get(line_start..).unwrap_or("").lines().next().unwrap_or("");
        let skip = input.column.saturating_sub(1) as usize;
        let col_bytes: usize = line.chars().take(skip).map(char::len_utf8).sum();
        let start = (line_start + col_bytes).min(text.len());
        let end = line_start + line.len();
        return Diagnostic::at(file, eventide_groovy::syntax::Span::new(start as u32, end.max(start) as u32), message);
    }
    Diagnostic::whole_file(app.file_name(), message)
}

fn unknown_capability(app: &App, input: &InputDecl, cap: &str) -> LoadError {
    let message = format!(
        "input `{}` asks for `{}`: capability `{cap}` is not in the SmartThings catalogue",
        input.name, input.input_type
    );
    LoadError::UnknownCapability { capability: cap.to_string(), diagnostic: input_diagnostic(app, input, message) }
}

/// Binds the inputs of `apps` (App1 first).
pub fn bind(apps: &[&App], profile: Profile) -> Result<Binding, LoadError> {
    // The distinct capabilities of every device input, by first appearance.
    let mut caps: Vec<&'static str> = Vec::new();
    for app in apps {
        for input in &app.inputs {
            let Some(name) = device_capability(&input.input_type) else { continue };
            let row = catalogue::capability(name).ok_or_else(|| unknown_capability(app, input, name))?;
            if !caps.contains(&row.name) {
                caps.push(row.name);
            }
        }
    }
    // Union-find over capabilities sharing an attribute.
    let attrs: Vec<Vec<&str>> =
        caps.iter().map(|c| catalogue::attributes_of(c).map(|r| r.attribute).collect()).collect();
    let mut parent: Vec<usize> = (0..caps.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for i in 0..caps.len() {
        for j in i + 1..caps.len() {
            if attrs[i].iter().any(|a| attrs[j].contains(a)) {
                let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                if a != b {
                    parent[b] = a;
                }
            }
        }
    }
    let table_index = |c: &str| catalogue::CAPABILITIES.iter().position(|r| r.name == c).unwrap_or(usize::MAX);
    let mut groups: Vec<Vec<&'static str>> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    for (i, &cap) in caps.iter().enumerate() {
        let r = find(&mut parent, i);
        match roots.iter().position(|&x| x == r) {
            Some(g) => groups[g].push(cap),
            None => {
                roots.push(r);
                groups.push(vec![cap]);
            }
        }
    }
    for g in &mut groups {
        g.sort_by_key(|c| table_index(c));
    }
    groups.sort_by_key(|g| table_index(g[0]));

    let mut binding = Binding::default();
    let mut counters: Vec<(&str, u32)> = Vec::new();
    for group in groups {
        let base = catalogue::capability(group[0]).map(|r| r.device_name).unwrap_or("device");
        let n = match counters.iter_mut().find(|(b, _)| *b == base) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                counters.push((base, 1));
                1
            }
        };
        let device_index = binding.devices.len() as u32;
        let mut attributes: Vec<DeviceAttribute> = Vec::new();
        for row in catalogue::ATTRIBUTES {
            if attributes.iter().any(|a| a.name == row.attribute) {
                continue;
            }
            if let Some(row) = catalogue::attribute_row(&group, row.attribute) {
                let slot = binding.slots.len() as u32;
                binding.slots.push((device_index, attributes.len() as u32));
                attributes.push(DeviceAttribute { name: row.attribute, row, slot });
            }
        }
        let mut commands: Vec<&'static str> = Vec::new();
        for c in &group {
            for name in catalogue::command_names(c) {
                if !commands.contains(&name) {
                    commands.push(name);
                }
            }
        }
        binding.devices.push(Device { name: format!("{base}{n}").into(), capabilities: group, attributes, commands });
    }

    for (app_index, app) in apps.iter().enumerate() {
        let mut bound = Vec::with_capacity(app.inputs.len());
        let mut mode_inputs = 0usize;
        for input in &app.inputs {
            let value = if let Some(name) = device_capability(&input.input_type) {
                let cap = catalogue::capability(name).ok_or_else(|| unknown_capability(app, input, name))?.name;
                let device = binding.devices.iter().position(|d| d.capabilities.contains(&cap)).unwrap_or(0) as u32;
                if input.multiple {
                    BoundValue::DeviceList(device)
                } else {
                    BoundValue::Device(device)
                }
            } else {
                let single = match input.input_type.as_str() {
                    "number" => BoundValue::Integer(NUMBER_VALUE),
                    "decimal" => BoundValue::Decimal(NUMBER_VALUE.to_string()),
                    "time" => BoundValue::Text(TIME_VALUE.into()),
                    "text" | "string" | "password" | "email" | "paragraph" => BoundValue::Text(TEXT_VALUE.into()),
                    "enum" => input.first_option(),
                    "bool" | "boolean" => BoundValue::Bool(true),
                    "phone" => BoundValue::Text(PHONE_VALUE.into()),
                    "contact" => BoundValue::Text(CONTACT_VALUE.into()),
                    "hub" => BoundValue::Text("hub1".into()),
                    "icon" => BoundValue::Text("icon".into()),
                    "mode" => {
                        let k = mode_inputs;
                        mode_inputs += 1;
                        match profile {
                            Profile::Device => BoundValue::Text("home".into()),
                            Profile::Global => BoundValue::Text(GLOBAL_MODES[app_index.min(1)][k % 3].into()),
                        }
                    }
                    other => {
                        let message = format!("input `{}` has an unknown type `{other}`", input.name);
                        return Err(LoadError::App(input_diagnostic(app, input, message)));
                    }
                };
                if input.multiple && single != BoundValue::Null {
                    BoundValue::List(vec![single])
                } else {
                    single
                }
            };
            bound.push(BoundInput { name: input.name.clone(), input_type: input.input_type.clone(), value });
        }
        binding.inputs.push(bound);
    }
    Ok(binding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use eventide_groovy::syntax::SourceFile;

    fn app(inputs: &[(&str, &str, bool)]) -> App {
        let mut text = String::from("preferences {\n  section {\n");
        for (name, ty, multiple) in inputs {
            text.push_str(&format!("    input \"{name}\", \"{ty}\", multiple: {multiple}\n"));
        }
        text.push_str("  }\n}\n");
        App::from_source(SourceFile::new("test.groovy", text)).unwrap()
    }

    fn devices(b: &Binding) -> Vec<(String, Vec<&'static str>)> {
        b.devices.iter().map(|d| (d.name.to_string(), d.capabilities.clone())).collect()
    }

    #[test]
    fn capabilities_sharing_an_attribute_are_one_device() {
        let a = app(&[("t", "capability.thermostat", false), ("smoke", "capability.smokeDetector", false)]);
        let b = app(&[
            ("temp", "capability.temperatureMeasurement", true),
            ("bat", "capability.battery", false),
            ("sensor", "capability.sensor", false),
        ]);
        let binding = bind(&[&a, &b], Profile::Device).unwrap();
        assert_eq!(
            devices(&binding),
            vec![
                ("thermostat1".to_string(), vec!["thermostat", "temperatureMeasurement"]),
                ("smoke1".to_string(), vec!["smokeDetector", "battery"]),
                ("sensor1".to_string(), vec!["sensor"]),
            ]
        );
        assert_eq!(binding.inputs[1][0].value, BoundValue::DeviceList(0));
        assert_eq!(binding.inputs[1][1].value, BoundValue::Device(1));
        // Slots cover every attribute once.
        let attrs: usize = binding.devices.iter().map(|d| d.attributes.len()).sum();
        assert_eq!(binding.slots.len(), attrs);
        let smoke: Vec<&str> = binding.devices[1].attributes.iter().map(|a| a.name).collect();
        assert_eq!(smoke, ["smoke", "carbonMonoxide", "battery"]);
    }

    #[test]
    fn a_music_player_and_a_dimmer_share_level() {
        let a = app(&[("player", "capability.musicPlayer", false), ("lamp", "capability.switch", false)]);
        let b = app(&[("dim", "capability.switchLevel", false)]);
        let binding = bind(&[&a, &b], Profile::Device).unwrap();
        assert_eq!(devices(&binding), vec![("dimmer1".to_string(), vec!["switchLevel", "switch", "musicPlayer"])]);
        let level = binding.devices[0].attribute("level").unwrap();
        assert_eq!(level.row.capability, "switchLevel");
        assert!(binding.devices[0].has_command("play") && binding.devices[0].has_command("setLevel"));
    }

    #[test]
    fn device_types_and_unknown_capabilities() {
        let a = app(&[("phone", "device.mobilePresence", false), ("p", "capability.presenceSensor", false)]);
        let binding = bind(&[&a], Profile::Device).unwrap();
        assert_eq!(devices(&binding), vec![("presence1".to_string(), vec!["presenceSensor", "mobilePresence"])]);
        let bad = app(&[("x", "capability.flux", false)]);
        match bind(&[&bad], Profile::Device) {
            Err(LoadError::UnknownCapability { capability, diagnostic }) => {
                assert_eq!(capability, "flux");
                assert_eq!(diagnostic.line, 3);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn fixed_values_and_profiles() {
        let a = app(&[
            ("n", "number", false),
            ("d", "decimal", false),
            ("t", "time", false),
            ("b", "bool", false),
            ("m0", "mode", false),
            ("m1", "mode", true),
            ("m2", "mode", false),
            ("m3", "mode", false),
            ("txt", "text", false),
        ]);
        let device = bind(&[&a], Profile::Device).unwrap();
        let values: Vec<String> = device.inputs[0].iter().map(|i| i.value.describe(&[])).collect();
        assert_eq!(
            values,
            ["50", "50", "\"15:00\"", "true", "\"home\"", "[\"home\"]", "\"home\"", "\"home\"", "\"eventide\""]
        );
        let global = bind(&[&a, &a], Profile::Global).unwrap();
        let modes = |app: usize| -> Vec<String> {
            global.inputs[app].iter().filter(|i| i.input_type == "mode").map(|i| i.value.describe(&[])).collect()
        };
        assert_eq!(modes(0), ["\"away\"", "[\"home\"]", "\"night\"", "\"away\""]);
        assert_eq!(modes(1), ["\"night\"", "[\"away\"]", "\"home\"", "\"night\""]);
    }
}
