#!/usr/bin/env bash
# Renders the documentation diagrams (the Yo[n]o start position with South's zones,
# and a mid-game position with a threatened King, from South and from West) with a
# real SVG renderer, rsvg-convert, and checks the PNGs: the right size, not blank, and
# every seat's colour present. Then the multi-renderer check (docs/render_check.py):
# the mid-game from two seats, with text and with text as paths, rendered by librsvg,
# QtSvg and nanosvg (the text-less renderer of SDL2_image), compared square by square.
# Run from anywhere: bash docs/render.sh
#
# Installs what is missing with apt-get: rsvg-convert (librsvg2-bin), PyQt5 with QtSvg
# (python3-pyqt5, python3-pyqt5.qtsvg) and pygame (python3-pygame) for Debian's
# /usr/bin/python3. YONO_UPDATE_DOCS=1 also copies the PNGs to docs/.
# Needs cargo and python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."

QTPY=/usr/bin/python3
missing=()
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
"$QTPY" -c 'import PyQt5.QtSvg' >/dev/null 2>&1 || missing+=(python3-pyqt5 python3-pyqt5.qtsvg)
"$QTPY" -c 'import pygame' >/dev/null 2>&1 || missing+=(python3-pygame)
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "== writing the SVGs (cargo test -p yono-core --test svg write_)"
YONO_SVG_OUT="$out" cargo test -q -p yono-core --test svg write_ >/dev/null
for name in start midgame midgame-west; do
    rsvg-convert --width 640 --height 640 "$out/$name.svg" -o "$out/$name.png"
done
for svg in "$out"/check-*.svg; do
    rsvg-convert --width 640 --height 640 "$svg" -o "${svg%.svg}.rsvg.png"
done

echo "== checking the PNGs"
python3 - "$out" <<'PY'
import struct, sys, zlib
from pathlib import Path

def read_png(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unexpected PNG layout"
            bpp = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * bpp
    pixels, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        pixels.extend(tuple(line[x:x + 3]) for x in range(0, stride, bpp))
        prev = line
    return width, height, pixels

def rgb(h):
    return tuple(int(h[k:k + 2], 16) for k in (1, 3, 5))

# The seats' colours (yono::svg::SEAT_COLORS / SEAT_LIGHT_COLORS).
MAIN = {"South": "#d32f2f", "West": "#1565c0", "North": "#2e7d32", "East": "#8e24aa"}
LIGHT = {"South": "#ffcdd2", "West": "#bbdefb", "North": "#c8e6c9", "East": "#e1bee7"}
EXPECT = {
    "start": ["South", "West", "North", "East"],
    "midgame": ["South", "West", "North"],
    "midgame-west": ["South", "West", "North"],
}

out = Path(sys.argv[1])
for name, seats in EXPECT.items():
    path = out / f"{name}.png"
    width, height, pixels = read_png(path)
    assert (width, height) == (640, 640), (name, width, height)
    counts = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    assert len(counts) > 100, f"{name}: only {len(counts)} colours"
    assert max(counts.values()) < 0.6 * len(pixels), f"{name}: mostly one colour"
    for seat in seats:
        light, main = counts.get(rgb(LIGHT[seat]), 0), counts.get(rgb(MAIN[seat]), 0)
        assert light >= 500 and main >= 150, f"{name}: {seat} colours {light} / {main} pixels"
    if name.startswith("midgame"):
        assert counts.get(rgb("#e0e0e0"), 0) > 5000, "midgame: no grey panel for East"
        assert counts.get(rgb("#ff5252"), 0) + sum(
            n for c, n in counts.items() if c[0] > 240 and 100 < c[1] < 140 and 100 < c[2] < 140
        ) > 0, "midgame: no check mark"
    print(f"   {name}.png: {width}x{height}, {len(counts)} colours, {path.stat().st_size} bytes, seats {', '.join(seats)}: ok")
PY

echo "== the same pictures in librsvg, QtSvg and nanosvg (docs/render_check.py)"
QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$out" "$QTPY" docs/render_check.py "$out"

if [ "${YONO_UPDATE_DOCS:-0}" = 1 ]; then
    cp "$out/start.png" "$out/midgame.png" "$out/midgame-west.png" docs/
    echo "== copied to docs/start.png, docs/midgame.png and docs/midgame-west.png"
fi
echo "== docs/render.sh: rendered diagrams checked"
