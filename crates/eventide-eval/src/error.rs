//! Errors of the evaluation commands. Every error about an input file names the file and, when
//! it is about one line, the line number.

use std::fmt;
use std::path::{Path, PathBuf};

/// A located error: `file:line: message`, `file: message`, or a plain message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub file: Option<PathBuf>,
    pub line: Option<usize>,
    pub message: String,
}

impl Error {
    /// An error that is not about a file.
    pub fn msg(message: impl Into<String>) -> Self {
        Error { file: None, line: None, message: message.into() }
    }

    /// An error about a whole file.
    pub fn file(path: &Path, message: impl Into<String>) -> Self {
        Error { file: Some(path.to_path_buf()), line: None, message: message.into() }
    }

    /// An error about one line (1-based) of a file.
    pub fn at(path: &Path, line: usize, message: impl Into<String>) -> Self {
        Error { file: Some(path.to_path_buf()), line: Some(line), message: message.into() }
    }

    /// An I/O error while reading or writing `path`.
    pub fn io(path: &Path, error: &std::io::Error) -> Self {
        Error::file(path, error.to_string())
    }
}

/// Reads `path` as text; an error names the file.
pub(crate) fn read_text(path: &Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|e| Error::io(path, &e))
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{}:{line}: {}", file.display(), self.message),
            (Some(file), None) => write!(f, "{}: {}", file.display(), self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}
