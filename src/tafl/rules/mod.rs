//! The tafl rules engine.
