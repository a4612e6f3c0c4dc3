//! The integration tests, in one binary built and linked once: each
//! module holds the tests of one subject (`cargo test --test suite
//! select::` runs those of `select`). Beside it, in binaries of their
//! own, run the tests that time or measure, that drive a terminal or a
//! server, and the sweeps CI runs by name.

// The example is a program: its `main` runs as a binary, not here.
#[allow(dead_code)]
#[path = "../../examples/check.rs"]
mod check;
#[path = "../../fuzz/checks.rs"]
mod checks;
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/hnefatafl_org.rs"]
mod hnefatafl_engine;
#[path = "../common/opentafl.rs"]
mod opentafl;
#[path = "../common/rates.rs"]
mod rates;
#[path = "../common/schema.rs"]
mod schema;
#[path = "../common/sweep_mutants.rs"]
mod sweep_mutants;
#[path = "../common/tafl_mutations.rs"]
mod tafl_mutations;
#[path = "../common/tafl_records.rs"]
mod tafl_records;

mod any;
mod batch;
mod check_example;
mod cli;
mod convert;
mod dedupe;
mod encoding;
mod fast_path;
mod fix;
mod fix_agrees;
mod from_position;
mod fuzz;
mod generate;
mod grammar;
mod hirp_positions;
mod hnefatafl_org;
mod hnefatafl_org_json;
mod hnefatafl_org_pgn;
mod hnefatafl_org_roundtrip;
mod hostile;
mod html;
mod json;
mod opentafl_from;
mod opentafl_oracle;
mod opentafl_rare;
mod parse;
mod position;
mod recording_slips;
mod repairs;
mod replay;
mod rewrite;
mod roundtrip;
mod rules;
mod rules_doc;
mod scan;
mod select;
mod shards;
mod show;
mod split;
mod stats;
mod stats_command;
mod svg;
mod syntax_only;
mod tafl_annotations;
mod tafl_archives;
mod tafl_board;
mod tafl_char_repairs;
mod tafl_json;
mod tafl_page;
mod tafl_positions;
mod tafl_render;
mod tafl_replay;
mod tafl_rewrite;
mod tafl_rules;
mod tafl_search;
mod tafl_validate;
mod validate;
mod validate_json;
