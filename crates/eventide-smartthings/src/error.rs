//! Why an app or a pair could not be loaded.

use eventide_groovy::Diagnostic;

/// A load failure, with a located diagnostic. `reason()` gives the JSON conventions' reason.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{0}")]
    Io(Diagnostic),
    /// A syntax error.
    #[error("{0}")]
    Syntax(Diagnostic),
    /// A construct the interpreter does not implement, raised while loading.
    #[error("{0}")]
    Unsupported(Diagnostic),
    /// The app's top level (`definition`, `preferences`) failed, or an input is malformed.
    #[error("{0}")]
    App(Diagnostic),
    /// An input asks for a capability or device type the catalogue does not have.
    #[error("{diagnostic}")]
    UnknownCapability { capability: String, diagnostic: Diagnostic },
    /// The run's time or memory limit (`reason`: `time`, `memory`) stopped the app's top level or
    /// settings pages: the run is incomplete, the app is not at fault.
    #[error("{diagnostic}")]
    Limit { reason: &'static str, diagnostic: Diagnostic },
}

impl LoadError {
    pub fn diagnostic(&self) -> &Diagnostic {
        match self {
            LoadError::Io(d) | LoadError::Syntax(d) | LoadError::Unsupported(d) | LoadError::App(d) => d,
            LoadError::UnknownCapability { diagnostic, .. } | LoadError::Limit { diagnostic, .. } => diagnostic,
        }
    }

    /// The `reason` of the JSON conventions: `usage` (unreadable file), `syntax`, `unsupported`.
    pub fn reason(&self) -> &'static str {
        match self {
            LoadError::Io(_) => "usage",
            LoadError::Syntax(_) | LoadError::App(_) => "syntax",
            LoadError::Unsupported(_) | LoadError::UnknownCapability { .. } => "unsupported",
            LoadError::Limit { reason, .. } => reason,
        }
    }

    /// The limit of the run that stopped loading (`time`, `memory`), if that is what happened.
    pub fn limit(&self) -> Option<&'static str> {
        match self {
            LoadError::Limit { reason, .. } => Some(reason),
            _ => None,
        }
    }
}
