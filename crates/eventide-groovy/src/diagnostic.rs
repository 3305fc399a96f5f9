//! Located, human-readable error reports for Groovy sources.
//!
//! A [`Diagnostic`] names the file, line and column of a problem and carries the message; its
//! [`Diagnostic::render`] shows the source line with a caret under the column, in the style of
//! compiler diagnostics (rendered with miette's graphical handler, colours off, so output is the
//! same in a terminal, a log and a test).

use crate::syntax::{SourceFile, Span, SyntaxError};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan,
    SpanContents,
};
use std::fmt;

/// A problem at a place in a source file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub file: String,
    /// 1-based.
    pub line: u32,
    /// 1-based, in characters.
    pub column: u32,
    pub message: String,
    /// The source text and byte span, when known, for rendering.
    #[serde(skip)]
    pub source: Option<(std::sync::Arc<str>, Span)>,
}

impl Diagnostic {
    /// A diagnostic at `span` of `file`.
    pub fn at(file: &SourceFile, span: Span, message: impl Into<String>) -> Diagnostic {
        let lc = file.line_col(span.start);
        Diagnostic {
            file: file.name().to_string(),
            line: lc.line,
            column: lc.column,
            message: message.into(),
            source: Some((file.text_arc(), span)),
        }
    }

    /// A diagnostic about a whole file (line 1, column 1), e.g. when it cannot be read.
    pub fn whole_file(file: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { file: file.to_string(), line: 1, column: 1, message: message.into(), source: None }
    }

    pub fn from_syntax(file: &SourceFile, error: &SyntaxError) -> Diagnostic {
        Diagnostic::at(file, error.span, error.message.clone())
    }

    /// `file:line:column: message`, then the source line with a caret under the column.
    pub fn render(&self) -> String {
        let header = format!("{}:{}:{}: {}", self.file, self.line, self.column, self.message);
        let Some((text, span)) = &self.source else { return header };
        let len = text.len();
        let start = (span.start as usize).min(len);
        let end = (span.end as usize).clamp(start, len);
        // One character at least, so the caret shows; never split a UTF-8 sequence.
        let mut end = if end == start { (start + 1).min(len) } else { end };
        while end < len && !text.is_char_boundary(end) {
            end += 1;
        }
        // The snippet shows the span's lines and one on each side; a line too long to read (and
        // past the column widths the renderer can format) is left out.
        let first = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let before = text[..first.saturating_sub(1)].rfind('\n').map_or(0, |i| i + 1);
        let after = text[end..].find('\n').map_or(len, |i| end + i);
        let last = text.get(after + 1..).and_then(|t| t.find('\n')).map_or(len, |i| after + 1 + i);
        if text[before..last.max(before)].split('\n').any(|l| l.len() > MAX_SNIPPET_LINE) {
            return format!("{header}\n  (the source line is too long to show)");
        }
        #[derive(Debug)]
        struct Report {
            message: String,
            labels: Vec<LabeledSpan>,
            source: CharColumns,
        }
        impl fmt::Display for Report {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.message)
            }
        }
        impl std::error::Error for Report {}
        impl miette::Diagnostic for Report {
            fn source_code(&self) -> Option<&dyn miette::SourceCode> {
                Some(&self.source)
            }
            fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
                Some(Box::new(self.labels.clone().into_iter()))
            }
        }
        let report = Report {
            message: header.clone(),
            labels: vec![LabeledSpan::new(Some("here".into()), start, end - start)],
            source: CharColumns { name: self.file.clone(), text: text.to_string() },
        };
        let mut out = String::new();
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_context_lines(1);
        if handler.render_report(&mut out, &report).is_err() {
            return header;
        }
        out
    }
}

/// The longest source line a rendered snippet shows, in bytes.
const MAX_SNIPPET_LINE: usize = 2_000;

/// A named source whose snippet header counts columns in characters, as our messages do (miette
/// counts bytes, which disagrees on lines with non-ASCII text).
#[derive(Debug)]
struct CharColumns {
    name: String,
    text: String,
}

impl SourceCode for CharColumns {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.read_span(span, context_lines_before, context_lines_after)?;
        let start = inner.span().offset().min(self.text.len());
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        let column = self.text.get(line_start..start).map_or(inner.column(), |t| t.chars().count());
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_and_caret() {
        let file = SourceFile::new("m.groovy", "x = 0\nevent(\"e\") { x = }\n");
        let d = Diagnostic::at(&file, Span::new(19, 20), "expected an expression");
        assert_eq!((d.line, d.column), (2, 14));
        let text = d.render();
        assert!(text.contains("m.groovy:2:14: expected an expression"), "{text}");
        assert!(text.contains("event(\"e\") { x = }"), "{text}");
        assert_eq!(d.to_string(), "m.groovy:2:14: expected an expression");
    }

    #[test]
    fn snippet_header_counts_columns_in_characters() {
        let file = SourceFile::new("u.groovy", "def s = \"é€\"; x = \n");
        let at = file.text().find("x =").unwrap() as u32;
        let d = Diagnostic::at(&file, Span::new(at, at + 1), "boom");
        assert_eq!((d.line, d.column), (1, 15));
        let text = d.render();
        assert!(text.contains("[u.groovy:1:15]"), "{text}");
    }

    #[test]
    fn a_line_too_long_to_show_is_left_out_of_the_snippet() {
        // Columns past 65,535 made the renderer panic.
        for text in [format!("{})\n", " ".repeat(70_000)), format!("x = 1\n{}\ny )\n", "z".repeat(3_000))] {
            let file = SourceFile::new("wide.groovy", text.as_str());
            let at = text.find(')').unwrap() as u32;
            let d = Diagnostic::at(&file, Span::new(at, at + 1), "unexpected `)`");
            let rendered = d.render();
            assert!(
                rendered.starts_with(&format!("wide.groovy:{}:{}: unexpected `)`", d.line, d.column)),
                "{rendered}"
            );
            assert!(rendered.ends_with("(the source line is too long to show)"), "{rendered}");
        }
    }

    #[test]
    fn renders_without_source() {
        let d = Diagnostic::whole_file("gone.groovy", "cannot read file");
        assert_eq!(d.render(), "gone.groovy:1:1: cannot read file");
    }
}
