//! How serious a diagnostic is.

use std::fmt;

/// How serious a diagnostic is.
///
/// ```
/// use fenlint::Severity;
/// assert!(Severity::Error > Severity::Warning);
/// assert_eq!(Severity::Advice.to_string(), "advice");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Severity {
    /// Legitimate, but worth knowing.
    Advice,
    /// Accepted by mainstream tools, but non-standard or inconsistent.
    Warning,
    /// The text breaks the grammar, or the position cannot be set up and played.
    Error,
}

impl Severity {
    /// The severity's name, as the reports print it.
    ///
    /// ```
    /// assert_eq!(fenlint::Severity::Warning.name(), "warning");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Advice => "advice",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Severity> for miette::Severity {
    fn from(severity: Severity) -> miette::Severity {
        match severity {
            Severity::Advice => miette::Severity::Advice,
            Severity::Warning => miette::Severity::Warning,
            Severity::Error => miette::Severity::Error,
        }
    }
}
