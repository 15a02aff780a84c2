use yono::{Game, Position};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let f: Vec<&str> = line.split('|').collect();
        let mut g = Game::from_position(Position::from_text(f[1]).unwrap());
        let hero = ["s", "w", "n", "e"][(f[0].parse::<usize>().unwrap() - 1) % 4];
        let mut ev = Vec::new();
        for m in f[2].split_whitespace() {
            let mover = g.position().turn();
            let p = g.play_text(m).unwrap();
            for (s, sc) in p.eliminations.iter() {
                ev.push(format!(
                    "ply{} {}:{} falls({}) after {}",
                    g.moves().len(),
                    mover.char(),
                    m,
                    s.char(),
                    sc
                ));
            }
        }
        println!(
            "game {} hero {} score {} [{}] {}",
            f[0],
            hero,
            f[3],
            f[4],
            ev.join("; ")
        );
    }
}
