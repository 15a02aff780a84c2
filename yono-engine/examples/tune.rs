//! Fits the evaluation's weights to self-play positions labelled by their games'
//! results (Texel's method: minimise the squared difference between the
//! evaluation's expected score and the final score), and writes them into
//! `yono-engine/src/weights.rs`.
//!
//! ```text
//! cargo run --release -p yono-engine --example tune -- --variant shogi \
//!     --data shogi.txt [--epochs 300] [--write]
//! ```
//!
//! The data are `examples/selfplay.rs` output. The model is the evaluation itself:
//! every seat's strength is the weighted sum of its features (`eval/mod.rs`); in
//! standard Shogi the expected score of the seat to move is
//! `½ + ½·d / (1500 + |d|)` of the strength difference `d`; in Yo[n]o every seat
//! still in expects `4 − k + Σ P(it outlasts j)` with `k` seats in and the same
//! sigmoid per pair. Full-batch Adam from the current weights, a little L2 pull
//! toward them (features seen rarely stay near their starting values); a tenth of
//! the games' positions (every tenth line) are held out and their loss reported.
//! `--write` replaces the variant's table in `weights.rs` with the rounded fit.

mod common;

use common::say;

use yono::{Position, Ruleset};
use yono_engine::tuning::{self, FEATURES, SPREAD};

struct Sample {
    /// (seat, feature, count) of every feature occurrence.
    features: Vec<(u8, u16, i16)>,
    /// Seats in the game (bitmask) and the seat to move.
    in_game: [bool; 4],
    mover: usize,
    /// Final score per seat.
    label: [f64; 4],
    /// Score of a seat still in before any pair: 4 − k (Yo[n]o), 0 (Shogi).
    base: f64,
}

fn load(path: &str, shogi: bool) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for line in text.lines() {
        let Some((label, pos_text)) = line.split_once('|') else {
            continue;
        };
        let Ok(pos) = Position::from_text(pos_text) else {
            continue;
        };
        let mut l = [0.0; 4];
        for (i, x) in label.split(',').enumerate().take(4) {
            l[i] = x.parse().unwrap_or(0.0);
        }
        let mut features = Vec::new();
        tuning::features(&pos, |s, f, n| features.push((s as u8, f as u16, n as i16)));
        let in_game = yono::Seat::ALL.map(|s| pos.seats_in_game().contains(s));
        let k = in_game.iter().filter(|&&x| x).count() as f64;
        out.push(Sample {
            features,
            in_game,
            mover: pos.turn().index(),
            label: l,
            base: if shogi { 0.0 } else { 4.0 - k },
        });
    }
    Ok(out)
}

/// P(outlasting) for a strength difference, and its derivative.
fn sigmoid(d: f64) -> (f64, f64) {
    let t = SPREAD as f64;
    (
        0.5 + 0.5 * d / (t + d.abs()),
        0.5 * t / (t + d.abs()).powi(2),
    )
}

/// Loss of one sample; adds its gradient (per weight) to `grad` when given.
fn sample_loss(s: &Sample, w: &[f64], shogi: bool, grad: Option<&mut [f64]>) -> f64 {
    let mut strength = [0.0f64; 4];
    for &(seat, f, n) in &s.features {
        strength[seat as usize] += w[f as usize] * n as f64;
    }
    // d loss / d strength[x]
    let mut dstr = [0.0f64; 4];
    let loss;
    if shogi {
        let me = s.mover;
        let other = if me == 0 { 2 } else { 0 };
        let (p, dp) = sigmoid(strength[me] - strength[other]);
        let err = p - s.label[me];
        loss = err * err;
        dstr[me] = 2.0 * err * dp;
        dstr[other] = -2.0 * err * dp;
    } else {
        let seats: Vec<usize> = (0..4).filter(|&i| s.in_game[i]).collect();
        let mut e = [s.base; 4];
        let mut pairs = Vec::new();
        for (a, &i) in seats.iter().enumerate() {
            for &j in &seats[a + 1..] {
                let (p, dp) = sigmoid(strength[i] - strength[j]);
                e[i] += p;
                e[j] += 1.0 - p;
                pairs.push((i, j, dp));
            }
        }
        let mut l = 0.0;
        let mut derr = [0.0; 4];
        for &i in &seats {
            let err = e[i] - s.label[i];
            l += err * err;
            derr[i] = 2.0 * err;
        }
        for (i, j, dp) in pairs {
            // e[i] += p(si − sj), e[j] += 1 − p.
            let g = (derr[i] - derr[j]) * dp;
            dstr[i] += g;
            dstr[j] -= g;
        }
        loss = l / seats.len() as f64;
        for d in &mut dstr {
            *d /= seats.len() as f64;
        }
    }
    if let Some(grad) = grad {
        for &(seat, f, n) in &s.features {
            grad[f as usize] += dstr[seat as usize] * n as f64;
        }
    }
    loss
}

fn total_loss(samples: &[&Sample], w: &[f64], shogi: bool) -> f64 {
    samples
        .iter()
        .map(|s| sample_loss(s, w, shogi, None))
        .sum::<f64>()
        / samples.len() as f64
}

/// Writes `weights` as the table `name` in weights.rs.
fn write_weights(name: &str, weights: &[i32]) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/weights.rs");
    let text = std::fs::read_to_string(path).expect("weights.rs");
    let start = text
        .find(&format!("pub(crate) const {name}: Weights = ["))
        .expect("the table in weights.rs");
    let end = start + text[start..].find("];").expect("the table's end") + 2;
    let mut table = format!("pub(crate) const {name}: Weights = [\n");
    for chunk in weights.chunks(12) {
        let row: Vec<String> = chunk.iter().map(|x| x.to_string()).collect();
        table += &format!("    {},\n", row.join(", "));
    }
    table += "];";
    let out = format!("{}{}{}", &text[..start], table, &text[end..]);
    std::fs::write(path, out).expect("weights.rs");
}

fn main() {
    let mut variant = Ruleset::Shogi;
    let mut data = Vec::new();
    let mut epochs = 300usize;
    let mut write = false;
    let mut rate = 2.0f64;
    let mut l2 = 1e-7f64;
    let mut cli = common::Cli::new(
        "tune",
        "tune --data FILE[,FILE...] [--variant shogi|yono] [--epochs N] [--rate X] [--l2 X] [--write]",
    );
    while let Some(flag) = cli.next_arg() {
        let parsed = match flag.as_str() {
            "--write" => {
                write = true;
                Ok(())
            }
            "--variant" => cli
                .value(&flag)
                .and_then(|v| common::parse_variant(&v))
                .map(|v| variant = v),
            "--data" => cli
                .value(&flag)
                .map(|v| data.extend(v.split(',').map(str::to_string))),
            "--epochs" => cli.parsed(&flag).map(|n| epochs = n),
            "--rate" => cli.parsed(&flag).map(|x| rate = x),
            "--l2" => cli.parsed(&flag).map(|x| l2 = x),
            other => common::Cli::unknown(other),
        };
        cli.or_exit(parsed);
    }
    if data.is_empty() {
        cli.or_exit(Err::<(), _>("--data is required".to_string()));
    }
    let shogi = variant == Ruleset::Shogi;
    let mut samples = Vec::new();
    for path in &data {
        samples.extend(cli.or_exit(load(path, shogi)));
    }
    let pick = |held: bool| -> Vec<&Sample> {
        samples
            .iter()
            .enumerate()
            .filter(|(i, _)| (i % 10 == 0) == held)
            .map(|(_, s)| s)
            .collect()
    };
    let (train, hold) = (pick(false), pick(true));
    eprintln!(
        "{} training and {} held-out positions",
        train.len(),
        hold.len()
    );
    let start: Vec<f64> = tuning::weights_of(variant)
        .iter()
        .map(|&x| x as f64)
        .collect();
    let mut w = start.clone();
    eprintln!(
        "start: train {:.5} held out {:.5}",
        total_loss(&train, &w, shogi),
        total_loss(&hold, &w, shogi)
    );
    // Adam.
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; FEATURES];
    let mut v = vec![0.0; FEATURES];
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(2);
    for epoch in 1..=epochs {
        let chunk = train.len().div_ceil(threads);
        let parts: Vec<(f64, Vec<f64>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = train
                .chunks(chunk.max(1))
                .map(|part| {
                    let w = &w;
                    scope.spawn(move || {
                        let mut g = vec![0.0; FEATURES];
                        let l: f64 = part
                            .iter()
                            .map(|s| sample_loss(s, w, shogi, Some(&mut g)))
                            .sum();
                        (l, g)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let n = train.len() as f64;
        let mut grad = vec![0.0; FEATURES];
        let mut loss = 0.0;
        for (l, g) in parts {
            loss += l;
            for (a, b) in grad.iter_mut().zip(g) {
                *a += b;
            }
        }
        loss /= n;
        for i in 0..FEATURES {
            let g = grad[i] / n + 2.0 * l2 * (w[i] - start[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 25 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: train {loss:.5} held out {:.5}",
                total_loss(&hold, &w, shogi)
            );
        }
    }
    let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    say!("{rounded:?}");
    if write {
        write_weights(if shogi { "SHOGI" } else { "YONO" }, &rounded);
        eprintln!("wrote weights.rs");
    }
}
