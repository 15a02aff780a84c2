//! The engine protocol: USI for standard Shogi, and its four-seat extension for
//! Yo\[n\]o Shogi (the project's `docs/PROTOCOL.md`). The `yono-engine` program is
//! [`run`] over standard input and output.
//!
//! A [`Session`] reads one command line at a time and writes its answers to the
//! output it was given; a search runs on an [`EngineHandle`], which writes `info`
//! lines as iterations complete and `bestmove` at the end, so the session keeps
//! reading (`stop`, `isready`, `quit`) while the engine thinks. A bad line gets an
//! `info string error: ...` that says what was wrong and changes nothing.
//!
//! ```
//! use std::sync::{Arc, Mutex};
//! use yono_engine::protocol::{Flow, Session};
//!
//! #[derive(Clone, Default)]
//! struct Shared(Arc<Mutex<Vec<u8>>>);
//! impl std::io::Write for Shared {
//!     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
//!     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
//! }
//!
//! let out = Shared::default();
//! let mut session = Session::new(out.clone());
//! for line in ["setoption name USI_Variant value yono", "position startpos moves 5g5f", "go depth 1"] {
//!     assert_eq!(session.handle_line(line), Flow::Continue);
//! }
//! session.wait_for_search();
//! let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
//! assert!(text.lines().last().unwrap().starts_with("bestmove "));
//! assert_eq!(session.handle_line("quit"), Flow::Quit);
//! ```

mod command;
mod format;
mod options;

use std::io::{BufRead, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use yono::{Game, Position, Ruleset, Seat};

use crate::time::TimePlan;
use crate::{Clock, EngineHandle, JobError, Limits, SearchError, SearchJob};
use command::{Command, Go, Start, MAX_LINE};
use options::Options;

/// What the caller does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was read: stop reading (the session has stopped its search).
    Quit,
}

/// Where answers go: shared by the session and the search's reports, one whole line
/// at a time.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn line(&self, text: &str) {
        let mut w = lock(&self.0);
        // A closed output (the GUI went away) is not an error worth stopping for:
        // the end of the input follows.
        let _ = writeln!(w, "{text}").and_then(|()| w.flush());
    }

    fn error(&self, what: impl std::fmt::Display) {
        self.line(&format!("info string error: {what}"));
    }
}

fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The search in progress, as the session sees it.
struct Running {
    job: SearchJob,
    /// `go infinite` and `go ponder` keep their `bestmove` until `stop` (or, for a
    /// ponder search, `ponderhit`) releases it.
    held: bool,
    /// A ponder search's time for its move, counted from `ponderhit`.
    ponder_budget: Option<Duration>,
}

#[derive(Default)]
struct Slot {
    running: Option<Running>,
}

struct SearchSlot {
    slot: Mutex<Slot>,
    released: Condvar,
}

/// One protocol session: the options, the position, and at most one search.
pub struct Session {
    out: Output,
    options: Options,
    game: Game,
    handle: Option<EngineHandle>,
    search: Arc<SearchSlot>,
    reporter: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("variant", &self.options.variant)
            .field("position", &self.game.position().text())
            .finish()
    }
}

impl Session {
    /// A session writing its answers to `out` (standard Shogi until `USI_Variant` says
    /// otherwise).
    pub fn new(out: impl Write + Send + 'static) -> Session {
        let options = Options::default();
        Session {
            out: Output(Arc::new(Mutex::new(Box::new(out)))),
            game: Game::new(options.variant),
            options,
            handle: None,
            search: Arc::new(SearchSlot {
                slot: Mutex::new(Slot::default()),
                released: Condvar::new(),
            }),
            reporter: None,
        }
    }

    /// Handles one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let command = match Command::parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                self.out.error(e);
                return Flow::Continue;
            }
        };
        match command {
            Command::Usi => self.usi(),
            Command::IsReady => {
                if !self.searching() {
                    self.engine();
                }
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UsiNewGame => {
                if self.searching() {
                    self.out
                        .error("usinewgame: a search is running (send stop first)");
                } else {
                    self.game = Game::new(self.options.variant);
                    if let Some(handle) = &self.handle {
                        handle.clear();
                    }
                }
            }
            Command::Position { start, moves } => self.position(start, &moves),
            Command::Go(go) => self.go(*go),
            Command::Stop => self.stop(),
            Command::PonderHit => self.ponderhit(),
            Command::GameOver => self.stop(),
            Command::Show => self.show(),
            Command::Quit => {
                self.finish();
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Waits until the search in progress (if any) has written its `bestmove`. A
    /// search held by `go infinite` or `go ponder` waits for `stop`, so this returns
    /// only after one.
    pub fn wait_for_search(&mut self) {
        if let Some(reporter) = self.reporter.take() {
            let _ = reporter.join();
        }
    }

    /// Stops the search in progress and waits for its `bestmove`.
    pub fn finish(&mut self) {
        self.stop();
        self.wait_for_search();
    }

    fn searching(&self) -> bool {
        lock(&self.search.slot).running.is_some()
    }

    fn engine(&mut self) -> &EngineHandle {
        let config = self.options.config;
        if self.handle.as_ref().map(EngineHandle::config) != Some(config) {
            // Drop the old engine (and its table) before building the new one.
            self.handle = None;
            self.handle = Some(EngineHandle::new(config));
        }
        self.handle.as_ref().expect("built just above")
    }

    fn usi(&self) {
        self.out
            .line(concat!("id name yono-engine ", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the yono contributors");
        for line in self.options.usi_lines() {
            self.out.line(&line);
        }
        self.out.line("usiok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.searching() {
            self.out
                .error("setoption: a search is running (send stop first)");
            return;
        }
        let variant = self.options.variant;
        match self.options.set(name, value) {
            Ok(Some(note)) => self.out.line(&format!("info string {note}")),
            Ok(None) => {
                if self.options.variant != variant {
                    self.game = Game::new(self.options.variant);
                }
            }
            Err(e) => self.out.error(format!("setoption: {e}")),
        }
    }

    fn position(&mut self, start: Start, moves: &[String]) {
        match self.read_position(start, moves) {
            Ok(game) => self.game = game,
            Err(e) => self
                .out
                .error(format!("position: {e} (the position is unchanged)")),
        }
    }

    fn read_position(&self, start: Start, moves: &[String]) -> Result<Game, String> {
        let variant = self.options.variant;
        let position = match start {
            Start::Initial => Position::new(variant),
            Start::Sfen(sfen) => {
                if variant != Ruleset::Shogi {
                    return Err(
                        "an SFEN is a standard Shogi position; for Yo[n]o use \"position text <position text>\" (or \"setoption name USI_Variant value shogi\")"
                            .into(),
                    );
                }
                Position::from_sfen(&sfen).map_err(|e| format!("bad SFEN \"{sfen}\": {e}"))?
            }
            Start::Text(text) => {
                let p = Position::from_text(&text)
                    .map_err(|e| format!("bad position text \"{text}\": {e}"))?;
                if p.ruleset() != variant {
                    return Err(format!(
                        "that is a {} position but the variant is {variant} (setoption name USI_Variant value {})",
                        p.ruleset(),
                        p.ruleset()
                    ));
                }
                p
            }
        };
        let mut game = Game::from_position(position);
        for (i, mv) in moves.iter().enumerate() {
            let bad = |e: &dyn std::fmt::Display| format!("move {} \"{mv}\": {e}", i + 1);
            let parsed: yono::Move = mv.parse().map_err(|e| bad(&e))?;
            game.play(parsed).map_err(|e| bad(&e))?;
        }
        Ok(game)
    }

    fn show(&self) {
        let pos = self.game.position();
        self.out
            .line(&format!("info string position {}", pos.text()));
        if let Some(sfen) = pos.sfen() {
            self.out.line(&format!("info string sfen {sfen}"));
        }
        let status = match self.game.status() {
            yono::Status::Ongoing => format!("ongoing, {} to move", pos.turn()),
            yono::Status::Won(seat) => format!("won by {seat}"),
            yono::Status::DrawnByRepetition => "drawn by repetition".into(),
        };
        self.out.line(&format!("info string status {status}"));
    }

    /// The search limits of a `go`, or what is wrong with it.
    fn limits(&self, go: &Go) -> Result<Limits, String> {
        let variant = self.options.variant;
        match variant {
            Ruleset::Shogi if go.has_seat_clock() => {
                return Err("clock_<seat>, inc_<seat> and byoyomi_<seat> are the four-seat clocks; standard Shogi uses btime, wtime, binc, winc and byoyomi".into())
            }
            Ruleset::Yono
                if go.btime.is_some() || go.wtime.is_some() || go.binc.is_some() || go.winc.is_some() =>
            {
                return Err("btime, wtime, binc and winc are the two Shogi clocks (Sente, Gote); Yo[n]o's are clock_s, clock_w, clock_n, clock_e with inc_<seat> and byoyomi_<seat>".into())
            }
            _ => {}
        }
        let mover = self.game.position().turn();
        let seats = self.game.position().ruleset().seats();
        // Each seat's clock words: USI's two in Shogi (South is Sente), four in Yo[n]o.
        let words = |seat: Seat| match variant {
            Ruleset::Shogi if seat == Seat::South => (go.btime, go.binc, go.byoyomi),
            Ruleset::Shogi => (go.wtime, go.winc, go.byoyomi),
            Ruleset::Yono => (
                go.clock[seat.index()],
                go.inc[seat.index()],
                go.seat_byoyomi[seat.index()].or(go.byoyomi),
            ),
        };
        let clocks = Seat::ALL.map(|seat| {
            let (remaining, increment, byoyomi) = words(seat);
            (seats.contains(seat) && (remaining.is_some() || byoyomi.is_some())).then(|| Clock {
                remaining: remaining.unwrap_or_default(),
                increment: increment.unwrap_or_default(),
                byoyomi: byoyomi.unwrap_or_default(),
            })
        });
        if go.has_clock() && clocks[mover.index()].is_none() {
            return Err(format!(
                "no clock is given for {mover}, the seat to move ({})",
                match variant {
                    Ruleset::Shogi if mover == Seat::South => "btime",
                    Ruleset::Shogi => "wtime",
                    Ruleset::Yono => ["clock_s", "clock_w", "clock_n", "clock_e"][mover.index()],
                }
            ));
        }
        Ok(Limits {
            nodes: go.nodes,
            depth: go.depth,
            time: go.movetime,
            clocks,
            mate: None,
        })
    }

    fn go(&mut self, go: Go) {
        if self.searching() {
            self.out.error("go: a search is running (send stop first)");
            return;
        }
        // The previous search has written its bestmove; its reporter is ending.
        self.wait_for_search();
        let mut limits = match self.limits(&go) {
            Ok(l) => l,
            Err(e) => {
                self.out.error(format!("go: {e}"));
                return;
            }
        };
        let variant = self.options.variant;
        if self.game.is_over() {
            self.out.line(&format!(
                "info string the game is over ({}): there is no move to search",
                status_text(&self.game)
            ));
            self.out.line(match variant {
                Ruleset::Shogi => "bestmove resign",
                Ruleset::Yono => "bestmove none",
            });
            return;
        }
        let held = go.infinite || go.ponder;
        // A ponder search thinks without limit until `ponderhit`, then for the time
        // its clocks would have given the move from the start.
        let ponder_budget = go
            .ponder
            .then(|| TimePlan::new(&limits, self.game.position().turn().index()).soft)
            .flatten();
        if go.ponder {
            limits = Limits::default();
        }
        let in_game = self.game.position().seats_in_game();
        let out = self.out.clone();
        let game = self.game.clone();
        let job = self.engine().start_with(&game, limits, move |info| {
            out.line(&format::info_line(info, variant, in_game));
        });
        lock(&self.search.slot).running = Some(Running {
            job: job.clone(),
            held,
            ponder_budget,
        });
        let search = Arc::clone(&self.search);
        let out = self.out.clone();
        let ponder = self.options.ponder && variant == Ruleset::Shogi;
        self.reporter = Some(std::thread::spawn(move || {
            let result = job.wait();
            let mut slot = lock(&search.slot);
            slot = search
                .released
                .wait_while(slot, |s| s.running.as_ref().is_some_and(|r| r.held))
                .unwrap_or_else(|e| e.into_inner());
            // Written while the slot is locked and cleared in the same breath: whoever
            // has read this bestmove finds the session idle.
            out.line(&bestmove_line(&result, &game, ponder, &out));
            slot.running = None;
        }));
    }

    fn stop(&mut self) {
        let mut slot = lock(&self.search.slot);
        if let Some(running) = slot.running.as_mut() {
            running.job.stop();
            running.held = false;
            self.search.released.notify_all();
        }
    }

    fn ponderhit(&mut self) {
        let mut slot = lock(&self.search.slot);
        let Some(running) = slot.running.as_mut() else {
            self.out.error("ponderhit: no search is running");
            return;
        };
        // Without a clock in the `go ponder`, the search thinks on until `stop`, as
        // `go infinite` would.
        let Some(budget) = running.ponder_budget.filter(|_| running.held) else {
            return;
        };
        running.held = false;
        self.search.released.notify_all();
        let job = running.job.clone();
        std::thread::spawn(move || {
            if job.wait_timeout(budget).is_none() {
                job.stop();
            }
        });
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.finish();
    }
}

fn status_text(game: &Game) -> String {
    match game.status() {
        yono::Status::Ongoing => "ongoing".into(),
        yono::Status::Won(seat) => format!("won by {seat}"),
        yono::Status::DrawnByRepetition => "drawn by repetition".into(),
    }
}

fn bestmove_line(
    result: &Result<crate::SearchResult, JobError>,
    game: &Game,
    ponder: bool,
    out: &Output,
) -> String {
    match result {
        Ok(r) => match r.pv.get(1) {
            Some(next) if ponder => format!("bestmove {} ponder {next}", r.best_move),
            _ => format!("bestmove {}", r.best_move),
        },
        Err(e) => {
            if !matches!(e, JobError::Search(SearchError::GameOver)) {
                out.error(format!("go: {e}"));
            }
            match game.position().ruleset() {
                Ruleset::Shogi => "bestmove resign".into(),
                Ruleset::Yono => "bestmove none".into(),
            }
        }
    }
}

/// Runs a session over `input` and `output` until `quit` or the end of the input
/// (the `yono-engine` program is this over standard input and output). Lines longer
/// than 1 MiB are refused whole; bytes that are not UTF-8 are replaced (and then
/// refused as unknown words).
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) -> std::io::Result<()> {
    let mut session = Session::new(output);
    let mut line = Vec::new();
    loop {
        line.clear();
        let mut too_long = false;
        loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..=i], true),
                None => (buf, false),
            };
            let n = chunk.len();
            if line.len() + n > MAX_LINE + 1 {
                too_long = true;
            } else {
                line.extend_from_slice(chunk);
            }
            input.consume(n);
            if found {
                break;
            }
        }
        if line.is_empty() && !too_long {
            // The end of the input: as `quit`.
            session.finish();
            return Ok(());
        }
        if too_long {
            session
                .out
                .error(format!("a line longer than {MAX_LINE} bytes was ignored"));
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        if session.handle_line(text.trim_end_matches(['\n', '\r'])) == Flow::Quit {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_reach_the_limits() {
        let mut session = Session::new(std::io::sink());
        let go = |s: &Session, line: &str| match Command::parse(line) {
            Ok(Some(Command::Go(go))) => s.limits(&go),
            other => panic!("{other:?}"),
        };
        let ms = Duration::from_millis;
        let l = go(&session, "go btime 1000 wtime 2000 binc 10 byoyomi 100").unwrap();
        assert_eq!(
            l.clocks[0],
            Some(Clock {
                remaining: ms(1000),
                increment: ms(10),
                byoyomi: ms(100)
            })
        );
        assert_eq!(l.clocks[2].map(|c| c.remaining), Some(ms(2000)));
        assert!(l.clocks[1].is_none() && l.clocks[3].is_none());
        session.handle_line("setoption name USI_Variant value yono");
        let l = go(
            &session,
            "go clock_s 5 clock_w 6 clock_n 7 clock_e 8 inc_e 1 byoyomi 3",
        )
        .unwrap();
        let remaining: Vec<_> = l.clocks.iter().map(|c| c.unwrap().remaining).collect();
        assert_eq!(remaining, [ms(5), ms(6), ms(7), ms(8)]);
        assert_eq!(l.clocks[3].unwrap().increment, ms(1));
        assert!(l.clocks.iter().all(|c| c.unwrap().byoyomi == ms(3)));
        assert!(go(&session, "go clock_w 5").is_err());
    }
}
