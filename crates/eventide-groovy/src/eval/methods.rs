//! Method and property dispatch on builtin values (the GDK), subscripts, and the methods every
//! object has (`toString`, `is`, `with`, `getClass`...).
//!
//! Dispatch functions return `Ok(None)` when the receiver has no such method (or the arguments
//! do not fit); the caller then raises `MissingMethodException` naming receiver type and method.

use std::rc::Rc;

use super::collections;
use super::convert::{self, class_name};
use super::error::{class, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::ops;
use super::show::{display, inspect};
use super::value::{Closure, ClosureBody, ListKind, Obj, Strategy, Value};

/// The callable's declared parameter count (1 for an implicit `it`).
pub(crate) fn arity(interp: &Interpreter, c: &Value) -> usize {
    match c {
        Value::Closure(c) => c.param_count(),
        Value::MethodRef(n) => interp.method_decls(n).first().map_or(1, |d| d.params.len()),
        _ => 1,
    }
}

/// Calls a callable with one argument.
pub(crate) fn call1(interp: &mut Interpreter, h: &mut dyn Host, c: &Value, x: Value) -> R<Value> {
    interp.call_value(h, c, vec![x])
}

/// Calls a callable with one argument and applies Groovy truth to the result.
pub(crate) fn test1(interp: &mut Interpreter, h: &mut dyn Host, c: &Value, x: Value) -> R<bool> {
    let r = interp.call_value(h, c, vec![x])?;
    Ok(interp.truthy(h, &r))
}

pub(crate) fn index_error(i: i64, size: usize) -> EvalError {
    EvalError::exception(class::INDEX_OUT_OF_BOUNDS, Some(format!("Index: {i}, Size: {size}")))
}

/// Properties of builtin values (`date.time`, `e.message`, `list.empty`, `range.from`).
/// Falls back to a `getXxx()`/`isXxx()` method.
pub fn builtin_property(interp: &mut Interpreter, h: &mut dyn Host, recv: &Value, name: &str) -> R<Option<Value>> {
    if name == "class" {
        return Ok(Some(Value::Class(class_name(h, recv).into())));
    }
    if interp.time_category > 0 && recv.is_number() {
        if let Some(d) = super::date::duration_property(recv, name) {
            return Ok(Some(d));
        }
    }
    match recv {
        Value::Range(r) => match name {
            "from" => return Ok(Some(Value::Int(r.low))),
            "to" => return Ok(Some(Value::Int(r.high))),
            "reverse" => return Ok(Some(Value::Bool(r.reverse))),
            _ => {}
        },
        Value::Closure(c) => match name {
            "delegate" => return Ok(Some(c.delegate().unwrap_or(Value::Script))),
            "owner" | "thisObject" => return Ok(Some(Value::Script)),
            "maximumNumberOfParameters" => return Ok(Some(Value::Int(c.param_count() as i32))),
            "resolveStrategy" => {
                return Ok(Some(Value::Int(match c.strategy() {
                    Strategy::OwnerFirst => 0,
                    Strategy::DelegateFirst => 1,
                })))
            }
            _ => {}
        },
        Value::Class(c) => return super::statics::static_property(interp, h, c, name),
        // `list.size` reads ArrayList's `size` field (Groovy reaches private fields), not a spread.
        Value::List(l) if name == "size" => return Ok(Some(Value::Int(l.borrow().len() as i32))),
        // An array's `length`.
        Value::List(l) if name == "length" && matches!(l.borrow().kind, ListKind::Array(_)) => {
            return Ok(Some(Value::Int(l.borrow().len() as i32)))
        }
        Value::Obj(o) => {
            if let Obj::MapEntry(k, v) = &**o {
                match name {
                    "key" => return Ok(Some(k.clone())),
                    "value" => return Ok(Some(v.clone())),
                    _ => {}
                }
            }
        }
        _ => {}
    }
    // Bean getter.
    let cap = super::interp::capitalize(name);
    for prefix in ["get", "is"] {
        let getter = format!("{prefix}{cap}");
        if let Some(v) = builtin_method(interp, h, recv, &getter, Vec::new())? {
            return Ok(Some(v));
        }
    }
    Ok(None)
}

/// A method of a builtin value.
pub fn builtin_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    name: &str,
    args: Vec<Value>,
) -> R<Option<Value>> {
    let r = match recv {
        Value::Str(s) | Value::GString(s) => super::strings::method(interp, h, recv, s, name, &args)?,
        Value::List(l) => collections::list_method(interp, h, recv, l, name, &args)?,
        Value::Map(m) => collections::map_method(interp, h, recv, m, name, &args)?,
        Value::Range(r) => collections::range_method(interp, h, r, name, &args)?,
        Value::Closure(_) | Value::MethodRef(_) => closure_method(interp, h, recv, name, &args)?,
        Value::Date(ms) => super::date::date_method(interp, h, *ms, name, &args)?,
        Value::Obj(o) => obj_method(interp, h, recv, o, name, &args)?,
        Value::Bool(b) => match (name, args.as_slice()) {
            ("booleanValue" | "toBoolean", []) => Some(Value::Bool(*b)),
            ("implies", [x]) => Some(Value::Bool(!*b || x.truthy())),
            ("and", [x]) => Some(Value::Bool(*b && x.truthy())),
            ("or", [x]) => Some(Value::Bool(*b || x.truthy())),
            ("xor", [x]) => Some(Value::Bool(*b ^ x.truthy())),
            ("compareTo", [Value::Bool(x)]) => Some(Value::Int(*b as i32 - *x as i32)),
            _ => None,
        },
        Value::Class(c) => {
            let c = c.clone();
            match super::statics::call_static(interp, h, &c, name, args.clone())? {
                Some(v) => Some(v),
                None => match (name, args.as_slice()) {
                    ("getName", []) => Some(Value::str(&c)),
                    ("getSimpleName", []) => Some(Value::str(convert::simple_name(&c))),
                    _ => None,
                },
            }
        }
        _ if recv.is_number() => super::numbers::method(interp, h, recv, name, &args)?,
        _ => None,
    };
    if r.is_some() {
        return Ok(r);
    }
    object_method(interp, h, recv, name, args)
}

/// Methods every object has, and the iteration methods Groovy gives any object.
pub fn object_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    name: &str,
    args: Vec<Value>,
) -> R<Option<Value>> {
    Ok(Some(match (name, args.as_slice()) {
        ("toString", []) => match super::show::range_to_string(recv) {
            Some(text) => Value::str(&text),
            None => Value::str(&display(h, recv)),
        },
        ("inspect", []) => Value::str(&inspect(h, recv)),
        ("dump", []) => Value::str(&format!("<{}>", display(h, recv))),
        // Java's `equals` of the receiver's class (`"${v}".equals("on")` and `1.equals(1L)` are
        // false); lists and maps have the GDK's, which compares as `==` does.
        ("equals", [x]) => Value::Bool(match recv {
            Value::List(_) | Value::Map(_) | Value::Range(_) => ops::values_equal(recv, x),
            _ => ops::java_equals(recv, x),
        }),
        ("is", [x]) => Value::Bool(convert::identical(recv, x)),
        ("hashCode", []) => Value::Int(java_hash(recv).ok_or_else(stack_overflow)?),
        ("getClass", []) => Value::Class(class_name(h, recv).into()),
        ("asBoolean", []) => Value::Bool(interp.truthy(h, recv)),
        ("isCase", [x]) => Value::Bool(interp.is_case(h, recv, x)?),
        ("asType", [Value::Class(c)]) => {
            let c = c.clone();
            convert::as_type(interp, h, recv, &c, false)?
        }
        ("with" | "tap", [c]) if c.is_callable() => {
            let r = match c {
                Value::Closure(cl) => {
                    interp.call_closure(h, cl, vec![recv.clone()], Some((recv.clone(), Strategy::DelegateFirst)))?
                }
                _ => interp.call_value(h, c, vec![recv.clone()])?,
            };
            if name == "tap" {
                recv.clone()
            } else {
                r
            }
        }
        ("identity", [c]) if c.is_callable() => interp.call_value(h, c, vec![recv.clone()])?,
        ("invokeMethod", [n, a]) => {
            let n = display(h, n);
            let a = match a {
                Value::List(l) => l.borrow().to_vec(),
                Value::Null => Vec::new(),
                other => vec![other.clone()],
            };
            interp.call_method(h, recv.clone(), &n, a)?
        }
        ("getProperty", [n]) => {
            let n = display(h, n);
            interp.get_property(h, recv, &n)?
        }
        ("setProperty", [n, v]) => {
            let n = display(h, n);
            interp.set_property(h, recv, &n, v.clone())?;
            Value::Null
        }
        ("respondsTo", [n, ..]) => {
            let n = display(h, n);
            Value::Bool(!matches!(recv, Value::Null) && responds_to(recv, &n))
        }
        ("hasProperty", [n]) => {
            let n = display(h, n);
            let has = match recv {
                Value::Map(m) => m.borrow().get_str(&n).is_some(),
                _ => builtin_property(interp, h, recv, &n)?.is_some(),
            };
            Value::Bool(has)
        }
        ("getMetaClass", []) => Value::Null,
        ("sleep", [_]) => Value::Null,
        ("println", _) | ("print", _) => return super::globals::call_global(interp, h, name, args),
        _ => {
            if collections::is_iteration_method(name) && !matches!(recv, Value::Null) {
                let items = interp.iterate(h, recv)?;
                let list = Value::new_list(items);
                if let Value::List(l) = &list {
                    return collections::list_method(interp, h, &list, l, name, &args);
                }
            }
            return Ok(None);
        }
    }))
}

fn responds_to(recv: &Value, name: &str) -> bool {
    match recv {
        Value::Str(_) | Value::GString(_) => super::strings::has_method(name),
        Value::List(_) | Value::Range(_) => collections::is_iteration_method(name) || collections::is_list_method(name),
        Value::Map(_) => collections::is_iteration_method(name) || collections::is_map_method(name),
        _ => matches!(name, "toString" | "equals" | "hashCode" | "getClass"),
    }
}

/// Java's `hashCode()` for the values where Groovy code can observe it.
/// `None` for a list that holds itself (Java recurses until its stack overflows).
pub fn java_hash(v: &Value) -> Option<i32> {
    java_hash_at(v, 0)
}

/// The nesting at which a recursive walk of a value is a `StackOverflowError`, as on the JVM.
pub(crate) const MAX_NESTING: usize = 1_000;

pub(crate) fn stack_overflow() -> EvalError {
    EvalError::exception(class::STACK_OVERFLOW, None)
}

fn java_hash_at(v: &Value, depth: usize) -> Option<i32> {
    if depth > MAX_NESTING {
        return None;
    }
    Some(match v {
        Value::Null => 0,
        Value::Bool(b) => {
            if *b {
                1231
            } else {
                1237
            }
        }
        Value::Int(i) => *i,
        Value::Long(l) => (*l ^ ((*l as u64) >> 32) as i64) as i32,
        Value::Str(s) => string_hash(s),
        // `GStringImpl.hashCode()`: 37 plus its text's.
        Value::GString(s) => string_hash(s).wrapping_add(37),
        Value::BigInt(i) => big_integer_hash(i.get()),
        // `BigDecimal.hashCode()`: 31 times its unscaled value's plus its scale.
        Value::Decimal(d) => big_integer_hash(d.mantissa()).wrapping_mul(31).wrapping_add(d.scale()),
        Value::Float(f) => {
            let f = if f.is_nan() { f32::NAN } else { *f };
            f.to_bits() as i32
        }
        Value::Double(d) => {
            let bits = if *d == 0.0 && d.is_sign_negative() { (-0.0f64).to_bits() } else { d.to_bits() };
            (bits ^ (bits >> 32)) as i32
        }
        Value::List(l) => {
            let mut h: i32 = 1;
            for x in l.borrow().iter() {
                h = h.wrapping_mul(31).wrapping_add(java_hash_at(x, depth + 1)?);
            }
            h
        }
        Value::Date(ms) => (*ms ^ ((*ms as u64) >> 32) as i64) as i32,
        // `AbstractMap.hashCode()`: the sum of key hash ^ value hash over the entries.
        Value::Map(m) => {
            let mut h: i32 = 0;
            for (k, v) in m.borrow().iter() {
                h = h.wrapping_add(java_hash_at(k, depth + 1)? ^ java_hash_at(v, depth + 1)?);
            }
            h
        }
        _ => {
            use std::hash::Hasher;
            let mut hs = rustc_hash::FxHasher::default();
            v.hash_canonical(&mut hs);
            hs.finish() as i32
        }
    })
}

/// `String.hashCode()`: over the UTF-16 units.
fn string_hash(s: &str) -> i32 {
    let mut h: i32 = 0;
    for u in s.encode_utf16() {
        h = h.wrapping_mul(31).wrapping_add(u as i32);
    }
    h
}

/// `BigInteger.hashCode()`: over the 32-bit words of the magnitude, most significant first,
/// times the sign.
fn big_integer_hash(v: i128) -> i32 {
    let mut magnitude = v.unsigned_abs();
    let mut words = Vec::new();
    while magnitude != 0 {
        words.push(magnitude as u32);
        magnitude >>= 32;
    }
    let mut h: i32 = 0;
    for &w in words.iter().rev() {
        h = h.wrapping_mul(31).wrapping_add(w as i32);
    }
    h.wrapping_mul(v.signum() as i32)
}

/// Methods callable on `null` (`NullObject`).
pub fn null_method(interp: &mut Interpreter, h: &mut dyn Host, name: &str, args: &[Value]) -> R<Option<Value>> {
    Ok(Some(match (name, args) {
        ("toString", []) => Value::str("null"),
        ("equals", [x]) => Value::Bool(x.is_null()),
        ("is", [x]) => Value::Bool(x.is_null()),
        ("asBoolean", []) => Value::Bool(false),
        ("hashCode", []) => Value::Int(0),
        ("getClass", []) => Value::class("org.codehaus.groovy.runtime.NullObject"),
        ("inspect", []) => Value::str("null"),
        ("plus", [Value::Str(s) | Value::GString(s)]) => Value::str(&format!("null{s}")),
        // The GDK's methods on `Object` walk `null` as an empty collection (an optional
        // `multiple: true` input that is not set).
        ("each" | "eachWithIndex", [_]) => Value::Null,
        ("collect" | "findAll" | "grep" | "findIndexValues", [])
        | ("collect" | "findAll" | "grep" | "findIndexValues", [_]) => Value::new_list(Vec::new()),
        ("find" | "findResult", []) | ("find" | "findResult", [_]) => Value::Null,
        ("findResult", [default, _]) => default.clone(),
        ("findIndexOf" | "findLastIndexOf", [_]) => Value::Int(-1),
        ("any", []) | ("any", [_]) => Value::Bool(false),
        ("every", []) | ("every", [_]) => Value::Bool(true),
        ("inject", [init, _]) => init.clone(),
        ("inject", [_]) => {
            return Err(EvalError::exception(
                "java.util.NoSuchElementException",
                Some("Cannot call inject() on an empty collection without passing an initial value.".into()),
            ))
        }
        ("split", [c]) if c.is_callable() => {
            Value::new_list(vec![Value::new_list(Vec::new()), Value::new_list(Vec::new())])
        }
        ("iterator", []) => Value::new_list(Vec::new()),
        ("with", [c]) => interp.call_value(h, c, vec![Value::Null])?,
        ("isCase", [x]) => Value::Bool(x.is_null()),
        _ => return Ok(None),
    }))
}

fn closure_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    Ok(Some(match name {
        "call" | "doCall" => interp.call_value(h, recv, args.to_vec())?,
        "curry" | "rcurry" => Value::Closure(Rc::new(Closure::new(ClosureBody::Curried {
            base: recv.clone(),
            args: args.to_vec(),
            right: name == "rcurry",
        }))),
        "getMaximumNumberOfParameters" => Value::Int(arity(interp, recv) as i32),
        "getParameterTypes" => Value::new_list(vec![Value::class("java.lang.Object"); arity(interp, recv)]),
        "setDelegate" => match (recv, args) {
            (Value::Closure(c), [d]) => {
                c.set_delegate(if d.is_null() { None } else { Some(d.clone()) });
                Value::Null
            }
            _ => return Ok(None),
        },
        "getDelegate" => match recv {
            Value::Closure(c) => c.delegate().unwrap_or(Value::Script),
            _ => Value::Script,
        },
        "setResolveStrategy" => match (recv, args) {
            (Value::Closure(c), [s]) => {
                let s = s.as_i64().unwrap_or(0);
                c.set_strategy(if s == 1 || s == 3 { Strategy::DelegateFirst } else { Strategy::OwnerFirst });
                Value::Null
            }
            _ => return Ok(None),
        },
        "getMethod" => match recv {
            Value::MethodRef(n) => Value::Str(n.clone()),
            _ => return Ok(None),
        },
        "memoize" | "trampoline" | "dehydrate" | "rehydrate" | "clone" => recv.clone(),
        "isCase" if args.len() == 1 => {
            let r = interp.call_value(h, recv, args.to_vec())?;
            Value::Bool(interp.truthy(h, &r))
        }
        _ => return Ok(None),
    }))
}

fn obj_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    o: &Rc<Obj>,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    match &**o {
        Obj::Exception(e) => Ok(Some(match (name, args) {
            ("getMessage" | "getLocalizedMessage", []) => {
                e.message.clone().map(|m| Value::str(&m)).unwrap_or(Value::Null)
            }
            ("getCause", []) => match &e.cause {
                Some(c) => Value::obj(Obj::Exception((**c).clone())),
                None => Value::Null,
            },
            ("toString", []) => Value::str(&e.to_java_string()),
            ("printStackTrace", []) => {
                h.print(&format!("{}\n", e.to_java_string()));
                Value::Null
            }
            ("getStackTrace", []) => Value::new_list(Vec::new()),
            ("initCause", [c]) => {
                let _ = c;
                recv.clone()
            }
            _ => return Ok(None),
        })),
        Obj::MapEntry(k, v) => Ok(Some(match (name, args) {
            ("getKey", []) => k.clone(),
            ("getValue", []) => v.clone(),
            ("toString", []) => Value::str(&display(h, recv)),
            _ => return Ok(None),
        })),
        Obj::StringBuilder(s) => Ok(Some(match (name, args) {
            // The GDK's `plus` of a CharSequence, as `sb + x` is: a new String.
            ("plus", [x]) => interp.binary(h, crate::syntax::BinaryOp::Add, recv, x)?,
            // Java's `append(Object)`: `String.valueOf` (`{a=1}` for a map).
            ("append" | "leftShift", [x]) => {
                let t = super::show::java_display(h, x);
                s.borrow_mut().push_str(&t);
                recv.clone()
            }
            ("toString", []) => Value::str(&s.borrow()),
            ("length" | "size", []) => Value::Int(s.borrow().encode_utf16().count() as i32),
            ("reverse", []) => {
                let r: String = s.borrow().chars().rev().collect();
                *s.borrow_mut() = r;
                recv.clone()
            }
            ("setLength", [n]) => {
                let n = ops::to_i64(n).max(0) as usize;
                let t: String = s.borrow().chars().take(n).collect();
                *s.borrow_mut() = t;
                Value::Null
            }
            ("insert", [i, x]) => {
                let t = super::show::java_display(h, x);
                let mut units: Vec<u16> = s.borrow().encode_utf16().collect();
                let at = builder_index(ops::to_i64(i), units.len(), "offset")?;
                units.splice(at..at, t.encode_utf16());
                *s.borrow_mut() = String::from_utf16_lossy(&units);
                recv.clone()
            }
            // Java's positions count UTF-16 units; a range past the end is cut to it.
            ("deleteCharAt", [i]) => {
                let mut units: Vec<u16> = s.borrow().encode_utf16().collect();
                let i = ops::to_i64(i);
                if i < 0 || i as usize >= units.len() {
                    return Err(string_index(format!("index {i},length {}", units.len())));
                }
                units.remove(i as usize);
                *s.borrow_mut() = String::from_utf16_lossy(&units);
                recv.clone()
            }
            ("delete", [a, b]) | ("replace", [a, b, _]) if a.is_number() && b.is_number() => {
                let mut units: Vec<u16> = s.borrow().encode_utf16().collect();
                let (start, end) = (ops::to_i64(a), ops::to_i64(b));
                if start < 0 || start > units.len() as i64 || start > end {
                    return Err(string_index(format!("start {start}, end {end}, length {}", units.len())));
                }
                let end = (end as usize).min(units.len());
                let with: Vec<u16> = match args.get(2) {
                    Some(x) => display(h, x).encode_utf16().collect(),
                    None => Vec::new(),
                };
                units.splice(start as usize..end, with);
                *s.borrow_mut() = String::from_utf16_lossy(&units);
                recv.clone()
            }
            ("setCharAt", [i, c]) => {
                let mut units: Vec<u16> = s.borrow().encode_utf16().collect();
                let i = ops::to_i64(i);
                if i < 0 || i as usize >= units.len() {
                    return Err(string_index(format!("index {i},length {}", units.len())));
                }
                let c: Vec<u16> = display(h, c).encode_utf16().collect();
                units.splice(i as usize..i as usize + 1, c.into_iter().take(1));
                *s.borrow_mut() = String::from_utf16_lossy(&units);
                Value::Null
            }
            _ => {
                let text = Value::str(&s.borrow());
                return super::strings::method(interp, h, &text, text.as_str().unwrap_or(""), name, args);
            }
        })),
        Obj::Pattern(_) | Obj::Matcher(_) => super::regex::method(interp, h, recv, o, name, args),
        Obj::TimeZone(_) | Obj::DateFormat(_) | Obj::Calendar(_) | Obj::Duration(_) => {
            super::date::obj_method(interp, h, recv, o, name, args)
        }
        Obj::NumberFormat(f) => super::decimal_format::method(h, f, name, args),
        Obj::JsonBuilder(content) => Ok(Some(match (name, args) {
            ("toString", []) => Value::str(&super::json::to_json(h, &content.borrow().clone())),
            ("toPrettyString", []) => {
                let json = super::json::to_json(h, &content.borrow().clone());
                Value::str(&super::json::pretty_print(&json))
            }
            ("getContent", []) => content.borrow().clone(),
            // `builder(map)`, `builder.call(list)`: the argument becomes the content.
            ("call", [v @ (Value::Map(_) | Value::List(_))]) => {
                *content.borrow_mut() = v.clone();
                v.clone()
            }
            ("call", items) if !items.is_empty() && !items.iter().any(Value::is_callable) => {
                let l = Value::new_list(items.to_vec());
                *content.borrow_mut() = l.clone();
                l
            }
            _ => return Ok(None),
        })),
        Obj::Random(state) => Ok(match (name, args) {
            ("nextInt", [n]) => {
                let bound = ops::to_i64(n);
                if bound <= 0 || bound > i32::MAX as i64 {
                    return Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some("bound must be positive".into())));
                }
                Some(Value::Int(random_below(state, bound as i32)))
            }
            ("nextInt", []) => Some(Value::Int(random_bits(state, 32))),
            ("nextLong", []) => {
                let high = (random_bits(state, 32) as i64) << 32;
                Some(Value::Long(high.wrapping_add(random_bits(state, 32) as i64)))
            }
            ("nextBoolean", []) => Some(Value::Bool(random_bits(state, 1) != 0)),
            ("nextDouble", []) => {
                let high = (random_bits(state, 26) as i64) << 27;
                Some(Value::Double((high + random_bits(state, 27) as i64) as f64 * (1.0 / (1u64 << 53) as f64)))
            }
            ("setSeed", [s]) => {
                state.set(random_scramble(ops::to_i64(s)));
                Some(Value::Null)
            }
            _ => None,
        }),
        Obj::Locale(tag) => Ok(Some(match (name, args) {
            ("toString", []) => Value::Str(tag.clone()),
            ("getLanguage", []) => Value::str(tag.split('_').next().unwrap_or("")),
            ("getCountry", []) => Value::str(tag.split('_').nth(1).unwrap_or("")),
            _ => return Ok(None),
        })),
        Obj::Iterator(it) => Ok(Some(match (name, args) {
            ("hasNext", []) => {
                let it = it.borrow();
                Value::Bool(it.next < it.len())
            }
            ("next", []) => {
                let mut it = it.borrow_mut();
                it.check_unchanged()?;
                let Some(item) = it.element(it.next) else {
                    return Err(EvalError::exception(class::NO_SUCH_ELEMENT, None));
                };
                it.next += 1;
                it.can_remove = true;
                item
            }
            ("remove", []) => {
                let mut it = it.borrow_mut();
                if !it.can_remove {
                    return Err(EvalError::exception(class::ILLEGAL_STATE, None));
                }
                it.check_unchanged()?;
                let at = it.next - 1;
                match &it.source {
                    Value::List(l) => {
                        l.borrow_mut().remove(at);
                    }
                    Value::Map(m) => {
                        let key = m.borrow().entries().get(at).map(|(k, _)| k.clone());
                        if let Some(k) = key {
                            m.borrow_mut().remove(&k);
                        }
                    }
                    _ => {}
                }
                it.next = at;
                it.can_remove = false;
                it.expected_len = it.len();
                Value::Null
            }
            _ => return Ok(None),
        })),
        Obj::JsonSlurper => Ok(match (name, args) {
            ("parseText" | "parse", [t]) => {
                let text = if t.is_null() { String::new() } else { display(h, t) };
                if text.is_empty() {
                    return Err(EvalError::exception(
                        class::ILLEGAL_ARGUMENT,
                        Some("Text must not be null or empty".into()),
                    ));
                }
                Some(super::json::parse_first(&text)?)
            }
            _ => None,
        }),
    }
}

/// `java.util.Random`'s seed for `new Random(seed)` and `setSeed(seed)`: 48 bits, scrambled as
/// Java scrambles them, so that seeded generators draw what they draw on the JVM.
pub(crate) fn random_scramble(seed: i64) -> u64 {
    (seed as u64 ^ 0x5_DEEC_E66D) & ((1 << 48) - 1)
}

/// `Random.next(bits)`: Java's linear congruential step and the top `bits` of the new seed.
fn random_bits(state: &std::cell::Cell<u64>, bits: u32) -> i32 {
    let seed = state.get().wrapping_mul(0x5_DEEC_E66D).wrapping_add(0xB) & ((1 << 48) - 1);
    state.set(seed);
    (seed >> (48 - bits)) as i64 as i32
}

/// `Random.nextInt(bound)` for a positive bound, with Java's rejection of the uneven tail.
fn random_below(state: &std::cell::Cell<u64>, bound: i32) -> i32 {
    if bound & bound.wrapping_neg() == bound {
        return ((bound as i64 * random_bits(state, 31) as i64) >> 31) as i32;
    }
    loop {
        let bits = random_bits(state, 31);
        let value = bits % bound;
        if bits.wrapping_sub(value).wrapping_add(bound - 1) >= 0 {
            return value;
        }
    }
}

/// `recv[idx]`.
/// The key a subscript `m[idx]` looks up or stores: Groovy turns a `GString` index into a `String`
/// (so `m["${k}"] = v` stores the key `k`, and `m["${k}"]` finds it), and passes anything else on.
fn map_subscript_key(idx: &Value) -> Value {
    match idx {
        Value::GString(s) => Value::Str(s.clone()),
        _ => idx.clone(),
    }
}

pub fn get_at(interp: &mut Interpreter, h: &mut dyn Host, recv: &Value, idx: &Value) -> R<Value> {
    match recv {
        Value::Null => Err(EvalError::npe("Cannot invoke method getAt() on null object")),
        Value::List(l) => {
            let items = l.borrow();
            if let Some(e) = collections::past_array_end(&items, idx) {
                return Err(e);
            }
            collections::list_get_at(interp, h, &items, idx)
        }
        Value::Range(r) => {
            let items: Vec<Value> = r.to_values()?;
            collections::list_get_at(interp, h, &items, idx)
        }
        Value::Map(m) => {
            let v = m.borrow().get(&map_subscript_key(idx)).cloned();
            Ok(v.unwrap_or(Value::Null))
        }
        Value::Str(s) | Value::GString(s) => super::strings::get_at(s, idx),
        Value::Host(r) => match h.call_method(interp, *r, "getAt", vec![idx.clone()])? {
            Some(v) => Ok(v),
            None => {
                // `obj[name]` is a property read.
                if let Some(name) = idx.as_str() {
                    return interp.get_property(h, recv, name);
                }
                Err(interp.missing_method_err(h, recv, "getAt", std::slice::from_ref(idx)))
            }
        },
        Value::Script => {
            let name = display(h, idx);
            interp.get_property(h, recv, &name)
        }
        Value::Date(_) if idx.is_number() => match builtin_method(interp, h, recv, "getAt", vec![idx.clone()])? {
            Some(v) => Ok(v),
            None => Err(interp.missing_method_err(h, recv, "getAt", std::slice::from_ref(idx))),
        },
        Value::Obj(o) => match &**o {
            Obj::Matcher(_) => super::regex::matcher_get_at(recv, idx),
            Obj::StringBuilder(s) => {
                let s = s.borrow().clone();
                super::strings::get_at(&s, idx)
            }
            _ => match idx.as_str() {
                Some(name) => interp.get_property(h, recv, name),
                None => Err(interp.missing_method_err(h, recv, "getAt", std::slice::from_ref(idx))),
            },
        },
        _ => match idx.as_str() {
            Some(name) => interp.get_property(h, recv, name),
            None => Err(interp.missing_method_err(h, recv, "getAt", std::slice::from_ref(idx))),
        },
    }
}

/// `recv[idx] = v`.
pub fn put_at(interp: &mut Interpreter, h: &mut dyn Host, recv: &Value, idx: &Value, v: Value) -> R<()> {
    match recv {
        Value::Null => Err(EvalError::npe("Cannot invoke method putAt() on null object")),
        Value::List(l) => {
            let i = match idx {
                _ if matches!(idx, Value::Int(_) | Value::Long(_)) => ops::to_i64(idx),
                _ => return Err(interp.missing_method_err(h, recv, "putAt", &[idx.clone(), v])),
            };
            let mut items = l.borrow_mut();
            // An array does not grow.
            if let Some(e) = collections::past_array_end(&items, idx) {
                return Err(e);
            }
            let len = items.len() as i64;
            let pos = if i < 0 { i + len } else { i };
            if pos < 0 {
                return Err(EvalError::exception(
                    class::INDEX_OUT_OF_BOUNDS,
                    Some(format!("Negative array index [{i}] too large for array size {len}")),
                ));
            }
            let pos = pos as usize;
            if pos > 1 << 24 {
                return Err(index_error(i, items.len()));
            }
            if pos >= items.len() {
                items.resize(pos + 1, Value::Null);
            }
            items[pos] = v;
            Ok(())
        }
        Value::Map(m) => {
            m.borrow_mut().insert(map_subscript_key(idx), v);
            Ok(())
        }
        Value::Host(r) => match h.call_method(interp, *r, "putAt", vec![idx.clone(), v.clone()])? {
            Some(_) => Ok(()),
            None => match idx.as_str() {
                Some(name) => {
                    let name = name.to_string();
                    interp.set_property(h, recv, &name, v)
                }
                None => Err(interp.missing_method_err(h, recv, "putAt", &[idx.clone(), v])),
            },
        },
        Value::Script => {
            let name = display(h, idx);
            interp.set_property(h, recv, &name, v)
        }
        _ => match idx.as_str() {
            Some(name) => {
                let name = name.to_string();
                interp.set_property(h, recv, &name, v)
            }
            None => Err(interp.missing_method_err(h, recv, "putAt", &[idx.clone(), v])),
        },
    }
}

fn string_index(message: String) -> EvalError {
    EvalError::exception(class::STRING_INDEX, Some(message))
}

/// A position in a `StringBuilder` of `len` units for `insert` (`0..=len`), else Java's
/// `StringIndexOutOfBoundsException`.
fn builder_index(i: i64, len: usize, what: &str) -> R<usize> {
    if i < 0 || i as usize > len {
        return Err(string_index(format!("{what} {i}, length {len}")));
    }
    Ok(i as usize)
}
