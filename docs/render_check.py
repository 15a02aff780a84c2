"""Multi-renderer check of the SVG diagrams (run by docs/render.sh).

Renders each SVG in a directory with two (or three) independent engines and checks,
square by square and reserve slot by reserve slot, that every renderer shows the same
thing: the right seat's piece where the SVG says one is (by its fill colour) and a
letter on it (ink pixels in the piece's centre), nothing on empty squares.

  * librsvg: rsvg-convert (PNG files made by docs/render.sh);
  * QtSvg 5 (what a Qt GUI uses; SVG Tiny 1.2), through PyQt5 with
    QT_QPA_PLATFORM=offscreen;
  * nanosvg, a renderer without text (SDL2_image, through pygame), when pygame is
    installed: with text_as_paths the letters must still be there.

It also strips every <text> element from the SVGs and renders them again with librsvg,
to show the letter check can fail: without text, the text version loses its letters
and the paths version keeps them.

Usage: python3 docs/render_check.py DIR   (DIR holds check-*.svg and check-*.rsvg.png)
Needs Debian's python3-pyqt5 and python3-pyqt5.qtsvg (imported from /usr/bin/python3).
"""

import os
import re
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PyQt5.QtCore import QByteArray  # noqa: E402
from PyQt5.QtGui import QColor, QGuiApplication, QImage, QPainter  # noqa: E402
from PyQt5.QtSvg import QSvgRenderer  # noqa: E402

SIZE = 640
SCALE = SIZE / 920
MAIN = {"s": "#d32f2f", "w": "#1565c0", "n": "#2e7d32", "e": "#8e24aa"}
LIGHT = {"s": "#ffcdd2", "w": "#bbdefb", "n": "#c8e6c9", "e": "#e1bee7"}


def rgb(h):
    return tuple(int(h[k:k + 2], 16) for k in (1, 3, 5))


class Image:
    """An RGB picture as bytes, read through Qt (PNG files or a QImage)."""

    def __init__(self, qimage):
        img = qimage.convertToFormat(QImage.Format_RGB888)
        self.w, self.h = img.width(), img.height()
        self.stride = img.bytesPerLine()
        ptr = img.constBits()
        ptr.setsize(img.byteCount())
        self.data = bytes(ptr)

    def px(self, x, y):
        i = y * self.stride + 3 * x
        return self.data[i], self.data[i + 1], self.data[i + 2]

    def pixels(self, box):
        x0, y0, x1, y1 = (int(round(v * SCALE)) for v in box)
        for y in range(max(y0, 0), min(y1, self.h)):
            row = y * self.stride
            for x in range(max(x0, 0), min(x1, self.w)):
                i = row + 3 * x
                yield self.data[i:i + 3]


def near(p, color, tol):
    return abs(p[0] - color[0]) <= tol and abs(p[1] - color[1]) <= tol and abs(p[2] - color[2]) <= tol


FILLS = [(s, rgb(c)) for s in MAIN for c in (LIGHT[s], MAIN[s])]
_fill_cache = {}


def fill_of(p):
    """The seat whose piece colour (light or main) this pixel is, or None."""
    seat = _fill_cache.get(p, 0)
    if seat == 0:
        seat = next((s for s, c in FILLS if near(p, c, 28)), None)
        _fill_cache[p] = seat
    return seat


def render_qt(svg_bytes):
    renderer = QSvgRenderer(QByteArray(svg_bytes))
    assert renderer.isValid(), "QtSvg could not parse the SVG"
    img = QImage(SIZE, SIZE, QImage.Format_ARGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    renderer.render(painter)
    painter.end()
    return Image(img)


def render_nanosvg(path, out_png):
    """pygame's image.load uses SDL2_image, whose SVG loader is nanosvg."""
    code = (
        "import os, sys; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'\n"
        "import pygame\n"
        "img = pygame.image.load(sys.argv[1])\n"
        "img = pygame.transform.smoothscale(img, (640, 640))\n"
        "pygame.image.save(img, sys.argv[2])\n"
    )
    subprocess.run([sys.executable, "-c", code, str(path), str(out_png)], check=True)
    return Image(QImage(str(out_png)))


def expected(svg):
    """What the SVG says: {id: (seat, promoted, box)} for the squares and slots."""
    things = {}
    for m in re.finditer(
        r'<rect x="(\d+)" y="(\d+)" width="60" height="60" id="sq-(\w+)" class="square"', svg
    ):
        x, y, sq = int(m[1]), int(m[2]), m[3]
        things["sq-" + sq] = [None, False, (x, y, x + 60, y + 60), (x + 30, y + 30)]
    for m in re.finditer(r'<g class="piece (\w)" id="piece-(\w+)"><title>(\S+) ', svg):
        things["sq-" + m[2]][0] = m[1]
        things["sq-" + m[2]][1] = "+" in m[3]
    for m in re.finditer(
        r'<rect id="slot-(\w)-(\w)" class="reserve-slot" x="([\d.]+)" y="([\d.]+)" '
        r'width="([\d.]+)" height="([\d.]+)"', svg
    ):
        x, y, w, h = (float(v) for v in m.group(3, 4, 5, 6))
        # The piece sits 24 or 26 units in from the slot's left edge, centred vertically.
        cx = x + (24 if w == 72 else 26)
        things[f"slot-{m[1]}-{m[2]}"] = [m[1], False, (cx - 20, y + 4, cx + 20, y + h - 4), (cx, y + h / 2)]
    return things


def classify(img, thing):
    seat, promoted, box, (cx, cy) = thing
    fills = dict.fromkeys(MAIN, 0)
    for p in img.pixels(box):
        seat_here = fill_of(p)
        if seat_here:
            fills[seat_here] += 1
    best = max(fills, key=fills.get)
    area = (box[2] - box[0]) * (box[3] - box[1]) * SCALE * SCALE
    shown = best if fills[best] > 0.12 * area else None
    ink = rgb("#ffffff") if promoted else rgb(MAIN[seat or "s"])
    letter = sum(near(p, ink, 70) for p in img.pixels((cx - 10, cy - 11, cx + 10, cy + 9)))
    return shown, letter


def check(name, img, svg, want_letters=True):
    problems = []
    letters = {}
    # A threat arrow starts on its attacker's centre, in the attacker's colour.
    tails = {"sq-" + sq for sq in re.findall(r"<title>\S+ on (\w+) threatens", svg)}
    for key, thing in expected(svg).items():
        if not want_letters and key in tails:
            continue
        shown, letter = classify(img, thing)
        if shown != thing[0]:
            problems.append(f"{key}: shows {shown}, the SVG has {thing[0]}")
        elif thing[0] is not None:
            letters[key] = letter
            if want_letters and letter < 6:
                problems.append(f"{key}: no letter ({letter} ink pixels)")
    return problems, letters


def main():
    out = Path(sys.argv[1])
    app = QGuiApplication(["render_check"])  # noqa: F841 (Qt needs it for text)
    have_nanosvg = subprocess.run(
        [sys.executable, "-c", "import pygame"], capture_output=True
    ).returncode == 0
    failures = 0
    for svg_path in sorted(out.glob("check-*.svg")):
        svg = svg_path.read_text()
        name = svg_path.stem
        engines = {
            "librsvg": Image(QImage(str(svg_path.with_suffix(".rsvg.png")))),
            "QtSvg": render_qt(svg.encode()),
        }
        if have_nanosvg and name.endswith("paths"):
            engines["nanosvg"] = render_nanosvg(svg_path, svg_path.with_suffix(".nano.png"))
        results = {}
        for engine, img in engines.items():
            problems, letters = check(name, img, svg)
            results[engine] = letters
            for p in problems[:5]:
                print(f"   {name} ({engine}): {p}")
            failures += bool(problems)
            n = len(expected(svg))
            print(f"   {name:16} {engine:8} {n} squares and slots agree with the SVG; "
                  f"{len(letters)} pieces, fewest letter pixels {min(letters.values())}"
                  f"{'' if not problems else ': FAILED'}")
        # The engines draw each letter with about the same amount of ink.
        base = results["librsvg"]
        for engine, letters in results.items():
            off = [k for k in base if abs(base[k] - letters.get(k, 0)) > max(12, 0.5 * base[k])]
            if off:
                failures += 1
                print(f"   {name}: {engine} and librsvg disagree on the letters of {', '.join(off[:5])}")
    # Without any <text>, only the paths version keeps its letters.
    for variant in ("text", "paths"):
        svg_path = out / f"check-s-{variant}.svg"
        stripped = re.sub(r"<text[^>]*>.*?</text>", "", svg_path.read_text())
        bare = out / f"bare-{variant}.svg"
        bare.write_text(stripped)
        subprocess.run(["rsvg-convert", "--width", "640", "--height", "640", str(bare),
                        "-o", str(bare.with_suffix(".png"))], check=True)
        img = Image(QImage(str(bare.with_suffix(".png"))))
        problems, letters = check(bare.stem, img, stripped, want_letters=False)
        with_letters = sum(1 for n in letters.values() if n >= 6)
        ok = not problems and (with_letters == len(letters) if variant == "paths" else with_letters == 0)
        failures += not ok
        print(f"   without <text>, {variant:5}: {with_letters} of {len(letters)} pieces show a letter"
              f"{'' if ok else ': FAILED'}")
    if not have_nanosvg:
        print("   (pygame not installed: no nanosvg rendering)")
    if failures:
        print(f"render_check: {failures} failures")
        sys.exit(1)
    print("render_check: every renderer agrees")


if __name__ == "__main__":
    main()
