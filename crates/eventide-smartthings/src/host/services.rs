//! What the platform answers from outside the home, with fixed, documented values
//! (docs/smartthings.md, "Weather and LAN messages"):
//!
//! - `getWeatherFeature(feature[, location])`: Weather Underground answers for a clear, mild day
//!   (50°F, no rain, no alerts) at the location (zip 10001, the location's coordinates and time
//!   zone, UTC); features combine with `/` (`forecast/conditions/astronomy`), and `response.features`
//!   names each one answered.
//! - `getTwcConditions`, `getTwcForecast`, `getTwcLocation` (`[location]`): the same day in the
//!   shape of The Weather Company's v3 answers (current observations, a five-day daily forecast
//!   with day and night parts, a location point).
//! - `parseLanMessage(description)`: a LAN message's description (`index:00, mac:..., ip:...,
//!   port:..., headers:BASE64, body:BASE64`) as a map: every `key:value` pair as text, `headers`
//!   decoded into a map (and `header`, the decoded text), `body` decoded, `status` from the status
//!   line, `json` when the body is JSON (otherwise `null`, as `xml` always is).

use eventide_groovy::eval::{parse_json, GMap, Value};

use crate::time::{iso, CLOCK_MILLIS, SUNRISE_MILLIS, SUNSET_MILLIS};

fn map_of(entries: Vec<(&str, Value)>) -> Value {
    let mut m = GMap::with_capacity(entries.len());
    for (k, v) in entries {
        m.insert(Value::str(k), v);
    }
    Value::new_map(m)
}

fn list(items: Vec<Value>) -> Value {
    Value::new_list(items)
}

fn s(text: &str) -> Value {
    Value::str(text)
}

fn decimal(text: &str) -> Value {
    eventide_groovy::eval::num::Dec::parse(text).map_or(Value::Null, Value::Decimal)
}

/// Where the weather is reported: the location (`location.zipCode`, latitude and longitude).
const CITY: &str = "New York";
const STATE: &str = "NY";
const ZIP: &str = "10001";
const TIME_ZONE: &str = "UTC";

/// `getWeatherFeature(feature[, location])`.
pub(super) fn weather_feature(feature: &str) -> Value {
    let day = |title: &str| {
        map_of(vec![
            ("title", s(title)),
            ("fcttext", s("Clear. High 55F. Winds light.")),
            ("fcttext_metric", s("Clear. High 13C. Winds light.")),
            ("pop", s("0")),
        ])
    };
    let simple = |weekday: &str| {
        map_of(vec![
            ("date", map_of(vec![("epoch", s(&(CLOCK_MILLIS / 1000).to_string())), ("weekday", s(weekday))])),
            ("high", map_of(vec![("fahrenheit", s("55")), ("celsius", s("13"))])),
            ("low", map_of(vec![("fahrenheit", s("40")), ("celsius", s("4"))])),
            ("conditions", s("Clear")),
            ("icon", s("clear")),
            ("pop", Value::Int(0)),
            // Numbers as the platform's JSON parser gives them (BigDecimal, Integer).
            ("qpf_allday", map_of(vec![("in", decimal("0.00")), ("mm", Value::Int(0))])),
            ("avehumidity", Value::Int(50)),
        ])
    };
    let hour = || {
        map_of(vec![
            ("temp", map_of(vec![("english", s("50")), ("metric", s("10"))])),
            ("condition", s("Clear")),
            ("pop", s("0")),
            ("qpf", map_of(vec![("english", s("0.0")), ("metric", s("0"))])),
        ])
    };
    let forecast = || {
        map_of(vec![
            ("txt_forecast", map_of(vec![("forecastday", list(vec![day("Monday"), day("Monday Night")]))])),
            ("simpleforecast", map_of(vec![("forecastday", list(vec![simple("Monday"), simple("Tuesday")]))])),
        ])
    };
    let place = || {
        map_of(vec![
            ("full", s(&format!("{CITY}, {STATE}"))),
            ("city", s(CITY)),
            ("state", s(STATE)),
            ("zip", s(ZIP)),
            ("latitude", s("40.7128")),
            ("longitude", s("-74.0060")),
        ])
    };
    let current = || {
        map_of(vec![
            ("weather", s("Clear")),
            ("icon", s("clear")),
            ("temp_f", Value::Int(50)),
            ("temp_c", Value::Int(10)),
            ("feelslike_f", s("50")),
            ("feelslike_c", s("10")),
            ("relative_humidity", s("50%")),
            ("wind_mph", Value::Int(5)),
            ("wind_dir", s("North")),
            ("precip_today_in", s("0.00")),
            ("precip_1hr_in", s("0.00")),
            ("UV", s("2")),
            ("solarradiation", s("100")),
            ("display_location", place()),
            ("observation_location", place()),
            ("estimated", Value::empty_map()),
            ("station_id", s("KNYNEWYO1")),
            ("observation_time", s("Last Updated on January 5, 12:00 PM UTC")),
            ("observation_epoch", s(&(CLOCK_MILLIS / 1000).to_string())),
        ])
    };
    let geolookup = || {
        let station = map_of(vec![
            ("id", s("KNYNEWYO1")),
            ("neighborhood", s("Chelsea")),
            ("city", s(CITY)),
            ("state", s(STATE)),
            ("distance_mi", Value::Int(0)),
        ]);
        map_of(vec![
            ("type", s("CITY")),
            ("country", s("US")),
            ("country_name", s("USA")),
            ("state", s(STATE)),
            ("city", s(CITY)),
            ("zip", s(ZIP)),
            ("tz_short", s(TIME_ZONE)),
            ("tz_long", s(TIME_ZONE)),
            ("lat", s("40.7128")),
            ("lon", s("-74.0060")),
            ("nearby_weather_stations", map_of(vec![("pws", map_of(vec![("station", list(vec![station]))]))])),
        ])
    };
    let clock = |hour: &str| map_of(vec![("hour", s(hour)), ("minute", s("00"))]);
    let mut features: Vec<(&str, Value)> = Vec::new();
    let mut entries: Vec<(&str, Value)> = Vec::new();
    for part in feature.split('/') {
        let (name, value) = match part {
            "conditions" => ("current_observation", current()),
            "forecast" | "forecast10day" => ("forecast", forecast()),
            "hourly" | "hourly10day" => ("hourly_forecast", list(vec![hour(), hour(), hour()])),
            "alerts" => ("alerts", list(Vec::new())),
            "astronomy" => ("sun_phase", map_of(vec![("sunrise", clock("7")), ("sunset", clock("17"))])),
            "geolookup" => ("location", geolookup()),
            _ => continue,
        };
        features.push((part, Value::Int(1)));
        if !entries.iter().any(|(n, _)| *n == name) {
            entries.push((name, value));
        }
    }
    let mut all = vec![("response", map_of(vec![("version", s("0.1")), ("features", map_of(features))]))];
    all.extend(entries);
    map_of(all)
}

/// `getTwcConditions([location])`: current observations.
pub(super) fn twc_conditions() -> Value {
    map_of(vec![
        ("temperature", Value::Int(50)),
        ("temperatureFeelsLike", Value::Int(50)),
        ("temperatureMax24Hour", Value::Int(55)),
        ("temperatureMin24Hour", Value::Int(40)),
        ("relativeHumidity", Value::Int(50)),
        ("wxPhraseShort", s("Clear")),
        ("wxPhraseLong", s("Clear")),
        ("wxPhraseMedium", s("Clear")),
        ("iconCode", Value::Int(32)),
        ("cloudCoverPhrase", s("Clear")),
        ("dayOrNight", s("D")),
        ("dayOfWeek", s("Monday")),
        ("windSpeed", Value::Int(5)),
        ("windDirection", Value::Int(0)),
        ("windDirectionCardinal", s("N")),
        ("windGust", Value::Null),
        ("uvIndex", Value::Int(2)),
        ("uvDescription", s("Low")),
        ("visibility", Value::Double(10.0)),
        ("pressureAltimeter", Value::Double(30.0)),
        ("precip1Hour", Value::Double(0.0)),
        ("precip6Hour", Value::Double(0.0)),
        ("precip24Hour", Value::Double(0.0)),
        ("snow1Hour", Value::Double(0.0)),
        ("snow24Hour", Value::Double(0.0)),
        ("sunriseTimeLocal", s(&iso(SUNRISE_MILLIS))),
        ("sunsetTimeLocal", s(&iso(SUNSET_MILLIS))),
        ("validTimeLocal", s(&iso(CLOCK_MILLIS))),
        ("validTimeUtc", Value::Long(CLOCK_MILLIS / 1000)),
    ])
}

/// `getTwcForecast([location])`: a five-day daily forecast, with day and night parts.
pub(super) fn twc_forecast() -> Value {
    const DAYS: [&str; 5] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
    let days = |v: Value| list(vec![v; 5]);
    let parts = |v: Value| list(vec![v; 10]);
    let names: Vec<Value> = DAYS.iter().flat_map(|d| [s(d), s(&format!("{d} night"))]).collect();
    let daypart = map_of(vec![
        ("daypartName", list(names)),
        ("dayOrNight", list((0..10).map(|i| s(if i % 2 == 0 { "D" } else { "N" })).collect())),
        ("narrative", parts(s("Clear. High 55F. Winds light."))),
        ("precipChance", parts(Value::Int(0))),
        ("precipType", parts(s("rain"))),
        ("qpf", parts(Value::Double(0.0))),
        ("qpfSnow", parts(Value::Double(0.0))),
        ("temperature", list((0..10).map(|i| Value::Int(if i % 2 == 0 { 55 } else { 40 })).collect())),
        ("relativeHumidity", parts(Value::Int(50))),
        ("wxPhraseLong", parts(s("Clear"))),
        ("wxPhraseShort", parts(s("Clear"))),
        ("iconCode", parts(Value::Int(32))),
        ("windSpeed", parts(Value::Int(5))),
        ("uvIndex", parts(Value::Int(2))),
    ]);
    map_of(vec![
        ("dayOfWeek", list(DAYS.iter().map(|d| s(d)).collect())),
        ("narrative", days(s("Clear. Highs 55F and lows 40F."))),
        ("temperatureMax", days(Value::Int(55))),
        ("temperatureMin", days(Value::Int(40))),
        ("qpf", days(Value::Double(0.0))),
        ("qpfSnow", days(Value::Double(0.0))),
        ("sunriseTimeLocal", days(s(&iso(SUNRISE_MILLIS)))),
        ("sunsetTimeLocal", days(s(&iso(SUNSET_MILLIS)))),
        ("validTimeLocal", days(s(&iso(CLOCK_MILLIS)))),
        ("daypart", list(vec![daypart])),
    ])
}

/// `getTwcLocation([location])`: the location point.
pub(super) fn twc_location() -> Value {
    map_of(vec![(
        "location",
        map_of(vec![
            ("address", s(&format!("{CITY}, {STATE}, United States"))),
            ("city", s(CITY)),
            ("displayName", s(CITY)),
            ("adminDistrict", s("New York")),
            ("adminDistrictCode", s(STATE)),
            ("country", s("United States")),
            ("countryCode", s("US")),
            ("postalCode", s(ZIP)),
            ("latitude", Value::Double(40.7128)),
            ("longitude", Value::Double(-74.006)),
            ("ianaTimeZone", s(TIME_ZONE)),
            ("locale", map_of(vec![("locale1", s("Manhattan")), ("locale2", s(CITY))])),
        ]),
    )])
}

/// Standard base64 (padding optional, whitespace ignored); `None` when the text is not base64.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            b' ' | b'\n' | b'\r' | b'\t' => continue,
            _ => return None,
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// `parseLanMessage(description)`.
pub(super) fn parse_lan_message(description: &str) -> Value {
    let mut m = GMap::new();
    let mut header_text: Option<String> = None;
    let mut body_text: Option<String> = None;
    for part in description.split(',') {
        let Some((key, value)) = part.split_once(':') else { continue };
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() {
            continue;
        }
        match key {
            "headers" => header_text = base64_decode(value).map(|b| String::from_utf8_lossy(&b).into_owned()),
            "body" => body_text = base64_decode(value).map(|b| String::from_utf8_lossy(&b).into_owned()),
            _ => {
                m.insert(Value::str(key), Value::str(value));
            }
        }
    }
    let mut headers = GMap::new();
    let mut status = Value::Null;
    if let Some(text) = &header_text {
        for (i, line) in text.lines().enumerate() {
            match line.split_once(':') {
                Some((k, v)) if i > 0 || !line.starts_with("HTTP/") => {
                    headers.insert(Value::str(k.trim()), Value::str(v.trim()));
                }
                _ if i == 0 => {
                    status = line
                        .split_whitespace()
                        .nth(1)
                        .and_then(|code| code.parse::<i32>().ok())
                        .map_or(Value::Null, Value::Int);
                }
                _ => {}
            }
        }
    }
    let json = body_text.as_deref().and_then(|b| parse_json(b).ok()).unwrap_or(Value::Null);
    m.insert(Value::str("header"), header_text.as_deref().map_or(Value::Null, Value::str));
    m.insert(Value::str("headers"), if header_text.is_some() { Value::new_map(headers) } else { Value::Null });
    m.insert(Value::str("body"), body_text.as_deref().map_or(Value::Null, Value::str));
    m.insert(Value::str("status"), status);
    m.insert(Value::str("json"), json);
    m.insert(Value::str("xml"), Value::Null);
    Value::new_map(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(v: &Value, key: &str) -> Value {
        match v {
            Value::Map(m) => m.borrow().get_str(key).cloned().unwrap_or(Value::Null),
            _ => Value::Null,
        }
    }

    #[test]
    fn lan_messages() {
        // "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" and {"on":true}
        let d = "index:00, mac:AABBCCDDEEFF, ip:C0A80102, port:0050, \
                 headers:SFRUUC8xLjEgMjAwIE9LDQpDb250ZW50LVR5cGU6IGFwcGxpY2F0aW9uL2pzb24NCg==, body:eyJvbiI6dHJ1ZX0=";
        let m = parse_lan_message(d);
        assert_eq!(get(&m, "mac").as_str(), Some("AABBCCDDEEFF"));
        assert_eq!(get(&m, "ip").as_str(), Some("C0A80102"));
        assert_eq!(get(&m, "status").as_i64(), Some(200));
        assert_eq!(get(&get(&m, "headers"), "Content-Type").as_str(), Some("application/json"));
        assert_eq!(get(&m, "body").as_str(), Some("{\"on\":true}"));
        assert!(matches!(get(&get(&m, "json"), "on"), Value::Bool(true)));
        // Not a LAN message: no headers, no body.
        let m = parse_lan_message("Home mode is away");
        assert!(get(&m, "headers").is_null() && get(&m, "body").is_null());
    }

    #[test]
    fn weather_answers() {
        let w = weather_feature("geolookup");
        assert_eq!(get(&get(&w, "location"), "tz_long").as_str(), Some(TIME_ZONE));
        assert_eq!(get(&get(&get(&w, "response"), "features"), "geolookup").as_i64(), Some(1));
        let w = weather_feature("forecast/conditions/astronomy");
        for key in ["forecast", "current_observation", "sun_phase"] {
            assert!(!get(&w, key).is_null(), "{key}");
        }
        assert_eq!(get(&twc_conditions(), "temperature").as_i64(), Some(50));
        let daypart = get(&twc_forecast(), "daypart");
        assert!(matches!(daypart, Value::List(_)));
        assert_eq!(get(&get(&twc_location(), "location"), "postalCode").as_str(), Some(ZIP));
    }
}
