"""SVG diagrams from Python: yono.svg(), Game.svg() and the notebook hook."""

import xml.etree.ElementTree as ET

import pytest

import yono

NS = "{http://www.w3.org/2000/svg}"

#: East checkmated (score 0), South's King threatened by West; West just played 6e5f.
MIDGAME = (
    "wL1wN1wPnG2nL/2nK3nSs+BnR/2wB2nP1nP1/wG1wBwPnP1nP2/wK4sK1w+P1/1wR2wSsG2n+N/"
    "sP1sNsPsP4/sR7n+P/sL1sS1s+B4 n G4P/P/P/- swn0 74"
)


def titles(svg):
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == NS + "svg" and root.get("version") == "1.1"
    return {t.text for t in root.iter(NS + "title")}


def test_start_position_parses_and_names_every_piece():
    pos = yono.Game()
    svg = yono.svg(pos)
    names = titles(svg)
    for sq, piece in pos.pieces().items():
        assert f"{piece} {sq}" in names
    for seat in yono.SEATS:
        assert f"{seat} reserve: empty" in names
    assert svg == pos.svg()
    assert 'width="640"' in svg


def test_midgame_reserves_and_threats():
    pos = yono.Game(MIDGAME)
    svg = yono.svg(pos, lastmove="6e5f")
    names = titles(svg)
    for sq, piece in pos.pieces().items():
        assert f"{piece} {sq}" in names
    for seat in yono.SEATS:
        for kind, count in pos.reserve(seat).items():
            assert f"{seat} reserve: {count} {kind.title}" in names
    assert "wS on 5f threatens South's King on 4e" in names
    assert "checkmated" in svg
    assert svg.count('class="last-move"') == 2


def test_every_option_changes_the_output():
    pos = yono.Game(MIDGAME)
    outputs = [
        yono.svg(pos),
        yono.svg(pos, size=300),
        yono.svg(pos, lastmove=yono.Move("6e5f")),
        yono.svg(pos, highlight=["5e", yono.SQ_1A, 40]),
        yono.svg(pos, threats=False),
        yono.svg(pos, zones="s"),
        yono.svg(pos, zones=yono.Seat.EAST),
    ]
    assert len(set(outputs)) == len(outputs)
    for svg in outputs:
        titles(svg)
    assert yono.svg(pos, highlight="5e").count('class="highlight"') == 1
    assert 'width=' not in yono.svg(pos, size=0).split(">", 2)[1]


def test_bad_arguments_raise():
    pos = yono.Game()
    with pytest.raises(ValueError):
        yono.svg(pos, highlight=["0z"])
    with pytest.raises(yono.IllegalMoveError):
        yono.svg(pos, lastmove="nonsense")
    with pytest.raises(ValueError):
        yono.svg(pos, zones="x")
    with pytest.raises(TypeError):
        yono.svg(pos, highlight=[1.5])
    with pytest.raises(ValueError, match="size"):
        yono.svg(pos, size=-1)


def test_notebook_hook_marks_the_last_move():
    pos = yono.Game()
    assert 'class="last-move"' not in pos._repr_svg_()
    pos.push("5g5f")
    svg = pos._repr_svg_()
    titles(svg)
    assert svg.count('class="last-move"') == 2
    assert 'width="480"' in svg
    game = yono.Record(pos)
    assert game._repr_svg_() == svg
