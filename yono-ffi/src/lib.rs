//! C bindings (placeholder).
