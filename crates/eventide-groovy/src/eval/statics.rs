//! JDK classes used as static receivers and constructors: `Math`, `Integer`, `String.format`,
//! `TimeZone.getTimeZone`, `new Date()`, `new SimpleDateFormat(p)`, exceptions...
//!
//! The host is asked first (`Host::call_static`, `Host::construct`) so that it can own
//! nondeterminism such as `Math.random()` and `new Random()`.

use super::convert::{self, parse_decimal, parse_double, parse_int, parse_long, simple_name};
use super::error::{class, qualify_exception, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::num::{java_round, java_round_f32, I128};
use super::ops::{self, to_f64, to_i64};
use super::show::display;
use super::value::{ExceptionData, GMap, ListKind, Obj, Value};

fn is_exception_class(simple: &str) -> bool {
    simple.ends_with("Exception") || simple.ends_with("Error") || simple == "Throwable"
}

/// Groovy's error for a call whose one argument is `null` (`new BigDecimal(null)`) where
/// several overloads take one reference of these classes.
fn ambiguous_for_null(method: &str, classes: &[&str]) -> EvalError {
    let prototypes: Vec<String> = classes.iter().map(|c| format!("[class {c}]")).collect();
    EvalError::ambiguous_overload(method, "null", &prototypes)
}

/// `new T(args)`.
pub fn construct(interp: &mut Interpreter, h: &mut dyn Host, name: &str, args: Vec<Value>) -> R<Value> {
    if let Some(v) = h.construct(interp, name, &args)? {
        return Ok(v);
    }
    let simple = simple_name(name);
    Ok(match (simple, args.as_slice()) {
        ("Date", []) => Value::Date(h.now_millis()),
        // `Date(long)` takes whole numbers only: Groovy finds no constructor for a decimal
        // (`new Date(now() + 1.5 * 60000)`, or `90 / 2 * 1000`, a `BigDecimal`).
        ("Date", [ms]) if matches!(ms, Value::Decimal(_) | Value::Double(_) | Value::Float(_)) => {
            let cls = convert::class_name(h, ms);
            return Err(EvalError::exception(
                class::GROOVY_RUNTIME,
                Some(format!("Could not find matching constructor for: java.util.Date({cls})")),
            ));
        }
        ("Date", [ms]) if ms.is_number() => Value::Date(to_i64(ms)),
        ("Date", [Value::Date(ms)]) => Value::Date(*ms),
        ("Date", [s]) if s.is_string() => {
            let s = display(h, s);
            let (tz, now) = (h.default_time_zone(), h.now_millis());
            Value::Date(super::date::parse_java_date_string(&s, tz, now)?)
        }
        ("Date", [Value::Map(m)]) => {
            // Groovy's named-argument constructor: `new Date()`, then each property's setter.
            let mut props = Vec::new();
            for (k, v) in m.borrow().iter() {
                let k = display(h, k);
                if !v.is_number() {
                    return Err(interp.missing_method(
                        name,
                        &format!("set{}", super::interp::capitalize(&k)),
                        std::slice::from_ref(v),
                    ));
                }
                props.push((k, to_i64(v)));
            }
            let (tz, now) = (h.default_time_zone(), h.now_millis());
            match super::date::date_with_properties(now, &props, tz) {
                Ok(ms) => Value::Date(ms),
                Err(p) => {
                    return Err(EvalError::exception(
                        class::MISSING_PROPERTY,
                        Some(format!("No such property: {p} for class: java.util.Date")),
                    ))
                }
            }
        }
        ("Date", [y, m, d]) | ("Date", [y, m, d, _, _]) | ("Date", [y, m, d, _, _, _]) => {
            let get = |i: usize| args.get(i).map(to_i64).unwrap_or(0);
            let tz = h.default_time_zone();
            let ms =
                super::date::local_to_ms(tz, to_i64(y) + 1900, to_i64(m) + 1, to_i64(d), get(3), get(4), get(5), 0)
                    .unwrap_or(0);
            Value::Date(ms)
        }
        ("SimpleDateFormat", [p]) | ("SimpleDateFormat", [p, _]) => {
            let p = display(h, p);
            super::date::new_date_format(h, &p)?
        }
        ("DecimalFormat", a) => match super::decimal_format::construct(h, a)? {
            Some(v) => v,
            None => return Err(interp.missing_method(name, "<init>", &args)),
        },
        ("GregorianCalendar", []) => Value::obj(Obj::Calendar((h.now_millis(), h.default_time_zone()).into())),
        ("ArrayList" | "LinkedList" | "Vector" | "ArrayDeque", []) => Value::new_list(Vec::new()),
        ("ArrayList" | "LinkedList" | "Vector", [n]) if n.is_number() => Value::new_list(Vec::new()),
        ("ArrayList" | "LinkedList" | "Vector", [c]) => Value::new_list(interp.iterate(h, c)?),
        ("HashSet", []) => Value::new_list_of(ListKind::HASH_SET, Vec::new()),
        ("HashSet", [n]) if n.is_number() => {
            Value::new_list_of(ListKind::hash_set_for(ops::to_i64(n).max(0) as usize), Vec::new())
        }
        ("LinkedHashSet", [n]) if n.is_number() => Value::new_list_of(ListKind::Set, Vec::new()),
        ("LinkedHashSet", []) => Value::new_list_of(ListKind::Set, Vec::new()),
        ("TreeSet", []) => Value::new_list_of(ListKind::TreeSet, Vec::new()),
        ("TreeSet" | "TreeMap", [c]) if c.is_callable() => {
            return Err(EvalError::unsupported(format!("a {simple} ordered by a comparator")))
        }
        ("HashSet" | "LinkedHashSet" | "TreeSet", [c]) => {
            let items = interp.iterate(h, c)?;
            let kind = match simple {
                "TreeSet" => ListKind::TreeSet,
                "HashSet" => ListKind::hash_set_copying(items.len()),
                _ => ListKind::Set,
            };
            Value::new_list_of(kind, items)
        }
        ("HashMap" | "LinkedHashMap" | "TreeMap" | "Hashtable" | "ConcurrentHashMap", []) => {
            Value::new_map(GMap::new())
        }
        ("HashMap" | "LinkedHashMap" | "Hashtable" | "ConcurrentHashMap", [Value::Map(m)]) => {
            Value::new_map(m.borrow().clone())
        }
        ("TreeMap", [m @ Value::Map(_)]) => convert::coerce_named(h, m, "TreeMap")?,
        ("StringBuilder" | "StringBuffer", []) => Value::obj(Obj::StringBuilder(String::new().into())),
        ("StringBuilder" | "StringBuffer", [n]) if n.is_number() => {
            Value::obj(Obj::StringBuilder(String::new().into()))
        }
        ("StringBuilder" | "StringBuffer", [s]) => Value::obj(Obj::StringBuilder(display(h, s).into())),
        ("Random", []) => {
            let seed = (interp.next_random() * (1u64 << 48) as f64) as i64;
            Value::obj(Obj::Random(super::methods::random_scramble(seed).into()))
        }
        ("Random", [s]) => Value::obj(Obj::Random(super::methods::random_scramble(to_i64(s)).into())),
        ("JsonSlurper", []) => Value::obj(Obj::JsonSlurper),
        ("Locale", [lang]) | ("Locale", [lang, _]) => {
            let country = args.get(1).map(|c| display(h, c).to_uppercase()).unwrap_or_default();
            let lang = display(h, lang).to_lowercase();
            let tag = if country.is_empty() { lang } else { format!("{lang}_{country}") };
            Value::obj(Obj::Locale(tag.as_str().into()))
        }
        // Every method of JsonOutput is static; an instance answers them as the class does.
        ("JsonOutput", []) => Value::Class("groovy.json.JsonOutput".into()),
        ("JsonBuilder", []) => Value::obj(Obj::JsonBuilder(Value::Null.into())),
        ("JsonBuilder", [c]) if !c.is_callable() => Value::obj(Obj::JsonBuilder(c.clone().into())),
        ("GregorianCalendar", [y, m, d, rest @ ..]) if rest.len() <= 3 && args.iter().all(Value::is_number) => {
            let get = |i: usize| rest.get(i).map(to_i64).unwrap_or(0);
            let tz = h.default_time_zone();
            let ms = super::date::local_to_ms(tz, to_i64(y), to_i64(m) + 1, to_i64(d), get(0), get(1), get(2), 0)
                .unwrap_or(0);
            Value::obj(Obj::Calendar((ms, tz).into()))
        }
        ("String", []) => Value::str(""),
        // `new String(char[])`: the characters; `new String(byte[] [, charset])`: UTF-8 bytes.
        ("String", [Value::List(chars)]) if chars.borrow().kind == ListKind::Array("char") => {
            Value::str(&chars.borrow().iter().map(|c| display(h, c)).collect::<String>())
        }
        ("String", [Value::List(bytes)]) | ("String", [Value::List(bytes), _]) => {
            let b: Vec<u8> = bytes.borrow().iter().map(|v| to_i64(v) as u8).collect();
            Value::str(&String::from_utf8_lossy(&b))
        }
        ("String", [s]) => Value::str(&display(h, s)),
        ("BigDecimal", [v]) => match v {
            Value::Str(s) | Value::GString(s) => Value::Decimal(parse_decimal(s)?),
            Value::Double(d) => Value::Decimal(exact_decimal(*d)?),
            _ if v.is_number() => Value::Decimal(
                ops::to_dec(v).map_err(|e| EvalError::exception(class::NUMBER_FORMAT, Some(e.message())))?,
            ),
            Value::Null => return Err(ambiguous_for_null("java.math.BigDecimal#<init>", &["java.lang.String", "[C"])),
            _ => return Err(interp.missing_method(name, "<init>", &args)),
        },
        ("BigInteger", [Value::Null]) => {
            return Err(ambiguous_for_null("java.math.BigInteger#<init>", &["java.lang.String", "[I", "[B"]))
        }
        // `new BigInteger(signum, magnitude)`: big-endian unsigned bytes (a digest to hex).
        ("BigInteger", [sign, Value::List(bytes)]) if sign.is_number() => {
            let mut magnitude: u128 = 0;
            for b in bytes.borrow().iter() {
                if magnitude >> 120 != 0 {
                    return Err(EvalError::unsupported("a BigInteger beyond 128 bits"));
                }
                magnitude = magnitude << 8 | (ops::to_i64(b) as u8) as u128;
            }
            let magnitude =
                i128::try_from(magnitude).map_err(|_| EvalError::unsupported("a BigInteger beyond 128 bits"))?;
            let signum = to_i64(sign);
            if !(-1..=1).contains(&signum) || (signum == 0 && magnitude != 0) {
                return Err(EvalError::exception(class::NUMBER_FORMAT, Some("Invalid signum value".into())));
            }
            Value::BigInt(I128::new(if signum < 0 { -magnitude } else { magnitude }))
        }
        ("BigInteger", [v]) | ("BigInteger", [v, _]) => {
            let radix = args.get(1).map(to_i64).unwrap_or(10) as u32;
            match v {
                Value::Str(s) | Value::GString(s) => {
                    Value::BigInt(I128::new(i128::from_str_radix(s.trim(), radix).map_err(|_| {
                        EvalError::exception(class::NUMBER_FORMAT, Some(format!("For input string: \"{s}\"")))
                    })?))
                }
                _ => Value::BigInt(I128::new(ops::to_i128(v))),
            }
        }
        ("Integer", [v]) => match v.as_str() {
            Some(s) => Value::Int(parse_int(s)?),
            None => Value::Int(ops::to_i32(v)),
        },
        ("Long", [v]) => match v.as_str() {
            Some(s) => Value::Long(parse_long(s)?),
            None => Value::Long(to_i64(v)),
        },
        ("Double", [v]) => match v.as_str() {
            Some(s) => Value::Double(parse_double(s)?),
            None => Value::Double(to_f64(v)),
        },
        ("Float", [v]) => match v.as_str() {
            Some(s) => Value::Float(parse_double(s)? as f32),
            None => Value::Float(to_f64(v) as f32),
        },
        ("Boolean", [v]) => Value::Bool(match v.as_str() {
            Some(s) => s.eq_ignore_ascii_case("true"),
            None => v.truthy(),
        }),
        ("Object", []) => Value::new_map(GMap::new()),
        (s, a) if is_exception_class(s) => {
            let message = match a.first() {
                Some(Value::Null) | None => None,
                Some(Value::Obj(o)) if matches!(&**o, Obj::Exception(_)) => match &**o {
                    // new Exception(cause): message is cause.toString().
                    Obj::Exception(c) => Some(c.to_java_string()),
                    _ => None,
                },
                Some(m) => Some(display(h, m)),
            };
            let cause = a.iter().find_map(|v| match v {
                Value::Obj(o) => match &**o {
                    Obj::Exception(c) => Some(Box::new(c.clone())),
                    _ => None,
                },
                _ => None,
            });
            let mut data = ExceptionData::new(qualify_exception(name), message);
            data.cause = cause;
            Value::obj(Obj::Exception(data))
        }
        _ => return Err(EvalError::unsupported(format!("class {name} (new {simple}(...))"))),
    })
}

/// `new BigDecimal(double)`: the exact binary value of the double.
fn exact_decimal(d: f64) -> R<super::num::Dec> {
    if !d.is_finite() {
        return Err(EvalError::exception(class::NUMBER_FORMAT, Some("Infinite or NaN".into())));
    }
    // A double is m * 2^e; 2^-k = 5^k / 10^k.
    let bits = d.to_bits();
    let sign = if bits >> 63 == 1 { -1i128 } else { 1 };
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if exp == 0 { (frac as i128, -1074) } else { ((frac | (1u64 << 52)) as i128, exp - 1075) };
    if m == 0 {
        return Ok(super::num::Dec::zero());
    }
    while m % 2 == 0 {
        m /= 2;
        e += 1;
    }
    let overflow = || EvalError::from(super::num::NumError::DecimalLimit);
    if e >= 0 {
        let v = m
            .checked_mul(1i128.checked_shl(e as u32).filter(|_| e < 126).ok_or_else(overflow)?)
            .ok_or_else(overflow)?;
        Ok(super::num::Dec::new(sign * v, 0))
    } else {
        let k = (-e) as u32;
        let mut v = m;
        for _ in 0..k {
            v = v.checked_mul(5).ok_or_else(overflow)?;
        }
        Ok(super::num::Dec::new(sign * v, k as i32))
    }
}

fn f(v: f64) -> Value {
    Value::Double(v)
}

fn math_unary(name: &str, x: f64) -> Option<f64> {
    Some(match name {
        "floor" => x.floor(),
        "ceil" => x.ceil(),
        "sqrt" => x.sqrt(),
        "cbrt" => x.cbrt(),
        "log" => x.ln(),
        "log10" => x.log10(),
        "log1p" => x.ln_1p(),
        "exp" => x.exp(),
        "expm1" => x.exp_m1(),
        "sin" => x.sin(),
        "cos" => x.cos(),
        "tan" => x.tan(),
        "asin" => x.asin(),
        "acos" => x.acos(),
        "atan" => x.atan(),
        "sinh" => x.sinh(),
        "cosh" => x.cosh(),
        "tanh" => x.tanh(),
        "toRadians" => x.to_radians(),
        "toDegrees" => x.to_degrees(),
        "rint" => {
            let r = x.round();
            if (x - x.trunc()).abs() == 0.5 {
                2.0 * (x / 2.0).round()
            } else {
                r
            }
        }
        "signum" => {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                x
            }
        }
        _ => return None,
    })
}

fn is_integral(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Long(_))
}

/// A static method of a JDK class; `Ok(None)` when there is none.
pub fn call_static(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    cls: &str,
    name: &str,
    args: Vec<Value>,
) -> R<Option<Value>> {
    let simple = simple_name(cls);
    let a = args.as_slice();
    let num_args = a.iter().all(|v| v.is_number());
    Ok(Some(match (simple, name, a) {
        ("Math", "random", []) => f(interp.next_random()),
        ("Math", "toIntExact", [x]) if is_integral(x) => {
            let v = to_i64(x);
            Value::Int(
                i32::try_from(v)
                    .map_err(|_| EvalError::exception(class::ARITHMETIC, Some("integer overflow".into())))?,
            )
        }
        ("Math", "abs", [x]) if x.is_number() => match x {
            Value::Int(i) => Value::Int(i.wrapping_abs()),
            Value::Long(l) => Value::Long(l.wrapping_abs()),
            Value::Float(v) => Value::Float(v.abs()),
            _ => f(to_f64(x).abs()),
        },
        ("Math", "max" | "min", [x, y]) if num_args => {
            let max = name == "max";
            // An Integer or Long with a BigDecimal fits Math's (float, float) and (double, double)
            // overloads equally well: Groovy refuses to choose.
            let whole = |v: &Value| matches!(v, Value::Int(_) | Value::Long(_));
            let decimal = |v: &Value| matches!(v, Value::Decimal(_));
            if (whole(x) && decimal(y)) || (decimal(x) && whole(y)) {
                return Err(EvalError::ambiguous_overload(
                    &format!("java.lang.Math#{name}"),
                    &format!("class {}, class {}", x.type_name(), y.type_name()),
                    &["[double, double]".into(), "[float, float]".into()],
                ));
            }
            match (x, y) {
                (Value::Int(p), Value::Int(q)) => Value::Int(if max { *p.max(q) } else { *p.min(q) }),
                _ if is_integral(x) && is_integral(y) => {
                    let (p, q) = (to_i64(x), to_i64(y));
                    Value::Long(if max { p.max(q) } else { p.min(q) })
                }
                // A float with a float or an integer is Math's (float, float).
                (Value::Float(_), Value::Float(_) | Value::Int(_) | Value::Long(_))
                | (Value::Int(_) | Value::Long(_), Value::Float(_)) => {
                    let (p, q) = (to_f64(x) as f32, to_f64(y) as f32);
                    Value::Float(if max { p.max(q) } else { p.min(q) })
                }
                _ => {
                    let (p, q) = (to_f64(x), to_f64(y));
                    f(if p.is_nan() || q.is_nan() {
                        f64::NAN
                    } else if max {
                        p.max(q)
                    } else {
                        p.min(q)
                    })
                }
            }
        }
        ("Math", "round", [x]) if x.is_number() => match x {
            Value::Float(v) => Value::Int(java_round_f32(*v)),
            Value::Int(i) => Value::Int(*i),
            _ => Value::Long(java_round(to_f64(x))),
        },
        ("Math", "pow", [x, y]) if num_args => f(to_f64(x).powf(to_f64(y))),
        ("Math", "atan2", [x, y]) if num_args => f(to_f64(x).atan2(to_f64(y))),
        ("Math", "hypot", [x, y]) if num_args => f(to_f64(x).hypot(to_f64(y))),
        ("Math", "floorDiv" | "floorMod", [x, y]) if is_integral(x) && is_integral(y) => {
            let (p, q) = (to_i64(x), to_i64(y));
            if q == 0 {
                return Err(EvalError::exception(class::ARITHMETIC, Some("/ by zero".into())));
            }
            let div = if p % q != 0 && ((p < 0) != (q < 0)) { p / q - 1 } else { p / q };
            let r = if name == "floorDiv" { div } else { p - div * q };
            if matches!((x, y), (Value::Int(_), Value::Int(_))) {
                Value::Int(r as i32)
            } else {
                Value::Long(r)
            }
        }
        ("Math", n, [x]) if x.is_number() => match math_unary(n, to_f64(x)) {
            Some(v) => f(v),
            None => return Ok(None),
        },
        // Java's answers to a null text (an unset preference parsed as a number).
        (
            "Integer" | "Long" | "Short" | "Byte",
            "parseInt" | "parseLong" | "valueOf" | "parseShort" | "parseByte",
            [Value::Null],
        ) => return Err(EvalError::exception(class::NUMBER_FORMAT, Some("Cannot parse null string".into()))),
        ("Integer" | "Long" | "Short" | "Byte", "decode", [Value::Null]) => {
            return Err(EvalError::npe("Cannot invoke \"String.isEmpty()\" because \"nm\" is null"))
        }
        ("Double" | "Float", "parseDouble" | "parseFloat" | "valueOf", [Value::Null]) => {
            return Err(EvalError::npe("Cannot invoke \"String.trim()\" because \"in\" is null"))
        }
        (
            "Integer" | "Long" | "Short" | "Byte",
            "parseInt" | "parseLong" | "valueOf" | "decode" | "parseShort",
            [s],
        ) if s.is_string() => {
            let s = s.as_str().unwrap_or("");
            if simple == "Long" && name != "decode" {
                Value::Long(parse_long(s)?)
            } else if name == "decode" {
                let t = s.trim();
                let (neg, body) = match t.strip_prefix('-') {
                    Some(b) => (true, b),
                    None => (false, t.strip_prefix('+').unwrap_or(t)),
                };
                let v = if let Some(hx) =
                    body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")).or_else(|| body.strip_prefix('#'))
                {
                    i64::from_str_radix(hx, 16).ok()
                } else if body.len() > 1 && body.starts_with('0') {
                    i64::from_str_radix(&body[1..], 8).ok()
                } else {
                    body.parse::<i64>().ok()
                };
                let v = v.ok_or_else(|| {
                    EvalError::exception(class::NUMBER_FORMAT, Some(format!("For input string: \"{s}\"")))
                })?;
                let v = if neg { -v } else { v };
                if simple == "Long" {
                    Value::Long(v)
                } else {
                    Value::Int(v as i32)
                }
            } else {
                Value::Int(parse_int(s)?)
            }
        }
        ("Integer" | "Long", "parseInt" | "parseLong" | "valueOf", [s, r]) if s.is_string() && r.is_number() => {
            let s = s.as_str().unwrap_or("");
            let v = i64::from_str_radix(s, to_i64(r) as u32)
                .map_err(|_| EvalError::exception(class::NUMBER_FORMAT, Some(format!("For input string: \"{s}\""))))?;
            if simple == "Long" {
                Value::Long(v)
            } else {
                Value::Int(i32::try_from(v).map_err(|_| {
                    EvalError::exception(class::NUMBER_FORMAT, Some(format!("For input string: \"{s}\"")))
                })?)
            }
        }
        ("Integer", "valueOf", [x]) if x.is_number() => Value::Int(ops::to_i32(x)),
        ("Long", "valueOf", [x]) if x.is_number() => Value::Long(to_i64(x)),
        ("Integer" | "Long", "toString", [x]) => Value::str(&display(h, x)),
        ("Integer" | "Long", "toString", [x, r]) if r.is_number() => {
            let v = ops::to_i128(x);
            let r = to_i64(r) as u32;
            let neg = v < 0;
            let mut n = v.unsigned_abs();
            let mut digits = Vec::new();
            loop {
                digits.push(std::char::from_digit((n % r as u128) as u32, r).unwrap_or('?'));
                n /= r as u128;
                if n == 0 {
                    break;
                }
            }
            if neg {
                digits.push('-');
            }
            Value::str(&digits.iter().rev().collect::<String>())
        }
        ("Integer" | "Long", "toHexString" | "toBinaryString" | "toOctalString", [x]) if is_integral(x) => {
            let s = match (simple, name) {
                ("Integer", "toHexString") => format!("{:x}", ops::to_i32(x) as u32),
                ("Integer", "toBinaryString") => format!("{:b}", ops::to_i32(x) as u32),
                ("Integer", _) => format!("{:o}", ops::to_i32(x) as u32),
                (_, "toHexString") => format!("{:x}", to_i64(x) as u64),
                (_, "toBinaryString") => format!("{:b}", to_i64(x) as u64),
                _ => format!("{:o}", to_i64(x) as u64),
            };
            Value::str(&s)
        }
        ("Integer" | "Long" | "Double" | "Float", "compare", [x, y]) if num_args => {
            Value::Int(ops::num_cmp(x, y) as i32)
        }
        ("Integer" | "Long", "signum", [x]) => Value::Int(to_i64(x).signum() as i32),
        ("Integer" | "Long", "sum" | "max" | "min", [x, y]) if num_args => {
            let (p, q) = (to_i64(x), to_i64(y));
            let r = match name {
                "sum" => p.wrapping_add(q),
                "max" => p.max(q),
                _ => p.min(q),
            };
            if simple == "Integer" {
                Value::Int(r as i32)
            } else {
                Value::Long(r)
            }
        }
        ("Double" | "Float", "parseDouble" | "parseFloat" | "valueOf", [s]) if s.is_string() => {
            let d = parse_double(s.as_str().unwrap_or(""))?;
            if simple == "Float" {
                Value::Float(d as f32)
            } else {
                f(d)
            }
        }
        ("Double", "valueOf", [x]) if x.is_number() => f(to_f64(x)),
        ("Float", "valueOf", [x]) if x.is_number() => Value::Float(to_f64(x) as f32),
        ("Double" | "Float", "isNaN", [x]) => Value::Bool(to_f64(x).is_nan()),
        ("Double" | "Float", "isInfinite", [x]) => Value::Bool(to_f64(x).is_infinite()),
        ("Double" | "Float", "toString", [x]) => Value::str(&display(h, x)),
        ("Float", "intBitsToFloat", [x]) => Value::Float(f32::from_bits(ops::to_i32(x) as u32)),
        ("Float", "floatToIntBits", [x]) => Value::Int((to_f64(x) as f32).to_bits() as i32),
        ("Boolean", "parseBoolean" | "valueOf", [s]) => Value::Bool(match s {
            Value::Bool(b) => *b,
            _ => s.as_str().is_some_and(|s| s.eq_ignore_ascii_case("true")),
        }),
        ("Boolean", "toString", [b]) => Value::str(&display(h, b)),
        ("Boolean", "logicalAnd" | "logicalOr" | "logicalXor", [Value::Bool(x), Value::Bool(y)]) => {
            Value::Bool(match name {
                "logicalAnd" => *x && *y,
                "logicalOr" => *x || *y,
                _ => *x ^ *y,
            })
        }
        ("Byte" | "Short", "parseByte" | "parseShort" | "valueOf", [s, r]) if s.is_string() && r.is_number() => {
            let s = s.as_str().unwrap_or("");
            let err = || {
                EvalError::exception(
                    class::NUMBER_FORMAT,
                    Some(format!("Value out of range. Value:\"{s}\" Radix:{}", to_i64(r))),
                )
            };
            let v = i64::from_str_radix(s, to_i64(r) as u32)
                .map_err(|_| EvalError::exception(class::NUMBER_FORMAT, Some(format!("For input string: \"{s}\""))))?;
            let (lo, hi) =
                if simple == "Byte" { (i8::MIN as i64, i8::MAX as i64) } else { (i16::MIN as i64, i16::MAX as i64) };
            if v < lo || v > hi {
                return Err(err());
            }
            Value::Int(v as i32)
        }
        ("String", "valueOf" | "copyValueOf", [Value::List(chars)])
            if chars.borrow().kind == ListKind::Array("char") =>
        {
            Value::str(&chars.borrow().iter().map(|c| display(h, c)).collect::<String>())
        }
        ("String", "valueOf" | "copyValueOf", [x]) => Value::str(&super::show::java_display(h, x)),
        // A locale first: every locale formats as the US one does here.
        ("String", "format", [first, more @ ..]) => {
            // A locale first: an English one formats as the US one does here.
            let (fmt, rest) = match (first, more) {
                (Value::Obj(o), [fmt, rest @ ..]) if matches!(&**o, Obj::Locale(_)) => {
                    if let Obj::Locale(tag) = &**o {
                        if !(tag.is_empty() || tag.starts_with("en")) {
                            return Err(EvalError::unsupported(format!("formatting in the locale {tag}")));
                        }
                    }
                    (fmt, rest)
                }
                _ => (first, more),
            };
            let fmt = display(h, fmt);
            // An array as the only argument is the varargs array itself (Java spreads it).
            let spread: Vec<Value> = match rest {
                [Value::List(l)] if matches!(l.borrow().kind, ListKind::Array(_)) => l.borrow().to_vec(),
                _ => rest.to_vec(),
            };
            Value::str(&super::format::format(interp, h, &fmt, &spread)?)
        }
        ("String", "join", [sep, rest @ ..]) => {
            let sep = display(h, sep);
            let items: Vec<Value> = match rest {
                [one @ (Value::List(_) | Value::Range(_))] => interp.iterate(h, one)?,
                _ => rest.to_vec(),
            };
            let parts: Vec<String> = items.iter().map(|v| display(h, v)).collect();
            Value::str(&parts.join(&sep))
        }
        ("Character", n, [c]) => {
            let ch = match c {
                Value::Str(s) | Value::GString(s) => s.chars().next(),
                Value::Int(i) => char::from_u32(*i as u32),
                _ => None,
            };
            let Some(ch) = ch else { return Ok(None) };
            match n {
                "isDigit" => Value::Bool(ch.is_ascii_digit()),
                "isLetter" => Value::Bool(ch.is_alphabetic()),
                "isLetterOrDigit" => Value::Bool(ch.is_alphanumeric()),
                "isWhitespace" => Value::Bool(ch.is_whitespace()),
                "isUpperCase" => Value::Bool(ch.is_uppercase()),
                "isLowerCase" => Value::Bool(ch.is_lowercase()),
                "toUpperCase" => Value::str(&ch.to_uppercase().to_string()),
                "toLowerCase" => Value::str(&ch.to_lowercase().to_string()),
                "getNumericValue" => Value::Int(ch.to_digit(36).map_or(-1, |d| d as i32)),
                "valueOf" | "toString" => Value::str(&ch.to_string()),
                _ => return Ok(None),
            }
        }
        ("System", "currentTimeMillis", []) => Value::Long(h.now_millis()),
        ("System", "nanoTime", []) => Value::Long(h.now_millis().wrapping_mul(1_000_000)),
        ("System", "getProperty" | "getenv", _) => Value::Null,
        ("System" | "PrintStream", "println", []) => {
            h.print("\n");
            Value::Null
        }
        ("System" | "PrintStream", "println" | "print", [x]) => {
            let mut s = display(h, x);
            if name == "println" {
                s.push('\n');
            }
            h.print(&s);
            Value::Null
        }
        ("PrintStream", "printf", [fmt, rest @ ..]) => {
            let fmt = display(h, fmt);
            let s = super::format::format(interp, h, &fmt, rest)?;
            h.print(&s);
            Value::Null
        }
        ("TimeZone", "getTimeZone", [Value::Null]) => {
            return Err(ambiguous_for_null("java.util.TimeZone#getTimeZone", &["java.lang.String", "java.time.ZoneId"]))
        }
        ("TimeZone", "getTimeZone", [id]) => {
            let id = display(h, id);
            Value::obj(Obj::TimeZone(super::date::time_zone(&id)))
        }
        ("NumberFormat" | "DecimalFormat", n, a) if super::decimal_format::factory(n, a).is_some() => {
            super::decimal_format::factory(n, a).unwrap_or_default()
        }
        ("TimeZone", "getDefault", []) => Value::obj(Obj::TimeZone(h.default_time_zone())),
        ("TimeZone", "setDefault", [zone]) => {
            let zone = match zone {
                Value::Obj(o) => match &**o {
                    Obj::TimeZone(tz) => Some(*tz),
                    _ => None,
                },
                _ => None,
            };
            match zone {
                Some(tz) => h.set_default_time_zone(tz)?,
                None => return Err(interp.missing_method("java.util.TimeZone", "setDefault", a)),
            }
            Value::Null
        }
        ("Date", "parse", [_, _, Value::Null]) => return Err(EvalError::npe("the time zone is null")),
        ("Date", "parse", [fmt, text]) | ("Date", "parse", [fmt, text, _]) => {
            let (fmt, text) = (display(h, fmt), display(h, text));
            let tz = match a.get(2) {
                Some(Value::Obj(o)) => match &**o {
                    Obj::TimeZone(tz) => *tz,
                    _ => h.default_time_zone(),
                },
                _ => h.default_time_zone(),
            };
            Value::Date(super::date::parse_date(&fmt, &text, tz)?)
        }
        ("Date", "parse", [text]) if text.is_string() => {
            let text = display(h, text);
            let (tz, now) = (h.default_time_zone(), h.now_millis());
            Value::Long(super::date::parse_java_date_string(&text, tz, now)?)
        }
        ("Date", "parseToStringDate", [text]) => {
            let text = display(h, text);
            Value::Date(super::date::parse_date("EEE MMM dd HH:mm:ss zzz yyyy", &text, h.default_time_zone())?)
        }
        ("Calendar" | "GregorianCalendar", "getInstance", []) => {
            Value::obj(Obj::Calendar((h.now_millis(), h.default_time_zone()).into()))
        }
        ("Calendar" | "GregorianCalendar", "getInstance", [z]) => {
            let tz = match z {
                Value::Obj(o) => match &**o {
                    Obj::TimeZone(tz) => *tz,
                    _ => h.default_time_zone(),
                },
                _ => h.default_time_zone(),
            };
            Value::obj(Obj::Calendar((h.now_millis(), tz).into()))
        }
        ("UUID", "randomUUID", []) => {
            let mut hex = String::new();
            for _ in 0..4 {
                hex.push_str(&format!("{:08x}", (interp.next_random() * u32::MAX as f64) as u32));
            }
            let mut b: Vec<char> = hex.chars().collect();
            b[12] = '4';
            b[16] = ['8', '9', 'a', 'b'][(b[16].to_digit(16).unwrap_or(0) % 4) as usize];
            let s: String = b.iter().collect();
            Value::str(&format!("{}-{}-{}-{}-{}", &s[0..8], &s[8..12], &s[12..16], &s[16..20], &s[20..32]))
        }
        ("UUID", "fromString", [s]) => Value::str(&display(h, s)),
        ("JsonOutput", "toJson", [v]) => match super::json::refused(v) {
            Some(e) => return Err(e),
            None => Value::str(&super::json::to_json(h, v)),
        },
        ("JsonOutput", "prettyPrint", [s]) => {
            let s = display(h, s);
            Value::str(&super::json::pretty_print(&s))
        }
        ("Collections", "sort", [l]) | ("Collections", "sort", [l, _]) => {
            let extra: Vec<Value> = a[1..].to_vec();
            super::methods::builtin_method(interp, h, l, "sort", extra)?;
            Value::Null
        }
        ("Collections", "singletonMap", [k, v]) => {
            let mut m = GMap::new();
            m.insert(k.clone(), v.clone());
            Value::new_map(m)
        }
        ("Collections", "singleton", [x]) => Value::new_list_of(ListKind::Set, vec![x.clone()]),
        ("Collections", "emptySet", []) => Value::new_list_of(ListKind::Set, Vec::new()),
        ("Collections", "reverse", [l @ Value::List(_)]) => {
            super::methods::builtin_method(interp, h, l, "reverse", vec![Value::Bool(true)])?;
            Value::Null
        }
        ("Collections", "max" | "min", [l]) => {
            if interp.iterate(h, l)?.is_empty() {
                return Err(EvalError::exception("java.util.NoSuchElementException", None));
            }
            match super::methods::builtin_method(interp, h, l, name, Vec::new())? {
                Some(v) => v,
                None => return Ok(None),
            }
        }
        ("Collections", "nCopies", [n, x]) if n.is_number() => {
            let n = to_i64(n);
            if n < 0 {
                return Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some(format!("List length = {n}"))));
            }
            if n as usize > super::value::MAX_ELEMENTS {
                return Err(super::value::too_large());
            }
            Value::new_list(vec![x.clone(); n as usize])
        }
        ("Collections", "frequency", [c, x]) => {
            let items = interp.iterate(h, c)?;
            Value::Int(items.iter().filter(|y| ops::java_equals(y, x)).count() as i32)
        }
        ("Collections", "swap", [Value::List(l), i, j]) if i.is_number() && j.is_number() => {
            let (i, j) = (to_i64(i), to_i64(j));
            let len = l.borrow().len() as i64;
            for k in [i, j] {
                if k < 0 || k >= len {
                    return Err(EvalError::exception(
                        class::INDEX_OUT_OF_BOUNDS,
                        Some(format!("Index {k} out of bounds for length {len}")),
                    ));
                }
            }
            l.borrow_mut().swap(i as usize, j as usize);
            Value::Null
        }
        ("Arrays", "sort", [l @ Value::List(_)]) | ("Arrays", "sort", [l @ Value::List(_), _]) => {
            let extra: Vec<Value> = a[1..].to_vec();
            super::methods::builtin_method(interp, h, l, "sort", extra)?;
            Value::Null
        }
        ("Collections", "emptyList", []) => Value::new_list(Vec::new()),
        ("Collections", "emptyMap", []) => Value::new_map(GMap::new()),
        ("Collections", "singletonList", [x]) => Value::new_list(vec![x.clone()]),
        (
            "Collections",
            "unmodifiableList" | "unmodifiableMap" | "unmodifiableSet" | "synchronizedList" | "synchronizedMap",
            [x],
        ) => x.clone(),
        ("Arrays", "asList", items) => Value::new_list(items.to_vec()),
        ("Arrays", "toString", [l]) => Value::str(&display(h, l)),
        ("Thread", "sleep", [_]) => Value::Null,
        ("URLEncoder", "encode", [s, ..]) => Value::str(&super::strings::url_encode(&display(h, s))),
        ("URLDecoder", "decode", [s, ..]) => Value::str(&super::strings::url_decode(&display(h, s))?),
        ("Pattern", "compile", [s]) | ("Pattern", "compile", [s, _]) => {
            let s = display(h, s);
            Value::obj(Obj::Pattern(super::regex::compile(interp, &s)?))
        }
        ("Pattern", "matches", [re, s]) => {
            let (re, s) = (display(h, re), display(h, s));
            let p = super::regex::compile(interp, &re)?;
            Value::Bool(super::regex::full_match(&p, &s))
        }
        ("Pattern", "quote", [s]) => Value::str(&format!("\\Q{}\\E", display(h, s))),
        ("BigDecimal", "valueOf", [x]) if x.is_number() => match x {
            Value::Double(d) => Value::Decimal(super::num::Dec::from_f64(*d).unwrap_or_default()),
            _ => Value::Decimal(
                ops::to_dec(x).map_err(|e| EvalError::exception(class::NUMBER_FORMAT, Some(e.message())))?,
            ),
        },
        ("BigDecimal", "valueOf", [x, s]) if is_integral(x) && is_integral(s) => {
            Value::Decimal(super::num::Dec::new(to_i64(x) as i128, to_i64(s) as i32))
        }
        ("BigInteger", "valueOf", [x]) => Value::BigInt(I128::new(ops::to_i128(x))),
        _ => return Ok(None),
    }))
}

/// Static fields and class properties (`Integer.MAX_VALUE`, `Math.PI`, `String.name`), and a
/// static getter read as a property (`Calendar.instance` is `Calendar.getInstance()`).
pub fn static_property(interp: &mut Interpreter, h: &mut dyn Host, cls: &str, name: &str) -> R<Option<Value>> {
    let simple = simple_name(cls);
    // Package paths: `java.util` + `.TimeZone`.
    if simple.starts_with(char::is_lowercase) {
        let full = format!("{cls}.{name}");
        return Ok(Some(Value::Class(match super::interp::known_class(&full) {
            Some(q) => q.into(),
            None => full.into(),
        })));
    }
    Ok(Some(match (simple, name) {
        (_, "name") => Value::str(cls),
        (_, "simpleName") => Value::str(simple),
        ("Locale", _) => match locale_constant(name) {
            Some(tag) => Value::obj(Obj::Locale(tag.into())),
            None => return Ok(None),
        },
        ("Integer", "MAX_VALUE") => Value::Int(i32::MAX),
        ("Integer", "MIN_VALUE") => Value::Int(i32::MIN),
        ("Long", "MAX_VALUE") => Value::Long(i64::MAX),
        ("Long", "MIN_VALUE") => Value::Long(i64::MIN),
        ("Short", "MAX_VALUE") => Value::Int(i16::MAX as i32),
        ("Byte", "MAX_VALUE") => Value::Int(i8::MAX as i32),
        ("Double", "MAX_VALUE") => f(f64::MAX),
        ("Double", "MIN_VALUE") => f(f64::from_bits(1)),
        ("Double", "NaN") => f(f64::NAN),
        ("Double", "POSITIVE_INFINITY") => f(f64::INFINITY),
        ("Double", "NEGATIVE_INFINITY") => f(f64::NEG_INFINITY),
        ("Float", "MAX_VALUE") => Value::Float(f32::MAX),
        ("Float", "MIN_VALUE") => Value::Float(f32::from_bits(1)),
        ("Float", "NaN") => Value::Float(f32::NAN),
        ("Float", "POSITIVE_INFINITY") => Value::Float(f32::INFINITY),
        ("Float", "NEGATIVE_INFINITY") => Value::Float(f32::NEG_INFINITY),
        ("Short", "MIN_VALUE") => Value::Int(i16::MIN as i32),
        ("Byte", "MIN_VALUE") => Value::Int(i8::MIN as i32),
        ("Math", "PI") => f(std::f64::consts::PI),
        ("Math", "E") => f(std::f64::consts::E),
        ("Boolean", "TRUE") => Value::Bool(true),
        ("Boolean", "FALSE") => Value::Bool(false),
        ("BigDecimal", "ZERO") => Value::Decimal(super::num::Dec::new(0, 0)),
        ("BigDecimal", "ONE") => Value::Decimal(super::num::Dec::new(1, 0)),
        ("BigDecimal", "TEN") => Value::Decimal(super::num::Dec::new(10, 0)),
        ("BigInteger", "ZERO") => Value::BigInt(I128::new(0)),
        ("BigInteger", "ONE") => Value::BigInt(I128::new(1)),
        ("BigInteger", "TEN") => Value::BigInt(I128::new(10)),
        ("BigDecimal", n) if n.starts_with("ROUND_") => match n {
            "ROUND_UP" => Value::Int(0),
            "ROUND_DOWN" => Value::Int(1),
            "ROUND_CEILING" => Value::Int(2),
            "ROUND_FLOOR" => Value::Int(3),
            "ROUND_HALF_UP" => Value::Int(4),
            "ROUND_HALF_DOWN" => Value::Int(5),
            "ROUND_HALF_EVEN" => Value::Int(6),
            _ => return Ok(None),
        },
        ("RoundingMode", n) if super::numbers::rounding_of(&Value::str(n)).is_some() => Value::str(n),
        ("Closure", "OWNER_FIRST") => Value::Int(0),
        ("Closure", "DELEGATE_FIRST") => Value::Int(1),
        ("Closure", "OWNER_ONLY") => Value::Int(2),
        ("Closure", "DELEGATE_ONLY") => Value::Int(3),
        ("Closure", "TO_SELF") => Value::Int(4),
        ("Calendar" | "GregorianCalendar", n) if super::date::calendar_constant(n).is_some() => {
            Value::Int(super::date::calendar_constant(n).unwrap_or_default())
        }
        ("System", "out" | "err") => Value::class("java.io.PrintStream"),
        ("TimeZone", "default") => return Ok(None),
        _ => {
            let mut chars = name.chars();
            let Some(first) = chars.next().filter(char::is_ascii_lowercase) else { return Ok(None) };
            let getter = format!("get{}{}", first.to_ascii_uppercase(), chars.as_str());
            return call_static(interp, h, cls, &getter, Vec::new());
        }
    }))
}

/// The tag of a `java.util.Locale` constant (`Locale.US` is `en_US`).
fn locale_constant(name: &str) -> Option<&'static str> {
    Some(match name {
        "US" => "en_US",
        "ENGLISH" => "en",
        "UK" => "en_GB",
        "CANADA" => "en_CA",
        "ROOT" => "",
        "GERMANY" => "de_DE",
        "GERMAN" => "de",
        "FRANCE" => "fr_FR",
        "FRENCH" => "fr",
        "ITALY" => "it_IT",
        "ITALIAN" => "it",
        "CANADA_FRENCH" => "fr_CA",
        "JAPAN" => "ja_JP",
        "CHINA" | "SIMPLIFIED_CHINESE" | "PRC" => "zh_CN",
        "KOREA" => "ko_KR",
        _ => return None,
    })
}
