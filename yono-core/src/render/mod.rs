//! Pictures of a position: the text diagram (`Display for Position`, `text.rs`) and,
//! with the `svg` feature, SVG diagrams (`svg.rs`).

#[cfg(feature = "svg")]
pub mod svg;
mod text;
