//! `hirp completions SHELL` and `hirp man`: shell completions and manual
//! pages, generated from the command line's own definition, so that they
//! say what `--help` says.

use std::path::Path;

use clap_complete::Shell;

use super::input::io_reason;
use super::report::Reporter;
use super::status::Status;
use super::stdout::write_stdout;

/// Print a shell's completion script for hirp
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The script completes commands, options, their values (the possible values of
--color, --format...) and file paths. Load it as the shell expects:

  hirp completions bash > ~/.local/share/bash-completion/completions/hirp
  hirp completions zsh > ~/.zfunc/_hirp        (with ~/.zfunc in $fpath)
  hirp completions fish > ~/.config/fish/completions/hirp.fish

Exit status: 0 written, 2 usage or I/O error.")]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// Print hirp's manual page, or write one a command into a directory
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Without --dir, the page of hirp itself goes to standard output, in roff, for
`man -l -`. With --dir, hirp.1 and a page a command (hirp-validate.1...) are
written there, as a package installs them under share/man/man1.

Examples:
  hirp man | man -l -
  hirp man --dir target/man

Exit status: 0 written, 2 usage or I/O error.")]
pub struct ManArgs {
    /// Write hirp.1 and one page a command (hirp-replay.1...) into this
    /// directory, which is made if it does not exist.
    #[arg(long, value_name = "DIR")]
    dir: Option<String>,
}

/// Runs `hirp completions` for the command line `command` describes.
pub fn completions(
    args: CompletionsArgs,
    mut command: clap::Command,
    reporter: &Reporter,
) -> Status {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "hirp", &mut script);
    written(write_stdout(&String::from_utf8_lossy(&script)), reporter)
}

/// Runs `hirp man` for the command line `command` describes.
pub fn man(args: ManArgs, command: clap::Command, reporter: &Reporter) -> Status {
    let Some(dir) = args.dir else {
        return written(
            page(&command, "hirp").and_then(|p| write_stdout(&p)),
            reporter,
        );
    };
    written(pages(&command, Path::new(&dir)), reporter)
}

/// The manual page of `command`, titled `title`, in roff.
fn page(command: &clap::Command, title: &str) -> Result<String, String> {
    let mut roff = Vec::new();
    clap_mangen::Man::new(command.clone())
        .title(title)
        .render(&mut roff)
        .map_err(|e| format!("cannot render the manual page: {}", io_reason(&e)))?;
    Ok(String::from_utf8_lossy(&roff).into_owned())
}

/// Writes the page of hirp and of each of its commands into `dir`.
fn pages(command: &clap::Command, dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {shown}: {}", io_reason(&e)))?;
    let write = |name: &str, command: &clap::Command| {
        let path = dir.join(format!("{name}.1"));
        std::fs::write(&path, page(command, name)?)
            .map_err(|e| format!("cannot write {}: {}", path.display(), io_reason(&e)))
    };
    write("hirp", command)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("hirp-{}", sub.get_name());
        // The page's title and usage name the command as it is typed.
        let bin_name = format!("hirp {}", sub.get_name());
        write(&name, &sub.clone().name(name.clone()).bin_name(bin_name))?;
    }
    Ok(())
}

/// The status of a write, its error reported.
fn written(result: Result<(), String>, reporter: &Reporter) -> Status {
    match result {
        Ok(()) => Status::Ok,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}
