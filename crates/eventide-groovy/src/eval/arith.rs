//! Binary operators beyond equality: `+ - * / % **`, bitwise operators and shifts, `<<` on
//! lists and builders, and ordering comparisons.

use std::cmp::Ordering;

use super::convert::class_name;
use super::error::{class, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::ops::{self, Arith};
use super::show::display;
use super::value::{GMap, ListKind, Obj, Value};
use crate::syntax::BinaryOp;

fn arith_err(e: super::num::NumError) -> EvalError {
    e.into()
}

fn method_name(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "plus",
        BinaryOp::Sub => "minus",
        BinaryOp::Mul => "multiply",
        BinaryOp::Div => "div",
        BinaryOp::Mod => "mod",
        BinaryOp::Pow => "power",
        BinaryOp::BitAnd => "and",
        BinaryOp::BitOr => "or",
        BinaryOp::BitXor => "xor",
        BinaryOp::Shl => "leftShift",
        BinaryOp::Shr => "rightShift",
        BinaryOp::UShr => "rightShiftUnsigned",
        _ => "operator",
    }
}

/// Arithmetic, bitwise and shift operators.
pub fn binary_op(interp: &mut Interpreter, h: &mut dyn Host, op: BinaryOp, a: &Value, b: &Value) -> R<Value> {
    if a.is_number() && b.is_null() {
        if let Some(e) = number_with_null(interp, h, op, a) {
            return Err(e);
        }
    }
    if a.is_number() && b.is_number() {
        // Groovy 2.4's `%` has no BigDecimal arithmetic (`7.5 % 2`, `7 % 2.0`); with a double or
        // float it is the floating-point remainder.
        let floating = |v: &Value| matches!(v, Value::Double(_) | Value::Float(_));
        let decimal = |v: &Value| matches!(v, Value::Decimal(_));
        // Shifts exist only for Integer and Long receivers, by an integral distance.
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr | BinaryOp::UShr) {
            let message = if floating(a) || decimal(a) || matches!(a, Value::BigInt(_)) {
                Some(format!(
                    "Cannot use {}() on this number type: {} with value: {}",
                    method_name(op),
                    class_name(h, a),
                    display(h, a)
                ))
            } else if floating(b) || decimal(b) {
                Some(format!(
                    "Shift distance must be an integral type, but {} ({}) was supplied",
                    display(h, b),
                    class_name(h, b)
                ))
            } else {
                None
            };
            if let Some(message) = message {
                return Err(EvalError::exception(class::UNSUPPORTED_OPERATION, Some(message)));
            }
        }
        if op == BinaryOp::Mod && !floating(a) && !floating(b) && (decimal(a) || decimal(b)) {
            let left = ops::to_dec(a).map(|d| d.to_string()).unwrap_or_else(|_| display(h, a));
            return Err(EvalError::exception(
                class::UNSUPPORTED_OPERATION,
                Some(format!("Cannot use mod() on this number type: java.math.BigDecimal with value: {left}")),
            ));
        }
        let r = match op {
            BinaryOp::Add => ops::arith(Arith::Add, a, b),
            BinaryOp::Sub => ops::arith(Arith::Sub, a, b),
            BinaryOp::Mul => ops::arith(Arith::Mul, a, b),
            BinaryOp::Div => ops::arith(Arith::Div, a, b),
            BinaryOp::Mod => ops::arith(Arith::Mod, a, b),
            BinaryOp::Pow => ops::power(a, b),
            _ => return bitwise(interp, h, op, a, b),
        };
        return r.map_err(arith_err);
    }
    if let Some(v) = super::date::date_arith(interp, h, op, a, b)? {
        return Ok(v);
    }
    match (op, a) {
        (BinaryOp::Add, Value::Str(s) | Value::GString(s)) => {
            let mut out = String::with_capacity(s.len() + 8);
            out.push_str(s);
            super::show::write_display(h, &mut out, b);
            Ok(Value::str(&out))
        }
        (BinaryOp::Add, _) if a.is_number() && b.is_string() => {
            let mut out = display(h, a);
            out.push_str(b.as_str().unwrap_or(""));
            Ok(Value::str(&out))
        }
        // The GDK's `CharSequence.plus`: a StringBuilder plus anything is a new String.
        (BinaryOp::Add, Value::Obj(o)) if matches!(&**o, Obj::StringBuilder(_)) => {
            let mut out = display(h, a);
            super::show::write_display(h, &mut out, b);
            Ok(Value::str(&out))
        }
        (BinaryOp::Add, Value::Null) if b.is_string() => Ok(Value::str(&format!("null{}", b.as_str().unwrap_or("")))),
        (BinaryOp::Add, Value::List(l)) => {
            let mut items = l.borrow().to_vec();
            let left = items.len();
            if Interpreter::is_collection(b) {
                items.extend(interp.iterate(h, b)?);
            } else {
                items.push(b.clone());
            }
            // `set + x` is a set, `array + x` an `Object[]`.
            let kind = match l.borrow().kind {
                ListKind::Array(_) => ListKind::Array("java.lang.Object"),
                kind => kind.for_clone(left),
            };
            Ok(Value::new_list_of(kind, items))
        }
        (BinaryOp::Add, Value::Range(r)) => {
            let mut items: Vec<Value> = r.to_values()?;
            if Interpreter::is_collection(b) {
                items.extend(interp.iterate(h, b)?);
            } else {
                items.push(b.clone());
            }
            Ok(Value::new_list(items))
        }
        (BinaryOp::Add, Value::Map(m)) => match b {
            Value::Map(o) => {
                let mut out: GMap = m.borrow().clone();
                for (k, v) in o.borrow().iter() {
                    out.insert(k.clone(), v.clone());
                }
                Ok(Value::new_map(out))
            }
            _ => Err(interp.missing_method_err(h, a, "plus", std::slice::from_ref(b))),
        },
        // `String.minus(Pattern)` removes the first match; `minus(Object)` the first occurrence
        // of the text.
        (BinaryOp::Sub, Value::Str(s) | Value::GString(s)) => {
            if let Value::Obj(o) = b {
                if let Obj::Pattern(p) = &**o {
                    return Ok(Value::str(&match super::regex::java_captures(p, s).first().and_then(|c| c.get(0)) {
                        Some(m) => format!("{}{}", &s[..m.start()], &s[m.end()..]),
                        None => s.to_string(),
                    }));
                }
            }
            let pat = display(h, b);
            Ok(Value::str(&s.replacen(&pat, "", 1)))
        }
        (BinaryOp::Sub, Value::List(_) | Value::Range(_)) => {
            let items = interp.iterate(h, a)?;
            let remove: Vec<Value> =
                if Interpreter::is_collection(b) { interp.iterate(h, b)? } else { vec![b.clone()] };
            let index = super::collections::index_of(&remove, ops::values_equal);
            let kept = items.into_iter().filter(|x| !index.contains(x, &remove)).collect();
            let kind = match a {
                Value::List(l) if l.borrow().is_set() => l.borrow().kind.similar(),
                _ => ListKind::List,
            };
            Ok(Value::new_list_of(kind, kept))
        }
        (BinaryOp::Sub, Value::Map(m)) => match b {
            Value::Map(o) => {
                let o = o.borrow();
                let out: GMap = m
                    .borrow()
                    .iter()
                    .filter(|(k, v)| !matches!(o.get(k), Some(w) if ops::values_equal(v, w)))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                Ok(Value::new_map(out))
            }
            // `minus(Map, Map)` with a null map removes nothing.
            Value::Null => Ok(Value::new_map(m.borrow().clone())),
            _ => Err(interp.missing_method_err(h, a, "minus", std::slice::from_ref(b))),
        },
        (BinaryOp::Mul, Value::Str(s) | Value::GString(s)) if b.is_number() => {
            let n = ops::to_i64(b);
            if n < 0 {
                return Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some(format!("count is negative: {n}"))));
            }
            let n = n as usize;
            if n.saturating_mul(s.len()) > super::value::MAX_TEXT {
                return Err(super::value::too_large());
            }
            Ok(Value::str(&s.repeat(n)))
        }
        (BinaryOp::Mul, Value::List(l)) if b.is_number() => {
            let items = l.borrow().to_vec();
            let n = ops::to_i64(b).max(0) as usize;
            if n.saturating_mul(items.len()) > super::value::MAX_ELEMENTS {
                return Err(super::value::too_large());
            }
            let mut out = Vec::with_capacity(items.len() * n);
            for _ in 0..n {
                out.extend(items.iter().cloned());
            }
            // A set times n is a set of the same elements.
            let kind = l.borrow().kind;
            Ok(Value::new_list_of(if kind.is_set() { kind.similar() } else { ListKind::List }, out))
        }
        (BinaryOp::Shl, Value::List(l)) => {
            l.borrow_mut().add(b.clone());
            Ok(a.clone())
        }
        (BinaryOp::Shl, Value::Map(m)) => {
            match b {
                Value::Map(o) => {
                    let o = o.borrow().clone();
                    let mut m = m.borrow_mut();
                    for (k, v) in o.iter() {
                        m.insert(k.clone(), v.clone());
                    }
                }
                Value::Obj(o) => {
                    if let Obj::MapEntry(k, v) = &**o {
                        m.borrow_mut().insert(k.clone(), v.clone());
                    }
                }
                _ => return Err(interp.missing_method_err(h, a, "leftShift", std::slice::from_ref(b))),
            }
            Ok(a.clone())
        }
        // `leftShift` on a StringBuilder or a String appends as Java's `append(Object)` does
        // (`String.valueOf`: `{a=1}` for a map).
        (BinaryOp::Shl, Value::Obj(o)) if matches!(&**o, Obj::StringBuilder(_)) => {
            let text = super::show::java_display(h, b);
            if let Obj::StringBuilder(s) = &**o {
                s.borrow_mut().push_str(&text);
            }
            Ok(a.clone())
        }
        (BinaryOp::Shl, Value::Str(s) | Value::GString(s)) => {
            let mut out = s.to_string();
            out.push_str(&super::show::java_display(h, b));
            Ok(Value::obj(Obj::StringBuilder(out.into())))
        }
        (BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor, Value::Bool(x)) => match b {
            Value::Bool(y) => Ok(Value::Bool(match op {
                BinaryOp::BitAnd => *x && *y,
                BinaryOp::BitOr => *x || *y,
                _ => x ^ y,
            })),
            _ => Ok(Value::Bool(match op {
                BinaryOp::BitAnd => *x && b.truthy(),
                BinaryOp::BitOr => *x || b.truthy(),
                _ => *x ^ b.truthy(),
            })),
        },
        (BinaryOp::BitAnd, Value::List(_)) => {
            let x = interp.iterate(h, a)?;
            let y = interp.iterate(h, b)?;
            Ok(Value::new_list(x.into_iter().filter(|v| y.iter().any(|w| ops::values_equal(v, w))).collect()))
        }
        (_, Value::Host(r)) => {
            let name = method_name(op);
            match h.call_method(interp, *r, name, vec![b.clone()])? {
                Some(v) => Ok(v),
                None => Err(interp.missing_method_err(h, a, name, std::slice::from_ref(b))),
            }
        }
        (_, Value::Null) => Err(null_operand(h, method_name(op), b)),
        _ if b.is_null() => Err(null_argument(h, a, method_name(op))
            .unwrap_or_else(|| interp.missing_method_err(h, a, method_name(op), std::slice::from_ref(b)))),
        _ => Err(interp.missing_method_err(h, a, method_name(op), std::slice::from_ref(b))),
    }
}

fn bitwise(interp: &mut Interpreter, h: &mut dyn Host, op: BinaryOp, a: &Value, b: &Value) -> R<Value> {
    let integral = |v: &Value| matches!(v, Value::Int(_) | Value::Long(_) | Value::BigInt(_));
    if !integral(a) || !integral(b) {
        return Err(interp.missing_method_err(h, a, method_name(op), std::slice::from_ref(b)));
    }
    let long = matches!(a, Value::Long(_) | Value::BigInt(_)) || matches!(b, Value::Long(_) | Value::BigInt(_));
    let shift = matches!(op, BinaryOp::Shl | BinaryOp::Shr | BinaryOp::UShr);
    // Shifts take the type of the left operand.
    let long = if shift { matches!(a, Value::Long(_) | Value::BigInt(_)) } else { long };
    if long {
        let (x, y) = (ops::to_i64(a), ops::to_i64(b));
        Ok(Value::Long(match op {
            BinaryOp::BitAnd => x & y,
            BinaryOp::BitOr => x | y,
            BinaryOp::BitXor => x ^ y,
            BinaryOp::Shl => x.wrapping_shl((y & 63) as u32),
            BinaryOp::Shr => x.wrapping_shr((y & 63) as u32),
            _ => ((x as u64) >> (y & 63)) as i64,
        }))
    } else {
        let (x, y) = (ops::to_i32(a), ops::to_i32(b));
        Ok(Value::Int(match op {
            BinaryOp::BitAnd => x & y,
            BinaryOp::BitOr => x | y,
            BinaryOp::BitXor => x ^ y,
            BinaryOp::Shl => x.wrapping_shl((y & 31) as u32),
            BinaryOp::Shr => x.wrapping_shr((y & 31) as u32),
            _ => ((x as u32) >> (y & 31)) as i32,
        }))
    }
}

/// Ordering of two values without calling anything; `None` when they are not comparable.
pub fn compare_plain(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Null, Value::Null) => Some(Ordering::Equal),
        (Value::Null, _) => Some(Ordering::Less),
        (_, Value::Null) => Some(Ordering::Greater),
        _ if a.is_number() && b.is_number() => Some(ops::num_cmp(a, b)),
        (Value::Str(x) | Value::GString(x), Value::Str(y) | Value::GString(y)) => Some(java_str_cmp(x, y)),
        (Value::Date(x), Value::Date(y)) => Some(x.cmp(y)),
        (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(y)),
        (Value::Obj(x), Value::Obj(y)) => match (&**x, &**y) {
            (Obj::Duration(p), Obj::Duration(q)) => Some(p.to_millis().cmp(&q.to_millis())),
            _ => None,
        },
        // A one-character string compares with a number as a char.
        (Value::Str(s) | Value::GString(s), n) if n.is_number() && s.chars().count() == 1 => {
            let c = s.chars().next().map(|c| c as i64).unwrap_or(0);
            Some(ops::num_cmp(&Value::Long(c), n))
        }
        (n, Value::Str(s) | Value::GString(s)) if n.is_number() && s.chars().count() == 1 => {
            let c = s.chars().next().map(|c| c as i64).unwrap_or(0);
            Some(ops::num_cmp(n, &Value::Long(c)))
        }
        _ => None,
    }
}

/// Java's `String.compareTo`: UTF-16 code unit order.
pub fn java_str_cmp(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// `a <=> b`.
pub fn compare(interp: &mut Interpreter, h: &mut dyn Host, a: &Value, b: &Value) -> R<Ordering> {
    if let Some(o) = compare_plain(a, b) {
        return Ok(o);
    }
    if let Value::Host(r) = a {
        if let Some(v) = h.call_method(interp, *r, "compareTo", vec![b.clone()])? {
            return Ok(ops::to_i64(&v).cmp(&0));
        }
    }
    if ops::values_equal(a, b) {
        return Ok(Ordering::Equal);
    }
    // `GString.compareTo` compares the texts of both sides.
    if let Value::GString(x) = a {
        let y = display(h, b);
        return Ok(java_str_cmp(x, &y));
    }
    let (ca, cb) = (class_name(h, a), class_name(h, b));
    // A `Comparable` left side is asked to compare: its `compareTo` casts the right side.
    if a.is_number() || a.is_string() || matches!(a, Value::Date(_) | Value::Bool(_)) {
        let place = if ca.starts_with("java.") && cb.starts_with("java.") {
            format!(" ({cb} and {ca} are in module java.base of loader 'bootstrap')")
        } else {
            String::new()
        };
        return Err(EvalError::exception(
            "java.lang.ClassCastException",
            Some(format!("class {cb} cannot be cast to class {ca}{place}")),
        ));
    }
    let (da, db) = (display(h, a), display(h, b));
    Err(EvalError::exception(
        class::ILLEGAL_ARGUMENT,
        Some(format!("Cannot compare {ca} with value '{da}' and {cb} with value '{db}'")),
    ))
}

/// The NullPointerException of `null.<method>(arg)` for an operator: Groovy's `NullObject` has a
/// `plus` that says which addition failed; the other operators find no method on null.
pub(crate) fn null_operand(h: &mut dyn Host, method: &str, arg: &Value) -> EvalError {
    if method == "plus" {
        return EvalError::npe(format!("Cannot execute null+{}", super::show::display(h, arg)));
    }
    EvalError::npe(format!("Cannot invoke method {method}() on null object"))
}

/// `number <op> null` where Groovy chooses a method for the operator that takes a null (`mod`,
/// `power`, `leftShift`: a `Number` parameter): the method runs and fails as it would with any
/// number when the receiver's type has no such arithmetic (`1.5 % x`), else on reading the null.
/// (Operators with several overloads, `plus` among them, are ambiguous for a null: see
/// [`Interpreter::missing_method_err`].)
fn number_with_null(interp: &mut Interpreter, h: &mut dyn Host, op: BinaryOp, a: &Value) -> Option<EvalError> {
    let name = method_name(op);
    let args = [Value::Null];
    let candidates = super::convert::groovy_candidates(&class_name(h, a), name, &args);
    if candidates.is_empty() || super::convert::ambiguous_for_null(&candidates, &args).is_some() {
        return None;
    }
    if let Err(e) = binary_op(interp, h, op, a, &Value::Int(1)) {
        return Some(e);
    }
    let (read, operand) = match (op, a) {
        (BinaryOp::Pow, _) => ("doubleValue", "exponent"),
        (_, Value::Int(_)) => ("intValue", "right"),
        (_, Value::Long(_)) => ("longValue", "right"),
        _ => ("doubleValue", "right"),
    };
    Some(EvalError::npe(format!("Cannot invoke \"java.lang.Number.{read}()\" because \"{operand}\" is null")))
}

/// `a <op> null` for a receiver other than a number, where Groovy chooses one method for the
/// operator (`"ab" * null`: `String.multiply(Number)`): the method reads its null argument.
fn null_argument(h: &mut dyn Host, a: &Value, name: &str) -> Option<EvalError> {
    let args = [Value::Null];
    let candidates = super::convert::groovy_candidates(&class_name(h, a), name, &args);
    if candidates.is_empty() || super::convert::ambiguous_for_null(&candidates, &args).is_some() {
        return None;
    }
    let number = candidates.iter().any(|p| p.first().is_some_and(|t| *t == "java.lang.Number"));
    Some(EvalError::npe(if number {
        "Cannot invoke \"java.lang.Number.intValue()\" because \"factor\" is null".to_string()
    } else {
        format!("{name}() read its null argument")
    }))
}
