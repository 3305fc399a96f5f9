//! Evaluation errors: uncaught Groovy exceptions and runtime faults, failed assertions,
//! unsupported constructs, and internal limits, each located in the source.

use std::fmt;
use std::sync::Arc;

use super::value::ExceptionData;
use crate::syntax::{LineCol, SourceFile, Span};

/// What went wrong.
#[derive(Clone, Debug, PartialEq)]
pub enum ErrorKind {
    /// An uncaught Groovy exception, thrown by `throw` or raised by a runtime fault
    /// (`java.lang.NullPointerException`, `groovy.lang.MissingPropertyException`, ...).
    Exception { class: String, message: Option<String> },
    /// `assert` failed (a `java.lang.AssertionError` in Groovy). `message` is the assertion's own
    /// message, or `assert <source>` when it has none.
    AssertionFailed { message: String },
    /// A construct the evaluator does not implement (`class` declarations, method pointers...).
    Unsupported { construct: String },
    /// A limit of the evaluator (recursion depth) or an inconsistency.
    Internal,
    /// The host's [`Interrupt`](super::Interrupt) tripped: a deadline passed or memory ran over.
    /// Not catchable by Groovy code.
    Interrupted { reason: super::InterruptReason },
}

/// An evaluation error with its source location. Boxed, so that results on the hot path stay
/// small; the fields are reached through `Deref` ([`EvalErrorData`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub struct EvalError(Box<EvalErrorData>);

/// The contents of an [`EvalError`].
#[derive(Clone, Debug, PartialEq)]
pub struct EvalErrorData {
    pub kind: ErrorKind,
    /// The message without location, e.g. `java.lang.ArithmeticException: Division by zero`.
    pub message: String,
    /// Where in the source the error arose (set by the interpreter when the error passes a
    /// located node).
    pub span: Option<Span>,
    /// Name of the source file.
    pub file: Option<Arc<str>>,
    /// Line and column of `span.start` in `file`.
    pub location: Option<LineCol>,
    /// The exception's cause chain, when it has one.
    pub cause: Option<Box<ExceptionData>>,
}

impl std::ops::Deref for EvalError {
    type Target = EvalErrorData;
    fn deref(&self) -> &EvalErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut EvalErrorData {
        &mut self.0
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.location) {
            (Some(file), Some(lc)) => {
                write!(f, "{}:{}:{}: {}", file, lc.line, lc.column, self.message)
            }
            (Some(file), None) => write!(f, "{}: {}", file, self.message),
            _ => f.write_str(&self.message),
        }
    }
}

/// Exception class names the evaluator raises for runtime faults.
pub mod class {
    pub const NPE: &str = "java.lang.NullPointerException";
    pub const NUMBER_FORMAT: &str = "java.lang.NumberFormatException";
    pub const CLASS_CAST: &str = "org.codehaus.groovy.runtime.typehandling.GroovyCastException";
    pub const ARITHMETIC: &str = "java.lang.ArithmeticException";
    pub const MISSING_PROPERTY: &str = "groovy.lang.MissingPropertyException";
    pub const MISSING_METHOD: &str = "groovy.lang.MissingMethodException";
    pub const ILLEGAL_ARGUMENT: &str = "java.lang.IllegalArgumentException";
    pub const ILLEGAL_STATE: &str = "java.lang.IllegalStateException";
    pub const INDEX_OUT_OF_BOUNDS: &str = "java.lang.IndexOutOfBoundsException";
    pub const STRING_INDEX: &str = "java.lang.StringIndexOutOfBoundsException";
    pub const UNSUPPORTED_OPERATION: &str = "java.lang.UnsupportedOperationException";
    pub const NO_SUCH_ELEMENT: &str = "java.util.NoSuchElementException";
    pub const STACK_OVERFLOW: &str = "java.lang.StackOverflowError";
    pub const ASSERTION: &str = "java.lang.AssertionError";
    pub const READ_ONLY: &str = "groovy.lang.ReadOnlyPropertyException";
    pub const PARSE: &str = "java.text.ParseException";
    pub const JSON: &str = "groovy.json.JsonException";
    pub const CONCURRENT_MODIFICATION: &str = "java.util.ConcurrentModificationException";
    pub const EXCEPTION: &str = "java.lang.Exception";
    pub const RUNTIME: &str = "java.lang.RuntimeException";
    pub const GROOVY_RUNTIME: &str = "groovy.lang.GroovyRuntimeException";
}

impl EvalError {
    fn new(kind: ErrorKind, message: String) -> EvalError {
        EvalError(Box::new(EvalErrorData { kind, message, span: None, file: None, location: None, cause: None }))
    }

    /// A Groovy exception of the given (fully qualified) class.
    pub fn exception(class: &str, message: impl Into<Option<String>>) -> EvalError {
        let message = message.into();
        let text = match &message {
            Some(m) => format!("{class}: {m}"),
            None => class.to_string(),
        };
        EvalError::new(ErrorKind::Exception { class: class.to_string(), message }, text)
    }

    /// The error for a thrown exception object.
    pub fn thrown(data: &ExceptionData) -> EvalError {
        let mut e = EvalError::exception(&data.class, data.message.clone());
        e.cause = data.cause.clone();
        e
    }

    pub fn assertion(message: impl Into<String>) -> EvalError {
        let message = message.into();
        EvalError::new(ErrorKind::AssertionFailed { message: message.clone() }, format!("Assertion failed: {message}"))
    }

    /// A failed `assert`: `message` is the assertion's own message (or `assert <source>` when it
    /// has none), `full` the text Groovy shows (`message. Expression: <source>`).
    pub fn assertion_failed(message: impl Into<String>, full: impl Into<String>) -> EvalError {
        EvalError::new(
            ErrorKind::AssertionFailed { message: message.into() },
            format!("Assertion failed: {}", full.into()),
        )
    }

    pub fn unsupported(construct: impl Into<String>) -> EvalError {
        let construct = construct.into();
        let message = format!("unsupported construct: {construct}");
        EvalError::new(ErrorKind::Unsupported { construct }, message)
    }

    /// The error that unwinds a computation stopped by its [`Interrupt`](super::Interrupt).
    pub fn interrupted(reason: super::InterruptReason) -> EvalError {
        let what = match reason {
            super::InterruptReason::Time => "time limit reached",
            super::InterruptReason::Memory => "memory limit reached",
        };
        EvalError::new(ErrorKind::Interrupted { reason }, format!("interrupted: {what}"))
    }

    /// The interruption reason when this error is an interruption.
    pub fn interrupt_reason(&self) -> Option<super::InterruptReason> {
        match self.kind {
            ErrorKind::Interrupted { reason } => Some(reason),
            _ => None,
        }
    }

    pub fn internal(message: impl Into<String>) -> EvalError {
        EvalError::new(ErrorKind::Internal, message.into())
    }

    /// Groovy's refusal to choose among overloads: `method` as `java.util.TimeZone#getTimeZone`,
    /// `given` the argument classes (`null`, `class java.lang.Integer, ...`), `prototypes` the
    /// parameter lists that fit equally well (`[class java.lang.String]`, `[double, double]`).
    pub fn ambiguous_overload(method: &str, given: &str, prototypes: &[String]) -> EvalError {
        let mut message = format!(
            "Ambiguous method overloading for method {method}.\nCannot resolve which method to invoke for [{given}] \
             due to overlapping prototypes between:"
        );
        for p in prototypes {
            message.push_str("\n\t");
            message.push_str(p);
        }
        EvalError::exception(class::GROOVY_RUNTIME, Some(message))
    }

    pub fn npe(message: impl Into<String>) -> EvalError {
        EvalError::exception(class::NPE, Some(message.into()))
    }

    /// Attaches a location unless the error already has one.
    pub fn located(mut self, span: Span, file: &SourceFile) -> EvalError {
        if self.span.is_none() {
            self.span = Some(span);
            self.file = Some(file.name_arc());
            self.location = Some(file.line_col(span.start));
        }
        self
    }

    /// The exception class when the error is catchable by Groovy code (`Exception` and
    /// `AssertionFailed`).
    pub fn exception_class(&self) -> Option<&str> {
        match &self.kind {
            ErrorKind::Exception { class, .. } => Some(class),
            ErrorKind::AssertionFailed { .. } => Some(class::ASSERTION),
            _ => None,
        }
    }

    /// The exception object Groovy code sees in `catch (e)`.
    pub fn to_exception_data(&self) -> Option<ExceptionData> {
        let (class, message) = match &self.kind {
            ErrorKind::Exception { class, message } => (class.clone(), message.clone()),
            ErrorKind::AssertionFailed { message } => (class::ASSERTION.to_string(), Some(message.clone())),
            _ => return None,
        };
        Some(ExceptionData { class, message, cause: self.cause.clone() })
    }

    /// The error rendered with its source line and a caret under the failing column.
    pub fn render(&self, file: &SourceFile) -> String {
        let mut out = self.to_string();
        if let Some(lc) = self.location {
            let line = file.line_text(lc.line);
            let gutter = lc.line.to_string();
            out.push('\n');
            out.push_str(&format!("{} |\n", " ".repeat(gutter.len())));
            out.push_str(&format!("{gutter} | {line}\n"));
            let caret_pad: String = line
                .chars()
                .take((lc.column as usize).saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let width = self
                .span
                .map(|s| {
                    let start = s.start as usize;
                    let end = (s.end as usize).min(file.text().len());
                    let text = file.text().get(start..end).unwrap_or("");
                    text.lines().next().unwrap_or("").chars().count().max(1)
                })
                .unwrap_or(1);
            out.push_str(&format!("{} | {}{}", " ".repeat(gutter.len()), caret_pad, "^".repeat(width)));
        }
        out
    }
}

/// The known exception hierarchy: the superclass of each class (fully qualified).
pub fn superclass(class: &str) -> Option<&'static str> {
    Some(match class {
        "java.lang.Throwable" => return None,
        "java.lang.Exception" | "java.lang.Error" => "java.lang.Throwable",
        "java.lang.AssertionError"
        | "java.lang.VirtualMachineError"
        | "java.lang.LinkageError"
        | "java.lang.ThreadDeath" => "java.lang.Error",
        "java.lang.StackOverflowError" | "java.lang.OutOfMemoryError" | "java.lang.InternalError" => {
            "java.lang.VirtualMachineError"
        }
        "java.lang.NoClassDefFoundError" | "java.lang.ExceptionInInitializerError" => "java.lang.LinkageError",
        // Checked exceptions.
        "java.lang.ReflectiveOperationException"
        | "java.lang.CloneNotSupportedException"
        | "java.util.concurrent.ExecutionException"
        | "java.net.URISyntaxException"
        | "java.security.GeneralSecurityException" => "java.lang.Exception",
        "java.lang.ClassNotFoundException"
        | "java.lang.NoSuchMethodException"
        | "java.lang.NoSuchFieldException"
        | "java.lang.IllegalAccessException"
        | "java.lang.InstantiationException" => "java.lang.ReflectiveOperationException",
        "java.security.NoSuchAlgorithmException" | "java.security.InvalidKeyException" => {
            "java.security.GeneralSecurityException"
        }
        "java.io.FileNotFoundException"
        | "java.io.UnsupportedEncodingException"
        | "java.io.EOFException"
        | "java.net.MalformedURLException"
        | "java.net.ProtocolException" => "java.io.IOException",
        "java.net.ConnectException" | "java.net.NoRouteToHostException" => "java.net.SocketException",
        // Unchecked ones below RuntimeException's direct subclasses.
        "java.util.regex.PatternSyntaxException"
        | "java.util.IllegalFormatException"
        | "java.nio.charset.IllegalCharsetNameException"
        | "java.nio.charset.UnsupportedCharsetException" => "java.lang.IllegalArgumentException",
        "java.util.IllegalFormatConversionException"
        | "java.util.MissingFormatArgumentException"
        | "java.util.UnknownFormatConversionException"
        | "java.util.DuplicateFormatFlagsException"
        | "java.util.FormatFlagsConversionMismatchException"
        | "java.util.IllegalFormatPrecisionException"
        | "java.util.IllegalFormatWidthException"
        | "java.util.IllegalFormatFlagsException"
        | "java.util.MissingFormatWidthException"
        | "java.util.UnknownFormatFlagsException"
        | "java.util.IllegalFormatCodePointException" => "java.util.IllegalFormatException",
        "java.util.InputMismatchException" => "java.util.NoSuchElementException",
        "java.time.format.DateTimeParseException" => "java.time.DateTimeException",
        "org.codehaus.groovy.runtime.powerassert.PowerAssertionError" => "java.lang.AssertionError",
        "java.lang.RuntimeException"
        | "java.io.IOException"
        | "java.text.ParseException"
        | "java.lang.InterruptedException"
        | "java.util.concurrent.TimeoutException" => "java.lang.Exception",
        "java.lang.NumberFormatException" => "java.lang.IllegalArgumentException",
        "java.lang.StringIndexOutOfBoundsException" | "java.lang.ArrayIndexOutOfBoundsException" => {
            "java.lang.IndexOutOfBoundsException"
        }
        "org.codehaus.groovy.runtime.typehandling.GroovyCastException" => "java.lang.ClassCastException",
        "groovy.lang.MissingPropertyException"
        | "groovy.lang.MissingMethodException"
        | "groovy.lang.MissingFieldException"
        | "groovy.lang.IncorrectClosureArgumentsException"
        | "groovy.lang.ReadOnlyPropertyException" => "groovy.lang.GroovyRuntimeException",
        "groovy.json.JsonException" | "groovy.lang.GroovyRuntimeException" => "java.lang.RuntimeException",
        "java.net.SocketTimeoutException" | "java.net.UnknownHostException" | "java.net.SocketException" => {
            "java.io.IOException"
        }
        "groovyx.net.http.HttpResponseException" => "java.io.IOException",
        _ if class.starts_with("java.") || class.starts_with("groovy") || class.starts_with("org.") => {
            "java.lang.RuntimeException"
        }
        _ => "java.lang.RuntimeException",
    })
}

/// The fully qualified name of an exception class written in Groovy source (`Exception`,
/// `java.lang.Exception`, `MissingPropertyException`).
pub fn qualify_exception(name: &str) -> String {
    if name.contains('.') {
        return name.to_string();
    }
    let pkg = match name {
        "MissingPropertyException"
        | "MissingMethodException"
        | "MissingFieldException"
        | "IncorrectClosureArgumentsException"
        | "GroovyRuntimeException"
        | "ReadOnlyPropertyException" => "groovy.lang",
        "GroovyCastException" => "org.codehaus.groovy.runtime.typehandling",
        "JsonException" => "groovy.json",
        "IOException" | "FileNotFoundException" | "UnsupportedEncodingException" | "EOFException" => "java.io",
        "ParseException" => "java.text",
        "NoSuchElementException"
        | "ConcurrentModificationException"
        | "InputMismatchException"
        | "EmptyStackException"
        | "MissingResourceException"
        | "IllegalFormatException"
        | "IllegalFormatConversionException"
        | "MissingFormatArgumentException"
        | "UnknownFormatConversionException"
        | "DuplicateFormatFlagsException"
        | "FormatFlagsConversionMismatchException"
        | "IllegalFormatPrecisionException"
        | "IllegalFormatWidthException"
        | "IllegalFormatFlagsException"
        | "MissingFormatWidthException"
        | "UnknownFormatFlagsException"
        | "IllegalFormatCodePointException" => "java.util",
        "PatternSyntaxException" => "java.util.regex",
        "SocketTimeoutException"
        | "UnknownHostException"
        | "SocketException"
        | "ConnectException"
        | "NoRouteToHostException"
        | "MalformedURLException"
        | "ProtocolException"
        | "URISyntaxException" => "java.net",
        "TimeoutException" | "ExecutionException" => "java.util.concurrent",
        "GeneralSecurityException" | "NoSuchAlgorithmException" | "InvalidKeyException" => "java.security",
        "DateTimeException" => "java.time",
        "DateTimeParseException" => "java.time.format",
        "IllegalCharsetNameException" | "UnsupportedCharsetException" => "java.nio.charset",
        "HttpResponseException" => "groovyx.net.http",
        "PowerAssertionError" => "org.codehaus.groovy.runtime.powerassert",
        _ => "java.lang",
    };
    format!("{pkg}.{name}")
}

/// Whether an exception of class `class` is caught by a `catch` clause naming `target`.
pub fn is_subclass(class: &str, target: &str) -> bool {
    let target = qualify_exception(target);
    let mut cur = class.to_string();
    for _ in 0..16 {
        if cur == target {
            return true;
        }
        match superclass(&cur) {
            Some(s) => cur = s.to_string(),
            None => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hierarchy() {
        assert!(is_subclass("java.lang.NumberFormatException", "Exception"));
        assert!(is_subclass("java.lang.NumberFormatException", "IllegalArgumentException"));
        assert!(is_subclass(class::MISSING_PROPERTY, "RuntimeException"));
        assert!(!is_subclass(class::ASSERTION, "Exception"));
        assert!(is_subclass(class::ASSERTION, "Throwable"));
        assert!(is_subclass(class::CLASS_CAST, "ClassCastException"));
    }

    #[test]
    fn render_points_at_column() {
        let f = SourceFile::new("t.groovy", "def x = 1\nfoo.bar()\n");
        let e = EvalError::npe("boom").located(Span::new(10, 13), &f);
        assert_eq!(e.to_string(), "t.groovy:2:1: java.lang.NullPointerException: boom");
        assert!(e.render(&f).ends_with("| ^^^"));
    }
}
