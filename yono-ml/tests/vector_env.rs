//! VectorEnv: per-seat ends, the stop rule, legal lists and masks against the games,
//! determinism over thread counts, refused steps, engine opponents, the tie rule.

// Games and seats are numbered: index loops read as the env is indexed.
#![allow(clippy::needless_range_loop)]

use yono::{Game, Move, Ruleset, Seat, SeatSet};
use yono_engine::{Engine, EngineConfig, Limits};
use yono_ml::{
    action_of, decided_rewards, move_of, write_mask, write_observation, Actions, Config,
    ConfigError, Player, StepError, VectorEnv, ACTION_SIZE, LEGAL_WIDTH, NO_ACTION, OBS_LEN,
};

fn south_only(n: usize, seed: u64) -> Config {
    Config::new(Ruleset::Yono, n)
        .seed(seed)
        .agents(SeatSet::single(Seat::South), Player::Random)
}

/// Every output of the env as bytes, for comparing runs.
fn snapshot(env: &VectorEnv) -> Vec<u8> {
    let mut out = env.observations().to_vec();
    out.extend(env.masks().unwrap_or(&[]).iter().map(|&b| b as u8));
    out.extend(
        env.legal_actions_padded()
            .iter()
            .flat_map(|a| a.to_le_bytes()),
    );
    out.extend(env.legal_counts().iter().flat_map(|a| a.to_le_bytes()));
    out.extend(env.rewards().iter().flat_map(|a| a.to_le_bytes()));
    out.extend(env.seat_terminated_all().iter().map(|&b| b as u8));
    out.extend(env.seat_truncated_all().iter().map(|&b| b as u8));
    for flags in [env.terminated(), env.truncated(), env.drawn()] {
        out.extend(flags.iter().map(|&b| b as u8));
    }
    out.extend(env.to_play().iter().map(|&s| s as u8));
    out.extend(env.played().iter().flat_map(|a| a.to_le_bytes()));
    out.extend(env.final_plies().iter().flat_map(|a| a.to_le_bytes()));
    out.extend(env.game_ids().iter().flat_map(|a| a.to_le_bytes()));
    out
}

#[test]
fn an_agents_outcome_arrives_only_in_a_step_where_it_is_terminated() {
    // South alone against random seats, with a cap that cuts many games short.
    let mut env = VectorEnv::new(south_only(32, 1).max_plies(150)).unwrap();
    let s = Seat::South.index();
    let (mut outcomes, mut cut) = (0, 0);
    for _ in 0..1500 {
        env.step(Actions::Random).unwrap();
        for i in 0..env.num_envs() {
            let (term, trunc) = (env.seat_terminated(i)[s], env.seat_truncated(i)[s]);
            assert!(!(term && trunc));
            if env.reward(i)[s] != 0.0 {
                assert!(term, "South's reward in a step where it is not terminated");
            }
            // South is the only agent: its end is the game's end for the env.
            assert_eq!(term, env.terminated()[i]);
            assert_eq!(trunc, env.truncated()[i]);
            if term {
                outcomes += 1;
                // South's place is one of 0, 1, 2 or 3 (or a shared mean of them).
                let place = (env.reward(i)[s] + 1.0) * 1.5;
                assert!((0.0..=3.0).contains(&place), "{place}");
            }
            cut += usize::from(trunc);
        }
    }
    assert!(outcomes > 50 && cut > 50, "{outcomes} outcomes, {cut} cut");
}

#[test]
fn a_game_stops_once_its_agents_are_out_unless_asked_to_play_on() {
    let s = Seat::South.index();
    for play_out in [false, true] {
        let config = south_only(16, 2).play_out(play_out).max_plies(100_000);
        let mut env = VectorEnv::new(config).unwrap();
        // The seats each game has decided in earlier steps.
        let mut decided = [[false; 4]; 16];
        let mut early_falls = 0;
        for _ in 0..2000 {
            env.step(Actions::Random).unwrap();
            for (i, earlier) in decided.iter_mut().enumerate() {
                let (term, trunc) = (env.seat_terminated(i), env.seat_truncated(i));
                if env.terminated()[i] || env.truncated()[i] {
                    // Every seat is accounted for exactly once.
                    for t in 0..4 {
                        assert_eq!(
                            u8::from(earlier[t]) + u8::from(term[t]) + u8::from(trunc[t]),
                            1
                        );
                    }
                    // Stopped with seats still playing: only when South is out.
                    let stopped = trunc.iter().any(|&t| t);
                    if play_out {
                        assert!(!stopped, "played to the end: none undecided");
                    } else if stopped {
                        assert!(term[s] && env.terminated()[i]);
                        early_falls += 1;
                    }
                    *earlier = [false; 4];
                } else {
                    assert!(
                        !term[s] && !trunc[s],
                        "South's end ends the game for the env"
                    );
                    for t in 0..4 {
                        earlier[t] |= term[t];
                    }
                }
            }
        }
        assert!(play_out || early_falls > 5, "{early_falls}");
    }
}

#[test]
fn self_play_rewards_add_up_to_zero_and_each_seat_is_decided_once() {
    let config = Config::new(Ruleset::Yono, 16).seed(3).max_plies(100_000);
    let mut env = VectorEnv::new(config).unwrap();
    let mut totals = vec![[0.0f32; 4]; 16];
    let mut decided = vec![[0u32; 4]; 16];
    let mut finished = 0;
    while finished < 40 {
        env.step(Actions::Random).unwrap();
        for i in 0..16 {
            for s in 0..4 {
                totals[i][s] += env.reward(i)[s];
                decided[i][s] += u32::from(env.seat_terminated(i)[s]);
            }
            if env.terminated()[i] {
                let last = env.final_game(i).expect("the game that ended");
                assert!(last.is_over());
                assert_eq!(last.moves().len(), env.final_plies()[i] as usize);
                let sum: f32 = totals[i].iter().sum();
                assert!(sum.abs() < 1e-5, "{:?}", totals[i]);
                assert_eq!(decided[i], [1; 4]);
                assert!(env.final_plies()[i] > 0);
                totals[i] = [0.0; 4];
                decided[i] = [0; 4];
                finished += 1;
            }
            assert!(!env.truncated()[i]);
            if !env.terminated()[i] {
                assert!(env.final_game(i).is_none());
            }
        }
    }
}

#[test]
fn lists_masks_and_observations_match_the_games() {
    for ruleset in [Ruleset::Yono, Ruleset::Shogi] {
        let mut env = VectorEnv::new(Config::new(ruleset, 6).seed(4).max_plies(300)).unwrap();
        let mut mask = vec![false; ACTION_SIZE];
        let mut planes = vec![0u8; OBS_LEN];
        for _ in 0..400 {
            env.step(Actions::Random).unwrap();
            for i in 0..env.num_envs() {
                let game = env.game(i).unwrap();
                let pos = game.position();
                let turn = pos.turn();
                assert_eq!(env.to_play()[i], turn.index() as i8);
                let moves = game.legal_moves();
                let listed: Vec<i16> = moves.iter().map(|&m| action_of(m, turn) as i16).collect();
                assert_eq!(env.legal_actions(i), &listed[..]);
                let row = &env.legal_actions_padded()[i * LEGAL_WIDTH..(i + 1) * LEGAL_WIDTH];
                assert!(row[listed.len()..].iter().all(|&a| a == NO_ACTION));
                write_mask(&moves, turn, &mut mask).unwrap();
                let masks = env.masks().unwrap();
                assert_eq!(&masks[i * ACTION_SIZE..(i + 1) * ACTION_SIZE], &mask[..]);
                write_observation(pos, game.repetitions(), turn, &mut planes).unwrap();
                assert_eq!(env.observation(i), &planes[..]);
            }
        }
    }
}

#[test]
fn outputs_do_not_depend_on_the_number_of_threads() {
    use std::hash::{DefaultHasher, Hash, Hasher};
    // 40 games: enough for random steps to be split over the threads (from 32).
    let run = |threads: usize, opponent: Player, steps: usize| {
        // Engine steps are split from 2 games on.
        let games = if opponent == Player::Random { 40 } else { 8 };
        let config = Config::new(Ruleset::Yono, games)
            .seed(5)
            .threads(threads)
            .max_plies(120)
            .agents(SeatSet::single(Seat::South).with(Seat::North), opponent);
        let mut env = VectorEnv::new(config).unwrap();
        // Every output every 10th step (a move that differed would change every
        // later observation); the per-step results at every step.
        let digest = |env: &VectorEnv, full: bool| {
            let mut h = DefaultHasher::new();
            if full {
                snapshot(env).hash(&mut h);
            } else {
                env.rewards().iter().for_each(|r| r.to_bits().hash(&mut h));
                env.played().hash(&mut h);
                env.terminated().hash(&mut h);
                env.truncated().hash(&mut h);
            }
            h.finish()
        };
        let mut trace = vec![digest(&env, true)];
        for step in 1..=steps {
            env.step(Actions::Random).unwrap();
            trace.push(digest(&env, step % 10 == 0 || step == steps));
        }
        trace
    };
    // 150 steps (a ply or more each) at a 120-ply cap: games are cut and restarted.
    let one = run(1, Player::Random, 150);
    assert_eq!(one, run(2, Player::Random, 150));
    assert_eq!(one, run(3, Player::Random, 150));
    let engine = run(1, Player::Engine { nodes: 30 }, 20);
    assert_eq!(engine, run(2, Player::Engine { nodes: 30 }, 20));
}

#[test]
fn choices_and_indices_play_the_same_moves() {
    let mut a = VectorEnv::new(south_only(5, 6)).unwrap();
    let mut b = VectorEnv::new(south_only(5, 6)).unwrap();
    for step in 0..200 {
        let choices: Vec<i64> = a
            .legal_counts()
            .iter()
            .map(|&c| (step * 7 % c as usize) as i64)
            .collect();
        let indices: Vec<i64> = (0..5)
            .map(|i| b.legal_actions(i)[choices[i] as usize] as i64)
            .collect();
        a.step(Actions::Choices(&choices)).unwrap();
        b.step(Actions::Indices(&indices)).unwrap();
        assert_eq!(a.played(), &indices[..]);
        assert_eq!(snapshot(&a), snapshot(&b));
    }
}

#[test]
fn a_refused_step_changes_nothing() {
    let mut env = VectorEnv::new(south_only(3, 7)).unwrap();
    env.step(Actions::Random).unwrap();
    let before = snapshot(&env);
    let good: Vec<i64> = (0..3).map(|i| env.legal_actions(i)[0] as i64).collect();
    let mut bad = good.clone();
    bad[2] = 0; // 9a to 9a: no move
    assert_eq!(
        env.step(Actions::Indices(&bad)),
        Err(StepError::IllegalAction {
            game: 2,
            action: 0,
            seat: "South"
        })
    );
    bad[2] = -5;
    assert!(matches!(
        env.step(Actions::Indices(&bad)),
        Err(StepError::IllegalAction { game: 2, .. })
    ));
    let count = env.legal_counts()[1] as usize;
    let choices = [0, count as i64, 0];
    assert_eq!(
        env.step(Actions::Choices(&choices)),
        Err(StepError::ChoiceOutOfRange {
            game: 1,
            choice: count as i64,
            count
        })
    );
    assert!(matches!(
        env.step(Actions::Indices(&good[..2])),
        Err(StepError::WrongCount {
            expected: 3,
            got: 2
        })
    ));
    assert_eq!(
        env.step(Actions::Engine { nodes: 0 }),
        Err(StepError::NoNodes)
    );
    assert_eq!(snapshot(&env), before);
    env.step(Actions::Indices(&good)).unwrap();
}

#[test]
fn bad_configs_are_refused() {
    let yono = |n| Config::new(Ruleset::Yono, n);
    assert_eq!(VectorEnv::new(yono(0)).unwrap_err(), ConfigError::NoGames);
    assert_eq!(
        VectorEnv::new(yono(1).threads(0)).unwrap_err(),
        ConfigError::NoThreads
    );
    assert_eq!(
        VectorEnv::new(yono(1).max_plies(0)).unwrap_err(),
        ConfigError::NoPlies
    );
    let west_in_shogi =
        Config::new(Ruleset::Shogi, 1).agents(SeatSet::single(Seat::West), Player::Random);
    assert!(matches!(
        VectorEnv::new(west_in_shogi),
        Err(ConfigError::NoAgent(_))
    ));
    let no_nodes = yono(1).player(Seat::East, Player::Engine { nodes: 0 });
    assert_eq!(VectorEnv::new(no_nodes).unwrap_err(), ConfigError::NoNodes);
}

#[test]
fn engine_seats_play_the_engines_move() {
    let config = Config::new(Ruleset::Yono, 3)
        .seed(8)
        .agents(SeatSet::single(Seat::South), Player::Engine { nodes: 40 });
    let mut env = VectorEnv::new(config).unwrap();
    for _ in 0..6 {
        env.step(Actions::Random).unwrap();
    }
    let mut engine = Engine::new(EngineConfig {
        hash_mb: 1,
        ..EngineConfig::default()
    });
    for i in 0..3 {
        let played = env.game(i).unwrap().moves().to_vec();
        let mut replay = Game::new(Ruleset::Yono);
        for mv in played {
            if replay.position().turn() != Seat::South {
                let best = engine.search(replay.position(), Limits::nodes(40)).unwrap();
                assert_eq!(best.best_move, mv);
            }
            replay.play(mv).unwrap();
        }
    }
    // The agent's own moves from the engine: `played` reports them.
    let before: Vec<Game> = (0..3).map(|i| env.game(i).unwrap().clone()).collect();
    env.step(Actions::Engine { nodes: 40 }).unwrap();
    for (i, game) in before.iter().enumerate() {
        let best = engine.search(game.position(), Limits::nodes(40)).unwrap();
        assert_eq!(
            env.played()[i],
            action_of(best.best_move, Seat::South) as i64
        );
    }
}

#[test]
fn masks_can_be_left_out() {
    let mut env = VectorEnv::new(south_only(4, 9).masks(false)).unwrap();
    assert!(env.masks().is_none());
    env.step(Actions::Random).unwrap();
    assert!(env.legal_counts().iter().all(|&c| c > 0));
}

#[test]
fn game_ids_are_unique() {
    let mut env = VectorEnv::new(south_only(4, 10).max_plies(20)).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut current: Vec<i64> = env.game_ids().to_vec();
    seen.extend(current.iter().copied());
    for _ in 0..200 {
        env.step(Actions::Random).unwrap();
        for i in 0..4 {
            let id = env.game_ids()[i];
            if env.terminated()[i] || env.truncated()[i] {
                assert_ne!(id, current[i]);
                assert!(seen.insert(id));
            } else {
                assert_eq!(id, current[i]);
            }
        }
        current = env.game_ids().to_vec();
    }
    assert!(seen.len() > 20);
}

/// Every line of `plies` plies from the start, with what the seats hold after it.
fn all_lines(ruleset: Ruleset, plies: usize, visit: &mut impl FnMut(&Game)) {
    fn walk(game: &mut Game, left: usize, visit: &mut impl FnMut(&Game)) {
        visit(game);
        if left == 0 {
            return;
        }
        for mv in game.legal_moves() {
            game.play(mv).unwrap();
            walk(game, left - 1, visit);
            game.undo();
        }
    }
    walk(&mut Game::new(ruleset), plies, visit);
}

#[test]
fn no_seat_can_fall_before_every_seat_has_moved() {
    // Slot::reset relies on this: the opponents' moves before an agent's first turn
    // decide nothing.
    for (ruleset, plies) in [(Ruleset::Yono, 3), (Ruleset::Shogi, 1)] {
        let mut lines = 0;
        all_lines(ruleset, plies, &mut |game| {
            assert_eq!(game.position().seats_in_game(), ruleset.seats());
            assert!(!game.is_over());
            lines += 1;
        });
        assert!(lines > 1000 || ruleset == Ruleset::Shogi, "{lines}");
    }
}

#[test]
fn seats_falling_together_share_their_places() {
    // West's Rook on 5c eyes North's King, its Bishop on 3g East's: whatever South
    // plays, West is next and both fall at the same moment (scores 0 and 0: places 0
    // and 1 shared, 0.5 each).
    let text = "4nK4/9/4wR4/9/wK7eK/9/4sP1wB2/5sG3/4sK4 s -/-/-/- swne 1";
    let mut game = Game::from_text(text).unwrap();
    let before = game.position().seats_in_game();
    game.play("5i6i".parse::<Move>().unwrap()).unwrap();
    assert_eq!(
        game.position().seats_in_game(),
        SeatSet::single(Seat::South).with(Seat::West)
    );
    let rewards = decided_rewards(before, &game);
    let shared = 2.0 * 0.5 / 3.0 - 1.0;
    assert_eq!(rewards, [None, None, Some(shared), Some(shared)]);
}

#[test]
fn a_four_seat_draw_is_worth_zero_to_everyone() {
    let mut game = Game::new(Ruleset::Yono);
    let cycle = [
        "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
    ];
    for text in cycle.repeat(3) {
        let before = game.position().seats_in_game();
        game.play(text.parse().unwrap()).unwrap();
        let rewards = decided_rewards(before, &game);
        if game.is_over() {
            assert_eq!(rewards, [Some(0.0); 4]);
        } else {
            assert_eq!(rewards, [None; 4]);
        }
    }
    assert!(game.is_drawn());
}

#[test]
fn move_of_inverts_action_of_for_legal_moves() {
    let mut env = VectorEnv::new(Config::new(Ruleset::Yono, 2).seed(11)).unwrap();
    for _ in 0..300 {
        env.step(Actions::Random).unwrap();
        for i in 0..2 {
            let turn = env.game(i).unwrap().position().turn();
            for &a in env.legal_actions(i) {
                let mv = move_of(a as usize, turn).unwrap();
                assert_eq!(action_of(mv, turn), a as usize);
            }
        }
    }
}

#[test]
fn engine_opponents_do_not_depend_on_the_number_of_threads() {
    // Standard Shogi, the engine always North: a pooled engine's consecutive searches
    // are of the same seat in different games, which it must not carry over.
    let run = |threads: usize| {
        let config = Config::new(Ruleset::Shogi, 8)
            .seed(3)
            .threads(threads)
            .max_plies(60)
            .agents(SeatSet::single(Seat::South), Player::Engine { nodes: 400 });
        let mut env = VectorEnv::new(config).unwrap();
        (0..12)
            .map(|_| {
                env.step(Actions::Random).unwrap();
                snapshot(&env)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(1), run(2));
}
