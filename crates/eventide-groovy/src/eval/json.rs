//! JSON as Groovy's `JsonSlurper` reads it (objects as ordered maps, integers as `Integer`/`Long`,
//! decimals as `BigDecimal`) and `JsonOutput` writes it.

use super::error::{class, EvalError};
use super::host::Host;
use super::interp::R;
use super::num::{Dec, I128};
use super::show::display;
use super::value::{GMap, Obj, Value};
use std::fmt::Write as _;

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

fn err(msg: impl Into<String>) -> EvalError {
    EvalError::exception(class::JSON, Some(msg.into()))
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }
    fn value(&mut self) -> R<Value> {
        self.ws();
        self.depth += 1;
        if self.depth > 500 {
            return Err(err("JSON nested too deeply"));
        }
        let r = match self.s.get(self.i) {
            None => Err(err("Unexpected end of input")),
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(|s| Value::str(&s)),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(c) if *c == b'-' || c.is_ascii_digit() => self.number(),
            Some(c) => Err(err(format!("Unexpected character '{}' at position {}", *c as char, self.i))),
        };
        self.depth -= 1;
        r
    }
    fn word(&mut self, w: &str, v: Value) -> R<Value> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(err(format!("Unexpected token at position {}", self.i)))
        }
    }
    fn number(&mut self) -> R<Value> {
        let start = self.i;
        if self.s[self.i] == b'-' {
            self.i += 1;
        }
        let mut decimal = false;
        while self.i < self.s.len() {
            match self.s[self.i] {
                b'0'..=b'9' => {}
                b'.' | b'e' | b'E' | b'+' | b'-' => decimal = true,
                _ => break,
            }
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        if decimal {
            return Dec::parse(text).map(Value::Decimal).ok_or_else(|| err(format!("Invalid number: {text}")));
        }
        match text.parse::<i128>() {
            Ok(v) if i32::try_from(v).is_ok() => Ok(Value::Int(v as i32)),
            Ok(v) if i64::try_from(v).is_ok() => Ok(Value::Long(v as i64)),
            Ok(v) => Ok(Value::BigInt(I128::new(v))),
            Err(_) => Err(err(format!("Invalid number: {text}"))),
        }
    }
    fn string(&mut self) -> R<String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = *self.s.get(self.i).ok_or_else(|| err("Unterminated string"))?;
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = *self.s.get(self.i).ok_or_else(|| err("Unterminated string"))?;
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let hex = self.s.get(self.i..self.i + 4).ok_or_else(|| err("Bad unicode escape"))?;
                            let code = u32::from_str_radix(std::str::from_utf8(hex).unwrap_or(""), 16)
                                .map_err(|_| err("Bad unicode escape"))?;
                            self.i += 4;
                            let ch = char::from_u32(code).unwrap_or('\u{fffd}');
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
    /// An object as Groovy's `JsonSlurper` gives it on Java 8 and later: a `LazyMap` backed by a
    /// `TreeMap`, so its keys come in sorted order (by UTF-16 code units, as `String.compareTo`
    /// orders them) and a key given twice keeps its last value.
    fn object(&mut self) -> R<Value> {
        let mut entries = self.entries()?;
        entries.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
        let mut m = GMap::with_capacity(entries.len());
        for (k, v) in entries {
            m.insert(Value::str(&k), v);
        }
        Ok(Value::new_map(m))
    }

    /// The members of an object, in the document's order.
    fn entries(&mut self) -> R<Vec<(String, Value)>> {
        self.i += 1;
        let mut m = Vec::new();
        self.ws();
        if self.s.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(m);
        }
        loop {
            self.ws();
            if self.s.get(self.i) != Some(&b'"') {
                return Err(err(format!("Expected a string key at position {}", self.i)));
            }
            let k = self.string()?;
            self.ws();
            if self.s.get(self.i) != Some(&b':') {
                return Err(err(format!("Expected ':' at position {}", self.i)));
            }
            self.i += 1;
            let v = self.value()?;
            m.push((k, v));
            self.ws();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(m);
                }
                _ => return Err(err(format!("Expected ',' or '}}' at position {}", self.i))),
            }
        }
    }
    fn array(&mut self) -> R<Value> {
        self.i += 1;
        let mut out = Vec::new();
        self.ws();
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(Value::new_list(out));
        }
        loop {
            out.push(self.value()?);
            self.ws();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::new_list(out));
                }
                _ => return Err(err(format!("Expected ',' or ']' at position {}", self.i))),
            }
        }
    }
}

/// A JSON text, whole (the platform's `parseJson`, event `jsonData`).
pub fn parse(text: &str) -> R<Value> {
    let mut p = Parser { s: text.as_bytes(), i: 0, depth: 0 };
    let v = p.value()?;
    p.ws();
    if p.i < p.s.len() {
        return Err(err(format!("Unexpected content after JSON value at position {}", p.i)));
    }
    Ok(v)
}

/// `new JsonSlurper().parseText(text)` as Groovy 2.4's parser reads it: the first JSON value of
/// the text, whatever follows it (`{"a":1}}` is `[a:1]`).
pub fn parse_first(text: &str) -> R<Value> {
    Parser { s: text.as_bytes(), i: 0, depth: 0 }.value()
}

fn escape(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            // Groovy's JsonOutput escapes every character outside printable ASCII, by UTF-16
            // code unit (`Zürich` is written `Z\u00fcrich`).
            c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write(h: &mut dyn Host, out: &mut String, v: &Value, depth: usize) {
    if depth > 200 {
        out.push_str("null");
        return;
    }
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Str(s) | Value::GString(s) => escape(out, s),
        Value::List(_) | Value::Range(_) => {
            let items: Vec<Value> = match v {
                Value::List(l) => l.borrow().to_vec(),
                Value::Range(r) => r.to_values().unwrap_or_default(),
                _ => Vec::new(),
            };
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(h, out, x, depth + 1);
            }
            out.push(']');
        }
        Value::Map(m) => {
            let entries: Vec<(Value, Value)> = m.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            out.push('{');
            for (i, (k, x)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let key = display(h, k);
                escape(out, &key);
                out.push(':');
                write(h, out, x, depth + 1);
            }
            out.push('}');
        }
        Value::Date(ms) => {
            let s = super::date::format_date(*ms, "yyyy-MM-dd'T'HH:mm:ssZ", chrono_tz::Tz::GMT).unwrap_or_default();
            escape(out, &s);
        }
        Value::Double(d) if !d.is_finite() => out.push_str("null"),
        _ if v.is_number() => out.push_str(&display(h, v)),
        Value::Obj(o) => match &**o {
            Obj::MapEntry(k, x) => {
                out.push('{');
                let key = display(h, k);
                escape(out, &key);
                out.push(':');
                write(h, out, x, depth + 1);
                out.push('}');
            }
            _ => {
                let s = display(h, v);
                escape(out, &s);
            }
        },
        _ => {
            let s = display(h, v);
            escape(out, &s);
        }
    }
}

/// What `JsonOutput.toJson` refuses in `v`, as Groovy's error: a NaN or infinite number, or a
/// map with a null key.
pub fn refused(v: &Value) -> Option<EvalError> {
    fn walk(v: &Value, depth: usize) -> Option<EvalError> {
        if depth > 200 {
            return None;
        }
        let number = |x: f64| {
            let what = if x.is_nan() { ("NaN", "NaN are") } else { ("Infinity", "infinite are") };
            let word = if x.is_nan() || x > 0.0 { what.0.to_string() } else { format!("-{}", what.0) };
            Some(err(format!("Number {word} can't be serialized as JSON: {} not allowed in JSON.", what.1)))
        };
        match v {
            Value::Double(d) if !d.is_finite() => number(*d),
            Value::Float(f) if !f.is_finite() => number(*f as f64),
            Value::List(l) => l.borrow().iter().find_map(|x| walk(x, depth + 1)),
            Value::Map(m) => m.borrow().iter().find_map(|(k, x)| {
                if k.is_null() {
                    Some(EvalError::exception(
                        class::ILLEGAL_ARGUMENT,
                        Some("Maps with null keys can't be converted to JSON".into()),
                    ))
                } else {
                    walk(x, depth + 1)
                }
            }),
            _ => None,
        }
    }
    walk(v, 0)
}

/// `JsonOutput.toJson(v)`.
pub fn to_json(h: &mut dyn Host, v: &Value) -> String {
    let mut out = String::new();
    write(h, &mut out, v, 0);
    out
}

/// `JsonOutput.prettyPrint(json)`: four-space indentation as Groovy prints it.
pub fn pretty_print(json: &str) -> String {
    let mut out = String::new();
    let mut indent = 0usize;
    let mut in_str = false;
    let mut escaped = false;
    let cs: Vec<char> = json.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if in_str {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                out.push(c);
            }
            '{' | '[' => {
                // Groovy 2.4 opens even an empty container on lines of its own (an indented
                // blank line between the brackets).
                indent += 1;
                out.push(c);
                out.push('\n');
                out.push_str(&"    ".repeat(indent));
            }
            '}' | ']' => {
                indent = indent.saturating_sub(1);
                out.push('\n');
                out.push_str(&"    ".repeat(indent));
                out.push(c);
            }
            ',' => {
                out.push(',');
                out.push('\n');
                out.push_str(&"    ".repeat(indent));
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_json() {
        let v = parse(r#"{"a": [1, 2.5, "x\n", true, null], "b": {"c": 12345678901}}"#).unwrap();
        assert_eq!(v.to_string(), "[a:[1, 2.5, x\n, true, null], b:[c:12345678901]]");
        assert!(parse("{").is_err());
        assert!(parse("[1,]").is_err());
    }
}
