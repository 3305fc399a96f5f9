//! Groovy operators on values: numeric promotion and arithmetic, equality, comparison, canonical
//! hashing and deep copies.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use super::num::{f64_to_i64, Dec, NumError, I128};
use super::value::{Closure, ClosureBody, GMap, Obj, Value};

/// The arithmetic Groovy picks for two operands (`NumberMath.getMath`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NumKind {
    Int,
    Long,
    BigInt,
    Decimal,
    Floating,
}

pub fn num_kind(v: &Value) -> Option<NumKind> {
    Some(match v {
        Value::Int(_) => NumKind::Int,
        Value::Long(_) => NumKind::Long,
        Value::BigInt(_) => NumKind::BigInt,
        Value::Decimal(_) => NumKind::Decimal,
        Value::Float(_) | Value::Double(_) => NumKind::Floating,
        _ => return None,
    })
}

pub fn to_f64(v: &Value) -> f64 {
    match v {
        Value::Int(i) => *i as f64,
        Value::Long(i) => *i as f64,
        Value::BigInt(i) => i.get() as f64,
        Value::Float(f) => *f as f64,
        Value::Double(d) => *d,
        Value::Decimal(d) => d.to_f64(),
        _ => 0.0,
    }
}

pub fn to_i128(v: &Value) -> i128 {
    match v {
        Value::Int(i) => *i as i128,
        Value::Long(i) => *i as i128,
        Value::BigInt(i) => i.get(),
        Value::Float(f) => f64_to_i64(*f as f64) as i128,
        Value::Double(d) => f64_to_i64(*d) as i128,
        Value::Decimal(d) => d.to_i128_trunc(),
        _ => 0,
    }
}

/// `intValue()`: Java narrowing (wraps for longs, truncates for decimals).
pub fn to_i32(v: &Value) -> i32 {
    match v {
        Value::Float(f) => {
            let d = *f as f64;
            if d.is_nan() {
                0
            } else {
                d as i32
            }
        }
        Value::Double(d) => {
            if d.is_nan() {
                0
            } else {
                *d as i32
            }
        }
        _ => to_i128(v) as i32,
    }
}

pub fn to_i64(v: &Value) -> i64 {
    match v {
        Value::Float(f) => f64_to_i64(*f as f64),
        Value::Double(d) => f64_to_i64(*d),
        _ => to_i128(v) as i64,
    }
}

pub fn to_dec(v: &Value) -> Result<Dec, NumError> {
    match v {
        Value::Int(i) => Ok(Dec::from_i64(*i as i64)),
        Value::Long(i) => Ok(Dec::from_i64(*i)),
        Value::BigInt(i) => Ok(Dec::new(i.get(), 0)),
        Value::Decimal(d) => Ok(*d),
        Value::Float(f) => Dec::parse(&super::num::java_float_to_string(*f))
            .ok_or_else(|| NumError::Arithmetic(format!("Infinite or NaN: {f}"))),
        Value::Double(d) => Dec::from_f64(*d).ok_or_else(|| NumError::Arithmetic(format!("Infinite or NaN: {d}"))),
        _ => Err(NumError::Arithmetic("not a number".into())),
    }
}

/// A binary arithmetic operator on numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    IntDiv,
}

fn big(v: i128) -> Value {
    Value::BigInt(I128::new(v))
}

fn overflow() -> NumError {
    NumError::BigIntegerLimit
}

/// Arithmetic on two numbers with Groovy's promotion. `Err` carries an `ArithmeticException`
/// message.
pub fn arith(op: Arith, a: &Value, b: &Value) -> Result<Value, NumError> {
    let kind = num_kind(a).max(num_kind(b)).unwrap_or(NumKind::Int);
    let kind = if op == Arith::Div && kind < NumKind::Decimal { NumKind::Decimal } else { kind };
    match kind {
        NumKind::Int => {
            let (x, y) = (to_i32(a), to_i32(b));
            Ok(Value::Int(match op {
                Arith::Add => x.wrapping_add(y),
                Arith::Sub => x.wrapping_sub(y),
                Arith::Mul => x.wrapping_mul(y),
                Arith::Mod | Arith::IntDiv if y == 0 => return Err(NumError::Arithmetic("/ by zero".into())),
                Arith::Mod => x.wrapping_rem(y),
                Arith::IntDiv => x.wrapping_div(y),
                Arith::Div => 0,
            }))
        }
        NumKind::Long => {
            let (x, y) = (to_i64(a), to_i64(b));
            Ok(Value::Long(match op {
                Arith::Add => x.wrapping_add(y),
                Arith::Sub => x.wrapping_sub(y),
                Arith::Mul => x.wrapping_mul(y),
                Arith::Mod | Arith::IntDiv if y == 0 => return Err(NumError::Arithmetic("/ by zero".into())),
                Arith::Mod => x.wrapping_rem(y),
                Arith::IntDiv => x.wrapping_div(y),
                Arith::Div => 0,
            }))
        }
        NumKind::BigInt => {
            let (x, y) = (to_i128(a), to_i128(b));
            let r = match op {
                Arith::Add => x.checked_add(y),
                Arith::Sub => x.checked_sub(y),
                Arith::Mul => x.checked_mul(y),
                // BigInteger.mod: never negative, and only by a positive modulus.
                Arith::Mod if y <= 0 => return Err(NumError::Arithmetic("BigInteger: modulus not positive".into())),
                Arith::IntDiv if y == 0 => return Err(NumError::Arithmetic("BigInteger divide by zero".into())),
                Arith::Mod => Some(x.rem_euclid(y)),
                Arith::IntDiv => x.checked_div(y),
                Arith::Div => None,
            };
            r.map(big).ok_or_else(overflow)
        }
        NumKind::Decimal => {
            let (x, y) = (to_dec(a)?, to_dec(b)?);
            Ok(Value::Decimal(match op {
                Arith::Add => x.add(y)?,
                Arith::Sub => x.sub(y)?,
                Arith::Mul => x.mul(y)?,
                Arith::Div => x.groovy_div(y)?,
                Arith::Mod => x.rem(y)?,
                Arith::IntDiv => {
                    return Err(NumError::Arithmetic(format!(
                        "Cannot use intdiv() on this number type: java.math.BigDecimal with value: {}",
                        x
                    )))
                }
            }))
        }
        NumKind::Floating => {
            let (x, y) = (to_f64(a), to_f64(b));
            Ok(Value::Double(match op {
                Arith::Add => x + y,
                Arith::Sub => x - y,
                Arith::Mul => x * y,
                Arith::Div => x / y,
                Arith::Mod => x % y,
                Arith::IntDiv => {
                    return Err(NumError::Arithmetic(format!(
                        "Cannot use intdiv() on this number type: java.lang.Double with value: {}",
                        super::num::java_double_to_string(x)
                    )))
                }
            }))
        }
    }
}

/// `a ** b` (`DefaultGroovyMethods.power`).
pub fn power(a: &Value, b: &Value) -> Result<Value, NumError> {
    let base_kind = num_kind(a).unwrap_or(NumKind::Int);
    match (base_kind, b) {
        (NumKind::Int | NumKind::Long | NumKind::BigInt, Value::Int(e)) if *e >= 0 => {
            let x = to_i128(a);
            let r = match x {
                0 if *e > 0 => 0,
                0 | 1 => 1,
                -1 => {
                    if *e % 2 == 0 {
                        1
                    } else {
                        -1
                    }
                }
                _ => x.checked_pow(*e as u32).ok_or_else(overflow)?,
            };
            Ok(match base_kind {
                NumKind::Int if i32::try_from(r).is_ok() => Value::Int(r as i32),
                NumKind::Long if i64::try_from(r).is_ok() => Value::Long(r as i64),
                NumKind::BigInt => big(r),
                _ => big(r),
            })
        }
        (NumKind::Decimal, Value::Int(e)) if *e >= 0 => Ok(Value::Decimal(to_dec(a)?.pow(*e as u32)?)),
        // `power(Number, Number)`: a double power, given back as an Integer or a Long when it is
        // whole and fits (`4 ** 0.5` is the Integer 2, `2.5 ** 2L` the Double 6.25).
        _ => {
            let r = to_f64(a).powf(to_f64(b));
            // Rust's casts saturate as Java's do, so these are Java's `(double) (int) r == r` tests.
            Ok(if (r as i32) as f64 == r {
                Value::Int(r as i32)
            } else if (r as i64) as f64 == r {
                Value::Long(r as i64)
            } else {
                Value::Double(r)
            })
        }
    }
}

/// Compares two numbers (`NumberMath.compareTo`).
pub fn num_cmp(a: &Value, b: &Value) -> Ordering {
    let kind = num_kind(a).max(num_kind(b)).unwrap_or(NumKind::Int);
    match kind {
        NumKind::Int | NumKind::Long | NumKind::BigInt => to_i128(a).cmp(&to_i128(b)),
        NumKind::Decimal => match (to_dec(a), to_dec(b)) {
            (Ok(x), Ok(y)) => x.cmp(y),
            _ => to_f64(a).partial_cmp(&to_f64(b)).unwrap_or(Ordering::Equal),
        },
        NumKind::Floating => {
            let (x, y) = (to_f64(a), to_f64(b));
            // Double.compare: -0.0 is below 0.0, NaN is above everything and equal to itself.
            match (x.is_nan(), y.is_nan()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ => x.total_cmp(&y),
            }
        }
    }
}

/// Unary minus on a number.
pub fn negate(v: &Value) -> Option<Value> {
    Some(match v {
        Value::Int(i) => Value::Int(i.wrapping_neg()),
        Value::Long(i) => Value::Long(i.wrapping_neg()),
        Value::BigInt(i) => big(i.get().wrapping_neg()),
        Value::Float(f) => Value::Float(-f),
        Value::Double(d) => Value::Double(-d),
        Value::Decimal(d) => Value::Decimal(d.neg()),
        _ => return None,
    })
}

const MAX_DEPTH: usize = 200;

/// Groovy `==` (`DefaultTypeTransformation.compareEqual`).
pub fn values_equal(a: &Value, b: &Value) -> bool {
    eq_depth(a, b, 0)
}

fn eq_depth(a: &Value, b: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    use Value::*;
    match (a, b) {
        (Null, Null) => true,
        (Null, _) | (_, Null) => false,
        (Int(x), Int(y)) => x == y,
        (Str(x) | GString(x), Str(y) | GString(y)) => x == y,
        (Bool(x), Bool(y)) => x == y,
        _ if a.is_number() && b.is_number() => num_cmp(a, b) == Ordering::Equal,
        (List(x), List(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            match (x.is_set(), y.is_set()) {
                // Two sets: the same elements in any order; a set never equals a list.
                (true, true) => x.len() == y.len() && x.iter().all(|p| y.iter().any(|q| eq_depth(p, q, depth + 1))),
                (false, false) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| eq_depth(p, q, depth + 1)),
                _ => false,
            }
        }
        (List(x), Range(r)) | (Range(r), List(x)) => {
            let x = x.borrow();
            x.len() == r.len() && x.iter().zip(r.iter()).all(|(p, q)| eq_depth(p, &Int(q), depth + 1))
        }
        (Range(x), Range(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| p == q),
        (Map(x), Map(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len()
                && x.iter().all(|(k, v)| match y.get(k) {
                    Some(w) => eq_depth(v, w, depth + 1),
                    None => false,
                })
        }
        (Date(x), Date(y)) => x == y,
        (Class(x), Class(y)) => x == y,
        (Host(x), Host(y)) => x == y,
        (MethodRef(x), MethodRef(y)) => x == y,
        (Closure(x), Closure(y)) => Rc::ptr_eq(x, y),
        (Script, Script) => true,
        (Obj(x), Obj(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            match (&**x, &**y) {
                (self::Obj::MapEntry(k1, v1), self::Obj::MapEntry(k2, v2)) => {
                    eq_depth(k1, k2, depth + 1) && eq_depth(v1, v2, depth + 1)
                }
                (self::Obj::TimeZone(a), self::Obj::TimeZone(b)) => a == b,
                (self::Obj::StringBuilder(a), self::Obj::StringBuilder(b)) => *a.borrow() == *b.borrow(),
                // `BaseDuration` is `Comparable`: `==` compares `toMilliseconds()`.
                (self::Obj::Duration(a), self::Obj::Duration(b)) => a.to_millis() == b.to_millis(),
                (self::Obj::NumberFormat(a), self::Obj::NumberFormat(b)) => *a.borrow() == *b.borrow(),
                _ => false,
            }
        }
        _ => false,
    }
}

/// Java's `equals`, which the JDK's collection methods use — `contains`, `indexOf`,
/// `remove(Object)`, `containsAll`, `removeAll`, `retainAll` — and Groovy's `in` and `switch` on
/// a collection: numbers equal only with the same type (`[1, 2].contains(2L)` is false) and a
/// decimal only with the same scale, a `String` never equals a `GString`, lists element by element
/// and maps entry by entry in any order, each with the same rule.
pub fn java_equals(a: &Value, b: &Value) -> bool {
    java_eq(a, b, 0)
}

fn java_eq(a: &Value, b: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match (a, b) {
        (Value::List(x), Value::List(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| java_eq(p, q, depth + 1))
        }
        (Value::List(x), Value::Range(r)) | (Value::Range(r), Value::List(x)) => {
            let x = x.borrow();
            x.len() == r.len() && x.iter().zip(r.iter()).all(|(p, q)| matches!(p, Value::Int(p) if *p == q))
        }
        (Value::Map(x), Value::Map(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len()
                && x.iter().all(|(k, v)| {
                    y.iter().find(|(k2, _)| java_eq(k, k2, depth + 1)).is_some_and(|(_, w)| java_eq(v, w, depth + 1))
                })
        }
        (Value::Obj(x), Value::Obj(y)) => match (&**x, &**y) {
            (Obj::MapEntry(k1, v1), Obj::MapEntry(k2, v2)) => java_eq(k1, k2, depth + 1) && java_eq(v1, v2, depth + 1),
            _ => struct_eq(a, b, depth),
        },
        _ => struct_eq(a, b, depth),
    }
}

/// Exact equality for model-checker state, consistent with [`hash_state`]: [`struct_eq`], and
/// the same places share a list or map in both values (`[t, t]` with one `t` is not `[t, u]`
/// with an equal `u`: a change through one place is seen through the other).
pub fn state_eq(a: &Value, b: &Value, depth: usize) -> bool {
    match (a, b) {
        // One object: the same contents, shared alike.
        (Value::List(x), Value::List(y)) if Rc::ptr_eq(x, y) => true,
        (Value::Map(x), Value::Map(y)) if Rc::ptr_eq(x, y) => true,
        _ => shared_eq(a, b, depth, &mut EqWalk::default()),
    }
}

/// The lists and maps [`state_eq`] has met on each side, numbered in the order met (only those
/// something else also holds: the others cannot be met again).
#[derive(Default)]
struct EqWalk {
    left: rustc_hash::FxHashMap<usize, u32>,
    right: rustc_hash::FxHashMap<usize, u32>,
    met: u32,
}

impl EqWalk {
    /// `Some(equal)` when either side was met before (equal when both were, as the same
    /// number); `None` when both are new (then numbered alike).
    fn meet(&mut self, (a, shared_a): (usize, bool), (b, shared_b): (usize, bool)) -> Option<bool> {
        match (self.left.get(&a), self.right.get(&b)) {
            (Some(x), Some(y)) => Some(x == y),
            (None, None) => {
                let n = self.met;
                self.met += 1;
                if shared_a {
                    self.left.insert(a, n);
                }
                if shared_b {
                    self.right.insert(b, n);
                }
                None
            }
            _ => Some(false),
        }
    }
}

fn shared_eq(a: &Value, b: &Value, depth: usize, walk: &mut EqWalk) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let id = |p: usize, count: usize| (p, count > 1);
    match (a, b) {
        (Value::List(x), Value::List(y)) => {
            let (px, py) = (Rc::as_ptr(x) as *const u8 as usize, Rc::as_ptr(y) as *const u8 as usize);
            if let Some(equal) = walk.meet(id(px, Rc::strong_count(x)), id(py, Rc::strong_count(y))) {
                return equal;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.kind == y.kind
                && x.len() == y.len()
                && x.iter().zip(y.iter()).all(|(p, q)| shared_eq(p, q, depth + 1, walk))
        }
        (Value::Map(x), Value::Map(y)) => {
            let (px, py) = (Rc::as_ptr(x) as *const u8 as usize, Rc::as_ptr(y) as *const u8 as usize);
            if let Some(equal) = walk.meet(id(px, Rc::strong_count(x)), id(py, Rc::strong_count(y))) {
                return equal;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len()
                && x.iter().zip(y.iter()).all(|((k1, v1), (k2, v2))| {
                    shared_eq(k1, k2, depth + 1, walk) && shared_eq(v1, v2, depth + 1, walk)
                })
        }
        (Value::List(_) | Value::Map(_), _) | (_, Value::List(_) | Value::Map(_)) => false,
        (Value::Obj(x), Value::Obj(y)) if !Rc::ptr_eq(x, y) => obj_state_eq(a, b, depth, walk),
        (Value::Closure(x), Value::Closure(y)) if !Rc::ptr_eq(x, y) => closure_state_eq(x, y, depth, walk),
        _ => struct_eq(a, b, depth),
    }
}

/// State equality of two closures, as [`hash_closure`] hashes them: the same code, the same
/// curried arguments, delegate and resolve strategy.
fn closure_state_eq(x: &Closure, y: &Closure, depth: usize, walk: &mut EqWalk) -> bool {
    let bodies = match (&x.body, &y.body) {
        (ClosureBody::Lit { expr: p, .. }, ClosureBody::Lit { expr: q, .. }) => p.span == q.span,
        (
            ClosureBody::Curried { base: b1, args: a1, right: r1 },
            ClosureBody::Curried { base: b2, args: a2, right: r2 },
        ) => {
            r1 == r2
                && a1.len() == a2.len()
                && shared_eq(b1, b2, depth + 1, walk)
                && a1.iter().zip(a2).all(|(p, q)| shared_eq(p, q, depth + 1, walk))
        }
        _ => false,
    };
    bodies
        && x.strategy.get() == y.strategy.get()
        && match (&*x.delegate.borrow(), &*y.delegate.borrow()) {
            (None, None) => true,
            (Some(p), Some(q)) => shared_eq(p, q, depth + 1, walk),
            _ => false,
        }
}

/// State equality of two objects (see [`state_eq`]): objects that change in place are equal
/// when everything that decides their future behaviour is, as [`hash_rec`] hashes it. (Groovy's
/// own `==` on them stays identity, as in Java.)
fn obj_state_eq(a: &Value, b: &Value, depth: usize, walk: &mut EqWalk) -> bool {
    let (Value::Obj(x), Value::Obj(y)) = (a, b) else { return struct_eq(a, b, depth) };
    match (&**x, &**y) {
        (Obj::Random(p), Obj::Random(q)) => p.get() == q.get(),
        (Obj::Iterator(p), Obj::Iterator(q)) => {
            let (p, q) = (p.borrow(), q.borrow());
            (p.next, p.can_remove, p.expected_len) == (q.next, q.can_remove, q.expected_len)
                && shared_eq(&p.source, &q.source, depth + 1, walk)
        }
        (Obj::Calendar(p), Obj::Calendar(q)) => *p.borrow() == *q.borrow(),
        (Obj::DateFormat(p), Obj::DateFormat(q)) => {
            let (p, q) = (p.borrow(), q.borrow());
            p.pattern == q.pattern && p.zone == q.zone
        }
        (Obj::Matcher(p), Obj::Matcher(q)) => {
            let (p, q) = (p.borrow(), q.borrow());
            p.pattern.source == q.pattern.source && p.input == q.input && p.cursor == q.cursor && p.current == q.current
        }
        (Obj::Pattern(p), Obj::Pattern(q)) => p.source == q.source,
        (Obj::JsonBuilder(p), Obj::JsonBuilder(q)) => shared_eq(&p.borrow(), &q.borrow(), depth + 1, walk),
        (Obj::JsonSlurper, Obj::JsonSlurper) => true,
        // Field by field: `90.minutes` and `1.hours + 30.minutes` are `==` but print apart.
        (Obj::Duration(p), Obj::Duration(q)) => p == q,
        (Obj::Locale(p), Obj::Locale(q)) => p == q,
        (Obj::Exception(p), Obj::Exception(q)) => p == q,
        (Obj::MapEntry(k1, v1), Obj::MapEntry(k2, v2)) => {
            shared_eq(k1, k2, depth + 1, walk) && shared_eq(v1, v2, depth + 1, walk)
        }
        _ => struct_eq(a, b, depth),
    }
}

/// Exact, order-sensitive structural equality, blind to which places share a list or map (see
/// [`state_eq`]): numbers must also agree on their type and a decimal on its scale (`1`, `1L`,
/// `1.0` and `1.00` are `==` in Groovy but print and compute differently), a `String` is not a
/// `GString`, and maps must agree on key order.
pub fn struct_eq(a: &Value, b: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Long(x), Value::Long(y)) => x == y,
        (Value::BigInt(x), Value::BigInt(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Double(x), Value::Double(y)) => x.to_bits() == y.to_bits(),
        (Value::Decimal(x), Value::Decimal(y)) => x == y,
        _ if a.is_number() || b.is_number() => false,
        (Value::Str(x), Value::Str(y)) | (Value::GString(x), Value::GString(y)) => x == y,
        (Value::Str(_), Value::GString(_)) | (Value::GString(_), Value::Str(_)) => false,
        (Value::List(_), Value::Range(_)) | (Value::Range(_), Value::List(_)) => false,
        (Value::List(x), Value::List(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.kind == y.kind && x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| struct_eq(p, q, depth + 1))
        }
        (Value::Map(x), Value::Map(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((k1, v1), (k2, v2))| struct_eq(k1, k2, depth + 1) && struct_eq(v1, v2, depth + 1))
        }
        (Value::Closure(x), Value::Closure(y)) => {
            Rc::ptr_eq(x, y) || (x.source_span().is_some() && x.source_span() == y.source_span())
        }
        _ => eq_depth(a, b, depth),
    }
}

/// The canonical form of a number for hashing: integral values as integers, others as the bits
/// of their double value.
enum CanonNum {
    Int(i128),
    Float(u64),
}

fn canon_num(v: &Value) -> CanonNum {
    match v {
        Value::Int(i) => CanonNum::Int(*i as i128),
        Value::Long(i) => CanonNum::Int(*i as i128),
        Value::BigInt(i) => CanonNum::Int(i.get()),
        Value::Decimal(d) => {
            if d.is_integral() && d.precision() as i32 - d.scale() <= 37 {
                CanonNum::Int(d.to_i128_trunc())
            } else {
                CanonNum::Float(d.to_f64().to_bits())
            }
        }
        _ => {
            let d = to_f64(v);
            if d.is_finite() && d.fract() == 0.0 && d.abs() < 1e37 {
                CanonNum::Int(d as i128)
            } else {
                CanonNum::Float(d.to_bits())
            }
        }
    }
}

/// Canonical hash (see [`Value::hash_canonical`]).
pub fn hash_value<H: Hasher>(v: &Value, h: &mut H, depth: usize) {
    hash_rec(v, h, depth, &mut HashWalk::default())
}

/// Exact hash for model-checker state (see [`Value::hash_state`]), consistent with [`state_eq`].
pub fn hash_state<H: Hasher>(v: &Value, h: &mut H, depth: usize) {
    hash_rec(v, h, depth, &mut HashWalk { exact: true, ..HashWalk::default() })
}

/// One hash of a value: exact or canonical.
///
/// Canonical (Groovy's `hashCode`): a list or map enters its parent's hash as the hash of its
/// contents, cached by address when other values hold it too, so a list shared by several places
/// (`q = [t, t]`, again and again) is hashed once: linear in the value's distinct parts.
///
/// Exact (model-checker state): which places hold the same list or map is part of the state (a
/// change through one is seen through the others), so every list and map gets a number in the
/// order the walk first meets it and a later meeting hashes as a reference to that number. Two
/// values hash alike when they are equal and share alike (see [`state_eq`]), and a shared list is
/// walked once.
#[derive(Default)]
struct HashWalk {
    exact: bool,
    shared: rustc_hash::FxHashMap<usize, u64>,
    /// Exact: the number of every list and map met that something else also holds, by address.
    seen: rustc_hash::FxHashMap<usize, u32>,
    /// Exact: how many lists and maps the walk has met.
    met: u32,
}

impl HashWalk {
    /// Exact: the number of the list or map at `ptr` if the walk met it before; else numbers it.
    fn meet(&mut self, ptr: usize, shared: bool) -> Option<u32> {
        if let Some(&n) = self.seen.get(&ptr) {
            return Some(n);
        }
        let n = self.met;
        self.met += 1;
        if shared {
            self.seen.insert(ptr, n);
        }
        None
    }
}

/// The hash of a list's or a map's contents (`ptr` identifies it; `shared` when something else
/// holds it too, so the walk may meet it again).
fn container_hash(v: &Value, ptr: usize, shared: bool, depth: usize, walk: &mut HashWalk) -> u64 {
    if walk.exact {
        if let Some(n) = walk.meet(ptr, shared) {
            return 0x5eed_0000_0000_0000 ^ n as u64;
        }
    } else if let Some(&x) = shared.then(|| walk.shared.get(&ptr)).flatten() {
        return x;
    }
    let mut sub = rustc_hash::FxHasher::default();
    match v {
        Value::List(l) => {
            let l = l.borrow();
            sub.write_u8(4);
            if walk.exact && l.kind != super::value::ListKind::List {
                // A set or an array is another state than a list with the same elements.
                l.kind.hash(&mut sub);
            }
            sub.write_usize(l.len());
            for x in l.iter() {
                hash_rec(x, &mut sub, depth + 1, walk);
            }
        }
        Value::Map(m) => {
            let m = m.borrow();
            sub.write_u8(5);
            sub.write_usize(m.len());
            for (k, x) in m.iter() {
                hash_rec(k, &mut sub, depth + 1, walk);
                hash_rec(x, &mut sub, depth + 1, walk);
            }
        }
        _ => {}
    }
    let x = sub.finish();
    if shared && !walk.exact {
        walk.shared.insert(ptr, x);
    }
    x
}

/// The number's type and exact value, for [`hash_state`].
fn hash_exact_number<H: Hasher>(v: &Value, h: &mut H) {
    match v {
        Value::Int(i) => {
            h.write_u8(0);
            h.write_i32(*i)
        }
        Value::Long(i) => {
            h.write_u8(1);
            h.write_i64(*i)
        }
        Value::BigInt(i) => {
            h.write_u8(2);
            h.write_i128(i.get())
        }
        Value::Float(f) => {
            h.write_u8(3);
            h.write_u32(f.to_bits())
        }
        Value::Double(d) => {
            h.write_u8(4);
            h.write_u64(d.to_bits())
        }
        Value::Decimal(d) => {
            h.write_u8(5);
            h.write_i128(d.mantissa());
            h.write_i32(d.scale())
        }
        _ => {}
    }
}

fn hash_rec<H: Hasher>(v: &Value, h: &mut H, depth: usize, walk: &mut HashWalk) {
    let exact = walk.exact;
    if depth > MAX_DEPTH {
        h.write_u8(0xff);
        return;
    }
    match v {
        Value::Null => h.write_u8(0),
        Value::Bool(b) => {
            h.write_u8(1);
            h.write_u8(*b as u8)
        }
        Value::Int(_) | Value::Long(_) | Value::BigInt(_) | Value::Float(_) | Value::Double(_) | Value::Decimal(_)
            if exact =>
        {
            h.write_u8(2);
            hash_exact_number(v, h)
        }
        Value::GString(s) if exact => {
            h.write_u8(13);
            h.write(s.as_bytes());
            h.write_u8(0xff);
        }
        Value::Int(_) | Value::Long(_) | Value::BigInt(_) | Value::Float(_) | Value::Double(_) | Value::Decimal(_) => {
            h.write_u8(2);
            match canon_num(v) {
                CanonNum::Int(i) => h.write_i128(i),
                CanonNum::Float(bits) => {
                    h.write_u8(1);
                    h.write_u64(bits)
                }
            }
        }
        Value::Str(s) | Value::GString(s) => {
            h.write_u8(3);
            h.write(s.as_bytes());
            h.write_u8(0xff);
        }
        Value::List(l) => {
            let shared = Rc::strong_count(l) > 1;
            h.write_u64(container_hash(v, Rc::as_ptr(l) as *const u8 as usize, shared, depth, walk));
        }
        Value::Range(r) => {
            // As the list of its elements (Groovy's `==` takes them for one), but another state
            // than that list: `r instanceof IntRange` tells them apart.
            if exact {
                h.write_u8(14);
                // `1..<5` and `1..4` print apart.
                h.write_i64(r.exclusive_to.map_or(i64::MIN, i64::from));
            }
            let mut sub = rustc_hash::FxHasher::default();
            sub.write_u8(4);
            sub.write_usize(r.len());
            for x in r.iter() {
                hash_rec(&Value::Int(x), &mut sub, depth + 1, walk);
            }
            h.write_u64(sub.finish());
        }
        Value::Map(m) => {
            let shared = Rc::strong_count(m) > 1;
            h.write_u64(container_hash(v, Rc::as_ptr(m) as *const u8 as usize, shared, depth, walk));
        }
        Value::Date(ms) => {
            h.write_u8(6);
            h.write_i64(*ms)
        }
        Value::Class(n) => {
            h.write_u8(7);
            write_text(h, n)
        }
        Value::Host(r) => {
            h.write_u8(8);
            h.write_u32(r.kind);
            h.write_u32(r.id)
        }
        Value::MethodRef(n) => {
            h.write_u8(9);
            write_text(h, n)
        }
        Value::Closure(c) => {
            h.write_u8(10);
            hash_closure(c, h, depth, walk);
        }
        Value::Script => h.write_u8(11),
        Value::Obj(o) => {
            h.write_u8(12);
            // The kind of object first: two objects of different kinds never hash alike.
            h.write_u8(obj_kind(o));
            match &**o {
                Obj::Exception(e) => {
                    // The exception and its chain of causes.
                    let mut link = Some(e);
                    while let Some(e) = link {
                        write_text(h, &e.class);
                        match &e.message {
                            Some(m) => write_text(h, m),
                            None => h.write_u8(0xfe),
                        }
                        link = e.cause.as_deref();
                    }
                    h.write_u8(0xfd);
                }
                Obj::MapEntry(k, v) => {
                    hash_rec(k, h, depth + 1, walk);
                    hash_rec(v, h, depth + 1, walk);
                }
                Obj::Pattern(p) => write_text(h, &p.source),
                Obj::TimeZone(tz) => write_text(h, tz.name()),
                Obj::StringBuilder(s) => write_text(h, &s.borrow()),
                Obj::DateFormat(f) => {
                    let f = f.borrow();
                    write_text(h, &f.pattern);
                    write_text(h, f.zone.name());
                }
                Obj::NumberFormat(f) => write_text(h, &format!("{:?}", f.borrow())),
                Obj::JsonBuilder(c) => hash_rec(&c.borrow(), h, depth + 1, walk),
                Obj::Calendar(c) => {
                    let (ms, zone) = *c.borrow();
                    h.write_i64(ms);
                    write_text(h, zone.name());
                }
                Obj::Duration(d) => d.hash(h),
                Obj::Random(seed) => h.write_u64(seed.get()),
                Obj::Iterator(it) => {
                    let it = it.borrow();
                    h.write_usize(it.next);
                    h.write_u8(it.can_remove as u8);
                    h.write_usize(it.expected_len);
                    hash_rec(&it.source, h, depth + 1, walk);
                }
                Obj::Matcher(m) => {
                    let m = m.borrow();
                    write_text(h, &m.pattern.source);
                    write_text(h, &m.input);
                    h.write_usize(m.cursor);
                    h.write_usize(m.current.map_or(0, |c| c + 1));
                }
                Obj::JsonSlurper => {}
                Obj::Locale(tag) => write_text(h, tag),
            }
        }
    }
}

/// Text of variable length, terminated by a byte UTF-8 never holds: the next field cannot be
/// taken for more of this one (`"a"` then `"bc"` does not hash as `"ab"` then `"c"`).
fn write_text<H: Hasher>(h: &mut H, text: &str) {
    h.write(text.as_bytes());
    h.write_u8(0xff);
}

/// A tag per kind of object, for [`hash_rec`].
fn obj_kind(o: &Obj) -> u8 {
    match o {
        Obj::Exception(_) => 0,
        Obj::MapEntry(..) => 1,
        Obj::Pattern(_) => 2,
        Obj::Matcher(_) => 3,
        Obj::TimeZone(_) => 4,
        Obj::DateFormat(_) => 5,
        Obj::StringBuilder(_) => 6,
        Obj::Random(_) => 7,
        Obj::JsonSlurper => 8,
        Obj::Calendar(_) => 9,
        Obj::Duration(_) => 10,
        Obj::NumberFormat(_) => 11,
        Obj::JsonBuilder(_) => 12,
        Obj::Locale(_) => 13,
        Obj::Iterator(_) => 14,
    }
}

/// A closure as state: its code (where its literal is written), what `curry`/`rcurry` bound,
/// and the delegate and resolve strategy set on it. (What a literal captures is not state: a
/// closure that captures locals is an unsupported construct in a program's state.)
fn hash_closure<H: Hasher>(c: &Closure, h: &mut H, depth: usize, walk: &mut HashWalk) {
    match &c.body {
        ClosureBody::Lit { expr, .. } => {
            h.write_u8(0);
            h.write_u32(expr.span.start);
            h.write_u32(expr.span.end);
        }
        ClosureBody::Curried { base, args, right } => {
            h.write_u8(1 + *right as u8);
            hash_rec(base, h, depth + 1, walk);
            h.write_usize(args.len());
            for a in args {
                hash_rec(a, h, depth + 1, walk);
            }
        }
    }
    match &*c.delegate.borrow() {
        Some(d) => hash_rec(d, h, depth + 1, walk),
        None => h.write_u8(0xfe),
    }
    h.write_u8(c.strategy.get() as u8);
}

/// Deep copy preserving sharing and cycles.
pub fn deep_copy(v: &Value) -> Value {
    let mut memo: rustc_hash::FxHashMap<usize, Value> = Default::default();
    copy_rec(v, &mut memo)
}

fn copy_rec(v: &Value, memo: &mut rustc_hash::FxHashMap<usize, Value>) -> Value {
    match v {
        Value::List(l) => {
            let key = Rc::as_ptr(l) as *const u8 as usize;
            if let Some(c) = memo.get(&key) {
                return c.clone();
            }
            let new = Value::new_list_of(l.borrow().kind, Vec::new());
            memo.insert(key, new.clone());
            let items: Vec<Value> = l.borrow().iter().map(|x| copy_rec(x, memo)).collect();
            if let Value::List(n) = &new {
                n.borrow_mut().set_items(items);
            }
            new
        }
        Value::Map(m) => {
            let key = Rc::as_ptr(m) as *const u8 as usize;
            if let Some(c) = memo.get(&key) {
                return c.clone();
            }
            let new = Value::new_map(GMap::new());
            memo.insert(key, new.clone());
            let entries: Vec<(Value, Value)> =
                m.borrow().iter().map(|(k, v)| (copy_rec(k, memo), copy_rec(v, memo))).collect();
            if let Value::Map(n) = &new {
                n.borrow_mut().set_entries(entries);
            }
            new
        }
        // A closure's delegate and resolve strategy can be set in place, and what `curry` bound
        // may be a collection.
        Value::Closure(c) => {
            let key = Rc::as_ptr(c) as *const u8 as usize;
            if let Some(copied) = memo.get(&key) {
                return copied.clone();
            }
            let body = match &c.body {
                ClosureBody::Lit { expr, env, ctx } => {
                    ClosureBody::Lit { expr: expr.clone(), env: env.clone(), ctx: ctx.clone() }
                }
                ClosureBody::Curried { base, args, right } => ClosureBody::Curried {
                    base: copy_rec(base, memo),
                    args: args.iter().map(|a| copy_rec(a, memo)).collect(),
                    right: *right,
                },
            };
            let copy = Closure::new(body);
            copy.set_delegate(c.delegate().map(|d| copy_rec(&d, memo)));
            copy.set_strategy(c.strategy());
            let copy = Value::Closure(Rc::new(copy));
            memo.insert(key, copy.clone());
            copy
        }
        // Objects that change in place are copied too: a stored state must not share them with
        // the handler that runs from it (a `Random` kept in a field would otherwise advance in
        // every state that holds it).
        Value::Obj(o) => match &**o {
            Obj::StringBuilder(s) => Value::obj(Obj::StringBuilder(s.borrow().clone().into())),
            Obj::MapEntry(k, v) => Value::obj(Obj::MapEntry(copy_rec(k, memo), copy_rec(v, memo))),
            Obj::Matcher(m) => Value::obj(Obj::Matcher(m.borrow().clone().into())),
            Obj::DateFormat(f) => Value::obj(Obj::DateFormat(f.borrow().clone().into())),
            Obj::Random(seed) => Value::obj(Obj::Random(seed.get().into())),
            Obj::Iterator(it) => {
                let it = it.borrow();
                let state = super::value::IteratorState { source: copy_rec(&it.source, memo), ..it.clone() };
                Value::obj(Obj::Iterator(state.into()))
            }
            Obj::Calendar(c) => Value::obj(Obj::Calendar((*c.borrow()).into())),
            Obj::NumberFormat(f) => Value::obj(Obj::NumberFormat(f.borrow().clone().into())),
            Obj::JsonBuilder(c) => Value::obj(Obj::JsonBuilder(copy_rec(&c.borrow(), memo).into())),
            Obj::Exception(_)
            | Obj::Pattern(_)
            | Obj::TimeZone(_)
            | Obj::JsonSlurper
            | Obj::Duration(_)
            | Obj::Locale(_) => v.clone(),
        },
        _ => v.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hasher;

    fn h(v: &Value) -> u64 {
        let mut s = std::collections::hash_map::DefaultHasher::new();
        v.hash_canonical(&mut s);
        s.finish()
    }

    #[test]
    fn equal_numbers_hash_equal() {
        let one = [
            Value::Int(1),
            Value::Long(1),
            Value::Decimal(Dec::parse("1.00").unwrap()),
            Value::Double(1.0),
            Value::BigInt(I128::new(1)),
        ];
        for a in &one {
            for b in &one {
                assert!(values_equal(a, b));
                assert_eq!(h(a), h(b));
            }
        }
        let half = Value::Decimal(Dec::parse("0.50").unwrap());
        assert!(values_equal(&half, &Value::Double(0.5)));
        assert_eq!(h(&half), h(&Value::Double(0.5)));
        assert_eq!(h(&Value::str("ab")), h(&Value::GString("ab".into())));
    }

    #[test]
    fn arithmetic_promotes_like_groovy() {
        let r = arith(Arith::Div, &Value::Int(10), &Value::Int(4)).unwrap();
        assert!(matches!(r, Value::Decimal(d) if d.to_java_string() == "2.5"));
        let r = arith(Arith::Add, &Value::Int(i32::MAX), &Value::Int(1)).unwrap();
        assert!(matches!(r, Value::Int(i32::MIN)));
        let r = arith(Arith::Add, &Value::Int(1), &Value::Long(1)).unwrap();
        assert!(matches!(r, Value::Long(2)));
        let r = arith(Arith::Mul, &Value::Float(1.5), &Value::Int(2)).unwrap();
        assert!(matches!(r, Value::Double(d) if d == 3.0));
        assert!(arith(Arith::Mod, &Value::Int(1), &Value::Int(0)).is_err());
        assert!(matches!(power(&Value::Int(2), &Value::Int(10)).unwrap(), Value::Int(1024)));
        assert!(matches!(power(&Value::Int(2), &Value::Int(40)).unwrap(), Value::BigInt(_)));
    }

    #[test]
    fn deep_copy_preserves_cycles() {
        let l = Value::new_list(vec![Value::Int(1)]);
        if let Value::List(r) = &l {
            r.borrow_mut().push(l.clone());
        }
        let c = deep_copy(&l);
        let (Value::List(original), Value::List(copy)) = (&l, &c) else { panic!("the copy of a list is {c:?}") };
        let copy_items = copy.borrow().to_vec();
        // Break both cycles before asserting so that the test does not leak.
        copy.borrow_mut().clear();
        original.borrow_mut().clear();
        // The copy is a new list whose second element is the copy itself, not the original.
        assert!(!Rc::ptr_eq(original, copy), "the copy is the original list");
        assert_eq!(copy_items.len(), 2, "the copy has {} elements", copy_items.len());
        assert!(matches!(copy_items[0], Value::Int(1)), "first element {:?}", copy_items[0]);
        assert!(
            matches!(&copy_items[1], Value::List(i) if Rc::ptr_eq(i, copy)),
            "the copy's second element is not the copy itself"
        );
    }
}
