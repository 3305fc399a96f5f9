//! Functions every script can call without receiver: `println`, `print`, `printf`, `sprintf`,
//! `now`, `use(TimeCategory) { }`, `sleep`.

use super::host::Host;
use super::interp::{Interpreter, R};
use super::show::display;
use super::value::Value;

/// Output functions, handled before the host's functions.
pub fn call_early(interp: &mut Interpreter, h: &mut dyn Host, name: &str, args: &[Value]) -> R<Option<Value>> {
    Ok(Some(match (name, args) {
        ("println", []) => {
            h.print("\n");
            Value::Null
        }
        ("println" | "print", [x]) => {
            let mut s = display(h, x);
            if name == "println" {
                s.push('\n');
            }
            h.print(&s);
            Value::Null
        }
        ("printf", [fmt, rest @ ..]) => {
            let fmt = display(h, fmt);
            let rest = flatten_varargs(rest);
            let s = super::format::format(interp, h, &fmt, &rest)?;
            h.print(&s);
            Value::Null
        }
        ("sprintf", [fmt, rest @ ..]) => {
            let fmt = display(h, fmt);
            let rest = flatten_varargs(rest);
            Value::str(&super::format::format(interp, h, &fmt, &rest)?)
        }
        _ => return Ok(None),
    }))
}

/// `printf(fmt, [a, b])` passes the list's elements as the arguments.
fn flatten_varargs(rest: &[Value]) -> Vec<Value> {
    match rest {
        [Value::List(l)] => l.borrow().to_vec(),
        _ => rest.to_vec(),
    }
}

/// Global functions the host did not claim.
pub fn call_global(interp: &mut Interpreter, h: &mut dyn Host, name: &str, args: Vec<Value>) -> R<Option<Value>> {
    if let Some(v) = call_early(interp, h, name, &args)? {
        return Ok(Some(v));
    }
    Ok(Some(match (name, args.as_slice()) {
        ("now", []) => Value::Long(h.now_millis()),
        ("sleep", [_]) => Value::Null,
        ("use", [cat, c]) if c.is_callable() => {
            let is_time = matches!(cat, Value::Class(n) if n.ends_with("TimeCategory"));
            if is_time {
                interp.time_category += 1;
            }
            let r = interp.call_value(h, c, Vec::new());
            if is_time {
                interp.time_category -= 1;
            }
            r?
        }
        _ => return Ok(None),
    }))
}
