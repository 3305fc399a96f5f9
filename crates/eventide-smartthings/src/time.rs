//! The model clock and the platform's time helpers (`timeToday`, `timeTodayAfter`, `toDateTime`,
//! `timeOfDayIsBetween`, `getSunriseAndSunset`).
//!
//! The clock is constant: every handler sees [`CLOCK_MILLIS`], Monday 2026-01-05 12:00:00 UTC, and
//! the location's time zone is UTC. Sunrise is 07:00 and sunset 17:00 on the same day. Time inputs
//! are bound to `"15:00"`, so `timeToday(input)` is 15:00 that day.

use eventide_groovy::eval::{clear_time, format_date, offset_ms, parse_date, EvalError, Obj, Tz, Value};

/// The constant clock: 2026-01-05T12:00:00Z (a Monday, noon).
pub const CLOCK_MILLIS: i64 = 1_767_614_400_000;
/// Midnight of the clock's day (UTC).
pub const DAY_START_MILLIS: i64 = 1_767_571_200_000;
/// Sunrise: 07:00 UTC on the clock's day.
pub const SUNRISE_MILLIS: i64 = DAY_START_MILLIS + 7 * HOUR;
/// Sunset: 17:00 UTC on the clock's day.
pub const SUNSET_MILLIS: i64 = DAY_START_MILLIS + 17 * HOUR;

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// The ISO format SmartThings uses for times (`2026-01-05T15:00:00.000+0000`).
pub const ISO_FORMAT: &str = "yyyy-MM-dd'T'HH:mm:ss.SSSZ";

fn bad_time(v: &str) -> EvalError {
    EvalError::exception("java.lang.IllegalArgumentException", Some(format!("invalid time: {v}")))
}

/// The time zone a `TimeZone` argument names (UTC when absent or null).
pub fn zone_of(v: Option<&Value>) -> Tz {
    match v {
        Some(Value::Obj(o)) => match &**o {
            Obj::TimeZone(tz) => *tz,
            _ => Tz::UTC,
        },
        Some(v) => v.as_str().map(eventide_groovy::eval::time_zone).unwrap_or(Tz::UTC),
        None => Tz::UTC,
    }
}

/// Midnight of the clock's day in `tz`.
fn day_start(tz: Tz) -> i64 {
    clear_time(CLOCK_MILLIS, tz)
}

/// Parses an ISO date-time as SmartThings writes them (`2015-01-09T15:00:00.000-0600`, with or
/// without milliseconds, `Z` or a numeric offset).
pub fn parse_iso(text: &str) -> Option<i64> {
    for pattern in [ISO_FORMAT, "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "yyyy-MM-dd'T'HH:mm:ssXXX"] {
        if let Ok(ms) = parse_date(pattern, text, Tz::UTC) {
            return Some(ms);
        }
    }
    None
}

/// Milliseconds since local midnight of a time given as a Date, an ISO string or `HH:mm[:ss]`.
pub fn time_of_day(v: &Value, tz: Tz) -> Result<i64, EvalError> {
    match v {
        Value::Date(ms) => Ok((ms + offset_ms(*ms, tz)).rem_euclid(DAY)),
        Value::Long(_) | Value::Int(_) => {
            let ms = v.as_i64().unwrap_or(0);
            Ok((ms + offset_ms(ms, tz)).rem_euclid(DAY))
        }
        _ => {
            let text = v.as_str().ok_or_else(|| bad_time(&format!("{v}")))?;
            if let Some(ms) = parse_iso(text) {
                return Ok((ms + offset_ms(ms, tz)).rem_euclid(DAY));
            }
            let mut parts = text.trim().split(':');
            let h: i64 = parts.next().and_then(|p| p.trim().parse().ok()).ok_or_else(|| bad_time(text))?;
            let m: i64 = parts.next().and_then(|p| p.trim().parse().ok()).ok_or_else(|| bad_time(text))?;
            let s: i64 = parts.next().and_then(|p| p.trim().parse().ok()).unwrap_or(0);
            if !(0..24).contains(&h) || !(0..60).contains(&m) || !(0..60).contains(&s) {
                return Err(bad_time(text));
            }
            Ok(h * HOUR + m * MINUTE + s * 1000)
        }
    }
}

/// `timeToday(time, tz)`: the given time of day on the clock's day.
pub fn time_today(v: &Value, tz: Tz) -> Result<i64, EvalError> {
    Ok(day_start(tz) + time_of_day(v, tz)?)
}

/// `timeTodayAfter(start, time, tz)`: `time` today, or tomorrow when that is not after `start`.
pub fn time_today_after(start: &Value, v: &Value, tz: Tz) -> Result<i64, EvalError> {
    let start_ms = match start {
        Value::Date(ms) => *ms,
        other => time_today(other, tz)?,
    };
    let mut t = time_today(v, tz)?;
    while t <= start_ms {
        t += DAY;
    }
    Ok(t)
}

/// `timeOfDayIsBetween(start, end, value, tz)`, with windows that wrap past midnight.
pub fn time_of_day_is_between(start: &Value, end: &Value, value: &Value, tz: Tz) -> Result<bool, EvalError> {
    let s = time_of_day(start, tz)?;
    let e = time_of_day(end, tz)?;
    let v = time_of_day(value, tz)?;
    Ok(if s <= e { s <= v && v <= e } else { v >= s || v <= e })
}

/// An offset such as `"-00:30"` or `"01:15"` in milliseconds.
pub fn parse_offset(v: &Value) -> i64 {
    match v {
        v if v.is_number() => v.as_i64().unwrap_or(0) * MINUTE,
        v => {
            let Some(text) = v.as_str() else { return 0 };
            let text = text.trim();
            let (sign, rest) = match text.strip_prefix('-') {
                Some(r) => (-1, r),
                None => (1, text.strip_prefix('+').unwrap_or(text)),
            };
            let mut parts = rest.split(':');
            let h: i64 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
            let m: i64 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
            sign * (h * HOUR + m * MINUTE)
        }
    }
}

/// A date as SmartThings writes times (`2026-01-05T07:00:00.000+0000`).
pub fn iso(ms: i64) -> String {
    format_date(ms, ISO_FORMAT, Tz::UTC).unwrap_or_default()
}

/// A date as the location's `sunriseTime` and `sunsetTime` give it: in UTC with a literal `Z`
/// (`2026-01-05T17:00:00.000Z`), which apps parse with the pattern
/// `"yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"` (SmartThings' own Sunrise/Sunset app does).
pub fn iso_utc(ms: i64) -> String {
    format_date(ms, "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Tz::UTC).unwrap_or_default()
}

/// The location's `sunriseTime` (the next sunrise: tomorrow's) or `sunsetTime` (today's), as
/// its events carry them and `location.currentValue` gives them; `None` for another name.
pub fn sun_time(name: &str) -> Option<String> {
    match name {
        "sunriseTime" => Some(iso_utc(SUNRISE_MILLIS + DAY)),
        "sunsetTime" => Some(iso_utc(SUNSET_MILLIS)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_of_day() {
        assert_eq!(time_today(&Value::str("15:00"), Tz::UTC).unwrap(), DAY_START_MILLIS + 15 * HOUR);
        assert_eq!(
            time_today(&Value::str("2015-01-09T15:00:00.000-0600"), Tz::UTC).unwrap(),
            DAY_START_MILLIS + 21 * HOUR
        );
        assert!(time_today(&Value::str("noon"), Tz::UTC).is_err());
        let after = time_today_after(&Value::str("16:00"), &Value::str("15:00"), Tz::UTC).unwrap();
        assert_eq!(after, DAY_START_MILLIS + DAY + 15 * HOUR);
        let now = Value::Date(CLOCK_MILLIS);
        assert!(time_of_day_is_between(&Value::str("11:00"), &Value::str("13:00"), &now, Tz::UTC).unwrap());
        assert!(time_of_day_is_between(&Value::str("23:00"), &Value::str("13:00"), &now, Tz::UTC).unwrap());
        assert!(!time_of_day_is_between(&Value::str("13:00"), &Value::str("23:00"), &now, Tz::UTC).unwrap());
        assert_eq!(parse_offset(&Value::str("-00:30")), -30 * MINUTE);
        assert_eq!(parse_iso(&iso(SUNRISE_MILLIS)), Some(SUNRISE_MILLIS));
        assert_eq!(iso_utc(SUNSET_MILLIS), "2026-01-05T17:00:00.000Z");
        assert_eq!(parse_iso(&iso_utc(SUNSET_MILLIS)), Some(SUNSET_MILLIS));
    }

    #[test]
    fn times_of_day_in_other_zones() {
        let zone = eventide_groovy::eval::time_zone;
        // Noon UTC is 06:00 in Chicago (UTC-6 in January): its day started at 06:00 UTC.
        let chicago = zone("America/Chicago");
        assert_eq!(time_today(&Value::str("15:00"), chicago).unwrap(), DAY_START_MILLIS + 21 * HOUR);
        assert_eq!(time_of_day(&Value::Date(CLOCK_MILLIS), chicago).unwrap(), 6 * HOUR);
        // Noon UTC is 21:00 in Tokyo (UTC+9): its day started at 15:00 UTC the day before.
        let tokyo = zone("Asia/Tokyo");
        assert_eq!(time_today(&Value::str("15:00"), tokyo).unwrap(), DAY_START_MILLIS + 6 * HOUR);
        assert_eq!(time_of_day(&Value::Date(CLOCK_MILLIS), tokyo).unwrap(), 21 * HOUR);
    }
}
