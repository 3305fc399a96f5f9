//! Groovy syntax: source files, lexing, parsing, and the AST.
//!
//! Entry point: [`parse`] turns a [`SourceFile`] into a [`Script`] or a [`SyntaxError`] that names
//! the line and column. The parser never panics, whatever the input.

pub mod ast;
mod lexer;
mod parser;
mod source;
pub mod visit;

pub use ast::*;
pub use source::{LineCol, SourceFile};

/// A lexical or syntax error: a message and the span of the offending text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    pub message: String,
    pub span: Span,
}

impl SyntaxError {
    pub fn new(message: impl Into<String>, span: Span) -> SyntaxError {
        SyntaxError { message: message.into(), span }
    }

    /// The line and column where the error starts.
    pub fn line_col(&self, file: &SourceFile) -> LineCol {
        file.line_col(self.span.start)
    }
}

/// Parses a whole Groovy source file.
pub fn parse(file: &SourceFile) -> Result<Script, SyntaxError> {
    parse_str(file.text())
}

/// Parses Groovy source text (spans are byte offsets into `text`).
pub fn parse_str(text: &str) -> Result<Script, SyntaxError> {
    let tokens = lexer::tokenize(text)?;
    parser::parse_tokens(&tokens)
}
