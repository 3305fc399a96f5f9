//! Type names and conversions: `as` casts, coercion of typed declarations and parameters,
//! `instanceof`, class names of values, and number literals.

use super::error::{class, is_subclass, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::num::{Dec, I128};
use super::ops;
use super::show::display;
use super::value::{GMap, ListKind, Obj, Value};
use crate::syntax::{Name, NumberLit, TypeName};

/// The last segment of a dotted type name.
pub fn simple_name(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}

/// The Java class name of a value, asking the host for host objects.
pub fn class_name(h: &mut dyn Host, v: &Value) -> String {
    match v {
        Value::Host(r) => h.class_name(*r),
        Value::Obj(o) => match &**o {
            Obj::Exception(e) => e.class.clone(),
            _ => v.type_name().to_string(),
        },
        _ => v.type_name().to_string(),
    }
}

pub fn number_literal(n: &NumberLit) -> R<Value> {
    Ok(match n {
        NumberLit::Integer(i) => Value::Int(*i),
        NumberLit::Long(i) => Value::Long(*i),
        NumberLit::Double(d) => Value::Double(*d),
        NumberLit::Float(f) => Value::Float(*f),
        NumberLit::BigInteger(text) => {
            let t = text.trim_end_matches(['g', 'G']).replace('_', "");
            let v = if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                i128::from_str_radix(hex, 16).ok()
            } else {
                t.parse::<i128>().ok()
            };
            match v {
                Some(v) => Value::BigInt(I128::new(v)),
                None => return Err(EvalError::unsupported(format!("integer literal {text} beyond 128 bits"))),
            }
        }
        NumberLit::BigDecimal(text) => match Dec::parse(&text.replace('_', "")) {
            Some(d) => Value::Decimal(d),
            None => return Err(EvalError::unsupported(format!("decimal literal {text}"))),
        },
    })
}

/// Whether `name` is one of Java's primitive types.
pub fn is_primitive(name: &str) -> bool {
    matches!(name, "int" | "long" | "double" | "float" | "boolean" | "short" | "byte" | "char")
}

/// The value of a typed local declared without initialiser (`int x` is 0).
pub fn default_for_type(name: &str) -> Value {
    match name {
        "int" | "short" | "byte" | "char" => Value::Int(0),
        "long" => Value::Long(0),
        "double" => Value::Double(0.0),
        "float" => Value::Float(0.0),
        "boolean" => Value::Bool(false),
        _ => Value::Null,
    }
}

pub fn cast_error(h: &mut dyn Host, v: &Value, target: &str) -> EvalError {
    let target = super::interp::known_class(target).unwrap_or(target);
    let cls = class_name(h, v);
    let text = if v.is_null() { "null".to_string() } else { display(h, v) };
    EvalError::exception(
        class::CLASS_CAST,
        Some(format!("Cannot cast object '{text}' with class '{cls}' to class '{target}'")),
    )
}

fn number_format(s: &str) -> EvalError {
    EvalError::exception(class::NUMBER_FORMAT, Some(format!("For input string: \"{s}\"")))
}

/// Java's `Integer.parseInt` / `Integer.valueOf` (optional sign, decimal digits).
pub fn parse_int(s: &str) -> R<i32> {
    parse_java_integer(s).and_then(|v| i32::try_from(v).ok()).ok_or_else(|| number_format(s))
}

pub fn parse_long(s: &str) -> R<i64> {
    parse_java_integer(s).and_then(|v| i64::try_from(v).ok()).ok_or_else(|| number_format(s))
}

fn parse_java_integer(s: &str) -> Option<i128> {
    let b = s.as_bytes();
    if b.is_empty() {
        return None;
    }
    let (neg, digits) = match b[0] {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v: i128 = digits.parse().ok()?;
    Some(if neg { -v } else { v })
}

/// Java's `Double.parseDouble` (accepts surrounding whitespace, `d`/`f` suffixes, `NaN`).
pub fn parse_double(s: &str) -> R<f64> {
    let t = s.trim();
    let body = t.strip_suffix(['d', 'D', 'f', 'F']).unwrap_or(t);
    let ok = !body.is_empty()
        && body.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'+' | b'e' | b'E'))
        && body.bytes().any(|c| c.is_ascii_digit());
    if ok {
        if let Ok(d) = body.parse::<f64>() {
            return Ok(d);
        }
    }
    match body {
        "NaN" => Ok(f64::NAN),
        "Infinity" | "+Infinity" => Ok(f64::INFINITY),
        "-Infinity" => Ok(f64::NEG_INFINITY),
        _ => Err(number_format(s)),
    }
}

/// `new BigDecimal(String)`.
pub fn parse_decimal(s: &str) -> R<Dec> {
    // `G` marks a BigDecimal literal in source; `new BigDecimal(text)` has no such suffix.
    if s.ends_with(['g', 'G']) {
        return Err(number_format(s));
    }
    Dec::parse(s).ok_or_else(|| number_format(s))
}

/// Type categories the conversions distinguish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Int,
    Long,
    Short,
    Byte,
    Double,
    Float,
    Decimal,
    BigInt,
    Number,
    Bool,
    Str,
    Char,
    List,
    Set,
    Map,
    SortedMap,
    Date,
    Closure,
    Any,
    Void,
    Other,
}

fn kind_of(name: &str) -> (Kind, bool) {
    let primitive = matches!(name, "int" | "long" | "double" | "float" | "boolean" | "short" | "byte" | "char");
    let k = match simple_name(name) {
        "int" | "Integer" => Kind::Int,
        "long" | "Long" => Kind::Long,
        "short" | "Short" => Kind::Short,
        "byte" | "Byte" => Kind::Byte,
        "double" | "Double" => Kind::Double,
        "float" | "Float" => Kind::Float,
        "BigDecimal" => Kind::Decimal,
        "BigInteger" => Kind::BigInt,
        "Number" => Kind::Number,
        "boolean" | "Boolean" => Kind::Bool,
        "String" | "CharSequence" => Kind::Str,
        "char" | "Character" => Kind::Char,
        "List" | "ArrayList" | "LinkedList" | "Collection" | "Iterable" | "AbstractList" | "Queue" | "Deque"
        | "ArrayDeque" | "Stack" | "Vector" => Kind::List,
        "Set" | "HashSet" | "LinkedHashSet" | "TreeSet" | "SortedSet" => Kind::Set,
        "Map" | "HashMap" | "LinkedHashMap" | "AbstractMap" => Kind::Map,
        "TreeMap" | "SortedMap" => Kind::SortedMap,
        "Date" => Kind::Date,
        "Closure" => Kind::Closure,
        "Object" | "def" | "var" => Kind::Any,
        "void" => Kind::Void,
        _ => Kind::Other,
    };
    (k, primitive)
}

fn to_number_kind(h: &mut dyn Host, v: &Value, k: Kind, target: &str) -> R<Value> {
    if !v.is_number() {
        return Err(cast_error(h, v, target));
    }
    Ok(match k {
        Kind::Int | Kind::Short | Kind::Byte => {
            let i = ops::to_i32(v);
            match k {
                Kind::Short => Value::Int(i as i16 as i32),
                Kind::Byte => Value::Int(i as i8 as i32),
                _ => Value::Int(i),
            }
        }
        Kind::Long => Value::Long(ops::to_i64(v)),
        Kind::Double => Value::Double(ops::to_f64(v)),
        Kind::Float => Value::Float(ops::to_f64(v) as f32),
        Kind::Decimal => {
            Value::Decimal(ops::to_dec(v).map_err(|e| EvalError::exception(class::NUMBER_FORMAT, Some(e.message())))?)
        }
        Kind::BigInt => Value::BigInt(I128::new(ops::to_i128(v))),
        _ => v.clone(),
    })
}

fn sorted_map(h: &mut dyn Host, m: &GMap) -> R<Value> {
    let mut entries: Vec<(Value, Value)> = m.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    super::timsort::sort(&mut entries, &mut |a, b| match super::arith::compare_plain(&a.0, &b.0) {
        Some(o) => Ok(o),
        None => Err(cast_error(h, &a.0, "java.lang.Comparable")),
    })?;
    let mut out = GMap::new();
    out.set_entries(entries);
    Ok(Value::new_map(out))
}

/// The kind of an array of `element`s (`String[]`: `[Ljava.lang.String;`).
pub(crate) fn array_kind(element: &str) -> ListKind {
    ListKind::Array(match simple_name(element) {
        "String" => "java.lang.String",
        "byte" => "byte",
        "int" => "int",
        "long" => "long",
        "double" => "double",
        "char" => "char",
        _ => "java.lang.Object",
    })
}

/// `v instanceof T[]`: `v` is an array whose elements' class is `element` (any array of objects
/// is an `Object[]`; arrays of primitives only their own type).
pub(crate) fn array_instance_of(v: &Value, element: &str, dims: u8) -> bool {
    let Value::List(l) = v else { return false };
    let ListKind::Array(held) = l.borrow().kind else { return false };
    if dims != 1 {
        return false;
    }
    match simple_name(element) {
        "Object" => !matches!(held, "byte" | "int" | "long" | "double" | "char"),
        other => simple_name(held) == other,
    }
}

/// A new set of `items` of the class `name` names (`Set` is a `LinkedHashSet`, as `as Set`
/// gives in Groovy).
fn new_set(name: &str, items: Vec<Value>) -> Value {
    let kind = match simple_name(name) {
        "TreeSet" | "SortedSet" => ListKind::TreeSet,
        "HashSet" => ListKind::hash_set_copying(items.len()),
        _ => ListKind::Set,
    };
    Value::new_list_of(kind, items)
}

/// A list value as a `java.util.List`: itself when it is one, else a new list of its elements.
fn as_list(v: &Value, l: &super::value::ListRef) -> Value {
    match l.borrow().kind {
        ListKind::List => v.clone(),
        _ => Value::new_list(l.borrow().to_vec()),
    }
}

/// The type a declared variable keeps: what later assignments to it are converted to (`int x`:
/// `x = 2.5` stores 2). `None` when assignments store any value as it is: `def`, `Object`, and
/// arrays (whose elements are not converted here).
pub fn assignment_type(ty: &TypeName) -> Option<Name> {
    let any = ty.array_dims > 0 || matches!(&*ty.name, "def" | "var" | "Object" | "java.lang.Object");
    (!any).then(|| ty.name.clone())
}

/// Assignment to a typed variable and Java-style casts (`int x = v`, `(String) v`).
pub fn coerce_to_type(h: &mut dyn Host, v: &Value, ty: &TypeName) -> R<Value> {
    if ty.array_dims > 0 {
        return match v {
            Value::Null => Ok(Value::Null),
            Value::List(l) if ty.array_dims == 1 => Ok(Value::new_list_of(array_kind(&ty.name), l.borrow().to_vec())),
            Value::List(_) => Ok(v.clone()),
            _ => Err(cast_error(h, v, &ty.name)),
        };
    }
    coerce_named(h, v, &ty.name)
}

pub(crate) fn coerce_named(h: &mut dyn Host, v: &Value, name: &str) -> R<Value> {
    let (k, primitive) = kind_of(name);
    if v.is_null() {
        return match k {
            Kind::Bool if primitive => Ok(Value::Bool(false)),
            _ if primitive => {
                let wrapper = match name {
                    "int" => "Integer".to_string(),
                    "char" => "Character".to_string(),
                    other => super::interp::capitalize(other),
                };
                Err(EvalError::exception(
                    class::CLASS_CAST,
                    Some(format!(
                        "Cannot cast object 'null' with class 'null' to class '{name}'. Try 'java.lang.{wrapper}' instead"
                    )),
                ))
            }
            _ => Ok(Value::Null),
        };
    }
    match k {
        Kind::Any | Kind::Void => Ok(v.clone()),
        Kind::Int
        | Kind::Long
        | Kind::Short
        | Kind::Byte
        | Kind::Double
        | Kind::Float
        | Kind::Decimal
        | Kind::BigInt => to_number_kind(h, v, k, name),
        Kind::Number => {
            if v.is_number() {
                Ok(v.clone())
            } else {
                Err(cast_error(h, v, name))
            }
        }
        Kind::Bool => match v {
            Value::Bool(_) => Ok(v.clone()),
            _ => Ok(Value::Bool(v.truthy())),
        },
        // Java's `toString()` (`String s = map` is `{a=1}`; `map as String` is Groovy's `[a:1]`).
        Kind::Str => match v {
            Value::Str(_) => Ok(v.clone()),
            _ => Ok(Value::str(&super::show::java_display(h, v))),
        },
        Kind::Char => match v.as_str() {
            Some(s) if s.chars().count() == 1 => Ok(Value::Str(s.into())),
            _ => Err(cast_error(h, v, name)),
        },
        Kind::List => match v {
            Value::List(l) => Ok(as_list(v, l)),
            Value::Range(r) => Ok(Value::new_list(r.to_values()?)),
            _ => Err(cast_error(h, v, name)),
        },
        Kind::Set => match v {
            Value::List(l) if l.borrow().is_set() => Ok(v.clone()),
            Value::List(l) => Ok(new_set(name, l.borrow().to_vec())),
            Value::Range(r) => Ok(new_set(name, r.to_values()?)),
            _ => Err(cast_error(h, v, name)),
        },
        Kind::Map => match v {
            Value::Map(_) => Ok(v.clone()),
            _ => Err(cast_error(h, v, name)),
        },
        Kind::SortedMap => match v {
            Value::Map(m) => {
                let m = m.borrow().clone();
                sorted_map(h, &m)
            }
            _ => Err(cast_error(h, v, name)),
        },
        Kind::Date => match v {
            Value::Date(_) => Ok(v.clone()),
            _ => Err(cast_error(h, v, name)),
        },
        Kind::Closure => {
            if v.is_callable() {
                Ok(v.clone())
            } else {
                Err(cast_error(h, v, name))
            }
        }
        Kind::Other => Ok(v.clone()),
    }
}

/// Coercion of a method or closure argument to its declared parameter type. Lenient: values that
/// do not convert are passed unchanged.
pub fn coerce_param(h: &mut dyn Host, v: &Value, ty: &TypeName) -> R<Value> {
    if v.is_null() {
        return Ok(Value::Null);
    }
    Ok(coerce_to_type(h, v, ty).unwrap_or_else(|_| v.clone()))
}

/// `v as T`.
pub fn as_type(interp: &mut Interpreter, h: &mut dyn Host, v: &Value, name: &str, array: bool) -> R<Value> {
    if array {
        let items = interp.iterate(h, v)?;
        let mut out = Vec::with_capacity(items.len());
        for it in items {
            out.push(as_type(interp, h, &it, name, false)?);
        }
        return Ok(if v.is_null() { Value::Null } else { Value::new_list_of(array_kind(name), out) });
    }
    // `list as Queue` (or a linked list, deque, stack) is a new collection holding the elements,
    // as Groovy's `asType` builds one; `as List` of a list is the list itself.
    if matches!(simple_name(name), "Queue" | "Deque" | "ArrayDeque" | "LinkedList" | "Stack" | "Vector") && !v.is_null()
    {
        return Ok(Value::new_list(interp.iterate(h, v)?));
    }
    let (k, _) = kind_of(name);
    if v.is_null() {
        // `null as boolean` is false, `null as Boolean` stays null.
        return Ok(match k {
            Kind::Bool if name == "boolean" => Value::Bool(false),
            _ => Value::Null,
        });
    }
    if let Some(s) = v.as_str() {
        let t = s.trim();
        match k {
            Kind::Int | Kind::Short | Kind::Byte => return Ok(Value::Int(parse_int(t)?)),
            Kind::Long => return Ok(Value::Long(parse_long(t)?)),
            Kind::Double => return Ok(Value::Double(parse_double(t)?)),
            Kind::Float => return Ok(Value::Float(parse_double(t)? as f32)),
            Kind::Decimal => return Ok(Value::Decimal(parse_decimal(t)?)),
            // A string is not a `Number`: Groovy casts, and fails (`as BigDecimal` parses).
            Kind::Number => return Err(cast_error(h, v, name)),
            Kind::BigInt => {
                return parse_java_integer(t).map(|i| Value::BigInt(I128::new(i))).ok_or_else(|| number_format(t))
            }
            Kind::List | Kind::Set => {
                let chars: Vec<Value> = s.chars().map(|c| Value::str(&c.to_string())).collect();
                return Ok(if k == Kind::Set { new_set(name, chars) } else { Value::new_list(chars) });
            }
            Kind::Bool => return Ok(Value::Bool(!s.is_empty())),
            _ => {}
        }
    }
    match k {
        Kind::Str => Ok(Value::str(&display(h, v))),
        Kind::Bool => Ok(Value::Bool(interp.truthy(h, v))),
        Kind::List => match v {
            Value::List(l) => Ok(as_list(v, l)),
            Value::Map(_) | Value::Range(_) => Ok(Value::new_list(interp.iterate(h, v)?)),
            Value::Host(_) => Ok(Value::new_list(interp.iterate(h, v)?)),
            _ => Ok(Value::new_list(vec![v.clone()])),
        },
        Kind::Set => Ok(new_set(name, interp.iterate(h, v)?)),
        Kind::Int
        | Kind::Long
        | Kind::Short
        | Kind::Byte
        | Kind::Double
        | Kind::Float
        | Kind::Decimal
        | Kind::BigInt
        | Kind::Number
            if matches!(v, Value::Bool(_)) =>
        {
            Err(cast_error(h, v, name))
        }
        _ => coerce_named(h, v, name),
    }
}

/// `v instanceof T` (T as written or resolved to a qualified name).
pub fn instance_of(h: &mut dyn Host, v: &Value, name: &str) -> bool {
    let simple = simple_name(name);
    match v {
        Value::Null => false,
        Value::Host(r) => {
            if simple == "Object" {
                return true;
            }
            let cls = h.class_name(*r);
            cls == name || simple_name(&cls) == simple
        }
        Value::Obj(o) => match &**o {
            Obj::Exception(e) => simple == "Object" || is_subclass(&e.class, name),
            Obj::Pattern(_) => matches!(simple, "Pattern" | "Object"),
            Obj::Matcher(_) => matches!(simple, "Matcher" | "Object"),
            Obj::TimeZone(_) => matches!(simple, "TimeZone" | "Object"),
            Obj::DateFormat(_) => matches!(simple, "SimpleDateFormat" | "DateFormat" | "Object"),
            Obj::StringBuilder(_) => matches!(simple, "StringBuilder" | "CharSequence" | "Object"),
            Obj::MapEntry(..) => matches!(simple, "Entry" | "Map.Entry" | "Object"),
            Obj::Random(_) => matches!(simple, "Random" | "Object"),
            Obj::Iterator(_) => matches!(simple, "Iterator" | "Object"),
            Obj::JsonSlurper => matches!(simple, "JsonSlurper" | "Object"),
            Obj::Locale(_) => matches!(simple, "Locale" | "Object"),
            Obj::Calendar(_) => matches!(simple, "Calendar" | "GregorianCalendar" | "Object"),
            Obj::NumberFormat(_) => matches!(simple, "DecimalFormat" | "NumberFormat" | "Format" | "Object"),
            Obj::JsonBuilder(_) => matches!(simple, "JsonBuilder" | "Writable" | "Object"),
            Obj::Duration(_) => matches!(simple, "TimeDuration" | "Duration" | "BaseDuration" | "Object"),
        },
        _ => {
            let (k, _) = kind_of(name);
            match k {
                Kind::Any => true,
                Kind::Int => matches!(v, Value::Int(_)),
                Kind::Long => matches!(v, Value::Long(_)),
                Kind::Double => matches!(v, Value::Double(_)),
                Kind::Float => matches!(v, Value::Float(_)),
                Kind::Decimal => matches!(v, Value::Decimal(_)),
                Kind::BigInt => matches!(v, Value::BigInt(_)),
                Kind::Number => v.is_number(),
                Kind::Bool => matches!(v, Value::Bool(_)),
                Kind::Str => match simple {
                    "CharSequence" => v.is_string(),
                    _ => matches!(v, Value::Str(_)),
                },
                // A `Collection` is a list or a set, a `List` only a list; an array is neither.
                Kind::List => match v {
                    Value::Range(_) => true,
                    Value::List(l) => match l.borrow().kind {
                        ListKind::List => true,
                        ListKind::Set | ListKind::HashSet { .. } | ListKind::TreeSet => {
                            matches!(simple, "Collection" | "Iterable")
                        }
                        ListKind::Array(_) => false,
                    },
                    _ => false,
                },
                // Which sets are which: a `LinkedHashSet` is a `HashSet`, a `TreeSet` neither.
                Kind::Set => match v {
                    Value::List(l) => matches!(
                        (l.borrow().kind, simple),
                        (ListKind::Set, "Set" | "HashSet" | "LinkedHashSet")
                            | (ListKind::HashSet { .. }, "Set" | "HashSet")
                            | (ListKind::TreeSet, "Set" | "TreeSet" | "SortedSet")
                    ),
                    _ => false,
                },
                Kind::Map => matches!(v, Value::Map(_)),
                Kind::Date => matches!(v, Value::Date(_)),
                Kind::Closure => v.is_callable(),
                _ => match simple {
                    "GString" => matches!(v, Value::GString(_)),
                    "Comparable" => v.is_number() || v.is_string() || matches!(v, Value::Date(_) | Value::Bool(_)),
                    "Range" | "IntRange" => matches!(v, Value::Range(_)),
                    "Class" => matches!(v, Value::Class(_)),
                    _ => false,
                },
            }
        }
    }
}

/// Whether a method whose parameter is declared `ty` accepts argument `v` when Groovy picks
/// among overloads: `null` fits any reference type, a GString fits `String`, and a number fits
/// a parameter of its own type or a wider one (an integer fits `long`, `BigDecimal` or `double`;
/// a `BigDecimal` does not fit `int`).
pub fn accepts_argument(h: &mut dyn Host, v: &Value, ty: &TypeName) -> bool {
    if ty.array_dims > 0 {
        return matches!(v, Value::List(_)) || v.is_null();
    }
    let name = ty.name.as_ref();
    let (kind, _) = kind_of(name);
    // `Object`, `Number` and the interfaces every number implements take any number.
    let widens_to = |wider: &[Kind]| {
        wider.contains(&kind)
            || matches!(kind, Kind::Number | Kind::Any)
            || matches!(name, "Comparable" | "Serializable")
    };
    match v {
        Value::Null => !matches!(name, "int" | "long" | "double" | "float" | "boolean" | "short" | "byte" | "char"),
        Value::Int(_) => widens_to(&[Kind::Int, Kind::Long, Kind::BigInt, Kind::Decimal, Kind::Float, Kind::Double]),
        Value::Long(_) => widens_to(&[Kind::Long, Kind::BigInt, Kind::Decimal, Kind::Float, Kind::Double]),
        Value::BigInt(_) => widens_to(&[Kind::BigInt, Kind::Decimal, Kind::Double]),
        Value::Decimal(_) => widens_to(&[Kind::Decimal, Kind::Double]),
        Value::Float(_) => widens_to(&[Kind::Float, Kind::Double]),
        Value::Double(_) => widens_to(&[Kind::Double]),
        _ if v.is_string() && kind == Kind::Str => true,
        _ => instance_of(h, v, name),
    }
}

/// How far the value `v` is from a parameter declared `ty` (`None`: untyped), for choosing among
/// overloaded script methods that all accept the arguments: the declaration with the smallest
/// sum over its parameters is called, as Groovy's dispatch on the arguments' runtime classes
/// calls the most specific one. The figures follow the order of Groovy 2.4's parameter distance:
/// the value's own class first, then its superclasses and interfaces from nearest to farthest,
/// `Object` (or an untyped parameter) last — except for `null`, which Groovy gives to `Object`
/// first, and a `BigDecimal`, which Groovy passes to `Object` before a `double`.
pub fn argument_distance(h: &mut dyn Host, v: &Value, ty: Option<&TypeName>) -> u32 {
    const OBJECT: u32 = 1000;
    let Some(ty) = ty else { return if v.is_null() { 0 } else { OBJECT } };
    if ty.array_dims > 0 {
        return 1;
    }
    let name = simple_name(&ty.name);
    let (kind, _) = kind_of(name);
    if kind == Kind::Any {
        return if v.is_null() { 0 } else { OBJECT };
    }
    // The ladder of a number: the types it widens to, nearest first.
    let ladder: &[Kind] = match v {
        Value::Null => return 1,
        Value::Int(_) => &[Kind::Int, Kind::Long, Kind::BigInt, Kind::Float, Kind::Double, Kind::Decimal],
        Value::Long(_) => &[Kind::Long, Kind::BigInt, Kind::Float, Kind::Double, Kind::Decimal],
        Value::BigInt(_) => &[Kind::BigInt, Kind::Decimal],
        Value::Float(_) => &[Kind::Float, Kind::Double],
        Value::Double(_) => &[Kind::Double],
        Value::Decimal(_) => &[Kind::Decimal],
        _ => &[],
    };
    if v.is_number() {
        return match ladder.iter().position(|&k| k == kind) {
            Some(i) => 2 * i as u32,
            None if kind == Kind::Number => 20,
            None if matches!(v, Value::Decimal(_)) && kind == Kind::Double => 2 * OBJECT,
            None => 30,
        };
    }
    let own = class_name(h, v);
    if simple_name(&own) == name {
        return 0;
    }
    let ladder: &[&str] = match v {
        Value::Str(_) => &["String", "CharSequence", "Comparable"],
        Value::GString(_) => &["GString", "CharSequence", "String", "Comparable"],
        Value::Bool(_) => &["Boolean", "Comparable"],
        Value::Map(_) => &["LinkedHashMap", "HashMap", "AbstractMap", "Map"],
        Value::List(_) | Value::Range(_) => {
            &["ArrayList", "LinkedHashSet", "HashSet", "AbstractList", "List", "Set", "Collection", "Iterable"]
        }
        _ => &[],
    };
    match ladder.iter().position(|&n| n == name) {
        Some(i) => 1 + 2 * i as u32,
        None => 40,
    }
}

/// Whether Groovy 2.4 refuses to call a method whose parameter is declared `ty` with the
/// plain value `v` (a MissingMethodException: `def f(int x)` called with `5L`, `5.5` or `"5"`;
/// `def g(String s)` with `5`; `def h(Map m)` with a list). Only values and types whose rule is
/// known are judged: platform objects, arrays and other class names are accepted (their
/// classes are the platform's), and a list passed for a number is left to the method (Groovy
/// spreads it over the parameters).
pub fn refuses_argument(v: &Value, ty: &TypeName) -> bool {
    ty.array_dims == 0 && refuses_named(v, &ty.name)
}

/// [`refuses_argument`] for a parameter type given by name.
fn refuses_named(v: &Value, name: &str) -> bool {
    let (kind, primitive) = kind_of(name);
    use Kind::*;
    // Types no number, string or boolean is an instance of.
    let not_scalar = matches!(kind, Map | Date | Closure | List | Set);
    let number = matches!(kind, Int | Long | Double | Float | Decimal | BigInt | Number);
    match v {
        Value::Null => primitive && !matches!(kind, Char | Short | Byte),
        Value::Int(_) => not_scalar || matches!(kind, Bool | Str),
        Value::Long(_) => not_scalar || matches!(kind, Int | Bool | Str),
        Value::BigInt(_) => not_scalar || matches!(kind, Long | Bool | Str),
        Value::Decimal(_) | Value::Float(_) => not_scalar || matches!(kind, Int | Long | BigInt | Bool | Str),
        Value::Double(_) => not_scalar || matches!(kind, Int | Long | BigInt | Float | Bool | Str),
        Value::Str(_) | Value::GString(_) => not_scalar || number || kind == Bool,
        Value::Bool(_) => not_scalar || number || kind == Str,
        Value::Map(_) => number || matches!(kind, Bool | Str | Date | Closure | List | Set),
        Value::Date(_) => number || matches!(kind, Bool | Str | Map | Closure | List | Set),
        Value::List(_) | Value::Range(_) => matches!(kind, Bool | Str | Map | Date | Closure),
        Value::Closure(_) => number || matches!(kind, Bool | Str | Map | Date | List | Set),
        _ => false,
    }
}

/// Whether Groovy 2.4 has a method `name` of `class` that takes `args` (by the parameter types
/// of [`super::groovy_methods`]): what tells a method the interpreter lacks from one the
/// program calls wrongly.
pub fn groovy_takes(class: &str, name: &str, args: &[Value]) -> bool {
    !groovy_candidates(class, name, args).is_empty()
}

/// The parameter lists of `class`'s methods `name` in Groovy 2.4 that take `args`.
pub fn groovy_candidates(class: &str, name: &str, args: &[Value]) -> Vec<&'static [&'static str]> {
    let methods = super::groovy_methods::methods_of(class);
    let start = methods.partition_point(|(n, _)| *n < name);
    methods[start..]
        .iter()
        .take_while(|(n, _)| *n == name)
        .filter(|(_, params)| params_take(params, args))
        .map(|(_, params)| *params)
        .collect()
}

/// Groovy's choice among several methods that take a `null` argument: at the null's position a
/// parameter type that is a subtype of every other candidate's wins (`Integer` over `Number`,
/// anything over `Object`); when none does (`Integer.plus` takes a `Character`, a `String` or a
/// `Number`), Groovy refuses to choose. The overlapping parameter lists, when it refuses.
pub fn ambiguous_for_null(
    candidates: &[&'static [&'static str]],
    args: &[Value],
) -> Option<Vec<&'static [&'static str]>> {
    let nulls: Vec<usize> = args.iter().enumerate().filter(|(_, a)| a.is_null()).map(|(i, _)| i).collect();
    if candidates.len() < 2 || nulls.is_empty() {
        return None;
    }
    let at_least_as_specific = |p: &[&str], q: &[&str]| {
        nulls.iter().all(|&i| match (p.get(i), q.get(i)) {
            (Some(x), Some(y)) => is_subtype(x, y),
            _ => true,
        })
    };
    if candidates.iter().any(|p| candidates.iter().all(|q| at_least_as_specific(p, q))) {
        return None;
    }
    // Groovy lists the candidates no other is more specific than.
    let overlapping: Vec<&'static [&'static str]> = candidates
        .iter()
        .copied()
        .filter(|p| !candidates.iter().any(|q| q != p && at_least_as_specific(q, p)))
        .collect();
    Some(overlapping)
}

/// Whether Java type `sub` is `sup` or a subtype of it, for the types of Groovy's method tables
/// (numbers under `Number`, strings under `CharSequence`, collections under their interfaces,
/// everything under `Object`).
fn is_subtype(sub: &str, sup: &str) -> bool {
    if sub == sup || sup == "java.lang.Object" {
        return true;
    }
    let parents: &[&str] = match sub {
        "java.lang.Integer"
        | "java.lang.Long"
        | "java.lang.Double"
        | "java.lang.Float"
        | "java.lang.Short"
        | "java.lang.Byte"
        | "java.math.BigDecimal"
        | "java.math.BigInteger" => &["java.lang.Number"],
        "java.lang.String" | "groovy.lang.GString" | "java.lang.StringBuilder" => &["java.lang.CharSequence"],
        "java.util.ArrayList" | "java.util.LinkedList" => &["java.util.List"],
        "java.util.List" | "java.util.Set" => &["java.util.Collection"],
        "java.util.LinkedHashSet" | "java.util.HashSet" => &["java.util.Set"],
        "java.util.SortedSet" => &["java.util.Set"],
        "java.util.Collection" => &["java.lang.Iterable"],
        "java.util.LinkedHashMap" | "java.util.HashMap" | "java.util.SortedMap" => &["java.util.Map"],
        "groovy.lang.IntRange" | "groovy.lang.Range" => &["java.util.List"],
        _ => &[],
    };
    parents.iter().any(|p| is_subtype(p, sup))
}

fn params_take(params: &[&str], args: &[Value]) -> bool {
    if params.len() == args.len() && params.iter().zip(args).all(|(p, a)| param_takes(p, a)) {
        return true;
    }
    // A last parameter of an array type takes the trailing arguments (varargs).
    let varargs = params.last().is_some_and(|p| p.starts_with('['));
    varargs
        && args.len() + 1 >= params.len()
        && params.iter().zip(args).take(params.len() - 1).all(|(p, a)| param_takes(p, a))
}

fn param_takes(param: &str, v: &Value) -> bool {
    if param.starts_with('[') {
        return matches!(v, Value::List(_) | Value::Null);
    }
    match kind_of(param).0 {
        Kind::Any => true,
        Kind::Other | Kind::Void | Kind::SortedMap | Kind::Char | Kind::Short | Kind::Byte => match v {
            Value::Null => !matches!(param, "char" | "short" | "byte"),
            // A closure becomes an interface's implementation (`Comparator`, `Runnable`).
            _ if v.is_callable() => true,
            _ => simple_name(v.type_name()) == simple_name(param),
        },
        _ => !refuses_named(v, param),
    }
}

/// `a.is(b)` / `a === b`: identity for references, value identity for scalars.
pub fn identical(a: &Value, b: &Value) -> bool {
    use std::rc::Rc;
    match (a, b) {
        (Value::List(x), Value::List(y)) => Rc::ptr_eq(x, y),
        (Value::Map(x), Value::Map(y)) => Rc::ptr_eq(x, y),
        (Value::Closure(x), Value::Closure(y)) => Rc::ptr_eq(x, y),
        (Value::Obj(x), Value::Obj(y)) => Rc::ptr_eq(x, y),
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Long(x), Value::Long(y)) => x == y,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Null, Value::Null) => true,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Date(x), Value::Date(y)) => x == y,
        (Value::Host(x), Value::Host(y)) => x == y,
        (Value::Class(x), Value::Class(y)) => x == y,
        (Value::Script, Value::Script) => true,
        (Value::MethodRef(x), Value::MethodRef(y)) => x == y,
        _ => false,
    }
}
