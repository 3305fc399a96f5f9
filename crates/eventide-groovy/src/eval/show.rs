//! Printing values as Groovy does (`InvokerHelper.toString`): `[1, 2]`, `[a:1, b:2]`, `[:]`,
//! Java's number formats, `Date.toString()` in the default zone.

use std::fmt::{self, Write as _};
use std::rc::Rc;

use chrono_tz::Tz;

use super::host::Host;
use super::num::{java_double_to_string, java_float_to_string};
use super::value::{Obj, Value};

const MAX_DEPTH: usize = 100;

/// `toString()` of a value as Groovy prints it.
pub fn display(h: &mut dyn Host, v: &Value) -> String {
    match v {
        Value::Str(s) | Value::GString(s) => s.to_string(),
        _ => {
            let mut out = String::new();
            write_display(h, &mut out, v);
            out
        }
    }
}

/// Appends the printed form of `v` (Groovy's `InvokerHelper.toString`: what `println`, a GString
/// and `+` show, where a range is the list of its elements; inside a collection, and by its own
/// `toString()`, a range is `1..3`).
pub fn write_display(h: &mut dyn Host, out: &mut String, v: &Value) {
    match v {
        Value::Range(r) => {
            out.push('[');
            for (i, x) in r.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{x}");
            }
            out.push(']');
        }
        _ => write_value(&mut Some(h), out, v, 0, Style::Groovy),
    }
}

/// The text Java's own `toString()` gives, for where Java rather than Groovy turns a value into
/// text (`String.valueOf`, `String.format("%s")`, `StringBuilder.append`): a map is `{a=1, b=2}`
/// and a range `1..3`, inside collections too; everything else prints as Groovy prints it.
pub fn java_display(h: &mut dyn Host, v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut Some(h), &mut out, v, 0, Style::Java);
    out
}

/// Whose `toString()` prints a value: Groovy's (`InvokerHelper.toString`: `[a:1]`, `[:]`) or
/// Java's own (`{a=1}`, `{}`), where Java code turns it into text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Groovy,
    Java,
}

/// `IntRange.toString()`: `1..5`, reversed `5..1`; an empty range `[]`.
pub fn range_to_string(v: &Value) -> Option<String> {
    let Value::Range(_) = v else { return None };
    let mut out = String::new();
    write_value(&mut None, &mut out, v, 1, Style::Groovy);
    Some(out)
}

fn write_value(h: &mut Option<&mut dyn Host>, out: &mut String, v: &Value, depth: usize, style: Style) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Value::Long(i) => {
            let _ = write!(out, "{i}");
        }
        Value::BigInt(i) => {
            let _ = write!(out, "{}", i.get());
        }
        Value::Float(f) => out.push_str(&java_float_to_string(*f)),
        Value::Double(d) => out.push_str(&java_double_to_string(*d)),
        Value::Decimal(d) => out.push_str(&d.to_java_string()),
        Value::Str(s) | Value::GString(s) => out.push_str(s),
        Value::List(l) => {
            let key = Rc::as_ptr(l) as *const u8 as usize;
            let items = l.borrow().to_vec();
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match x {
                    Value::List(inner) if Rc::as_ptr(inner) as *const u8 as usize == key => {
                        out.push_str("(this Collection)")
                    }
                    _ => write_value(h, out, x, depth + 1, style),
                }
            }
            out.push(']');
        }
        // `IntRange.toString()`: `1..5`, reversed `5..1`; an empty range prints as `[]`.
        Value::Range(r) => {
            if r.empty {
                out.push_str("[]");
            } else if let Some(to) = r.exclusive_to {
                let _ = write!(out, "{}..<{to}", r.from());
            } else {
                let _ = write!(out, "{}..{}", r.from(), r.to());
            }
        }
        Value::Map(m) => {
            let key = Rc::as_ptr(m) as *const u8 as usize;
            let entries: Vec<(Value, Value)> = m.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            let (open, between, close) = match style {
                Style::Groovy if entries.is_empty() => ("[:", ':', ']'),
                Style::Groovy => ("[", ':', ']'),
                Style::Java => ("{", '=', '}'),
            };
            out.push_str(open);
            for (i, (k, x)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_map_part(h, out, k, key, depth, style);
                out.push(between);
                write_map_part(h, out, x, key, depth, style);
            }
            out.push(close);
        }
        Value::Closure(c) => {
            let _ = write!(out, "groovy.lang.Closure@{:x}", c.source_span().map_or(0, |s| s.start));
        }
        Value::MethodRef(n) => {
            let _ = write!(out, "org.codehaus.groovy.runtime.MethodClosure@{n}");
        }
        Value::Date(ms) => {
            let tz = h.as_deref().map(|h| h.default_time_zone()).unwrap_or(Tz::UTC);
            out.push_str(&super::date::java_date_string(*ms, tz));
        }
        Value::Class(n) => {
            let _ = write!(out, "class {n}");
        }
        Value::Host(r) => match h {
            Some(h) => out.push_str(&h.to_display_string(*r)),
            None => {
                let _ = write!(out, "host@{}:{}", r.kind, r.id);
            }
        },
        Value::Script => out.push_str("Script"),
        Value::Obj(o) => match &**o {
            Obj::Exception(e) => out.push_str(&e.to_java_string()),
            // A map entry is a Java object: its `toString()` is Java's (`key=value`, with Java's
            // text of a map or range inside), wherever it is printed.
            Obj::MapEntry(k, x) => {
                write_value(h, out, k, depth + 1, Style::Java);
                out.push('=');
                write_value(h, out, x, depth + 1, Style::Java);
            }
            Obj::Pattern(p) => out.push_str(&p.source),
            Obj::Matcher(m) => {
                let m = m.borrow();
                let _ = write!(
                    out,
                    "java.util.regex.Matcher[pattern={} region=0,{} lastmatch=]",
                    m.pattern.source,
                    m.input.encode_utf16().count()
                );
            }
            Obj::TimeZone(tz) => {
                let _ = write!(out, "sun.util.calendar.ZoneInfo[id=\"{}\"]", tz.name());
            }
            Obj::DateFormat(_) => out.push_str("java.text.SimpleDateFormat"),
            Obj::NumberFormat(_) => out.push_str("java.text.DecimalFormat"),
            Obj::JsonBuilder(c) => {
                let content = c.borrow().clone();
                let json = match h {
                    Some(h) => super::json::to_json(&mut **h, &content),
                    None => super::json::to_json(&mut super::host::BufferHost::new(0), &content),
                };
                out.push_str(&json);
            }
            Obj::StringBuilder(s) => out.push_str(&s.borrow()),
            Obj::Random(_) => out.push_str("java.util.Random"),
            Obj::Iterator(it) => out.push_str(it.borrow().class_name()),
            Obj::JsonSlurper => out.push_str("groovy.json.JsonSlurper"),
            Obj::Locale(tag) => out.push_str(tag),
            Obj::Duration(d) => out.push_str(&super::date::duration_string(d)),
            Obj::Calendar(c) => {
                let (ms, tz) = *c.borrow();
                let _ = write!(out, "java.util.GregorianCalendar[time={ms},zone={}]", tz.name());
            }
        },
    }
}

fn write_map_part(
    h: &mut Option<&mut dyn Host>,
    out: &mut String,
    v: &Value,
    map_key: usize,
    depth: usize,
    style: Style,
) {
    match v {
        Value::Map(inner) if Rc::as_ptr(inner) as *const u8 as usize == map_key => out.push_str("(this Map)"),
        _ => write_value(h, out, v, depth + 1, style),
    }
}

impl fmt::Display for Value {
    /// The printed form without a host: host objects show as `host@kind:id`, dates in UTC.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_value(&mut None, &mut out, self, 0, Style::Groovy);
        f.write_str(&out)
    }
}

/// Groovy's `inspect()`: strings quoted, otherwise as printed.
pub fn inspect(h: &mut dyn Host, v: &Value) -> String {
    if let Some(text) = range_to_string(v) {
        return text; // `(1..3).inspect()` is `1..3`
    }
    let mut out = String::new();
    write_inspect(h, &mut out, v, 0);
    out
}

fn write_inspect(h: &mut dyn Host, out: &mut String, v: &Value, depth: usize) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    match v {
        Value::Str(s) | Value::GString(s) => {
            out.push('\'');
            out.push_str(&s.replace('\\', "\\\\").replace('\'', "\\'"));
            out.push('\'');
        }
        Value::List(l) => {
            let items = l.borrow().to_vec();
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_inspect(h, out, x, depth + 1);
            }
            out.push(']');
        }
        Value::Map(m) => {
            let entries: Vec<(Value, Value)> = m.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            if entries.is_empty() {
                out.push_str("[:]");
                return;
            }
            out.push('[');
            for (i, (k, x)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_inspect(h, out, k, depth + 1);
                out.push(':');
                write_inspect(h, out, x, depth + 1);
            }
            out.push(']');
        }
        // A range inside a collection inspects as itself (`['r':1..3]`).
        Value::Range(_) => write_value(&mut Some(h), out, v, depth, Style::Groovy),
        _ => write_display(h, out, v),
    }
}
