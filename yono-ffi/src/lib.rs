//! # yono-ffi: the C ABI of the Yo[n]o Shogi rules engine
//!
//! Builds `libyono.so` and `libyono.a`; the header `include/yono.h` is generated from
//! these modules by cbindgen (see `cbindgen.toml` and `tests/header.rs`). The doc
//! comments become the header's comments, so they are written for C programmers.
//!
//! One module per C type, over two that every function shares: `boundary` (the panic
//! guard, statuses and the last error, handles and their type tags, caller buffers,
//! versioned structs: all the unsafe plumbing) and `convert` (one conversion per type
//! between the C vocabulary of `types` and the core's). docs/ARCHITECTURE.md has the
//! tree and the names table.

#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]

// The order of the header: the plumbing and the vocabulary first, then each handle
// type, the old names last (rustfmt sorts only within each group).
mod boundary;
mod types;

mod convert;
mod version;
mod vocab;

mod game;

mod gui;
mod snapshot;
mod svg;

mod record;

mod engine;

mod deprecated;

pub use boundary::*;
pub use deprecated::*;
pub use engine::*;
pub use game::*;
pub use gui::*;
pub use record::*;
pub use snapshot::*;
pub use svg::*;
pub use types::*;
pub use version::*;
pub use vocab::*;

#[cfg(test)]
mod tests;
