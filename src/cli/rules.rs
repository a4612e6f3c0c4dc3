//! `hirp rules`: the tafl rules presets, each with its board, what it is
//! and its rules string.

use hirp::any::AnyFamily;
use hirp::core::family::Preset;

use super::{report::Reporter, status::Status, stdout::write_stdout};

/// List the tafl rules presets, or print one preset's rules string.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each preset names a tafl rule set that --rules takes (for an archive, which
names none, or to replay a game file under other rules than its tag's). With
no NAME, every preset is listed: its name, its board, a line on what it is,
and its rules string in OpenTafl's notation. With a NAME, its rules string
alone is printed, ready to paste into a game file's [rules:] tag.

Examples:
  hirp rules
  hirp rules tablut
  printf '[rules:%s]\\n\\n1. d1-d3\\n' \"$(hirp rules brandub)\" > game.otg")]
pub struct Args {
    /// A preset whose rules string to print.
    #[arg(value_name = "NAME")]
    name: Option<String>,
}

/// The preset named `name`, in any case: `Tablut`, `SEA-BATTLE`.
fn preset(presets: &[Preset], name: &str) -> Option<String> {
    let found = presets.iter().find(|p| p.name.eq_ignore_ascii_case(name))?;
    Some(found.text.clone())
}

/// Runs `hirp rules`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let presets = AnyFamily::presets();
    let text = match args.name {
        None => listing(&presets),
        Some(name) => match preset(&presets, &name) {
            Some(rules) => format!("{rules}\n"),
            None => {
                let guess = hirp::core::did_you_mean(&name, presets.iter().map(|p| p.name));
                reporter.error(&format!(
                    "`{name}` is not a preset{guess} (`hirp rules` lists them)"
                ));
                return Status::Failure;
            }
        },
    };
    match write_stdout(&text) {
        Ok(()) => Status::Ok,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}

/// Every preset: its name and board, what it is, and its rules string.
fn listing(presets: &[Preset]) -> String {
    let mut out = String::new();
    for preset in presets {
        out.push_str(&format!(
            "{} ({}): {}\n  {}\n",
            preset.name, preset.board, preset.description, preset.text
        ));
    }
    out
}
