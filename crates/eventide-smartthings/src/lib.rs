//! The simulated SmartThings home: SmartApps (a pair, or a home of several) run side by side
//! against one set of devices, as an Eventide
//! [`TransitionSystem`](eventide_engine::TransitionSystem); the conflicts between them, and the
//! safety properties of the home.
//!
//! - [`catalogue`]: the capability catalogue (attributes, environment values, initial
//!   configurations, commands) as tables.
//! - [`app`]: loading a SmartApp: parsing it and running its `definition`/`preferences` (pages,
//!   dynamic pages, sections, inputs) to learn its inputs.
//! - [`binding`]: binding inputs to simulated devices (one device per connected component of
//!   capabilities that share an attribute) and to fixed values.
//! - [`handlers`]: device handler files (`--device-handlers`): the attributes and commands of the
//!   device types that `device.<name>` inputs ask for.
//! - [`system`]: [`PairSystem`], the pair (or a single app) as a transition system: the state,
//!   the events derived from subscriptions and timers, and one transition = one event with its
//!   synchronous cascade of handlers.
//! - `host`: the platform API the apps call (devices, `state`, `location`, scheduling, ...).
//! - [`label`]: what one transition did that conflict detection needs (the app writes, in order).
//! - [`conflicts`]: conflict detection, a monitor over the labels of the explored transitions.
//! - [`check`]: [`check_pair`](check::check_pair), loading and exploring a pair end to end, and
//!   [`check_home`](check::check_home), any number of apps with a property file.
//! - [`properties`]: safety properties of the home (`invariant("name") { ... }` files), checked
//!   by observer events of the system.
//! - [`comparisons`]: comparisons with a value the mode or an attribute never takes, found in
//!   property files and apps.
//!
//! ```no_run
//! use eventide_smartthings::{Options, PairSystem};
//! use eventide_engine::TransitionSystem;
//! let mut system = PairSystem::load(
//!     "lock-it-when-i-leave.groovy".as_ref(),
//!     "unlock-it-when-i-arrive.groovy".as_ref(),
//!     Options::default(),
//! )?;
//! for device in system.devices() {
//!     println!("{} {:?}", device.name, device.capabilities);
//! }
//! let initial = system.initial_state();
//! let mut events = Vec::new();
//! system.enabled(&initial, &mut events); // setup:A, setup:B
//! # Ok::<(), eventide_smartthings::LoadError>(())
//! ```

pub mod app;
pub mod binding;
pub mod catalogue;
pub mod check;
pub mod comparisons;
pub mod conflicts;
mod error;
pub mod handlers;
mod host;
mod intern;
pub mod label;
pub mod properties;
pub mod system;
mod time;

pub use app::{App, InputDecl};
pub use binding::{Binding, BoundInput, Device, DeviceAttribute};
pub use error::LoadError;
pub use handlers::{DeviceHandler, DeviceHandlers};
pub use label::{AppId, AppWrite, HandlerRun, TransitionLabel, WriteTarget};
pub use system::{
    CustomCommand, EventInfo, EventKind, Executed, Exercise, Interruption, Options, PairState, PairSystem, Profile,
    PropertyStatus, TimerMode, CASCADE_DEPTH_KEY, MAX_CASCADE_DEPTH, PROPERTY_ERROR_KEY, PROPERTY_KEY,
};
pub use time::{CLOCK_MILLIS, SUNRISE_MILLIS, SUNSET_MILLIS};
