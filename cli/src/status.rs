//! The exit statuses of the command.

/// Exit status: no error-severity diagnostic.
pub const CLEAN: u8 = 0;
/// Exit status: at least one error-severity diagnostic.
pub const ERRORS: u8 = 1;
/// Exit status: a usage or I/O error.
pub const TROUBLE: u8 = 2;
