//! The protocol's conformance suite: scripted dialogues with the `yono-engine` program
//! (the built binary, over pipes), in both variants, bad input included
//! (docs/PROTOCOL.md). Every answer is waited for, never timed: a reply that does not
//! come within two minutes fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use yono::{Game, Move, Position, Ruleset};

/// How long any single answer may take before the test gives up (a hang guard, not
/// a timing assertion: every answer here takes milliseconds).
const PATIENCE: Duration = Duration::from_secs(120);

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_yono-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the yono-engine binary starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads lines up to and including the first that `done` accepts.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let stop = done(&line);
                    seen.push(line);
                    if stop {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no answer; so far: {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine closed its output; so far: {seen:#?}")
                }
            }
        }
    }

    /// Everything the engine wrote before answering `isready`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Sends `command` and returns what came before the next `readyok`.
    fn ask(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.sync()
    }

    /// Sends a `go` and returns the lines up to its `bestmove`, and the move text.
    fn go(&mut self, command: &str) -> (Vec<String>, String) {
        self.send(command);
        let lines = self.until(|l| l.starts_with("bestmove"));
        let best = lines.last().unwrap()["bestmove ".len()..].to_string();
        let best = best.split(' ').next().unwrap().to_string();
        (lines, best)
    }

    /// Stops the running search and returns the lines up to its `bestmove`.
    fn stop(&mut self) -> Vec<String> {
        self.send("stop");
        self.until(|l| l.starts_with("bestmove"))
    }

    /// Quits after checking that the engine has nothing more to say.
    fn quit_in_silence(mut self) {
        assert!(self.sync().is_empty());
        self.quit();
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "quit exits cleanly: {status}");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

fn one_error(lines: &[String], contains: &str) {
    let errs = errors(lines);
    assert_eq!(errs.len(), 1, "one error expected: {lines:#?}");
    assert!(
        errs[0].contains(contains),
        "expected \"{contains}\" in {:?}",
        errs[0]
    );
}

/// Asserts that an `info` line carries the numbers every USI info line of a completed
/// iteration has (both rulesets).
fn assert_usi_numbers(info: &str) {
    for word in [
        " seldepth ",
        " nodes ",
        " nps ",
        " time ",
        " hashfull ",
        " pv ",
    ] {
        assert!(info.contains(word), "{word} missing in {info}");
    }
}

fn game_of(ruleset: Ruleset, moves: &[String]) -> Game {
    let mut game = Game::new(ruleset);
    for m in moves {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

fn shown_position(engine: &mut Engine) -> String {
    let lines = engine.ask("show");
    lines
        .iter()
        .find_map(|l| l.strip_prefix("info string position "))
        .expect("show prints the position")
        .to_string()
}

#[test]
fn handshake_lists_the_options() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.until(|l| l == "usiok");
    assert!(lines[0].starts_with("id name yono-engine "));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for option in [
        "option name USI_Variant type combo default shogi var shogi var yono",
        "option name USI_Hash type spin default 16 min 1 max 4096",
        "option name Seed type spin",
        "option name Noise type spin",
        "option name Threads type spin default 1 min 1",
        "option name MultiPV type spin default 1 min 1",
        "option name SearchMode type combo default paranoid-brs var paranoid var brs var brs+ var paranoid-brs",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:#?}"
        );
    }
    e.quit_in_silence();
}

#[test]
fn plays_standard_shogi_as_plain_usi() {
    let mut e = Engine::start();
    e.send("usi");
    e.until(|l| l == "usiok");
    e.sync();
    e.send("usinewgame");
    let mut moves: Vec<String> = vec!["7g7f".into(), "3c3d".into()];
    for (i, limit) in [
        "go nodes 3000",
        "go depth 2",
        "go movetime 50",
        "go btime 2000 wtime 2000 byoyomi 100",
    ]
    .iter()
    .enumerate()
    {
        assert!(e
            .ask(&format!("position startpos moves {}", moves.join(" ")))
            .is_empty());
        let (lines, best) = e.go(limit);
        let game = game_of(Ruleset::Shogi, &moves);
        let mv: Move = best.parse().unwrap();
        assert!(game.is_legal(mv), "{limit}: {best} is illegal");
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert!(!infos.is_empty(), "{limit}: no info line");
        for info in infos {
            // Plain USI: a centi-pawn or mate score, no four-seat words.
            assert!(
                info.contains(" score cp ") || info.contains(" score mate "),
                "{info}"
            );
            assert!(
                !info.contains("scores") && !info.contains("points"),
                "{info}"
            );
            assert_usi_numbers(info);
        }
        if i == 1 {
            // One info line per completed iteration.
            for depth in ["info depth 1 ", "info depth 2 "] {
                assert!(lines.iter().any(|l| l.starts_with(depth)), "{lines:#?}");
            }
        }
        moves.push(best);
    }
    e.send("gameover draw");
    e.quit_in_silence();
}

#[test]
fn sfen_positions_and_game_over_in_shogi() {
    let mut e = Engine::start();
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    assert!(e
        .ask(&format!("position sfen {sfen} moves 3c3d"))
        .is_empty());
    let shown = e.ask("show");
    assert!(shown.iter().any(
        |l| l.ends_with("sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
    ));
    let (_, best) = e.go("go depth 1");
    let mut game = Game::from_position(Position::from_sfen(sfen).unwrap());
    game.play("3c3d".parse().unwrap()).unwrap();
    assert!(game.is_legal(best.parse().unwrap()));
    // Gote is checkmated: USI's answer is resign.
    assert!(e
        .ask("position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1")
        .is_empty());
    let (lines, best) = e.go("go depth 3");
    assert_eq!(best, "resign");
    assert!(lines.iter().any(|l| l.contains("the game is over")));
    e.quit();
}

/// A Yo[n]o position in which South, to move, has only `pass` (found by random play).
const ONLY_PASS: &str = "wLwRwNwS1wP2nL/3nG2nP1nK/6w+B1nN/3wPnPnL2nP/1sS1eP2eKnPeG/sPwK1wB1nP2eS/3sP1ePeNeS1/1sBsK1n+RePnGeR1/1sPsPeP2eB1eL s 4P/RGN/P/- swne 197";

#[test]
fn plays_four_seats() {
    let mut e = Engine::start();
    assert!(e.ask("setoption name USI_Variant value yono").is_empty());
    e.send("usinewgame");
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..8 {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        assert!(e.ask(&position).is_empty(), "{position}");
        let limit = ["go nodes 1500", "go depth 1", "go movetime 30", "go clock_s 3000 clock_w 3000 clock_n 3000 clock_e 3000 inc_s 100 inc_w 100 inc_n 100 inc_e 100"][ply % 4];
        let (lines, best) = e.go(limit);
        let game = game_of(Ruleset::Yono, &moves);
        let mv: Move = best.parse().unwrap();
        assert!(
            game.is_legal(mv),
            "{limit}: {best} is illegal after {moves:?}"
        );
        let info = lines
            .iter()
            .rfind(|l| l.starts_with("info depth"))
            .expect("an info line");
        // The root seat's score in points, every seat's score, and the USI numbers.
        assert!(info.contains(" score points "), "{info}");
        let scores = info.split(" scores ").nth(1).unwrap();
        for seat in ["s ", " w ", " n ", " e "] {
            assert!(scores.contains(seat), "{seat} missing in {info}");
        }
        assert_usi_numbers(info);
        moves.push(best);
    }
    e.send("gameover s 1 w 2 n 3 e 4");
    e.quit_in_silence();
}

#[test]
fn position_text_pass_and_fallen_seats() {
    let mut e = Engine::start();
    e.ask("setoption name USI_Variant value yono");
    let text = ONLY_PASS;
    assert!(e.ask(&format!("position text {text}")).is_empty());
    let (_, best) = e.go("go nodes 2000");
    assert_eq!(best, "pass");
    // The same position with `pass` played through the move list.
    assert!(e
        .ask(&format!("position text {text} moves pass"))
        .is_empty());
    assert!(shown_position(&mut e).contains(" w 4P/RGN/P/- swne 198"));
    // A position with West out: only the seats still in are scored.
    let one_out = "4nKnGnSnNnL/7nBnR/4nPnPnPnPnP/9/6eP1eK/6eP1eG/sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s -/-/-/- s0ne 5";
    assert!(e.ask(&format!("position text {one_out}")).is_empty());
    let (lines, _) = e.go("go depth 1");
    let info = lines.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    let scores = info.split(" scores ").nth(1).unwrap();
    assert!(scores.starts_with("s ") && scores.contains(" n ") && scores.contains(" e "));
    assert!(!scores.contains(" w "), "{info}");
    // One seat left: the game is over and there is no move.
    assert!(e
        .ask("position text 9/9/9/9/9/9/9/9/4sK4 s -/-/-/- s012 1")
        .is_empty());
    let (_, best) = e.go("go nodes 100");
    assert_eq!(best, "none");
    e.quit();
}

#[test]
fn usinewgame_forgets_the_earlier_searches() {
    // The node count of `go depth 6` from the start position (the timing varies).
    fn nodes_of_depth_6(e: &mut Engine) -> String {
        assert!(e.ask("position startpos").is_empty());
        let (lines, _) = e.go("go depth 6");
        let info = lines
            .iter()
            .rfind(|l| l.starts_with("info depth 6 "))
            .unwrap();
        let nodes = info.split(" nodes ").nth(1).unwrap();
        nodes.split(' ').next().unwrap().to_string()
    }
    let mut e = Engine::start();
    let fresh = nodes_of_depth_6(&mut e);
    let kept = nodes_of_depth_6(&mut e);
    assert!(kept.parse::<u64>().unwrap() < fresh.parse::<u64>().unwrap());
    assert!(e.ask("usinewgame").is_empty());
    assert_eq!(nodes_of_depth_6(&mut e), fresh);
    e.quit();
}

#[test]
fn stop_answers_at_once_and_is_never_lost() {
    let mut e = Engine::start();
    for variant in ["shogi", "yono"] {
        e.ask(&format!("setoption name USI_Variant value {variant}"));
        e.ask("position startpos");
        // An infinite search keeps its bestmove until stop: none comes before readyok.
        e.send("go infinite");
        let before = e.sync();
        assert!(
            !before.iter().any(|l| l.starts_with("bestmove")),
            "{before:#?}"
        );
        e.send("stop");
        let (_, best) = e
            .until(|l| l.starts_with("bestmove"))
            .last()
            .map(|l| ((), l.clone()))
            .unwrap();
        let mv: Move = best["bestmove ".len()..].parse().unwrap();
        assert!(Game::new(variant.parse().unwrap()).is_legal(mv));
        // A stop right behind the go, before the search can have begun, still stops it.
        for _ in 0..20 {
            e.send("go infinite\nstop");
            e.until(|l| l.starts_with("bestmove"));
        }
        // Plain `go` is `go infinite`.
        e.send("go");
        e.stop();
    }
    // A stop with no search is ignored quietly.
    assert!(e.ask("stop").is_empty());
    e.quit();
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let mut e = Engine::start();
    e.ask("setoption name USI_Ponder value true");
    e.ask("position startpos moves 7g7f");
    e.send("go ponder btime 1000 wtime 1000 byoyomi 100");
    assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));
    e.send("ponderhit");
    e.until(|l| l.starts_with("bestmove"));
    e.send("go ponder btime 1000 wtime 1000 byoyomi 100");
    e.stop();
    e.quit();
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let mut e = Engine::start();
    e.ask("position startpos moves 7g7f");
    let before = shown_position(&mut e);
    let cases: &[(&str, &str)] = &[
        ("hello", "unknown command \"hello\""),
        ("position", "expected \"startpos\""),
        ("position startpos moves 7g7f 7g7f", "move 2 \"7g7f\""),
        ("position startpos moves 5g5f 9z9z", "malformed move"),
        ("position sfen 9/9/9 b -", "4 fields"),
        ("position sfen 9/9/9/9/9/9/9/9/9 b - 1", "bad SFEN"),
        ("position text x s -/-/-/- swne 1", "bad position text"),
        (
            "position text wLwRwP1nKnGnSnNnL/wNwBwP4nBnR/wS1wP1nPnPnPnPnP/wG1wP6/wK1wP3eP1eK/6eP1eG/sPsPsPsPsP1eP1eS/sRsB4ePeBeN/sLsNsSsGsK1ePeReL s -/-/-/- swne 1",
            "but the variant is shogi",
        ),
        ("go nodes zero", "whole number"),
        ("go depth 0", "depth must be"),
        ("go infinite depth 3", "no other limit"),
        ("go clock_s 1000", "four-seat clocks"),
        ("go flurb 3", "unknown word \"flurb\""),
        ("go mate 3", "not supported"),
        ("setoption name USI_Hash value 0", "from 1 to 4096"),
        ("setoption name USI_Hash value big", "whole number"),
        ("setoption name USI_Variant value chess", "one of shogi, yono"),
        ("setoption name Colour value red", "unknown option \"Colour\""),
        ("setoption Hash", "setoption name <name>"),
        ("gameover maybe 1", "is not a seat"),
        ("isready now", "takes no arguments"),
        ("ponderhit", "no search is running"),
    ];
    for (line, expected) in cases {
        let lines = e.ask(line);
        one_error(&lines, expected);
        assert_eq!(shown_position(&mut e), before, "after {line:?}");
    }
    // Not UTF-8, an empty line, a line over the length limit, a NUL byte.
    e.send_bytes(b"\xff\xfe usi\n\n\x00\n");
    let lines = e.sync();
    assert_eq!(errors(&lines).len(), 2, "{lines:#?}");
    let mut long = vec![b'x'; (1 << 20) + 10];
    long.push(b'\n');
    e.send_bytes(&long);
    one_error(&e.sync(), "longer than");
    // Yo[n]o: the Shogi clocks and SFEN are refused with what to use instead.
    e.ask("setoption name USI_Variant value yono");
    one_error(
        &e.ask("go btime 1000 wtime 1000"),
        "clock_s, clock_w, clock_n, clock_e",
    );
    one_error(
        &e.ask("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        "position text",
    );
    one_error(&e.ask("go clock_w 1000"), "no clock is given for South");
    // While searching: go and setoption wait for stop.
    e.ask("position startpos");
    e.send("go infinite");
    one_error(&e.ask("go nodes 10"), "a search is running");
    one_error(&e.ask("setoption name Seed value 3"), "a search is running");
    e.stop();
    e.quit();
}

/// A little fuzzing: lines of random words and bytes, seeded. The engine answers
/// each with nothing or errors, never dies, and still plays afterwards.
#[test]
fn random_lines_never_kill_it() {
    let mut e = Engine::start();
    let words = [
        "usi",
        "isready",
        "setoption",
        "name",
        "value",
        "USI_Variant",
        "yono",
        "shogi",
        "USI_Hash",
        "position",
        "startpos",
        "sfen",
        "text",
        "moves",
        "go",
        "nodes",
        "depth",
        "movetime",
        "btime",
        "wtime",
        "clock_s",
        "inc_n",
        "byoyomi",
        "pass",
        "7g7f",
        "5g5f",
        "P*5e",
        "8h2b+",
        "gameover",
        "win",
        "s",
        "1",
        "0",
        "-1",
        "99999999999999999999",
        "+",
        "*",
        "/",
        "usinewgame",
        "ponderhit",
        "show",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300 {
        let n = (next() % 8) as usize;
        let mut line = String::new();
        for _ in 0..n {
            if next() % 5 == 0 {
                line.push(char::from_u32((next() % 0x250) as u32 + 1).unwrap_or('?'));
            } else {
                line.push_str(words[(next() % words.len() as u64) as usize]);
            }
            line.push(' ');
        }
        // `go` may start a search and `quit` would end the dialogue: both are played
        // deliberately below instead.
        if line.trim_start().starts_with("go") || line.contains("quit") || line.contains('\n') {
            continue;
        }
        e.send(&line);
    }
    e.sync();
    e.ask("setoption name USI_Variant value yono");
    e.ask("position startpos moves 5g5f");
    let (_, best) = e.go("go depth 1");
    assert!(game_of(Ruleset::Yono, &["5g5f".to_string()]).is_legal(best.parse().unwrap()));
    e.quit();
}

#[test]
fn the_end_of_input_ends_the_program() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.stdin = None;
    // The search in progress is stopped and answered, then the program exits.
    e.until(|l| l.starts_with("bestmove"));
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

/// The sample dialogue of docs/PROTOCOL.md is replayed: every command is sent, and
/// every answer has the form the page shows (the same option list, a bestmove for
/// every go, "none" where the page's game is over, the same final position).
#[test]
fn the_documented_dialogue_replays() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/PROTOCOL.md"))
        .unwrap();
    let block = doc
        .split("<!-- sample:begin -->\n```\n")
        .nth(1)
        .and_then(|b| b.split("\n```\n<!-- sample:end -->").next())
        .expect("docs/PROTOCOL.md has the sample dialogue");
    let lines: Vec<&str> = block.lines().collect();
    let mut e = Engine::start();
    let mut i = 0;
    let mut gos = 0;
    let mut game: Option<Game> = None;
    while i < lines.len() {
        let command = lines[i].strip_prefix("> ").expect("a command line");
        i += 1;
        let mut expected = Vec::new();
        while i < lines.len() && lines[i].starts_with("< ") {
            expected.push(&lines[i][2..]);
            i += 1;
        }
        if command == "quit" {
            e.quit();
            assert!(gos > 10, "the sample plays a game");
            return;
        }
        e.send(command);
        if let Some(text) = command.strip_prefix("position text ") {
            let (start, moves) = text.split_once(" moves ").unwrap_or((text, ""));
            let mut g = Game::from_position(Position::from_text(start).unwrap());
            for m in moves.split_whitespace() {
                g.play(m.parse().unwrap()).unwrap();
            }
            game = Some(g);
        }
        let Some(last) = expected.last() else {
            continue;
        };
        let last_word = last.split(' ').next().unwrap().to_string();
        let got = e.until(|l| {
            if last.starts_with("info string") {
                l.starts_with(&last[..16])
            } else {
                l.starts_with(&last_word)
            }
        });
        match command.split(' ').next().unwrap() {
            "usi" => {
                let options = |ls: &[&str]| {
                    ls.iter()
                        .filter(|l| l.starts_with("option") || l.starts_with("id author"))
                        .map(|l| l.to_string())
                        .collect::<Vec<_>>()
                };
                let got: Vec<&str> = got.iter().map(String::as_str).collect();
                assert_eq!(options(&got), options(&expected));
            }
            "go" => {
                gos += 1;
                let best = got.last().unwrap().split(' ').nth(1).unwrap();
                let documented = last.split(' ').nth(1).unwrap();
                if documented == "none" {
                    assert_eq!(best, "none");
                } else {
                    let g = game.as_ref().expect("a position before go");
                    assert!(g.is_legal(best.parse().unwrap()), "{command}: {best}");
                }
            }
            "show" => {
                let shown = |ls: Vec<&str>| {
                    ls.into_iter()
                        .filter(|l| l.starts_with("info string position"))
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    shown(got.iter().map(String::as_str).collect()),
                    shown(expected.clone())
                );
            }
            _ => assert_eq!(got.last().unwrap(), last),
        }
    }
    panic!("the sample ends with quit");
}
