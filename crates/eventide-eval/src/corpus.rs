//! The corpus tables: the pair list (`category,group,app_a,app_b`), the groups
//! (`group,category,tracked_attributes`, attributes separated by `;`) and the paper's results
//! (`table,no,pair,events,states_nodpor,...`). Columns are found by their header names; a
//! malformed row is an error naming the file and line.

use crate::error::read_text;
use crate::Error;
use std::path::Path;

/// One row of the pair list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRow {
    pub category: String,
    pub group: String,
    pub app_a: String,
    pub app_b: String,
    /// The row's line in the pair list (1-based), for errors about it.
    pub line: usize,
}

/// One row of the group list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupRow {
    pub group: String,
    pub category: String,
    /// The attributes whose conflicts count (`mode` is the location mode).
    pub tracked: Vec<String>,
}

impl GroupRow {
    /// The input profile of the group's checks: `global` for the global-variable category
    /// (the apps' mode inputs differ), `device` otherwise.
    pub fn profile(&self) -> &'static str {
        if self.category == "global-variable" {
            "global"
        } else {
            "device"
        }
    }
}

/// A figure of the paper's table: a number, or "Unf" (did not finish).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PaperFigure {
    Value(f64),
    Unfinished,
}

impl PaperFigure {
    pub fn value(self) -> Option<f64> {
        match self {
            PaperFigure::Value(v) => Some(v),
            PaperFigure::Unfinished => None,
        }
    }
}

/// One row of the paper's results (tables A.1 and A.2).
#[derive(Clone, Debug, PartialEq)]
pub struct PaperRow {
    /// `A1` (finished only with DPOR) or `A2` (finished both ways).
    pub table: String,
    pub no: String,
    /// The two app names as the paper gives them (no `.groovy`), in the paper's order.
    pub app_a: String,
    pub app_b: String,
    pub events: PaperFigure,
    pub states_nodpor: PaperFigure,
    pub trans_nodpor: PaperFigure,
    pub time_nodpor_s: PaperFigure,
    pub states_dpor: PaperFigure,
    pub trans_dpor: PaperFigure,
    pub time_dpor_s: PaperFigure,
}

/// Splits one CSV line into fields: commas separate, double quotes enclose a field that may
/// contain commas, `""` inside quotes is one quote. Returns `None` for an unterminated quote.
pub fn split_csv_line(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' && field.is_empty() {
            quoted = true;
        } else if c == ',' {
            fields.push(std::mem::take(&mut field));
        } else {
            field.push(c);
        }
    }
    if quoted {
        return None;
    }
    fields.push(field);
    Some(fields)
}

/// The rows of a CSV file, each reduced to the fields of `columns` in that order, with its
/// (1-based) line number. Every column of `columns` must be in the header; others are ignored.
fn read_rows<const N: usize>(path: &Path, text: &str, columns: [&str; N]) -> Result<Vec<(usize, [String; N])>, Error> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
    let header = loop {
        match lines.next() {
            None => return Err(Error::file(path, "empty file: expected a header line")),
            Some((_, l)) if l.trim().is_empty() => continue,
            Some((n, l)) => {
                break split_csv_line(l).ok_or_else(|| Error::at(path, n, "unterminated quote in the header"))?
            }
        }
    };
    let header: Vec<String> = header.into_iter().map(|h| h.trim().trim_start_matches('\u{feff}').to_string()).collect();
    let mut positions = [0; N];
    for (position, name) in positions.iter_mut().zip(columns) {
        *position = header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| Error::at(path, 1, format!("missing column `{name}` (header: {})", header.join(","))))?;
    }
    let mut rows = Vec::new();
    for (n, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let fields = split_csv_line(line).ok_or_else(|| Error::at(path, n, "unterminated quote"))?;
        if fields.len() != header.len() {
            return Err(Error::at(
                path,
                n,
                format!("expected {} fields ({}), found {}", header.len(), header.join(","), fields.len()),
            ));
        }
        rows.push((n, positions.map(|i| fields[i].trim().to_string())));
    }
    Ok(rows)
}

/// Reads the pair list.
pub fn read_pairs(path: &Path) -> Result<Vec<PairRow>, Error> {
    parse_pairs(path, &read_text(path)?)
}

/// Parses the pair list (`path` only names it in errors).
pub fn parse_pairs(path: &Path, text: &str) -> Result<Vec<PairRow>, Error> {
    let mut pairs = Vec::new();
    for (n, [category, group, app_a, app_b]) in read_rows(path, text, ["category", "group", "app_a", "app_b"])? {
        for (field, name) in [(&group, "group"), (&app_a, "app_a"), (&app_b, "app_b")] {
            if field.is_empty() {
                return Err(Error::at(path, n, format!("empty `{name}`")));
            }
        }
        pairs.push(PairRow { category, group, app_a, app_b, line: n });
    }
    Ok(pairs)
}

/// Reads the group list.
pub fn read_groups(path: &Path) -> Result<Vec<GroupRow>, Error> {
    parse_groups(path, &read_text(path)?)
}

/// Parses the group list (`path` only names it in errors).
pub fn parse_groups(path: &Path, text: &str) -> Result<Vec<GroupRow>, Error> {
    let mut groups: Vec<GroupRow> = Vec::new();
    for (n, [group, category, tracked]) in read_rows(path, text, ["group", "category", "tracked_attributes"])? {
        if group.is_empty() {
            return Err(Error::at(path, n, "empty `group`"));
        }
        if groups.iter().any(|x| x.group == group) {
            return Err(Error::at(path, n, format!("group `{group}` listed twice")));
        }
        let tracked: Vec<String> =
            tracked.split(';').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect();
        if tracked.is_empty() {
            return Err(Error::at(path, n, format!("group `{group}` tracks no attribute")));
        }
        groups.push(GroupRow { group, category, tracked });
    }
    Ok(groups)
}

/// Reads the paper's results.
pub fn read_paper(path: &Path) -> Result<Vec<PaperRow>, Error> {
    parse_paper(path, &read_text(path)?)
}

const PAPER_COLUMNS: [&str; 10] = [
    "table",
    "no",
    "pair",
    "events",
    "states_nodpor",
    "trans_nodpor",
    "time_nodpor_s",
    "states_dpor",
    "trans_dpor",
    "time_dpor_s",
];

/// Parses the paper's results (`path` only names it in errors). Pair names are split on the en
/// dash (`–`); a trailing `.groovy` is dropped.
pub fn parse_paper(path: &Path, text: &str) -> Result<Vec<PaperRow>, Error> {
    let mut rows = Vec::new();
    for (n, f) in read_rows(path, text, PAPER_COLUMNS)? {
        let pair = &f[2];
        let Some((a, b)) = pair.split_once('\u{2013}') else {
            return Err(Error::at(path, n, format!("pair `{pair}` is not two names joined by an en dash (–)")));
        };
        let figure =
            |i: usize| -> Result<PaperFigure, Error> {
                let text = &f[i];
                if text.eq_ignore_ascii_case("unf") {
                    return Ok(PaperFigure::Unfinished);
                }
                text.replace(',', "").parse::<f64>().ok().filter(|v| v.is_finite()).map(PaperFigure::Value).ok_or_else(
                    || Error::at(path, n, format!("`{}` is not a number or Unf: `{text}`", PAPER_COLUMNS[i])),
                )
            };
        rows.push(PaperRow {
            table: f[0].clone(),
            no: f[1].clone(),
            app_a: strip_groovy(a.trim()).to_string(),
            app_b: strip_groovy(b.trim()).to_string(),
            events: figure(3)?,
            states_nodpor: figure(4)?,
            trans_nodpor: figure(5)?,
            time_nodpor_s: figure(6)?,
            states_dpor: figure(7)?,
            trans_dpor: figure(8)?,
            time_dpor_s: figure(9)?,
        });
    }
    Ok(rows)
}

/// An app's name without the `.groovy` suffix.
pub fn strip_groovy(name: &str) -> &str {
    name.strip_suffix(".groovy").unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_with_quotes() {
        assert_eq!(split_csv_line("a,\"b,c\",d").unwrap(), ["a", "b,c", "d"]);
        assert_eq!(split_csv_line("\"x\"\"y\",").unwrap(), ["x\"y", ""]);
        assert_eq!(split_csv_line("\"open"), None);
    }

    #[test]
    fn pairs_and_groups_parse_and_errors_are_located() {
        let p = Path::new("pairs.csv");
        let pairs = parse_pairs(p, "category,group,app_a,app_b\nd,valves,a.groovy,Orbit Water Timer.groovy\n").unwrap();
        assert_eq!(pairs[0].app_b, "Orbit Water Timer.groovy");
        assert_eq!(pairs[0].line, 2);
        let err = parse_pairs(p, "category,group,app_a,app_b\nd,valves,a.groovy\n").unwrap_err();
        assert_eq!(err.to_string(), "pairs.csv:2: expected 4 fields (category,group,app_a,app_b), found 3");
        let err = parse_pairs(p, "group,app_a,app_b\n").unwrap_err();
        assert!(err.to_string().contains("missing column `category`"), "{err}");

        let g = Path::new("groups.csv");
        let groups = parse_groups(
            g,
            "group,category,tracked_attributes\nlocks,device-interaction,lock\ngv,global-variable,mode\n",
        )
        .unwrap();
        assert_eq!(groups[0].tracked, ["lock"]);
        assert_eq!(groups[0].profile(), "device");
        assert_eq!(groups[1].profile(), "global");
        let groups = parse_groups(g, "group,category,tracked_attributes\nd,x,switch;level\n").unwrap();
        assert_eq!(groups[0].tracked, ["switch", "level"]);
    }

    #[test]
    fn paper_rows() {
        let p = Path::new("paper.csv");
        let text = "table,no,pair,events,states_nodpor,trans_nodpor,time_nodpor_s,states_dpor,trans_dpor,time_dpor_s\n\
                    A1,1,a–b.smartapp,78,Unf,Unf,Unf,7146,25850,3285\n";
        let rows = parse_paper(p, text).unwrap();
        assert_eq!((rows[0].app_a.as_str(), rows[0].app_b.as_str()), ("a", "b.smartapp"));
        assert_eq!(rows[0].states_nodpor, PaperFigure::Unfinished);
        assert_eq!(rows[0].states_dpor, PaperFigure::Value(7146.0));
        let bad = text.replace("7146", "many");
        assert_eq!(parse_paper(p, &bad).unwrap_err().line, Some(2));
        let bad = text.replace("a–b", "a-b");
        assert!(parse_paper(p, &bad).unwrap_err().message.contains("en dash"));
    }
}
