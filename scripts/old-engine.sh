#!/usr/bin/env bash
# Builds the engine of commit 014eba7 (the engine before issue 25's search) behind
# the line protocol of yono-engine/examples/line_engine.rs, for comparisons only:
# `examples/match.rs` plays it (`proc:PATH`), `examples/bench.rs --before PATH`
# times it. Prints the binary's path. Usage: scripts/old-engine.sh [DIR]
# (default /tmp/yono-014eba7; a git worktree of that commit, never committed to).
set -euo pipefail
dir="${1:-/tmp/yono-014eba7}"
repo="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
if [ ! -d "$dir" ]; then
    git -C "$repo" worktree add --detach "$dir" 014eba7 >&2
fi
cat > "$dir/yono-engine/examples/line_engine.rs" <<'EOF'
//! The engine of 014eba7 behind the line protocol (scripts/old-engine.sh).
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};
use yono::Position;
use yono_engine::{Engine, EngineConfig, Limits};
fn main() {
    let mut engine = Engine::new(EngineConfig { seed: 0, hash_mb: 16, noise: 0 });
    let mut pos = Position::start();
    let mut out = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("position ") {
            let (text, moves) = rest.split_once(" moves ").unwrap_or((rest, ""));
            pos = Position::from_text(text).expect("a position text");
            for mv in moves.split_whitespace() {
                pos.play_text(mv).expect("a legal move");
            }
        } else if let Some(go) = line.strip_prefix("go ") {
            let mut limits = Limits::default();
            let words: Vec<&str> = go.split_whitespace().collect();
            for pair in words.chunks(2) {
                let n: u64 = pair.get(1).and_then(|v| v.parse().ok()).unwrap_or(0);
                match pair[0] {
                    "movetime" => limits.time = Some(Duration::from_millis(n)),
                    "nodes" => limits.nodes = Some(n),
                    "depth" => limits.depth = Some(n as u32),
                    _ => {}
                }
            }
            let started = Instant::now();
            let r = engine.search(&pos, limits).expect("a move");
            writeln!(
                out,
                "bestmove {} depth {} nodes {} time {}",
                r.best_move,
                r.depth,
                r.nodes,
                started.elapsed().as_millis()
            )
            .unwrap();
            out.flush().unwrap();
        } else if line == "quit" {
            break;
        }
    }
}
EOF
CARGO_TARGET_DIR="$dir/target" cargo build --release -q --manifest-path "$dir/Cargo.toml" \
    -p yono-engine --example line_engine >&2
echo "$dir/target/release/examples/line_engine"
