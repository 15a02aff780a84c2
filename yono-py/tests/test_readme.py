"""The README's Python example runs as written."""

import re

from conftest import PY_ROOT


def _readme_examples():
    text = (PY_ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Python", 1)
    assert len(section) == 2, "README has no 'Python' section"
    return re.findall(r"```python\n(.*?)```", section[1], flags=re.S)


def test_readme_has_a_five_line_example():
    examples = _readme_examples()
    assert examples, "no python code block in the README's Python section"
    lines = [l for l in examples[0].splitlines() if l.strip()]
    assert len(lines) == 5


def test_readme_example_runs(capsys):
    for code in _readme_examples():
        exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})
    out = capsys.readouterr().out
    # The diagram shows the pieces; the threats and scores follow.
    assert "sK" in out and "wK" in out
    assert "[None, None, None, None]" in out


def test_typed_example_runs():
    import typed_example

    typed_example.main()
