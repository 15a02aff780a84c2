"""The README's Python example runs as written."""

import re

from conftest import PY_ROOT


import pytest

# The package's README and the repository's top-level README both show the example.
READMES = [PY_ROOT / "README.md", PY_ROOT.parent / "README.md"]


def _readme_examples(readme):
    text = readme.read_text(encoding="utf-8")
    section = text.split("## Python", 1)
    assert len(section) == 2, f"{readme} has no 'Python' section"
    body = section[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", body, flags=re.S)


@pytest.mark.parametrize("readme", READMES, ids=lambda p: str(p.parent.name))
def test_readme_has_a_five_line_example(readme):
    examples = _readme_examples(readme)
    assert examples, f"no python code block in the Python section of {readme}"
    lines = [l for l in examples[0].splitlines() if l.strip()]
    assert len(lines) == 5


@pytest.mark.parametrize("readme", READMES, ids=lambda p: str(p.parent.name))
def test_readme_example_runs(readme, capsys):
    for code in _readme_examples(readme):
        exec(compile(code, str(readme), "exec"), {"__name__": "__readme__"})
    out = capsys.readouterr().out
    # The diagram shows the pieces; the threats and scores follow.
    assert "sK" in out and "wK" in out
    assert "[None, None, None, None]" in out


def test_typed_example_runs():
    import typed_example

    typed_example.main()


def test_top_level_readme_record_example_runs():
    text = READMES[1].read_text(encoding="utf-8")
    body = text.split("## Game records", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", body, flags=re.S)
    scope = {"__name__": "__readme__"}
    exec(compile(code, "README.md", "exec"), scope)
    assert "Club night" in scope["text"]
