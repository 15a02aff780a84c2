//! What both programs need: included by `mod support;` from `random_games.rs` and
//! `throughput.rs`.

use std::fmt::{Arguments, Display};
use std::io::{ErrorKind, Write};
use std::str::FromStr;

/// A program's name and usage, for the answers every program gives: `--help`, a
/// call it cannot read, and a reader of its output that has gone.
pub struct Program {
    pub name: &'static str,
    pub usage: &'static str,
    /// The flags it reads, each followed by a value.
    pub flags: &'static [&'static str],
}

impl Program {
    /// The command line as `--flag value` pairs. `--help` (or `-h`) prints the usage
    /// and ends with status 0; an argument that is not one of its flags, or a flag
    /// without its value, ends the program through [`Program::refuse`].
    pub fn flags(&self) -> Vec<(String, String)> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        if args.iter().any(|a| a == "--help" || a == "-h") {
            self.say(format_args!("usage: {}", self.usage));
            std::process::exit(0);
        }
        let mut pairs = Vec::new();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if !self.flags.contains(&flag.as_str()) {
                self.refuse(format_args!("unknown argument {flag:?}"));
            }
            match args.next() {
                Some(value) => pairs.push((flag, value)),
                None => self.refuse(format_args!("{flag} needs a value")),
            }
        }
        pairs
    }

    /// `value` read as a `T`, or the end of the program through [`Program::refuse`].
    pub fn parsed<T: FromStr>(&self, flag: &str, value: &str) -> T
    where
        T::Err: Display,
    {
        value
            .parse()
            .unwrap_or_else(|e| self.refuse(format_args!("{flag} {value:?}: {e}")))
    }

    /// Ends a call the program cannot read: its name and the error, the usage, status 2.
    pub fn refuse(&self, error: impl Display) -> ! {
        eprintln!("{}: {error}\nusage: {}", self.name, self.usage);
        std::process::exit(2)
    }

    /// Writes a line to standard output. A reader that has gone had all it wanted:
    /// the program ends with status 0 and no message; any other failure to write
    /// ends it with the error and status 1.
    pub fn say(&self, line: Arguments) {
        if let Err(e) = writeln!(std::io::stdout(), "{line}") {
            if e.kind() != ErrorKind::BrokenPipe {
                eprintln!("{}: writing to standard output: {e}", self.name);
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }
}
