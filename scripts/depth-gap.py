#!/usr/bin/env python3
"""How deep, and over how many nodes, two USI engines search in the same time:
docs/ENGINE.md ("Where the gap lies"). The positions are every 8th ply of one game
the first engine plays against itself (20 ms a move, Noise 30); each engine then
gets `go movetime MS` on each, and the last `info` line before `bestmove` counts.

    python3 scripts/depth-gap.py target/release/yono-engine /path/to/YaneuraOu-by-gcc [MS]
"""

import statistics
import subprocess
import sys
from typing import Dict, List


class Usi:
    def __init__(self, command: str, options: Dict[str, object]) -> None:
        self.p = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("usi")
        self.until("usiok")
        for name, value in options.items():
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")
        self.send("usinewgame")

    def send(self, line: str) -> None:
        assert self.p.stdin is not None
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word: str) -> List[List[str]]:
        """The lines up to and including the first that starts with `word`."""
        assert self.p.stdout is not None
        lines: List[List[str]] = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"the engine exited before {word!r}")
            lines.append(line.split())
            if line.startswith(word):
                return lines

    def go(self, moves: List[str], ms: int) -> List[List[str]]:
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go movetime {ms}")
        return self.until("bestmove")

    def quit(self) -> None:
        self.send("quit")
        self.p.wait()


def last_info(lines: List[List[str]]) -> Dict[str, int]:
    for words in reversed(lines):
        if words[:1] == ["info"] and "depth" in words and "nodes" in words:
            value: Dict[str, int] = {k: int(words[words.index(k) + 1]) for k in ("depth", "nodes") if k in words}
            value["seldepth"] = int(words[words.index("seldepth") + 1]) if "seldepth" in words else 0
            return value
    return {}


def main() -> None:
    first, second = sys.argv[1], sys.argv[2]
    ms = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    player = Usi(first, {"Noise": 30})
    moves: List[str] = []
    positions: List[List[str]] = []
    for ply in range(80):
        best = player.go(moves, 20)[-1][1]
        if best in ("resign", "win"):
            break
        if ply % 8 == 0:
            positions.append(list(moves))
        moves.append(best)
    player.quit()
    for command in (first, second):
        engine = Usi(command, {"Threads": 1, "USI_Hash": 16})
        infos = [last_info(engine.go(p, ms)) for p in positions]
        engine.quit()
        infos = [i for i in infos if i]
        depth = [i["depth"] for i in infos]
        print(f"{command}: {len(infos)} positions at {ms} ms: depth median {statistics.median(depth)} "
              f"({min(depth)}-{max(depth)}), seldepth median {statistics.median(i['seldepth'] for i in infos)}, "
              f"nodes median {statistics.median(i['nodes'] for i in infos):.0f}")


if __name__ == "__main__":
    main()
