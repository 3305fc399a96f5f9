//! The Groovy front end of Eventide.
//!
//! Two layers, kept apart in the manner of starlark-rust's syntax/evaluator split:
//! - [`syntax`]: source files, the lexer, the parser and the AST with byte spans. It knows
//!   nothing about evaluation.
//! - [`diagnostic`]: located error reports with the source line and a caret.
//! - `eval`: values, the interpreter, and the host interface through which a platform (model
//!   files, SmartThings) supplies objects and observes every access to shared data.
//! - [`corpus_location`]: where tests, benchmarks and campaigns find the shared corpus.

pub mod corpus_location;
pub mod diagnostic;
pub mod eval;
pub mod syntax;

pub use diagnostic::Diagnostic;
