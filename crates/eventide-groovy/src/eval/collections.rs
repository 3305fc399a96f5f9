//! GDK methods of lists, ranges and maps, with Groovy's semantics: `sort` and `unique` mutate,
//! `find` returns null when nothing matches, map closures take an entry or (key, value).

use std::cmp::Ordering;

use super::arith::compare_plain;
use super::error::{class, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::methods::{arity, call1, index_error, test1};
use super::ops;
use super::show::display;
use super::value::{GMap, ListKind, ListRef, MapRef, Obj, Range, Value};

/// Methods that make sense on anything iterable (Groovy's `Object` iteration methods).
pub fn is_iteration_method(name: &str) -> bool {
    matches!(
        name,
        "each"
            | "eachWithIndex"
            | "collect"
            | "collectMany"
            | "find"
            | "findAll"
            | "findResult"
            | "findIndexOf"
            | "any"
            | "every"
            | "inject"
            | "count"
            | "sum"
            | "max"
            | "min"
            | "join"
            | "groupBy"
            | "countBy"
            | "collectEntries"
            | "toList"
            | "asList"
            | "toSet"
            | "grep"
            | "first"
            | "last"
            | "size"
            | "sort"
            | "unique"
            | "reverseEach"
            | "withIndex"
            | "flatten"
            | "isEmpty"
            | "contains"
    )
}

pub fn is_list_method(name: &str) -> bool {
    matches!(
        name,
        "add"
            | "addAll"
            | "remove"
            | "removeAll"
            | "retainAll"
            | "clear"
            | "indexOf"
            | "get"
            | "set"
            | "push"
            | "pop"
            | "head"
            | "tail"
            | "reverse"
            | "take"
            | "drop"
            | "plus"
            | "minus"
            | "intersect"
            | "subList"
            | "removeIf"
            | "replaceAll"
            | "forEach"
    )
}

pub fn is_map_method(name: &str) -> bool {
    matches!(
        name,
        "get"
            | "put"
            | "putAll"
            | "containsKey"
            | "containsValue"
            | "keySet"
            | "values"
            | "entrySet"
            | "remove"
            | "clear"
            | "subMap"
            | "getOrDefault"
            | "putIfAbsent"
            | "merge"
            | "compute"
            | "computeIfAbsent"
            | "computeIfPresent"
            | "replace"
            | "replaceAll"
            | "removeAll"
            | "retainAll"
            | "forEach"
            | "plus"
            | "minus"
    )
}

fn num_arg(v: &Value) -> Option<i64> {
    match v {
        Value::Int(_) | Value::Long(_) | Value::BigInt(_) => v.as_i64(),
        _ => None,
    }
}

fn no_such_element(msg: &str) -> EvalError {
    EvalError::exception(class::NO_SUCH_ELEMENT, Some(msg.to_string()))
}

/// The `ArrayIndexOutOfBoundsException` of `array[idx]` for an index past the end of a Java array
/// (`"07:30".split(":")[2]`): only a list reads `null` there. (Before the start, arrays and
/// lists raise alike, in [`list_get_at`].) The message is Java 8's, the index.
pub fn past_array_end(list: &super::value::GList, idx: &Value) -> Option<EvalError> {
    if !matches!(list.kind, ListKind::Array(_)) || !matches!(idx, Value::Int(_) | Value::Long(_)) {
        return None;
    }
    let i = ops::to_i64(idx);
    (i >= list.len() as i64)
        .then(|| EvalError::exception("java.lang.ArrayIndexOutOfBoundsException", Some(i.to_string())))
}

/// `list[idx]`: negative indices count from the end, ranges and lists of indices select.
pub fn list_get_at(interp: &mut Interpreter, h: &mut dyn Host, items: &[Value], idx: &Value) -> R<Value> {
    let len = items.len() as i64;
    match idx {
        Value::Range(r) => {
            let Some((a, b, reverse)) = r.slice(len) else { return Ok(Value::new_list(Vec::new())) };
            if a < 0 || b >= len {
                return Err(index_error(if a < 0 { a } else { b }, items.len()));
            }
            let picked = &items[a as usize..=b as usize];
            let out: Vec<Value> = if reverse { picked.iter().rev().cloned().collect() } else { picked.to_vec() };
            Ok(Value::new_list(out))
        }
        Value::List(l) => {
            let idxs = l.borrow().to_vec();
            let mut out = Vec::new();
            for i in &idxs {
                match list_get_at(interp, h, items, i)? {
                    Value::List(sub) if matches!(i, Value::Range(_)) => out.extend(sub.borrow().iter().cloned()),
                    v => out.push(v),
                }
            }
            Ok(Value::new_list(out))
        }
        _ => match num_arg(idx).or_else(|| if idx.is_number() { Some(ops::to_i64(idx)) } else { None }) {
            Some(i) => {
                let pos = if i < 0 { i + len } else { i };
                if pos < 0 {
                    // Past the end a list reads null; before the start Groovy raises.
                    return Err(EvalError::exception(
                        "java.lang.ArrayIndexOutOfBoundsException",
                        Some(format!("Negative array index [{i}] too large for array size {len}")),
                    ));
                }
                if pos >= len {
                    return Ok(Value::Null);
                }
                Ok(items[pos as usize].clone())
            }
            None => {
                // `list['prop']` spreads a property read.
                if let Some(name) = idx.as_str() {
                    let mut out = Vec::with_capacity(items.len());
                    for it in items {
                        out.push(if it.is_null() { Value::Null } else { interp.get_property(h, it, name)? });
                    }
                    return Ok(Value::new_list(out));
                }
                Err(EvalError::exception(
                    class::MISSING_METHOD,
                    Some(format!(
                        "No signature of method: java.util.ArrayList.getAt() is applicable for argument types: ({})",
                        idx.type_name()
                    )),
                ))
            }
        },
    }
}

/// Sort comparator: a closure of one (key) or two (comparator) parameters, or natural order.
fn sort_items(interp: &mut Interpreter, h: &mut dyn Host, items: &mut [Value], cmp: Option<&Value>) -> R<()> {
    match cmp {
        None => super::timsort::sort(items, &mut |a, b| Ok(natural(a, b))),
        Some(c) if arity(interp, c) >= 2 => super::timsort::sort(items, &mut |a, b| {
            let v = interp.call_value(h, c, vec![a.clone(), b.clone()])?;
            Ok(comparator_int(&v).cmp(&0))
        }),
        Some(c) => {
            // Key extractor: compute keys once.
            let mut keyed: Vec<(Value, Value)> = Vec::with_capacity(items.len());
            for it in items.iter() {
                keyed.push((call1(interp, h, c, it.clone())?, it.clone()));
            }
            super::timsort::sort(&mut keyed, &mut |a, b| Ok(natural(&a.0, &b.0)))?;
            for (slot, (_, v)) in items.iter_mut().zip(keyed) {
                *slot = v;
            }
            Ok(())
        }
    }
}

/// What a comparator closure's answer means to Java: its `intValue()` (a `Long` difference of
/// times keeps only its low 32 bits, a fraction is cut to 0).
fn comparator_int(v: &Value) -> i32 {
    match v {
        Value::Long(l) => *l as i32,
        Value::Double(d) => *d as i32,
        Value::Float(f) => *f as i32,
        other => ops::to_i64(other) as i32,
    }
}

/// Groovy's `NumberAwareComparator`: natural order, numbers across types; incomparable values by
/// their printed form.
pub fn natural(a: &Value, b: &Value) -> Ordering {
    compare_plain(a, b).unwrap_or_else(|| {
        if ops::values_equal(a, b) {
            Ordering::Equal
        } else {
            a.to_string().cmp(&b.to_string())
        }
    })
}

fn compare_with(interp: &mut Interpreter, h: &mut dyn Host, c: Option<&Value>, a: &Value, b: &Value) -> R<Ordering> {
    match c {
        None => Ok(natural(a, b)),
        Some(c) if arity(interp, c) >= 2 => {
            let v = interp.call_value(h, c, vec![a.clone(), b.clone()])?;
            Ok(ops::to_i64(&v).cmp(&0))
        }
        Some(c) => {
            let ka = call1(interp, h, c, a.clone())?;
            let kb = call1(interp, h, c, b.clone())?;
            Ok(natural(&ka, &kb))
        }
    }
}

fn unique_items(interp: &mut Interpreter, h: &mut dyn Host, items: Vec<Value>, c: Option<&Value>) -> R<Vec<Value>> {
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    match c {
        None => return Ok(super::value::distinct_by(items, ops::values_equal)),
        Some(c) if arity(interp, c) >= 2 => {
            for it in items {
                let mut dup = false;
                for x in &out {
                    let r = interp.call_value(h, c, vec![x.clone(), it.clone()])?;
                    if ops::to_i64(&r) == 0 {
                        dup = true;
                        break;
                    }
                }
                if !dup {
                    out.push(it);
                }
            }
        }
        Some(c) => {
            let mut keys: Vec<Value> = Vec::new();
            let mut index = super::value::EqIndex::new(ops::values_equal);
            for it in items {
                let k = call1(interp, h, c, it.clone())?;
                if index.insert(&k, keys.len(), &keys) {
                    keys.push(k);
                    out.push(it);
                }
            }
        }
    }
    Ok(out)
}

/// An index of `values` for membership under `eq` (near-linear where a scan per element was
/// quadratic on large collections).
pub(crate) fn index_of(values: &[Value], eq: fn(&Value, &Value) -> bool) -> super::value::EqIndex {
    let mut index = super::value::EqIndex::new(eq);
    for (i, v) in values.iter().enumerate() {
        index.insert(v, i, values);
    }
    index
}

fn flatten_into(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    items: &[Value],
    out: &mut Vec<Value>,
    depth: usize,
) -> R<()> {
    for it in items {
        match it {
            _ if depth < 1000 && Interpreter::is_collection(it) => {
                let inner = interp.iterate(h, it)?;
                flatten_into(interp, h, &inner, out, depth + 1)?;
            }
            _ => out.push(it.clone()),
        }
    }
    Ok(())
}

fn sum_items(interp: &mut Interpreter, h: &mut dyn Host, items: &[Value], init: Option<Value>) -> R<Value> {
    let mut acc = init;
    for it in items {
        acc = Some(match acc {
            None => it.clone(),
            Some(a) => interp.binary(h, crate::syntax::BinaryOp::Add, &a, it)?,
        });
    }
    Ok(acc.unwrap_or(Value::Null))
}

fn join_items(h: &mut dyn Host, items: &[Value], sep: &str) -> String {
    let mut out = String::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        super::show::write_display(h, &mut out, it);
    }
    out
}

/// [`entry_of`] into a map the program holds (`collectEntries(into)`): the entries are read
/// before the map is changed, since `v` may be that map.
fn put_entries(h: &mut dyn Host, v: &Value, into: &MapRef) -> R<()> {
    let mut read = GMap::new();
    entry_of(h, v, &mut read)?;
    let mut into = into.borrow_mut();
    for (k, x) in read.entries() {
        into.insert(k.clone(), x.clone());
    }
    Ok(())
}

/// Builds a map entry from what a `collectEntries` closure returned.
fn entry_of(h: &mut dyn Host, v: &Value, out: &mut GMap) -> R<()> {
    match v {
        Value::List(l) => {
            let l = l.borrow();
            if l.len() == 2 {
                out.insert(l[0].clone(), l[1].clone());
                Ok(())
            } else {
                Err(EvalError::exception(
                    class::ILLEGAL_ARGUMENT,
                    Some(format!("Expected a list of size 2 for a map entry but found {}", display(h, v))),
                ))
            }
        }
        Value::Map(m) => {
            for (k, x) in m.borrow().iter() {
                out.insert(k.clone(), x.clone());
            }
            Ok(())
        }
        Value::Obj(o) => match &**o {
            Obj::MapEntry(k, x) => {
                out.insert(k.clone(), x.clone());
                Ok(())
            }
            _ => Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some("not a map entry".into()))),
        },
        _ => Err(EvalError::exception(
            class::ILLEGAL_ARGUMENT,
            Some(format!("Expected a list of size 2 for a map entry but found {}", display(h, v))),
        )),
    }
}

/// Methods of lists (and, through a copy, of ranges and other iterables).
pub fn list_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    l: &ListRef,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    let snapshot = || l.borrow().to_vec();
    let closure = |i: usize| args.get(i).filter(|c| c.is_callable());
    Ok(Some(match (name, args) {
        ("size", []) => Value::Int(l.borrow().len() as i32),
        ("isEmpty", []) => Value::Bool(l.borrow().is_empty()),
        ("getEmpty", []) => Value::Bool(l.borrow().is_empty()),
        ("add" | "leftShift", [x]) => {
            // A set keeps one of equal elements (`add` says whether it added).
            let added = l.borrow_mut().add(x.clone());
            if name == "add" {
                Value::Bool(added)
            } else {
                recv.clone()
            }
        }
        ("add", [i, x]) => {
            let Some(i) = num_arg(i) else { return Ok(None) };
            let mut items = l.borrow_mut();
            if i < 0 || i as usize > items.len() {
                return Err(index_error(i, items.len()));
            }
            items.insert(i as usize, x.clone());
            Value::Null
        }
        ("addAll", [c]) => {
            let extra = interp.iterate(h, c)?;
            Value::Bool(l.borrow_mut().add_all(extra))
        }
        ("addAll", [i, c]) => {
            let Some(i) = num_arg(i) else { return Ok(None) };
            let extra = interp.iterate(h, c)?;
            let mut items = l.borrow_mut();
            if i < 0 || i as usize > items.len() {
                return Err(index_error(i, items.len()));
            }
            let tail = items.split_off(i as usize);
            items.extend(extra);
            items.extend(tail);
            Value::Bool(true)
        }
        // A set has no positions: `set.remove(5)` removes the element 5.
        ("remove" | "removeAt", [Value::Int(i)]) if !l.borrow().is_set() => {
            let i = *i as i64;
            let mut items = l.borrow_mut();
            if i < 0 || i as usize >= items.len() {
                return Err(index_error(i, items.len()));
            }
            items.remove(i as usize)
        }
        ("remove" | "removeElement", [x]) => {
            let mut items = l.borrow_mut();
            match items.iter().position(|y| ops::java_equals(y, x)) {
                Some(p) => {
                    items.remove(p);
                    Value::Bool(true)
                }
                None => Value::Bool(false),
            }
        }
        ("removeAll" | "retainAll" | "removeIf", [c]) => {
            let items = snapshot();
            let keep_matching = name == "retainAll";
            let mut kept = Vec::with_capacity(items.len());
            let others = if c.is_callable() { Vec::new() } else { interp.iterate(h, c)? };
            let index = index_of(&others, ops::java_equals);
            for it in items.iter() {
                let m = if c.is_callable() { test1(interp, h, c, it.clone())? } else { index.contains(it, &others) };
                if m == keep_matching {
                    kept.push(it.clone());
                }
            }
            let changed = kept.len() != items.len();
            l.borrow_mut().set_items(kept);
            Value::Bool(changed)
        }
        ("clear", []) => {
            l.borrow_mut().clear();
            Value::Null
        }
        ("replaceAll", [f]) if f.is_callable() => {
            let mut out = Vec::new();
            for it in snapshot() {
                out.push(call1(interp, h, f, it)?);
            }
            l.borrow_mut().set_items(out);
            Value::Null
        }
        // The JDK's methods: Java's `equals` (see `ops::java_equals`).
        ("contains", [x]) => Value::Bool(l.borrow().iter().any(|y| ops::java_equals(y, x))),
        ("containsAll", [c]) => {
            let others = interp.iterate(h, c)?;
            let items = snapshot();
            let index = index_of(&items, ops::java_equals);
            Value::Bool(others.iter().all(|o| index.contains(o, &items)))
        }
        ("indexOf", [x]) => Value::Int(l.borrow().iter().position(|y| ops::java_equals(y, x)).map_or(-1, |p| p as i32)),
        ("lastIndexOf", [x]) => {
            Value::Int(l.borrow().iter().rposition(|y| ops::java_equals(y, x)).map_or(-1, |p| p as i32))
        }
        ("get", [i]) => {
            let Some(i) = num_arg(i) else { return Ok(None) };
            let items = l.borrow();
            if i < 0 || i as usize >= items.len() {
                return Err(index_error(i, items.len()));
            }
            items[i as usize].clone()
        }
        ("getAt", [i]) => {
            if let Some(e) = past_array_end(&l.borrow(), i) {
                return Err(e);
            }
            let items = snapshot();
            list_get_at(interp, h, &items, i)?
        }
        ("set", [i, x]) => {
            let Some(i) = num_arg(i) else { return Ok(None) };
            let mut items = l.borrow_mut();
            if i < 0 || i as usize >= items.len() {
                return Err(index_error(i, items.len()));
            }
            std::mem::replace(&mut items[i as usize], x.clone())
        }
        ("putAt", [i, x]) => {
            super::methods::put_at(interp, h, recv, i, x.clone())?;
            Value::Null
        }
        ("first" | "head", []) => match l.borrow().first() {
            Some(v) => v.clone(),
            None => return Err(no_such_element(&format!("Cannot access {name}() element from an empty List"))),
        },
        ("last", []) => match l.borrow().last() {
            Some(v) => v.clone(),
            None => return Err(no_such_element("Cannot access last() element from an empty List")),
        },
        ("first" | "take", [n]) if name == "take" || num_arg(n).is_some() => {
            let Some(n) = num_arg(n) else { return Ok(None) };
            Value::new_list_of(filtered_kind(l), l.borrow().iter().take(n.max(0) as usize).cloned().collect())
        }
        ("last" | "takeRight", [n]) => {
            let Some(n) = num_arg(n) else { return Ok(None) };
            let items = l.borrow();
            let skip = items.len().saturating_sub(n.max(0) as usize);
            Value::new_list(items[skip..].to_vec())
        }
        ("tail", []) => {
            let items = l.borrow();
            if items.is_empty() {
                return Err(no_such_element("Cannot access tail() for an empty List"));
            }
            Value::new_list_of(filtered_kind(l), items[1..].to_vec())
        }
        ("init", []) => {
            let items = l.borrow();
            if items.is_empty() {
                return Err(no_such_element("Cannot access init() for an empty List"));
            }
            Value::new_list_of(filtered_kind(l), items[..items.len() - 1].to_vec())
        }
        ("drop", [n]) => {
            let Some(n) = num_arg(n) else { return Ok(None) };
            Value::new_list_of(filtered_kind(l), l.borrow().iter().skip(n.max(0) as usize).cloned().collect())
        }
        ("dropRight", [n]) => {
            let Some(n) = num_arg(n) else { return Ok(None) };
            let items = l.borrow();
            let keep = items.len().saturating_sub(n.max(0) as usize);
            Value::new_list(items[..keep].to_vec())
        }
        ("takeWhile" | "dropWhile", [c]) if c.is_callable() => {
            let items = snapshot();
            let mut n = 0;
            for it in &items {
                if !test1(interp, h, c, it.clone())? {
                    break;
                }
                n += 1;
            }
            let kept = if name == "takeWhile" { items[..n].to_vec() } else { items[n..].to_vec() };
            Value::new_list_of(filtered_kind(l), kept)
        }
        ("subList", [a, b]) => {
            let (Some(a), Some(b)) = (num_arg(a), num_arg(b)) else {
                return Ok(None);
            };
            let items = l.borrow();
            if a < 0 || b as usize > items.len() || a > b {
                return Err(EvalError::exception(
                    class::INDEX_OUT_OF_BOUNDS,
                    Some(format!("fromIndex: {a}, toIndex: {b}, size: {}", items.len())),
                ));
            }
            Value::new_list(items[a as usize..b as usize].to_vec())
        }
        ("push", [x]) => {
            l.borrow_mut().push(x.clone());
            Value::Bool(true)
        }
        ("pop", []) => match l.borrow_mut().pop() {
            Some(v) => v,
            None => return Err(no_such_element("Cannot pop() an empty List")),
        },
        // A list used as a queue or deque (`as Queue`, `new LinkedList()`).
        ("poll" | "pollFirst", []) => {
            let mut items = l.borrow_mut();
            if items.is_empty() {
                Value::Null
            } else {
                items.remove(0)
            }
        }
        ("pollLast", []) => l.borrow_mut().pop().unwrap_or(Value::Null),
        ("peek" | "peekFirst", []) => l.borrow().first().cloned().unwrap_or(Value::Null),
        ("peekLast", []) => l.borrow().last().cloned().unwrap_or(Value::Null),
        ("offer" | "offerLast", [x]) => {
            l.borrow_mut().push(x.clone());
            Value::Bool(true)
        }
        ("offerFirst", [x]) => {
            l.borrow_mut().insert(0, x.clone());
            Value::Bool(true)
        }
        ("addLast", [x]) => {
            l.borrow_mut().push(x.clone());
            Value::Null
        }
        ("addFirst", [x]) => {
            l.borrow_mut().insert(0, x.clone());
            Value::Null
        }
        ("element" | "remove" | "removeFirst" | "getFirst", []) => {
            let mut items = l.borrow_mut();
            if items.is_empty() {
                return Err(no_such_element("the queue is empty"));
            }
            if name == "element" || name == "getFirst" {
                items[0].clone()
            } else {
                items.remove(0)
            }
        }
        ("removeLast" | "getLast", []) => {
            let mut items = l.borrow_mut();
            match (name, items.last().cloned()) {
                (_, None) => return Err(no_such_element("the queue is empty")),
                ("getLast", Some(v)) => v,
                _ => items.pop().unwrap_or(Value::Null),
            }
        }
        // `forEach` is Java's: the same walk, returning nothing.
        ("each" | "forEach", [c]) if c.is_callable() => {
            walk_list(l, |_, it| call1(interp, h, c, it).map(|_| true))?;
            if name == "each" {
                recv.clone()
            } else {
                Value::Null
            }
        }
        ("reverseEach", [c]) if c.is_callable() => {
            for it in snapshot().into_iter().rev() {
                call1(interp, h, c, it)?;
            }
            recv.clone()
        }
        ("eachWithIndex", [c]) if c.is_callable() => {
            walk_list(l, |i, it| interp.call_value(h, c, vec![it, Value::Int(i as i32)]).map(|_| true))?;
            recv.clone()
        }
        ("collect", []) => Value::new_list(snapshot()),
        // A shallow copy, as `ArrayList.clone()` (a set's is a set).
        ("clone", []) => Value::new_list_of(l.borrow().kind, snapshot()),
        ("collect", [c]) if c.is_callable() => {
            let mut out = Vec::with_capacity(l.borrow().len());
            walk_list(l, |_, it| {
                out.push(call1(interp, h, c, it)?);
                Ok(true)
            })?;
            Value::new_list(out)
        }
        ("collect", [init, c]) if c.is_callable() => {
            let items = snapshot();
            for it in items {
                let v = call1(interp, h, c, it)?;
                if let Value::List(o) = init {
                    o.borrow_mut().add(v);
                }
            }
            init.clone()
        }
        ("collectMany", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for it in snapshot() {
                let v = call1(interp, h, c, it)?;
                out.extend(interp.iterate(h, &v)?);
            }
            Value::new_list(out)
        }
        ("collectNested", [c]) if c.is_callable() => {
            fn nest(
                interp: &mut Interpreter,
                h: &mut dyn Host,
                items: Vec<Value>,
                c: &Value,
                depth: usize,
            ) -> R<Value> {
                if depth > super::methods::MAX_NESTING {
                    return Err(super::methods::stack_overflow()); // a list that holds itself
                }
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(match &it {
                        Value::List(inner) => {
                            let inner = inner.borrow().to_vec();
                            nest(interp, h, inner, c, depth + 1)?
                        }
                        _ => call1(interp, h, c, it)?,
                    });
                }
                Ok(Value::new_list(out))
            }
            nest(interp, h, snapshot(), c, 0)?
        }
        ("find", []) => snapshot().into_iter().find(|x| x.truthy()).unwrap_or(Value::Null),
        ("find", [c]) if c.is_callable() => {
            for it in snapshot() {
                if test1(interp, h, c, it.clone())? {
                    return Ok(Some(it));
                }
            }
            Value::Null
        }
        // `findAll` and `grep` of a set are a set.
        ("findAll", []) => {
            Value::new_list_of(filtered_kind(l), snapshot().into_iter().filter(|x| x.truthy()).collect())
        }
        ("findAll", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for it in snapshot() {
                if test1(interp, h, c, it.clone())? {
                    out.push(it);
                }
            }
            Value::new_list_of(filtered_kind(l), out)
        }
        ("grep", []) => Value::new_list_of(filtered_kind(l), snapshot().into_iter().filter(|x| x.truthy()).collect()),
        ("grep", [filter]) => {
            let mut out = Vec::new();
            for it in snapshot() {
                if interp.is_case(h, filter, &it)? {
                    out.push(it);
                }
            }
            Value::new_list_of(filtered_kind(l), out)
        }
        ("findResult", [c]) if c.is_callable() => {
            for it in snapshot() {
                let v = call1(interp, h, c, it)?;
                if !v.is_null() {
                    return Ok(Some(v));
                }
            }
            Value::Null
        }
        ("findResult", [d, c]) if c.is_callable() => {
            for it in snapshot() {
                let v = call1(interp, h, c, it)?;
                if !v.is_null() {
                    return Ok(Some(v));
                }
            }
            d.clone()
        }
        ("findResults", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for it in snapshot() {
                let v = call1(interp, h, c, it)?;
                if !v.is_null() {
                    out.push(v);
                }
            }
            Value::new_list(out)
        }
        ("findIndexOf" | "findLastIndexOf", [c]) if c.is_callable() => {
            let items = snapshot();
            let mut found = -1;
            for (i, it) in items.into_iter().enumerate() {
                if test1(interp, h, c, it)? {
                    found = i as i32;
                    if name == "findIndexOf" {
                        break;
                    }
                }
            }
            Value::Int(found)
        }
        ("findIndexValues", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for (i, it) in snapshot().into_iter().enumerate() {
                if test1(interp, h, c, it)? {
                    out.push(Value::Int(i as i32));
                }
            }
            Value::new_list(out)
        }
        ("any", []) => Value::Bool(snapshot().iter().any(|x| x.truthy())),
        ("every", []) => Value::Bool(snapshot().iter().all(|x| x.truthy())),
        ("any", [c]) if c.is_callable() => {
            for it in snapshot() {
                if test1(interp, h, c, it)? {
                    return Ok(Some(Value::Bool(true)));
                }
            }
            Value::Bool(false)
        }
        ("every", [c]) if c.is_callable() => {
            for it in snapshot() {
                if !test1(interp, h, c, it)? {
                    return Ok(Some(Value::Bool(false)));
                }
            }
            Value::Bool(true)
        }
        ("count", [c]) => {
            let mut n = 0;
            for it in snapshot() {
                let m = if c.is_callable() { test1(interp, h, c, it)? } else { ops::values_equal(&it, c) };
                if m {
                    n += 1;
                }
            }
            Value::Int(n)
        }
        ("countBy", [c]) if c.is_callable() => {
            let mut out = GMap::new();
            for it in snapshot() {
                let k = call1(interp, h, c, it)?;
                let n = out.get(&k).map(ops::to_i64).unwrap_or(0);
                out.insert(k, Value::Int(n as i32 + 1));
            }
            Value::new_map(out)
        }
        ("sum", []) => sum_items(interp, h, &snapshot(), None)?,
        ("sum", [c]) if c.is_callable() => {
            let items = snapshot();
            let mut mapped = Vec::with_capacity(items.len());
            for it in items {
                mapped.push(call1(interp, h, c, it)?);
            }
            sum_items(interp, h, &mapped, None)?
        }
        ("sum", [init]) => sum_items(interp, h, &snapshot(), Some(init.clone()))?,
        ("sum", [init, c]) if c.is_callable() => {
            let items = snapshot();
            let mut mapped = Vec::with_capacity(items.len());
            for it in items {
                mapped.push(call1(interp, h, c, it)?);
            }
            sum_items(interp, h, &mapped, Some(init.clone()))?
        }
        ("max" | "min", []) | ("max" | "min", [_]) => {
            let c = closure(0);
            if args.len() == 1 && c.is_none() {
                return Ok(None);
            }
            let items = snapshot();
            let mut best: Option<Value> = None;
            for it in items {
                // Without a comparator Groovy passes over nulls (`[72, null, 68].min()` is 68).
                if c.is_none() && matches!(it, Value::Null) {
                    continue;
                }
                best = Some(match best {
                    None => it,
                    Some(b) => {
                        let o = compare_with(interp, h, c, &it, &b)?;
                        let better = if name == "max" { o == Ordering::Greater } else { o == Ordering::Less };
                        if better {
                            it
                        } else {
                            b
                        }
                    }
                });
            }
            best.unwrap_or(Value::Null)
        }
        ("inject", [c]) if c.is_callable() => {
            let items = snapshot();
            let mut it = items.into_iter();
            let mut acc = match it.next() {
                Some(v) => v,
                None => {
                    return Err(no_such_element(
                        "Cannot call inject() on an empty collection without passing an initial value.",
                    ))
                }
            };
            for x in it {
                acc = interp.call_value(h, c, vec![acc, x])?;
            }
            acc
        }
        ("inject", [init, c]) if c.is_callable() => {
            let mut acc = init.clone();
            for x in snapshot() {
                acc = interp.call_value(h, c, vec![acc, x])?;
            }
            acc
        }
        ("join", []) => Value::str(&join_items(h, &snapshot(), "")),
        ("join", [sep]) => {
            let sep = display(h, sep);
            Value::str(&join_items(h, &snapshot(), &sep))
        }
        ("groupBy", closures) if closures.len() > 1 && closures.iter().all(Value::is_callable) => {
            group_by_each(interp, h, snapshot(), closures)?
        }
        ("collectEntries", [Value::Map(into), c]) if c.is_callable() => {
            for it in snapshot() {
                let v = call1(interp, h, c, it)?;
                put_entries(h, &v, into)?;
            }
            args[0].clone()
        }
        ("groupBy", [c]) if c.is_callable() => {
            let mut out = GMap::new();
            for it in snapshot() {
                let k = call1(interp, h, c, it.clone())?;
                match out.get(&k) {
                    Some(Value::List(g)) => g.borrow_mut().push(it),
                    _ => {
                        out.insert(k, Value::new_list(vec![it]));
                    }
                }
            }
            Value::new_map(out)
        }
        ("collectEntries", []) => {
            let mut out = GMap::new();
            for it in snapshot() {
                entry_of(h, &it, &mut out)?;
            }
            Value::new_map(out)
        }
        ("collectEntries", [c]) if c.is_callable() => {
            let mut out = GMap::new();
            for it in snapshot() {
                let v = call1(interp, h, c, it)?;
                entry_of(h, &v, &mut out)?;
            }
            Value::new_map(out)
        }
        ("flatten", []) => {
            let mut out = Vec::new();
            flatten_into(interp, h, &snapshot(), &mut out, 0)?;
            Value::new_list_of(filtered_kind(l), out)
        }
        ("plus", [x]) => interp.binary(h, crate::syntax::BinaryOp::Add, recv, x)?,
        ("plus", [i, c]) if num_arg(i).is_some() => {
            let mut items = snapshot();
            let i = num_arg(i).unwrap_or(0).clamp(0, items.len() as i64) as usize;
            let extra = interp.iterate(h, c)?;
            let tail = items.split_off(i);
            items.extend(extra);
            items.extend(tail);
            Value::new_list(items)
        }
        ("minus", [x]) => interp.binary(h, crate::syntax::BinaryOp::Sub, recv, x)?,
        ("multiply", [x]) => interp.binary(h, crate::syntax::BinaryOp::Mul, recv, x)?,
        // Groovy 2.4: the elements of the smaller collection (the argument's when the sizes are
        // equal), in its order and with its duplicates, that the larger one holds (numbers by
        // value), collected like the larger one (a set keeps one of equal elements).
        ("intersect", [x]) => {
            let mine = snapshot();
            let others = interp.iterate(h, x)?;
            let set_kind = |v: &Value| match v {
                Value::List(r) if r.borrow().is_set() => Some(r.borrow().kind.similar()),
                _ => None,
            };
            let (larger, smaller, larger_set) =
                if mine.len() < others.len() { (others, mine, set_kind(x)) } else { (mine, others, set_kind(recv)) };
            let larger_is_set = larger_set.is_some();
            let mut out: Vec<Value> = Vec::new();
            if !larger.is_empty() {
                let in_larger = index_of(&larger, ops::values_equal);
                let mut in_out = super::value::EqIndex::new(ops::values_equal);
                for it in smaller {
                    if in_larger.contains(&it, &larger) && (!larger_is_set || in_out.insert(&it, out.len(), &out)) {
                        out.push(it);
                    }
                }
            }
            Value::new_list_of(larger_set.unwrap_or(ListKind::List), out)
        }
        ("disjoint", [x]) => {
            let others = interp.iterate(h, x)?;
            let index = index_of(&others, ops::values_equal);
            Value::Bool(!snapshot().iter().any(|it| index.contains(it, &others)))
        }
        ("toList" | "asList" | "toArray" | "asImmutable" | "asUnmodifiable" | "asSynchronized", []) => {
            if name == "toList" {
                Value::new_list(snapshot())
            } else if name == "toArray" {
                Value::new_list_of(ListKind::Array("java.lang.Object"), snapshot())
            } else {
                recv.clone()
            }
        }
        ("toSet" | "asSet", []) => {
            let items = snapshot();
            Value::new_list_of(ListKind::hash_set_for(items.len()), items)
        }
        ("toUnique", []) => Value::new_list(unique_items(interp, h, snapshot(), None)?),
        ("toUnique", [c]) if c.is_callable() => Value::new_list(unique_items(interp, h, snapshot(), Some(c))?),
        ("unique", []) | ("unique", [Value::Bool(_)]) | ("unique", [_]) | ("unique", [Value::Bool(_), _]) => {
            let (mutate, c) = match args {
                [Value::Bool(m)] => (*m, None),
                [Value::Bool(m), c] => (*m, Some(c)),
                [c] if c.is_callable() => (true, Some(c)),
                [] => (true, None),
                _ => return Ok(None),
            };
            let out = unique_items(interp, h, snapshot(), c)?;
            if mutate {
                l.borrow_mut().set_items(out);
                recv.clone()
            } else {
                Value::new_list(out)
            }
        }
        ("sort" | "toSorted", []) | ("sort" | "toSorted", [_]) | ("sort", [Value::Bool(_), _]) => {
            let (mutate, c) = match args {
                [Value::Bool(m)] => (*m, None),
                [Value::Bool(m), c] => (*m, Some(c)),
                [c] if c.is_callable() => (name == "sort", Some(c)),
                [] => (name == "sort", None),
                _ => return Ok(None),
            };
            // A set is never sorted in place (a `TreeSet` sorted naturally is itself).
            let kind = l.borrow().kind;
            if kind == ListKind::TreeSet && c.is_none() && name == "sort" {
                return Ok(Some(recv.clone()));
            }
            let mutate = mutate && !kind.is_set();
            let mut items = snapshot();
            sort_items(interp, h, &mut items, c)?;
            if mutate {
                l.borrow_mut().set_items(items);
                recv.clone()
            } else {
                Value::new_list(items)
            }
        }
        // A set has no `reverse` (a MissingMethodException).
        ("reverse", _) if l.borrow().is_set() => return Ok(None),
        ("reverse", []) => Value::new_list(snapshot().into_iter().rev().collect()),
        ("reverse", [Value::Bool(m)]) => {
            let items: Vec<Value> = snapshot().into_iter().rev().collect();
            if *m {
                l.borrow_mut().set_items(items);
                recv.clone()
            } else {
                Value::new_list(items)
            }
        }
        ("withIndex" | "indexed", []) => {
            let items = snapshot();
            if name == "indexed" {
                let m: GMap = items.into_iter().enumerate().map(|(i, v)| (Value::Int(i as i32), v)).collect();
                Value::new_map(m)
            } else {
                Value::new_list(
                    items
                        .into_iter()
                        .enumerate()
                        .map(|(i, v)| Value::new_list(vec![v, Value::Int(i as i32)]))
                        .collect(),
                )
            }
        }
        ("split", [c]) if c.is_callable() => {
            let (mut yes, mut no) = (Vec::new(), Vec::new());
            for it in snapshot() {
                if test1(interp, h, c, it.clone())? {
                    yes.push(it);
                } else {
                    no.push(it);
                }
            }
            Value::new_list(vec![Value::new_list(yes), Value::new_list(no)])
        }
        ("collate", [n]) => {
            let Some(n) = num_arg(n).filter(|n| *n > 0) else {
                return Ok(None);
            };
            Value::new_list(snapshot().chunks(n as usize).map(|c| Value::new_list(c.to_vec())).collect())
        }
        // collate(size, step[, keepRemainder]) and collate(size, keepRemainder).
        ("collate", [n, rest @ ..]) if rest.len() <= 2 => {
            let Some(n) = num_arg(n).filter(|n| *n > 0) else {
                return Ok(None);
            };
            let (step, keep) = match rest {
                [Value::Bool(k)] => (n, *k),
                [s] => (num_arg(s).unwrap_or(n), true),
                [s, k] => (num_arg(s).unwrap_or(n), k.truthy()),
                _ => (n, true),
            };
            if step <= 0 {
                return Ok(None);
            }
            let items = snapshot();
            let mut out = Vec::new();
            let mut i = 0usize;
            while i < items.len() {
                let end = (i + n as usize).min(items.len());
                if end - i == n as usize || keep {
                    out.push(Value::new_list(items[i..end].to_vec()));
                }
                i += step as usize;
            }
            Value::new_list(out)
        }
        ("toListString", []) | ("toListString", [_]) => Value::str(&display(h, recv)),
        // `byte[]` codecs: a list of byte values.
        ("encodeBase64", []) | ("encodeHex", []) => {
            let bytes: Vec<u8> = snapshot().iter().map(|b| ops::to_i64(b) as u8).collect();
            if name == "encodeHex" {
                Value::str(&bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
            } else {
                Value::str(&super::strings::base64_encode(&bytes))
            }
        }
        ("swap", [a, b]) => {
            let (Some(a), Some(b)) = (num_arg(a), num_arg(b)) else {
                return Ok(None);
            };
            let mut items = l.borrow_mut();
            let len = items.len();
            if a < 0 || b < 0 || a as usize >= len || b as usize >= len {
                return Err(index_error(a.max(b), len));
            }
            items.swap(a as usize, b as usize);
            drop(items);
            recv.clone()
        }
        ("iterator", []) => new_iterator(recv),
        ("equals", [x]) => Value::Bool(ops::values_equal(recv, x)),
        _ => return Ok(None),
    }))
}

/// `iterator()` of a list or map: a `java.util.Iterator` reading it as it goes.
fn new_iterator(source: &Value) -> Value {
    Value::obj(Obj::Iterator(super::value::IteratorState::new(source.clone()).into()))
}

/// Methods of ranges: a few of their own, the rest as on a list.
pub fn range_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    r: &Range,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    Ok(Some(match (name, args) {
        ("size", []) => Value::Int(r.len() as i32),
        ("getFrom", []) => Value::Int(r.low),
        ("getTo", []) => Value::Int(r.high),
        ("isReverse", []) => Value::Bool(r.reverse),
        ("contains", [x]) => Value::Bool(super::interp::range_contains(r, x)),
        ("containsWithinBounds", [x]) => Value::Bool(x.as_i64().is_some_and(|i| r.contains(i))),
        ("reverse", []) => Value::Range(Range { reverse: !r.reverse, exclusive_to: None, ..*r }),
        ("step", [n]) | ("step", [n, _]) => {
            let Some(n) = num_arg(n) else { return Ok(None) };
            if n == 0 {
                return Err(EvalError::exception(class::ILLEGAL_ARGUMENT, Some("Step must not be zero".into())));
            }
            if r.len() > super::value::MAX_ELEMENTS {
                return Err(super::value::too_large());
            }
            let items: Vec<i32> = r.iter().collect();
            let picked: Vec<Value> = if n > 0 {
                items.iter().step_by(n as usize).map(|i| Value::Int(*i)).collect()
            } else {
                items.iter().rev().step_by((-n) as usize).map(|i| Value::Int(*i)).collect()
            };
            if let [_, c] = args {
                for v in picked {
                    call1(interp, h, c, v)?;
                }
                Value::Null
            } else {
                Value::new_list(picked)
            }
        }
        ("each", [c]) if c.is_callable() => {
            for i in r.iter() {
                call1(interp, h, c, Value::Int(i))?;
            }
            Value::Range(*r)
        }
        (
            "add" | "remove" | "clear" | "addAll" | "removeAll" | "set" | "putAt" | "push" | "pop" | "leftShift"
            | "poll" | "pollFirst" | "pollLast" | "offer" | "offerFirst" | "offerLast" | "addFirst" | "addLast"
            | "removeFirst" | "removeLast",
            _,
        ) => {
            return Err(EvalError::exception(class::UNSUPPORTED_OPERATION, None));
        }
        _ => {
            let list = Value::new_list(r.to_values()?);
            if let Value::List(l) = &list {
                return list_method(interp, h, &list, l, name, args);
            }
            return Ok(None);
        }
    }))
}

/// Calls a map closure with an entry or with (key, value), by its parameter count.
fn call_entry(interp: &mut Interpreter, h: &mut dyn Host, c: &Value, k: &Value, v: &Value) -> R<Value> {
    if arity(interp, c) >= 2 {
        interp.call_value(h, c, vec![k.clone(), v.clone()])
    } else {
        interp.call_value(h, c, vec![Value::obj(Obj::MapEntry(k.clone(), v.clone()))])
    }
}

fn test_entry(interp: &mut Interpreter, h: &mut dyn Host, c: &Value, k: &Value, v: &Value) -> R<bool> {
    let r = call_entry(interp, h, c, k, v)?;
    Ok(interp.truthy(h, &r))
}

/// The value of `k` unless it is absent or null (which Java's function-taking map methods treat
/// alike). The map is not borrowed after the call, so the function may change it.
fn present(m: &MapRef, k: &Value) -> Option<Value> {
    m.borrow().get(k).cloned().filter(|v| !v.is_null())
}

/// Java's rule for the map methods that take a function: a null result removes the key.
fn store_or_remove(m: &MapRef, k: &Value, v: &Value) {
    if v.is_null() {
        m.borrow_mut().remove(k);
    } else {
        m.borrow_mut().insert(k.clone(), v.clone());
    }
}

/// Methods of maps.
pub fn map_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    m: &MapRef,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    let entries = || -> Vec<(Value, Value)> { m.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect() };
    let entry = |k: &Value, v: &Value| Value::obj(Obj::MapEntry(k.clone(), v.clone()));
    Ok(Some(match (name, args) {
        ("size", []) => Value::Int(m.borrow().len() as i32),
        ("isEmpty", []) => Value::Bool(m.borrow().is_empty()),
        ("get" | "getAt", [k]) => m.borrow().get(k).cloned().unwrap_or(Value::Null),
        ("get", [k, d]) => {
            let cur = m.borrow().get(k).cloned();
            match cur {
                Some(v) => v,
                None => {
                    m.borrow_mut().insert(k.clone(), d.clone());
                    d.clone()
                }
            }
        }
        ("getOrDefault", [k, d]) => m.borrow().get(k).cloned().unwrap_or_else(|| d.clone()),
        ("put" | "putAt", [k, v]) => {
            let old = m.borrow_mut().insert(k.clone(), v.clone());
            if name == "putAt" {
                v.clone()
            } else {
                old.unwrap_or(Value::Null)
            }
        }
        ("putIfAbsent", [k, v]) => {
            let cur = m.borrow().get(k).cloned();
            match cur {
                Some(c) if !c.is_null() => c,
                _ => {
                    m.borrow_mut().insert(k.clone(), v.clone());
                    Value::Null
                }
            }
        }
        ("putAll" | "leftShift", [o]) => {
            match o {
                Value::Map(o) => {
                    let src: Vec<(Value, Value)> = o.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                    let mut m = m.borrow_mut();
                    for (k, v) in src {
                        m.insert(k, v);
                    }
                }
                Value::Obj(e) if matches!(&**e, Obj::MapEntry(..)) => {
                    if let Obj::MapEntry(k, v) = &**e {
                        m.borrow_mut().insert(k.clone(), v.clone());
                    }
                }
                _ => return Ok(None),
            }
            if name == "putAll" {
                Value::Null
            } else {
                recv.clone()
            }
        }
        // Java 8's `Map` methods taking functions: a closure stands for the function; a null
        // result removes the key, as in Java.
        ("merge", [k, v, f]) if f.is_callable() => {
            let new = match present(m, k) {
                Some(old) => interp.call_value(h, f, vec![old, v.clone()])?,
                None => v.clone(),
            };
            store_or_remove(m, k, &new);
            new
        }
        ("computeIfAbsent", [k, f]) if f.is_callable() => match present(m, k) {
            Some(old) => old,
            None => {
                let new = interp.call_value(h, f, vec![k.clone()])?;
                if !new.is_null() {
                    m.borrow_mut().insert(k.clone(), new.clone());
                }
                new
            }
        },
        ("computeIfPresent", [k, f]) if f.is_callable() => match present(m, k) {
            Some(old) => {
                let new = interp.call_value(h, f, vec![k.clone(), old])?;
                store_or_remove(m, k, &new);
                new
            }
            None => Value::Null,
        },
        ("compute", [k, f]) if f.is_callable() => {
            let old = m.borrow().get(k).cloned().unwrap_or(Value::Null);
            let new = interp.call_value(h, f, vec![k.clone(), old])?;
            store_or_remove(m, k, &new);
            new
        }
        ("replaceAll", [f]) if f.is_callable() => {
            for (k, v) in entries() {
                let new = interp.call_value(h, f, vec![k.clone(), v])?;
                m.borrow_mut().insert(k, new);
            }
            Value::Null
        }
        ("replace", [k, v]) => {
            let present = m.borrow().contains_key(k);
            if present {
                m.borrow_mut().insert(k.clone(), v.clone()).unwrap_or(Value::Null)
            } else {
                Value::Null
            }
        }
        ("replace", [k, old, new]) => {
            let matches = m.borrow().get(k).is_some_and(|cur| ops::values_equal(cur, old));
            if matches {
                m.borrow_mut().insert(k.clone(), new.clone());
            }
            Value::Bool(matches)
        }
        ("removeAll" | "retainAll", [c]) if c.is_callable() => {
            let keep_matching = name == "retainAll";
            let mut changed = false;
            for (k, v) in entries() {
                if test_entry(interp, h, c, &k, &v)? != keep_matching {
                    changed |= m.borrow_mut().remove(&k).is_some();
                }
            }
            Value::Bool(changed)
        }
        ("containsKey", [k]) => Value::Bool(m.borrow().contains_key(k)),
        ("containsValue", [v]) => Value::Bool(m.borrow().values().any(|x| ops::java_equals(x, v))),
        ("keySet" | "getKeys", []) => Value::new_list(m.borrow().keys().cloned().collect()),
        ("values" | "getValues", []) => Value::new_list(m.borrow().values().cloned().collect()),
        ("entrySet", []) => Value::new_list(entries().iter().map(|(k, v)| entry(k, v)).collect()),
        ("remove", [k]) => m.borrow_mut().remove(k).unwrap_or(Value::Null),
        ("clear", []) => {
            m.borrow_mut().clear();
            Value::Null
        }
        // `forEach` is Java's: the same walk, returning nothing (see `walk_map`).
        ("each" | "forEach", [c]) if c.is_callable() => {
            walk_map(m, entries(), |_, k, v| call_entry(interp, h, c, &k, &v).map(|_| ()))?;
            if name == "each" {
                recv.clone()
            } else {
                Value::Null
            }
        }
        ("eachWithIndex", [c]) if c.is_callable() => {
            let three = arity(interp, c) >= 3;
            walk_map(m, entries(), |i, k, v| {
                let args =
                    if three { vec![k, v, Value::Int(i as i32)] } else { vec![entry(&k, &v), Value::Int(i as i32)] };
                interp.call_value(h, c, args).map(|_| ())
            })?;
            recv.clone()
        }
        ("collect", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for (k, v) in entries() {
                out.push(call_entry(interp, h, c, &k, &v)?);
            }
            Value::new_list(out)
        }
        // Into a collection of the caller's (a set keeps one of equal results).
        ("collect", [Value::List(into), c]) if c.is_callable() => {
            for (k, v) in entries() {
                let r = call_entry(interp, h, c, &k, &v)?;
                into.borrow_mut().add(r);
            }
            args[0].clone()
        }
        ("collectMany", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for (k, v) in entries() {
                let r = call_entry(interp, h, c, &k, &v)?;
                out.extend(interp.iterate(h, &r)?);
            }
            Value::new_list(out)
        }
        ("collectEntries", [c]) if c.is_callable() => {
            let mut out = GMap::new();
            for (k, v) in entries() {
                let r = call_entry(interp, h, c, &k, &v)?;
                entry_of(h, &r, &mut out)?;
            }
            Value::new_map(out)
        }
        ("collectEntries", [Value::Map(into), c]) if c.is_callable() => {
            for (k, v) in entries() {
                let r = call_entry(interp, h, c, &k, &v)?;
                put_entries(h, &r, into)?;
            }
            args[0].clone()
        }
        ("takeWhile" | "dropWhile", [c]) if c.is_callable() => {
            let all = entries();
            let mut n = 0;
            for (k, v) in &all {
                if !test_entry(interp, h, c, k, v)? {
                    break;
                }
                n += 1;
            }
            let kept = if name == "takeWhile" { &all[..n] } else { &all[n..] };
            let mut out = GMap::new();
            for (k, v) in kept {
                out.insert(k.clone(), v.clone());
            }
            Value::new_map(out)
        }
        ("iterator", []) => new_iterator(recv),
        ("findResults", [c]) if c.is_callable() => {
            let mut out = Vec::new();
            for (k, v) in entries() {
                let r = call_entry(interp, h, c, &k, &v)?;
                if !r.is_null() {
                    out.push(r);
                }
            }
            Value::new_list(out)
        }
        ("find", [c]) if c.is_callable() => {
            for (k, v) in entries() {
                if test_entry(interp, h, c, &k, &v)? {
                    return Ok(Some(entry(&k, &v)));
                }
            }
            Value::Null
        }
        ("findAll", [c]) if c.is_callable() => {
            let mut out = GMap::new();
            for (k, v) in entries() {
                if test_entry(interp, h, c, &k, &v)? {
                    out.insert(k, v);
                }
            }
            Value::new_map(out)
        }
        ("findResult", [c]) if c.is_callable() => {
            for (k, v) in entries() {
                let r = call_entry(interp, h, c, &k, &v)?;
                if !r.is_null() {
                    return Ok(Some(r));
                }
            }
            Value::Null
        }
        ("any", [c]) if c.is_callable() => {
            for (k, v) in entries() {
                if test_entry(interp, h, c, &k, &v)? {
                    return Ok(Some(Value::Bool(true)));
                }
            }
            Value::Bool(false)
        }
        ("every", [c]) if c.is_callable() => {
            for (k, v) in entries() {
                if !test_entry(interp, h, c, &k, &v)? {
                    return Ok(Some(Value::Bool(false)));
                }
            }
            Value::Bool(true)
        }
        ("count", [c]) if c.is_callable() => {
            let mut n = 0;
            for (k, v) in entries() {
                if test_entry(interp, h, c, &k, &v)? {
                    n += 1;
                }
            }
            Value::Int(n)
        }
        ("groupBy", [c]) if c.is_callable() => {
            let mut out = GMap::new();
            for (k, v) in entries() {
                let g = call_entry(interp, h, c, &k, &v)?;
                match out.get(&g) {
                    Some(Value::Map(sub)) => {
                        sub.borrow_mut().insert(k, v);
                    }
                    _ => {
                        let mut sub = GMap::new();
                        sub.insert(k, v);
                        out.insert(g, Value::new_map(sub));
                    }
                }
            }
            Value::new_map(out)
        }
        ("inject", [init, c]) if c.is_callable() => {
            let mut acc = init.clone();
            let n = arity(interp, c);
            for (k, v) in entries() {
                acc = if n >= 3 {
                    interp.call_value(h, c, vec![acc, k, v])?
                } else {
                    interp.call_value(h, c, vec![acc, entry(&k, &v)])?
                };
            }
            acc
        }
        ("max" | "min", [c]) if c.is_callable() => {
            let mut best: Option<Value> = None;
            for (k, v) in entries() {
                let e = entry(&k, &v);
                best = Some(match best {
                    None => e,
                    Some(b) => {
                        let o = compare_with(interp, h, Some(c), &e, &b)?;
                        let better = if name == "max" { o == Ordering::Greater } else { o == Ordering::Less };
                        if better {
                            e
                        } else {
                            b
                        }
                    }
                });
            }
            best.unwrap_or(Value::Null)
        }
        ("sort" | "toSorted", []) | ("sort" | "toSorted", [_]) => {
            let c = args.first();
            if c.is_some_and(|c| !c.is_callable()) {
                return Ok(None);
            }
            let mut es: Vec<Value> = entries().iter().map(|(k, v)| entry(k, v)).collect();
            match c {
                None => super::timsort::sort(&mut es, &mut |a, b| {
                    Ok(match (&a, &b) {
                        (Value::Obj(x), Value::Obj(y)) => match (&**x, &**y) {
                            (Obj::MapEntry(k1, _), Obj::MapEntry(k2, _)) => natural(k1, k2),
                            _ => Ordering::Equal,
                        },
                        _ => Ordering::Equal,
                    })
                })?,
                Some(c) => sort_items(interp, h, &mut es, Some(c))?,
            }
            let mut out = GMap::new();
            for e in es {
                if let Value::Obj(o) = e {
                    if let Obj::MapEntry(k, v) = &*o {
                        out.insert(k.clone(), v.clone());
                    }
                }
            }
            Value::new_map(out)
        }
        ("subMap", [keys]) => {
            let keys = interp.iterate(h, keys)?;
            let src = m.borrow();
            let out: GMap = keys.into_iter().filter_map(|k| src.get(&k).map(|v| (k.clone(), v.clone()))).collect();
            Value::new_map(out)
        }
        ("plus" | "minus", [x]) => {
            let op = if name == "plus" { crate::syntax::BinaryOp::Add } else { crate::syntax::BinaryOp::Sub };
            interp.binary(h, op, recv, x)?
        }
        ("take" | "drop", [n]) => {
            let Some(n) = num_arg(n) else { return Ok(None) };
            let n = n.max(0) as usize;
            let es = entries();
            let out: GMap =
                if name == "take" { es.into_iter().take(n).collect() } else { es.into_iter().skip(n).collect() };
            Value::new_map(out)
        }
        ("asImmutable" | "asUnmodifiable" | "asSynchronized", []) => recv.clone(),
        // A shallow copy, as `LinkedHashMap.clone()`.
        ("clone", []) => Value::new_map(entries().into_iter().collect()),
        ("equals", [x]) => Value::Bool(ops::values_equal(recv, x)),
        ("containsAll", _) => return Ok(None),
        _ => {
            if is_iteration_method(name) {
                let list = Value::new_list(entries().iter().map(|(k, v)| entry(k, v)).collect());
                if let Value::List(l) = &list {
                    return list_method(interp, h, &list, l, name, args);
                }
            }
            return Ok(None);
        }
    }))
}

/// Walks `l` as Java's iterator does, as Groovy's `each`, `eachWithIndex`, `collect` and `for`
/// loops do: elements are read from the live list, so a store into a later position is seen. A
/// list (`ArrayList`) ends its walk when the position reaches its current size, and a step after
/// its size changed raises `ConcurrentModificationException` (removing the next-to-last element
/// ends the walk quietly, as in Java); a set (`LinkedHashSet`) raises at any step after a change
/// of size, and ends after its last element. The change of size stands for Java's modification
/// count. `step` gets each position and element and says whether to go on.
pub fn walk_list(l: &ListRef, mut step: impl FnMut(usize, Value) -> R<bool>) -> R<()> {
    let (expected, set) = {
        let list = l.borrow();
        (list.len(), list.is_set())
    };
    let mut cursor = 0;
    loop {
        let item = {
            let list = l.borrow();
            let size = list.len();
            let done = if set { cursor >= expected } else { cursor == size };
            if done {
                break;
            }
            if size != expected {
                return Err(concurrent_modification());
            }
            list[cursor].clone()
        };
        cursor += 1;
        if !step(cursor - 1, item)? {
            break;
        }
    }
    Ok(())
}

/// Walks the `entries` of `m` (taken when the walk starts) as a `LinkedHashMap`'s iterator does:
/// a step after the map's size changed raises `ConcurrentModificationException`, and the walk
/// ends after the entries it started with (see [`walk_list`]).
fn walk_map(m: &MapRef, entries: Vec<(Value, Value)>, mut step: impl FnMut(usize, Value, Value) -> R<()>) -> R<()> {
    let expected = entries.len();
    for (i, (k, v)) in entries.into_iter().enumerate() {
        if i > 0 && m.borrow().len() != expected {
            return Err(concurrent_modification());
        }
        step(i, k, v)?;
    }
    Ok(())
}

fn concurrent_modification() -> EvalError {
    EvalError::exception(class::CONCURRENT_MODIFICATION, None)
}

/// The kind of what filtering `l` gives: a set of its class for a set, else a list.
fn filtered_kind(l: &ListRef) -> ListKind {
    let kind = l.borrow().kind;
    if kind.is_set() {
        kind.similar()
    } else {
        ListKind::List
    }
}

/// `groupBy(c1, c2, ...)`: a map from each key of `c1` to the grouping of its elements by the rest.
fn group_by_each(interp: &mut Interpreter, h: &mut dyn Host, items: Vec<Value>, closures: &[Value]) -> R<Value> {
    let Some((first, rest)) = closures.split_first() else { return Ok(Value::new_list(items)) };
    let mut groups: Vec<(Value, Vec<Value>)> = Vec::new();
    for it in items {
        let k = call1(interp, h, first, it.clone())?;
        match groups.iter_mut().find(|(g, _)| ops::java_equals(g, &k)) {
            Some((_, members)) => members.push(it),
            None => groups.push((k, vec![it])),
        }
    }
    let mut out = GMap::new();
    for (k, members) in groups {
        let v = if rest.is_empty() { Value::new_list(members) } else { group_by_each(interp, h, members, rest)? };
        out.insert(k, v);
    }
    Ok(Value::new_map(out))
}
