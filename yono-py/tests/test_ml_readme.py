"""The README's "Self-play and learning" example runs as written and is ten lines."""

import re

import pytest

from conftest import PY_ROOT

pytest.importorskip("pettingzoo")


def _example() -> str:
    text = (PY_ROOT.parent / "README.md").read_text(encoding="utf-8")
    body = text.split("## Self-play and learning", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", body, flags=re.S)
    return code


def test_ml_readme_example_is_ten_lines() -> None:
    assert len([line for line in _example().splitlines() if line.strip()]) == 10


def test_ml_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    scope = {"__name__": "__readme__"}
    exec(compile(_example(), "README.md", "exec"), scope)
    out = capsys.readouterr().out
    assert out.strip() == "(96, 9, 9) 12 (256, 96, 9, 9) ['south', 'west', 'north', 'east']"
    assert scope["pos"].ply() == 1
