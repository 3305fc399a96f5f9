//! The host interface: how a platform (model files, the SmartThings simulation) supplies global
//! names, functions and objects to a script, and observes every access to them.
//!
//! Every method receives the [`Interpreter`] so that a host can call back into the script, e.g.
//! run a `section("x") { ... }` closure with a delegate via
//! [`Interpreter::call_closure_with_delegate`], or call a stored event handler with
//! [`Interpreter::call_value`].
//!
//! Lookups return `Ok(None)` for "not mine": the interpreter then continues its resolution chain
//! and, at its end, raises Groovy's `MissingPropertyException` / `MissingMethodException`.
//! Errors a host returns need no location: the interpreter attaches the span of the call site.

use chrono_tz::Tz;

use super::error::EvalError;
use super::interp::Interpreter;
use super::value::{HostRef, Value};

/// Everything the platform supplies to a running script.
pub trait Host {
    /// Reads a global (binding) name: `state`, `location`, `settings`, an input such as `switch1`.
    /// Called for every bare-name read that is not a local, a delegate property, a script method
    /// or a getter.
    fn get_global(&mut self, interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError>;

    /// A global the platform binds under `name` (an input, a platform object, a field the script
    /// assigned), read as a bare name. Consulted before the script's getters and its methods as
    /// values, as Groovy's `Script.getProperty` reads the binding first: an input named like a
    /// script method or getter reads as the input, as on the platform (`input "onSwitches"`
    /// beside `private onSwitches()`; `input "delay"` beside `def getDelay() { delay ?: 5 }`). `Ok(None)` when nothing is bound;
    /// [`Host::get_global`] stays the last resort of the lookup.
    fn bound_global(&mut self, _interp: &mut Interpreter, _name: &str) -> Result<Option<Value>, EvalError> {
        Ok(None)
    }

    /// Writes a global (binding) name: any assignment to a bare name that is not a local or a
    /// delegate property.
    fn set_global(&mut self, interp: &mut Interpreter, name: &str, value: Value) -> Result<(), EvalError>;

    /// Calls a global function (`subscribe`, `runIn`, `input`, `section`...). Named arguments
    /// arrive as a map in the first position, as in Groovy; trailing closures are the last
    /// arguments.
    fn call_function(
        &mut self,
        interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError>;

    /// Reads a property of a host object.
    fn get_property(
        &mut self,
        _interp: &mut Interpreter,
        _obj: HostRef,
        _name: &str,
    ) -> Result<Option<Value>, EvalError> {
        Ok(None)
    }

    /// Writes a property of a host object; `Ok(false)` when it has no such property.
    fn set_property(
        &mut self,
        _interp: &mut Interpreter,
        _obj: HostRef,
        _name: &str,
        _value: Value,
    ) -> Result<bool, EvalError> {
        Ok(false)
    }

    /// Calls a method on a host object. Subscripts arrive as `getAt(index)` / `putAt(index, v)`,
    /// iteration (`each`, `for`) asks for `iterator` first: a host object that is a collection
    /// answers it with a list.
    fn call_method(
        &mut self,
        _interp: &mut Interpreter,
        _obj: HostRef,
        _name: &str,
        _args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        Ok(None)
    }

    /// Calls a method that neither Groovy's lists nor their elements' common methods answer on a
    /// list (`(switches + moreSwitches).on()`): a platform whose lists of its objects take the
    /// objects' methods answers for each element; `Ok(None)` leaves Groovy's
    /// `MissingMethodException`.
    fn call_list_method(
        &mut self,
        _interp: &mut Interpreter,
        _items: &[Value],
        _name: &str,
        _args: &[Value],
    ) -> Result<Option<Value>, EvalError> {
        Ok(None)
    }

    /// The Java class name of a host object (for `getClass()`, `instanceof` and messages).
    fn class_name(&self, _obj: HostRef) -> String {
        "java.lang.Object".to_string()
    }

    /// `toString()` of a host object (as GStrings and `println` show it).
    fn to_display_string(&mut self, obj: HostRef) -> String {
        format!("{}@{}:{}", self.class_name(obj), obj.kind, obj.id)
    }

    /// Calls a static method the host wants to own (`Math.random`, a platform class), before the
    /// evaluator's own library is consulted.
    fn call_static(
        &mut self,
        _interp: &mut Interpreter,
        _class: &str,
        _method: &str,
        _args: &[Value],
    ) -> Result<Option<Value>, EvalError> {
        Ok(None)
    }

    /// `new T(args)` for a class the host provides (`physicalgraph.device.HubAction`,
    /// `java.util.Random`...), before the evaluator's own classes.
    fn construct(
        &mut self,
        _interp: &mut Interpreter,
        _class: &str,
        _args: &[Value],
    ) -> Result<Option<Value>, EvalError> {
        Ok(None)
    }

    /// A labelled expression statement such as `action: [GET: "h"]` inside a DSL closure.
    fn labeled_statement(&mut self, _interp: &mut Interpreter, _label: &str, _value: Value) -> Result<(), EvalError> {
        Ok(())
    }

    /// The current time in milliseconds since the epoch (`now()`, `new Date()`).
    fn now_millis(&mut self) -> i64;

    /// The JVM's default time zone (what `date.format(pattern)` without a zone uses).
    fn default_time_zone(&self) -> Tz {
        Tz::UTC
    }

    /// `TimeZone.setDefault(zone)`. A host whose default zone is fixed accepts only that zone
    /// (setting it changes nothing) and names anything else as unsupported.
    fn set_default_time_zone(&mut self, zone: Tz) -> Result<(), EvalError> {
        if zone == self.default_time_zone() {
            Ok(())
        } else {
            Err(EvalError::unsupported(format!(
                "TimeZone.setDefault({}): the default time zone is fixed at {}",
                zone.name(),
                self.default_time_zone().name()
            )))
        }
    }

    /// Output of `println` / `print` (the text includes the newline for `println`).
    fn print(&mut self, text: &str);
}

/// A host with no platform objects: `println` goes to a buffer and the clock is fixed.
#[derive(Debug, Default)]
pub struct BufferHost {
    /// Everything printed so far.
    pub output: String,
    /// The clock: milliseconds since the epoch.
    pub clock_millis: i64,
    /// Globals assigned by the script (its binding).
    pub globals: rustc_hash::FxHashMap<String, Value>,
    /// Default time zone.
    pub zone: Option<Tz>,
}

impl BufferHost {
    pub fn new(clock_millis: i64) -> BufferHost {
        BufferHost { clock_millis, ..BufferHost::default() }
    }
}

impl Host for BufferHost {
    fn get_global(&mut self, _interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        Ok(self.globals.get(name).cloned())
    }
    /// The script's variables are its binding, read before its getters and methods.
    fn bound_global(&mut self, interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        self.get_global(interp, name)
    }
    fn set_global(&mut self, _interp: &mut Interpreter, name: &str, value: Value) -> Result<(), EvalError> {
        self.globals.insert(name.to_string(), value);
        Ok(())
    }
    fn call_function(
        &mut self,
        _interp: &mut Interpreter,
        _name: &str,
        _args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        Ok(None)
    }
    fn now_millis(&mut self) -> i64 {
        self.clock_millis
    }
    fn default_time_zone(&self) -> Tz {
        self.zone.unwrap_or(Tz::UTC)
    }
    fn set_default_time_zone(&mut self, zone: Tz) -> Result<(), EvalError> {
        self.zone = Some(zone);
        Ok(())
    }
    fn print(&mut self, text: &str) {
        self.output.push_str(text);
    }
}
