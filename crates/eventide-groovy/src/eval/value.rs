//! Run-time values of the Groovy evaluator.
//!
//! Scalars (null, booleans, numbers, dates, ranges, host handles) are stored inline and cloned by
//! copy; strings share an `Arc<str>`; lists and maps are shared mutable references, as Groovy's
//! collections are, so aliasing behaves as in Groovy (`def a = []; def b = a; b << 1` changes `a`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

use chrono_tz::Tz;

use super::env::{ClosureCtx, Env};
use super::num::{Dec, I128};
use super::ops;
use crate::syntax::{ClosureExpr, Name};

/// Shared string text.
pub type Str = Arc<str>;
/// A Groovy list, set or array: shared and mutable.
pub type ListRef = Rc<RefCell<GList>>;

/// What Java collection a [`GList`] is. Its elements are a vector in every case; the kind
/// decides what adding does, in what order the elements are kept, what it equals, its class and
/// what `instanceof` says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ListKind {
    /// `java.util.ArrayList`: list literals and what the GDK's methods return.
    #[default]
    List,
    /// `java.util.LinkedHashSet` (`as Set`, `new LinkedHashSet()`): adding an element already
    /// in it (Java's `equals`) changes nothing; elements stay in the order they were added; it
    /// equals another set with the same elements in any order, and never a list.
    Set,
    /// `java.util.HashSet` (`toSet()`, `new HashSet()`): a set whose elements are kept in the
    /// order Java's hash table walks them — by bucket (the element's `hashCode`, spread as
    /// `HashMap` does, modulo `capacity`), then in the order they were added to the bucket. The
    /// capacity is the table's: it doubles when the set grows past three quarters of it (or a
    /// bucket past eight elements while it is below 64), and never shrinks.
    HashSet { capacity: u32 },
    /// `java.util.TreeSet`: a set kept sorted in natural order; an element that compares equal
    /// to one it holds is not added.
    TreeSet,
    /// A Java array (`"a,b".split(",")` is a `String[]`): `length`, its own class name, not a
    /// `List` to `instanceof`. The name is the element class's (`java.lang.String`).
    Array(&'static str),
}

impl ListKind {
    /// A `HashSet` made by `new HashSet()` (its table, made at the first add, holds 16).
    pub const HASH_SET: ListKind = ListKind::HashSet { capacity: 16 };

    /// A `HashSet` made with room for `n` elements, as `new HashSet(n)` (what Groovy's `toSet()`
    /// makes): its table holds the power of two at or above `n`.
    pub fn hash_set_for(n: usize) -> ListKind {
        ListKind::HashSet { capacity: (n.max(1) as u32).next_power_of_two().min(1 << 30) }
    }

    /// A `HashSet` copied from a collection of `n` elements (`new HashSet(c)`): room for `n` at
    /// three quarters full, at least 16.
    pub fn hash_set_copying(n: usize) -> ListKind {
        ListKind::hash_set_for((n as f64 / 0.75) as usize + 1).max_capacity(16)
    }

    fn max_capacity(self, at_least: u32) -> ListKind {
        match self {
            ListKind::HashSet { capacity } => ListKind::HashSet { capacity: capacity.max(at_least) },
            other => other,
        }
    }

    /// The kind of a new collection of the same sort that a GDK method makes from this one
    /// (Groovy's `createSimilarSet`: `findAll`, `grep`, `minus` and `intersect` of a set give a
    /// `TreeSet` for a `TreeSet`, else a `LinkedHashSet` in the order of the set's walk).
    pub fn similar(self) -> ListKind {
        match self {
            ListKind::HashSet { .. } => ListKind::Set,
            ListKind::Array(_) => ListKind::List,
            other => other,
        }
    }

    /// The kind of a copy of a collection of `n` elements made by `clone()` (what `plus` starts
    /// from): a `HashSet`'s copy has a table sized for `n` at three quarters full.
    pub fn for_clone(self, n: usize) -> ListKind {
        match self {
            ListKind::HashSet { .. } => ListKind::hash_set_for((n as f64 / 0.75 + 1.0) as usize),
            other => other,
        }
    }

    pub fn is_set(self) -> bool {
        matches!(self, ListKind::Set | ListKind::HashSet { .. } | ListKind::TreeSet)
    }
}

/// The element's `hashCode` with its high half folded into the low half, as `java.util.HashMap`
/// spreads it.
fn spread_hash(x: &Value) -> u32 {
    let h = super::methods::java_hash(x).unwrap_or(0) as u32;
    h ^ (h >> 16)
}

/// The bucket of `x` in a hash table of `capacity` (a power of two).
fn hash_bucket(x: &Value, capacity: u32) -> u32 {
    spread_hash(x) & (capacity - 1)
}

/// Whether equal values of this shape have equal hashes (`java_hash` and the canonical hash walk
/// a list's elements in order, so a map or a set inside breaks it: two equal sets may list their
/// elements in two orders).
fn hash_safe(v: &Value) -> bool {
    match v {
        Value::List(l) => {
            let l = l.borrow();
            !l.is_set() && l.iter().all(hash_safe)
        }
        Value::Map(_) | Value::Obj(_) | Value::Closure(_) | Value::Host(_) => false,
        _ => true,
    }
}

/// The first of each group of Java-equal elements, in order.
fn distinct(items: Vec<Value>) -> Vec<Value> {
    distinct_by(items, ops::java_equals)
}

/// The first of each group of elements equal under `eq` (Java's `equals` or Groovy's `==`; the
/// canonical hash is equal for values equal under either), in order: a hash index for the
/// elements whose hash follows their contents, a scan among the others. Near-linear, where a
/// scan of all kept elements per element took quadratic time on large collections.
pub(crate) fn distinct_by(items: Vec<Value>, eq: fn(&Value, &Value) -> bool) -> Vec<Value> {
    let mut index = EqIndex::new(eq);
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    for x in items {
        if index.insert(&x, out.len(), &out) {
            out.push(x);
        }
    }
    out
}

/// An index of values for membership under an equality (`eq`), by canonical hash where the
/// value's hash follows its contents ([`hash_safe`]), else by scan.
pub(crate) struct EqIndex {
    eq: fn(&Value, &Value) -> bool,
    by_hash: rustc_hash::FxHashMap<u64, smallvec::SmallVec<[u32; 1]>>,
    others: Vec<u32>,
}

impl EqIndex {
    pub(crate) fn new(eq: fn(&Value, &Value) -> bool) -> EqIndex {
        EqIndex { eq, by_hash: Default::default(), others: Vec::new() }
    }

    fn hash(x: &Value) -> u64 {
        use std::hash::Hasher;
        let mut h = rustc_hash::FxHasher::default();
        x.hash_canonical(&mut h);
        h.finish()
    }

    /// Whether `values` (the values indexed so far, by position) holds one equal to `x`.
    pub(crate) fn contains(&self, x: &Value, values: &[Value]) -> bool {
        let eq = self.eq;
        if hash_safe(x) {
            if let Some(slot) = self.by_hash.get(&Self::hash(x)) {
                if slot.iter().any(|&i| eq(&values[i as usize], x)) {
                    return true;
                }
            }
        }
        // A value outside the hash index (a map, a set) equals only such values.
        self.others.iter().any(|&i| eq(&values[i as usize], x))
    }

    /// Indexes `x` as `values[at]` unless `values` already holds one equal to it; true when
    /// indexed.
    pub(crate) fn insert(&mut self, x: &Value, at: usize, values: &[Value]) -> bool {
        if self.contains(x, values) {
            return false;
        }
        if hash_safe(x) {
            self.by_hash.entry(Self::hash(x)).or_default().push(at as u32);
        } else {
            self.others.push(at as u32);
        }
        true
    }
}

/// The capacity a `HashSet` table of `capacity` reaches when elements with these spread hashes
/// are added one after another (see [`GList::add`]).
fn grown_capacity(spread: &[u32], mut capacity: u32) -> u32 {
    let recount = |capacity: u32, upto: usize| {
        let mut counts = vec![0u32; capacity as usize];
        for h in &spread[..upto] {
            counts[(h & (capacity - 1)) as usize] += 1;
        }
        counts
    };
    // Bucket sizes matter only while the table holds fewer than 64.
    let mut counts = if capacity < 64 { recount(capacity, 0) } else { Vec::new() };
    for (i, h) in spread.iter().enumerate() {
        let chain = match counts.get_mut((h & (capacity - 1)) as usize) {
            Some(count) => {
                *count += 1;
                *count as usize
            }
            None => 0,
        };
        let grown = capacity_after_add(capacity, i + 1, chain);
        if grown != capacity {
            capacity = grown;
            counts = if capacity < 64 { recount(capacity, i + 1) } else { Vec::new() };
        }
    }
    capacity
}

/// Java's rule for a `HashMap` table of `capacity` that has just taken its `size`-th element
/// into a bucket now `chain` long: a bucket of more than eight becomes a tree once the table
/// holds 64, a smaller table doubles instead; then a table fuller than 3/4 doubles (up to 2^30).
fn capacity_after_add(mut capacity: u32, size: usize, chain: usize) -> u32 {
    if chain > 8 && capacity < 64 {
        capacity *= 2;
    }
    if size as u64 * 4 > capacity as u64 * 3 && capacity < 1 << 30 {
        capacity *= 2;
    }
    capacity
}

/// The elements of a list value and its [`ListKind`]; dereferences to the elements.
#[derive(Clone, Debug, Default)]
pub struct GList {
    items: Vec<Value>,
    pub kind: ListKind,
}

impl GList {
    pub fn new(items: Vec<Value>, kind: ListKind) -> GList {
        let mut l = GList { items: Vec::new(), kind };
        l.set_items(items);
        l
    }
    /// Replaces the elements (a set keeps the first of equal ones, in its own order), in time
    /// near-linear in their number: what adding them one by one gives.
    pub fn set_items(&mut self, items: Vec<Value>) {
        match self.kind {
            ListKind::Set => self.items = distinct(items),
            ListKind::TreeSet => {
                let mut items = items;
                let natural = super::collections::natural;
                // Stable, so that the first of equal elements is the one kept.
                let _ = super::timsort::sort(&mut items, &mut |a, b| Ok(natural(a, b)));
                items.dedup_by(|later, first| natural(first, later) == std::cmp::Ordering::Equal);
                self.items = items;
            }
            ListKind::HashSet { capacity } => {
                let items = distinct(items);
                let spread: Vec<u32> = items.iter().map(spread_hash).collect();
                let capacity = grown_capacity(&spread, capacity);
                self.kind = ListKind::HashSet { capacity };
                let mut keyed: Vec<(u32, Value)> = spread.into_iter().map(|h| h & (capacity - 1)).zip(items).collect();
                keyed.sort_by_key(|(bucket, _)| *bucket); // stable: a bucket keeps the order of adding
                self.items = keyed.into_iter().map(|(_, v)| v).collect();
            }
            _ => self.items = items,
        }
    }
    /// Adds every element of `extra` as `addAll` does; false when nothing was added.
    pub fn add_all(&mut self, extra: Vec<Value>) -> bool {
        if !self.kind.is_set() {
            let changed = !extra.is_empty();
            self.items.extend(extra);
            return changed;
        }
        let before = self.items.len();
        let mut all = std::mem::take(&mut self.items);
        all.extend(extra);
        self.set_items(all);
        self.items.len() > before
    }
    /// Adds an element as `add`/`<<` do; false when a set already holds it.
    pub fn add(&mut self, x: Value) -> bool {
        match self.kind {
            ListKind::Set => {
                if self.items.iter().any(|y| ops::java_equals(y, &x)) {
                    return false;
                }
                self.items.push(x);
            }
            ListKind::TreeSet => {
                let natural = super::collections::natural;
                match self.items.binary_search_by(|y| natural(y, &x)) {
                    Ok(_) => return false,
                    Err(at) => self.items.insert(at, x),
                }
            }
            ListKind::HashSet { capacity } => {
                // The elements are sorted by bucket: an equal element is in `x`'s bucket (when
                // its hash is its contents'), and `x` goes at the bucket's end.
                let bucket = hash_bucket(&x, capacity);
                let lo = self.items.partition_point(|y| hash_bucket(y, capacity) < bucket);
                let at = lo + self.items[lo..].partition_point(|y| hash_bucket(y, capacity) <= bucket);
                let held = if hash_safe(&x) { &self.items[lo..at] } else { &self.items[..] };
                if held.iter().any(|y| ops::java_equals(y, &x)) {
                    return false;
                }
                let chain = at - lo + 1;
                self.items.insert(at, x);
                let grown = capacity_after_add(capacity, self.items.len(), chain);
                if grown != capacity {
                    self.resize(grown);
                }
            }
            _ => self.items.push(x),
        }
        true
    }
    /// A `HashSet`'s table grown: the elements are ordered by their new buckets, each bucket
    /// keeping the order its elements had (Java splits every bucket in two, in order).
    fn resize(&mut self, capacity: u32) {
        self.kind = ListKind::HashSet { capacity };
        self.items.sort_by_cached_key(|y| hash_bucket(y, capacity));
    }
    pub fn is_set(&self) -> bool {
        self.kind.is_set()
    }
}

impl std::ops::Deref for GList {
    type Target = Vec<Value>;
    fn deref(&self) -> &Vec<Value> {
        &self.items
    }
}

impl std::ops::DerefMut for GList {
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        &mut self.items
    }
}
/// A Groovy map (`java.util.LinkedHashMap`): shared, mutable, insertion-ordered.
pub type MapRef = Rc<RefCell<GMap>>;

/// Largest string the evaluator builds (in bytes) before raising `OutOfMemoryError`.
pub const MAX_TEXT: usize = 1 << 26;
/// Largest collection the evaluator materialises before raising `OutOfMemoryError`.
pub const MAX_ELEMENTS: usize = 1 << 24;

/// The error for a value beyond [`MAX_TEXT`] / [`MAX_ELEMENTS`].
pub fn too_large() -> super::error::EvalError {
    super::error::EvalError::exception("java.lang.OutOfMemoryError", Some("value too large for the evaluator".into()))
}

/// An opaque handle to an object owned by the host (a device, `state`, `location`, an event...).
/// The host dispatches property reads, writes and method calls on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HostRef {
    /// The host's own classification (e.g. device, event, location).
    pub kind: u32,
    /// The host's identifier within the kind.
    pub id: u32,
}

/// An integer range (`groovy.lang.IntRange`), already normalised: `low..high` inclusive, walked
/// downwards when `reverse`; `empty` for `n..<n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    pub low: i32,
    pub high: i32,
    pub reverse: bool,
    pub empty: bool,
    /// The bound written after `..<` (Groovy's IntRange keeps it): it prints as `1..<5` and
    /// selects by its written bounds (`s[1..<-1]` drops the first and the last character).
    pub exclusive_to: Option<i32>,
}

impl Range {
    /// The range `from..to` or `from..<to` as Groovy builds it.
    pub fn new(from: i32, to: i32, exclusive: bool) -> Range {
        let r = |low, high, reverse| Range { low, high, reverse, empty: false, exclusive_to: None };
        if exclusive {
            if from == to {
                return Range { empty: true, ..r(from, to, false) };
            }
            let exclusive_to = Some(to);
            if from < to {
                Range { exclusive_to, ..r(from, to - 1, false) }
            } else {
                Range { exclusive_to, ..r(to + 1, from, true) }
            }
        } else if from <= to {
            r(from, to, false)
        } else {
            r(to, from, true)
        }
    }

    /// The positions `coll[range]` selects in a collection of `size` elements, negative bounds
    /// counting from the end: (first, last, reversed), `first <= last`; `None` for none. A range
    /// written with `..<` excludes its written end after that counting (Groovy's
    /// `IntRange.subListBorders`): `[1, 2, 3, 4][0..<-1]` is `[1, 2, 3]`. The positions may lie
    /// outside the collection; the caller checks them.
    pub fn slice(&self, size: i64) -> Option<(i64, i64, bool)> {
        if self.empty {
            return None;
        }
        let at = |i: i32| if i < 0 { i as i64 + size } else { i as i64 };
        let from = at(self.from());
        match self.exclusive_to {
            Some(to) => {
                let to = at(to);
                match from.cmp(&to) {
                    std::cmp::Ordering::Greater => Some((to + 1, from, true)),
                    std::cmp::Ordering::Equal => None,
                    std::cmp::Ordering::Less => Some((from, to - 1, false)),
                }
            }
            None => {
                let to = at(self.to());
                Some(if from <= to { (from, to, false) } else { (to, from, true) })
            }
        }
    }
    pub fn len(&self) -> usize {
        if self.empty {
            0
        } else {
            (self.high as i64 - self.low as i64 + 1) as usize
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The first element in iteration order (`from`).
    pub fn from(&self) -> i32 {
        if self.reverse {
            self.high
        } else {
            self.low
        }
    }
    /// The last element in iteration order (`to`).
    pub fn to(&self) -> i32 {
        if self.reverse {
            self.low
        } else {
            self.high
        }
    }
    pub fn contains(&self, v: i64) -> bool {
        !self.empty && v >= self.low as i64 && v <= self.high as i64
    }
    /// The i-th element in iteration order.
    pub fn get(&self, i: usize) -> Option<i32> {
        if i >= self.len() {
            return None;
        }
        Some(if self.reverse { self.high - i as i32 } else { self.low + i as i32 })
    }
    /// The elements as values; ranges too large to materialise raise `OutOfMemoryError`.
    pub fn to_values(&self) -> Result<Vec<Value>, super::error::EvalError> {
        if self.len() > MAX_ELEMENTS {
            return Err(too_large());
        }
        Ok(self.iter().map(Value::Int).collect())
    }
    pub fn iter(&self) -> impl Iterator<Item = i32> {
        let r = *self;
        (0..r.len()).map(move |i| r.get(i).unwrap_or(0))
    }
}

/// How a closure resolves names that are not its own locals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The delegate is asked first, then the script, then the host (the order SmartApp DSL code
    /// expects).
    #[default]
    DelegateFirst,
    /// The script (owner) first, then the delegate, then the host.
    OwnerFirst,
}

/// A closure value: code, the captured scope, and its delegate.
pub struct Closure {
    pub(crate) body: ClosureBody,
    pub(crate) delegate: RefCell<Option<Value>>,
    pub(crate) strategy: Cell<Strategy>,
}

pub(crate) enum ClosureBody {
    /// A closure literal evaluated in `env`, inside the closure context `ctx` (the owner chain).
    Lit { expr: Arc<ClosureExpr>, env: Rc<Env>, ctx: Option<Rc<ClosureCtx>> },
    /// `c.curry(args)` / `c.rcurry(args)`.
    Curried { base: Value, args: Vec<Value>, right: bool },
}

impl Closure {
    pub(crate) fn new(body: ClosureBody) -> Closure {
        Closure { body, delegate: RefCell::new(None), strategy: Cell::new(Strategy::default()) }
    }
    /// The delegate set on this closure (`closure.delegate = x`), if any.
    pub fn delegate(&self) -> Option<Value> {
        self.delegate.borrow().clone()
    }
    pub fn set_delegate(&self, v: Option<Value>) {
        *self.delegate.borrow_mut() = v;
    }
    pub fn strategy(&self) -> Strategy {
        self.strategy.get()
    }
    pub fn set_strategy(&self, s: Strategy) {
        self.strategy.set(s)
    }
    /// Number of declared parameters (an implicit-`it` closure counts 1).
    pub fn param_count(&self) -> usize {
        match &self.body {
            ClosureBody::Lit { expr, .. } => expr.params.as_ref().map_or(1, |p| p.len()),
            ClosureBody::Curried { base, args, .. } => match base {
                Value::Closure(c) => c.param_count().saturating_sub(args.len()),
                _ => 0,
            },
        }
    }
    /// Where the closure literal is written (for diagnostics and canonical hashing).
    pub fn source_span(&self) -> Option<crate::syntax::Span> {
        match &self.body {
            ClosureBody::Lit { expr, .. } => Some(expr.span),
            ClosureBody::Curried { base: Value::Closure(c), .. } => c.source_span(),
            ClosureBody::Curried { .. } => None,
        }
    }
}

/// A closure inside a value that captures local variables of the code that made it.
#[derive(Clone, Debug)]
pub struct Capture {
    /// Where the closure is written.
    pub span: crate::syntax::Span,
    /// The captured locals its body names, in order of first use.
    pub names: Vec<Name>,
}

impl Capture {
    /// The message of the unsupported construct a program meets when it keeps such a closure in
    /// its state under `holder` (a shared variable, a field): what the closure captures lives
    /// outside every part of the state a model checker compares.
    pub fn unsupported_message(&self, holder: &str) -> String {
        let locals: Vec<String> = self.names.iter().map(|n| format!("`{n}`")).collect();
        format!(
            "unsupported construct: `{holder}` holds a closure that captures the local variable(s) {} of the code \
             that made it; what a closure captures is state outside the program's variables, which Eventide does \
             not track (store the values themselves, or make them shared variables)",
            locals.join(", ")
        )
    }
}

impl Value {
    /// Whether a handler that reads this value may change it without assigning anything: a list
    /// or map (`l << x`, `m.k = v`), an object with state of its own (`sb.append(x)`,
    /// `random.nextInt()`, `cal.add(...)`, `matcher.find()`, `fmt.setTimeZone(...)`), a closure
    /// (`c.delegate = x`), a map entry holding such a value. A model checker counts reading such
    /// a value from the state as a write of its location.
    pub fn may_change_in_place(&self) -> bool {
        match self {
            // A closure's delegate and resolve strategy can be set (`c.delegate = x`).
            Value::List(_) | Value::Map(_) | Value::Closure(_) => true,
            Value::Obj(o) => match &**o {
                Obj::StringBuilder(_)
                | Obj::Random(_)
                | Obj::Matcher(_)
                | Obj::Calendar(_)
                | Obj::DateFormat(_)
                | Obj::NumberFormat(_)
                | Obj::JsonBuilder(_)
                | Obj::Iterator(_) => true,
                // `entry.value << x` changes the list the entry holds.
                Obj::MapEntry(k, v) => k.may_change_in_place() || v.may_change_in_place(),
                _ => false,
            },
            _ => false,
        }
    }

    /// The closures inside this value that capture local variables from where they were made
    /// (`def k = n; cl = { -> k }` captures `k`): state kept outside the value's contents, in
    /// the closure's environment. A name the body declares itself or takes as a parameter, or
    /// one no enclosing scope declares (a global), is not a capture.
    pub fn captures(&self) -> Vec<Capture> {
        let mut out = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        captures_rec(self, &mut out, &mut seen, 0);
        out
    }
}

impl Value {
    /// The variables of the scopes a closure was made in, and of the scopes of the closures
    /// they hold (each scope once), innermost first: what the closure can read and change
    /// besides its own parameters and locals. Empty for other values.
    pub fn enclosing_variables(&self) -> Vec<(Name, Value)> {
        let mut out = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut pending = vec![self.clone()];
        while let Some(v) = pending.pop() {
            let Value::Closure(c) = &v else { continue };
            let env = match &c.body {
                ClosureBody::Lit { env, .. } => env.clone(),
                ClosureBody::Curried { base, args, .. } => {
                    pending.push(base.clone());
                    pending.extend(args.iter().cloned());
                    continue;
                }
            };
            let mut scope = Some(env);
            // A scope seen before had its parents walked then.
            while let Some(e) = scope.filter(|e| seen.insert(Rc::as_ptr(e) as usize)) {
                for (name, x) in e.variables() {
                    if matches!(x, Value::Closure(_)) {
                        pending.push(x.clone());
                    }
                    out.push((name, x));
                }
                scope = e.parent().cloned();
            }
        }
        out
    }
}

fn captures_rec(v: &Value, out: &mut Vec<Capture>, seen: &mut rustc_hash::FxHashSet<usize>, depth: usize) {
    if depth > 200 {
        return;
    }
    match v {
        Value::List(l) if seen.insert(Rc::as_ptr(l) as *const u8 as usize) => {
            for x in l.borrow().iter() {
                captures_rec(x, out, seen, depth + 1);
            }
        }
        Value::Map(m) if seen.insert(Rc::as_ptr(m) as *const u8 as usize) => {
            for (k, x) in m.borrow().iter() {
                captures_rec(k, out, seen, depth + 1);
                captures_rec(x, out, seen, depth + 1);
            }
        }
        Value::Obj(o) => {
            if let Obj::MapEntry(k, x) = &**o {
                captures_rec(k, out, seen, depth + 1);
                captures_rec(x, out, seen, depth + 1);
            }
        }
        Value::Closure(c) => match &c.body {
            ClosureBody::Lit { expr, env, .. } => {
                let own: Vec<&str> = match &expr.params {
                    None => vec!["it"],
                    Some(ps) => ps.iter().map(|p| &*p.name).collect(),
                };
                let mut declared: Vec<Name> = Vec::new();
                crate::syntax::visit::for_each_local(&expr.body, &mut |n| declared.push(n.clone()));
                let mut names: Vec<Name> = Vec::new();
                crate::syntax::visit::for_each_expr(&expr.body, &mut |e| {
                    if let crate::syntax::ExprKind::Ident(n) = &e.kind {
                        let free = !own.contains(&&**n) && !declared.contains(n) && !names.contains(n);
                        if free && env.lookup(n).is_some() {
                            names.push(n.clone());
                        }
                    }
                });
                if !names.is_empty() {
                    out.push(Capture { span: expr.span, names });
                }
            }
            ClosureBody::Curried { base, args, .. } => {
                captures_rec(base, out, seen, depth + 1);
                for a in args {
                    captures_rec(a, out, seen, depth + 1);
                }
            }
        },
        _ => {}
    }
}

impl std::fmt::Debug for Closure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Closure@{:?}", self.source_span())
    }
}

/// A thrown Groovy exception object.
#[derive(Clone, Debug, PartialEq)]
pub struct ExceptionData {
    /// Fully qualified class name, e.g. `java.lang.IllegalArgumentException`.
    pub class: String,
    pub message: Option<String>,
    pub cause: Option<Box<ExceptionData>>,
}

impl ExceptionData {
    pub fn new(class: impl Into<String>, message: Option<String>) -> ExceptionData {
        ExceptionData { class: class.into(), message, cause: None }
    }
    /// Java's `Throwable.toString()`: `class: message` or the class alone.
    pub fn to_java_string(&self) -> String {
        match &self.message {
            Some(m) => format!("{}: {}", self.class, m),
            None => self.class.clone(),
        }
    }
}

/// A compiled regular expression with the Java source text it came from.
#[derive(Debug)]
pub struct Pattern {
    pub source: Str,
    pub regex: regex::Regex,
    /// The same pattern anchored at both ends, for whole-string matches.
    pub anchored: regex::Regex,
    /// The pattern has a `$` outside `(?m)`, which in Java also matches before a line end that
    /// ends the input (`"42\n" =~ /(\d+)$/` finds `42`): searches then also run on the input
    /// without that line end (see `regex::java_captures`).
    pub end_before_final_line_end: bool,
}

/// `java.util.Iterator` over a list (its elements) or a map (its entries, as `Map.Entry`), which
/// it reads as it goes and from which `remove()` takes the last element returned.
#[derive(Clone, Debug)]
pub struct IteratorState {
    /// The list or map walked (shared with the program: `remove()` changes it).
    pub source: Value,
    /// How many elements `next()` returned since the last `remove()`, i.e. the next position.
    pub next: usize,
    /// Whether `remove()` may remove the element at `next - 1` (a `next()` came since the last).
    pub can_remove: bool,
    /// The source's size as this iterator last saw it (made, or changed by its own `remove()`):
    /// another size means the program changed the source behind it, which Java's
    /// `ConcurrentModificationException` refuses.
    pub expected_len: usize,
}

impl IteratorState {
    /// The Java class of the iterator (`getClass()`, printing).
    pub fn class_name(&self) -> &'static str {
        match self.source {
            Value::Map(_) => "java.util.LinkedHashMap$LinkedEntryIterator",
            _ => "java.util.ArrayList$Itr",
        }
    }

    /// The elements its source has, a map's as `Map.Entry` values.
    pub fn len(&self) -> usize {
        match &self.source {
            Value::List(l) => l.borrow().len(),
            Value::Map(m) => m.borrow().len(),
            _ => 0,
        }
    }

    /// An iterator at the start of `source` (a list or a map).
    pub fn new(source: Value) -> IteratorState {
        let mut it = IteratorState { source, next: 0, can_remove: false, expected_len: 0 };
        it.expected_len = it.len();
        it
    }

    /// Java's refusal to go on over a source changed behind the iterator.
    pub fn check_unchanged(&self) -> Result<(), super::error::EvalError> {
        if self.len() == self.expected_len {
            Ok(())
        } else {
            Err(super::error::EvalError::exception(super::error::class::CONCURRENT_MODIFICATION, None))
        }
    }

    /// The element at `i` of its source, if there is one.
    pub fn element(&self, i: usize) -> Option<Value> {
        match &self.source {
            Value::List(l) => l.borrow().get(i).cloned(),
            Value::Map(m) => m.borrow().entries().get(i).map(|(k, v)| Value::obj(Obj::MapEntry(k.clone(), v.clone()))),
            _ => None,
        }
    }
}

/// `java.util.regex.Matcher` as produced by `=~`.
#[derive(Clone, Debug)]
pub struct MatcherState {
    pub pattern: Rc<Pattern>,
    pub input: Str,
    /// All matches, each as its groups (group 0 first); `None` for a group that did not take part.
    pub matches: Vec<Vec<Option<String>>>,
    /// Position of `find()` iteration.
    pub cursor: usize,
    /// Index of the match the last `find()`/`matches()` selected.
    pub current: Option<usize>,
}

/// `java.text.SimpleDateFormat`.
#[derive(Clone, Debug)]
pub struct DateFormat {
    pub pattern: Str,
    pub zone: Tz,
}

/// A `TimeCategory` duration (`5.minutes`, `2.days`, `date1 - date2`): Groovy's `BaseDuration`,
/// whose fields are kept as given, not normalised (`90.minutes` prints `90 minutes`, and the
/// difference of two dates may have negative fields).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Duration {
    pub years: i64,
    pub months: i64,
    pub days: i64,
    pub hours: i64,
    pub minutes: i64,
    pub seconds: i64,
    pub millis: i64,
}

impl Duration {
    /// The fields below a day, in milliseconds.
    pub fn time_millis(&self) -> i64 {
        ((self.hours * 60 + self.minutes) * 60 + self.seconds) * 1000 + self.millis
    }

    /// `toMilliseconds()`, which `compareTo` and `==` use: exact for durations of days and
    /// less; a month counts 30 days and a year 365 (Groovy measures those from the current
    /// date).
    pub fn to_millis(&self) -> i64 {
        const DAY: i64 = 86_400_000;
        (self.years * 365 + self.months * 30 + self.days) * DAY + self.time_millis()
    }

    /// Field by field `self + sign * other`, as `BaseDuration.plus`/`minus` add.
    pub fn combine(&self, other: &Duration, sign: i64) -> Duration {
        Duration {
            years: self.years + sign * other.years,
            months: self.months + sign * other.months,
            days: self.days + sign * other.days,
            hours: self.hours + sign * other.hours,
            minutes: self.minutes + sign * other.minutes,
            seconds: self.seconds + sign * other.seconds,
            millis: self.millis + sign * other.millis,
        }
    }
}

/// Builtin objects that are neither scalars nor collections.
#[derive(Debug)]
pub enum Obj {
    Exception(ExceptionData),
    /// `Map.Entry`
    MapEntry(Value, Value),
    Pattern(Rc<Pattern>),
    Matcher(RefCell<MatcherState>),
    TimeZone(Tz),
    DateFormat(RefCell<DateFormat>),
    StringBuilder(RefCell<String>),
    /// `java.util.Random` with its seed state.
    Random(Cell<u64>),
    JsonSlurper,
    /// `java.util.Calendar` on a date in a zone.
    Calendar(RefCell<(i64, Tz)>),
    Duration(Duration),
    /// `java.text.DecimalFormat` (also what the `NumberFormat` factories return).
    NumberFormat(RefCell<super::decimal_format::NumberFormat>),
    /// `groovy.json.JsonBuilder` holding its content (a map, list or value).
    JsonBuilder(RefCell<Value>),
    /// `list.iterator()`, `map.iterator()`: a position in a list or map (see [`IteratorState`]).
    Iterator(RefCell<IteratorState>),
    /// `java.util.Locale` by its tag (`en_US`).
    Locale(Str),
}

/// A Groovy value.
#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    /// `java.lang.Integer`
    Int(i32),
    /// `java.lang.Long`
    Long(i64),
    /// `java.math.BigInteger`
    BigInt(I128),
    /// `java.lang.Float`
    Float(f32),
    /// `java.lang.Double`
    Double(f64),
    /// `java.math.BigDecimal`
    Decimal(Dec),
    /// `java.lang.String`
    Str(Str),
    /// An interpolated string; equal to and hashing like the `String` with the same text.
    GString(Str),
    List(ListRef),
    Map(MapRef),
    Range(Range),
    Closure(Rc<Closure>),
    /// A script method used as a value (`subscribe(dev, "switch", handler)`).
    MethodRef(Name),
    /// `java.util.Date`: milliseconds since the epoch.
    Date(i64),
    /// A class used as a value or static receiver (`Math`, `Integer`), by fully qualified name.
    Class(Name),
    /// An object owned by the host.
    Host(HostRef),
    /// The script object itself (`this` outside closures).
    Script,
    Obj(Rc<Obj>),
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<i32> for Value {
    fn from(v: i32) -> Value {
        Value::Int(v)
    }
}
impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Long(v)
    }
}
impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Double(v)
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Str(v.into())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Str(v.into())
    }
}
impl From<Dec> for Value {
    fn from(v: Dec) -> Value {
        Value::Decimal(v)
    }
}

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(s.into())
    }
    pub fn new_list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(RefCell::new(GList { items, kind: ListKind::List })))
    }
    /// A new list of the given kind (a set drops repeated elements).
    pub fn new_list_of(kind: ListKind, items: Vec<Value>) -> Value {
        Value::List(Rc::new(RefCell::new(GList::new(items, kind))))
    }
    pub fn new_map(map: GMap) -> Value {
        Value::Map(Rc::new(RefCell::new(map)))
    }
    pub fn empty_map() -> Value {
        Value::new_map(GMap::new())
    }
    pub fn obj(o: Obj) -> Value {
        Value::Obj(Rc::new(o))
    }
    pub fn exception(class: &str, message: Option<String>) -> Value {
        Value::obj(Obj::Exception(ExceptionData::new(class, message)))
    }
    pub fn class(name: &str) -> Value {
        Value::Class(name.into())
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
    pub fn is_number(&self) -> bool {
        matches!(
            self,
            Value::Int(_) | Value::Long(_) | Value::BigInt(_) | Value::Float(_) | Value::Double(_) | Value::Decimal(_)
        )
    }
    pub fn is_string(&self) -> bool {
        matches!(self, Value::Str(_) | Value::GString(_))
    }
    /// The text of a `String` or `GString`.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) | Value::GString(s) => Some(s),
            _ => None,
        }
    }
    /// The value as an `i64` when it is an integral number type (Integer, Long, BigInteger in
    /// range).
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i as i64),
            Value::Long(i) => Some(*i),
            Value::BigInt(i) => i64::try_from(i.get()).ok(),
            _ => None,
        }
    }
    /// The name of a script method reference.
    pub fn method_name(&self) -> Option<&str> {
        match self {
            Value::MethodRef(n) => Some(n),
            _ => None,
        }
    }
    pub fn is_callable(&self) -> bool {
        matches!(self, Value::Closure(_) | Value::MethodRef(_))
    }

    /// Groovy truth (`asBoolean()`).
    pub fn truthy(&self) -> bool {
        match self {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Long(i) => *i != 0,
            Value::BigInt(i) => i.get() != 0,
            Value::Float(f) => *f != 0.0,
            Value::Double(d) => *d != 0.0,
            Value::Decimal(d) => !d.is_zero(),
            Value::Str(s) | Value::GString(s) => !s.is_empty(),
            Value::List(l) => !l.borrow().is_empty(),
            Value::Map(m) => !m.borrow().is_empty(),
            Value::Range(r) => !r.is_empty(),
            Value::Obj(o) => match &**o {
                Obj::Matcher(m) => {
                    let mut m = m.borrow_mut();
                    // asBoolean() on a Matcher calls find(): it advances.
                    if m.cursor < m.matches.len() {
                        m.current = Some(m.cursor);
                        m.cursor += 1;
                        true
                    } else {
                        false
                    }
                }
                Obj::StringBuilder(s) => !s.borrow().is_empty(),
                _ => true,
            },
            _ => true,
        }
    }

    /// The Java class name of the value (host objects report `host`; the interpreter asks the host
    /// for their real name).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "java.lang.Boolean",
            Value::Int(_) => "java.lang.Integer",
            Value::Long(_) => "java.lang.Long",
            Value::BigInt(_) => "java.math.BigInteger",
            Value::Float(_) => "java.lang.Float",
            Value::Double(_) => "java.lang.Double",
            Value::Decimal(_) => "java.math.BigDecimal",
            Value::Str(_) => "java.lang.String",
            Value::GString(_) => "org.codehaus.groovy.runtime.GStringImpl",
            Value::List(l) => match l.borrow().kind {
                ListKind::List => "java.util.ArrayList",
                ListKind::Set => "java.util.LinkedHashSet",
                ListKind::HashSet { .. } => "java.util.HashSet",
                ListKind::TreeSet => "java.util.TreeSet",
                ListKind::Array(element) => array_class(element),
            },
            Value::Map(_) => "java.util.LinkedHashMap",
            Value::Range(_) => "groovy.lang.IntRange",
            Value::Closure(_) => "groovy.lang.Closure",
            Value::MethodRef(_) => "org.codehaus.groovy.runtime.MethodClosure",
            Value::Date(_) => "java.util.Date",
            Value::Class(_) => "java.lang.Class",
            Value::Host(_) => "host",
            Value::Script => "groovy.lang.Script",
            Value::Obj(o) => match &**o {
                Obj::Exception(_) => "java.lang.Throwable",
                Obj::MapEntry(..) => "java.util.LinkedHashMap$Entry",
                Obj::Pattern(_) => "java.util.regex.Pattern",
                Obj::Matcher(_) => "java.util.regex.Matcher",
                Obj::TimeZone(_) => "sun.util.calendar.ZoneInfo",
                Obj::DateFormat(_) => "java.text.SimpleDateFormat",
                Obj::StringBuilder(_) => "java.lang.StringBuilder",
                Obj::Iterator(it) => it.borrow().class_name(),
                Obj::Random(_) => "java.util.Random",
                Obj::JsonSlurper => "groovy.json.JsonSlurper",
                Obj::Locale(_) => "java.util.Locale",
                Obj::Calendar(_) => "java.util.GregorianCalendar",
                Obj::Duration(_) => "groovy.time.TimeDuration",
                Obj::NumberFormat(_) => "java.text.DecimalFormat",
                Obj::JsonBuilder(_) => "groovy.json.JsonBuilder",
            },
        }
    }

    /// A deep copy: lists and maps are copied recursively (sharing and cycles are preserved
    /// within the copy); scalars, closures and host handles are shared.
    pub fn deep_copy(&self) -> Value {
        ops::deep_copy(self)
    }

    /// Feeds a canonical hash of the value into `h`: numbers equal under Groovy `==` hash equal
    /// (`1`, `1L`, `1.0G`, `1.0d`), `String` and `GString` hash equal, lists and maps hash their
    /// contents in order.
    pub fn hash_canonical<H: std::hash::Hasher>(&self, h: &mut H) {
        ops::hash_value(self, h, 0)
    }

    /// Feeds an exact hash of the value into `h`, for model-checker state: unlike
    /// [`Value::hash_canonical`], numbers hash their type and exact value (`1`, `1L`, `1.0` and
    /// `1.00` differ: they print and compute differently), and a `GString` differs from a
    /// `String`. Consistent with [`Value::state_eq`].
    pub fn hash_state<H: std::hash::Hasher>(&self, h: &mut H) {
        ops::hash_state(self, h, 0)
    }

    /// Exact structural equality for model-checker state: two values are equal when no program
    /// can tell them apart by reading them (same types, same decimal scales, maps in the same key
    /// order), which is what merging states and taking a write of an equal value for a read need.
    /// Consistent with [`Value::hash_state`].
    pub fn state_eq(&self, other: &Value) -> bool {
        ops::state_eq(self, other, 0)
    }
}

/// An insertion-ordered map (a `LinkedHashMap`) whose keys compare by Java's `equals`, as the
/// JDK map does: `"a"` and `"${'a'}"` (a `String` and a `GString`), `1` and `1L`, `1.0` and `1.00`
/// are different keys. Groovy's subscript turns a `GString` index into a `String` before it
/// reaches the map ([`super::methods::get_at`]), so `m["${k}"]` finds the key `k`, while
/// `m.put("${k}", v)`, `m.get("${k}")` and a map literal `["${k}": v]` keep the `GString`.
#[derive(Clone, Debug, Default)]
pub struct GMap {
    entries: Vec<(Value, Value)>,
    /// Key hash → entry indices; built once the map is large enough for scans to cost.
    index: Option<rustc_hash::FxHashMap<u64, smallvec::SmallVec<[u32; 1]>>>,
}

const INDEX_THRESHOLD: usize = 12;

fn key_hash(k: &Value) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    k.hash_canonical(&mut h);
    h.finish()
}

impl GMap {
    pub fn new() -> GMap {
        GMap { entries: Vec::new(), index: None }
    }
    pub fn with_capacity(n: usize) -> GMap {
        GMap { entries: Vec::with_capacity(n), index: None }
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    fn find(&self, k: &Value) -> Option<usize> {
        if let Some(index) = &self.index {
            let idx = index.get(&key_hash(k))?;
            return idx.iter().map(|&i| i as usize).find(|&i| ops::java_equals(&self.entries[i].0, k));
        }
        // Fast path for string keys: a `String` equals only a `String`, a `GString` only a `GString`.
        match k {
            Value::Str(ks) => self.entries.iter().position(|(ek, _)| matches!(ek, Value::Str(es) if es == ks)),
            Value::GString(ks) => self.entries.iter().position(|(ek, _)| matches!(ek, Value::GString(es) if es == ks)),
            _ => self.entries.iter().position(|(ek, _)| ops::java_equals(ek, k)),
        }
    }
    fn rebuild_index(&mut self) {
        if self.entries.len() < INDEX_THRESHOLD {
            self.index = None;
            return;
        }
        let mut index: rustc_hash::FxHashMap<u64, smallvec::SmallVec<[u32; 1]>> = Default::default();
        for (i, (k, _)) in self.entries.iter().enumerate() {
            index.entry(key_hash(k)).or_default().push(i as u32);
        }
        self.index = Some(index);
    }
    pub fn get(&self, k: &Value) -> Option<&Value> {
        self.find(k).map(|i| &self.entries[i].1)
    }
    /// The value of the `String` key `k` (a `GString` key with the same text is another key).
    pub fn get_str(&self, k: &str) -> Option<&Value> {
        if self.index.is_some() {
            return self.get(&Value::str(k));
        }
        self.entries.iter().find(|(ek, _)| matches!(ek, Value::Str(es) if &**es == k)).map(|(_, v)| v)
    }
    pub fn contains_key(&self, k: &Value) -> bool {
        self.find(k).is_some()
    }
    /// Inserts or replaces; returns the previous value. A replaced entry keeps its position and
    /// its original key.
    pub fn insert(&mut self, k: Value, v: Value) -> Option<Value> {
        if let Some(i) = self.find(&k) {
            return Some(std::mem::replace(&mut self.entries[i].1, v));
        }
        let i = self.entries.len();
        if let Some(index) = &mut self.index {
            index.entry(key_hash(&k)).or_default().push(i as u32);
        }
        self.entries.push((k, v));
        if self.index.is_none() && self.entries.len() >= INDEX_THRESHOLD {
            self.rebuild_index();
        }
        None
    }
    pub fn remove(&mut self, k: &Value) -> Option<Value> {
        let i = self.find(k)?;
        let (_, v) = self.entries.remove(i);
        if self.index.is_some() {
            self.rebuild_index();
        }
        Some(v)
    }
    pub fn clear(&mut self) {
        self.entries.clear();
        self.index = None;
    }
    pub fn iter(&self) -> impl Iterator<Item = (&Value, &Value)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }
    pub fn keys(&self) -> impl Iterator<Item = &Value> {
        self.entries.iter().map(|(k, _)| k)
    }
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.entries.iter().map(|(_, v)| v)
    }
    pub fn entries(&self) -> &[(Value, Value)] {
        &self.entries
    }
    /// Replaces all entries (used by sorting).
    pub fn set_entries(&mut self, entries: Vec<(Value, Value)>) {
        self.entries = entries;
        self.rebuild_index();
    }
    pub fn retain(&mut self, mut f: impl FnMut(&Value, &Value) -> bool) {
        self.entries.retain(|(k, v)| f(k, v));
        self.rebuild_index();
    }
}

impl FromIterator<(Value, Value)> for GMap {
    fn from_iter<T: IntoIterator<Item = (Value, Value)>>(iter: T) -> GMap {
        let mut m = GMap::new();
        for (k, v) in iter {
            m.insert(k, v);
        }
        m
    }
}

/// The class name of an array of `element`s (`[Ljava.lang.String;`).
fn array_class(element: &str) -> &'static str {
    match element {
        "java.lang.String" => "[Ljava.lang.String;",
        "byte" => "[B",
        "int" => "[I",
        "long" => "[J",
        "double" => "[D",
        "char" => "[C",
        _ => "[Ljava.lang.Object;",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_is_small() {
        assert!(std::mem::size_of::<Value>() <= 32, "{}", std::mem::size_of::<Value>());
    }

    #[test]
    fn ranges_normalise() {
        let r = Range::new(1, 4, true);
        assert_eq!(r.iter().collect::<Vec<_>>(), vec![1, 2, 3]);
        let r = Range::new(5, 1, true);
        assert_eq!(r.iter().collect::<Vec<_>>(), vec![5, 4, 3, 2]);
        let r = Range::new(3, 3, true);
        assert!(r.is_empty());
        let r = Range::new(3, 1, false);
        assert_eq!(r.iter().collect::<Vec<_>>(), vec![3, 2, 1]);
    }

    #[test]
    fn exclusive_ranges_select_by_their_written_bounds() {
        // `[1, 2, 3, 4][0..<-1]`, `[1..<-1]`, `[-1..<0]`, `[2..<-2]`, `[0..<3]`, `[1..-1]`.
        assert_eq!(Range::new(0, -1, true).slice(4), Some((0, 2, false)));
        assert_eq!(Range::new(1, -1, true).slice(4), Some((1, 2, false)));
        assert_eq!(Range::new(-1, 0, true).slice(4), Some((1, 3, true)));
        assert_eq!(Range::new(2, -2, true).slice(4), None);
        assert_eq!(Range::new(0, 3, true).slice(4), Some((0, 2, false)));
        assert_eq!(Range::new(1, -1, false).slice(4), Some((1, 3, false)));
        assert_eq!(Range::new(-1, 1, false).slice(4), Some((1, 3, true)));
    }

    #[test]
    fn map_keys_use_java_equality() {
        let mut m = GMap::new();
        m.insert(Value::str("a"), Value::Int(1));
        m.insert(Value::GString("a".into()), Value::Int(2));
        assert_eq!(m.len(), 2, "a String and a GString are two keys");
        assert!(matches!(m.get_str("a"), Some(Value::Int(1))));
        assert!(matches!(m.get(&Value::GString("a".into())), Some(Value::Int(2))));
        m.insert(Value::Int(1), Value::Int(3));
        assert!(m.get(&Value::Long(1)).is_none(), "1L is not the key 1");
        for i in 0..40 {
            m.insert(Value::Long(i as i64 + 100), Value::Int(i));
        }
        // Past the index threshold the lookups go through the hash index.
        assert!(matches!(m.get(&Value::Long(120)), Some(Value::Int(20))));
        assert!(m.get(&Value::Int(120)).is_none());
        assert!(matches!(m.get(&Value::GString("a".into())), Some(Value::Int(2))));
        m.remove(&Value::Long(120));
        assert!(m.get(&Value::Long(120)).is_none());
        assert!(matches!(m.get(&Value::Long(121)), Some(Value::Int(21))));
    }
}
