//! Dates and time zones against the host clock: `java.util.Date` (milliseconds since the
//! epoch), `SimpleDateFormat` formatting and parsing, `TimeZone`, a basic `Calendar`, and
//! `TimeCategory` durations.
//!
//! Time zones come from `chrono-tz` (the IANA database): SmartApps name real zones
//! (`location.timeZone`, `TimeZone.getTimeZone("America/New_York")`) and format local times across
//! daylight-saving changes, which a fixed table of offsets would get wrong.

use std::rc::Rc;

use chrono::{Datelike, NaiveDate, NaiveDateTime, Offset, TimeZone, Timelike};
use chrono_tz::{OffsetName, Tz};

use super::error::{class, EvalError};
use super::host::Host;
use super::interp::{Interpreter, R};
use super::ops;
use super::show::display;
use super::value::{DateFormat, Duration, Obj, Value};
use crate::syntax::BinaryOp;

pub const DAY_MS: i64 = 86_400_000;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// Java's old three-letter zone ids (`TimeZone.getTimeZone("PST")`) and the zones they stand for
/// (`EST`, `MST` and `HST` are fixed offsets, zones of their own in the tz database).
const OLD_ZONE_IDS: [(&str, &str); 25] = [
    ("ACT", "Australia/Darwin"),
    ("AET", "Australia/Sydney"),
    ("AGT", "America/Argentina/Buenos_Aires"),
    ("ART", "Africa/Cairo"),
    ("AST", "America/Anchorage"),
    ("BET", "America/Sao_Paulo"),
    ("BST", "Asia/Dhaka"),
    ("CAT", "Africa/Harare"),
    ("CNT", "America/St_Johns"),
    ("CST", "America/Chicago"),
    ("CTT", "Asia/Shanghai"),
    ("EAT", "Africa/Addis_Ababa"),
    ("ECT", "Europe/Paris"),
    ("IET", "America/Indiana/Indianapolis"),
    ("IST", "Asia/Kolkata"),
    ("JST", "Asia/Tokyo"),
    ("MIT", "Pacific/Apia"),
    ("NET", "Asia/Yerevan"),
    ("NST", "Pacific/Auckland"),
    ("PLT", "Asia/Karachi"),
    ("PNT", "America/Phoenix"),
    ("PRT", "America/Puerto_Rico"),
    ("PST", "America/Los_Angeles"),
    ("SST", "Pacific/Guadalcanal"),
    ("VST", "Asia/Ho_Chi_Minh"),
];

/// Looks up a time zone as Java's `TimeZone.getTimeZone(id)` does: unknown ids give GMT.
pub fn time_zone(id: &str) -> Tz {
    if let Ok(tz) = id.parse::<Tz>() {
        return tz;
    }
    if let Some(tz) = OLD_ZONE_IDS.iter().find(|(old, _)| *old == id).and_then(|(_, zone)| zone.parse::<Tz>().ok()) {
        return tz;
    }
    // `GMT+5`, `GMT-05:00`, `UTC+2`: whole-hour offsets map to the Etc zones.
    let rest = id.strip_prefix("GMT").or_else(|| id.strip_prefix("UTC"));
    if let Some(rest) = rest {
        if rest.is_empty() {
            return Tz::UTC;
        }
        let (sign, digits) = match rest.as_bytes().first() {
            Some(b'+') => (1, &rest[1..]),
            Some(b'-') => (-1, &rest[1..]),
            _ => return Tz::GMT,
        };
        let hours: Option<i32> = match digits.split_once(':') {
            Some((h, "00")) => h.parse().ok(),
            Some(_) => None,
            None if digits.len() <= 2 => digits.parse().ok(),
            None => None,
        };
        if let Some(h) = hours {
            if h == 0 {
                return Tz::UTC;
            }
            // Etc/GMT+5 is five hours *behind* UTC.
            let name = format!("Etc/GMT{}{}", if sign > 0 { '-' } else { '+' }, h);
            if let Ok(tz) = name.parse::<Tz>() {
                return tz;
            }
        }
    }
    Tz::GMT
}

fn at(ms: i64, tz: Tz) -> chrono::DateTime<Tz> {
    tz.timestamp_millis_opt(ms).single().unwrap_or_else(|| tz.timestamp_millis_opt(0).unwrap())
}

/// UTC offset of a zone at an instant, in milliseconds.
pub fn offset_ms(ms: i64, tz: Tz) -> i64 {
    at(ms, tz).offset().fix().local_minus_utc() as i64 * 1000
}

fn abbreviation(dt: &chrono::DateTime<Tz>) -> String {
    let off = dt.offset();
    match off.abbreviation() {
        Some(a) if !a.starts_with('+') && !a.starts_with('-') => a.to_string(),
        _ => {
            let secs = off.fix().local_minus_utc();
            if secs == 0 {
                "GMT".into()
            } else {
                let sign = if secs < 0 { '-' } else { '+' };
                let s = secs.abs();
                format!("GMT{sign}{:02}:{:02}", s / 3600, (s % 3600) / 60)
            }
        }
    }
}

fn long_zone_name(abbr: &str) -> Option<&'static str> {
    Some(match abbr {
        "EST" => "Eastern Standard Time",
        "EDT" => "Eastern Daylight Time",
        "CST" => "Central Standard Time",
        "CDT" => "Central Daylight Time",
        "MST" => "Mountain Standard Time",
        "MDT" => "Mountain Daylight Time",
        "PST" => "Pacific Standard Time",
        "PDT" => "Pacific Daylight Time",
        "AKST" => "Alaska Standard Time",
        "AKDT" => "Alaska Daylight Time",
        "HST" => "Hawaii Standard Time",
        "UTC" => "Coordinated Universal Time",
        "GMT" => "Greenwich Mean Time",
        "BST" => "British Summer Time",
        "CET" => "Central European Time",
        "CEST" => "Central European Summer Time",
        _ => return None,
    })
}

fn pad(out: &mut String, v: i64, width: usize) {
    let s = v.abs().to_string();
    if v < 0 {
        out.push('-');
    }
    for _ in s.len()..width {
        out.push('0');
    }
    out.push_str(&s);
}

fn offset_text(secs: i32, letter: char, count: usize) -> String {
    let sign = if secs < 0 { '-' } else { '+' };
    let a = secs.abs();
    let (hh, mm) = (a / 3600, (a % 3600) / 60);
    match letter {
        'Z' => format!("{sign}{hh:02}{mm:02}"),
        _ => {
            if secs == 0 {
                return "Z".into();
            }
            match count {
                1 => format!("{sign}{hh:02}"),
                2 => format!("{sign}{hh:02}{mm:02}"),
                _ => format!("{sign}{hh:02}:{mm:02}"),
            }
        }
    }
}

/// Tokens of a `SimpleDateFormat` pattern.
enum Tok {
    Field(char, usize),
    Lit(String),
}

fn tokenize(pattern: &str) -> R<Vec<Tok>> {
    let cs: Vec<char> = pattern.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c == '\'' {
            if i + 1 < cs.len() && cs[i + 1] == '\'' {
                out.push(Tok::Lit("'".into()));
                i += 2;
                continue;
            }
            let mut lit = String::new();
            i += 1;
            while i < cs.len() {
                if cs[i] == '\'' {
                    if i + 1 < cs.len() && cs[i + 1] == '\'' {
                        lit.push('\'');
                        i += 2;
                        continue;
                    }
                    break;
                }
                lit.push(cs[i]);
                i += 1;
            }
            i += 1;
            out.push(Tok::Lit(lit));
        } else if c.is_ascii_alphabetic() {
            if !"GyYMwWDdFEuaHkKhmsSzZX".contains(c) {
                return Err(EvalError::exception(
                    class::ILLEGAL_ARGUMENT,
                    Some(format!("Illegal pattern character '{c}'")),
                ));
            }
            let mut n = 1;
            while i + n < cs.len() && cs[i + n] == c {
                n += 1;
            }
            out.push(Tok::Field(c, n));
            i += n;
        } else {
            out.push(Tok::Lit(c.to_string()));
            i += 1;
        }
    }
    Ok(out)
}

/// `SimpleDateFormat(pattern)` with zone `tz`, formatting `ms`.
pub fn format_date(ms: i64, pattern: &str, tz: Tz) -> R<String> {
    let dt = at(ms, tz);
    let mut out = String::new();
    for t in tokenize(pattern)? {
        match t {
            Tok::Lit(s) => out.push_str(&s),
            Tok::Field(c, n) => match c {
                'G' => out.push_str(if dt.year() > 0 { "AD" } else { "BC" }),
                'y' | 'Y' => {
                    if n == 2 {
                        pad(&mut out, (dt.year() % 100) as i64, 2)
                    } else {
                        pad(&mut out, dt.year() as i64, n)
                    }
                }
                'M' => {
                    let m = dt.month0() as usize;
                    match n {
                        1 | 2 => pad(&mut out, m as i64 + 1, n),
                        3 => out.push_str(&MONTHS[m][..3]),
                        _ => out.push_str(MONTHS[m]),
                    }
                }
                'w' => pad(&mut out, week_of_year(&dt) as i64, n),
                'W' => pad(&mut out, (dt.day() as i64 + first_weekday_offset(&dt) - 1) / 7 + 1, n),
                'D' => pad(&mut out, dt.ordinal() as i64, n),
                'd' => pad(&mut out, dt.day() as i64, n),
                'F' => pad(&mut out, ((dt.day() - 1) / 7 + 1) as i64, n),
                'E' => {
                    let d = dt.weekday().num_days_from_monday() as usize;
                    if n >= 4 {
                        out.push_str(DAYS[d])
                    } else {
                        out.push_str(&DAYS[d][..3])
                    }
                }
                'u' => pad(&mut out, dt.weekday().number_from_monday() as i64, n),
                'a' => out.push_str(if dt.hour() < 12 { "AM" } else { "PM" }),
                'H' => pad(&mut out, dt.hour() as i64, n),
                'k' => pad(&mut out, if dt.hour() == 0 { 24 } else { dt.hour() as i64 }, n),
                'K' => pad(&mut out, (dt.hour() % 12) as i64, n),
                'h' => pad(&mut out, if dt.hour().is_multiple_of(12) { 12 } else { (dt.hour() % 12) as i64 }, n),
                'm' => pad(&mut out, dt.minute() as i64, n),
                's' => pad(&mut out, dt.second() as i64, n),
                'S' => pad(&mut out, dt.timestamp_subsec_millis() as i64, n),
                'z' => {
                    let abbr = abbreviation(&dt);
                    if n >= 4 {
                        out.push_str(long_zone_name(&abbr).unwrap_or(&abbr))
                    } else {
                        out.push_str(&abbr)
                    }
                }
                'Z' | 'X' => out.push_str(&offset_text(dt.offset().fix().local_minus_utc(), c, n)),
                _ => {}
            },
        }
    }
    Ok(out)
}

fn first_weekday_offset(dt: &chrono::DateTime<Tz>) -> i64 {
    // Day-of-week (Sunday = 0) of the first day of the month.
    let first = dt.with_day(1).unwrap_or(*dt);
    first.weekday().num_days_from_sunday() as i64
}

fn week_of_year(dt: &chrono::DateTime<Tz>) -> u32 {
    // US rules (Sunday start, minimal days 1), as Java's default locale uses.
    let jan1 = NaiveDate::from_ymd_opt(dt.year(), 1, 1).unwrap_or_default();
    let offset = jan1.weekday().num_days_from_sunday();
    let week = (dt.ordinal0() + offset) / 7 + 1;
    // The last days of December belong to week 1 of the next year.
    let dec31 = NaiveDate::from_ymd_opt(dt.year(), 12, 31).unwrap_or_default();
    let last_week_start = dec31.ordinal0() - dec31.weekday().num_days_from_sunday();
    if dt.ordinal0() >= last_week_start && dec31.weekday().num_days_from_sunday() < 6 {
        1
    } else {
        week
    }
}

/// Java's `Date.toString()`: `Tue Mar 05 14:30:00 UTC 2024`.
pub fn java_date_string(ms: i64, tz: Tz) -> String {
    format_date(ms, "EEE MMM dd HH:mm:ss zzz yyyy", tz).unwrap_or_default()
}

/// Milliseconds of a local date-time in a zone, with Java's lenient overflow of fields and its
/// handling of daylight-saving gaps (times in a gap move forward).
#[allow(clippy::too_many_arguments)]
pub fn local_to_ms(
    tz: Tz,
    year: i64,
    month1: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    millis: i64,
) -> Option<i64> {
    let total_months = year * 12 + (month1 - 1);
    let y = total_months.div_euclid(12);
    let m = total_months.rem_euclid(12) + 1;
    let base = NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m as u32, 1)?;
    let date = base.checked_add_signed(chrono::Duration::days(day - 1))?;
    let ndt: NaiveDateTime = date.and_hms_opt(0, 0, 0)?
        + chrono::Duration::milliseconds(((hour * 60 + minute) * 60 + second) * 1000 + millis);
    match tz.from_local_datetime(&ndt) {
        chrono::LocalResult::Single(d) => Some(d.timestamp_millis()),
        chrono::LocalResult::Ambiguous(a, _) => Some(a.timestamp_millis()),
        chrono::LocalResult::None => {
            let later = ndt + chrono::Duration::hours(1);
            tz.from_local_datetime(&later).earliest().map(|d| d.timestamp_millis())
        }
    }
}

fn parse_error(text: &str) -> EvalError {
    EvalError::exception(class::PARSE, Some(format!("Unparseable date: \"{text}\"")))
}

/// `SimpleDateFormat.parse`: reads `text` by `pattern` in zone `tz` (lenient like Java).
pub fn parse_date(pattern: &str, text: &str, tz: Tz) -> R<i64> {
    let toks = tokenize(pattern)?;
    let cs: Vec<char> = text.chars().collect();
    let mut i = 0usize;
    let (mut year, mut month, mut day, mut hour, mut minute, mut second, mut milli) =
        (1970i64, 1i64, 1i64, 0i64, 0i64, 0i64, 0i64);
    let mut pm: Option<bool> = None;
    let mut offset: Option<i64> = None;
    let mut zone = tz;
    for (ti, t) in toks.iter().enumerate() {
        match t {
            Tok::Lit(s) => {
                for c in s.chars() {
                    if i < cs.len() && cs[i] == c {
                        i += 1;
                    } else if c == ' ' {
                        continue;
                    } else {
                        return Err(parse_error(text));
                    }
                }
            }
            Tok::Field(c, n) => {
                let next_is_numeric =
                    matches!(toks.get(ti + 1), Some(Tok::Field(nc, _)) if "yMdHhkKmsSDu".contains(*nc));
                let read_num = |i: &mut usize| -> R<i64> {
                    let start = *i;
                    let mut neg = false;
                    if *i < cs.len() && cs[*i] == '-' {
                        neg = true;
                        *i += 1;
                    }
                    let limit = if next_is_numeric { *n } else { usize::MAX };
                    let digits_start = *i;
                    while *i < cs.len() && cs[*i].is_ascii_digit() && *i - digits_start < limit {
                        *i += 1;
                    }
                    if *i == digits_start {
                        *i = start;
                        return Err(parse_error(text));
                    }
                    let v: i64 =
                        cs[digits_start..*i].iter().collect::<String>().parse().map_err(|_| parse_error(text))?;
                    Ok(if neg { -v } else { v })
                };
                match c {
                    'y' | 'Y' => {
                        let start = i;
                        let v = read_num(&mut i)?;
                        year = if *n <= 2 && i - start == 2 {
                            // Two-digit years fall within 80 years before and 20 after now; 2000s.
                            if v < 50 {
                                2000 + v
                            } else {
                                1900 + v
                            }
                        } else {
                            v
                        };
                    }
                    'M' => {
                        if *n >= 3 {
                            let rest: String = cs[i..].iter().collect();
                            let found = MONTHS.iter().enumerate().find_map(|(k, m)| {
                                if rest.to_lowercase().starts_with(&m.to_lowercase()) {
                                    Some((k, m.len()))
                                } else if rest.to_lowercase().starts_with(&m[..3].to_lowercase()) {
                                    Some((k, 3))
                                } else {
                                    None
                                }
                            });
                            let (k, len) = found.ok_or_else(|| parse_error(text))?;
                            month = k as i64 + 1;
                            i += len;
                        } else {
                            month = read_num(&mut i)?;
                        }
                    }
                    'd' => day = read_num(&mut i)?,
                    'D' => {
                        let d = read_num(&mut i)?;
                        month = 1;
                        day = d;
                    }
                    'H' | 'k' => hour = read_num(&mut i)? % if *c == 'k' { 24 } else { i64::MAX },
                    'h' | 'K' => {
                        hour = read_num(&mut i)? % 12;
                    }
                    'm' => minute = read_num(&mut i)?,
                    's' => second = read_num(&mut i)?,
                    'S' => milli = read_num(&mut i)?,
                    'u' | 'w' | 'W' | 'F' => {
                        read_num(&mut i)?;
                    }
                    'E' => {
                        let rest: String = cs[i..].iter().collect::<String>().to_lowercase();
                        let len = DAYS
                            .iter()
                            .find_map(|d| {
                                if rest.starts_with(&d.to_lowercase()) {
                                    Some(d.len())
                                } else if rest.starts_with(&d[..3].to_lowercase()) {
                                    Some(3)
                                } else {
                                    None
                                }
                            })
                            .ok_or_else(|| parse_error(text))?;
                        i += len;
                    }
                    'a' => {
                        let rest: String = cs[i..].iter().take(2).collect::<String>().to_uppercase();
                        match rest.as_str() {
                            "AM" => pm = Some(false),
                            "PM" => pm = Some(true),
                            _ => return Err(parse_error(text)),
                        }
                        i += 2;
                    }
                    'G' => {
                        i += 2.min(cs.len() - i);
                    }
                    'Z' | 'X' | 'z' => {
                        if i < cs.len() && cs[i] == 'Z' {
                            offset = Some(0);
                            i += 1;
                            continue;
                        }
                        if i < cs.len() && (cs[i] == '+' || cs[i] == '-') {
                            let sign = if cs[i] == '-' { -1 } else { 1 };
                            i += 1;
                            let mut digits = String::new();
                            while i < cs.len() && (cs[i].is_ascii_digit() || cs[i] == ':') {
                                if cs[i] != ':' {
                                    digits.push(cs[i]);
                                }
                                i += 1;
                            }
                            let (hh, mm) = match digits.len() {
                                1 | 2 => (digits.parse::<i64>().unwrap_or(0), 0),
                                4 => (digits[..2].parse::<i64>().unwrap_or(0), digits[2..].parse::<i64>().unwrap_or(0)),
                                _ => return Err(parse_error(text)),
                            };
                            offset = Some(sign * (hh * 3600 + mm * 60) * 1000);
                        } else {
                            // A zone name: letters up to the next non-letter.
                            let start = i;
                            while i < cs.len() && (cs[i].is_ascii_alphabetic() || cs[i] == '/' || cs[i] == '_') {
                                i += 1;
                            }
                            let name: String = cs[start..i].iter().collect();
                            match ZONE_ABBREVIATIONS.iter().find(|(abbreviation, _)| *abbreviation == name) {
                                Some(&(_, minutes)) => offset = Some(minutes * 60_000),
                                None => match name.parse::<Tz>() {
                                    Ok(z) => zone = z,
                                    Err(_) => return Err(parse_error(text)),
                                },
                            }
                        }
                    }
                    _ => return Err(parse_error(text)),
                }
            }
        }
    }
    // `h`/`K` hours were reduced modulo 12 above, so both spellings land below 12 here.
    if pm == Some(true) && hour < 12 {
        hour += 12;
    }
    match offset {
        Some(off) => {
            let utc =
                local_to_ms(Tz::UTC, year, month, day, hour, minute, second, milli).ok_or_else(|| parse_error(text))?;
            Ok(utc - off)
        }
        None => local_to_ms(zone, year, month, day, hour, minute, second, milli).ok_or_else(|| parse_error(text)),
    }
}

/// The zone abbreviations `z` parses, each a fixed offset in minutes east of UTC, as Java's
/// `SimpleDateFormat` reads them whatever the date (`CET` is +01:00 in July too, `IST` is
/// Israel's).
const ZONE_ABBREVIATIONS: &[(&str, i64)] = &[
    ("UTC", 0),
    ("GMT", 0),
    ("Z", 0),
    ("EST", -300),
    ("EDT", -240),
    ("CST", -360),
    ("CDT", -300),
    ("MST", -420),
    ("MDT", -360),
    ("PST", -480),
    ("PDT", -420),
    ("AKST", -540),
    ("AKDT", -480),
    ("HST", -600),
    ("HDT", -600),
    ("AST", -240),
    ("ADT", -180),
    ("NST", -210),
    ("NDT", -150),
    ("WET", 0),
    ("WEST", 60),
    ("BST", 60),
    ("CET", 60),
    ("CEST", 120),
    ("MET", 60),
    ("MEST", 120),
    ("EET", 120),
    ("EEST", 180),
    ("IST", 120),
    ("MSK", 180),
    ("HKT", 480),
    ("SGT", 480),
    ("AWST", 480),
    ("JST", 540),
    ("KST", 540),
    ("ACST", 570),
    ("AEST", 600),
    ("AEDT", 660),
    ("NZST", 720),
    ("NZDT", 780),
];

/// The words Java's `Date.parse(String)` knows, with their action: 1 = PM, 14 = AM, 2..=13 a
/// month, 10000 + minutes west of UTC a zone, 0 a weekday (ignored).
const JAVA_DATE_WORDS: &[(&str, i32)] = &[
    ("am", 14),
    ("pm", 1),
    ("monday", 0),
    ("tuesday", 0),
    ("wednesday", 0),
    ("thursday", 0),
    ("friday", 0),
    ("saturday", 0),
    ("sunday", 0),
    ("january", 2),
    ("february", 3),
    ("march", 4),
    ("april", 5),
    ("may", 6),
    ("june", 7),
    ("july", 8),
    ("august", 9),
    ("september", 10),
    ("october", 11),
    ("november", 12),
    ("december", 13),
    ("gmt", 10000),
    ("ut", 10000),
    ("utc", 10000),
    ("est", 10000 + 5 * 60),
    ("edt", 10000 + 4 * 60),
    ("cst", 10000 + 6 * 60),
    ("cdt", 10000 + 5 * 60),
    ("mst", 10000 + 7 * 60),
    ("mdt", 10000 + 6 * 60),
    ("pst", 10000 + 8 * 60),
    ("pdt", 10000 + 7 * 60),
];

/// Java's deprecated `Date.parse(String)`, which `new Date(String)` uses: the IETF form
/// (`Sat, 12 Aug 1995 13:30:00 GMT`, `12 Aug 1995 13:30 -0400`) and the US forms
/// (`8/12/1995 1:30 PM`, `August 12, 1995`). Words match by prefix (`Aug`, `Sat`); a time
/// without a zone is local to `tz`; two-digit years fall in the century that starts 80 years
/// before `now_ms`. Anything else is Java's `IllegalArgumentException`.
pub fn parse_java_date_string(s: &str, tz: Tz, now_ms: i64) -> R<i64> {
    let bad = || EvalError::exception(class::ILLEGAL_ARGUMENT, None);
    let cs: Vec<char> = s.chars().collect();
    let limit = cs.len();
    let (mut year, mut mon, mut mday, mut hour, mut min, mut sec) = (i64::MIN, -1i64, -1i64, -1i64, -1i64, -1i64);
    let mut tzoffset: i64 = -1;
    let mut prevc = '\0';
    let mut i = 0;
    while i < limit {
        let mut c = cs[i];
        i += 1;
        if c <= ' ' || c == ',' {
            continue;
        }
        if c == '(' {
            // A comment, possibly nested.
            let mut depth = 1;
            while i < limit {
                c = cs[i];
                i += 1;
                if c == '(' {
                    depth += 1;
                } else if c == ')' {
                    depth -= 1;
                    if depth <= 0 {
                        break;
                    }
                }
            }
            continue;
        }
        if c.is_ascii_digit() {
            let mut n = c as i64 - '0' as i64;
            while i < limit && cs[i].is_ascii_digit() {
                n = (n * 10 + (cs[i] as i64 - '0' as i64)).min(1 << 40);
                i += 1;
            }
            // The character after the number (none at the end).
            let c = if i < limit { cs[i] } else { '\0' };
            if prevc == '+' || (prevc == '-' && year != i64::MIN) {
                // A zone offset: "GMT-3" or "-0430".
                let mut m = if n < 24 { n * 60 } else { n % 100 + n / 100 * 60 };
                if prevc == '+' {
                    m = -m;
                }
                if tzoffset != 0 && tzoffset != -1 {
                    return Err(bad());
                }
                tzoffset = m;
            } else if n >= 70 {
                if year != i64::MIN || !(c <= ' ' || c == ',' || c == '/' || i >= limit) {
                    return Err(bad());
                }
                year = n;
            } else if c == ':' {
                if hour < 0 {
                    hour = n;
                } else if min < 0 {
                    min = n;
                } else {
                    return Err(bad());
                }
            } else if c == '/' {
                if mon < 0 {
                    mon = n - 1;
                } else if mday < 0 {
                    mday = n;
                } else {
                    return Err(bad());
                }
            } else if i < limit && c != ',' && c > ' ' && c != '-' {
                return Err(bad());
            } else if hour >= 0 && min < 0 {
                min = n;
            } else if min >= 0 && sec < 0 {
                sec = n;
            } else if mday < 0 {
                mday = n;
            } else if year == i64::MIN && mon >= 0 && mday >= 0 {
                // Two-digit years below 70.
                year = n;
            } else {
                return Err(bad());
            }
            prevc = '\0';
        } else if matches!(c, '/' | ':' | '+' | '-') {
            prevc = c;
        } else {
            let st = i - 1;
            while i < limit && cs[i].is_ascii_alphabetic() {
                i += 1;
            }
            if i <= st + 1 {
                return Err(bad());
            }
            let word: String = cs[st..i].iter().collect::<String>().to_lowercase();
            // Java tries the table from its end and takes the first word the text starts.
            let action = JAVA_DATE_WORDS
                .iter()
                .rev()
                .find(|(w, _)| w.len() >= word.len() && w.starts_with(word.as_str()))
                .map(|(_, a)| *a)
                .ok_or_else(bad)?;
            match action {
                0 => {}
                1 => {
                    if !(1..=12).contains(&hour) {
                        return Err(bad());
                    }
                    if hour < 12 {
                        hour += 12;
                    }
                }
                14 => {
                    if !(1..=12).contains(&hour) {
                        return Err(bad());
                    }
                    if hour == 12 {
                        hour = 0;
                    }
                }
                2..=13 => {
                    if mon >= 0 {
                        return Err(bad());
                    }
                    mon = action as i64 - 2;
                }
                _ => tzoffset = action as i64 - 10000,
            }
            prevc = '\0';
        }
    }
    if year == i64::MIN || mon < 0 || mday < 0 {
        return Err(bad());
    }
    if year < 100 {
        let century_start = at(now_ms, tz).year() as i64 - 80;
        year += (century_start / 100) * 100;
        if year < century_start {
            year += 100;
        }
    }
    let (hour, min, sec) = (hour.max(0), min.max(0), sec.max(0));
    if tzoffset == -1 {
        return local_to_ms(tz, year, mon + 1, mday, hour, min, sec, 0).ok_or_else(bad);
    }
    let utc = local_to_ms(Tz::UTC, year, mon + 1, mday, hour, min, sec, 0).ok_or_else(bad)?;
    Ok(utc + tzoffset * 60_000)
}

/// The properties a Groovy named-argument constructor `new Date(hours: 5, minutes: 0)` sets,
/// through the deprecated setters (`setYear`, `setMonth`, `setDate`, `setHours`, `setMinutes`,
/// `setSeconds`) or `setTime`, in the order written, starting from `start` (the clock).
/// Each setter is lenient in `tz` like Java's (`minutes: -5` is five minutes before the hour).
/// Returns the name of the first unknown property as the error.
pub fn date_with_properties(start: i64, props: &[(String, i64)], tz: Tz) -> Result<i64, String> {
    let mut ms = start;
    for (name, v) in props {
        ms = match name.as_str() {
            "time" => *v,
            other => match date_setter(ms, &format!("set{}", super::interp::capitalize(other)), *v, tz) {
                Some(x) => x,
                None => return Err(name.clone()),
            },
        };
    }
    Ok(ms)
}

/// A deprecated `java.util.Date` setter (`setHours(h)`...) or `setTime(ms)` applied to `ms`.
pub fn date_setter(ms: i64, setter: &str, v: i64, tz: Tz) -> Option<i64> {
    // The setters are Calendar.set on the local fields (YEAR counts from 1900 here).
    let (field, value) = match setter {
        "setTime" => return Some(v),
        "setYear" => (1, v + 1900),
        "setMonth" => (2, v),
        "setDate" => (5, v),
        "setHours" => (11, v),
        "setMinutes" => (12, v),
        "setSeconds" => (13, v),
        _ => return None,
    };
    calendar_set(ms, tz, field, value)
}

/// The methods that change a `java.util.Date` in place. Dates are values here, so a call of
/// one of them on a variable, property or element stores the changed date back there.
pub fn is_date_mutator(name: &str) -> bool {
    matches!(
        name,
        "clearTime" | "setTime" | "setYear" | "setMonth" | "setDate" | "setHours" | "setMinutes" | "setSeconds"
    )
}

/// Applies a mutator (see [`is_date_mutator`]): the changed date and what the call returns
/// (`clearTime` returns the date, the setters nothing).
pub fn mutate_date(ms: i64, name: &str, args: &[Value], tz: Tz) -> Option<(i64, Value)> {
    match (name, args) {
        ("clearTime", []) => {
            let new = clear_time(ms, tz);
            Some((new, Value::Date(new)))
        }
        (_, [v]) if v.is_number() => date_setter(ms, name, ops::to_i64(v), tz).map(|new| (new, Value::Null)),
        _ => None,
    }
}

/// Start of the day (local midnight) of an instant.
pub fn clear_time(ms: i64, tz: Tz) -> i64 {
    let dt = at(ms, tz);
    local_to_ms(tz, dt.year() as i64, dt.month() as i64, dt.day() as i64, 0, 0, 0, 0).unwrap_or(ms)
}

/// Adds calendar days in a zone (what `date + n` does: same local time n days later).
pub fn add_days(ms: i64, days: i64, tz: Tz) -> i64 {
    add_calendar(ms, 0, days, tz)
}

fn add_calendar(ms: i64, months: i64, days: i64, tz: Tz) -> i64 {
    if months == 0 && days == 0 {
        return ms;
    }
    let dt = at(ms, tz);
    // Clamp the day of month when adding months (Jan 31 + 1 month = Feb 28/29), as Calendar does.
    let mut day = dt.day() as i64;
    if months != 0 {
        let total = dt.year() as i64 * 12 + dt.month0() as i64 + months;
        let (y, m) = (total.div_euclid(12), total.rem_euclid(12) as u32 + 1);
        let last = days_in_month(y as i32, m);
        day = day.min(last as i64);
    }
    local_to_ms(
        tz,
        dt.year() as i64,
        dt.month() as i64 + months,
        day + days,
        dt.hour() as i64,
        dt.minute() as i64,
        dt.second() as i64,
        dt.timestamp_subsec_millis() as i64,
    )
    .unwrap_or(ms)
}

fn days_in_month(y: i32, m: u32) -> u32 {
    let next = if m == 12 { NaiveDate::from_ymd_opt(y + 1, 1, 1) } else { NaiveDate::from_ymd_opt(y, m + 1, 1) };
    let this = NaiveDate::from_ymd_opt(y, m, 1);
    match (this, next) {
        (Some(a), Some(b)) => (b - a).num_days() as u32,
        _ => 30,
    }
}

/// Calendar days between two instants in a zone (`date1 - date2`).
pub fn days_between(a: i64, b: i64, tz: Tz) -> i64 {
    let (da, db) = (at(a, tz).date_naive(), at(b, tz).date_naive());
    (da - db).num_days()
}

/// Applies a `TimeCategory` duration.
pub fn add_duration(ms: i64, d: &Duration, sign: i64, tz: Tz) -> i64 {
    add_calendar(ms, (d.years * 12 + d.months) * sign, d.days * sign, tz) + d.time_millis() * sign
}

/// Date arithmetic: `date ± days`, `date - date`, `date ± duration`, durations.
pub fn date_arith(interp: &mut Interpreter, h: &mut dyn Host, op: BinaryOp, a: &Value, b: &Value) -> R<Option<Value>> {
    let tz = h.default_time_zone();
    let dur = |v: &Value| -> Option<Duration> {
        match v {
            Value::Obj(o) => match &**o {
                Obj::Duration(d) => Some(*d),
                _ => None,
            },
            _ => None,
        }
    };
    Ok(match (op, a, b) {
        (BinaryOp::Add, Value::Date(ms), n) if matches!(n, Value::Int(_) | Value::Long(_)) => {
            Some(Value::Date(add_days(*ms, ops::to_i64(n), tz)))
        }
        (BinaryOp::Sub, Value::Date(ms), n) if matches!(n, Value::Int(_) | Value::Long(_)) => {
            Some(Value::Date(add_days(*ms, -ops::to_i64(n), tz)))
        }
        (BinaryOp::Sub, Value::Date(x), Value::Date(y)) => {
            if interp.time_category > 0 {
                // TimeCategory.minus(Date, Date): whole days, then hours, minutes, seconds and
                // milliseconds, each truncated towards zero (all negative for an earlier date).
                let ms = x - y;
                Some(Value::obj(Obj::Duration(Duration {
                    days: ms / DAY_MS,
                    hours: ms % DAY_MS / 3_600_000,
                    minutes: ms % 3_600_000 / 60_000,
                    seconds: ms % 60_000 / 1000,
                    millis: ms % 1000,
                    ..Duration::default()
                })))
            } else {
                Some(Value::Int(days_between(*x, *y, tz) as i32))
            }
        }
        (BinaryOp::Add, Value::Date(ms), d) if dur(d).is_some() => {
            Some(Value::Date(add_duration(*ms, &dur(d).unwrap_or_default(), 1, tz)))
        }
        (BinaryOp::Sub, Value::Date(ms), d) if dur(d).is_some() => {
            Some(Value::Date(add_duration(*ms, &dur(d).unwrap_or_default(), -1, tz)))
        }
        (BinaryOp::Add, d, Value::Date(ms)) if dur(d).is_some() => {
            Some(Value::Date(add_duration(*ms, &dur(d).unwrap_or_default(), 1, tz)))
        }
        (BinaryOp::Add | BinaryOp::Sub, x, y) if dur(x).is_some() && dur(y).is_some() => {
            let (p, q) = (dur(x).unwrap_or_default(), dur(y).unwrap_or_default());
            Some(Value::obj(Obj::Duration(p.combine(&q, if op == BinaryOp::Add { 1 } else { -1 }))))
        }
        _ => None,
    })
}

/// `5.minutes` and friends inside `use(TimeCategory) { }`.
pub fn duration_property(n: &Value, name: &str) -> Option<Value> {
    let v = ops::to_i64(n);
    let d = match name {
        "millisecond" | "milliseconds" => Duration { millis: v, ..Default::default() },
        "second" | "seconds" => Duration { seconds: v, ..Default::default() },
        "minute" | "minutes" => Duration { minutes: v, ..Default::default() },
        "hour" | "hours" => Duration { hours: v, ..Default::default() },
        "day" | "days" => Duration { days: v, ..Default::default() },
        "week" | "weeks" => Duration { days: v * 7, ..Default::default() },
        "month" | "months" => Duration { months: v, ..Default::default() },
        "year" | "years" => Duration { years: v, ..Default::default() },
        _ => return None,
    };
    Some(Value::obj(Obj::Duration(d)))
}

fn zone_arg(h: &mut dyn Host, v: Option<&Value>) -> Tz {
    match v {
        Some(Value::Obj(o)) => match &**o {
            Obj::TimeZone(tz) => *tz,
            _ => h.default_time_zone(),
        },
        Some(s @ (Value::Str(_) | Value::GString(_))) => time_zone(s.as_str().unwrap_or("")),
        _ => h.default_time_zone(),
    }
}

fn date_arg(v: &Value) -> Option<i64> {
    match v {
        Value::Date(ms) => Some(*ms),
        Value::Int(_) | Value::Long(_) => v.as_i64(),
        Value::Obj(o) => match &**o {
            Obj::Calendar(c) => Some(c.borrow().0),
            _ => None,
        },
        _ => None,
    }
}

/// Methods of `java.util.Date`.
pub fn date_method(
    interp: &mut Interpreter,
    h: &mut dyn Host,
    ms: i64,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    let tz = h.default_time_zone();
    let dt = at(ms, tz);
    Ok(Some(match (name, args) {
        ("getTime", []) => Value::Long(ms),
        // A null zone is Java's NullPointerException (a location without a time zone).
        ("format", [_, Value::Null]) => return Err(EvalError::npe("the time zone is null")),
        ("format", [p]) | ("format", [p, _]) => {
            let p = display(h, p);
            let z = zone_arg(h, args.get(1));
            Value::str(&format_date(ms, &p, z)?)
        }
        ("before", [o]) => Value::Bool(date_arg(o).is_some_and(|x| ms < x)),
        ("after", [o]) => Value::Bool(date_arg(o).is_some_and(|x| ms > x)),
        ("compareTo", [Value::Date(o)]) => Value::Int(ms.cmp(o) as i32),
        ("equals", [o]) => Value::Bool(matches!(o, Value::Date(x) if *x == ms)),
        ("plus" | "minus", [n]) => {
            let op = if name == "plus" { BinaryOp::Add } else { BinaryOp::Sub };
            match date_arith(interp, h, op, &Value::Date(ms), n)? {
                Some(v) => v,
                None => return Ok(None),
            }
        }
        ("next", []) => Value::Date(add_days(ms, 1, tz)),
        // `from.upto(to) { day -> }`, `from.downto(to) { }`: one call per calendar day.
        ("upto" | "downto", [Value::Date(to), c]) if c.is_callable() => {
            let up = name == "upto";
            if (up && ms > *to) || (!up && ms < *to) {
                return Err(EvalError::exception(
                    class::ILLEGAL_ARGUMENT,
                    Some(format!(
                        "The argument ({}) to {name}() cannot be {} the value ({}) it's called on.",
                        java_date_string(*to, tz),
                        if up { "earlier than" } else { "later than" },
                        java_date_string(ms, tz)
                    )),
                ));
            }
            let mut d = ms;
            while (up && d <= *to) || (!up && d >= *to) {
                interp.call_value(h, c, vec![Value::Date(d)])?;
                d = add_days(d, if up { 1 } else { -1 }, tz);
            }
            Value::Null
        }
        ("previous", []) => Value::Date(add_days(ms, -1, tz)),
        ("toString", []) => Value::str(&java_date_string(ms, tz)),
        ("getHours", []) => Value::Int(dt.hour() as i32),
        ("getMinutes", []) => Value::Int(dt.minute() as i32),
        ("getSeconds", []) => Value::Int(dt.second() as i32),
        ("getDate", []) => Value::Int(dt.day() as i32),
        ("getDay", []) => Value::Int(dt.weekday().num_days_from_sunday() as i32),
        ("getMonth", []) => Value::Int(dt.month0() as i32),
        ("getYear", []) => Value::Int(dt.year() - 1900),
        ("getTimezoneOffset", []) => Value::Int((-offset_ms(ms, tz) / 60_000) as i32),
        ("toCalendar", []) => Value::obj(Obj::Calendar((ms, tz).into())),
        ("toTimestamp", []) => Value::Date(ms),
        ("clone", []) => Value::Date(ms),
        ("getDateString", []) => Value::str(&format_date(ms, "M/d/yy", tz)?),
        ("getTimeString", []) => Value::str(&format_date(ms, "h:mm:ss a", tz)?),
        ("getDateTimeString", []) => Value::str(&format_date(ms, "M/d/yy h:mm:ss a", tz)?),
        // `date[Calendar.YEAR]`
        ("getAt", [f]) if f.is_number() => match cal_get(ms, tz, ops::to_i64(f)) {
            Some(v) => Value::Int(v as i32),
            None => return Ok(None),
        },
        (n, a) if is_date_mutator(n) => match mutate_date(ms, n, a, tz) {
            // A mutator on a date that is not stored anywhere: its result only.
            Some((_, r)) => r,
            None => return Ok(None),
        },
        // Static methods can be called on an instance: `new Date().parse(format, text)`.
        _ => return super::statics::call_static(interp, h, "java.util.Date", name, args.to_vec()),
    }))
}

const CAL_FIELDS: &[(&str, i32)] = &[
    ("ERA", 0),
    ("YEAR", 1),
    ("MONTH", 2),
    ("WEEK_OF_YEAR", 3),
    ("WEEK_OF_MONTH", 4),
    ("DATE", 5),
    ("DAY_OF_MONTH", 5),
    ("DAY_OF_YEAR", 6),
    ("DAY_OF_WEEK", 7),
    ("DAY_OF_WEEK_IN_MONTH", 8),
    ("AM_PM", 9),
    ("HOUR", 10),
    ("HOUR_OF_DAY", 11),
    ("MINUTE", 12),
    ("SECOND", 13),
    ("MILLISECOND", 14),
    ("ZONE_OFFSET", 15),
    ("DST_OFFSET", 16),
    ("JANUARY", 0),
    ("FEBRUARY", 1),
    ("MARCH", 2),
    ("APRIL", 3),
    ("MAY", 4),
    ("JUNE", 5),
    ("JULY", 6),
    ("AUGUST", 7),
    ("SEPTEMBER", 8),
    ("OCTOBER", 9),
    ("NOVEMBER", 10),
    ("DECEMBER", 11),
    ("SUNDAY", 1),
    ("MONDAY", 2),
    ("TUESDAY", 3),
    ("WEDNESDAY", 4),
    ("THURSDAY", 5),
    ("FRIDAY", 6),
    ("SATURDAY", 7),
    ("AM", 0),
    ("PM", 1),
];

/// `Calendar.FIELD` constants.
pub fn calendar_constant(name: &str) -> Option<i32> {
    CAL_FIELDS.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

fn cal_get(ms: i64, tz: Tz, field: i64) -> Option<i64> {
    let dt = at(ms, tz);
    Some(match field {
        0 => 1,
        1 => dt.year() as i64,
        2 => dt.month0() as i64,
        3 => week_of_year(&dt) as i64,
        4 => (dt.day() as i64 + first_weekday_offset(&dt) - 1) / 7 + 1,
        5 => dt.day() as i64,
        6 => dt.ordinal() as i64,
        7 => dt.weekday().num_days_from_sunday() as i64 + 1,
        8 => ((dt.day() - 1) / 7 + 1) as i64,
        9 => (dt.hour() >= 12) as i64,
        10 => (dt.hour() % 12) as i64,
        11 => dt.hour() as i64,
        12 => dt.minute() as i64,
        13 => dt.second() as i64,
        14 => dt.timestamp_subsec_millis() as i64,
        15 => offset_ms(ms, tz) - dst_ms(ms, tz),
        16 => dst_ms(ms, tz),
        _ => return None,
    })
}

/// `Calendar.getActualMaximum`/`getActualMinimum` of a field at the calendar's date (the days
/// of its month and year); `None` for the fields left out (weeks).
fn cal_bound(ms: i64, tz: Tz, field: i64, max: bool) -> Option<i64> {
    let dt = at(ms, tz);
    let (low, high) = match field {
        1 => (1, 292_278_994),
        2 => (0, 11),
        5 => (1, days_in_month(dt.year(), dt.month()) as i64),
        6 => (1, if NaiveDate::from_ymd_opt(dt.year(), 12, 31)?.ordinal() == 366 { 366 } else { 365 }),
        7 => (1, 7),
        9 => (0, 1),
        10 => (0, 11),
        11 => (0, 23),
        12 | 13 => (0, 59),
        14 => (0, 999),
        _ => return None,
    };
    Some(if max { high } else { low })
}

fn dst_ms(ms: i64, tz: Tz) -> i64 {
    let dt = at(ms, tz);
    let total = dt.offset().fix().local_minus_utc() as i64;
    // Standard offset: the smaller of January's and July's offsets.
    let y = dt.year();
    let jan = tz.with_ymd_and_hms(y, 1, 15, 12, 0, 0).earliest().map(|d| d.offset().fix().local_minus_utc() as i64);
    let jul = tz.with_ymd_and_hms(y, 7, 15, 12, 0, 0).earliest().map(|d| d.offset().fix().local_minus_utc() as i64);
    let std = match (jan, jul) {
        (Some(a), Some(b)) => a.min(b),
        _ => total,
    };
    (total - std) * 1000
}

fn cal_set(ms: i64, tz: Tz, field: i64, value: i64) -> i64 {
    calendar_set(ms, tz, field, value).unwrap_or(ms)
}

/// `Calendar.set(field, value)` on the local fields of `ms` in `tz` (field numbers as in
/// `java.util.Calendar`); `None` when the result is not a valid local time.
fn calendar_set(ms: i64, tz: Tz, field: i64, value: i64) -> Option<i64> {
    let dt = at(ms, tz);
    let (mut y, mut mo, mut d, mut hh, mut mi, mut s, mut milli) = (
        dt.year() as i64,
        dt.month() as i64,
        dt.day() as i64,
        dt.hour() as i64,
        dt.minute() as i64,
        dt.second() as i64,
        dt.timestamp_subsec_millis() as i64,
    );
    match field {
        1 => y = value,
        2 => mo = value + 1,
        5 => d = value,
        6 => {
            mo = 1;
            d = value
        }
        7 => d += value - (dt.weekday().num_days_from_sunday() as i64 + 1),
        9 => hh = hh % 12 + 12 * value,
        10 => hh = (hh / 12) * 12 + value,
        11 => hh = value,
        12 => mi = value,
        13 => s = value,
        14 => milli = value,
        _ => {}
    }
    local_to_ms(tz, y, mo, d, hh, mi, s, milli)
}

fn cal_add(ms: i64, tz: Tz, field: i64, amount: i64) -> i64 {
    match field {
        1 => add_calendar(ms, amount * 12, 0, tz),
        2 => add_calendar(ms, amount, 0, tz),
        3 | 4 => add_calendar(ms, 0, amount * 7, tz),
        5..=8 => add_calendar(ms, 0, amount, tz),
        10 | 11 => ms + amount * 3_600_000,
        12 => ms + amount * 60_000,
        13 => ms + amount * 1000,
        14 => ms + amount,
        _ => ms,
    }
}

/// Methods of `TimeZone`, `SimpleDateFormat`, `Calendar` and TimeCategory durations.
pub fn obj_method(
    _interp: &mut Interpreter,
    h: &mut dyn Host,
    recv: &Value,
    o: &Rc<Obj>,
    name: &str,
    args: &[Value],
) -> R<Option<Value>> {
    match &**o {
        Obj::TimeZone(tz) => Ok(Some(match (name, args) {
            ("getID", []) => Value::str(tz.name()),
            ("getDisplayName", _) => {
                let now = h.now_millis();
                let abbr = abbreviation(&at(now, *tz));
                Value::str(long_zone_name(&abbr).unwrap_or(tz.name()))
            }
            ("getRawOffset", []) => {
                let now = h.now_millis();
                Value::Int((offset_ms(now, *tz) - dst_ms(now, *tz)) as i32)
            }
            ("getOffset", [t]) => {
                let t = date_arg(t).unwrap_or(0);
                Value::Int(offset_ms(t, *tz) as i32)
            }
            ("inDaylightTime", [d]) => Value::Bool(dst_ms(date_arg(d).unwrap_or(0), *tz) != 0),
            ("useDaylightTime" | "observesDaylightTime", []) => {
                let now = h.now_millis();
                let y = at(now, *tz).year();
                let jan = tz.with_ymd_and_hms(y, 1, 15, 12, 0, 0).earliest().map(|d| d.offset().fix());
                let jul = tz.with_ymd_and_hms(y, 7, 15, 12, 0, 0).earliest().map(|d| d.offset().fix());
                Value::Bool(jan != jul)
            }
            ("getDSTSavings", []) => {
                let now = h.now_millis();
                let y = at(now, *tz).year();
                let jan =
                    tz.with_ymd_and_hms(y, 1, 15, 12, 0, 0).earliest().map(|d| d.offset().fix().local_minus_utc());
                let jul =
                    tz.with_ymd_and_hms(y, 7, 15, 12, 0, 0).earliest().map(|d| d.offset().fix().local_minus_utc());
                Value::Int(match (jan, jul) {
                    (Some(a), Some(b)) => (a - b).abs() * 1000,
                    _ => 0,
                })
            }
            _ => return Ok(None),
        })),
        Obj::DateFormat(f) => Ok(Some(match (name, args) {
            ("format", [d]) => {
                let ms = date_arg(d).ok_or_else(|| {
                    EvalError::exception(class::ILLEGAL_ARGUMENT, Some("Cannot format given Object as a Date".into()))
                })?;
                let f = f.borrow();
                Value::str(&format_date(ms, &f.pattern, f.zone)?)
            }
            ("parse", [t]) => {
                let t = display(h, t);
                let f = f.borrow();
                Value::Date(parse_date(&f.pattern, &t, f.zone)?)
            }
            ("setTimeZone", [z]) => {
                let z = zone_arg(h, Some(z));
                f.borrow_mut().zone = z;
                Value::Null
            }
            ("getTimeZone", []) => Value::obj(Obj::TimeZone(f.borrow().zone)),
            ("toPattern", []) => Value::Str(f.borrow().pattern.clone()),
            ("applyPattern", [p]) => {
                let p = display(h, p);
                f.borrow_mut().pattern = p.into();
                Value::Null
            }
            ("setLenient", [_]) => Value::Null,
            _ => return Ok(None),
        })),
        Obj::Calendar(c) => {
            let (ms, tz) = *c.borrow();
            Ok(Some(match (name, args) {
                ("getTime", []) => Value::Date(ms),
                ("getTimeInMillis", []) => Value::Long(ms),
                ("setTime", [d]) => {
                    c.borrow_mut().0 = date_arg(d).unwrap_or(ms);
                    Value::Null
                }
                ("setTimeInMillis", [d]) => {
                    c.borrow_mut().0 = ops::to_i64(d);
                    Value::Null
                }
                ("getTimeZone", []) => Value::obj(Obj::TimeZone(tz)),
                ("setTimeZone", [z]) => {
                    c.borrow_mut().1 = zone_arg(h, Some(z));
                    Value::Null
                }
                ("get", [f]) => match cal_get(ms, tz, ops::to_i64(f)) {
                    Some(v) => Value::Int(v as i32),
                    None => return Ok(None),
                },
                ("getActualMaximum" | "getActualMinimum", [f]) => {
                    let max = name == "getActualMaximum";
                    match cal_bound(ms, tz, ops::to_i64(f), max) {
                        Some(v) => Value::Int(v as i32),
                        None => return Ok(None),
                    }
                }
                ("set", [f, v]) => {
                    c.borrow_mut().0 = cal_set(ms, tz, ops::to_i64(f), ops::to_i64(v));
                    Value::Null
                }
                ("set", [y, m, d]) | ("set", [y, m, d, _, _]) | ("set", [y, m, d, _, _, _]) => {
                    let dt = at(ms, tz);
                    let hh = args.get(3).map(ops::to_i64).unwrap_or(dt.hour() as i64);
                    let mi = args.get(4).map(ops::to_i64).unwrap_or(dt.minute() as i64);
                    let s = args.get(5).map(ops::to_i64).unwrap_or(dt.second() as i64);
                    let new = local_to_ms(
                        tz,
                        ops::to_i64(y),
                        ops::to_i64(m) + 1,
                        ops::to_i64(d),
                        hh,
                        mi,
                        s,
                        dt.timestamp_subsec_millis() as i64,
                    )
                    .unwrap_or(ms);
                    c.borrow_mut().0 = new;
                    Value::Null
                }
                ("add", [f, n]) => {
                    c.borrow_mut().0 = cal_add(ms, tz, ops::to_i64(f), ops::to_i64(n));
                    Value::Null
                }
                ("clearTime", []) => {
                    c.borrow_mut().0 = clear_time(ms, tz);
                    recv.clone()
                }
                ("format", [p]) => {
                    let p = display(h, p);
                    Value::str(&format_date(ms, &p, tz)?)
                }
                ("clone", []) => Value::obj(Obj::Calendar((ms, tz).into())),
                ("before", [o]) => Value::Bool(date_arg(o).is_some_and(|x| ms < x)),
                ("after", [o]) => Value::Bool(date_arg(o).is_some_and(|x| ms > x)),
                _ => return Ok(None),
            }))
        }
        Obj::Duration(d) => Ok(Some(match (name, args) {
            ("toMilliseconds", []) => Value::Long(d.to_millis()),
            ("compareTo", [o]) => match o {
                Value::Obj(o) if matches!(&**o, Obj::Duration(_)) => {
                    let Obj::Duration(e) = &**o else { return Ok(None) };
                    Value::Int(d.to_millis().cmp(&e.to_millis()) as i32)
                }
                _ => return Ok(None),
            },
            ("getYears", []) => Value::Int(d.years as i32),
            ("getMonths", []) => Value::Int(d.months as i32),
            ("getMillis", []) => Value::Int(d.millis as i32),
            ("getAgo" | "ago", []) => Value::Date(add_duration(h.now_millis(), d, -1, h.default_time_zone())),
            ("getFrom" | "from", []) => recv.clone(),
            ("getNow" | "now", []) => Value::Date(add_duration(h.now_millis(), d, 1, h.default_time_zone())),
            ("getDays", []) => Value::Int(d.days as i32),
            ("getHours", []) => Value::Int(d.hours as i32),
            ("getMinutes", []) => Value::Int(d.minutes as i32),
            ("getSeconds", []) => Value::Int(d.seconds as i32),
            ("toString", []) => Value::str(&duration_string(d)),
            _ => return Ok(None),
        })),
        _ => Ok(None),
    }
}

/// `BaseDuration.toString()`: each non-zero field as given (`90 minutes`, `-1 hours`), seconds
/// and milliseconds together with three decimals (`10.000 seconds`), `0` when all are zero.
pub fn duration_string(d: &Duration) -> String {
    let mut parts = Vec::new();
    for (n, unit) in
        [(d.years, "years"), (d.months, "months"), (d.days, "days"), (d.hours, "hours"), (d.minutes, "minutes")]
    {
        if n != 0 {
            parts.push(format!("{n} {unit}"));
        }
    }
    if d.seconds != 0 || d.millis != 0 {
        let millis = d.millis % 1000;
        let seconds = d.seconds + (d.millis - millis) / 1000;
        let whole = match (seconds, millis < 0) {
            (0, true) => "-0".to_string(),
            (s, _) => s.to_string(),
        };
        parts.push(format!("{whole}.{:03} seconds", millis.abs()));
    }
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(", ")
    }
}

/// `new SimpleDateFormat(pattern)` in the host's default zone.
pub fn new_date_format(h: &mut dyn Host, pattern: &str) -> R<Value> {
    tokenize(pattern)?;
    Ok(Value::obj(Obj::DateFormat(DateFormat { pattern: pattern.into(), zone: h.default_time_zone() }.into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_in_zones() {
        // 2024-03-05T14:30:15.123Z
        let ms = 1_709_649_015_123;
        assert_eq!(format_date(ms, "yyyy-MM-dd HH:mm:ss.SSS", Tz::UTC).unwrap(), "2024-03-05 14:30:15.123");
        let ny = time_zone("America/New_York");
        assert_eq!(format_date(ms, "yyyy-MM-dd'T'HH:mm:ssXXX z", ny).unwrap(), "2024-03-05T09:30:15-05:00 EST");
        assert_eq!(format_date(ms, "EEE, MMM d h:mm a", ny).unwrap(), "Tue, Mar 5 9:30 AM");
        assert_eq!(format_date(ms, "EEEE MMMM", Tz::UTC).unwrap(), "Tuesday March");
        assert_eq!(java_date_string(ms, Tz::UTC), "Tue Mar 05 14:30:15 UTC 2024");
        assert_eq!(format_date(ms, "Z", ny).unwrap(), "-0500");
        assert_eq!(format_date(ms, "XX", Tz::UTC).unwrap(), "Z");
    }

    #[test]
    fn parses_back() {
        let ny = time_zone("America/New_York");
        let ms = parse_date("yyyy-MM-dd HH:mm", "2024-07-04 12:00", ny).unwrap();
        assert_eq!(format_date(ms, "yyyy-MM-dd HH:mm z", ny).unwrap(), "2024-07-04 12:00 EDT");
        let ms = parse_date("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2024-07-04T12:00:00.000-0400", Tz::UTC).unwrap();
        assert_eq!(format_date(ms, "HH:mm", Tz::UTC).unwrap(), "16:00");
        assert!(parse_date("yyyy-MM-dd", "nope", Tz::UTC).is_err());
    }

    #[test]
    fn java_date_strings() {
        let now = 1_709_649_015_123; // 2024-03-05
        let p = |s: &str| parse_java_date_string(s, Tz::UTC, now);
        assert_eq!(p("Sat, 12 Aug 1995 13:30:00 GMT").unwrap(), 808_234_200_000);
        assert_eq!(p("12 Aug 1995 13:30:00 -0400").unwrap(), 808_248_600_000);
        assert_eq!(p("Sat, 12 Aug 1995 13:30:00 GMT+0130").unwrap(), 808_228_800_000);
        assert_eq!(p("August 12, 1995 1:30 PM").unwrap(), 808_234_200_000);
        assert_eq!(p("8/12/95 13:30:15 EST").unwrap(), 808_252_215_000);
        // Two-digit years fall in [now - 80 years, now + 20 years): 44 is 1944, 43 is 2043.
        assert_eq!(format_date(p("1/1/44").unwrap(), "yyyy", Tz::UTC).unwrap(), "1944");
        assert_eq!(format_date(p("1/1/43").unwrap(), "yyyy", Tz::UTC).unwrap(), "2043");
        // No zone: local time.
        let ny = time_zone("America/New_York");
        assert_eq!(parse_java_date_string("7/4/2024 12:00", ny, now).unwrap(), 1_720_108_800_000);
        for bad in ["2024-03-05", "hello", "12:30", "", "1/2/3/4"] {
            assert!(p(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn date_setters() {
        let ms = 1_709_649_015_123; // 2024-03-05T14:30:15.123Z
        let props = |p: &[(&str, i64)]| {
            let p: Vec<(String, i64)> = p.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            date_with_properties(ms, &p, Tz::UTC)
        };
        assert_eq!(props(&[("hours", 11), ("minutes", 0)]).unwrap(), ms - 12_600_000);
        assert_eq!(props(&[("minutes", 25)]).unwrap(), ms - 300_000);
        assert_eq!(props(&[("minutes", -5)]).unwrap(), ms - 35 * 60_000);
        assert_eq!(props(&[("time", 7)]).unwrap(), 7);
        assert_eq!(props(&[("month", 12)]).unwrap(), date_setter(ms, "setYear", 125, Tz::UTC).unwrap() - 59 * DAY_MS);
        assert_eq!(props(&[("bogus", 1)]).unwrap_err(), "bogus");
        assert_eq!(mutate_date(ms, "clearTime", &[], Tz::UTC).unwrap().0, 1_709_596_800_000);
        assert_eq!(mutate_date(ms, "setDate", &[Value::Int(0)], Tz::UTC).unwrap().0, ms - 5 * DAY_MS);
    }

    #[test]
    fn zone_lookup() {
        assert_eq!(time_zone("Nowhere/Land"), Tz::GMT);
        assert_eq!(time_zone("GMT+5").name(), "Etc/GMT-5");
    }
}
