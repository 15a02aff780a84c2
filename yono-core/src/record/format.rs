//! What the record formats are, as constants: the format line, the limits, the keys
//! that are not metadata. A leaf the rest of `record/` reads.

/// The format line of the text form, and the `format` field of the JSON form.
pub const FORMAT: &str = "yono-record 1";

/// The UTF-8 byte-order mark, which editors on Windows put at the start of a file:
/// skipped before a record is read.
pub(crate) const BYTE_ORDER_MARK: char = '\u{feff}';

/// Longest record text (or JSON) accepted, in bytes.
pub const MAX_RECORD_LEN: usize = 8 * 1024 * 1024;

/// Most moves a record may hold.
pub const MAX_PLIES: usize = 100_000;

/// Longest metadata value or comment, in bytes.
pub const MAX_VALUE_LEN: usize = 1024;

/// Longest metadata key, in bytes.
pub const MAX_KEY_LEN: usize = 32;

/// The keys of the text form that are not metadata.
pub const RESERVED_KEYS: [&str; 5] = ["format", "ruleset", "start", "status", "scores"];
