//! Python bindings (placeholder).
