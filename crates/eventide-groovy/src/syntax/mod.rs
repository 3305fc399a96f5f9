//! Groovy syntax: source files, lexing, parsing, and the AST.
//!
//! Entry point: [`parse`] turns a [`SourceFile`] into a [`Script`] or a [`SyntaxError`] that names
//! the line and column. The parser never panics, whatever the input.

pub mod ast;
mod source;

pub use ast::*;
pub use source::{LineCol, SourceFile};
