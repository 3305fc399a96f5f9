//! Sizes and bounds of values kept in a model checker's state: how big a stored collection or
//! string is (for the growth diagnosis) and a copy of it cut to its last elements (for
//! `--bound-collections`).
//!
//! A value whose size grows without bound (a list appended to on every event, a log string
//! concatenated to) makes a state space infinite. [`Value::growth_size`] measures it;
//! [`Value::bounded`] keeps a collection to its last `k` elements, recursively, and a string to its
//! last [`string_bound`]`(k)` characters.

use super::value::{GMap, Value};

/// Nesting depth past which sizes are not followed (state values are trees of modest depth; a
/// cycle through shared references would otherwise never end).
const MAX_DEPTH: usize = 32;

/// The number of characters a string keeps under `--bound-collections k`: `k`, but never fewer
/// than 64, so that names, modes and other short values an app compares are never cut; only
/// strings that grow (logs, concatenated buffers) are.
pub fn string_bound(k: usize) -> usize {
    k.max(64)
}

impl Value {
    /// The size of a value as the growth diagnosis counts it: a string's characters; a list's or
    /// map's elements, plus those of the collections and strings nested in it (a nested string
    /// counts as one element); 0 for every other value.
    pub fn growth_size(&self) -> u64 {
        match self {
            Value::Str(s) | Value::GString(s) => s.chars().count() as u64,
            _ => elements(self, 0, &mut Default::default()),
        }
    }

    /// A copy of the value in which every list keeps its last `k` elements, every map its last `k`
    /// entries (insertion order) and every string its last [`string_bound`]`(k)` characters,
    /// recursively; `None` when the value is within the bound already (nothing to copy).
    pub fn bounded(&self, k: usize) -> Option<Value> {
        bound(self, k, 0)
    }
}

/// The elements of `v` and of the collections in it; a collection held in several places counts
/// each time but is walked once (`counted`: by address), so a value built by `q = [q, q]` again
/// and again is measured in time linear in its distinct parts.
fn elements(v: &Value, depth: usize, counted: &mut rustc_hash::FxHashMap<usize, u64>) -> u64 {
    if depth > MAX_DEPTH {
        return 0;
    }
    let (ptr, shared) = match v {
        Value::List(l) => (std::rc::Rc::as_ptr(l) as *const u8 as usize, std::rc::Rc::strong_count(l) > 1),
        Value::Map(m) => (std::rc::Rc::as_ptr(m) as *const u8 as usize, std::rc::Rc::strong_count(m) > 1),
        _ => return 0,
    };
    if let Some(&n) = shared.then(|| counted.get(&ptr)).flatten() {
        return n;
    }
    let n = match v {
        Value::List(l) => {
            let l = l.borrow();
            l.iter().fold(l.len() as u64, |n, x| n.saturating_add(elements(x, depth + 1, counted)))
        }
        Value::Map(m) => {
            let m = m.borrow();
            m.values().fold(m.len() as u64, |n, x| n.saturating_add(elements(x, depth + 1, counted)))
        }
        _ => 0,
    };
    if shared {
        counted.insert(ptr, n);
    }
    n
}

fn bound(v: &Value, k: usize, depth: usize) -> Option<Value> {
    if depth > MAX_DEPTH {
        return None;
    }
    match v {
        Value::Str(s) | Value::GString(s) => {
            let keep = string_bound(k);
            let n = s.chars().count();
            (n > keep).then(|| {
                let cut: String = s.chars().skip(n - keep).collect();
                match v {
                    Value::GString(_) => Value::GString(cut.into()),
                    _ => Value::Str(cut.into()),
                }
            })
        }
        Value::List(l) => {
            let l = l.borrow();
            let skip = l.len().saturating_sub(k);
            let items: Vec<Option<Value>> = l[skip..].iter().map(|x| bound(x, k, depth + 1)).collect();
            if skip == 0 && items.iter().all(Option::is_none) {
                return None;
            }
            let kept = l[skip..].iter().zip(items).map(|(x, b)| b.unwrap_or_else(|| x.clone())).collect();
            Some(Value::new_list(kept))
        }
        Value::Map(m) => {
            let m = m.borrow();
            let skip = m.len().saturating_sub(k);
            let entries = &m.entries()[skip..];
            let values: Vec<Option<Value>> = entries.iter().map(|(_, x)| bound(x, k, depth + 1)).collect();
            if skip == 0 && values.iter().all(Option::is_none) {
                return None;
            }
            let kept: GMap =
                entries.iter().zip(values).map(|((key, x), b)| (key.clone(), b.unwrap_or_else(|| x.clone()))).collect();
            Some(Value::new_map(kept))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: Vec<Value>) -> Value {
        Value::new_list(items)
    }

    #[test]
    fn sizes_count_elements_and_characters() {
        assert_eq!(Value::Int(7).growth_size(), 0);
        assert_eq!(Value::str("abc").growth_size(), 3);
        let nested = list(vec![Value::Int(1), list(vec![Value::Int(2), Value::Int(3)]), Value::str("long text")]);
        assert_eq!(nested.growth_size(), 3 + 2);
        let map: GMap = [(Value::str("a"), list(vec![Value::Int(1)]))].into_iter().collect();
        assert_eq!(Value::new_map(map).growth_size(), 2);
    }

    #[test]
    fn bounding_keeps_the_last_elements() {
        let l = list((1..=5).map(Value::Int).collect());
        let b = l.bounded(3).expect("cut");
        assert!(b.state_eq(&list(vec![Value::Int(3), Value::Int(4), Value::Int(5)])));
        assert!(b.bounded(3).is_none(), "a bounded value is within the bound");
        assert!(l.bounded(5).is_none());
        let map: GMap = (1..=4).map(|i| (Value::Int(i), list((0..i).map(Value::Int).collect()))).collect();
        let b = Value::new_map(map).bounded(2).expect("cut");
        let expect: GMap = [
            (Value::Int(3), list(vec![Value::Int(1), Value::Int(2)])),
            (Value::Int(4), list(vec![Value::Int(2), Value::Int(3)])),
        ]
        .into_iter()
        .collect();
        assert!(b.state_eq(&Value::new_map(expect)));
    }

    #[test]
    fn short_strings_are_never_cut() {
        assert!(Value::str("locked").bounded(1).is_none());
        let long = "x".repeat(70) + "end";
        let b = Value::str(&long).bounded(3).expect("cut");
        assert_eq!(b.growth_size(), 64);
        assert!(b.as_str().expect("a string").ends_with("xend"));
    }
}
