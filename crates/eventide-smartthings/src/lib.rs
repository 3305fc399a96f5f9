//! The simulated SmartThings home: two SmartApps run side by side against one set of devices,
//! as an Eventide [`TransitionSystem`](eventide_engine::TransitionSystem), and the conflicts
//! between them.
//!
//! - [`label`]: what one transition did that conflict detection needs (the app writes, in order).
//! - [`conflicts`]: conflict detection, a monitor over the labels of the explored transitions.

pub mod conflicts;
pub mod label;
