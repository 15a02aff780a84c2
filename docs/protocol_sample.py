"""Writes the sample four-seat dialogue of docs/PROTOCOL.md: a GUI driving one
yono-engine for every seat from a late middle-game position to the end of the game.

    python3 docs/protocol_sample.py target/release/yono-engine

prints the dialogue (`> ` what the GUI sends, `< ` what the engine answers); with
--write it replaces the block between the sample markers of docs/PROTOCOL.md. The
searches are node-limited, so the dialogue is the same on every machine (the times
and speeds in the info lines aside)."""

import subprocess
import sys
from pathlib import Path

START = "wL2wP1nGnS1nL/wN3nK3nR/1wRwP2nPnN2/wGwB1sSnP1nPeKnP/2wP3ePnP1/sP1sP3eGeS1/2nBsPsPeP2eB/sRsBwKsSsK1eP1eN/sLsN3eP1eReL s 2P/GP/P/- swne 65"
MAX_PLIES = 60


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--write"]
    engine = subprocess.Popen(args or ["yono-engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert engine.stdin is not None and engine.stdout is not None
    lines = []

    def send(line: str) -> None:
        lines.append("> " + line)
        engine.stdin.write(line + "\n")  # type: ignore[union-attr]
        engine.stdin.flush()  # type: ignore[union-attr]

    def until(last: str) -> str:
        while True:
            answer = engine.stdout.readline().rstrip("\n")  # type: ignore[union-attr]
            lines.append("< " + answer)
            if answer.startswith(last):
                return answer

    send("usi")
    until("usiok")
    send("setoption name USI_Variant value yono")
    send("setoption name USI_Hash value 32")
    send("isready")
    until("readyok")
    send("usinewgame")
    moves: list = []
    clocks = {s: 60000 for s in "swne"}
    for ply in range(MAX_PLIES):
        position = f"position text {START}" + (" moves " + " ".join(moves) if moves else "")
        send(position)
        if ply < 2:
            send("go nodes 4000 depth 4")
        else:
            words = " ".join(f"clock_{s} {clocks[s]}" for s in "swne") + " " + " ".join(f"inc_{s} 500" for s in "swne")
            send(f"go nodes 4000 depth 4 {words}")
        best = until("bestmove").split()[1]
        if best == "none":
            break
        moves.append(best)
    send("show")
    shown = until("info string position")
    until("info string status")
    # Each seat's place from the final seats field: the winner keeps its letter.
    seats = shown.split()[-2]
    score = {s: (3 if c == s else int(c)) for s, c in zip("swne", seats)}
    places = {s: 1 + sum(1 for v in score.values() if v > score[s]) for s in "swne"}
    send("gameover " + " ".join(f"{s} {places[s]}" for s in "swne"))
    send("quit")
    engine.wait()
    text = "\n".join(lines)
    if "--write" in sys.argv:
        doc = Path(__file__).with_name("PROTOCOL.md")
        body = doc.read_text()
        head, rest = body.split("<!-- sample:begin -->\n", 1)
        _, tail = rest.split("<!-- sample:end -->", 1)
        doc.write_text(head + "<!-- sample:begin -->\n```\n" + text + "\n```\n<!-- sample:end -->" + tail)
    else:
        print(text)


if __name__ == "__main__":
    main()
