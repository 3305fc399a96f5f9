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

/// Translates Java regex syntax to the `regex` crate's.
fn translate(src: &str) -> Result<String, String> {
    let cs: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len() + 8);
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c == '\\' && i + 1 < cs.len() {
            let n = cs[i + 1];
            match n {
                'Q' => {
                    // Quote until \E.
                    let mut j = i + 2;
                    while j < cs.len() && !(cs[j] == '\\' && j + 1 < cs.len() && cs[j + 1] == 'E') {
                        out.push_str(&regex::escape(&cs[j].to_string()));
                        j += 1;
                    }
                    i = j + 2;
                    continue;
                }
                'p' | 'P' if i + 2 < cs.len() && cs[i + 2] == '{' => {
                    let end = cs[i + 3..].iter().position(|&x| x == '}').map(|p| p + i + 3);
                    if let Some(end) = end {
                        let name: String = cs[i + 3..end].iter().collect();
                        let class = match name.as_str() {
                            "Alpha" => "[[:alpha:]]",
                            "Digit" => "[0-9]",
                            "Alnum" => "[[:alnum:]]",
                            "Upper" | "Lu" => "[[:upper:]]",
                            "Lower" | "Ll" => "[[:lower:]]",
                            "Punct" => "[[:punct:]]",
                            "Space" => "[[:space:]]",
                            "XDigit" => "[[:xdigit:]]",
                            "Blank" => "[[:blank:]]",
                            "Cntrl" => "[[:cntrl:]]",
                            "Graph" => "[[:graph:]]",
                            "Print" => "[[:print:]]",
                            "ASCII" => "[\\x00-\\x7F]",
                            _ => "",
                        };
                        if class.is_empty() {
                            out.push_str(&cs[i..=end].iter().collect::<String>());
                        } else if n == 'P' {
                            out.push_str(&format!("[^{}]", &class[1..class.len() - 1]));
                        } else {
                            out.push_str(class);
                        }
                        i = end + 1;
                        continue;
                    }
                }
                '1'..='9' => return Err("backreference".into()),
                'G' | 'Z' => return Err(format!("\\{n}")),
                _ => {}
            }
            out.push(c);
            out.push(n);
            i += 2;
            continue;
        }
        if c == '(' && i + 2 < cs.len() && cs[i + 1] == '?' {
            match cs[i + 2] {
                '=' | '!' => return Err("lookahead".into()),
                '<' if i + 3 < cs.len() && (cs[i + 3] == '=' || cs[i + 3] == '!') => return Err("lookbehind".into()),
                '<' => {
                    // Named group (?<name>...) → (?P<name>...)
                    out.push_str("(?P<");
                    i += 3;
                    continue;
                }
                '>' => {
                    out.push_str("(?:");
                    i += 3;
                    continue;
                }
                _ => {}
            }
        }
        if (c == '+' || c == '*' || c == '?' || c == '}') && i + 1 < cs.len() && cs[i + 1] == '+' {
            return Err("possessive quantifier".into());
        }
        out.push(c);
        i += 1;
    }
    Ok(out)
}

/// Compiles (and caches) a Java regex.
pub fn compile(interp: &mut Interpreter, src: &str) -> R<Rc<Pattern>> {
    if let Some(p) = interp.regex_cache.get(src) {
        return Ok(p.clone());
    }
    let translated =
        translate(src).map_err(|what| EvalError::unsupported(format!("regex feature ({what}) in /{src}/")))?;
    let regex = regex::Regex::new(&translated).map_err(|e| {
        EvalError::exception("java.util.regex.PatternSyntaxException", Some(format!("{e} near index 0\n{src}")))
    })?;
    let anchored = regex::Regex::new(&format!(r"\A(?:{translated})\z"))
        .map_err(|e| EvalError::exception("java.util.regex.PatternSyntaxException", Some(format!("{e}\n{src}"))))?;
    let p = Rc::new(Pattern { source: src.into(), regex, anchored });
    if interp.regex_cache.len() > 512 {
        interp.regex_cache.clear();
    }
    interp.regex_cache.insert(src.to_string(), p.clone());
    Ok(p)
}

/// Whether the whole string matches (`==~`, `String.matches`).
pub fn full_match(p: &Pattern, s: &str) -> bool {
    p.anchored.is_match(s)
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
    let matches = p.regex.captures_iter(input).map(|c| groups_of(&c)).collect();
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
pub fn java_split(re: &regex::Regex, s: &str, limit: i64) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut index = 0usize;
    let limited = limit > 0;
    for m in re.find_iter(s) {
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
fn java_replacement(rep: &str, groups: usize) -> R<String> {
    let cs: Vec<char> = rep.chars().collect();
    let mut out = String::with_capacity(rep.len());
    let mut i = 0;
    while i < cs.len() {
        match cs[i] {
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
    let r = java_replacement(rep, p.regex.captures_len() - 1)?;
    Ok(if all { p.regex.replace_all(s, r.as_str()).into_owned() } else { p.regex.replace(s, r.as_str()).into_owned() })
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
    let caps: Vec<(usize, usize, Vec<Option<String>>)> = p
        .regex
        .captures_iter(s)
        .map(|c| {
            let m = c.get(0).map(|m| (m.start(), m.end())).unwrap_or((0, 0));
            (m.0, m.1, groups_of(&c))
        })
        .collect();
    for (start, end, groups) in caps {
        out.push_str(&s[last..start]);
        let arg = if groups.len() > 1 { match_value(&groups) } else { Value::str(groups[0].as_deref().unwrap_or("")) };
        let r = if groups.len() > 1 && super::methods::arity(interp, c) > 1 {
            let args = groups.iter().map(|g| g.as_ref().map(|s| Value::str(s)).unwrap_or(Value::Null)).collect();
            interp.call_value(h, c, args)?
        } else {
            call1(interp, h, c, arg)?
        };
        out.push_str(&display(h, &r));
        last = end;
        if !all {
            break;
        }
    }
    out.push_str(&s[last..]);
    Ok(Value::str(&out))
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
                Value::new_list(java_split(&p.regex, &s, 0).into_iter().map(|x| Value::str(&x)).collect())
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
                    let gi = args.first().and_then(|v| v.as_i64()).unwrap_or(0);
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
    fn split_follows_java() {
        let re = regex::Regex::new(",").unwrap();
        assert_eq!(java_split(&re, "a,b,,c,,", 0), vec!["a", "b", "", "c"]);
        assert_eq!(java_split(&re, "", 0), vec![""]);
        assert_eq!(java_split(&re, ",a", 0), vec!["", "a"]);
        assert_eq!(java_split(&re, "a,b,c", 2), vec!["a", "b,c"]);
        let ws = regex::Regex::new(r"\s+").unwrap();
        assert_eq!(java_split(&ws, "a  b c", 0), vec!["a", "b", "c"]);
        let empty = regex::Regex::new("").unwrap();
        assert_eq!(java_split(&empty, "abc", 0), vec!["a", "b", "c"]);
        assert_eq!(java_split(&re, ",,", 0), Vec::<String>::new());
    }

    #[test]
    fn replacement_syntax() {
        assert_eq!(java_replacement("$1-\\$", 1).unwrap(), "${1}-$$");
        assert!(java_replacement("$", 0).is_err());
    }

    #[test]
    fn translation() {
        assert_eq!(translate(r"\p{Alpha}+").unwrap(), "[[:alpha:]]+");
        assert!(translate(r"(a)\1").is_err());
        assert!(translate(r"(?=a)").is_err());
        assert_eq!(translate(r"\Q.*\E").unwrap(), r"\.\*");
    }
}
