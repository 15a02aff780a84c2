#!/usr/bin/env python3
"""The sizes of the release artefacts, and their check against README.md.

    python3 scripts/release-sizes.py DIST              prints every size
    python3 scripts/release-sizes.py DIST --check FILE  and fails unless FILE's table
                                                        states each within the tolerance

DIST holds what scripts/dist.sh builds. Measured: each artefact (.crate, sdist, wheel,
C SDK tarball), the extension module inside the wheel and the libraries inside the C
SDK (unpacked sizes). MB are 10^6 bytes. README.md's table (under "What a release
contains") has one row per artefact, `| what `name` | N MB |`, the name in backticks
as printed here; a figure passes when it is within TOLERANCE of the measured size or
within half a unit of its last printed digit, so the figures cannot go stale.
"""

import re
import sys
import tarfile
import zipfile
from pathlib import Path

TOLERANCE = 0.10


def measure(dist: Path) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for path in sorted(dist.iterdir()):
        if path.name.startswith(".") or path.name == "SHA256SUMS":
            continue
        sizes[path.name] = path.stat().st_size
        if path.suffix == ".whl":
            with zipfile.ZipFile(path) as wheel:
                for info in wheel.infolist():
                    if re.fullmatch(r"yono/_yono[^/]*\.so", info.filename):
                        sizes[info.filename] = info.file_size
        elif path.name.startswith("yono-c-") and path.name.endswith(".tar.gz"):
            with tarfile.open(path) as sdk:
                for member in sdk.getmembers():
                    inner = member.name.split("/", 1)[-1]
                    if member.isfile() and re.fullmatch(r"lib/libyono\.(a|so\.[0-9.]+)", inner):
                        sizes[inner] = member.size
    return sizes


def stated(readme: str) -> dict[str, tuple[float, int]]:
    """The README table's figures: name -> (MB, decimals printed)."""
    section = readme.split("What a release contains", 1)[1].split("\n#", 1)[0]
    out = {}
    for line in section.splitlines():
        row = re.fullmatch(r"\|[^|`]*`([^`]+)`[^|]*\|\s*([0-9.]+) MB\s*\|", line.strip())
        if row:
            figure = row.group(2)
            decimals = len(figure.split(".")[1]) if "." in figure else 0
            out[row.group(1)] = (float(figure), decimals)
    return out


def main() -> int:
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    sizes = measure(Path(args[0]))
    for name, size in sizes.items():
        print(f"{size / 1e6:8.2f} MB  {size:>10} bytes  {name}")
    if len(args) < 3 or args[1] != "--check":
        return 0
    readme = Path(args[2]).read_text(encoding="utf-8")
    figures = stated(readme)
    problems = []
    for name, size in sizes.items():
        if name not in figures:
            problems.append(f"{name}: no row in the README's table (measured {size / 1e6:.2f} MB)")
            continue
        mb, decimals = figures[name]
        actual = size / 1e6
        if abs(mb - actual) > max(TOLERANCE * actual, 0.5 * 10**-decimals):
            problems.append(f"{name}: the README says {mb} MB, the build gives {actual:.2f} MB")
    for name in figures.keys() - sizes.keys():
        problems.append(f"{name}: in the README's table but not built")
    for p in problems:
        print(f"release-sizes: {p}", file=sys.stderr)
    if problems:
        print(f"release-sizes: update the table in {args[2]} ('What a release contains')", file=sys.stderr)
        return 1
    print(f"release-sizes: the {len(figures)} figures of {args[2]} match the build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
