//! Regular expressions with Java's API on the `regex` crate: `=~` matchers, `==~`, `~/pattern/`,
//! `split`, `replaceAll` with Java replacement syntax.
//!
//! Java patterns are translated where the syntax differs (`\p{Alpha}`, `\Q...\E`). Features the
//! `regex` crate lacks — backreferences, lookaround, possessive quantifiers — raise an
//! `Unsupported` error naming the pattern rather than matching differently.

use std::cell::RefCell;
use std::rc::Rc;

use super::error::{class, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::methods::call1;
use super::show::display;
use super::value::{MatcherState, Obj, Pattern, Value};

/// Java's `\w`, `\d`, `\s`, `\h` and `\v` as the contents of a class: ASCII only, as Java's
/// are by default (the `regex` crate's are Unicode's).
fn shorthand_class(c: char) -> Option<(&'static str, bool)> {
    let set = match c.to_ascii_lowercase() {
        'w' => "0-9A-Za-z_",
        'd' => "0-9",
        's' => r"\t\n\x0B\f\r\x20",
        'h' => r"\t\x20\xA0\x{1680}\x{180E}\x{2000}-\x{200A}\x{202F}\x{205F}\x{3000}",
        'v' => r"\n\x0B\f\r\x{85}\x{2028}\x{2029}",
        _ => return None,
    };
    Some((set, c.is_ascii_uppercase()))
}

/// The class a Java `\p{name}` stands for where the `regex` crate's differs or lacks it (the
/// POSIX names are ASCII in Java, the `java...` names are `Character`'s methods); `None` keeps
/// the crate's own (Unicode categories and scripts, the same in both).
fn property_class(name: &str) -> Option<&'static str> {
    Some(match name {
        "Alpha" => "[:alpha:]",
        "Digit" => "0-9",
        "Alnum" => "[:alnum:]",
        "Upper" => "[:upper:]",
        "Lower" => "[:lower:]",
        "Punct" => "[:punct:]",
        "Space" => r"\t\n\x0B\f\r\x20",
        "XDigit" => "[:xdigit:]",
        "Blank" => "[:blank:]",
        "Cntrl" => "[:cntrl:]",
        "Graph" => "[:graph:]",
        "Print" => "[:print:]",
        "ASCII" => r"\x00-\x7F",
        "javaLowerCase" | "IsLowercase" => r"\p{Lowercase}",
        "javaUpperCase" | "IsUppercase" => r"\p{Uppercase}",
        "javaWhitespace" | "IsWhite_Space" | "IsWhiteSpace" => r"\p{White_Space}",
        "javaDigit" | "IsDigit" => r"\p{Nd}",
        "javaLetter" | "IsLetter" => r"\p{L}",
        "javaLetterOrDigit" => r"\p{L}\p{Nd}",
        "javaAlphabetic" | "IsAlphabetic" => r"\p{Alphabetic}",
        "IsPunctuation" => r"\p{P}",
        _ => return None,
    })
}

/// Translates Java regex syntax to the `regex` crate's: Java's ASCII `\w \d \s \b`-classes,
/// `.` that stops at every line terminator, `\h \v \R \e \0ooo \cX`, escaped punctuation as a
/// literal (`\<` is `<`, not a word boundary), a `-` right after a class shorthand in a class as
/// a literal, `~` and `[:` in a class as literals, `\p{...}` names, `\Q...\E` quoting, named
/// groups, atomic groups as plain ones, and the flags Java has and the crate lacks dropped
/// (`d`, `u`, `c`; Java's `U` is not the crate's `U`). `^`/`$` with `(?m)` see `\r\n` as one
/// line end (the crate's CRLF mode). Backreferences and lookaround are refused.
fn translate(src: &str) -> Result<String, String> {
    let cs: Vec<char> = src.chars().collect();
    let dotall = flag_anywhere(&cs, 's');
    let mut out = String::with_capacity(src.len() + 16);
    out.push_str("(?R)");
    let mut depth = 0usize; // nesting of character classes
    let mut i = 0;
    let push_literal = |out: &mut String, ch: char| match ch {
        ' ' => out.push_str(r"\x20"),
        _ => out.push_str(&regex::escape(ch.encode_utf8(&mut [0; 4]))),
    };
    while i < cs.len() {
        let c = cs[i];
        if c == '\\' && i + 1 < cs.len() {
            let n = cs[i + 1];
            i += 2;
            match n {
                'Q' => {
                    // Quote until \E.
                    while i < cs.len() && !(cs[i] == '\\' && i + 1 < cs.len() && cs[i + 1] == 'E') {
                        push_literal(&mut out, cs[i]);
                        i += 1;
                    }
                    i += 2;
                }
                'p' | 'P' if i < cs.len() && cs[i] == '{' => {
                    let Some(end) = cs[i..].iter().position(|&x| x == '}').map(|p| p + i) else {
                        return Err("unclosed \\p{".into());
                    };
                    let name: String = cs[i + 1..end].iter().collect();
                    let name = name.strip_prefix("Is").filter(|n| property_class(n).is_some()).unwrap_or(&name);
                    match property_class(name) {
                        Some(set) => {
                            let neg = if n == 'P' { "^" } else { "" };
                            out.push_str(&format!("[{neg}{set}]"));
                        }
                        None => out.push_str(&format!("\\{n}{{{name}}}")),
                    }
                    i = end + 1;
                }
                'w' | 'W' | 'd' | 'D' | 's' | 'S' | 'h' | 'H' | 'v' | 'V' => {
                    let (set, negated) = shorthand_class(n).expect("a shorthand");
                    out.push_str(&format!("[{}{set}]", if negated { "^" } else { "" }));
                    // In a class, a '-' right after a shorthand is a literal.
                    if depth > 0 && i + 1 < cs.len() && cs[i] == '-' && cs[i + 1] != ']' {
                        out.push_str("\\-");
                        i += 1;
                    }
                }
                'R' if depth == 0 => out.push_str(r"(?:\r\n|[\n\x0B\f\r\x{85}\x{2028}\x{2029}])"),
                'e' => out.push_str(r"\x1B"),
                'c' if i < cs.len() => {
                    out.push_str(&format!("\\x{{{:X}}}", (cs[i] as u32) ^ 64));
                    i += 1;
                }
                '0' => {
                    // \0n, \0nn, \0mnn (m <= 3): an octal character.
                    let digits: String = cs[i..].iter().take(3).take_while(|d| d.is_digit(8)).collect::<String>();
                    let take = if digits.len() == 3 && digits.as_bytes()[0] > b'3' { 2 } else { digits.len() };
                    if take == 0 {
                        return Err("illegal octal escape".into());
                    }
                    let code = u32::from_str_radix(&digits[..take], 8).unwrap_or(0);
                    out.push_str(&format!("\\x{{{code:X}}}"));
                    i += take;
                }
                '1'..='9' | 'k' => return Err("backreference".into()),
                'G' | 'Z' => return Err(format!("\\{n}")),
                n if !n.is_ascii_alphanumeric() => push_literal(&mut out, n),
                n => {
                    out.push('\\');
                    out.push(n);
                }
            }
            continue;
        }
        if depth > 0 {
            match c {
                '[' => {
                    depth += 1;
                    out.push('[');
                    // `[[:` is a nested class holding ':' in Java, not a POSIX class.
                    if cs.get(i + 1) == Some(&':') {
                        out.push_str("\\:");
                        i += 1;
                    }
                }
                ']' => {
                    depth -= 1;
                    out.push(']');
                }
                '~' => out.push_str("\\~"),
                '&' if cs.get(i + 1) != Some(&'&') && cs.get(i.wrapping_sub(1)) != Some(&'&') => out.push_str("\\&"),
                _ => out.push(c),
            }
            i += 1;
            continue;
        }
        match c {
            '[' => {
                depth = 1;
                out.push('[');
                if cs.get(i + 1) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                // A ']' first in a class is a literal in both; a '[:' is not a POSIX class.
                if cs.get(i + 1) == Some(&':') {
                    out.push_str("\\:");
                    i += 1;
                }
            }
            '.' if !dotall => out.push_str(r"[^\n\r\x{85}\x{2028}\x{2029}]"),
            '(' if cs.get(i + 1) == Some(&'?') => {
                match cs.get(i + 2) {
                    Some('=' | '!') => return Err("lookahead".into()),
                    Some('<') if matches!(cs.get(i + 3), Some('=' | '!')) => return Err("lookbehind".into()),
                    Some('<') => {
                        // Named group (?<name>...) → (?P<name>...)
                        out.push_str("(?P<");
                        i += 3;
                        continue;
                    }
                    Some('>') => {
                        out.push_str("(?:");
                        i += 3;
                        continue;
                    }
                    _ => {}
                }
                // Inline flags `(?idmsuxU-idmsuxU)` or `(?flags:`: keep those the crate has.
                let mut j = i + 2;
                let mut flags = String::new();
                while j < cs.len() && (cs[j].is_ascii_alphabetic() || cs[j] == '-') {
                    if !matches!(cs[j], 'd' | 'u' | 'U' | 'c') {
                        flags.push(cs[j]);
                    }
                    j += 1;
                }
                match cs.get(j) {
                    Some(')') | Some(':') if j > i + 2 => {
                        let flags = flags.trim_end_matches('-');
                        let group = cs[j] == ':';
                        match (flags.is_empty(), group) {
                            (true, true) => out.push_str("(?:"),
                            (true, false) => {}
                            (false, true) => out.push_str(&format!("(?{flags}:")),
                            (false, false) => out.push_str(&format!("(?{flags})")),
                        }
                        i = j + 1;
                        continue;
                    }
                    _ => out.push('('),
                }
            }
            '+' | '*' | '?' | '}' if cs.get(i + 1) == Some(&'+') => return Err("possessive quantifier".into()),
            _ => out.push(c),
        }
        i += 1;
    }
    Ok(out)
}

/// Whether a flag group anywhere in the pattern turns `flag` on (`(?s)`, `(?is:`): for DOTALL,
/// `.` is then left as the crate's, which follows the same flag.
fn flag_anywhere(cs: &[char], flag: char) -> bool {
    let mut i = 0;
    while i + 2 < cs.len() {
        if cs[i] == '\\' {
            i += 2;
            continue;
        }
        if cs[i] == '(' && cs[i + 1] == '?' {
            let mut j = i + 2;
            while j < cs.len() && cs[j].is_ascii_alphabetic() {
                if cs[j] == flag {
                    return true;
                }
                j += 1;
            }
        }
        i += 1;
    }
    false
}

/// Compiles (and caches) a Java regex.
pub fn compile(interp: &mut Interpreter, src: &str) -> R<Rc<Pattern>> {
    if let Some(p) = interp.regex_cache.get(src) {
        return Ok(p.clone());
    }
    let p = Rc::new(build(src)?);
    if interp.regex_cache.len() > 512 {
        interp.regex_cache.clear();
    }
    interp.regex_cache.insert(src.to_string(), p.clone());
    Ok(p)
}

/// A Java regex translated and compiled.
fn build(src: &str) -> R<Pattern> {
    let translated =
        translate(src).map_err(|what| EvalError::unsupported(format!("regex feature ({what}) in /{src}/")))?;
    let regex = regex::Regex::new(&translated).map_err(|e| {
        EvalError::exception("java.util.regex.PatternSyntaxException", Some(format!("{e} near index 0\n{src}")))
    })?;
    let anchored = regex::Regex::new(&format!(r"\A(?:{translated})\z"))
        .map_err(|e| EvalError::exception("java.util.regex.PatternSyntaxException", Some(format!("{e}\n{src}"))))?;
    let cs: Vec<char> = src.chars().collect();
    let end_before_final_line_end = has_end_anchor(&cs) && !flag_anywhere(&cs, 'm');
    Ok(Pattern { source: src.into(), regex, anchored, end_before_final_line_end })
}

/// Whether the pattern has a `$` outside character classes (not escaped).
fn has_end_anchor(cs: &[char]) -> bool {
    let (mut i, mut depth) = (0, 0usize);
    while i < cs.len() {
        match cs[i] {
            '\\' => i += 1,
            '[' => depth += 1,
            ']' if depth > 0 => depth -= 1,
            '$' if depth == 0 => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// Whether the whole string matches (`==~`, `String.matches`).
pub fn full_match(p: &Pattern, s: &str) -> bool {
    p.anchored.is_match(s)
}

/// The matches `Matcher.find()` finds one after another: each search starts where the last
/// match ended, or one character further after an empty match — so an empty match right after
/// a non-empty one counts (`"aaa".replaceAll(/a*/, "X")` is `XX`), which the crate's iterators
/// skip. When the input ends with a line end and the pattern has a `$` outside `(?m)`, each
/// search also runs on the input without that line end, where `$` matches before it as Java's
/// does, and the match that starts first is taken (on a tie, the one over the whole input).
pub fn java_captures<'h>(p: &Pattern, s: &'h str) -> Vec<regex::Captures<'h>> {
    let shorter = if p.end_before_final_line_end { final_line_end(s).map(|start| &s[..start]) } else { None };
    let re = &p.regex;
    let mut out = Vec::new();
    let mut at = 0;
    while at <= s.len() {
        let whole = re.captures_at(s, at);
        let before_end = shorter.filter(|t| at <= t.len()).and_then(|t| re.captures_at(t, at));
        let start = |c: &regex::Captures| c.get(0).map_or(usize::MAX, |m| m.start());
        let caps = match (whole, before_end) {
            (Some(w), Some(b)) => {
                if start(&b) < start(&w) {
                    b
                } else {
                    w
                }
            }
            (Some(c), None) | (None, Some(c)) => c,
            (None, None) => break,
        };
        let (start, end) = caps.get(0).map(|m| (m.start(), m.end())).unwrap_or((at, at));
        out.push(caps);
        at = if start < end {
            end
        } else {
            match s[end..].chars().next() {
                Some(ch) => end + ch.len_utf8(),
                None => break,
            }
        };
    }
    out
}

/// Where the line end that ends `s` starts (`\r\n`, `\n`, `\r`, `\u0085`, `\u2028` or
/// `\u2029`), if it ends with one.
fn final_line_end(s: &str) -> Option<usize> {
    if let Some(t) = s.strip_suffix("\r\n") {
        return Some(t.len());
    }
    let last = s.chars().next_back()?;
    matches!(last, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}').then(|| s.len() - last.len_utf8())
}

/// The groups of a match, group 0 first.
pub fn groups_of(c: &regex::Captures<'_>) -> Vec<Option<String>> {
    c.iter().map(|m| m.map(|m| m.as_str().to_string())).collect()
}

/// What `matcher[i]` gives: the matched text, or the list of groups when there are groups.
pub fn match_value(groups: &[Option<String>]) -> Value {
    if groups.len() <= 1 {
        return groups.first().cloned().flatten().map(|s| Value::str(&s)).unwrap_or(Value::Null);
    }
    Value::new_list(groups.iter().map(|g| g.as_ref().map(|s| Value::str(s)).unwrap_or(Value::Null)).collect())
}

fn pattern_of(interp: &mut Interpreter, h: &mut dyn Host, v: &Value) -> R<Rc<Pattern>> {
    if let Value::Obj(o) = v {
        if let Obj::Pattern(p) = &**o {
            return Ok(p.clone());
        }
    }
    let s = display(h, v);
    compile(interp, &s)
}

fn new_matcher(p: Rc<Pattern>, input: &str) -> Value {
    let matches = java_captures(&p, input).iter().map(groups_of).collect();
    Value::obj(Obj::Matcher(RefCell::new(MatcherState {
        pattern: p,
        input: input.into(),
        matches,
        cursor: 0,
        current: None,
    })))
}

/// `a =~ b`.
pub fn find_op(interp: &mut Interpreter, h: &mut dyn Host, a: &Value, b: &Value) -> R<Value> {
    let p = pattern_of(interp, h, b)?;
    let s = display(h, a);
    Ok(new_matcher(p, &s))
}

/// `a ==~ b`.
pub fn match_op(interp: &mut Interpreter, h: &mut dyn Host, a: &Value, b: &Value) -> R<Value> {
    let p = pattern_of(interp, h, b)?;
    if a.is_null() {
        return Ok(Value::Bool(false));
    }
    let s = display(h, a);
    Ok(Value::Bool(full_match(&p, &s)))
}

/// Java's `String.split(regex, limit)`.
pub fn java_split(p: &Pattern, s: &str, limit: i64) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut index = 0usize;
    let limited = limit > 0;
    for caps in java_captures(p, s) {
        let Some(m) = caps.get(0) else { continue };
        if !limited || (out.len() as i64) < limit - 1 {
            if index == 0 && m.start() == 0 && m.start() == m.end() {
                continue;
            }
            out.push(s[index..m.start()].to_string());
            index = m.end();
        } else {
            break;
        }
    }
    if index == 0 && out.is_empty() {
        return vec![s.to_string()];
    }
    out.push(s[index..].to_string());
    if limit == 0 {
        while out.len() > 1 && out.last().is_some_and(|x| x.is_empty()) {
            out.pop();
        }
        if out.len() == 1 && out[0].is_empty() && !s.is_empty() {
            out.pop();
        }
    }
    out
}

/// Converts a Java replacement string (`$1`, `\$`) to the `regex` crate's syntax.
fn java_replacement(rep: &str, groups: usize, names: &[&str]) -> R<String> {
    let cs: Vec<char> = rep.chars().collect();
    let mut out = String::with_capacity(rep.len());
    let mut i = 0;
    let illegal = |m: String| EvalError::exception(class::ILLEGAL_ARGUMENT, Some(m));
    while i < cs.len() {
        match cs[i] {
            '\\' if i + 1 == cs.len() => return Err(illegal("character to be escaped is missing".into())),
            '\\' if i + 1 < cs.len() => {
                if cs[i + 1] == '$' {
                    out.push_str("$$");
                } else {
                    out.push(cs[i + 1]);
                }
                i += 2;
            }
            '$' => {
                if i + 1 < cs.len() && cs[i + 1] == '{' {
                    let end = cs[i..].iter().position(|&c| c == '}').map(|p| p + i);
                    match end {
                        Some(e) => {
                            let name: String = cs[i + 2..e].iter().collect();
                            if !names.contains(&name.as_str()) {
                                return Err(illegal(format!("No group with name {{{name}}}")));
                            }
                            out.extend(cs[i..=e].iter());
                            i = e + 1;
                        }
                        None => {
                            return Err(EvalError::exception(
                                class::ILLEGAL_ARGUMENT,
                                Some("named capturing group is missing trailing '}'".into()),
                            ))
                        }
                    }
                    continue;
                }
                let mut j = i + 1;
                let mut num = 0usize;
                while j < cs.len() && cs[j].is_ascii_digit() {
                    let next = num * 10 + cs[j].to_digit(10).unwrap_or(0) as usize;
                    if j > i + 1 && next > groups {
                        break;
                    }
                    num = next;
                    j += 1;
                }
                if j == i + 1 {
                    return Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some("Illegal group reference".into())));
                }
                if num > groups {
                    return Err(EvalError::exception(
                        "java.lang.IndexOutOfBoundsException",
                        Some(format!("No group {num}")),
                    ));
                }
                out.push_str(&format!("${{{num}}}"));
                i = j;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// `replaceAll` / `replaceFirst` with a Java replacement string.
pub fn replace(p: &Pattern, s: &str, rep: &str, all: bool) -> R<String> {
    let found = java_captures(p, s);
    if found.is_empty() {
        // Java reads the replacement at each match only: with none, a bad one raises nothing.
        return Ok(s.to_string());
    }
    let names: Vec<&str> = p.regex.capture_names().flatten().collect();
    let r = java_replacement(rep, p.regex.captures_len() - 1, &names)?;
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for caps in found {
        let Some(m) = caps.get(0) else { continue };
        out.push_str(&s[last..m.start()]);
        caps.expand(&r, &mut out);
        last = m.end();
        if !all {
            break;
        }
    }
    out.push_str(&s[last..]);
    Ok(out)
}

/// `replaceAll(re) { match -> ... }`.
pub fn replace_with_closure(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    p: &Pattern,
    s: &str,
    c: &Value,
    all: bool,
) -> R<Value> {
    let mut out = String::new();
    let mut last = 0;
    let caps: Vec<(usize, usize, Vec<Option<String>>)> = java_captures(p, s)
        .iter()
        .map(|c| {
            let m = c.get(0).map(|m| (m.start(), m.end())).unwrap_or((0, 0));
            (m.0, m.1, groups_of(c))
        })
        .collect();
    for (start, end, groups) in caps {
        out.push_str(&s[last..start]);
        let r = call_with_match(interp, h, c, &groups)?;
        out.push_str(&display(h, &r));
        last = end;
        if !all {
            break;
        }
    }
    out.push_str(&s[last..]);
    Ok(Value::str(&out))
}

/// Calls closure `c` with a match as Groovy's `replaceAll`, `findAll` and `eachMatch` do: the
/// matched text when the pattern has no groups, else the list of the whole match and its groups,
/// spread over the closure's parameters when it takes more than one.
pub fn call_with_match(interp: &mut Interpreter, h: &mut dyn Host, c: &Value, groups: &[Option<String>]) -> R<Value> {
    if groups.len() > 1 && super::methods::arity(interp, c) > 1 {
        let args = groups.iter().map(|g| g.as_ref().map(|s| Value::str(s)).unwrap_or(Value::Null)).collect();
        return interp.call_value(h, c, args);
    }
    let arg = if groups.len() > 1 { match_value(groups) } else { Value::str(groups[0].as_deref().unwrap_or("")) };
    call1(interp, h, c, arg)
}

/// `matcher[i]`.
pub fn matcher_get_at(recv: &Value, idx: &Value) -> R<Value> {
    if let Value::Obj(o) = recv {
        if let Obj::Matcher(m) = &**o {
            let m = m.borrow();
            let i = idx.as_i64().unwrap_or(0);
            let n = m.matches.len() as i64;
            let pos = if i < 0 { i + n } else { i };
            if pos < 0 || pos >= n {
                return Err(EvalError::exception(
                    class::INDEX_OUT_OF_BOUNDS,
                    Some(format!("index is out of range {} (should be between {} and {})", i, -n, n - 1)),
                ));
            }
            return Ok(match_value(&m.matches[pos as usize]));
        }
    }
    Ok(Value::Null)
}

fn no_match() -> EvalError {
    EvalError::exception(class::ILLEGAL_STATE, Some("No match found".into()))
}

/// Methods of `Pattern` and `Matcher` objects.
pub fn method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    o: &Rc<Obj>,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    match &**o {
        Obj::Pattern(p) => Ok(Some(match (name, args) {
            ("matcher", [s]) => {
                let s = display(h, s);
                new_matcher(p.clone(), &s)
            }
            ("pattern" | "toString", []) => Value::Str(p.source.clone()),
            ("split", [s]) => {
                let s = display(h, s);
                Value::new_list(java_split(p, &s, 0).into_iter().map(|x| Value::str(&x)).collect())
            }
            ("isCase", [s]) => Value::Bool(!s.is_null() && full_match(p, &display(h, s))),
            _ => return Ok(None),
        })),
        Obj::Matcher(m) => {
            let r = match (name, args) {
                ("find", []) => {
                    let mut m = m.borrow_mut();
                    if m.cursor < m.matches.len() {
                        m.current = Some(m.cursor);
                        m.cursor += 1;
                        Value::Bool(true)
                    } else {
                        m.current = None;
                        Value::Bool(false)
                    }
                }
                ("matches", []) => {
                    let mut mm = m.borrow_mut();
                    let ok = full_match(&mm.pattern, &mm.input.clone());
                    if ok {
                        let input = mm.input.clone();
                        let groups = mm.pattern.anchored.captures(&input).map(|c| groups_of(&c)).unwrap_or_default();
                        // Anchored captures carry the same groups as the pattern.
                        if mm.matches.is_empty() {
                            mm.matches.push(groups);
                        }
                        mm.current = Some(0);
                    }
                    Value::Bool(ok)
                }
                ("group", []) | ("group", [_]) => {
                    let mm = m.borrow();
                    let cur = mm.current.ok_or_else(no_match)?;
                    let gi = match args.first() {
                        // A named group: its number among the groups.
                        Some(v) if v.is_string() => {
                            let name = v.to_string();
                            match mm.pattern.regex.capture_names().position(|n| n == Some(name.as_str())) {
                                Some(i) => i as i64,
                                None => {
                                    return Err(EvalError::exception(
                                        class::ILLEGAL_ARGUMENT,
                                        Some(format!("No group with name <{name}>")),
                                    ))
                                }
                            }
                        }
                        v => v.and_then(|v| v.as_i64()).unwrap_or(0),
                    };
                    let groups = &mm.matches[cur];
                    if gi < 0 || gi as usize >= groups.len() {
                        return Err(EvalError::exception(class::INDEX_OUT_OF_BOUNDS, Some(format!("No group {gi}"))));
                    }
                    groups[gi as usize].as_ref().map(|s| Value::str(s)).unwrap_or(Value::Null)
                }
                ("groupCount", []) => Value::Int(m.borrow().pattern.regex.captures_len() as i32 - 1),
                ("hasGroup", []) => Value::Bool(m.borrow().pattern.regex.captures_len() > 1),
                ("size" | "getCount", []) => Value::Int(m.borrow().matches.len() as i32),
                ("reset", []) => {
                    let mut mm = m.borrow_mut();
                    mm.cursor = 0;
                    mm.current = None;
                    recv.clone()
                }
                ("replaceAll" | "replaceFirst", [rep]) => {
                    let (p, input) = {
                        let mm = m.borrow();
                        (mm.pattern.clone(), mm.input.clone())
                    };
                    let rep = display(h, rep);
                    Value::str(&replace(&p, &input, &rep, name == "replaceAll")?)
                }
                ("getAt", [i]) => matcher_get_at(recv, i)?,
                ("each", [c]) if c.is_callable() => {
                    let all: Vec<Vec<Option<String>>> = m.borrow().matches.clone();
                    for g in all {
                        let v = match_value(&g);
                        if g.len() > 1 && super::methods::arity(interp, c) > 1 {
                            let args =
                                g.iter().map(|x| x.as_ref().map(|s| Value::str(s)).unwrap_or(Value::Null)).collect();
                            interp.call_value(h, c, args)?;
                        } else {
                            call1(interp, h, c, v)?;
                        }
                    }
                    recv.clone()
                }
                _ => return Ok(None),
            };
            Ok(Some(r))
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_match_right_after_a_match_counts() {
        let p = build("a*").unwrap();
        let found: Vec<&str> = java_captures(&p, "aab").iter().map(|c| c.get(0).unwrap().as_str()).collect();
        assert_eq!(found, vec!["aa", "", ""]);
    }

    #[test]
    fn dollar_matches_before_a_line_end_that_ends_the_input() {
        let found = |re: &str, s: &str| -> Vec<(usize, usize)> {
            java_captures(&build(re).unwrap(), s)
                .iter()
                .map(|c| (c.get(0).unwrap().start(), c.get(0).unwrap().end()))
                .collect()
        };
        assert_eq!(found(r"\d+$", "value 42\n"), vec![(6, 8)]);
        assert_eq!(found(r"\d+$", "value 42\r\n"), vec![(6, 8)]);
        assert_eq!(found("$", "abc\n"), vec![(3, 3), (4, 4)]);
        assert_eq!(found(r"\d+$", "4\n2\n"), vec![(2, 3)]);
        assert_eq!(found(r"(?m)\d+$", "4\n2\n"), vec![(0, 1), (2, 3)]);
        assert_eq!(found(r"\$", "a$\n"), vec![(1, 2)]);
    }

    #[test]
    fn split_follows_java() {
        let re = build(",").unwrap();
        assert_eq!(java_split(&re, "a,b,,c,,", 0), vec!["a", "b", "", "c"]);
        assert_eq!(java_split(&re, "", 0), vec![""]);
        assert_eq!(java_split(&re, ",a", 0), vec!["", "a"]);
        assert_eq!(java_split(&re, "a,b,c", 2), vec!["a", "b,c"]);
        let ws = build(r"\s+").unwrap();
        assert_eq!(java_split(&ws, "a  b c", 0), vec!["a", "b", "c"]);
        let empty = build("").unwrap();
        assert_eq!(java_split(&empty, "abc", 0), vec!["a", "b", "c"]);
        assert_eq!(java_split(&re, ",,", 0), Vec::<String>::new());
    }

    #[test]
    fn replacement_syntax() {
        assert_eq!(java_replacement("$1-\\$", 1, &[]).unwrap(), "${1}-$$");
        assert!(java_replacement("$", 0, &[]).is_err());
        assert_eq!(java_replacement("${y}", 1, &["y"]).unwrap(), "${y}");
        assert!(java_replacement("${zz}", 1, &["y"]).is_err());
        assert!(java_replacement("a\\", 0, &[]).is_err());
    }

    #[test]
    fn translation() {
        assert_eq!(translate(r"\p{Alpha}+").unwrap(), "(?R)[[:alpha:]]+");
        assert!(translate(r"(a)\1").is_err());
        assert!(translate(r"(?=a)").is_err());
        assert_eq!(translate(r"\Q.*\E").unwrap(), r"(?R)\.\*");
        assert_eq!(translate(r"\w\<").unwrap(), "(?R)[0-9A-Za-z_]<");
        assert_eq!(translate(r"[\w-.]").unwrap(), r"(?R)[[0-9A-Za-z_]\-.]");
        assert_eq!(translate(r"(?iu)a.").unwrap(), r"(?R)(?i)a[^\n\r\x{85}\x{2028}\x{2029}]");
        assert_eq!(translate(r"(?s)a.").unwrap(), r"(?R)(?s)a.");
    }
}
