//! `String.format` / `sprintf` / `printf` with `java.util.Formatter` semantics for the
//! conversions SmartApps use (`%s %d %f %x %e %b %c %n %%` and the `%t` date conversions).

use super::error::EvalError;
use super::host::Host;
use super::interp::{Interpreter, R};
use super::num::{Dec, Rounding};
use super::ops;
use super::show::java_display;
use super::value::{Obj, Value};

fn conversion_error(conv: char, v: &Value) -> EvalError {
    EvalError::exception("java.util.IllegalFormatConversionException", Some(format!("{conv} != {}", v.type_name())))
}

fn missing_arg(spec: &str) -> EvalError {
    EvalError::exception("java.util.MissingFormatArgumentException", Some(format!("Format specifier '{spec}'")))
}

#[derive(Default)]
struct Spec {
    minus: bool,
    zero: bool,
    plus: bool,
    space: bool,
    comma: bool,
    paren: bool,
    alt: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

fn group_thousands(digits: &str) -> String {
    let bytes: Vec<char> = digits.chars().collect();
    let mut out = String::new();
    for (i, c) in bytes.iter().enumerate() {
        if i > 0 && (bytes.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(*c);
    }
    out
}

/// Applies sign flags, grouping, zero padding and width to a number's magnitude text.
fn finish_number(spec: &Spec, neg: bool, magnitude: String) -> String {
    let mag = if spec.comma {
        match magnitude.split_once('.') {
            Some((i, f)) => format!("{}.{}", group_thousands(i), f),
            None => group_thousands(&magnitude),
        }
    } else {
        magnitude
    };
    let (prefix, suffix) = if neg {
        if spec.paren {
            ("(", ")")
        } else {
            ("-", "")
        }
    } else if spec.plus {
        ("+", "")
    } else if spec.space {
        (" ", "")
    } else {
        ("", "")
    };
    let body_len = prefix.len() + mag.chars().count() + suffix.len();
    match spec.width {
        Some(w) if w > body_len && spec.zero && !spec.minus => {
            format!("{prefix}{}{mag}{suffix}", "0".repeat(w - body_len))
        }
        _ => pad(spec, format!("{prefix}{mag}{suffix}")),
    }
}

fn pad(spec: &Spec, s: String) -> String {
    // Java counts the width in UTF-16 units (an emoji takes two).
    let n = s.encode_utf16().count();
    match spec.width {
        Some(w) if w > n => {
            if spec.minus {
                format!("{s}{}", " ".repeat(w - n))
            } else {
                format!("{}{s}", " ".repeat(w - n))
            }
        }
        _ => s,
    }
}

/// The decimal value `%f` and `%e` round: a `Float` is widened to a `double` first, as Java's
/// `Formatter` does (`%.1f` of `72.45f` is `72.4`: the double is 72.44999694824219).
fn format_dec(v: &Value) -> R<Dec> {
    match v {
        Value::Float(x) => ops::to_dec(&Value::Double(*x as f64)),
        _ => ops::to_dec(v),
    }
    .map_err(EvalError::from)
}

/// Java's text of a NaN or infinite `double` under `%f`, `%e` and `%g`: `NaN` (no sign), or
/// `Infinity` with the sign flags; never zero-padded, upper case under `%E` and `%G`.
fn non_finite(spec: &Spec, v: &Value, upper: bool) -> Option<String> {
    let x = match v {
        Value::Double(x) => *x,
        Value::Float(x) => *x as f64,
        _ => return None,
    };
    if x.is_finite() {
        return None;
    }
    let word = match (x.is_nan(), upper) {
        (true, false) => return Some("NaN".into()),
        (true, true) => return Some("NAN".into()),
        (false, false) => "Infinity",
        (false, true) => "INFINITY",
    };
    Some(match (x < 0.0, spec.paren, spec.plus, spec.space) {
        (true, true, _, _) => format!("({word})"),
        (true, false, _, _) => format!("-{word}"),
        (false, _, true, _) => format!("+{word}"),
        (false, _, false, true) => format!(" {word}"),
        _ => word.to_string(),
    })
}

fn fixed(v: &Value, prec: usize) -> R<(bool, String)> {
    let d = match v {
        Value::Double(x) if !x.is_finite() => {
            return Ok((x.is_sign_negative() && !x.is_nan(), if x.is_nan() { "NaN".into() } else { "Infinity".into() }))
        }
        Value::Float(x) if !x.is_finite() => {
            return Ok((x.is_sign_negative() && !x.is_nan(), if x.is_nan() { "NaN".into() } else { "Infinity".into() }))
        }
        _ => format_dec(v)?,
    };
    let r = d.set_scale(prec as i32, Rounding::HalfUp).map_err(EvalError::from)?;
    let neg = r.signum() < 0 || (r.is_zero() && ops::to_f64(v).is_sign_negative() && ops::to_f64(v) != 0.0);
    Ok((neg, r.abs().to_plain_string()))
}

fn scientific(v: &Value, prec: usize, upper: bool) -> R<(bool, String)> {
    let d = format_dec(v)?;
    if d.is_zero() {
        let mant = if prec > 0 { format!("0.{}", "0".repeat(prec)) } else { "0".into() };
        return Ok((false, format!("{mant}{}+00", if upper { 'E' } else { 'e' })));
    }
    let neg = d.signum() < 0;
    let d = d.abs();
    let r = d.round_to_precision(prec as u32 + 1, Rounding::HalfUp).map_err(EvalError::from)?;
    let digits = r.mantissa().to_string();
    let exp = digits.len() as i64 - 1 - r.scale() as i64;
    let mut mant = digits[..1].to_string();
    let rest = format!("{:0<width$}", &digits[1..], width = prec);
    if prec > 0 {
        mant.push('.');
        mant.push_str(&rest[..prec]);
    }
    let e = if upper { 'E' } else { 'e' };
    Ok((neg, format!("{mant}{e}{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())))
}

fn date_millis(v: &Value) -> Option<i64> {
    match v {
        Value::Date(ms) => Some(*ms),
        Value::Long(l) => Some(*l),
        Value::Int(i) => Some(*i as i64),
        Value::Obj(o) => match &**o {
            Obj::Calendar(c) => Some(c.borrow().0),
            _ => None,
        },
        _ => None,
    }
}

/// Formats `fmt` with `args` as Java's `String.format` does.
pub fn format(interp: &mut Interpreter, h: &mut dyn Host, fmt: &str, args: &[Value]) -> R<String> {
    let _ = interp;
    let cs: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let mut next_arg = 0usize;
    let mut last_arg: Option<usize> = None;
    while i < cs.len() {
        let c = cs[i];
        if c != '%' {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        // Argument index: `1$` or `<`.
        let mut explicit: Option<usize> = None;
        let mut relative = false;
        if i < cs.len() && cs[i] == '<' {
            relative = true;
            i += 1;
        } else {
            let mut j = i;
            while j < cs.len() && cs[j].is_ascii_digit() {
                j += 1;
            }
            if j < cs.len() && cs[j] == '$' && j > i {
                explicit = cs[i..j].iter().collect::<String>().parse::<usize>().ok();
                i = j + 1;
            }
        }
        let mut spec = Spec::default();
        while i < cs.len() {
            match cs[i] {
                '-' => spec.minus = true,
                '0' => spec.zero = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                ',' => spec.comma = true,
                '(' => spec.paren = true,
                '#' => spec.alt = true,
                _ => break,
            }
            i += 1;
        }
        let mut j = i;
        while j < cs.len() && cs[j].is_ascii_digit() {
            j += 1;
        }
        if j > i {
            spec.width = cs[i..j].iter().collect::<String>().parse().ok();
            i = j;
        }
        if i < cs.len() && cs[i] == '.' {
            let mut j = i + 1;
            while j < cs.len() && cs[j].is_ascii_digit() {
                j += 1;
            }
            spec.precision = cs[i + 1..j].iter().collect::<String>().parse().ok();
            i = j;
        }
        // A width or precision the text could never hold is the JVM's OutOfMemoryError (as for
        // `padLeft`), not an allocation that ends the process.
        if spec.width.into_iter().chain(spec.precision).any(|n| n > super::value::MAX_TEXT) {
            return Err(super::value::too_large());
        }
        let Some(&conv) = cs.get(i) else {
            return Err(EvalError::exception(
                "java.util.UnknownFormatConversionException",
                Some(format!("Conversion = '{}'", cs[start..].iter().collect::<String>())),
            ));
        };
        i += 1;
        let spec_text: String = cs[start..i].iter().collect();
        match conv {
            '%' => {
                out.push_str(&pad(&spec, "%".into()));
                continue;
            }
            'n' => {
                out.push('\n');
                continue;
            }
            _ => {}
        }
        let idx = if relative {
            last_arg.ok_or_else(|| missing_arg(&spec_text))?
        } else if let Some(e) = explicit {
            e.checked_sub(1).ok_or_else(|| missing_arg(&spec_text))?
        } else {
            let k = next_arg;
            next_arg += 1;
            k
        };
        last_arg = Some(idx);
        let arg = args.get(idx).ok_or_else(|| missing_arg(&spec_text))?;
        let text = match conv {
            's' | 'S' => {
                let mut s = if arg.is_null() { "null".to_string() } else { java_display(h, arg) };
                if let Some(p) = spec.precision {
                    s = s.chars().take(p).collect();
                }
                if conv == 'S' {
                    s = s.to_uppercase();
                }
                pad(&spec, s)
            }
            'b' | 'B' => {
                let b = match arg {
                    Value::Null => false,
                    Value::Bool(b) => *b,
                    _ => true,
                };
                let s = b.to_string();
                pad(&spec, if conv == 'B' { s.to_uppercase() } else { s })
            }
            'c' | 'C' => {
                let s = match arg {
                    Value::Null => "null".to_string(),
                    Value::Int(i) => char::from_u32(*i as u32).map(|c| c.to_string()).unwrap_or_default(),
                    Value::Str(s) | Value::GString(s) if s.chars().count() == 1 => s.to_string(),
                    _ => return Err(conversion_error(conv, arg)),
                };
                pad(&spec, if conv == 'C' { s.to_uppercase() } else { s })
            }
            'd' => match arg {
                Value::Null => pad(&spec, "null".into()),
                Value::Int(_) | Value::Long(_) | Value::BigInt(_) => {
                    let v = ops::to_i128(arg);
                    finish_number(&spec, v < 0, v.unsigned_abs().to_string())
                }
                _ => return Err(conversion_error(conv, arg)),
            },
            'x' | 'X' | 'o' => {
                let s = match arg {
                    Value::Null => "null".to_string(),
                    Value::Int(i) => {
                        if conv == 'o' {
                            format!("{:o}", *i as u32)
                        } else {
                            format!("{:x}", *i as u32)
                        }
                    }
                    Value::Long(l) => {
                        if conv == 'o' {
                            format!("{:o}", *l as u64)
                        } else {
                            format!("{:x}", *l as u64)
                        }
                    }
                    Value::BigInt(b) => {
                        let v = b.get();
                        let m = if conv == 'o' {
                            format!("{:o}", v.unsigned_abs())
                        } else {
                            format!("{:x}", v.unsigned_abs())
                        };
                        if v < 0 {
                            format!("-{m}")
                        } else {
                            m
                        }
                    }
                    _ => return Err(conversion_error(conv, arg)),
                };
                // A negative BigInteger keeps its sign in front of the prefix and the zeros.
                let (sign, digits) = match s.strip_prefix('-') {
                    Some(d) => ("-", d.to_string()),
                    None => ("", s),
                };
                let prefix = match (spec.alt, conv) {
                    (false, _) => "",
                    (true, 'o') => "0",
                    _ => "0x",
                };
                let s = format!("{prefix}{digits}");
                let s = if conv == 'X' { s.to_uppercase() } else { s };
                let len = sign.len() + s.len();
                match spec.width {
                    Some(w) if spec.zero && !spec.minus && w > len => format!("{sign}{}{s}", "0".repeat(w - len)),
                    _ => pad(&spec, format!("{sign}{s}")),
                }
            }
            'f' | 'e' | 'E' | 'g' | 'G' => {
                if arg.is_null() {
                    // Java prints "null" cut to the precision (`%.1f` of null is `n`).
                    let text: String = "null".chars().take(spec.precision.unwrap_or(4)).collect();
                    pad(&spec, text)
                } else if !matches!(arg, Value::Float(_) | Value::Double(_) | Value::Decimal(_)) {
                    return Err(conversion_error(conv, arg));
                } else if let Some(text) = non_finite(&spec, arg, conv.is_ascii_uppercase()) {
                    pad(&spec, text)
                } else {
                    let prec = spec.precision.unwrap_or(6);
                    let (neg, mag) = match conv {
                        'f' => fixed(arg, prec)?,
                        'e' | 'E' => scientific(arg, prec, conv == 'E')?,
                        // Java's `%g`: `p` significant digits after rounding; decimal notation
                        // from 10^-4 up to 10^p, with as many places as the digits need.
                        _ => {
                            let x = ops::to_f64(arg).abs();
                            let p = prec.max(1);
                            // The decimal exponent of `x` rounded to `p` significant digits.
                            let rounded = format!("{:.*e}", p - 1, x);
                            let exponent: i32 = rounded.split_once('e').and_then(|(_, e)| e.parse().ok()).unwrap_or(0);
                            if x != 0.0 && (exponent < -4 || exponent >= p as i32) {
                                scientific(arg, p - 1, conv == 'G')?
                            } else {
                                let places = if x == 0.0 { p - 1 } else { (p as i32 - 1 - exponent).max(0) as usize };
                                let (_, m) = fixed(arg, places)?;
                                (ops::to_f64(arg) < 0.0, m)
                            }
                        }
                    };
                    finish_number(&spec, neg, mag)
                }
            }
            't' | 'T' => {
                let Some(&tc) = cs.get(i) else {
                    return Err(EvalError::exception("java.util.UnknownFormatConversionException", Some(spec_text)));
                };
                i += 1;
                let ms = date_millis(arg).ok_or_else(|| conversion_error(conv, arg))?;
                let tz = h.default_time_zone();
                let pat = match tc {
                    'F' => "yyyy-MM-dd",
                    'T' => "HH:mm:ss",
                    'R' => "HH:mm",
                    'r' => "hh:mm:ss a",
                    'D' => "MM/dd/yy",
                    'c' => "EEE MMM dd HH:mm:ss zzz yyyy",
                    'Y' => "yyyy",
                    'y' => "yy",
                    'm' => "MM",
                    'd' => "dd",
                    'e' => "d",
                    'H' => "HH",
                    'I' => "hh",
                    'k' => "H",
                    'l' => "h",
                    'M' => "mm",
                    'S' => "ss",
                    'L' => "SSS",
                    'p' => "a",
                    'B' => "MMMM",
                    'b' | 'h' => "MMM",
                    'A' => "EEEE",
                    'a' => "EEE",
                    'j' => "DDD",
                    'Z' => "zzz",
                    'z' => "Z",
                    's' => return_text(&mut out, &spec, (ms.div_euclid(1000)).to_string()),
                    'Q' => return_text(&mut out, &spec, ms.to_string()),
                    _ => {
                        return Err(EvalError::exception(
                            "java.util.UnknownFormatConversionException",
                            Some(format!("Conversion = 't{tc}'")),
                        ))
                    }
                };
                if pat.is_empty() {
                    continue;
                }
                let mut s = super::date::format_date(ms, pat, tz)?;
                if tc == 'p' {
                    s = s.to_lowercase();
                }
                if conv == 'T' {
                    s = s.to_uppercase();
                }
                pad(&spec, s)
            }
            _ => {
                return Err(EvalError::exception(
                    "java.util.UnknownFormatConversionException",
                    Some(format!("Conversion = '{conv}'")),
                ))
            }
        };
        out.push_str(&text);
    }
    Ok(out)
}

fn return_text(out: &mut String, spec: &Spec, s: String) -> &'static str {
    out.push_str(&pad(spec, s));
    ""
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::host::BufferHost;
    use crate::syntax::{Script, SourceFile};
    use std::sync::Arc;

    fn f(fmt: &str, args: &[Value]) -> String {
        let mut i = Interpreter::new(Arc::new(Script { stmts: vec![] }), Arc::new(SourceFile::new("t", "")));
        let mut h = BufferHost::new(0);
        format(&mut i, &mut h, fmt, args).unwrap()
    }

    #[test]
    fn java_formats() {
        assert_eq!(f("%.1f", &[Value::Double(0.25)]), "0.3");
        assert_eq!(
            f("%5.2f|%-6s|%03d", &[Value::Double(1.23456), Value::str("ab"), Value::Int(7)]),
            " 1.23|ab    |007"
        );
        assert_eq!(f("%02x%02X", &[Value::Int(10), Value::Int(255)]), "0aFF");
        assert_eq!(f("%,d", &[Value::Long(1234567)]), "1,234,567");
        assert_eq!(f("%e", &[Value::Double(12345.678)]), "1.234568e+04");
        assert_eq!(f("%s %<s", &[Value::str("x")]), "x x");
        assert_eq!(f("%tF %<tT", &[Value::Date(1_709_649_015_123)]), "2024-03-05 14:30:15");
        assert_eq!(f("%d%%", &[Value::Int(5)]), "5%");
    }
}
