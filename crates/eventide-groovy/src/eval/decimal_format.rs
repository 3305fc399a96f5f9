//! `java.text.DecimalFormat` and the `NumberFormat` factories, in the US locale (`.` decimal
//! separator, `,` grouping, `-` minus, `%`, `‰`, `$` for `¤` and `USD` for `¤¤`).
//!
//! Patterns follow `DecimalFormat.applyPattern`: a prefix, the number part (`#`, `0`, `,`, `.`),
//! a suffix, and an optional negative subpattern after `;` whose prefix and suffix replace the
//! default `-` + positive prefix. `#.##` shows at least one integer digit, `.##` none, `0.0#`
//! at least one fraction digit; `%` multiplies by 100 and `‰` by 1000. Exponent patterns (`0.0E0`)
//! are refused as an unsupported construct.
//!
//! Formatting rounds with the format's `RoundingMode` (`HALF_EVEN` unless set). A `double` is
//! formatted from its shortest decimal digits (`Double.toString`'s), and a tie in those digits is
//! decided by the double's exact binary value, as the JDK does: `0.125` is a true tie (→ `0.12`),
//! `1.005` lies below it (→ `1.00`) and `0.135` above it (→ `0.14`). `BigDecimal`, `Integer` and
//! `Long` values are formatted exactly. Negative numbers that round to zero keep their sign
//! (`-0.00`), as in Java.

use std::cell::RefCell;

use super::error::{class, EvalError};
use super::host::Host;
use super::interp::R;
use super::num::Rounding;
use super::ops;
use super::show::display;
use super::value::{Obj, Value};

/// The state of one `DecimalFormat`.
#[derive(Clone, Debug, PartialEq)]
pub struct NumberFormat {
    /// The pattern it was built from (what `toPattern()` returns).
    pub pattern: String,
    pub pos_prefix: String,
    pub pos_suffix: String,
    pub neg_prefix: String,
    pub neg_suffix: String,
    pub min_int: usize,
    pub max_int: usize,
    pub min_frac: usize,
    pub max_frac: usize,
    pub grouping_size: usize,
    pub grouping_used: bool,
    pub multiplier: i32,
    pub decimal_always_shown: bool,
    pub rounding: Rounding,
    /// `NumberFormat.getIntegerInstance()`: `parse` stops at the decimal separator.
    pub parse_integer_only: bool,
}

/// Java's `DecimalFormat.MAXIMUM_INTEGER_DIGITS` for doubles (`DOUBLE_INTEGER_DIGITS`).
const MAX_INT_DIGITS: usize = 309;
/// Java's cap on fraction digits for doubles (`DOUBLE_FRACTION_DIGITS`).
const MAX_FRAC_DIGITS: usize = 340;

fn illegal(msg: String) -> EvalError {
    EvalError::exception(class::ILLEGAL_ARGUMENT, Some(msg))
}

/// Expands one affix of a pattern: quotes removed, `%`, `‰`, `¤`, `-` replaced by their symbols.
/// Returns the text and the multiplier the affix asks for (1, 100 or 1000).
fn expand_affix(raw: &[char]) -> (String, i32) {
    let mut out = String::new();
    let mut mult = 1;
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        match c {
            '\'' => {
                // A quoted run; `''` is a literal quote.
                if raw.get(i + 1) == Some(&'\'') {
                    out.push('\'');
                    i += 2;
                    continue;
                }
                i += 1;
                while i < raw.len() {
                    if raw[i] == '\'' {
                        if raw.get(i + 1) == Some(&'\'') {
                            out.push('\'');
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    out.push(raw[i]);
                    i += 1;
                }
                i += 1;
                continue;
            }
            '%' => {
                mult = 100;
                out.push('%');
            }
            '\u{2030}' => {
                mult = 1000;
                out.push('\u{2030}');
            }
            '\u{a4}' => {
                if raw.get(i + 1) == Some(&'\u{a4}') {
                    out.push_str("USD");
                    i += 1;
                } else {
                    out.push('$');
                }
            }
            _ => out.push(c),
        }
        i += 1;
    }
    (out, mult)
}

impl NumberFormat {
    /// `new DecimalFormat(pattern)`; a malformed pattern is Java's `IllegalArgumentException`.
    pub fn new(pattern: &str) -> R<NumberFormat> {
        let mut f = NumberFormat::with_defaults(pattern);
        f.apply_pattern(pattern)?;
        Ok(f)
    }

    /// The settings before a pattern is applied.
    fn with_defaults(pattern: &str) -> NumberFormat {
        NumberFormat {
            pattern: pattern.to_string(),
            pos_prefix: String::new(),
            pos_suffix: String::new(),
            neg_prefix: "-".into(),
            neg_suffix: String::new(),
            min_int: 1,
            max_int: MAX_INT_DIGITS,
            min_frac: 0,
            max_frac: 3,
            grouping_size: 3,
            grouping_used: true,
            multiplier: 1,
            decimal_always_shown: false,
            rounding: Rounding::HalfEven,
            parse_integer_only: false,
        }
    }

    /// `DecimalFormat.applyPattern`.
    pub fn apply_pattern(&mut self, pattern: &str) -> R<()> {
        let cs: Vec<char> = pattern.chars().collect();
        let malformed = || illegal(format!("Malformed pattern \"{pattern}\""));
        let mut pos = 0;
        let mut got_negative = false;
        // Subpattern 0 is the positive one, 1 the negative one.
        for sub in 0..2 {
            if pos >= cs.len() && sub == 1 {
                break;
            }
            let mut prefix: Vec<char> = Vec::new();
            let mut suffix: Vec<char> = Vec::new();
            let (mut digit_left, mut zero_digits, mut digit_right) = (0usize, 0usize, 0usize);
            let mut grouping_count: i64 = -1;
            let mut decimal_pos: i64 = -1;
            let mut phase = 0;
            let mut in_quote = false;
            let mut multiplier = 1;
            while pos < cs.len() {
                let c = cs[pos];
                match phase {
                    0 | 2 => {
                        if in_quote {
                            if c == '\'' {
                                if cs.get(pos + 1) == Some(&'\'') {
                                    pos += 1;
                                    push_affix(&mut prefix, &mut suffix, phase, &['\'', '\'']);
                                } else {
                                    in_quote = false;
                                    push_affix(&mut prefix, &mut suffix, phase, &['\'']);
                                }
                                pos += 1;
                                continue;
                            }
                            push_affix(&mut prefix, &mut suffix, phase, &[c]);
                            pos += 1;
                            continue;
                        }
                        if matches!(c, '#' | '0' | ',' | '.') {
                            if phase == 0 {
                                phase = 1;
                                continue;
                            }
                            return Err(illegal(format!("Unquoted special character '{c}' in pattern \"{pattern}\"")));
                        }
                        match c {
                            '\'' => {
                                if cs.get(pos + 1) == Some(&'\'') {
                                    pos += 1;
                                    push_affix(&mut prefix, &mut suffix, phase, &['\'', '\'']);
                                } else {
                                    in_quote = true;
                                    push_affix(&mut prefix, &mut suffix, phase, &['\'']);
                                }
                                pos += 1;
                                continue;
                            }
                            ';' => {
                                if phase == 0 || sub == 1 {
                                    return Err(illegal(format!(
                                        "Unquoted special character ';' in pattern \"{pattern}\""
                                    )));
                                }
                                pos += 1;
                                break;
                            }
                            '%' | '\u{2030}' => {
                                let m = if c == '%' { 100 } else { 1000 };
                                if multiplier != 1 && multiplier != m {
                                    return Err(illegal(format!(
                                        "Too many percent/per mille characters in pattern \"{pattern}\""
                                    )));
                                }
                                multiplier = m;
                                push_affix(&mut prefix, &mut suffix, phase, &[c]);
                            }
                            _ => push_affix(&mut prefix, &mut suffix, phase, &[c]),
                        }
                        pos += 1;
                    }
                    _ => {
                        match c {
                            '#' => {
                                if zero_digits > 0 {
                                    digit_right += 1;
                                } else {
                                    digit_left += 1;
                                }
                                if grouping_count >= 0 && decimal_pos < 0 {
                                    grouping_count += 1;
                                }
                            }
                            '0' => {
                                if digit_right > 0 {
                                    return Err(illegal(format!("Unexpected '0' in pattern \"{pattern}\"")));
                                }
                                zero_digits += 1;
                                if grouping_count >= 0 && decimal_pos < 0 {
                                    grouping_count += 1;
                                }
                            }
                            ',' => grouping_count = 0,
                            '.' => {
                                if decimal_pos >= 0 {
                                    return Err(illegal(format!(
                                        "Multiple decimal separators in pattern \"{pattern}\""
                                    )));
                                }
                                decimal_pos = (digit_left + zero_digits + digit_right) as i64;
                            }
                            'E' => {
                                return Err(EvalError::unsupported(format!(
                                    "DecimalFormat pattern with an exponent (\"{pattern}\")"
                                )))
                            }
                            _ => {
                                phase = 2;
                                continue;
                            }
                        }
                        pos += 1;
                    }
                }
            }
            if in_quote {
                return Err(malformed());
            }
            // "###.###", "###." and ".###": the last '#' before the point becomes a '0'.
            if zero_digits == 0 && digit_left > 0 && decimal_pos >= 0 {
                let mut n = decimal_pos as usize;
                if n == 0 {
                    n += 1;
                }
                digit_right = digit_left - n;
                digit_left = n - 1;
                zero_digits = 1;
            }
            let total = digit_left + zero_digits + digit_right;
            if (decimal_pos < 0 && digit_right > 0)
                || (decimal_pos >= 0
                    && (decimal_pos < digit_left as i64 || decimal_pos > (digit_left + zero_digits) as i64))
                || grouping_count == 0
            {
                return Err(malformed());
            }
            let (pre, m1) = expand_affix(&prefix);
            let (suf, m2) = expand_affix(&suffix);
            if sub == 0 {
                self.pos_prefix = pre.clone();
                self.pos_suffix = suf.clone();
                self.neg_prefix = pre;
                self.neg_suffix = suf;
                let effective_decimal = if decimal_pos >= 0 { decimal_pos as usize } else { total };
                self.min_int = effective_decimal - digit_left;
                self.max_int = MAX_INT_DIGITS;
                self.max_frac = if decimal_pos >= 0 { total - decimal_pos as usize } else { 0 };
                self.min_frac =
                    if decimal_pos >= 0 { (digit_left + zero_digits).saturating_sub(decimal_pos as usize) } else { 0 };
                self.grouping_used = grouping_count > 0;
                self.grouping_size = if grouping_count > 0 { grouping_count as usize } else { 0 };
                self.multiplier = multiplier.max(m1).max(m2);
                self.decimal_always_shown = decimal_pos == 0 || decimal_pos == total as i64;
            } else {
                self.neg_prefix = pre;
                self.neg_suffix = suf;
                got_negative = true;
            }
        }
        // No negative subpattern, or one with the positive affixes: `-` before the positive prefix.
        if !got_negative || (self.neg_prefix == self.pos_prefix && self.neg_suffix == self.pos_suffix) {
            self.neg_prefix = format!("-{}", self.pos_prefix);
            self.neg_suffix = self.pos_suffix.clone();
        }
        if cs.is_empty() {
            self.min_int = 0;
            self.max_frac = MAX_FRAC_DIGITS;
            self.min_frac = 0;
        }
        self.pattern = pattern.to_string();
        Ok(())
    }

    /// `NumberFormat.getInstance()` / `getNumberInstance()`: `#,##0.###`.
    pub fn number_instance() -> NumberFormat {
        NumberFormat::new("#,##0.###").unwrap_or_else(|_| unreachable_format())
    }

    /// `NumberFormat.getIntegerInstance()`: `#,##0`, parsing integers only.
    pub fn integer_instance() -> NumberFormat {
        let mut f = NumberFormat::new("#,##0").unwrap_or_else(|_| unreachable_format());
        f.parse_integer_only = true;
        f
    }

    /// `NumberFormat.getPercentInstance()`: `#,##0%`.
    pub fn percent_instance() -> NumberFormat {
        NumberFormat::new("#,##0%").unwrap_or_else(|_| unreachable_format())
    }

    /// `NumberFormat.getCurrencyInstance()` in the US locale: `¤#,##0.00` (`-$1.50` when
    /// negative, as JDK 9 and later print it).
    pub fn currency_instance() -> NumberFormat {
        NumberFormat::new("\u{a4}#,##0.00").unwrap_or_else(|_| unreachable_format())
    }

    /// `format(number)`.
    pub fn format(&self, v: &Value) -> R<String> {
        let num = match v {
            Value::Int(i) => Exact::from_i128(*i as i128),
            Value::Long(l) => Exact::from_i128(*l as i128),
            Value::BigInt(b) => Exact::from_i128(b.get()),
            Value::Decimal(d) => Exact::from_decimal(d.mantissa(), d.scale()),
            Value::Double(d) => return Ok(self.format_double(*d)),
            Value::Float(f) => return Ok(self.format_double(*f as f64)),
            _ => return Err(illegal("Cannot format given Object as a Number".into())),
        };
        let num = num.times(self.multiplier);
        Ok(self.subformat(num, None))
    }

    fn format_double(&self, d: f64) -> String {
        if d.is_nan() {
            return "NaN".into();
        }
        let d = d * self.multiplier as f64;
        let negative = d < 0.0 || (d == 0.0 && d.is_sign_negative());
        if d.is_infinite() {
            let (p, s) = self.affixes(negative);
            return format!("{p}\u{221e}{s}");
        }
        let num = Exact::shortest(d);
        self.subformat(num, Some(d))
    }

    fn affixes(&self, negative: bool) -> (&str, &str) {
        if negative {
            (&self.neg_prefix, &self.neg_suffix)
        } else {
            (&self.pos_prefix, &self.pos_suffix)
        }
    }

    /// Rounds to the maximum fraction digits and lays out the digits (Java's `subformat`).
    fn subformat(&self, num: Exact, double: Option<f64>) -> String {
        let negative = num.negative;
        let max_frac = self.max_frac.min(MAX_FRAC_DIGITS);
        let rounded = num.round(max_frac, self.rounding, double);
        let digits = &rounded.digits;
        let at = rounded.decimal_at;
        let (prefix, suffix) = self.affixes(negative);
        let mut out = String::from(prefix);
        let mut count = self.min_int;
        let mut index: usize = 0;
        if at > 0 && count < at as usize {
            count = at as usize;
        }
        if count > self.max_int {
            count = self.max_int;
            index = (at.max(0) as usize).saturating_sub(count);
        }
        let before = out.len();
        for i in (0..count).rev() {
            if (i as i64) < at && index < digits.len() {
                out.push((b'0' + digits[index]) as char);
                index += 1;
            } else {
                out.push('0');
            }
            if self.grouping_used && i > 0 && self.grouping_size != 0 && i % self.grouping_size == 0 {
                out.push(',');
            }
        }
        let fraction_present = self.min_frac > 0 || index < digits.len();
        if !fraction_present && out.len() == before {
            out.push('0');
        }
        if self.decimal_always_shown || fraction_present {
            out.push('.');
        }
        for i in 0..max_frac {
            if i >= self.min_frac && index >= digits.len() {
                break;
            }
            if -1 - (i as i64) > at - 1 {
                out.push('0');
                continue;
            }
            if index < digits.len() {
                out.push((b'0' + digits[index]) as char);
                index += 1;
            } else {
                out.push('0');
            }
        }
        out.push_str(suffix);
        out
    }

    /// `parse(text)`: a `Long` when the value is integral, else a `Double`; Java's
    /// `ParseException` when no number starts the text.
    pub fn parse(&self, text: &str) -> R<Value> {
        let unparseable = || EvalError::exception(class::PARSE, Some(format!("Unparseable number: \"{text}\"")));
        // The longer matching prefix wins, as in Java.
        let pos_ok = text.starts_with(&self.pos_prefix);
        let neg_ok = text.starts_with(&self.neg_prefix);
        let negative = match (pos_ok, neg_ok) {
            (true, true) => self.neg_prefix.len() > self.pos_prefix.len(),
            (true, false) => false,
            (false, true) => true,
            (false, false) => return Err(unparseable()),
        };
        let rest = &text[if negative { self.neg_prefix.len() } else { self.pos_prefix.len() }..];
        let mut int_digits = String::new();
        let mut frac_digits = String::new();
        let mut seen_point = false;
        let mut consumed = 0;
        for (i, c) in rest.char_indices() {
            match c {
                '0'..='9' => {
                    if seen_point {
                        frac_digits.push(c);
                    } else {
                        int_digits.push(c);
                    }
                }
                ',' if !seen_point && self.grouping_used => {}
                '.' if !seen_point && !self.parse_integer_only => seen_point = true,
                _ => {
                    consumed = i;
                    break;
                }
            }
            consumed = i + c.len_utf8();
        }
        if int_digits.is_empty() && frac_digits.is_empty() {
            return Err(unparseable());
        }
        let after = &rest[consumed..];
        let suffix = if negative { &self.neg_suffix } else { &self.pos_suffix };
        if !suffix.is_empty() && !after.starts_with(suffix.as_str()) {
            return Err(unparseable());
        }
        let text_num = format!(
            "{}{}.{}",
            if negative { "-" } else { "" },
            if int_digits.is_empty() { "0" } else { &int_digits },
            if frac_digits.is_empty() { "0" } else { &frac_digits }
        );
        let mut value: f64 = text_num.parse().map_err(|_| unparseable())?;
        if self.multiplier != 1 {
            value /= self.multiplier as f64;
        }
        let integral = value.fract() == 0.0 && value.abs() < 9.2e18 && !(value == 0.0 && negative);
        Ok(if integral { Value::Long(value as i64) } else { Value::Double(value) })
    }
}

/// `new DecimalFormat()`, `new DecimalFormat(pattern)` (a second argument, the symbols, is
/// ignored: the US locale's are used).
pub fn construct(h: &mut dyn Host, args: &[Value]) -> R<Option<Value>> {
    let f = match args {
        [] => NumberFormat::number_instance(),
        [p] | [p, _] if p.is_string() => NumberFormat::new(&display(h, p))?,
        _ => return Ok(None),
    };
    Ok(Some(Value::obj(Obj::NumberFormat(f.into()))))
}

/// The static factories of `NumberFormat` (`getInstance`, `getNumberInstance`,
/// `getIntegerInstance`, `getPercentInstance`, `getCurrencyInstance`); a locale argument is
/// ignored.
pub fn factory(name: &str, args: &[Value]) -> Option<Value> {
    if args.len() > 1 {
        return None;
    }
    let f = match name {
        "getInstance" | "getNumberInstance" => NumberFormat::number_instance(),
        "getIntegerInstance" => NumberFormat::integer_instance(),
        "getPercentInstance" => NumberFormat::percent_instance(),
        "getCurrencyInstance" => NumberFormat::currency_instance(),
        _ => return None,
    };
    Some(Value::obj(Obj::NumberFormat(f.into())))
}

/// A new minimum or maximum number of digits (of the integer or the fraction part).
enum Limit {
    Min(usize),
    Max(usize),
}

/// Sets one bound of a (minimum, maximum) pair of digit counts and moves the other so that the
/// minimum never exceeds the maximum, as `DecimalFormat`'s setters do.
fn set_digit_limits((min, max): &mut (&mut usize, &mut usize), limit: Limit) -> Value {
    match limit {
        Limit::Min(n) => {
            **min = n;
            **max = (**max).max(n);
        }
        Limit::Max(n) => {
            **max = n;
            **min = (**min).min(n);
        }
    }
    Value::Null
}

impl NumberFormat {
    fn frac_limits(&mut self) -> (&mut usize, &mut usize) {
        (&mut self.min_frac, &mut self.max_frac)
    }

    fn int_limits(&mut self) -> (&mut usize, &mut usize) {
        (&mut self.min_int, &mut self.max_int)
    }
}

fn int_arg(v: &Value) -> Option<usize> {
    v.is_number().then(|| ops::to_i64(v).max(0) as usize)
}

/// Methods of a `DecimalFormat`.
pub fn method(h: &mut dyn Host, f: &RefCell<NumberFormat>, name: &str, args: &[Value]) -> R<Option<Value>> {
    Ok(Some(match (name, args) {
        ("format", [v]) => Value::str(&f.borrow().format(v)?),
        ("parse", [t]) => {
            let t = display(h, t);
            f.borrow().parse(&t)?
        }
        ("applyPattern", [p]) => {
            let p = display(h, p);
            let mut g = f.borrow().clone();
            g.apply_pattern(&p)?;
            *f.borrow_mut() = g;
            Value::Null
        }
        ("toPattern", []) => Value::str(&f.borrow().pattern),
        ("setRoundingMode", [m]) => {
            if m.is_null() {
                return Err(EvalError::exception(class::NPE, None));
            }
            let Some(mode) = super::numbers::rounding_of(m) else { return Ok(None) };
            f.borrow_mut().rounding = mode;
            Value::Null
        }
        ("getRoundingMode", []) => Value::str(rounding_name(f.borrow().rounding)),
        ("setMaximumFractionDigits", [n]) => match int_arg(n) {
            Some(n) => set_digit_limits(&mut f.borrow_mut().frac_limits(), Limit::Max(n.min(MAX_FRAC_DIGITS))),
            None => return Ok(None),
        },
        ("setMinimumFractionDigits", [n]) => match int_arg(n) {
            Some(n) => set_digit_limits(&mut f.borrow_mut().frac_limits(), Limit::Min(n.min(MAX_FRAC_DIGITS))),
            None => return Ok(None),
        },
        ("setMaximumIntegerDigits", [n]) => match int_arg(n) {
            Some(n) => set_digit_limits(&mut f.borrow_mut().int_limits(), Limit::Max(n.min(MAX_INT_DIGITS))),
            None => return Ok(None),
        },
        ("setMinimumIntegerDigits", [n]) => match int_arg(n) {
            Some(n) => set_digit_limits(&mut f.borrow_mut().int_limits(), Limit::Min(n.min(MAX_INT_DIGITS))),
            None => return Ok(None),
        },
        ("getMaximumFractionDigits", []) => Value::Int(f.borrow().max_frac as i32),
        ("getMinimumFractionDigits", []) => Value::Int(f.borrow().min_frac as i32),
        ("getMaximumIntegerDigits", []) => Value::Int(f.borrow().max_int as i32),
        ("getMinimumIntegerDigits", []) => Value::Int(f.borrow().min_int as i32),
        ("setGroupingUsed", [b]) => {
            f.borrow_mut().grouping_used = b.truthy();
            Value::Null
        }
        ("isGroupingUsed", []) => Value::Bool(f.borrow().grouping_used),
        ("setGroupingSize", [n]) => {
            f.borrow_mut().grouping_size = int_arg(n).unwrap_or(0).min(127);
            Value::Null
        }
        ("getGroupingSize", []) => Value::Int(f.borrow().grouping_size as i32),
        ("setDecimalSeparatorAlwaysShown", [b]) => {
            f.borrow_mut().decimal_always_shown = b.truthy();
            Value::Null
        }
        ("setParseIntegerOnly", [b]) => {
            f.borrow_mut().parse_integer_only = b.truthy();
            Value::Null
        }
        ("setParseBigDecimal", [_]) => Value::Null,
        ("setMultiplier", [n]) => {
            let n = ops::to_i64(n) as i32;
            if n == 0 {
                return Err(illegal("Bad multiplier: 0".into()));
            }
            f.borrow_mut().multiplier = n;
            Value::Null
        }
        ("getMultiplier", []) => Value::Int(f.borrow().multiplier),
        ("setPositivePrefix" | "setPositiveSuffix" | "setNegativePrefix" | "setNegativeSuffix", [s]) => {
            let s = display(h, s);
            let mut g = f.borrow_mut();
            match name {
                "setPositivePrefix" => g.pos_prefix = s,
                "setPositiveSuffix" => g.pos_suffix = s,
                "setNegativePrefix" => g.neg_prefix = s,
                _ => g.neg_suffix = s,
            }
            Value::Null
        }
        ("getPositivePrefix", []) => Value::str(&f.borrow().pos_prefix),
        ("getPositiveSuffix", []) => Value::str(&f.borrow().pos_suffix),
        ("getNegativePrefix", []) => Value::str(&f.borrow().neg_prefix),
        ("getNegativeSuffix", []) => Value::str(&f.borrow().neg_suffix),
        ("clone", []) => Value::obj(Obj::NumberFormat(f.borrow().clone().into())),
        _ => return Ok(None),
    }))
}

fn rounding_name(r: Rounding) -> &'static str {
    match r {
        Rounding::HalfUp => "HALF_UP",
        Rounding::HalfEven => "HALF_EVEN",
        Rounding::HalfDown => "HALF_DOWN",
        Rounding::Down => "DOWN",
        Rounding::Up => "UP",
        Rounding::Floor => "FLOOR",
        Rounding::Ceiling => "CEILING",
    }
}

fn unreachable_format() -> NumberFormat {
    NumberFormat::with_defaults("")
}

fn push_affix(prefix: &mut Vec<char>, suffix: &mut Vec<char>, phase: u8, cs: &[char]) {
    if phase == 0 {
        prefix.extend_from_slice(cs);
    } else {
        suffix.extend_from_slice(cs);
    }
}

/// A decimal number as Java's `DigitList` holds it: `0.d1 d2 d3 ... × 10^decimal_at`, digits
/// without trailing zeros (none at all for zero).
#[derive(Clone, Debug, PartialEq)]
struct Exact {
    negative: bool,
    digits: Vec<u8>,
    decimal_at: i64,
}

impl Exact {
    fn normalized(negative: bool, mut digits: Vec<u8>, mut decimal_at: i64) -> Exact {
        let lead = digits.iter().take_while(|d| **d == 0).count();
        digits.drain(..lead);
        decimal_at -= lead as i64;
        while digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            decimal_at = 0;
        }
        Exact { negative, digits, decimal_at }
    }

    fn from_i128(v: i128) -> Exact {
        let s = v.unsigned_abs().to_string();
        let digits: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
        let n = digits.len() as i64;
        Exact::normalized(v < 0, digits, n)
    }

    fn from_decimal(mantissa: i128, scale: i32) -> Exact {
        let mut e = Exact::from_i128(mantissa);
        if !e.digits.is_empty() {
            e.decimal_at -= scale as i64;
        }
        e.negative = mantissa < 0;
        e
    }

    /// The shortest digits that read back as `d` (what `Double.toString` shows).
    fn shortest(d: f64) -> Exact {
        let negative = d < 0.0 || (d == 0.0 && d.is_sign_negative());
        if d == 0.0 {
            return Exact { negative, digits: Vec::new(), decimal_at: 0 };
        }
        let s = format!("{:e}", d.abs());
        let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let exp: i64 = exp.parse().unwrap_or(0);
        let digits: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        Exact::normalized(negative, digits, exp + 1)
    }

    /// Multiplies by a `DecimalFormat` multiplier (1, 100, 1000 or one set by `setMultiplier`).
    fn times(self, m: i32) -> Exact {
        if m == 1 {
            return self;
        }
        let mut power = 0;
        let mut k = m.unsigned_abs();
        while k > 1 && k.is_multiple_of(10) {
            k /= 10;
            power += 1;
        }
        let negative = self.negative ^ (m < 0);
        if k == 1 {
            let at = self.decimal_at + power;
            return if self.digits.is_empty() { self } else { Exact { negative, decimal_at: at, ..self } };
        }
        // A general multiplier: digit-by-digit multiplication.
        let k = k as u64;
        let mut acc: Vec<u64> = vec![0; self.digits.len() + 12];
        let n = acc.len();
        for (i, d) in self.digits.iter().rev().enumerate() {
            acc[n - 1 - i] = *d as u64 * k;
        }
        let mut carry = 0;
        for x in acc.iter_mut().rev() {
            let v = *x + carry;
            *x = v % 10;
            carry = v / 10;
        }
        let digits: Vec<u8> = acc.iter().map(|d| *d as u8).collect();
        let at = self.decimal_at + 12 + power;
        Exact::normalized(negative, digits, at)
    }

    /// Rounds to `frac` digits after the point. For a double, a tie in the shortest digits is
    /// decided by the double's exact value.
    fn round(&self, frac: usize, mode: Rounding, double: Option<f64>) -> Exact {
        let keep = self.decimal_at + frac as i64;
        if keep >= self.digits.len() as i64 {
            return self.clone();
        }
        let (kept, dropped): (&[u8], &[u8]) =
            if keep <= 0 { (&[], &self.digits[..]) } else { self.digits.split_at(keep as usize) };
        // The first dropped digit sits at position `keep`; when keep < 0 it is an implied zero.
        let first = if keep < 0 { 0 } else { dropped[0] };
        let rest_nonzero = if keep < 0 { true } else { dropped[1..].iter().any(|d| *d != 0) };
        let any_dropped = dropped.iter().any(|d| *d != 0);
        let last_kept_odd = kept.last().is_some_and(|d| d % 2 == 1);
        let half = |tie_up: bool| -> bool {
            if first > 5 || (first == 5 && rest_nonzero) {
                return true;
            }
            if first < 5 {
                return false;
            }
            // A tie in these digits: a double may lie just above or below it.
            if let Some(d) = double {
                match exact_vs_digits(d.abs(), &self.digits[..keep as usize + 1], self.decimal_at) {
                    std::cmp::Ordering::Greater => return true,
                    std::cmp::Ordering::Less => return false,
                    std::cmp::Ordering::Equal => {}
                }
            }
            tie_up
        };
        let up = match mode {
            Rounding::Up => any_dropped,
            Rounding::Down => false,
            Rounding::Ceiling => any_dropped && !self.negative,
            Rounding::Floor => any_dropped && self.negative,
            Rounding::HalfUp => half(true),
            Rounding::HalfDown => half(false),
            Rounding::HalfEven => half(last_kept_odd),
        };
        if keep < 0 {
            return if up {
                Exact { negative: self.negative, digits: vec![1], decimal_at: -(frac as i64) + 1 }
            } else {
                Exact { negative: self.negative, digits: Vec::new(), decimal_at: 0 }
            };
        }
        let mut digits = kept.to_vec();
        let mut at = self.decimal_at;
        if up {
            let mut i = digits.len();
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    at += 1;
                    break;
                }
                i -= 1;
                if digits[i] == 9 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
        let mut r = Exact::normalized(self.negative, digits, at);
        r.negative = self.negative;
        r
    }
}

/// Compares the exact binary value of a positive double with the decimal `0.digits × 10^at`.
fn exact_vs_digits(d: f64, digits: &[u8], at: i64) -> std::cmp::Ordering {
    let (exact, exact_at) = exact_digits(d);
    // Align both as digit strings from the same leading position.
    let shift_a = exact_at;
    let shift_b = at;
    if exact.is_empty() || digits.is_empty() {
        return (!exact.is_empty()).cmp(&!digits.is_empty());
    }
    if shift_a != shift_b {
        return shift_a.cmp(&shift_b);
    }
    let n = exact.len().max(digits.len());
    for i in 0..n {
        let a = exact.get(i).copied().unwrap_or(0);
        let b = digits.get(i).copied().unwrap_or(0);
        if a != b {
            return a.cmp(&b);
        }
    }
    std::cmp::Ordering::Equal
}

/// The exact decimal digits of a positive finite double (`0.digits × 10^at`, no leading or
/// trailing zeros).
fn exact_digits(d: f64) -> (Vec<u8>, i64) {
    let bits = d.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if exp == 0 { (frac, -1074) } else { (frac | (1u64 << 52), exp - 1075) };
    if m == 0 {
        return (Vec::new(), 0);
    }
    while m % 2 == 0 {
        m /= 2;
        e += 1;
    }
    // Little-endian base-10^9 limbs.
    let mut limbs: Vec<u64> = vec![m % 1_000_000_000, m / 1_000_000_000];
    let mul = |limbs: &mut Vec<u64>, k: u64| {
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let v = *l * k + carry;
            *l = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        while carry > 0 {
            limbs.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    };
    // m × 2^e = m × 5^-e / 10^-e when e < 0.
    let mut point_shift = 0i64;
    if e >= 0 {
        for _ in 0..e {
            mul(&mut limbs, 2);
        }
    } else {
        for _ in 0..(-e) {
            mul(&mut limbs, 5);
        }
        point_shift = -e;
    }
    let mut s = String::new();
    for (i, l) in limbs.iter().rev().enumerate() {
        if i == 0 {
            s.push_str(&l.to_string());
        } else {
            s.push_str(&format!("{l:09}"));
        }
    }
    let s = s.trim_start_matches('0');
    let digits: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
    let at = digits.len() as i64 - point_shift;
    let e = Exact::normalized(false, digits, at);
    (e.digits, e.decimal_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::num::Dec;

    fn fmt(p: &str, v: Value) -> String {
        NumberFormat::new(p).unwrap().format(&v).unwrap()
    }

    #[test]
    fn patterns_and_rounding() {
        // Expected values printed by Groovy 2.4 on JDK 17 (Locale.US).
        let d = Value::Double;
        assert_eq!(fmt("#.##", d(0.5)), "0.5");
        assert_eq!(fmt("#.##", Value::Int(0)), "0");
        assert_eq!(fmt(".###", d(0.5)), ".5");
        assert_eq!(fmt(".###", d(12.25)), "12.25");
        assert_eq!(fmt("#.##", d(-0.001)), "-0");
        assert_eq!(fmt("0.00", d(-0.001)), "-0.00");
        assert_eq!(fmt("#", d(2.5)), "2");
        assert_eq!(fmt("#", d(3.5)), "4");
        assert_eq!(fmt("#", d(-2.5)), "-2");
        assert_eq!(fmt("0.00", d(0.125)), "0.12");
        assert_eq!(fmt("0.00", d(0.135)), "0.14");
        assert_eq!(fmt("0.0", d(0.05)), "0.1");
        assert_eq!(fmt("0.0", d(0.15)), "0.1");
        assert_eq!(fmt("0.0", d(0.25)), "0.2");
        assert_eq!(fmt("0.00", d(1.005)), "1.00");
        assert_eq!(fmt("0.00", d(1.015)), "1.01");
        assert_eq!(fmt("##.##", d(1.005)), "1");
        assert_eq!(fmt("#,##0.00", d(1234567.891)), "1,234,567.89");
        assert_eq!(fmt("#,##0.###", d(1234.5)), "1,234.5");
        assert_eq!(fmt("#,###", Value::Int(1234567)), "1,234,567");
        assert_eq!(fmt("#,##,###", Value::Int(1234567)), "1,234,567");
        assert_eq!(fmt("#,#", Value::Int(1234)), "1,2,3,4");
        assert_eq!(fmt("0,000.00", d(12.5)), "0,012.50");
        assert_eq!(fmt("00000", Value::Int(42)), "00042");
        assert_eq!(fmt("000.000", d(4.56789)), "004.568");
        assert_eq!(fmt("0.#", d(10.0)), "10");
        assert_eq!(fmt("0.", Value::Int(3)), "3.");
        assert_eq!(fmt("#.", Value::Int(3)), "3.");
        assert_eq!(fmt("##0.0#", d(1.0)), "1.0");
        assert_eq!(fmt("##0.0#", d(1.234)), "1.23");
        assert_eq!(fmt("#", d(1e20)), "100000000000000000000");
        assert_eq!(fmt("0.00", d(123456789012345678.0)), "123456789012345680.00");
        assert_eq!(fmt("#.##", d(0.1 + 0.2)), "0.3");
        assert_eq!(fmt("0.00000000000000000000", d(0.1 + 0.2)), "0.30000000000000004000");
        assert_eq!(fmt("0.0", Value::Float(1.25)), "1.2");
        assert_eq!(fmt("#,##0", d(-0.4)), "-0");
        assert_eq!(fmt("0000.##", d(-0.004)), "-0000");
    }

    #[test]
    fn exact_numbers() {
        assert_eq!(fmt("\u{24}0.00", Value::Decimal(Dec::new(12345, 3))), "$12.34");
        assert_eq!(fmt("#.##", Value::Decimal(Dec::new(12345, 3))), "12.34");
        assert_eq!(fmt("##.##", Value::Decimal(Dec::new(1005, 3))), "1");
        assert_eq!(fmt("0.00", Value::Long(5)), "5.00");
        assert_eq!(fmt("#", Value::BigInt(crate::eval::num::I128::new(12345678901234567890))), "12345678901234567890");
    }

    #[test]
    fn affixes() {
        let d = Value::Double;
        assert_eq!(fmt("0.00%", d(0.123456)), "12.35%");
        assert_eq!(fmt("#%", d(0.5)), "50%");
        assert_eq!(fmt("\u{2030}#", d(0.5)), "\u{2030}500");
        assert_eq!(fmt("\u{a4}#,##0.00", d(1234.5)), "$1,234.50");
        assert_eq!(fmt("\u{a4}\u{a4} #,##0.00", d(1234.5)), "USD 1,234.50");
        assert_eq!(fmt("'#'#", Value::Int(5)), "#5");
        assert_eq!(fmt("#' units'", Value::Int(5)), "5 units");
        assert_eq!(fmt("'it''s' #", Value::Int(5)), "it's 5");
        assert_eq!(fmt("#,##0.00;(#,##0.00)", d(-1234.5)), "(1,234.50)");
        assert_eq!(fmt("#,##0.00;(#,##0.00)", d(1234.5)), "1,234.50");
        assert_eq!(fmt("-#", Value::Int(5)), "-5");
        assert_eq!(fmt("#-", Value::Int(5)), "5-");
        assert_eq!(fmt("+#;-#", Value::Int(-5)), "-5");
        assert_eq!(fmt("+#;-#", Value::Int(5)), "+5");
        assert_eq!(fmt("abc", d(1234.5)), "abc1234");
        assert_eq!(fmt("0.00", d(f64::NAN)), "NaN");
        assert_eq!(fmt("0.00", d(f64::INFINITY)), "\u{221e}");
        assert_eq!(fmt("0.00", d(f64::NEG_INFINITY)), "-\u{221e}");
    }

    #[test]
    fn malformed_patterns() {
        for (p, msg) in [
            ("#.#.#", "Multiple decimal separators in pattern \"#.#.#\""),
            ("0#", "Malformed pattern \"0#\""),
            ("#0#", "Malformed pattern \"#0#\""),
            ("#,", "Malformed pattern \"#,\""),
            ("'abc", "Malformed pattern \"'abc\""),
            (";", "Unquoted special character ';' in pattern \";\""),
        ] {
            let e = NumberFormat::new(p).unwrap_err();
            assert!(e.to_string().contains(msg), "{p}: {e}");
        }
        let e = NumberFormat::new("0.0E0").unwrap_err();
        assert!(e.to_string().contains("unsupported construct"), "{e}");
    }

    #[test]
    fn rounding_modes() {
        let mut f = NumberFormat::new("#.##").unwrap();
        f.rounding = Rounding::HalfUp;
        let d = |f: &NumberFormat, x: f64| f.format(&Value::Double(x)).unwrap();
        assert_eq!(d(&f, 0.125), "0.13");
        assert_eq!(d(&f, 2.675), "2.67");
        assert_eq!(d(&f, 0.005), "0.01");
        f.rounding = Rounding::Down;
        assert_eq!(d(&f, 0.129), "0.12");
        f.rounding = Rounding::Ceiling;
        assert_eq!(d(&f, 0.121), "0.13");
        assert_eq!(d(&f, -0.121), "-0.12");
    }

    #[test]
    fn factories() {
        let d = |f: NumberFormat, x: f64| f.format(&Value::Double(x)).unwrap();
        assert_eq!(d(NumberFormat::number_instance(), 1234567.8915), "1,234,567.891");
        assert_eq!(d(NumberFormat::number_instance(), -0.5), "-0.5");
        assert_eq!(d(NumberFormat::integer_instance(), 2.5), "2");
        assert_eq!(d(NumberFormat::integer_instance(), 3.5), "4");
        assert_eq!(d(NumberFormat::percent_instance(), 0.256), "26%");
        assert_eq!(d(NumberFormat::currency_instance(), -1234.567), "-$1,234.57");
        assert_eq!(d(NumberFormat::currency_instance(), 1234.567), "$1,234.57");
    }

    #[test]
    fn parsing() {
        let f = NumberFormat::new("#,##0.##").unwrap();
        assert!(matches!(f.parse("1,234.5").unwrap(), Value::Double(x) if x == 1234.5));
        assert!(matches!(f.parse("1,234").unwrap(), Value::Long(1234)));
        assert!(matches!(NumberFormat::new("0.0%").unwrap().parse("12.5%").unwrap(), Value::Double(x) if x == 0.125));
        assert!(matches!(NumberFormat::new("$0.00").unwrap().parse("$12.50").unwrap(), Value::Double(x) if x == 12.5));
        assert!(
            matches!(NumberFormat::new("0.00").unwrap().parse("-3.25xyz").unwrap(), Value::Double(x) if x == -3.25)
        );
        let e = NumberFormat::new("0.00").unwrap().parse("abc").unwrap_err();
        assert!(e.to_string().contains("Unparseable number: \"abc\""), "{e}");
    }

    #[test]
    fn exact_binary_digits() {
        assert_eq!(exact_digits(0.125), (vec![1, 2, 5], 0));
        assert_eq!(exact_digits(2.0), (vec![2], 1));
        let (d, at) = exact_digits(0.1);
        assert_eq!(at, 0);
        assert_eq!(&d[..20], &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5]);
    }
}
