//! The report as one self-contained HTML page: the text report's sections as tables, and three
//! plots drawn here as inline SVG (no script, no external resource): states with against without
//! DPOR per pair finished both ways (log scales), the distribution of run times per mode, and the
//! finish rate per group.

use crate::aggregate::{Analysis, PairSummary};
use crate::record::Record;
use crate::text::{Section, Table};
use crate::work::Mode;
use std::fmt::Write as _;

const DPOR_COLOR: &str = "#1f77b4";
const NONE_COLOR: &str = "#ff7f0e";

/// The colour of a mode in the plots.
fn color(mode: Mode) -> &'static str {
    match mode {
        Mode::Dpor => DPOR_COLOR,
        Mode::None => NONE_COLOR,
    }
}

/// The opening of a `w` × `h` plot with its title.
fn svg_open(w: f64, h: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\">\n\
         <title>{}</title>\n",
        escape(title)
    )
}

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn table_html(t: &Table) -> String {
    let mut out = String::from("<table>\n<thead><tr>");
    for (i, h) in t.headers.iter().enumerate() {
        let class = if t.is_numeric(i) { " class=\"n\"" } else { "" };
        let _ = write!(out, "<th{class}>{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let mut classes = Vec::new();
            if t.is_numeric(i) {
                classes.push("n");
            }
            if cell == "Unf" || cell.starts_with("unf") {
                classes.push("unf");
            }
            if cell.starts_with("conflict") {
                classes.push("conflict");
            }
            let class = if classes.is_empty() { String::new() } else { format!(" class=\"{}\"", classes.join(" ")) };
            let _ = write!(out, "<td{class}>{}</td>", escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

fn section_html(s: &Section) -> String {
    let mut out = String::new();
    let class = if s.alarm { " class=\"alarm\"" } else { "" };
    let _ = writeln!(out, "<section{class}>\n<h2>{}</h2>", escape(&s.title));
    for l in &s.lines {
        let _ = writeln!(out, "<p>{}</p>", escape(l));
    }
    for t in &s.tables {
        out.push_str(&table_html(t));
    }
    out.push_str("</section>\n");
    out
}

/// Position of `v` on a log axis from 10^lo to 10^hi, mapped to `[0, len]`.
fn log_pos(v: f64, lo: i32, hi: i32, len: f64) -> f64 {
    let span = f64::from((hi - lo).max(1));
    ((v.max(1.0).log10() - f64::from(lo)) / span * len).clamp(0.0, len)
}

fn power_label(p: i32) -> String {
    match p {
        0..=5 => format!("{}", 10u64.pow(p as u32)),
        _ => format!("1e{p}"),
    }
}

/// States with DPOR (y) against without (x), log-log, one dot per pair finished both ways.
pub fn states_plot(pairs: &[&PairSummary]) -> String {
    let (w, h, m) = (440.0, 440.0, 60.0);
    let (pw, ph) = (w - m - 20.0, h - m - 20.0);
    let max = pairs
        .iter()
        .flat_map(|p| [p.mode(Mode::Dpor).states(), p.mode(Mode::None).states()])
        .max()
        .unwrap_or(1)
        .max(10);
    let hi = (max as f64).log10().ceil() as i32;
    let mut svg = svg_open(w, h, "States with DPOR against without, per pair finished both ways");
    let (x0, y0) = (m, 20.0 + ph);
    for p in 0..=hi {
        let x = x0 + log_pos(10f64.powi(p), 0, hi, pw);
        let y = y0 - log_pos(10f64.powi(p), 0, hi, ph);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"20\" x2=\"{x:.1}\" y2=\"{y0:.1}\" stroke=\"#e4e4e4\"/>\
             <line x1=\"{x0:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#e4e4e4\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            x0 + pw,
            y0 + 16.0,
            power_label(p),
            x0 - 6.0,
            y + 4.0,
            power_label(p)
        );
    }
    let _ = writeln!(
        svg,
        "<rect x=\"{x0}\" y=\"20\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"#888\"/>\
         <line x1=\"{x0}\" y1=\"{y0}\" x2=\"{:.1}\" y2=\"20\" stroke=\"#c00\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">states without DPOR</text>\
         <text transform=\"translate(14 {:.1}) rotate(-90)\" text-anchor=\"middle\">states with DPOR</text>",
        x0 + pw,
        x0 + pw / 2.0,
        h - 8.0,
        20.0 + ph / 2.0
    );
    for p in pairs {
        let (d, n) = (p.mode(Mode::Dpor).states(), p.mode(Mode::None).states());
        let x = x0 + log_pos(n as f64, 0, hi, pw);
        let y = y0 - log_pos(d as f64, 0, hi, ph);
        let _ = writeln!(
            svg,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"{DPOR_COLOR}\" fill-opacity=\"0.6\">\
             <title>{} ({}): {d} with DPOR, {n} without</title></circle>",
            escape(&p.id.name()),
            escape(&p.id.group)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The bins of the run-time histogram: upper bounds in milliseconds and labels.
const TIME_BINS: [(u64, &str); 8] = [
    (1, "< 1 ms"),
    (10, "1-10 ms"),
    (100, "10-100 ms"),
    (1_000, "0.1-1 s"),
    (10_000, "1-10 s"),
    (100_000, "10-100 s"),
    (1_000_000, "100-1000 s"),
    (u64::MAX, ">= 1000 s"),
];

/// Counts per time bin and mode; the last bin holds the runs that did not complete.
pub fn time_histogram<'a>(records: impl Iterator<Item = &'a Record>) -> Vec<[usize; 2]> {
    let mut bins = vec![[0usize; 2]; TIME_BINS.len() + 1];
    for r in records {
        let bin = if r.complete {
            TIME_BINS.iter().position(|(upper, _)| r.elapsed_ms < *upper).unwrap_or(TIME_BINS.len() - 1)
        } else {
            TIME_BINS.len()
        };
        bins[bin][r.mode.index()] += 1;
    }
    bins
}

/// Run times per mode as grouped bars over logarithmic bins, plus the unfinished runs.
pub fn time_plot(bins: &[[usize; 2]]) -> String {
    let (w, h, left, bottom) = (640.0, 300.0, 50.0, 50.0);
    let (pw, ph) = (w - left - 20.0, h - bottom - 30.0);
    let largest = bins.iter().flat_map(|b| b.iter().copied()).max().unwrap_or(0).max(1);
    let step = largest.div_ceil(4);
    let max = step * largest.div_ceil(step);
    let slot = pw / bins.len() as f64;
    let bar = slot * 0.38;
    let mut svg = svg_open(w, h, "Distribution of run times per mode");
    let _ = writeln!(svg, "<rect x=\"{left}\" y=\"30\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"#888\"/>");
    let y0 = 30.0 + ph;
    for value in (0..=max).step_by(step) {
        let y = y0 - ph * value as f64 / max as f64;
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#e4e4e4\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{value}</text>",
            left + pw,
            left - 6.0,
            y + 4.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{left}\" y=\"18\">runs</text>\
         <rect x=\"{:.1}\" y=\"8\" width=\"10\" height=\"10\" fill=\"{DPOR_COLOR}\"/><text x=\"{:.1}\" y=\"18\">dpor</text>\
         <rect x=\"{:.1}\" y=\"8\" width=\"10\" height=\"10\" fill=\"{NONE_COLOR}\"/><text x=\"{:.1}\" y=\"18\">none</text>",
        w - 150.0,
        w - 136.0,
        w - 90.0,
        w - 76.0
    );
    for (i, counts) in bins.iter().enumerate() {
        let label = TIME_BINS.get(i).map_or("unfinished", |(_, l)| l);
        let x = left + slot * i as f64 + slot * 0.12;
        for mode in Mode::BOTH {
            let k = mode.index();
            let height = counts[k] as f64 / max as f64 * ph;
            let _ = writeln!(
                svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{height:.1}\" fill=\"{}\">\
                 <title>{}: {} {mode} run(s)</title></rect>",
                x + bar * k as f64,
                y0 - height,
                color(mode),
                escape(label),
                counts[k],
            );
        }
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"10\">{}</text>",
            left + slot * (i as f64 + 0.5),
            y0 + 16.0,
            escape(label)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The finish rate per group and mode as horizontal bars.
pub fn finish_plot(analysis: &Analysis) -> String {
    let groups = &analysis.groups;
    let (left, row) = (170.0, 26.0);
    let pw = 380.0;
    let w = left + pw + 70.0;
    let h = 40.0 + row * groups.len() as f64 + 30.0;
    let mut svg = svg_open(w, h, "Finish rate per group");
    let _ = writeln!(
        svg,
        "<rect x=\"{left}\" y=\"8\" width=\"10\" height=\"10\" fill=\"{DPOR_COLOR}\"/><text x=\"{:.1}\" y=\"18\">dpor</text>\
         <rect x=\"{:.1}\" y=\"8\" width=\"10\" height=\"10\" fill=\"{NONE_COLOR}\"/><text x=\"{:.1}\" y=\"18\">none</text>",
        left + 14.0,
        left + 70.0,
        left + 84.0
    );
    for pct in [0, 25, 50, 75, 100] {
        let x = left + pw * f64::from(pct) / 100.0;
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"30\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#e4e4e4\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{pct}%</text>",
            h - 26.0,
            h - 10.0
        );
    }
    for (i, g) in groups.iter().enumerate() {
        let y = 34.0 + row * i as f64;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{} ({})</text>",
            left - 6.0,
            y + 14.0,
            escape(&g.group),
            g.pairs
        );
        for mode in Mode::BOTH {
            let (k, color) = (mode.index(), color(mode));
            let rate = g.finish_rate(mode);
            let width = rate.unwrap_or(0.0) * pw;
            let label = rate.map_or_else(|| "-".to_string(), |r| format!("{:.0}%", r * 100.0));
            let _ = writeln!(
                svg,
                "<rect x=\"{left}\" y=\"{:.1}\" width=\"{width:.1}\" height=\"10\" fill=\"{color}\">\
                 <title>{} {mode}: {label} finished</title></rect>\
                 <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\">{label}</text>",
                y + 11.0 * k as f64,
                escape(&g.group),
                left + width + 4.0,
                y + 9.0 + 11.0 * k as f64
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;font-size:13px;margin:0.5em 0 1.5em}\
th,td{border:1px solid #ccc;padding:2px 6px;text-align:left}th{background:#f3f3f3}\
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}td.unf{color:#999}td.conflict{color:#b00}\
section.alarm{border:3px solid #c00;padding:0 1em;background:#fff0f0}section.alarm h2{color:#c00}\
svg{font-size:11px;margin:0.5em 1em 1em 0}.plots{display:flex;flex-wrap:wrap;align-items:flex-start}";

/// The whole page.
pub fn render_html(sections: &[Section], analysis: &Analysis, title: &str) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        escape(title)
    );
    let both = analysis.finished_both();
    let bins = time_histogram(analysis.records());
    let plots = format!(
        "<section>\n<h2>Plots</h2>\n<p>States with and without DPOR per pair finished both ways ({} pairs; \
         below the dashed diagonal DPOR stored fewer states); run times (exploration time of each run, \
         unfinished runs apart); finish rate per group.</p>\n<div class=\"plots\">\n{}{}{}</div>\n</section>\n",
        both.len(),
        states_plot(&both),
        time_plot(&bins),
        finish_plot(analysis)
    );
    // Alarms first, so a disagreement is the first thing on the page.
    for s in sections.iter().filter(|s| s.alarm) {
        out.push_str(&section_html(s));
    }
    for (i, s) in sections.iter().filter(|s| !s.alarm).enumerate() {
        out.push_str(&section_html(s));
        if i == 0 {
            out.push_str(&plots);
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aggregate::analyse;
    use crate::record::{tests::record, Verdict};
    use crate::text::sections;
    use crate::work::Order;

    #[test]
    fn escaping() {
        assert_eq!(escape("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
    }

    #[test]
    fn the_page_is_self_contained_and_has_the_plots() {
        let mut records = Vec::new();
        for (i, name) in ["a<b", "c"].iter().enumerate() {
            for mode in Mode::BOTH {
                for order in Order::BOTH {
                    let mut r = record("locks", name, "z", order, mode, Verdict::NoConflict);
                    r.states = 10u64.pow(i as u32 + 2);
                    r.elapsed_ms = 5 * (i as u64 + 1);
                    records.push(r);
                }
            }
        }
        records[0].complete = false;
        records[0].verdict = Verdict::Incomplete;
        let a = analyse(records);
        let html = render_html(&sections(&a, None), &a, "Eventide report");
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert_eq!(html.matches("<svg").count(), 3);
        assert!(html.contains("a&lt;b"));
        assert!(!html.contains("a<b"));
        for external in ["<script", "src=", "href=", "@import", "url("] {
            assert!(!html.contains(external), "{external}");
        }
        assert!(html.contains("Finish counts") && html.contains("Verdicts per group"));
        let bins = time_histogram(a.records());
        assert_eq!(bins[1], [1, 2]);
        assert_eq!(bins[TIME_BINS.len()], [1, 0]);
    }
}
