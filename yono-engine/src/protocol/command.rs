//! One line of the protocol read into a typed command (docs/PROTOCOL.md). Reading
//! knows only the words; whether a command makes sense now (the variant, a running
//! search, a legal move) is the session's business.

use std::time::Duration;

/// A command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// `usi`: identify, list the options, `usiok`.
    Usi,
    /// `isready`: `readyok` once ready (also while searching).
    IsReady,
    /// `setoption name <name> [value <value>]` (names and values may hold spaces).
    SetOption { name: String, value: Option<String> },
    /// `usinewgame`.
    UsiNewGame,
    /// `position <start> [moves <m1> <m2> ...]`.
    Position { start: Start, moves: Vec<String> },
    /// `go ...`.
    Go(Box<Go>),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `gameover ...`: the result, informative only.
    GameOver,
    /// `quit`.
    Quit,
    /// `show` (an extension for people at a terminal): the position as text.
    Show,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// `startpos`: the variant's start position.
    Initial,
    /// `sfen <board> <turn> <hands> <number>`: standard Shogi.
    Sfen(String),
    /// `text <board> <turn> <reserves> <seats> <number>`: any position text (RULES.md §8).
    Text(String),
}

/// The words of a `go` command, as given (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Go {
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub movetime: Option<Duration>,
    pub infinite: bool,
    pub ponder: bool,
    /// USI (Shogi): Sente's and Gote's remaining time and increment, and the byoyomi.
    pub btime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub binc: Option<Duration>,
    pub winc: Option<Duration>,
    pub byoyomi: Option<Duration>,
    /// The four-seat clocks, by seat index: `clock_s`, `inc_s`, `byoyomi_s` ...
    pub clock: [Option<Duration>; 4],
    pub inc: [Option<Duration>; 4],
    pub seat_byoyomi: [Option<Duration>; 4],
}

impl Go {
    /// Whether any clock word (USI's or the four-seat ones) was given.
    pub fn has_clock(&self) -> bool {
        self.btime.is_some()
            || self.wtime.is_some()
            || self.binc.is_some()
            || self.winc.is_some()
            || self.byoyomi.is_some()
            || self.has_seat_clock()
    }

    /// Whether a four-seat clock word was given.
    pub fn has_seat_clock(&self) -> bool {
        self.clock.iter().any(Option::is_some)
            || self.inc.iter().any(Option::is_some)
            || self.seat_byoyomi.iter().any(Option::is_some)
    }
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CommandError {
    #[error("unknown command \"{0}\" (commands: usi, isready, setoption, usinewgame, position, go, stop, ponderhit, gameover, quit, show)")]
    Unknown(String),
    #[error("{command}: {problem}")]
    Malformed {
        command: &'static str,
        problem: String,
    },
}

fn malformed(command: &'static str, problem: impl Into<String>) -> CommandError {
    CommandError::Malformed {
        command,
        problem: problem.into(),
    }
}

/// The longest line read (a game of thousands of moves fits many times over).
pub(crate) const MAX_LINE: usize = 1 << 20;

/// The longest move list of a `position` command.
pub(crate) const MAX_MOVES: usize = 100_000;

/// Shows at most this many characters of a bad word in an error.
fn shown(word: &str) -> String {
    let mut s: String = word.chars().take(40).collect();
    if s.len() < word.len() {
        s.push_str("...");
    }
    s
}

impl Command {
    /// Reads one line. `Ok(None)` for an empty line (ignored, as USI says).
    pub(crate) fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        if line.len() > MAX_LINE {
            return Err(CommandError::Unknown(format!(
                "{}... (a line of {} bytes; the limit is {MAX_LINE})",
                shown(line),
                line.len()
            )));
        }
        let mut words = line.split_ascii_whitespace();
        let Some(first) = words.next() else {
            return Ok(None);
        };
        let rest: Vec<&str> = words.collect();
        let no_args = |command: &'static str, c: Command| {
            if rest.is_empty() {
                Ok(Some(c))
            } else {
                Err(malformed(
                    command,
                    format!("takes no arguments, got \"{}\"", shown(&rest.join(" "))),
                ))
            }
        };
        match first {
            "usi" => no_args("usi", Command::Usi),
            "isready" => no_args("isready", Command::IsReady),
            "usinewgame" => no_args("usinewgame", Command::UsiNewGame),
            "stop" => no_args("stop", Command::Stop),
            "ponderhit" => no_args("ponderhit", Command::PonderHit),
            "quit" => no_args("quit", Command::Quit),
            "show" => no_args("show", Command::Show),
            "setoption" => parse_setoption(&rest).map(Some),
            "position" => parse_position(&rest).map(Some),
            "go" => parse_go(&rest).map(|g| Some(Command::Go(Box::new(g)))),
            "gameover" => parse_gameover(&rest).map(|()| Some(Command::GameOver)),
            other => Err(CommandError::Unknown(shown(other))),
        }
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    if rest.first() != Some(&"name") {
        return Err(malformed(
            "setoption",
            "expected \"setoption name <name> [value <value>]\"",
        ));
    }
    let value_at = rest.iter().position(|w| *w == "value");
    let name_words = &rest[1..value_at.unwrap_or(rest.len())];
    if name_words.is_empty() {
        return Err(malformed("setoption", "the option name is missing"));
    }
    let value = value_at.map(|i| rest[i + 1..].join(" "));
    if value.as_deref() == Some("") {
        return Err(malformed(
            "setoption",
            "\"value\" is not followed by a value",
        ));
    }
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

/// What `position` must be followed by.
const EXPECTED_START: &str = "expected \"startpos\", \"sfen <sfen>\" or \"text <position text>\"";

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let head = &rest[..moves_at.unwrap_or(rest.len())];
    let moves: Vec<String> = match moves_at {
        Some(i) => rest[i + 1..].iter().map(|m| m.to_string()).collect(),
        None => Vec::new(),
    };
    if moves.len() > MAX_MOVES {
        return Err(malformed(
            "position",
            format!("{} moves; at most {MAX_MOVES}", moves.len()),
        ));
    }
    let start = match head.first() {
        Some(&"startpos") if head.len() == 1 => Start::Initial,
        Some(&"startpos") => {
            return Err(malformed(
                "position",
                format!(
                    "\"startpos\" must be followed by \"moves\" or nothing, got \"{}\"",
                    shown(head[1])
                ),
            ))
        }
        Some(&"sfen") => Start::Sfen(start_fields(
            head,
            "an SFEN",
            &["board", "side to move", "hands", "move number"],
        )?),
        Some(&"text") => Start::Text(start_fields(
            head,
            "a position text",
            &["board", "seat to move", "reserves", "seats", "move number"],
        )?),
        Some(other) => {
            let got = shown(other);
            return Err(malformed(
                "position",
                format!("{EXPECTED_START}, got \"{got}\""),
            ));
        }
        None => return Err(malformed("position", EXPECTED_START)),
    };
    Ok(Command::Position { start, moves })
}

/// The fields after `position sfen` or `position text`, joined by spaces: one word per
/// name in `fields`, else an error that names them (`what` is the start's name).
fn start_fields(head: &[&str], what: &str, fields: &[&str]) -> Result<String, CommandError> {
    let given = head.len() - 1;
    if given != fields.len() {
        return Err(malformed(
            "position",
            format!(
                "{what} has {} fields ({}), got {given}",
                fields.len(),
                fields.join(", ")
            ),
        ));
    }
    Ok(head[1..].join(" "))
}

/// The seat index of a four-seat clock word's suffix (`_s`, `_w`, `_n`, `_e`).
fn seat_word<'a>(word: &'a str, prefix: &str) -> Option<(usize, &'a str)> {
    let suffix = word.strip_prefix(prefix)?.strip_prefix('_')?;
    let seat = match suffix {
        "s" => 0,
        "w" => 1,
        "n" => 2,
        "e" => 3,
        _ => return None,
    };
    Some((seat, word))
}

fn parse_go(rest: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut words = rest.iter();
    while let Some(&word) = words.next() {
        let mut number = |what: &str| -> Result<u64, CommandError> {
            let text = words
                .next()
                .ok_or_else(|| malformed("go", format!("\"{word}\" needs a number ({what})")))?;
            // Clocks may run below zero in some GUIs: a negative time is no time left.
            if let Some(neg) = text.strip_prefix('-') {
                if !neg.is_empty() && neg.bytes().all(|b| b.is_ascii_digit()) && what == "ms" {
                    return Ok(0);
                }
            }
            text.parse::<u64>().map_err(|_| {
                malformed(
                    "go",
                    format!(
                        "\"{word}\" needs a whole number ({what}), got \"{}\"",
                        shown(text)
                    ),
                )
            })
        };
        let ms = |n: u64| Duration::from_millis(n);
        match word {
            "nodes" => {
                let n = number("nodes")?;
                if n == 0 {
                    return Err(malformed("go", "nodes must be at least 1"));
                }
                go.nodes = Some(n);
            }
            "depth" => {
                let d = number("plies")?;
                if d == 0 || d > u32::MAX as u64 {
                    return Err(malformed("go", format!("depth must be 1 to {}", u32::MAX)));
                }
                go.depth = Some(d as u32);
            }
            "movetime" => {
                let t = number("ms")?;
                if t == 0 {
                    return Err(malformed("go", "movetime must be at least 1 ms"));
                }
                go.movetime = Some(ms(t));
            }
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "btime" => go.btime = Some(ms(number("ms")?)),
            "wtime" => go.wtime = Some(ms(number("ms")?)),
            "binc" => go.binc = Some(ms(number("ms")?)),
            "winc" => go.winc = Some(ms(number("ms")?)),
            "byoyomi" => go.byoyomi = Some(ms(number("ms")?)),
            "mate" => return Err(malformed(
                "go",
                "\"go mate\" (a tsume search) is not supported; use \"go depth\" or \"go nodes\"",
            )),
            "searchmoves" => {
                return Err(malformed("go", "\"searchmoves\" is not supported"));
            }
            _ => {
                if let Some((seat, _)) = seat_word(word, "clock") {
                    go.clock[seat] = Some(ms(number("ms")?));
                } else if let Some((seat, _)) = seat_word(word, "inc") {
                    go.inc[seat] = Some(ms(number("ms")?));
                } else if let Some((seat, _)) = seat_word(word, "byoyomi") {
                    go.seat_byoyomi[seat] = Some(ms(number("ms")?));
                } else {
                    return Err(malformed(
                        "go",
                        format!(
                            "unknown word \"{}\" (expected nodes, depth, movetime, infinite, ponder, btime, wtime, binc, winc, byoyomi, clock_<seat>, inc_<seat>, byoyomi_<seat>)",
                            shown(word)
                        ),
                    ));
                }
            }
        }
    }
    if go.infinite
        && (go.nodes.is_some() || go.depth.is_some() || go.movetime.is_some() || go.has_clock())
    {
        return Err(malformed(
            "go",
            "\"infinite\" searches until \"stop\": it takes no other limit",
        ));
    }
    Ok(go)
}

/// `gameover win|lose|draw` (USI) or `gameover <seat> <place> ...` (four seats).
fn parse_gameover(rest: &[&str]) -> Result<(), CommandError> {
    match rest {
        ["win"] | ["lose"] | ["draw"] => return Ok(()),
        [] => {
            return Err(malformed(
                "gameover",
                "expected \"win\", \"lose\", \"draw\" or each seat's place (\"s 1 w 4 n 2 e 3\")",
            ))
        }
        _ => {}
    }
    if rest.len() % 2 != 0 {
        return Err(malformed(
            "gameover",
            "expected seat and place pairs, such as \"s 1 w 4 n 2 e 3\"",
        ));
    }
    let mut seen = [false; 4];
    for pair in rest.chunks(2) {
        let seat = match pair[0] {
            "s" => 0,
            "w" => 1,
            "n" => 2,
            "e" => 3,
            other => {
                return Err(malformed(
                    "gameover",
                    format!("\"{}\" is not a seat (s, w, n, e)", shown(other)),
                ))
            }
        };
        if std::mem::replace(&mut seen[seat], true) {
            return Err(malformed(
                "gameover",
                format!("seat {} given twice", pair[0]),
            ));
        }
        match pair[1].parse::<u8>() {
            Ok(1..=4) => {}
            _ => {
                return Err(malformed(
                    "gameover",
                    format!("a place is 1 to 4, got \"{}\"", shown(pair[1])),
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_usi_commands() {
        assert_eq!(Command::parse("usi").unwrap(), Some(Command::Usi));
        assert_eq!(
            Command::parse("  isready \r").unwrap(),
            Some(Command::IsReady)
        );
        assert_eq!(Command::parse("").unwrap(), None);
        assert_eq!(
            Command::parse("setoption name USI_Variant value yono").unwrap(),
            Some(Command::SetOption {
                name: "USI_Variant".into(),
                value: Some("yono".into())
            })
        );
        assert_eq!(
            Command::parse("position startpos moves 5g5f pass").unwrap(),
            Some(Command::Position {
                start: Start::Initial,
                moves: vec!["5g5f".into(), "pass".into()]
            })
        );
        assert_eq!(
            Command::parse(
                "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
            )
            .unwrap(),
            Some(Command::Position {
                start: Start::Sfen(
                    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".into()
                ),
                moves: vec![]
            })
        );
        let Some(Command::Go(go)) = Command::parse("go btime 1000 wtime -5 byoyomi 300").unwrap()
        else {
            panic!("not a go")
        };
        assert_eq!(go.btime, Some(Duration::from_secs(1)));
        assert_eq!(go.wtime, Some(Duration::ZERO));
        assert_eq!(go.byoyomi, Some(Duration::from_millis(300)));
        let Some(Command::Go(go)) = Command::parse("go clock_w 5000 inc_e 10 byoyomi_n 7").unwrap()
        else {
            panic!("not a go")
        };
        assert_eq!(go.clock[1], Some(Duration::from_secs(5)));
        assert_eq!(go.inc[3], Some(Duration::from_millis(10)));
        assert_eq!(go.seat_byoyomi[2], Some(Duration::from_millis(7)));
        assert!(Command::parse("gameover s 1 w 4 n 2 e 3").is_ok());
        assert!(Command::parse("gameover win").is_ok());
    }

    #[test]
    fn says_what_is_wrong() {
        let err = |line: &str| Command::parse(line).unwrap_err().to_string();
        for (line, part) in [
            ("xyzzy", "unknown command \"xyzzy\""),
            ("go nodes", "\"nodes\" needs a number"),
            ("go nodes 0", "at least 1"),
            ("go depth -3", "whole number"),
            ("go infinite nodes 5", "takes no other limit"),
            ("go clock_x 5", "unknown word \"clock_x\""),
            ("position", "expected \"startpos\""),
            ("position startpos 5g5f", "followed by \"moves\""),
            ("setoption USI_Hash", "setoption name"),
            ("setoption name X value", "not followed by a value"),
            ("gameover s 1 s 2", "twice"),
            ("gameover s 5", "1 to 4"),
            ("usi now", "takes no arguments"),
            ("go mate 5", "not supported"),
        ] {
            assert!(err(line).contains(part), "{line:?}: {}", err(line));
        }
        // The field counts, whole.
        for (line, message) in [
            (
                "position sfen a b",
                "position: an SFEN has 4 fields (board, side to move, hands, move number), got 2",
            ),
            (
                "position text a b c",
                "position: a position text has 5 fields (board, seat to move, reserves, seats, move number), got 3",
            ),
        ] {
            assert_eq!(err(line), message);
        }
    }

    #[test]
    fn never_panics_on_junk() {
        let junk = [
            "position sfen",
            "go go go",
            "setoption name",
            "setoption name value",
            "position text 1 2 3 4 5 moves",
            "go nodes 99999999999999999999999",
            "go movetime -1",
            "gameover \u{0}",
            "\u{feff}usi",
            "position startpos moves \u{1F600}",
        ];
        for line in junk {
            let _ = Command::parse(line);
        }
        let long = "x".repeat(MAX_LINE + 1);
        assert!(Command::parse(&long).is_err());
    }
}
