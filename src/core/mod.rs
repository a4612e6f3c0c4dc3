//! What both families of games share, and names neither: the commands and
//! the families' readers build on it.
//!
//! [`parallel`] works on a stream of items with threads and hands the
//! results back in order: each family checks its records game by game on it.

pub mod parallel;
