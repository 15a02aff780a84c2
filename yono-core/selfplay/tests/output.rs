//! What the README's first command prints: the notation explained once, passes said as
//! such, and a last diagram that names the winner instead of a seat to move.

use std::process::Command;

fn selfplay(seed: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .arg(seed)
        .output()
        .expect("run selfplay");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn the_notation_is_explained_once_at_the_start() {
    let out = selfplay("2026");
    assert_eq!(out.matches("How to read it:").count(), 1);
    let head = &out[..out.find("     9   8   7").expect("a diagram")];
    for term in [
        "s = South",
        "wL",
        "n+P",
        "9a8a",
        "P*5e",
        "R2GS2P",
        "must pass",
    ] {
        assert!(
            head.contains(term),
            "the explanation lacks {term:?}:\n{head}"
        );
    }
}

#[test]
fn a_pass_is_said_as_a_pass_and_the_end_names_the_winner() {
    let out = selfplay("2026");
    assert!(!out.contains("plays pass"), "{out}");
    assert!(out.contains("has no legal move and must pass"), "{out}");
    let (winner, plies) = out
        .lines()
        .find_map(|l| l.strip_suffix(" moves.")?.split_once(" wins after "))
        .expect("a winner");
    // The last diagram before the result says who won, not who is to move.
    let last = out[..out.find(&format!("{winner} wins after")).unwrap()]
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with("move "))
        .unwrap();
    assert_eq!(
        last.trim(),
        format!(
            "move {}, {winner} has won",
            plies.parse::<u32>().unwrap() + 1
        )
    );
    assert!(out.contains(&format!("({}) won, scored 3", &winner[..1].to_lowercase())));
    assert!(out.contains("Scores:"));
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    // `selfplay | head -1`: the reader has gone before the game ends, so the
    // program's later lines meet a closed pipe, which must not be a panic.
    let mut child = Command::new(env!("CARGO_BIN_EXE_selfplay"))
        .arg("2026")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run selfplay");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait for selfplay");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}
