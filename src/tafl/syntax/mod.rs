//! The tafl notation.
