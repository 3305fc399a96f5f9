//! GDK and JDK methods of strings (`String` and `GString` alike).

use super::convert::{parse_decimal, parse_double, parse_int, parse_long};
use super::error::{class, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::methods::{call1, test1};
use super::num::I128;
use super::ops;
use super::regex;
use super::show::display;
use super::value::{ListKind, Value};

fn chars_of(s: &str) -> Vec<char> {
    s.chars().collect()
}

/// The UTF-16 units of a text: what Java's string positions count (a character outside the
/// Basic Multilingual Plane, an emoji, is two).
fn units_of(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

/// The text of UTF-16 units (half of a pair cut off is U+FFFD).
fn text_of(units: &[u16]) -> String {
    String::from_utf16_lossy(units)
}

fn idx_error(msg: String) -> EvalError {
    EvalError::exception(class::STRING_INDEX, Some(msg))
}

fn int_arg(v: &Value) -> Option<i64> {
    match v {
        Value::Int(_) | Value::Long(_) => v.as_i64(),
        _ => None,
    }
}

/// Methods a string answers (for `respondsTo`).
pub fn has_method(name: &str) -> bool {
    matches!(
        name,
        "size"
            | "length"
            | "toInteger"
            | "toLong"
            | "toDouble"
            | "toFloat"
            | "toBigDecimal"
            | "isNumber"
            | "isInteger"
            | "trim"
            | "toLowerCase"
            | "toUpperCase"
            | "contains"
            | "startsWith"
            | "endsWith"
            | "indexOf"
            | "substring"
            | "replace"
            | "replaceAll"
            | "split"
            | "tokenize"
            | "capitalize"
            | "padLeft"
            | "padRight"
            | "equalsIgnoreCase"
            | "charAt"
            | "matches"
            | "tr"
    )
}

/// The successor (`next()`) or predecessor of a string: its last character stepped.
pub fn next_string(s: &str, inc: bool) -> String {
    let mut cs = chars_of(s);
    match cs.last_mut() {
        None => {
            if inc {
                "\u{1}".to_string()
            } else {
                String::new()
            }
        }
        Some(c) => {
            let n = if inc { *c as u32 + 1 } else { (*c as u32).saturating_sub(1) };
            *c = char::from_u32(n).unwrap_or(*c);
            cs.into_iter().collect()
        }
    }
}

/// `s[idx]`: a one-character string, or a substring for a range.
pub fn get_at(s: &str, idx: &Value) -> R<Value> {
    let cs = units_of(s);
    let len = cs.len() as i64;
    match idx {
        Value::Range(r) => {
            let Some((a, b, reverse)) = r.slice(len) else { return Ok(Value::str("")) };
            if a < 0 || b >= len {
                return Err(idx_error(format!("String index out of range: {}", if a < 0 { a } else { b })));
            }
            let picked = text_of(&cs[a as usize..=b as usize]);
            let out: String = if reverse { picked.chars().rev().collect() } else { picked };
            Ok(Value::str(&out))
        }
        _ if idx.is_number() => {
            let i = ops::to_i64(idx);
            let pos = if i < 0 { i + len } else { i };
            if pos < 0 || pos >= len {
                return Err(idx_error(format!("String index out of range: {i}")));
            }
            Ok(Value::str(&text_of(&cs[pos as usize..=pos as usize])))
        }
        Value::List(l) => {
            let idxs = l.borrow().to_vec();
            let mut out = String::new();
            for i in &idxs {
                if let Value::Str(p) = get_at(s, i)? {
                    out.push_str(&p);
                }
            }
            Ok(Value::str(&out))
        }
        _ => Err(EvalError::exception(
            class::MISSING_METHOD,
            Some(format!(
                "No signature of method: java.lang.String.getAt() is applicable for argument types: ({})",
                idx.type_name()
            )),
        )),
    }
}

/// The characters of a `tr` set, with ranges (`a-z`) spelled out.
fn tr_set(set: &str) -> Vec<char> {
    let c: Vec<char> = set.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if i + 2 < c.len() && c[i + 1] == '-' && c[i] <= c[i + 2] {
            out.extend(c[i]..=c[i + 2]);
            i += 3;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// `s.tr(from, to)`: each character of `from` becomes the character at its position in `to`
/// (the last one when `to` is shorter); a character listed twice takes its last position.
fn translate(s: &str, from: &str, to: &str) -> String {
    let (from, to) = (tr_set(from), tr_set(to));
    let Some(&last) = to.last() else { return s.to_string() };
    s.chars()
        .map(|ch| match from.iter().rposition(|&f| f == ch) {
            Some(i) => to.get(i).copied().unwrap_or(last),
            None => ch,
        })
        .collect()
}

fn padding(pad: &str, n: usize) -> String {
    if pad.is_empty() {
        return String::new();
    }
    pad.chars().cycle().take(n).collect()
}

/// `tokenize(delims)`: split on any of the delimiter characters, dropping empty tokens.
pub fn tokenize(s: &str, delims: &str) -> Vec<Value> {
    s.split(|c: char| delims.contains(c)).filter(|t| !t.is_empty()).map(Value::str).collect()
}

/// Java's `Character.isWhitespace` subset used by `trim`-like methods.
fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// Whether Java's method raises a `NullPointerException` for these arguments: a `null` text to
/// search for, split on, replace or match (`name.contains(settings.word)` with the preference
/// unset stops the handler on the platform).
fn takes_no_null(name: &str, args: &[Value]) -> bool {
    let null_at = |i: usize| args.get(i).is_some_and(Value::is_null);
    match name {
        "contains" | "startsWith" | "endsWith" | "indexOf" | "lastIndexOf" | "split" | "tokenize" | "matches"
        | "concat" => null_at(0),
        "replace" => args.len() == 2 && (null_at(0) || null_at(1)),
        "replaceAll" | "replaceFirst" => args.len() == 2 && null_at(0),
        _ => false,
    }
}

/// A string method; `Ok(None)` when there is none for these arguments.
pub fn method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    s: &str,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    let sarg = |h: &mut dyn Host, i: usize| -> Option<String> { args.get(i).map(|v| display(h, v)) };
    if takes_no_null(name, args) {
        return Err(EvalError::exception(class::NPE, None));
    }
    Ok(Some(match (name, args) {
        ("size" | "length", []) => Value::Int(s.encode_utf16().count() as i32),
        ("isEmpty", []) => Value::Bool(s.is_empty()),
        ("toString", []) => Value::str(s),
        ("trim", []) => Value::str(java_trim(s)),
        ("strip", []) => Value::str(s.trim()),
        ("toLowerCase", []) => Value::str(&s.to_lowercase()),
        ("toUpperCase", []) => Value::str(&s.to_uppercase()),
        ("toInteger", []) => Value::Int(parse_int(java_trim(s))?),
        ("toLong", []) => Value::Long(parse_long(java_trim(s))?),
        ("toDouble", []) => Value::Double(parse_double(s)?),
        ("toFloat", []) => Value::Float(parse_double(s)? as f32),
        ("toBigDecimal", []) => Value::Decimal(parse_decimal(java_trim(s))?),
        ("toBigInteger", []) => {
            let t = java_trim(s);
            Value::BigInt(I128::new(
                t.parse::<i128>().map_err(|_| {
                    EvalError::exception(class::NUMBER_FORMAT, Some(format!("For input string: \"{t}\"")))
                })?,
            ))
        }
        ("toBoolean", []) => {
            let t = java_trim(s).to_lowercase();
            Value::Bool(t == "true" || t == "y" || t == "1")
        }
        ("toCharacter", []) => Value::str(&s.chars().next().map(|c| c.to_string()).unwrap_or_default()),
        // A character (`s.charAt(0)`, one character here) answers Groovy's `Character` methods.
        ("isDigit" | "isLetter" | "isLetterOrDigit" | "isWhitespace" | "isUpperCase" | "isLowerCase", [])
            if s.chars().count() == 1 =>
        {
            let ch = s.chars().next().unwrap_or(' ');
            Value::Bool(match name {
                "isDigit" => ch.is_ascii_digit(),
                "isLetter" => ch.is_alphabetic(),
                "isLetterOrDigit" => ch.is_alphanumeric(),
                "isWhitespace" => ch.is_whitespace() && ch != '\u{a0}',
                "isUpperCase" => ch.is_uppercase(),
                _ => ch.is_lowercase(),
            })
        }
        ("isNumber" | "isBigDecimal", []) => Value::Bool(parse_decimal(java_trim(s)).is_ok()),
        ("isInteger", []) => Value::Bool(parse_int(java_trim(s)).is_ok()),
        ("isLong", []) => Value::Bool(parse_long(java_trim(s)).is_ok()),
        ("isBigInteger", []) => Value::Bool(java_trim(s).parse::<i128>().is_ok()),
        ("isDouble" | "isFloat", []) => Value::Bool(parse_double(s).is_ok()),
        ("isAllWhitespace", []) => Value::Bool(s.chars().all(char::is_whitespace)),
        ("contains", [x]) => {
            let x = display(h, x);
            Value::Bool(s.contains(&*x))
        }
        ("startsWith", [x]) => {
            let x = display(h, x);
            Value::Bool(s.starts_with(&*x))
        }
        ("endsWith", [x]) => {
            let x = display(h, x);
            Value::Bool(s.ends_with(&*x))
        }
        ("equalsIgnoreCase", [x]) => Value::Bool(match x.as_str() {
            Some(x) => x.to_lowercase() == s.to_lowercase(),
            None => false,
        }),
        ("compareTo", [x]) if x.is_string() => Value::Int(java_compare(s, x.as_str().unwrap_or(""))),
        ("compareToIgnoreCase", [x]) if x.is_string() => {
            Value::Int(java_compare(&s.to_lowercase(), &x.as_str().unwrap_or("").to_lowercase()))
        }
        ("indexOf" | "lastIndexOf", [x]) | ("indexOf" | "lastIndexOf", [x, _]) => {
            let x = display(h, x);
            let from = args.get(1).and_then(int_arg);
            let cs = units_of(s);
            let pat = units_of(&x);
            let found = if name == "indexOf" {
                let start = from.unwrap_or(0).max(0) as usize;
                (start..=cs.len().saturating_sub(pat.len()))
                    .find(|&i| i + pat.len() <= cs.len() && cs[i..i + pat.len()] == pat[..])
            } else {
                let last = cs.len().saturating_sub(pat.len());
                let start = from.map(|f| f.max(-1)).unwrap_or(last as i64);
                if start < 0 {
                    None
                } else {
                    (0..=(start as usize).min(last))
                        .rev()
                        .find(|&i| i + pat.len() <= cs.len() && cs[i..i + pat.len()] == pat[..])
                }
            };
            Value::Int(found.map_or(-1, |i| i as i32))
        }
        ("charAt", [i]) => {
            let Some(i) = int_arg(i) else { return Ok(None) };
            let cs = units_of(s);
            if i < 0 || i as usize >= cs.len() {
                return Err(idx_error(format!("String index out of range: {i}")));
            }
            Value::str(&text_of(&cs[i as usize..=i as usize]))
        }
        ("substring", [a]) | ("substring", [a, _]) => {
            let cs = units_of(s);
            let Some(a) = int_arg(a) else { return Ok(None) };
            let b = match args.get(1) {
                Some(b) => match int_arg(b) {
                    Some(b) => b,
                    None => return Ok(None),
                },
                None => cs.len() as i64,
            };
            if a < 0 || b > cs.len() as i64 || a > b {
                return Err(idx_error(format!("begin {a}, end {b}, length {}", cs.len())));
            }
            Value::str(&text_of(&cs[a as usize..b as usize]))
        }
        ("getAt", [i]) => get_at(s, i)?,
        ("replace", [a, b]) => {
            let (a, b) = (display(h, a), display(h, b));
            if a.is_empty() {
                // Java inserts the replacement between every character.
                let mut out = b.clone();
                for c in s.chars() {
                    out.push(c);
                    out.push_str(&b);
                }
                Value::str(&out)
            } else {
                Value::str(&s.replace(&*a, &b))
            }
        }
        ("replaceAll" | "replaceFirst", [re, rep]) => {
            let pat = match re {
                Value::Obj(o) => match &**o {
                    super::value::Obj::Pattern(p) => p.clone(),
                    _ => regex::compile(interp, &display(h, re))?,
                },
                _ => regex::compile(interp, &display(h, re))?,
            };
            let all = name == "replaceAll";
            if rep.is_callable() {
                regex::replace_with_closure(interp, h, &pat, s, rep, all)?
            } else {
                let rep = display(h, rep);
                Value::str(&regex::replace(&pat, s, &rep, all)?)
            }
        }
        // `split` gives a `String[]` (with `length`), `tokenize` a list.
        ("split", []) => Value::new_list_of(STRING_ARRAY, s.split_whitespace().map(Value::str).collect()),
        ("split", [re]) | ("split", [re, _]) => {
            let re = display(h, re);
            let limit = args.get(1).and_then(int_arg).unwrap_or(0);
            let pat = regex::compile(interp, &re)?;
            let parts = regex::java_split(&pat, s, limit).into_iter().map(|p| Value::str(&p)).collect();
            Value::new_list_of(STRING_ARRAY, parts)
        }
        ("tokenize", []) => Value::new_list(tokenize(s, " \t\n\r\u{c}")),
        ("tokenize", [d]) => {
            let d = display(h, d);
            Value::new_list(tokenize(s, &d))
        }
        ("matches", [re]) => {
            let re = display(h, re);
            let pat = regex::compile(interp, &re)?;
            Value::Bool(regex::full_match(&pat, s))
        }
        ("find", [c]) if c.is_callable() => {
            for ch in s.chars() {
                let v = Value::str(&ch.to_string());
                if test1(interp, h, c, v.clone())? {
                    return Ok(Some(v));
                }
            }
            Value::Null
        }
        ("find", [re]) => {
            let pat = match re {
                Value::Obj(o) => match &**o {
                    super::value::Obj::Pattern(p) => p.clone(),
                    _ => return Ok(None),
                },
                _ => regex::compile(interp, &display(h, re))?,
            };
            match regex::java_captures(&pat, s).first().and_then(|c| c.get(0)) {
                Some(m) => Value::str(m.as_str()),
                None => Value::Null,
            }
        }
        ("find", [re, c]) if c.is_callable() => {
            let pat = regex::compile(interp, &display(h, re))?;
            match regex::java_captures(&pat, s).into_iter().next() {
                Some(caps) => {
                    let groups = regex::groups_of(&caps);
                    let v = if groups.len() > 1 {
                        regex::match_value(&groups)
                    } else {
                        Value::str(caps.get(0).map_or("", |m| m.as_str()))
                    };
                    call1(interp, h, c, v)?
                }
                None => Value::Null,
            }
        }
        ("findAll", [re]) if !re.is_callable() => {
            let pat = regex::compile(interp, &display(h, re))?;
            let found = regex::java_captures(&pat, s);
            Value::new_list(found.iter().filter_map(|c| c.get(0)).map(|m| Value::str(m.as_str())).collect())
        }
        ("eachMatch" | "findAll", [re, c]) if c.is_callable() => {
            let pat = regex::compile(interp, &display(h, re))?;
            let all: Vec<Vec<Option<String>>> = regex::java_captures(&pat, s).iter().map(regex::groups_of).collect();
            let mut results = Vec::new();
            for g in all {
                results.push(regex::call_with_match(interp, h, c, &g)?);
            }
            if name == "findAll" {
                Value::new_list(results)
            } else {
                recv.clone()
            }
        }
        ("capitalize", []) => Value::str(&super::interp::capitalize(s)),
        ("uncapitalize", []) => {
            let mut c = s.chars();
            Value::str(&match c.next() {
                Some(f) => f.to_lowercase().chain(c).collect::<String>(),
                None => String::new(),
            })
        }
        ("padLeft" | "padRight" | "center", [n]) | ("padLeft" | "padRight" | "center", [n, _]) => {
            let Some(n) = int_arg(n) else { return Ok(None) };
            let pad = sarg(h, 1).unwrap_or_else(|| " ".to_string());
            let len = s.encode_utf16().count() as i64;
            let k = n - len;
            if k <= 0 {
                return Ok(Some(Value::str(s)));
            }
            let k = k as usize;
            if pad.is_empty() {
                // Groovy's padding divides by the pad's length.
                return Err(EvalError::exception(class::ARITHMETIC, Some("/ by zero".into())));
            }
            if k > super::value::MAX_TEXT {
                return Err(super::value::too_large());
            }
            Value::str(&match name {
                "padLeft" => format!("{}{}", padding(&pad, k), s),
                "padRight" => format!("{}{}", s, padding(&pad, k)),
                _ => {
                    let left = k / 2;
                    let right = k - left;
                    format!("{}{}{}", padding(&pad, left), s, padding(&pad, right))
                }
            })
        }
        ("reverse", []) => Value::str(&s.chars().rev().collect::<String>()),
        ("takeWhile" | "dropWhile", [c]) if c.is_callable() => {
            let mut n = 0;
            for ch in s.chars() {
                if !test1(interp, h, c, Value::str(&ch.to_string()))? {
                    break;
                }
                n += ch.len_utf8();
            }
            Value::str(if name == "takeWhile" { &s[..n] } else { &s[n..] })
        }
        ("tr", [from, to]) => {
            let (from, to) = (super::show::display(h, from), super::show::display(h, to));
            Value::str(&translate(s, &from, &to))
        }
        ("toList" | "chars", []) => Value::new_list(s.chars().map(|c| Value::str(&c.to_string())).collect()),
        ("toCharArray", []) => {
            Value::new_list_of(ListKind::Array("char"), s.chars().map(|c| Value::str(&c.to_string())).collect())
        }
        ("getBytes" | "bytes", []) => byte_array(s.bytes()),
        ("getBytes", [charset]) if charset.is_string() => {
            let charset = charset.as_str().unwrap_or("").to_ascii_uppercase().replace('_', "-");
            let limit = match charset.as_str() {
                "UTF-8" | "UTF8" => return Ok(Some(byte_array(s.bytes()))),
                "ISO-8859-1" | "LATIN1" => 0xFF,
                "US-ASCII" | "ASCII" => 0x7F,
                _ => return Err(EvalError::unsupported(format!("the charset {charset}"))),
            };
            // A character the charset lacks is '?', as Java's encoder writes it.
            byte_array(s.chars().map(|c| if (c as u32) <= limit { c as u32 as u8 } else { b'?' }))
        }
        ("count", [x]) if x.is_string() => {
            let x = x.as_str().unwrap_or("");
            if x.is_empty() {
                Value::Int(s.chars().count() as i32 + 1)
            } else {
                // Overlapping occurrences, as Groovy counts them.
                let mut n = 0;
                let mut start = 0;
                while let Some(p) = s[start..].find(x) {
                    n += 1;
                    start += p + s[start + p..].chars().next().map_or(1, |c| c.len_utf8());
                }
                Value::Int(n)
            }
        }
        ("plus" | "concat", [x]) => {
            let x = display(h, x);
            Value::str(&format!("{s}{x}"))
        }
        ("minus", [x]) => interp.binary(h, crate::syntax::BinaryOp::Sub, recv, x)?,
        ("multiply", [x]) => interp.binary(h, crate::syntax::BinaryOp::Mul, recv, x)?,
        ("leftShift", [x]) => interp.binary(h, crate::syntax::BinaryOp::Shl, recv, x)?,
        ("next", []) => Value::str(&next_string(s, true)),
        ("previous", []) => Value::str(&next_string(s, false)),
        ("readLines" | "lines", []) => Value::new_list(java_lines(s).into_iter().map(Value::str).collect()),
        ("eachLine", [c]) if c.is_callable() => {
            let lines: Vec<String> = java_lines(s).into_iter().map(str::to_string).collect();
            let two = super::methods::arity(interp, c) >= 2;
            let mut last = Value::Null;
            for (i, l) in lines.into_iter().enumerate() {
                last = if two {
                    interp.call_value(h, c, vec![Value::str(&l), Value::Int(i as i32)])?
                } else {
                    call1(interp, h, c, Value::str(&l))?
                };
            }
            last
        }
        ("stripIndent", []) => {
            let lines: Vec<&str> = s.lines().collect();
            let indent = lines
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.chars().take_while(|c| *c == ' ' || *c == '\t').count())
                .min()
                .unwrap_or(0);
            Value::str(&lines.iter().map(|l| l.chars().skip(indent).collect::<String>()).collect::<Vec<_>>().join("\n"))
        }
        ("stripMargin", []) | ("stripMargin", [_]) => {
            let m = sarg(h, 0).and_then(|m| m.chars().next()).unwrap_or('|');
            Value::str(
                &s.lines()
                    .map(|l| {
                        let t = l.trim_start();
                        t.strip_prefix(m).unwrap_or(l).to_string()
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
            )
        }
        ("take", [n]) => {
            let Some(n) = int_arg(n) else { return Ok(None) };
            let cs = units_of(s);
            Value::str(&text_of(&cs[..(n.max(0) as usize).min(cs.len())]))
        }
        ("drop", [n]) => {
            let Some(n) = int_arg(n) else { return Ok(None) };
            let cs = units_of(s);
            Value::str(&text_of(&cs[(n.max(0) as usize).min(cs.len())..]))
        }
        ("each", [c]) if c.is_callable() => {
            for ch in s.chars() {
                call1(interp, h, c, Value::str(&ch.to_string()))?;
            }
            recv.clone()
        }
        ("collect", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for ch in s.chars() {
                out.push(call1(interp, h, c, Value::str(&ch.to_string()))?);
            }
            Value::new_list(out)
        }
        ("findAll", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for ch in s.chars() {
                let v = Value::str(&ch.to_string());
                if test1(interp, h, c, v.clone())? {
                    out.push(v);
                }
            }
            Value::new_list(out)
        }
        ("encodeAsURL" | "encodeURL", []) => Value::str(&url_encode(s)),
        ("decodeURL", []) => Value::str(&url_decode(s)?),
        ("encodeAsHTML", []) => Value::str(
            &s.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
                .replace('\'', "&#39;"),
        ),
        ("encodeAsBase64" | "encodeBase64", []) => Value::str(&base64_encode(s.as_bytes())),
        ("decodeHex", []) => {
            let bad =
                || EvalError::exception(class::NUMBER_FORMAT, Some("odd number of characters in hex string".into()));
            if !s.len().is_multiple_of(2) {
                return Err(bad());
            }
            let mut out = Vec::new();
            for i in (0..s.len()).step_by(2) {
                let b = s.get(i..i + 2).and_then(|p| u8::from_str_radix(p, 16).ok()).ok_or_else(|| {
                    EvalError::exception(
                        class::NUMBER_FORMAT,
                        Some(format!("For input string: \"{}\"", s.get(i..i + 2).unwrap_or(""))),
                    )
                })?;
                out.push(b);
            }
            byte_array(out)
        }
        ("codePointAt", [i]) if i.is_number() => {
            let i = super::ops::to_i64(i);
            let units: Vec<u16> = s.encode_utf16().collect();
            match usize::try_from(i).ok().and_then(|i| units.get(i).map(|u| (i, *u))) {
                Some((i, u)) => {
                    let c = char::decode_utf16(units[i..].iter().copied()).next().and_then(|r| r.ok());
                    Value::Int(c.map_or(u as i32, |c| c as i32))
                }
                None => {
                    return Err(EvalError::exception(
                        class::STRING_INDEX,
                        Some(format!("index {i}, length {}", units.len())),
                    ))
                }
            }
        }
        ("decodeBase64", []) => match base64_decode(s) {
            Some(b) => byte_array(b),
            None => return Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some("bad base64".into()))),
        },
        ("encodeAsJSON", []) => Value::str(&super::json::to_json(h, recv)),
        ("intern", []) => Value::str(s),
        // Line ends become `\n` (`denormalize` makes them the platform's, a Linux server's).
        ("normalize" | "denormalize", []) => Value::str(&s.replace("\r\n", "\n").replace('\r', "\n")),
        ("format", _) => {
            let out = super::format::format(interp, h, s, args)?;
            Value::str(&out)
        }
        ("asType", _) | ("is", _) | ("equals", _) | ("hashCode", _) | ("getClass", _) => return Ok(None),
        _ => return Ok(None),
    }))
}

fn java_compare(a: &str, b: &str) -> i32 {
    let (x, y): (Vec<u16>, Vec<u16>) = (a.encode_utf16().collect(), b.encode_utf16().collect());
    for (p, q) in x.iter().zip(y.iter()) {
        if p != q {
            return *p as i32 - *q as i32;
        }
    }
    x.len() as i32 - y.len() as i32
}

/// `URLEncoder.encode(s, "UTF-8")`.
pub fn url_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'.' | b'-' | b'*' | b'_' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// `URLDecoder.decode(s, "UTF-8")`.
/// `URLDecoder.decode(s, "UTF-8")`: `+` is a space, `%xx` a byte; a `%` without two hex digits
/// after it is Java's `IllegalArgumentException`.
pub fn url_decode(s: &str) -> R<String> {
    let bad = |m: String| EvalError::exception(class::ILLEGAL_ARGUMENT, Some(m));
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                if i + 2 >= b.len() {
                    return Err(bad("URLDecoder: Incomplete trailing escape (%) pattern".into()));
                }
                let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("");
                let v = u8::from_str_radix(hex, 16)
                    .ok()
                    .filter(|_| hex.bytes().all(|c| c.is_ascii_hexdigit()))
                    .ok_or_else(|| {
                        bad(format!(
                            "URLDecoder: Illegal hex characters in escape (%) pattern - Error at index 0 in: \"{hex}\""
                        ))
                    })?;
                out.push(v);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub fn base64_encode(data: &[u8]) -> String {
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = ((b[0] as u32) << 16) | ((b[1] as u32) << 8) | b[2] as u32;
        out.push(B64[(n >> 18) as usize & 63] as char);
        out.push(B64[(n >> 12) as usize & 63] as char);
        out.push(if chunk.len() > 1 { B64[(n >> 6) as usize & 63] as char } else { '=' });
        out.push(if chunk.len() > 2 { B64[n as usize & 63] as char } else { '=' });
    }
    out
}

pub fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut buf = 0u32;
    let mut bits = 0;
    for c in s.bytes() {
        if c == b'=' || c.is_ascii_whitespace() {
            continue;
        }
        let v = B64.iter().position(|&x| x == c)? as u32;
        buf = (buf << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buf >> bits) as u8);
        }
    }
    Some(out)
}

const STRING_ARRAY: super::value::ListKind = super::value::ListKind::Array("java.lang.String");

/// The lines of a text as `java.io.BufferedReader` reads them: ended by `\n`, `\r\n` or a lone
/// `\r`, without an empty line after a final line end.
fn java_lines(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            b'\r' => {
                out.push(&s[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

/// A Java `byte[]` of `bytes` (signed, as Java's bytes are).
fn byte_array(bytes: impl IntoIterator<Item = u8>) -> Value {
    Value::new_list_of(ListKind::Array("byte"), bytes.into_iter().map(|b| Value::Int(b as i8 as i32)).collect())
}
