//! Numbers: Java's `BigDecimal` and `BigInteger` on a 128-bit mantissa, Java's printing of
//! doubles and floats, and Groovy's numeric promotion and arithmetic.
//!
//! `BigDecimal` is implemented here rather than taken from a crate because Groovy's results depend
//! on the exact scale rules of `java.math.BigDecimal` (`10/4` is `2.5`, `1.00/2` is `0.50`, `1/3`
//! is `0.3333333333`, `toString` switches to `E` notation by Java's rule), which general-purpose
//! decimal crates do not reproduce. SmartApp arithmetic stays far below 38 significant digits, so
//! an `i128` mantissa is enough; a result that would not fit raises an `ArithmeticException`
//! instead of silently losing digits.

use std::cmp::Ordering;
use std::fmt;

/// A 128-bit signed integer stored as two 64-bit halves, so that values holding it keep 8-byte
/// alignment (and [`Value`](super::Value) stays small).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct I128 {
    lo: u64,
    hi: i64,
}

impl I128 {
    pub fn new(v: i128) -> I128 {
        I128 { lo: v as u64, hi: (v >> 64) as i64 }
    }
    pub fn get(self) -> i128 {
        ((self.hi as i128) << 64) | (self.lo as i128)
    }
}

impl fmt::Debug for I128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// An arithmetic failure: Java's `ArithmeticException`, or a result past what this
/// implementation keeps (Groovy's `BigDecimal` and `BigInteger` are unbounded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumError {
    /// `java.lang.ArithmeticException` with this message (`Division by zero`).
    Arithmetic(String),
    /// A `BigDecimal` result past the 38 significant digits kept here.
    DecimalLimit,
    /// A `BigInteger` result past the 128 bits kept here.
    BigIntegerLimit,
}

impl NumError {
    fn overflow() -> NumError {
        NumError::DecimalLimit
    }

    /// The failure in words (what an exception built from it says).
    pub fn message(&self) -> String {
        match self {
            NumError::Arithmetic(message) => message.clone(),
            NumError::DecimalLimit => "BigDecimal result exceeds 38 significant digits".into(),
            NumError::BigIntegerLimit => "BigInteger result exceeds 128 bits".into(),
        }
    }
}

/// A limit ends the computation as an unsupported construct naming it, not as an exception the
/// program would raise (or could catch) on the platform.
impl From<NumError> for super::error::EvalError {
    fn from(e: NumError) -> Self {
        use super::error::{class, EvalError};
        match e {
            NumError::Arithmetic(message) => EvalError::exception(class::ARITHMETIC, Some(message)),
            NumError::DecimalLimit => EvalError::unsupported(
                "a BigDecimal of more than 38 significant digits (Groovy's BigDecimal is unbounded; Eventide keeps 38 digits)",
            ),
            NumError::BigIntegerLimit => EvalError::unsupported(
                "a BigInteger beyond 128 bits (Groovy's BigInteger is unbounded; Eventide keeps 128 bits)",
            ),
        }
    }
}

pub type NumResult<T> = Result<T, NumError>;

/// Rounding modes of `java.math.RoundingMode` that Groovy code uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    HalfUp,
    HalfEven,
    HalfDown,
    Down,
    Up,
    Floor,
    Ceiling,
}

/// `java.math.BigDecimal`: `mantissa * 10^-scale`, with Java's notion of scale and precision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dec {
    mant: I128,
    scale: i32,
}

const POW10: [i128; 39] = {
    let mut t = [1i128; 39];
    let mut i = 1;
    while i < 39 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

fn pow10(n: u32) -> NumResult<i128> {
    POW10.get(n as usize).copied().ok_or_else(NumError::overflow)
}

/// Number of decimal digits of `|v|` (1 for zero).
pub fn digits(v: i128) -> u32 {
    let u = v.unsigned_abs();
    let mut n = 1;
    while n < 39 && u >= POW10[n as usize] as u128 {
        n += 1;
    }
    n
}

fn mul10(v: i128, n: u32) -> NumResult<i128> {
    v.checked_mul(pow10(n)?).ok_or_else(NumError::overflow)
}

/// Divides `n` by `d` (d > 0) rounding by `mode`.
fn div_round(n: i128, d: i128, mode: Rounding) -> i128 {
    let q = n / d;
    let r = n % d;
    if r == 0 {
        return q;
    }
    let neg = (n < 0) != (d < 0);
    let twice = r.unsigned_abs().saturating_mul(2);
    let du = d.unsigned_abs();
    let away = match mode {
        Rounding::Down => false,
        Rounding::Up => true,
        Rounding::Floor => neg,
        Rounding::Ceiling => !neg,
        Rounding::HalfUp => twice >= du,
        Rounding::HalfDown => twice > du,
        Rounding::HalfEven => twice > du || (twice == du && q % 2 != 0),
    };
    if away {
        if neg {
            q - 1
        } else {
            q + 1
        }
    } else {
        q
    }
}

/// The arithmetic methods are fallible (they report overflow), so they are inherent methods
/// rather than `std::ops` implementations.
#[allow(clippy::should_implement_trait)]
impl Dec {
    pub fn new(mantissa: i128, scale: i32) -> Dec {
        Dec { mant: I128::new(mantissa), scale }
    }
    pub fn from_i64(v: i64) -> Dec {
        Dec::new(v as i128, 0)
    }
    pub fn zero() -> Dec {
        Dec::new(0, 0)
    }
    pub fn mantissa(self) -> i128 {
        self.mant.get()
    }
    pub fn scale(self) -> i32 {
        self.scale
    }
    pub fn signum(self) -> i32 {
        self.mantissa().signum() as i32
    }
    pub fn is_zero(self) -> bool {
        self.mantissa() == 0
    }
    /// Java's `precision()`: the number of digits of the mantissa.
    pub fn precision(self) -> u32 {
        digits(self.mantissa())
    }

    /// Parses Java `BigDecimal(String)` syntax: `-1.50`, `1e3`, `.5`, `2.5E-3`.
    pub fn parse(s: &str) -> Option<Dec> {
        let s = s.trim_end_matches(['g', 'G']);
        let (body, exp) = match s.find(['e', 'E']) {
            Some(i) => (&s[..i], s[i + 1..].strip_prefix('+').unwrap_or(&s[i + 1..]).parse::<i32>().ok()?),
            None => (s, 0),
        };
        let (neg, body) = match body.as_bytes().first() {
            Some(b'-') => (true, &body[1..]),
            Some(b'+') => (false, &body[1..]),
            _ => (false, body),
        };
        let (int_part, frac) = match body.find('.') {
            Some(i) => (&body[..i], &body[i + 1..]),
            None => (body, ""),
        };
        if int_part.is_empty() && frac.is_empty() {
            return None;
        }
        let mut m: i128 = 0;
        for c in int_part.chars().chain(frac.chars()) {
            let d = c.to_digit(10)? as i128;
            m = m.checked_mul(10)?.checked_add(d)?;
        }
        if neg {
            m = -m;
        }
        let scale = (frac.len() as i64 - exp as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32;
        Some(Dec::new(m, scale))
    }

    /// `BigDecimal.valueOf(double)` / `new BigDecimal(d.toString())`: the decimal that Java prints
    /// for the double.
    pub fn from_f64(d: f64) -> Option<Dec> {
        if !d.is_finite() {
            return None;
        }
        Dec::parse(&java_double_to_string(d))
    }

    pub fn to_f64(self) -> f64 {
        format!("{}e{}", self.mantissa(), -(self.scale as i64)).parse().unwrap_or(f64::NAN)
    }

    /// Truncating conversion (`longValue()`), saturating outside the i128 range.
    pub fn to_i128_trunc(self) -> i128 {
        let m = self.mantissa();
        if self.scale <= 0 {
            m.checked_mul(pow10((-self.scale) as u32).unwrap_or(0)).unwrap_or(0)
        } else if self.scale > 38 {
            0
        } else {
            m / POW10[self.scale as usize]
        }
    }

    pub fn is_integral(self) -> bool {
        if self.scale <= 0 {
            true
        } else if self.scale > 38 {
            self.is_zero()
        } else {
            self.mantissa() % POW10[self.scale as usize] == 0
        }
    }

    pub fn neg(self) -> Dec {
        Dec::new(-self.mantissa(), self.scale)
    }
    pub fn abs(self) -> Dec {
        Dec::new(self.mantissa().abs(), self.scale)
    }

    /// The two mantissas brought to the same (larger) scale.
    fn align(a: Dec, b: Dec) -> NumResult<(i128, i128, i32)> {
        match a.scale.cmp(&b.scale) {
            Ordering::Equal => Ok((a.mantissa(), b.mantissa(), a.scale)),
            Ordering::Less => Ok((mul10(a.mantissa(), (b.scale - a.scale) as u32)?, b.mantissa(), b.scale)),
            Ordering::Greater => Ok((a.mantissa(), mul10(b.mantissa(), (a.scale - b.scale) as u32)?, a.scale)),
        }
    }

    pub fn add(self, o: Dec) -> NumResult<Dec> {
        let (a, b, s) = Dec::align(self, o)?;
        Ok(Dec::new(a.checked_add(b).ok_or_else(NumError::overflow)?, s))
    }
    pub fn sub(self, o: Dec) -> NumResult<Dec> {
        self.add(o.neg())
    }
    pub fn mul(self, o: Dec) -> NumResult<Dec> {
        let m = self.mantissa().checked_mul(o.mantissa()).ok_or_else(NumError::overflow)?;
        Ok(Dec::new(m, self.scale.saturating_add(o.scale)))
    }

    pub fn cmp(self, o: Dec) -> Ordering {
        match Dec::align(self, o) {
            Ok((a, b, _)) => a.cmp(&b),
            Err(_) => {
                let (sa, sb) = (self.signum(), o.signum());
                if sa != sb {
                    sa.cmp(&sb)
                } else {
                    self.to_f64().partial_cmp(&o.to_f64()).unwrap_or(Ordering::Equal)
                }
            }
        }
    }

    /// `setScale(scale, mode)`.
    pub fn set_scale(self, scale: i32, mode: Rounding) -> NumResult<Dec> {
        let m = self.mantissa();
        match scale.cmp(&self.scale) {
            Ordering::Equal => Ok(self),
            Ordering::Greater => Ok(Dec::new(mul10(m, (scale - self.scale) as u32)?, scale)),
            Ordering::Less => {
                let drop = (self.scale as i64 - scale as i64) as u32;
                if drop > 38 {
                    let q = div_round(m.signum(), 2, mode);
                    return Ok(Dec::new(q, scale));
                }
                Ok(Dec::new(div_round(m, POW10[drop as usize], mode), scale))
            }
        }
    }

    /// `stripTrailingZeros()`.
    pub fn strip(self) -> Dec {
        let mut m = self.mantissa();
        let mut s = self.scale;
        if m == 0 {
            return Dec::new(0, 0);
        }
        while m % 10 == 0 {
            m /= 10;
            s -= 1;
        }
        Dec::new(m, s)
    }

    /// Rounds to `prec` significant digits (`round(new MathContext(prec, mode))`).
    pub fn round_to_precision(self, prec: u32, mode: Rounding) -> NumResult<Dec> {
        let p = self.precision();
        if prec == 0 || p <= prec {
            return Ok(self);
        }
        let drop = p - prec;
        let r = self.set_scale(self.scale - drop as i32, mode)?;
        if r.precision() > prec {
            return r.set_scale(r.scale - 1, mode);
        }
        Ok(r)
    }

    /// Java's `divide(BigDecimal)`: the exact quotient, or `None` when it does not terminate.
    pub fn div_exact(self, o: Dec) -> NumResult<Option<Dec>> {
        let (a, b) = (self.mantissa(), o.mantissa());
        if b == 0 {
            return Err(NumError::Arithmetic(if a == 0 { "Division undefined" } else { "Division by zero" }.into()));
        }
        let pref = self.scale as i64 - o.scale as i64;
        let pref = pref.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
        if a == 0 {
            return Ok(Some(Dec::new(0, pref)));
        }
        // The reduced denominator must contain only factors 2 and 5.
        let g = gcd(a.unsigned_abs(), b.unsigned_abs());
        let mut den = b.unsigned_abs() / g;
        let (mut twos, mut fives) = (0u32, 0u32);
        while den.is_multiple_of(2) {
            den /= 2;
            twos += 1;
        }
        while den.is_multiple_of(5) {
            den /= 5;
            fives += 1;
        }
        if den != 1 {
            return Ok(None);
        }
        let k = twos.max(fives);
        let num = mul10(a, k)?;
        Ok(Some(Dec::new(num / b, pref + k as i32)))
    }

    /// `divide(divisor, new MathContext(prec, HALF_UP))` for a quotient known to be inexact.
    fn div_to_precision(self, o: Dec, prec: u32) -> NumResult<Dec> {
        let neg = (self.mantissa() < 0) != (o.mantissa() < 0);
        let a = self.mantissa().unsigned_abs();
        let b = o.mantissa().unsigned_abs();
        let count = |q: u128| {
            if q == 0 {
                0
            } else {
                digits(q.min(i128::MAX as u128) as i128)
            }
        };
        // Long division, one decimal digit at a time, until prec+1 significant digits exist.
        let mut q = a / b;
        let mut r = a % b;
        let mut frac_digits: i64 = 0;
        while count(q) < prec + 1 {
            let r10 = r.checked_mul(10).ok_or_else(NumError::overflow)?;
            q = q
                .checked_mul(10)
                .and_then(|x| x.checked_add(r10 / b))
                .filter(|x| *x <= i128::MAX as u128)
                .ok_or_else(NumError::overflow)?;
            r = r10 % b;
            frac_digits += 1;
        }
        let drop = count(q) - prec;
        let mut q = q as i128;
        let mut scale = frac_digits + self.scale as i64 - o.scale as i64;
        if drop > 0 {
            // The remainder is never zero here, so HALF_UP on the kept digits decides exactly as
            // it would on the infinite expansion.
            q = div_round(q, POW10[drop as usize], Rounding::HalfUp);
            scale -= drop as i64;
        }
        if digits(q) > prec {
            q /= 10;
            scale -= 1;
        }
        if neg {
            q = -q;
        }
        Ok(Dec::new(q, scale.clamp(i32::MIN as i64, i32::MAX as i64) as i32))
    }

    /// Groovy's `/` on non-floating numbers (`BigDecimalMath.divideImpl`): exact when the quotient
    /// terminates, else `max(precisions) + 10` digits, at most scale `max(scales, 10)`.
    pub fn groovy_div(self, o: Dec) -> NumResult<Dec> {
        if let Some(q) = self.div_exact(o)? {
            return Ok(q);
        }
        let prec = self.precision().max(o.precision()) + 10;
        let r = self.div_to_precision(o, prec)?;
        let scale = self.scale.max(o.scale).max(10);
        if r.scale > scale {
            r.set_scale(scale, Rounding::HalfUp)
        } else {
            Ok(r)
        }
    }

    /// `divide(divisor, scale, mode)`.
    pub fn div_scale(self, o: Dec, scale: i32, mode: Rounding) -> NumResult<Dec> {
        let (a, b) = (self.mantissa(), o.mantissa());
        if b == 0 {
            return Err(NumError::Arithmetic("Division by zero".into()));
        }
        // a/b * 10^(scale - sa + sb)
        let e = scale as i64 - self.scale as i64 + o.scale as i64;
        if e >= 0 {
            let n = mul10(a, e as u32)?;
            Ok(Dec::new(div_round(n, b, mode), scale))
        } else {
            let d = mul10(b, (-e) as u32)?;
            Ok(Dec::new(div_round(a, d, mode), scale))
        }
    }

    /// Java's `remainder`: `this - this.divideToIntegralValue(o) * o`.
    pub fn rem(self, o: Dec) -> NumResult<Dec> {
        if o.is_zero() {
            return Err(NumError::Arithmetic("Division by zero".into()));
        }
        let (a, b, s) = Dec::align(self, o)?;
        Ok(Dec::new(a % b, s))
    }

    /// `pow(n)` for n >= 0.
    pub fn pow(self, n: u32) -> NumResult<Dec> {
        let mut r = Dec::new(1, 0);
        let mut base = self;
        let mut e = n;
        // Square-and-multiply; a unit mantissa never overflows, so this also ends for 1 ** huge.
        while e > 0 {
            if e & 1 == 1 {
                r = r.mul(base)?;
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(base)?;
            }
        }
        Ok(r)
    }

    /// Java's `toString()`: plain unless the scale is negative or the exponent below -6.
    pub fn to_java_string(self) -> String {
        let m = self.mantissa();
        let digits_str = m.unsigned_abs().to_string();
        let n = digits_str.len() as i64;
        let adjusted = -(self.scale as i64) + (n - 1);
        let sign = if m < 0 { "-" } else { "" };
        if self.scale >= 0 && adjusted >= -6 {
            plain(sign, &digits_str, self.scale as i64)
        } else {
            let mut s = String::from(sign);
            s.push_str(&digits_str[..1]);
            if n > 1 {
                s.push('.');
                s.push_str(&digits_str[1..]);
            }
            s.push('E');
            if adjusted >= 0 {
                s.push('+');
            }
            s.push_str(&adjusted.to_string());
            s
        }
    }

    /// Java's `toPlainString()`.
    pub fn to_plain_string(self) -> String {
        let m = self.mantissa();
        let sign = if m < 0 { "-" } else { "" };
        let digits_str = m.unsigned_abs().to_string();
        if self.scale <= 0 {
            let mut s = format!("{sign}{digits_str}");
            if m != 0 {
                for _ in 0..(-(self.scale as i64)) {
                    s.push('0');
                }
            }
            s
        } else {
            plain(sign, &digits_str, self.scale as i64)
        }
    }
}

fn plain(sign: &str, digits_str: &str, scale: i64) -> String {
    let n = digits_str.len() as i64;
    if scale == 0 {
        format!("{sign}{digits_str}")
    } else if n > scale {
        let p = (n - scale) as usize;
        format!("{sign}{}.{}", &digits_str[..p], &digits_str[p..])
    } else {
        let zeros = "0".repeat((scale - n) as usize);
        format!("{sign}0.{zeros}{digits_str}")
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl fmt::Debug for Dec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}G", self.to_java_string())
    }
}

impl fmt::Display for Dec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_java_string())
    }
}

/// Splits Rust's shortest round-trip scientific form into digits and a decimal exponent:
/// `1.234e-5` → (`"1234"`, -5), the exponent being that of the first digit.
fn shortest_digits(sci: &str) -> (String, i32) {
    let (mant, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    (digits, exp)
}

fn java_fp_string(neg: bool, sci: &str) -> String {
    let (digits, exp) = shortest_digits(sci);
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    if (-3..7).contains(&exp) {
        if exp >= 0 {
            let e = exp as usize;
            if digits.len() > e + 1 {
                s.push_str(&digits[..e + 1]);
                s.push('.');
                s.push_str(&digits[e + 1..]);
            } else {
                s.push_str(&digits);
                s.push_str(&"0".repeat(e + 1 - digits.len()));
                s.push_str(".0");
            }
        } else {
            s.push_str("0.");
            s.push_str(&"0".repeat((-exp - 1) as usize));
            s.push_str(&digits);
        }
    } else {
        s.push_str(&digits[..1]);
        s.push('.');
        if digits.len() > 1 {
            s.push_str(&digits[1..]);
        } else {
            s.push('0');
        }
        s.push('E');
        s.push_str(&exp.to_string());
    }
    s
}

/// Java's `Double.toString`.
pub fn java_double_to_string(d: f64) -> String {
    if d.is_nan() {
        return "NaN".into();
    }
    if d.is_infinite() {
        return if d > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if d == 0.0 {
        return if d.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    java_fp_string(d < 0.0, &format!("{:e}", d.abs()))
}

/// Java's `Float.toString`.
pub fn java_float_to_string(f: f32) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    java_fp_string(f < 0.0, &format!("{:e}", f.abs()))
}

/// Java's `Math.round(double)`: floor(x + 0.5), saturating.
pub fn java_round(d: f64) -> i64 {
    if d.is_nan() {
        return 0;
    }
    (d + 0.5).floor() as i64
}

/// Java's `Math.round(float)`.
pub fn java_round_f32(f: f32) -> i32 {
    if f.is_nan() {
        return 0;
    }
    (f as f64 + 0.5).floor() as i32
}

/// Java's `(int) d` / `(long) d` narrowing: truncation, NaN to 0, saturation.
pub fn f64_to_i64(d: f64) -> i64 {
    if d.is_nan() {
        0
    } else {
        d as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dec {
        Dec::parse(s).unwrap()
    }

    #[test]
    fn groovy_division() {
        assert_eq!(d("1").groovy_div(d("3")).unwrap().to_java_string(), "0.3333333333");
        assert_eq!(d("2").groovy_div(d("3")).unwrap().to_java_string(), "0.6666666667");
        assert_eq!(d("10").groovy_div(d("4")).unwrap().to_java_string(), "2.5");
        assert_eq!(d("4").groovy_div(d("2")).unwrap().to_java_string(), "2");
        assert_eq!(d("1.00").groovy_div(d("2")).unwrap().to_java_string(), "0.50");
        assert_eq!(d("100").groovy_div(d("7")).unwrap().to_java_string(), "14.2857142857");
        assert_eq!(d("10").groovy_div(d("3")).unwrap().to_java_string(), "3.3333333333");
        assert_eq!(d("1").groovy_div(d("8")).unwrap().to_java_string(), "0.125");
        assert_eq!(d("-1").groovy_div(d("3")).unwrap().to_java_string(), "-0.3333333333");
        assert!(d("1").groovy_div(d("0")).is_err());
    }

    #[test]
    fn java_strings() {
        assert_eq!(d("1e3").to_java_string(), "1E+3");
        assert_eq!(d("0.0000001").to_java_string(), "1E-7");
        assert_eq!(d("0.000001").to_java_string(), "0.000001");
        assert_eq!(d("-12.50").to_java_string(), "-12.50");
        assert_eq!(d("1e3").to_plain_string(), "1000");
        assert_eq!(java_double_to_string(2.5), "2.5");
        assert_eq!(java_double_to_string(100.0), "100.0");
        assert_eq!(java_double_to_string(1e7), "1.0E7");
        assert_eq!(java_double_to_string(1.5e-5), "1.5E-5");
        assert_eq!(java_double_to_string(0.001), "0.001");
        assert_eq!(java_double_to_string(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(java_float_to_string(21.3), "21.3");
        assert_eq!(java_double_to_string(21.3f32 as f64), "21.299999237060547");
    }

    #[test]
    fn scale_and_compare() {
        assert_eq!(d("2.345").set_scale(2, Rounding::HalfUp).unwrap().to_java_string(), "2.35");
        assert_eq!(d("-2.345").set_scale(2, Rounding::HalfUp).unwrap().to_java_string(), "-2.35");
        assert_eq!(d("2.50").cmp(d("2.5")), Ordering::Equal);
        assert_eq!(d("2.50").strip().to_java_string(), "2.5");
        assert_eq!(d("100").strip().to_java_string(), "1E+2");
        assert!(d("3.000").is_integral());
        assert_eq!(d("-3.7").to_i128_trunc(), -3);
    }
}
