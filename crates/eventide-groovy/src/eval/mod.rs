//! The Groovy evaluator: values, the interpreter, and the host interface.
//!
//! - [`Value`] is a Groovy value; [`Interpreter`] runs a parsed [`Script`](crate::syntax::Script)
//!   against a [`Host`], the platform that supplies global names, functions and objects and
//!   observes every access to them.
//! - Errors are [`EvalError`]s located in the source; the evaluator never panics on any program.
//! - A host bounds long computations with an [`Interrupt`] (deadline, memory ceiling).
//! - [`run_script_text`] parses and runs a script with a [`BufferHost`] and returns what it
//!   printed (`eventide eval FILE`).

mod arith;
mod collections;
mod convert;
mod date;
mod decimal_format;
mod env;
mod error;
mod format;
mod globals;
mod groovy_methods;
mod growth;
mod host;
mod interp;
mod interrupt;
mod json;
mod methods;
pub mod num;
mod numbers;
mod ops;
mod regex;
mod show;
mod statics;
mod strings;
mod timsort;
mod value;

use std::sync::Arc;

pub use date::{clear_time, format_date, offset_ms, parse_date, time_zone};
pub use error::{class as exception_class, is_subclass, ErrorKind, EvalError, EvalErrorData};
pub use growth::string_bound;
pub use host::{BufferHost, Host};
pub use interp::{Interpreter, DEFAULT_MAX_CALL_DEPTH};
pub use interrupt::{set_run_limits, Interrupt, InterruptReason, LOAD_MEMORY_LIMIT, LOAD_TIME_LIMIT};
pub use json::{parse as parse_json, to_json};
pub use show::{display, inspect};
pub use value::{
    Capture, Closure, DateFormat, Duration, ExceptionData, GList, GMap, HostRef, ListKind, ListRef, MapRef, Obj, Range,
    Str, Strategy, Value,
};

pub use chrono_tz::Tz;

use crate::syntax::{SourceFile, SyntaxError};

/// A failure of [`run_script_text`]: the script did not parse, or raised an error.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    Syntax(SyntaxError),
    #[error("{error}")]
    Eval {
        error: EvalError,
        /// What the script printed before the error.
        output: String,
    },
}

/// Parses and runs a script with a [`BufferHost`] (no platform objects, `now()` = `clock_millis`,
/// time zone UTC) and returns what it printed.
pub fn run_script_text(name: &str, text: &str, clock_millis: i64) -> Result<String, RunError> {
    let file = Arc::new(SourceFile::new(name, text));
    let script = crate::syntax::parse(&file).map_err(RunError::Syntax)?;
    let mut interp = Interpreter::new(Arc::new(script), file);
    let mut host = BufferHost::new(clock_millis);
    match interp.run_script(&mut host) {
        Ok(_) => Ok(host.output),
        Err(error) => Err(RunError::Eval { error, output: host.output }),
    }
}
