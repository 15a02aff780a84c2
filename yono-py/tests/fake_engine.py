"""A deliberately broken engine for the client and match-runner tests.

``python fake_engine.py MODE [AFTER]``: a USI engine (both variants) that plays the
first legal move, except that from its AFTER-th ``go`` on (default 1) it misbehaves as
MODE says:

- ``good``: never misbehaves;
- ``crash``: exits (code 3) instead of answering;
- ``hang``: stops answering anything, ``stop`` included;
- ``garbage``: writes junk lines and then a malformed ``bestmove``;
- ``illegal``: answers with a well-formed move that is not legal;
- ``slow``: sleeps 3 s before answering (loses on a short clock);
- ``nohandshake``: never answers ``usi`` (a mode for the handshake, AFTER unused);
- ``exit``: exits at once, before the handshake.
"""

import sys
import time

import yono


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    after = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    if mode == "exit":
        sys.exit(2)
    out = sys.stdout
    variant = "shogi"
    position = yono.Game(ruleset="shogi")
    goes = 0
    hung = False

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    for raw in sys.stdin:
        words = raw.split()
        if not words or hung:
            continue
        cmd = words[0]
        if cmd == "usi":
            if mode == "nohandshake":
                continue
            say("id name fake-" + mode)
            say("id author the yono tests")
            say("option name USI_Variant type combo default shogi var shogi var yono")
            say("option name USI_Hash type spin default 16 min 1 max 4096")
            say("usiok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "setoption" and len(words) >= 5 and words[2] == "USI_Variant":
            variant = words[4]
            position = yono.Game(ruleset=variant)
        elif cmd == "position":
            moves_at = words.index("moves") if "moves" in words else len(words)
            if words[1] == "startpos":
                position = yono.Game(ruleset=variant)
            elif words[1] == "sfen":
                position = yono.Game.from_sfen(" ".join(words[2:moves_at]))
            else:
                position = yono.Game(" ".join(words[2:moves_at]))
            for m in words[moves_at + 1 :]:
                position.push(m)
        elif cmd == "go":
            goes += 1
            bad = goes >= after
            if bad and mode == "crash":
                sys.exit(3)
            if bad and mode == "hang":
                hung = True
                continue
            if bad and mode == "garbage":
                say("info depth x nodes ? pv %%%")
                say("\x00\x01 junk")
                say("bestmove zz9z")
                continue
            legal = position.legal_moves
            if bad and mode == "illegal":
                # A board move that no piece can make: from an empty square.
                for text in ("5e5d", "5d5c", "4e4d"):
                    if position.piece_at(text[:2]) is None:
                        say("bestmove " + text)
                        break
                continue
            if bad and mode == "slow":
                time.sleep(3)
            say("info depth 1 seldepth 1 nodes 1 nps 1 time 0 hashfull 0 score cp 0 pv " + legal[0].usi())
            say("bestmove " + legal[0].usi())
        elif cmd == "stop":
            pass
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
