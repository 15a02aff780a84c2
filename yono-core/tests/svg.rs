//! SVG diagrams: well-formed XML, every piece and reserve count present, every option
//! visible in the output. `YONO_SVG_OUT=<dir>` also writes the two documentation
//! diagrams (`start.svg`, `midgame.svg`) there, for `docs/render.sh`.

mod invariants;

use invariants::XorShift;
use yono::svg::{SvgOptions, SEAT_COLORS};
use yono::{Game, Move, Piece, Position, Ruleset, Seat, SeatState, Square};

/// A mid-game Yo[n]o position: East checkmated (score 0), South's King threatened by
/// West, reserves for three seats, promoted pieces; West just played 6e5f.
pub const MIDGAME: &str = "wL1wN1wPnG2nL/2nK3nSs+BnR/2wB2nP1nP1/wG1wBwPnP1nP2/wK4sK1w+P1/1wR2wSsG2n+N/sP1sNsPsP4/sR7n+P/sL1sS1s+B4 n G4P/P/P/- swn0 74";
const MIDGAME_LAST: &str = "6e5f";

/// A minimal XML well-formedness check: tags balance, attributes are quoted, only
/// the predefined or numeric entities appear, one root element `svg`.
fn check_xml(doc: &str) -> Result<(), String> {
    let body = doc
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
        .ok_or("no XML declaration")?;
    let mut stack: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut rest = body;
    while let Some(lt) = rest.find('<') {
        check_text(&rest[..lt])?;
        let gt = rest[lt..].find('>').ok_or("unclosed tag")? + lt;
        let tag = &rest[lt + 1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("stray </{name}>"))?;
            if open != name {
                return Err(format!("</{name}> closes <{open}>"));
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = &tag[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("bad tag name {name:?}"));
        }
        check_attrs(&tag[name_end..])?;
        if stack.is_empty() {
            roots += 1;
            if name != "svg" {
                return Err(format!("root element {name}"));
            }
        }
        if !self_closing {
            stack.push(name.to_string());
        }
    }
    check_text(rest)?;
    if !stack.is_empty() || roots != 1 || !rest.trim().is_empty() {
        return Err(format!("unbalanced: open {stack:?}, roots {roots}"));
    }
    Ok(())
}

fn check_text(text: &str) -> Result<(), String> {
    if text.contains('>') {
        return Err(format!("raw '>' in {text:?}"));
    }
    let mut parts = text.split('&');
    parts.next();
    for part in parts {
        let end = part.find(';').ok_or(format!("bad entity in {text:?}"))?;
        let entity = &part[..end];
        let ok = matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos")
            || entity
                .strip_prefix('#')
                .is_some_and(|n| n.parse::<u32>().is_ok());
        if !ok {
            return Err(format!("unknown entity &{entity};"));
        }
    }
    Ok(())
}

fn check_attrs(mut attrs: &str) -> Result<(), String> {
    let mut names = Vec::new();
    loop {
        attrs = attrs.trim_start();
        if attrs.is_empty() {
            return Ok(());
        }
        let eq = attrs
            .find('=')
            .ok_or(format!("attribute without value: {attrs:?}"))?;
        let name = &attrs[..eq];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
        {
            return Err(format!("bad attribute name {name:?}"));
        }
        if names.contains(&name) {
            return Err(format!("attribute {name} twice"));
        }
        names.push(name);
        let value = attrs[eq + 1..]
            .strip_prefix('"')
            .ok_or("unquoted attribute")?;
        let close = value.find('"').ok_or("unterminated attribute")?;
        if value[..close].contains('<') {
            return Err("'<' in attribute".into());
        }
        check_text(&value[..close])?;
        attrs = &value[close + 1..];
    }
}

/// Every piece on the board and every reserve entry is named in the SVG.
fn assert_complete(pos: &Position, svg: &str) {
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            let title = format!("<title>{p} {sq}</title>");
            assert!(svg.contains(&title), "missing {title}");
        }
    }
    for seat in pos.ruleset().seats().iter() {
        let reserve = pos.reserve(seat);
        if reserve.is_empty() {
            assert!(svg.contains(&format!("<title>{seat} reserve: empty</title>")));
        }
        for (kind, count) in reserve.iter() {
            let title = format!("<title>{seat} reserve: {count} {}</title>", kind.name());
            assert!(svg.contains(&title), "missing {title}");
            // The count as text, or drawn as a path (text_as_paths).
            assert!(
                svg.contains(&format!("&#215;{count}</text>"))
                    || svg.contains(r#"<path class="count""#)
            );
        }
    }
}

fn midgame() -> Position {
    Position::from_text(MIDGAME).unwrap()
}

#[test]
fn start_position_is_well_formed_and_complete() {
    let pos = Position::start();
    let svg = pos.svg(&SvgOptions::default());
    check_xml(&svg).unwrap();
    assert_complete(&pos, &svg);
    assert_eq!(svg.matches(r#"<g class="piece "#).count(), 48);
    assert!(svg.contains(r#"version="1.1""#));
    assert!(svg.contains(r#"width="640" height="640""#));
    for coord in ["9", "1", "a", "i"] {
        assert!(svg.contains(&format!(">{coord}</text>")));
    }
    for color in SEAT_COLORS {
        assert!(svg.contains(color));
    }
    // South is to move; nobody is out; nothing is threatened.
    assert_eq!(svg.matches(r#"class="to-move""#).count(), 1);
    assert!(svg.contains(r##"<g class="panel s"><rect x="188" y="752" width="540" height="160" rx="10" fill="#ffcdd2""##));
    assert!(!svg.contains("checkmated"));
    assert!(!svg.contains(r#"class="threat""#));
    // No external resources.
    assert!(!svg.contains("href"));
    assert!(!svg.contains("@import"));
}

#[test]
fn midgame_shows_reserves_checkmated_seat_and_threats() {
    let pos = midgame();
    let svg = pos.svg(&SvgOptions::default());
    check_xml(&svg).unwrap();
    assert_complete(&pos, &svg);
    assert_eq!(pos.seat_state(Seat::East), SeatState::Out(0));
    assert!(svg.contains("checkmated"));
    assert!(svg.contains("score 0"));
    assert!(svg.contains("King threatened by West"));
    assert!(svg.contains("wS on 5f threatens South's King on 4e"));
    // Promoted pieces are drawn differently: solid fill and a '+'.
    assert!(svg.contains(">+B</text>"));
    assert!(svg.contains(&format!(r##"fill="{}" stroke="#212121""##, SEAT_COLORS[0])));
    assert_eq!(
        svg.matches(r#"<g class="piece "#).count(),
        pos.occupied().count() as usize + 4
    );
}

#[test]
fn every_option_changes_the_output() {
    let pos = midgame();
    let base = SvgOptions::default();
    let plain = pos.svg(&base);
    let mv = Move::from_usi(MIDGAME_LAST).unwrap();
    let variants = [
        base.clone().with_size(300),
        base.clone().with_last_move(mv),
        base.clone().with_highlight(["5e".parse().unwrap()]),
        base.clone().with_threats(false),
        base.clone().with_zones_for(Seat::South),
        base.clone().with_zones_for(Seat::North),
    ];
    let mut seen = vec![plain.clone()];
    for opts in &variants {
        let svg = pos.svg(opts);
        check_xml(&svg).unwrap();
        assert_complete(&pos, &svg);
        assert!(!seen.contains(&svg), "{opts:?} changes nothing");
        seen.push(svg);
    }
    assert!(seen[1].contains(r#"width="300" height="300""#));
    assert_eq!(seen[2].matches(r#"class="last-move""#).count(), 2);
    assert_eq!(seen[3].matches(r#"class="highlight""#).count(), 1);
    assert!(!seen[4].contains(r#"class="threat""#) && !seen[4].contains("threatened"));
    assert_eq!(seen[5].matches(r#"class="drop-zone""#).count(), 45);
    assert_eq!(seen[5].matches(r#"class="promotion-zone""#).count(), 27);
    // A drop marks only its destination; a pass marks nothing.
    let drop = pos.svg(&base.clone().with_last_move(Move::from_usi("P*5e").unwrap()));
    assert_eq!(drop.matches(r#"class="last-move""#).count(), 1);
    assert_eq!(pos.svg(&base.clone().with_last_move(Move::Pass)), plain);
    // Size 0: no width or height, just the viewBox.
    let scalable = pos.svg(&base.with_size(0));
    assert!(!scalable.contains("width=\"0\"") && scalable.contains("viewBox"));
}

#[test]
fn shogi_positions_have_two_panels() {
    let pos = Position::new(Ruleset::Shogi);
    let svg = pos.svg(&SvgOptions::default().with_zones_for(Seat::North));
    check_xml(&svg).unwrap();
    assert_complete(&pos, &svg);
    assert_eq!(svg.matches(r#"<g class="panel"#).count(), 2);
    assert_eq!(svg.matches(r#"class="drop-zone""#).count(), 81);
    assert!(svg.contains(">Shogi</text>"));
}

/// A Yo[n]o game played to its end by a seeded random policy.
fn finished_game() -> Game {
    let mut game = Game::new(Ruleset::Yono);
    let mut seed = 7u64;
    while !game.is_over() {
        let moves = game.legal_moves();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        game.play(moves[(seed >> 33) as usize % moves.len()])
            .unwrap();
    }
    game
}

#[test]
fn finished_game_names_the_winner() {
    let game = finished_game();
    let pos = game.position();
    let svg = pos.svg(&SvgOptions::default());
    check_xml(&svg).unwrap();
    assert_complete(pos, &svg);
    if let yono::Status::Won(w) = pos.status() {
        // Narrow side panels put "winner" and "score 3" on two lines.
        assert!(svg.contains("winner, score 3") || svg.contains(">winner</text>"));
        assert!(svg.contains("score 3"));
        assert!(svg.contains(&format!("{w} has won")));
        assert!(!svg.contains(r#"class="to-move""#));
    }
}

#[test]
fn random_positions_are_well_formed_and_complete() {
    for seed in 0..40u64 {
        let (mut game, mut rng) = XorShift::game(seed, 5);
        let plies = 10 + (seed as usize * 7) % 150;
        let mut last = None;
        for _ in 0..plies {
            match rng.play(&mut game) {
                Some(mv) => last = Some(mv),
                None => break,
            }
        }
        let pos = game.position();
        let mut opts = SvgOptions::default().with_zones_for(Seat::ALL[seed as usize % 4]);
        opts.last_move = last;
        let svg = pos.svg(&opts);
        check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", pos.text()));
        assert_complete(pos, &svg);
        let threatened = pos.threats().values().filter(|t| !t.is_empty()).count();
        assert_eq!(svg.matches(r#"class="check""#).count(), threatened);
    }
}

#[test]
fn the_checker_rejects_broken_xml() {
    for bad in [
        "<svg>",
        "<svg><g></svg>",
        "<svg a=b></svg>",
        "<svg>&nbsp;</svg>",
        "<svg/><svg/>",
    ] {
        let doc = format!("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n{bad}");
        assert!(check_xml(&doc).is_err(), "{bad}");
    }
}

/// Writes the documentation diagrams when `YONO_SVG_OUT` names a directory.
#[test]
fn write_docs_diagrams() {
    let Some(dir) = std::env::var_os("YONO_SVG_OUT") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let start = Position::start().svg(&SvgOptions::default().with_zones_for(Seat::South));
    std::fs::write(dir.join("start.svg"), start).unwrap();
    let mv = Move::from_usi(MIDGAME_LAST).unwrap();
    let mid = midgame().svg(&SvgOptions::default().with_last_move(mv));
    std::fs::write(dir.join("midgame.svg"), mid).unwrap();
    // The README's picture from another seat: West at the bottom.
    let west = midgame().svg(
        &SvgOptions::default()
            .with_last_move(mv)
            .with_orientation(Seat::West),
    );
    std::fs::write(dir.join("midgame-west.svg"), west).unwrap();
    let _ = Piece::new(Seat::South, yono::PieceKind::King);
}

/// `<title>` never inside `<text>` (QtSvg prints it), no markers or patterns (QtSvg
/// and nanosvg draw neither).
fn assert_tiny_friendly(svg: &str) {
    for chunk in svg.split("<text").skip(1) {
        let body = &chunk[..chunk.find("</text>").expect("closed text")];
        assert!(!body.contains("<title>"), "title in text: {body}");
    }
    for tag in ["<marker", "<pattern", "url(#", "<style", "<mask", "<filter"] {
        assert!(!svg.contains(tag), "{tag}");
    }
}

#[test]
fn every_square_and_reserve_piece_has_an_id_at_its_geometry() {
    use yono::svg::{reserve_rect, square_rect};
    let pos = midgame();
    for bottom in Seat::ALL {
        let svg = pos.svg(&SvgOptions::default().with_orientation(bottom));
        check_xml(&svg).unwrap();
        assert_complete(&pos, &svg);
        assert_tiny_friendly(&svg);
        for sq in Square::all() {
            let r = square_rect(sq, bottom);
            let rect = format!(
                r#"<rect x="{}" y="{}" width="60" height="60" id="sq-{sq}" class="square""#,
                r.x, r.y
            );
            assert!(svg.contains(&rect), "{bottom}: {rect}");
            assert_eq!(
                svg.contains(&format!(r#"id="piece-{sq}""#)),
                pos.piece_at(sq).is_some()
            );
        }
        for seat in Seat::ALL {
            for (kind, _) in pos.reserve(seat).iter() {
                let r = reserve_rect(seat, kind, bottom).unwrap();
                let slot = format!(
                    r#"id="slot-{}-{}" class="reserve-slot" x="{}" y="{}" width="{}" height="{}""#,
                    seat.letter(),
                    kind.letter(),
                    r.x,
                    r.y,
                    r.width,
                    r.height
                );
                assert!(svg.contains(&slot), "{bottom}: {slot}");
                assert!(svg.contains(&format!(
                    r#"id="reserve-{}-{}""#,
                    seat.letter(),
                    kind.letter()
                )));
            }
        }
    }
}

#[test]
fn orientation_puts_the_seat_at_the_bottom() {
    use yono::svg::{hit_test, reserve_rect, square_rect, Target};
    let pos = Position::start();
    for bottom in Seat::ALL {
        let svg = pos.svg(&SvgOptions::default().with_orientation(bottom));
        // The seat's King is in the bottom row, and its panel is the bottom one.
        let king = pos.king(bottom).unwrap();
        assert_eq!(square_rect(king, bottom).y, 668.0, "{bottom}");
        assert!(svg.contains(&format!(
            r#"<g class="panel {}"><rect x="188" y="752""#,
            bottom.letter()
        )));
        // The seat on its left (the next in turn order) has the left panel.
        assert!(svg.contains(&format!(
            r#"<g class="panel {}"><rect x="4" y="188""#,
            bottom.next().letter()
        )));
        // Squares and slots map back to themselves, and do not overlap.
        for sq in Square::all() {
            let (x, y) = square_rect(sq, bottom).center();
            assert_eq!(hit_test(x, y, bottom), Some(Target::Square(sq)));
        }
        let mut rects = Vec::new();
        for seat in Seat::ALL {
            for kind in yono::PieceKind::HAND {
                let r = reserve_rect(seat, kind, bottom).unwrap();
                for &(x, y) in &[(r.x, r.y), (r.x + r.width - 0.1, r.y + r.height - 0.1)] {
                    assert_eq!(
                        hit_test(x, y, bottom),
                        Some(Target::Reserve(seat, kind)),
                        "{bottom} {seat} {kind:?}"
                    );
                    assert!((0.0..920.0).contains(&x) && (0.0..920.0).contains(&y));
                }
                rects.push(r);
            }
        }
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                let overlap = a.x < b.x + b.width
                    && b.x < a.x + a.width
                    && a.y < b.y + b.height
                    && b.y < a.y + a.height;
                assert!(!overlap, "{a:?} {b:?}");
            }
        }
    }
    // Different orientations draw different pictures.
    let south = pos.svg(&SvgOptions::default());
    let west = pos.svg(&SvgOptions::default().with_orientation(Seat::West));
    assert_ne!(south, west);
}

#[test]
fn text_as_paths_leaves_no_text_element_at_all() {
    // The mid-game (a checkmated seat, threats, reserves) with zones, and a finished
    // game, from two seats: every piece of text is a path.
    let won = finished_game();
    for bottom in [Seat::South, Seat::West] {
        for pos in [midgame(), won.position().clone()] {
            let opts = SvgOptions::default()
                .with_text_as_paths(true)
                .with_orientation(bottom)
                .with_zones_for(Seat::North);
            let svg = pos.svg(&opts);
            check_xml(&svg).unwrap();
            assert_complete(&pos, &svg);
            assert_tiny_friendly(&svg);
            assert!(!svg.contains("<text"), "a <text> is left:\n{svg}");
            // One letter path per piece on the board and in the reserves; the counts,
            // the 36 coordinates, every seat's name, the captions and the legend.
            let pieces = svg.matches(r#"<g class="piece "#).count();
            assert_eq!(svg.matches(r#"<path class="letter""#).count(), pieces);
            assert_eq!(svg.matches(r#"<path class="coord""#).count(), 36);
            let held: usize = Seat::ALL
                .iter()
                .map(|&s| pos.reserve(s).iter().count())
                .sum();
            assert_eq!(svg.matches(r#"<path class="count""#).count(), held);
            assert_eq!(svg.matches(r#"<path class="name""#).count(), 4);
            assert!(svg.matches(r#"<path class="caption""#).count() >= 3);
            assert_eq!(svg.matches(r#"<path class="legend""#).count(), 3);
            assert!(svg.matches(r#"<path class="status""#).count() >= 4);
        }
    }
    // The text version has the same words as text.
    let text = midgame().svg(&SvgOptions::default());
    assert!(text.contains(">+B</text>") && text.contains(">West</text>"));
}

#[test]
fn a_finished_game_never_says_to_move() {
    // Drawn by repetition: the position alone would say "South to move".
    let mut game = Game::new(Ruleset::Yono);
    for mv in [
        "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
    ]
    .repeat(3)
    {
        game.play(mv.parse().unwrap()).unwrap();
    }
    for paths in [false, true] {
        let svg = game.svg(&SvgOptions::default().with_text_as_paths(paths));
        check_xml(&svg).unwrap();
        assert!(svg.contains("<title>Yo[n]o Shogi position, move 25, drawn by repetition</title>"));
        assert!(!svg.contains("to move") && !svg.contains(r#"class="to-move""#));
        if !paths {
            assert!(svg.contains(">drawn by repetition</text>"));
            // South and North on one line, West and East (narrow panels) on two.
            assert_eq!(svg.matches(">drawn, score 0</text>").count(), 2);
            assert_eq!(svg.matches(">drawn</text>").count(), 2);
        }
    }
    assert!(game
        .position()
        .svg(&SvgOptions::default())
        .contains("South to move"));
    // Lost by perpetual check (Shogi): the winner, and why.
    let start = Position::from_sfen("k8/8R/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let mut game = Game::from_position(start);
    for mv in ["1b1a", "9a9b", "1a1b", "9b9a"].repeat(3) {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let svg = game.svg(&SvgOptions::default());
    check_xml(&svg).unwrap();
    assert!(svg.contains("North has won by perpetual check"), "{svg}");
    assert!(svg.contains(">lost, score 0</text>") && svg.contains(">winner, score 1</text>"));
    assert!(!svg.contains("to move"));
}

#[test]
fn highlight_styles_are_distinct() {
    let pos = Position::start();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let opts = SvgOptions::default()
        .with_selected(sq("5g"))
        .with_destinations([sq("5f"), sq("5c")])
        .with_check([sq("5i")])
        .with_last_move(Move::from_usi("5g5f").unwrap())
        .with_selected_reserve(Seat::South, yono::PieceKind::Pawn);
    let svg = pos.svg(&opts);
    check_xml(&svg).unwrap();
    assert_tiny_friendly(&svg);
    // Selected square and selected reserve slot (drawn even for an empty reserve).
    assert_eq!(svg.matches(r#"class="selected""#).count(), 2);
    // A dot on the empty 5f, a frame on the occupied 5c.
    assert_eq!(svg.matches(r#"<circle class="destination""#).count(), 1);
    assert_eq!(svg.matches(r#"<rect class="destination""#).count(), 1);
    assert_eq!(svg.matches(r#"class="check""#).count(), 1);
    assert_eq!(svg.matches(r#"class="last-move""#).count(), 2);
}

/// Writes the pictures the multi-renderer check (`docs/render.sh`) compares, when
/// `YONO_SVG_OUT` names a directory: the midgame from South and from West, with text
/// and with text as paths.
#[test]
fn write_renderer_check_diagrams() {
    let Some(dir) = std::env::var_os("YONO_SVG_OUT") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let pos = midgame();
    let mv = Move::from_usi(MIDGAME_LAST).unwrap();
    for bottom in [Seat::South, Seat::West] {
        for paths in [false, true] {
            let opts = SvgOptions::default()
                .with_last_move(mv)
                .with_orientation(bottom)
                .with_text_as_paths(paths);
            let name = format!(
                "check-{}-{}.svg",
                bottom.letter(),
                if paths { "paths" } else { "text" }
            );
            std::fs::write(dir.join(name), pos.svg(&opts)).unwrap();
        }
    }
}
