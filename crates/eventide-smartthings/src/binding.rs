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

use crate::app::InputDecl;
use crate::catalogue::{self, AttributeRow};
use crate::error::LoadError;
use crate::system::Profile;
use crate::App;

/// A simulated device.
#[derive(Clone, Debug, Default)]
pub struct Device {
    /// The readable, stable name (`lock1`); also its `id`, `label` and `displayName`.
    pub name: Arc<str>,
    /// The capabilities it supports, in catalogue order.
    pub capabilities: Vec<&'static str>,
    /// Its attributes, in catalogue order.
    pub attributes: Vec<DeviceAttribute>,
    /// Every command it accepts, in catalogue order (then its handler's own commands).
    pub commands: Vec<&'static str>,
    /// The device handler it follows (`--device-handlers`), by definition name.
    pub handler: Option<String>,
    /// A generic device: a `device.<type>` input with no handler and no catalogue entry. It
    /// accepts every command (recorded as an output, changing nothing) and has no attributes (they
    /// read `null`).
    pub generic: bool,
    /// Attributes its handler declares whose values the model does not know: they read `null`.
    pub declared_attributes: Vec<&'static str>,
    /// Commands its handler declares that no capability of the device defines: recorded as
    /// outputs, changing no attribute.
    pub custom_commands: Vec<&'static str>,
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

    /// Whether the device accepts a command (a generic device accepts every command).
    pub fn has_command(&self, name: &str) -> bool {
        self.generic || self.commands.contains(&name)
    }

    /// Whether the device has an attribute (with a modelled value, or declared by its handler).
    pub fn has_attribute(&self, name: &str) -> bool {
        self.attribute(name).is_some() || self.declared_attributes.contains(&name)
    }

    /// Whether `name` is a command its handler declares and no capability of it defines.
    pub fn is_custom_command(&self, name: &str) -> bool {
        self.custom_commands.contains(&name)
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
    /// The location's hub (a `hub` input).
    Hub,
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
            BoundValue::Hub => HUB_ID.to_string(),
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
/// The id of the location's one hub (the value of `hub` inputs, `location.hubs[0]`).
pub const HUB_ID: &str = "hub1";
/// The fixed value of `room` inputs.
pub const ROOM_VALUE: &str = "room1";

const GLOBAL_MODES: [[&str; 3]; 2] = [["away", "home", "night"], ["night", "away", "home"]];

fn device_capability(input_type: &str) -> Option<&str> {
    input_type.strip_prefix("capability.").or_else(|| input_type.strip_prefix("device."))
}

fn unknown_capability(app: &App, input: &InputDecl, cap: &str) -> LoadError {
    let message = format!(
        "input `{}` asks for `{}`: capability `{cap}` is not in the SmartThings catalogue",
        input.name, input.input_type
    );
    LoadError::UnknownCapability { capability: cap.to_string(), diagnostic: input.diagnostic(app.file(), message) }
}

/// What a device input asks for: a catalogue capability, a device handler, or a generic device.
#[derive(Clone, Debug)]
struct Kind {
    /// The catalogue capability, or the handler's (generic type's) camel-case name.
    name: &'static str,
    /// The catalogue capabilities it brings.
    caps: Vec<&'static str>,
    /// Attribute rows of the handler's own `enum` attributes.
    own_rows: Vec<&'static AttributeRow>,
    /// The handler's other attributes (no modelled value).
    declared: Vec<&'static str>,
    /// The handler's commands.
    commands: Vec<&'static str>,
    handler: Option<String>,
    generic: bool,
}

impl Kind {
    fn attribute_names(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> =
            self.caps.iter().flat_map(|c| catalogue::attributes_of(c)).map(|r| r.attribute).collect();
        out.extend(self.own_rows.iter().map(|r| r.attribute));
        out
    }
}

/// The kind of a `device.<type>` or `capability.<name>` input: for `device.<type>`, a handler
/// named so first, then the catalogue, then a generic device; for `capability.<name>`, the
/// catalogue only (an unknown capability is an error).
fn kind_of(
    app: &App,
    input: &InputDecl,
    name: &str,
    handlers: &crate::handlers::DeviceHandlers,
) -> Result<Kind, LoadError> {
    let is_device_type = input.input_type.starts_with("device.");
    if is_device_type {
        if let Some(h) = handlers.find(name) {
            let type_name = crate::handlers::static_name(&h.camel_name());
            let mut caps: Vec<&'static str> = Vec::new();
            for c in &h.capabilities {
                if let Some(row) = catalogue::capability(c) {
                    if !caps.contains(&row.name) {
                        caps.push(row.name);
                    }
                }
            }
            let cap_attrs: Vec<&str> =
                caps.iter().flat_map(|c| catalogue::attributes_of(c)).map(|r| r.attribute).collect();
            let mut own_rows = Vec::new();
            let mut declared = Vec::new();
            for a in &h.attributes {
                if cap_attrs.contains(&a.name.as_str()) {
                    continue;
                }
                match crate::handlers::enum_row(type_name, a) {
                    Some(row) => own_rows.push(row),
                    None => declared.push(crate::handlers::static_name(&a.name)),
                }
            }
            let commands = h.commands.iter().map(|c| crate::handlers::static_name(c)).collect();
            return Ok(Kind {
                name: type_name,
                caps,
                own_rows,
                declared,
                commands,
                handler: Some(h.name.clone()),
                generic: false,
            });
        }
    }
    match catalogue::capability(name) {
        Some(row) => Ok(Kind {
            name: row.name,
            caps: vec![row.name],
            own_rows: Vec::new(),
            declared: Vec::new(),
            commands: Vec::new(),
            handler: None,
            generic: false,
        }),
        None if is_device_type && !name.trim().is_empty() => Ok(Kind {
            name: crate::handlers::static_name(&crate::handlers::camel_case(name)),
            caps: Vec::new(),
            own_rows: Vec::new(),
            declared: Vec::new(),
            commands: Vec::new(),
            handler: None,
            generic: true,
        }),
        None => Err(unknown_capability(app, input, name)),
    }
}

/// Binds the inputs of `apps` (App1 first), with no device handlers.
pub fn bind(apps: &[&App], profile: Profile) -> Result<Binding, LoadError> {
    bind_with(apps, profile, &crate::handlers::DeviceHandlers::none())
}

/// Binds the inputs of `apps` (App1 first); `device.<type>` inputs follow `handlers`.
pub fn bind_with(
    apps: &[&App],
    profile: Profile,
    handlers: &crate::handlers::DeviceHandlers,
) -> Result<Binding, LoadError> {
    // The distinct kinds of every device input, by first appearance.
    let mut kinds: Vec<Kind> = Vec::new();
    for app in apps {
        for input in &app.inputs {
            let Some(name) = device_capability(&input.input_type) else { continue };
            let kind = kind_of(app, input, name, handlers)?;
            if !kinds.iter().any(|k| k.name == kind.name && k.generic == kind.generic) {
                kinds.push(kind);
            }
        }
    }
    // Union-find over kinds sharing an attribute.
    let attrs: Vec<Vec<&str>> = kinds.iter().map(Kind::attribute_names).collect();
    let mut parent: Vec<usize> = (0..kinds.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for i in 0..kinds.len() {
        for j in i + 1..kinds.len() {
            if attrs[i].iter().any(|a| attrs[j].contains(a)) {
                let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                if a != b {
                    parent[b] = a;
                }
            }
        }
    }
    let table_index = |c: &str| catalogue::CAPABILITIES.iter().position(|r| r.name == c).unwrap_or(usize::MAX);
    // Groups of kind indices.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    for i in 0..kinds.len() {
        let r = find(&mut parent, i);
        match roots.iter().position(|&x| x == r) {
            Some(g) => groups[g].push(i),
            None => {
                roots.push(r);
                groups.push(vec![i]);
            }
        }
    }
    // A group's catalogue capabilities in table order; groups ordered by their first capability
    // (groups without one, generic devices, last, in order of appearance).
    let group_caps = |g: &[usize]| -> Vec<&'static str> {
        let mut caps: Vec<&'static str> = Vec::new();
        for &k in g {
            for &c in &kinds[k].caps {
                if !caps.contains(&c) {
                    caps.push(c);
                }
            }
        }
        caps.sort_by_key(|c| table_index(c));
        caps
    };
    groups.sort_by_key(|g| group_caps(g).first().map_or(usize::MAX, |c| table_index(c)));

    let mut binding = Binding::default();
    let mut counters: Vec<(String, u32)> = Vec::new();
    let mut kind_device: Vec<u32> = vec![0; kinds.len()];
    for group in groups {
        let caps = group_caps(&group);
        // Named after its handler (or generic type), else after its first capability.
        let special = group.iter().map(|&k| &kinds[k]).find(|k| k.handler.is_some() || k.generic);
        let base: String = match special {
            Some(k) => k.name.to_string(),
            None => caps.first().and_then(|c| catalogue::capability(c)).map_or("device", |r| r.device_name).to_string(),
        };
        let n = match counters.iter_mut().find(|(b, _)| *b == base) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                counters.push((base.clone(), 1));
                1
            }
        };
        let device_index = binding.devices.len() as u32;
        let mut attributes: Vec<DeviceAttribute> = Vec::new();
        let push_row = |binding: &mut Binding, attributes: &mut Vec<DeviceAttribute>, row: &'static AttributeRow| {
            let slot = binding.slots.len() as u32;
            binding.slots.push((device_index, attributes.len() as u32));
            attributes.push(DeviceAttribute { name: row.attribute, row, slot });
        };
        for row in catalogue::ATTRIBUTES {
            if attributes.iter().any(|a| a.name == row.attribute) {
                continue;
            }
            if let Some(row) = catalogue::attribute_row(&caps, row.attribute) {
                push_row(&mut binding, &mut attributes, row);
            }
        }
        let mut declared: Vec<&'static str> = Vec::new();
        let mut own_commands: Vec<&'static str> = Vec::new();
        for &k in &group {
            for &row in &kinds[k].own_rows {
                if !attributes.iter().any(|a| a.name == row.attribute) {
                    push_row(&mut binding, &mut attributes, row);
                }
            }
            for &a in &kinds[k].declared {
                if !attributes.iter().any(|x| x.name == a) && !declared.contains(&a) {
                    declared.push(a);
                }
            }
            for &c in &kinds[k].commands {
                if !own_commands.contains(&c) {
                    own_commands.push(c);
                }
            }
        }
        let mut commands: Vec<&'static str> = Vec::new();
        for c in &caps {
            for name in catalogue::command_names(c) {
                if !commands.contains(&name) {
                    commands.push(name);
                }
            }
        }
        let custom_commands: Vec<&'static str> =
            own_commands.iter().copied().filter(|c| !commands.contains(c)).collect();
        commands.extend(custom_commands.iter().copied());
        for &k in &group {
            kind_device[k] = device_index;
        }
        binding.devices.push(Device {
            name: format!("{base}{n}").into(),
            capabilities: caps,
            attributes,
            commands,
            handler: group.iter().find_map(|&k| kinds[k].handler.clone()),
            generic: special.is_some_and(|k| k.generic),
            declared_attributes: declared,
            custom_commands,
        });
    }

    for (app_index, app) in apps.iter().enumerate() {
        let mut bound = Vec::with_capacity(app.inputs.len());
        let mut mode_inputs = 0usize;
        for input in &app.inputs {
            let value = if let Some(name) = device_capability(&input.input_type) {
                let kind = kind_of(app, input, name, handlers)?;
                let k = kinds.iter().position(|x| x.name == kind.name && x.generic == kind.generic).unwrap_or(0);
                let device = kind_device.get(k).copied().unwrap_or(0);
                if input.multiple {
                    BoundValue::DeviceList(device)
                } else {
                    BoundValue::Device(device)
                }
            } else {
                let single = match input_type_key(&input.input_type).as_str() {
                    "number" => BoundValue::Integer(NUMBER_VALUE),
                    "decimal" | "float" => BoundValue::Decimal(NUMBER_VALUE.to_string()),
                    "time" => BoundValue::Text(TIME_VALUE.into()),
                    "text" | "string" | "password" | "email" | "paragraph" | "textarea" => {
                        BoundValue::Text(TEXT_VALUE.into())
                    }
                    "enum" => input.first_option(),
                    "bool" => BoundValue::Bool(true),
                    // The platform's older type: its value is the string "true" or "false".
                    "boolean" => BoundValue::Text("true".into()),
                    "phone" => BoundValue::Text(PHONE_VALUE.into()),
                    "contact" => BoundValue::Text(CONTACT_VALUE.into()),
                    "hub" => BoundValue::Hub,
                    "icon" => BoundValue::Text("icon".into()),
                    "room" => BoundValue::Text(ROOM_VALUE.into()),
                    "mode" => {
                        let k = mode_inputs;
                        mode_inputs += 1;
                        match profile {
                            Profile::Device => BoundValue::Text("home".into()),
                            Profile::Global => BoundValue::Text(GLOBAL_MODES[app_index.min(1)][k % 3].into()),
                        }
                    }
                    _ => {
                        let message = format!(
                            "input `{}` has an unknown type `{}` (SmartThings' input types: {})",
                            input.name,
                            input.input_type,
                            INPUT_TYPES.join(", ")
                        );
                        return Err(LoadError::App(input.diagnostic(app.file(), message)));
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

/// The input types the binding knows besides `capability.*` and `device.*`.
pub const INPUT_TYPES: &[&str] = &[
    "bool",
    "boolean",
    "contact",
    "decimal",
    "email",
    "enum",
    "float",
    "hub",
    "icon",
    "mode",
    "number",
    "paragraph",
    "password",
    "phone",
    "room",
    "string",
    "text",
    "textarea",
    "time",
];

/// Input types are compared ignoring case (`"Number"`, `"Enum"`).
fn input_type_key(t: &str) -> String {
    t.trim().to_ascii_lowercase()
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
            ("bs", "boolean", false),
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
            [
                "50",
                "50",
                "\"15:00\"",
                "true",
                "\"true\"",
                "\"home\"",
                "[\"home\"]",
                "\"home\"",
                "\"home\"",
                "\"eventide\""
            ]
        );
        let global = bind(&[&a, &a], Profile::Global).unwrap();
        let modes = |app: usize| -> Vec<String> {
            global.inputs[app].iter().filter(|i| i.input_type == "mode").map(|i| i.value.describe(&[])).collect()
        };
        assert_eq!(modes(0), ["\"away\"", "[\"home\"]", "\"night\"", "\"away\""]);
        assert_eq!(modes(1), ["\"night\"", "[\"away\"]", "\"home\"", "\"night\""]);
    }
}
