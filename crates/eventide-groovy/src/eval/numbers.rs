//! GDK and JDK methods of numbers (`abs`, `round`, `intValue`, `times`, `setScale`...).

use super::error::{class, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::methods::call1;
use super::num::{java_round, java_round_f32, Dec, Rounding, I128};
use super::ops::{self, to_f64, to_i64};
use super::value::Value;
use crate::syntax::BinaryOp;

fn arith_err(e: super::num::NumError) -> EvalError {
    e.into()
}

/// `RoundingMode` from an enum value (`RoundingMode.HALF_UP`) or legacy int constant.
pub fn rounding_of(v: &Value) -> Option<Rounding> {
    match v {
        Value::Int(i) => Some(match i {
            0 => Rounding::Up,
            1 => Rounding::Down,
            2 => Rounding::Ceiling,
            3 => Rounding::Floor,
            4 => Rounding::HalfUp,
            5 => Rounding::HalfDown,
            6 => Rounding::HalfEven,
            _ => return None,
        }),
        Value::Str(s) | Value::GString(s) => Some(match &**s {
            "UP" => Rounding::Up,
            "DOWN" => Rounding::Down,
            "CEILING" => Rounding::Ceiling,
            "FLOOR" => Rounding::Floor,
            "HALF_UP" => Rounding::HalfUp,
            "HALF_DOWN" => Rounding::HalfDown,
            "HALF_EVEN" => Rounding::HalfEven,
            _ => return None,
        }),
        _ => None,
    }
}

fn int_arg(v: &Value) -> Option<i64> {
    match v {
        Value::Int(_) | Value::Long(_) | Value::BigInt(_) => v.as_i64(),
        _ => None,
    }
}

fn to_radix(mut v: i128, radix: u32) -> String {
    if v == 0 {
        return "0".into();
    }
    let neg = v < 0;
    let mut digits = Vec::new();
    while v != 0 {
        let d = (v % radix as i128).unsigned_abs() as u32;
        digits.push(std::char::from_digit(d, radix).unwrap_or('?'));
        v /= radix as i128;
    }
    if neg {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

/// A number method; `Ok(None)` when there is none for these arguments.
pub fn method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    let bin = |interp: &mut Interpreter, h: &mut dyn Host, op: BinaryOp| -> R<Option<Value>> {
        match args {
            [x] => interp.binary(h, op, recv, x).map(Some),
            _ => Ok(None),
        }
    };
    Ok(Some(match (name, args) {
        ("negate", []) if matches!(recv, Value::Decimal(_) | Value::BigInt(_)) => match super::ops::negate(recv) {
            Some(v) => v,
            None => return Ok(None),
        },
        ("abs", []) => match recv {
            Value::Int(i) => Value::Int(i.wrapping_abs()),
            Value::Long(i) => Value::Long(i.wrapping_abs()),
            Value::BigInt(i) => Value::BigInt(I128::new(i.get().wrapping_abs())),
            Value::Float(f) => Value::Float(f.abs()),
            Value::Double(d) => Value::Double(d.abs()),
            Value::Decimal(d) => Value::Decimal(d.abs()),
            _ => return Ok(None),
        },
        // Groovy 2.4's GDK rounds and truncates only doubles and floats: an Integer, Long or
        // BigDecimal has no `round(n)`/`trunc` (MissingMethodException, a common SmartApp fault:
        // `(sum / size).round(1)`), and `bigDecimal.round()` is Java's `round(MathContext)` with
        // a null context.
        ("round", []) => match recv {
            Value::Double(d) => Value::Long(java_round(*d)),
            Value::Float(f) => Value::Int(java_round_f32(*f)),
            Value::Decimal(_) => return Err(EvalError::exception(class::NPE, None)),
            _ => return Ok(None),
        },
        ("round" | "trunc", [n]) => {
            let Some(n) = int_arg(n) else { return Ok(None) };
            let p = 10f64.powi(n as i32);
            let scaled = |x: f64| if name == "round" { (x * p + 0.5).floor() / p } else { (x * p).trunc() / p };
            match recv {
                Value::Double(d) => Value::Double(scaled(*d)),
                Value::Float(f) => Value::Float(scaled(*f as f64) as f32),
                _ => return Ok(None),
            }
        }
        ("trunc", []) => match recv {
            Value::Double(d) => Value::Double(d.trunc()),
            Value::Float(f) => Value::Float(f.trunc()),
            _ => return Ok(None),
        },
        ("intValue" | "toInteger" | "shortValue" | "byteValue", []) => {
            let i = ops::to_i32(recv);
            Value::Int(match name {
                "shortValue" => i as i16 as i32,
                "byteValue" => i as i8 as i32,
                _ => i,
            })
        }
        ("longValue" | "toLong", []) => Value::Long(to_i64(recv)),
        // Groovy's `toDouble()` reads a Float's printed digits (`72.3f.toDouble()` is 72.3);
        // `doubleValue()` widens its binary value (72.30000305175781).
        ("toDouble", []) => match recv {
            Value::Float(f) => Value::Double(super::num::java_float_to_string(*f).parse().unwrap_or(*f as f64)),
            _ => Value::Double(to_f64(recv)),
        },
        ("doubleValue", []) => Value::Double(to_f64(recv)),
        ("floatValue" | "toFloat", []) => Value::Float(to_f64(recv) as f32),
        ("toBigDecimal", []) => Value::Decimal(ops::to_dec(recv).map_err(arith_err)?),
        ("toBigInteger" | "toBigInt", []) => Value::BigInt(I128::new(ops::to_i128(recv))),
        // Only `BigInteger.toString(radix)` is an instance method: on an Integer, Long, Double
        // or Float Groovy calls the class's static `toString(value)` with the argument, so
        // `255.toString(16)` is "16".
        ("toString", [radix]) if matches!(recv, Value::BigInt(_)) => {
            let Some(r) = int_arg(radix).filter(|r| (2..=36).contains(r)) else {
                return Ok(None);
            };
            Value::str(&to_radix(ops::to_i128(recv), r as u32))
        }
        ("toString", [x]) if x.is_number() && !matches!(recv, Value::Decimal(_)) => {
            let as_receiver = match recv {
                Value::Int(_) => Value::Int(ops::to_i32(x)),
                Value::Long(_) => Value::Long(ops::to_i64(x)),
                Value::Float(_) => Value::Float(to_f64(x) as f32),
                _ => Value::Double(to_f64(x)),
            };
            Value::str(&super::show::display(h, &as_receiver))
        }
        ("compareTo", [x]) if x.is_number() => Value::Int(ops::num_cmp(recv, x) as i32),
        // Java's `equals`: same class, and for BigDecimal the same scale.
        ("equals", [x]) => Value::Bool(match (recv, x) {
            (Value::Decimal(a), Value::Decimal(b)) => a == b,
            (Value::Double(a), Value::Double(b)) => a.to_bits() == b.to_bits(),
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            _ => std::mem::discriminant(recv) == std::mem::discriminant(x) && ops::values_equal(recv, x),
        }),
        // Java's `BigDecimal`/`BigInteger` arithmetic by name.
        ("add", [x]) if matches!(recv, Value::Decimal(_) | Value::BigInt(_)) && x.is_number() => {
            return bin(interp, h, BinaryOp::Add)
        }
        ("subtract", [x]) if matches!(recv, Value::Decimal(_) | Value::BigInt(_)) && x.is_number() => {
            return bin(interp, h, BinaryOp::Sub)
        }
        ("plus", _) => return bin(interp, h, BinaryOp::Add),
        ("minus", _) => return bin(interp, h, BinaryOp::Sub),
        ("multiply", _) => return bin(interp, h, BinaryOp::Mul),
        ("div", _) => return bin(interp, h, BinaryOp::Div),
        ("mod", _) => return bin(interp, h, BinaryOp::Mod),
        ("power", _) => return bin(interp, h, BinaryOp::Pow),
        ("leftShift", _) => return bin(interp, h, BinaryOp::Shl),
        ("rightShift", _) => return bin(interp, h, BinaryOp::Shr),
        ("and", _) => return bin(interp, h, BinaryOp::BitAnd),
        ("or", _) => return bin(interp, h, BinaryOp::BitOr),
        ("xor", _) => return bin(interp, h, BinaryOp::BitXor),
        // `BigDecimal.pow(n)` (exact, the scale times n) and `BigInteger.pow(n)`.
        ("pow", [n]) if matches!(recv, Value::Decimal(_) | Value::BigInt(_)) && int_arg(n).is_some() => {
            let n = int_arg(n).unwrap_or(0);
            if n < 0 {
                let what = if matches!(recv, Value::BigInt(_)) { "Negative exponent" } else { "Invalid operation" };
                return Err(EvalError::exception(class::ARITHMETIC, Some(what.into())));
            }
            if n > 10_000 {
                return Err(EvalError::unsupported(format!("pow({n}) of a big number")));
            }
            let mut out = match recv {
                Value::BigInt(_) => Value::BigInt(I128::new(1)),
                _ => Value::Decimal(super::num::Dec::new(1, 0)),
            };
            for _ in 0..n {
                out = ops::arith(ops::Arith::Mul, &out, recv).map_err(arith_err)?;
            }
            out
        }
        ("intdiv", [x]) if x.is_number() => ops::arith(ops::Arith::IntDiv, recv, x).map_err(arith_err)?,
        // Java's `remainder`: the sign of the dividend (`(-7G).remainder(3G)` is -1), where
        // Groovy's `%` of a BigInteger is its non-negative `mod`.
        ("remainder", [x]) if x.is_number() => {
            let q = match (recv, x) {
                (Value::Decimal(_), _) | (_, Value::Decimal(_)) => {
                    let (a, b) = (ops::to_dec(recv).map_err(arith_err)?, ops::to_dec(x).map_err(arith_err)?);
                    Value::Decimal(a.div_scale(b, 0, Rounding::Down).map_err(arith_err)?)
                }
                _ => ops::arith(ops::Arith::IntDiv, recv, x).map_err(arith_err)?,
            };
            let product = ops::arith(ops::Arith::Mul, &q, x).map_err(arith_err)?;
            ops::arith(ops::Arith::Sub, recv, &product).map_err(arith_err)?
        }
        // `BigInteger.divide`: the quotient truncated toward zero, a BigInteger.
        ("divide", [x])
            if matches!(recv, Value::BigInt(_)) && matches!(x, Value::BigInt(_) | Value::Int(_) | Value::Long(_)) =>
        {
            let q = ops::arith(ops::Arith::IntDiv, recv, x).map_err(arith_err)?;
            Value::BigInt(I128::new(ops::to_i128(&q)))
        }
        ("negative", []) => ops::negate(recv).unwrap_or(Value::Null),
        ("positive", []) => recv.clone(),
        ("next", []) => ops::arith(ops::Arith::Add, recv, &Value::Int(1)).map_err(arith_err)?,
        ("previous", []) => ops::arith(ops::Arith::Sub, recv, &Value::Int(1)).map_err(arith_err)?,
        ("signum", []) => Value::Int(match ops::num_cmp(recv, &Value::Int(0)) {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        }),
        ("isNaN", []) => Value::Bool(to_f64(recv).is_nan()),
        ("isInfinite", []) => Value::Bool(to_f64(recv).is_infinite()),
        ("times", [c]) if c.is_callable() => {
            let n = to_i64(recv);
            for i in 0..n.max(0) {
                call1(interp, h, c, Value::Int(i as i32))?;
            }
            Value::Null
        }
        ("upto" | "downto", [to, c]) if c.is_callable() && to.is_number() => {
            let (a, b) = (to_i64(recv), to_i64(to));
            if name == "upto" {
                if b < a {
                    return Err(EvalError::exception(
                        class::ILLEGAL_ARGUMENT,
                        Some(format!(
                            "The argument ({b}) to upto() cannot be less than the value ({a}) it's called on."
                        )),
                    ));
                }
                for i in a..=b {
                    call1(interp, h, c, int_like(recv, i))?;
                }
            } else {
                if b > a {
                    return Err(EvalError::exception(
                        class::ILLEGAL_ARGUMENT,
                        Some(format!(
                            "The argument ({b}) to downto() cannot be greater than the value ({a}) it's called on."
                        )),
                    ));
                }
                let mut i = a;
                while i >= b {
                    call1(interp, h, c, int_like(recv, i))?;
                    i -= 1;
                }
            }
            Value::Null
        }
        ("step", [to, step, c]) if c.is_callable() => {
            let mut cur = recv.clone();
            let zero = Value::Int(0);
            if ops::num_cmp(step, &zero) == std::cmp::Ordering::Equal {
                return Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some("step must not be zero".into())));
            }
            let up = ops::num_cmp(step, &zero) == std::cmp::Ordering::Greater;
            let mut guard = 0u32;
            loop {
                let o = ops::num_cmp(&cur, to);
                if (up && o != std::cmp::Ordering::Less) || (!up && o != std::cmp::Ordering::Greater) {
                    break;
                }
                call1(interp, h, c, cur.clone())?;
                cur = ops::arith(ops::Arith::Add, &cur, step).map_err(arith_err)?;
                guard += 1;
                if guard > 10_000_000 {
                    break;
                }
            }
            Value::Null
        }
        // BigDecimal
        ("scale", []) => match recv {
            Value::Decimal(d) => Value::Int(d.scale()),
            _ => Value::Int(0),
        },
        ("precision", []) => Value::Int(ops::to_dec(recv).map_err(arith_err)?.precision() as i32),
        ("setScale", [n]) | ("setScale", [n, _]) => {
            let Some(n) = int_arg(n) else { return Ok(None) };
            let mode = match args.get(1) {
                Some(m) => rounding_of(m)
                    .ok_or_else(|| EvalError::exception(class::ILLEGAL_ARGUMENT, Some("bad rounding mode".into())))?,
                None => {
                    let d = ops::to_dec(recv).map_err(arith_err)?;
                    let r = d.set_scale(n as i32, Rounding::Down).map_err(arith_err)?;
                    if r.cmp(d) != std::cmp::Ordering::Equal {
                        return Err(EvalError::exception(class::ARITHMETIC, Some("Rounding necessary".into())));
                    }
                    return Ok(Some(Value::Decimal(r)));
                }
            };
            Value::Decimal(ops::to_dec(recv).map_err(arith_err)?.set_scale(n as i32, mode).map_err(arith_err)?)
        }
        ("stripTrailingZeros", []) => Value::Decimal(ops::to_dec(recv).map_err(arith_err)?.strip()),
        ("toPlainString", []) => Value::str(&ops::to_dec(recv).map_err(arith_err)?.to_plain_string()),
        ("unscaledValue", []) => Value::BigInt(I128::new(ops::to_dec(recv).map_err(arith_err)?.mantissa())),
        ("movePointLeft" | "movePointRight", [n]) => {
            let Some(n) = int_arg(n) else { return Ok(None) };
            let d = ops::to_dec(recv).map_err(arith_err)?;
            let shift = if name == "movePointLeft" { n as i32 } else { -(n as i32) };
            let r = Dec::new(d.mantissa(), d.scale() + shift);
            Value::Decimal(if r.scale() < 0 { r.set_scale(0, Rounding::Down).map_err(arith_err)? } else { r })
        }
        ("divide", [x]) if x.is_number() => {
            let (a, b) = (ops::to_dec(recv).map_err(arith_err)?, ops::to_dec(x).map_err(arith_err)?);
            match a.div_exact(b).map_err(arith_err)? {
                Some(q) => Value::Decimal(q),
                None => {
                    return Err(EvalError::exception(
                        class::ARITHMETIC,
                        Some("Non-terminating decimal expansion; no exact representable decimal result.".into()),
                    ))
                }
            }
        }
        ("divide", [x, s, m]) if x.is_number() => {
            let (Some(s), Some(m)) = (int_arg(s), rounding_of(m)) else {
                return Ok(None);
            };
            let (a, b) = (ops::to_dec(recv).map_err(arith_err)?, ops::to_dec(x).map_err(arith_err)?);
            Value::Decimal(a.div_scale(b, s as i32, m).map_err(arith_err)?)
        }
        ("divide", [x, m]) if x.is_number() => {
            let Some(m) = rounding_of(m) else {
                return Ok(None);
            };
            let (a, b) = (ops::to_dec(recv).map_err(arith_err)?, ops::to_dec(x).map_err(arith_err)?);
            Value::Decimal(a.div_scale(b, a.scale(), m).map_err(arith_err)?)
        }
        ("max", [x]) if x.is_number() => {
            if ops::num_cmp(recv, x) == std::cmp::Ordering::Less {
                x.clone()
            } else {
                recv.clone()
            }
        }
        ("min", [x]) if x.is_number() => {
            if ops::num_cmp(recv, x) == std::cmp::Ordering::Greater {
                x.clone()
            } else {
                recv.clone()
            }
        }
        ("getAt", _) => return Ok(None),
        _ => return Ok(None),
    }))
}

fn int_like(template: &Value, i: i64) -> Value {
    match template {
        Value::Long(_) => Value::Long(i),
        _ => Value::Int(i as i32),
    }
}
