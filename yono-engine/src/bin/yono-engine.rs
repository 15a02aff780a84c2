//! `yono-engine`: the engine as a program, speaking USI for standard Shogi and its
//! four-seat extension for Yo[n]o Shogi on standard input and output (the project's
//! docs/PROTOCOL.md).

use std::process::ExitCode;

fn main() -> ExitCode {
    if let Some(arg) = std::env::args().nth(1) {
        match arg.as_str() {
            "--version" | "-V" => {
                println!("yono-engine {}", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            "--help" | "-h" => {
                println!(concat!(
                    "yono-engine ", env!("CARGO_PKG_VERSION"), "\n",
                    "A Yo[n]o Shogi and standard Shogi engine speaking USI on standard input and output.\n",
                    "Standard Shogi is plain USI (the default); \"setoption name USI_Variant value yono\"\n",
                    "selects the four-seat game. The protocol is described in docs/PROTOCOL.md.\n",
                    "\nOptions: --help, --version"
                ));
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("yono-engine: unknown argument \"{other}\" (try --help)");
                return ExitCode::from(2);
            }
        }
    }
    let stdin = std::io::stdin();
    match yono_engine::protocol::run(stdin.lock(), std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yono-engine: reading standard input: {e}");
            ExitCode::FAILURE
        }
    }
}
