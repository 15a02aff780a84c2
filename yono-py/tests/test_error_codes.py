"""The core's table of error codes, seen from Python: every code is a distinct
string, and every error the vectors provoke reports a code from that table."""

import json

import pytest

import yono
from yono import _yono
from conftest import VECTORS


def _vectors(name):
    with open(VECTORS / f"{name}.json", encoding="utf-8") as f:
        data = json.load(f)
    return data["vectors"] if isinstance(data, dict) else data


def test_codes_are_distinct_strings():
    codes = _yono.error_codes()
    assert len(codes) > 40
    assert len(set(codes)) == len(codes)
    assert all(isinstance(c, str) and c and c == c.lower() for c in codes)


def test_every_provoked_code_is_in_the_table():
    codes = set(_yono.error_codes())
    seen = set()
    for vec in _vectors("bad_positions"):
        parse = yono.Game.from_sfen if vec.get("format") == "sfen" else yono.Game.from_text
        with pytest.raises(yono.ParseError) as info:
            parse(vec["text"])
        assert info.value.code in codes
        seen.add(info.value.code)
    for vec in _vectors("bad_moves"):
        with pytest.raises(yono.IllegalMoveError) as info:
            yono.Game(vec["position"]).push(vec["move"])
        assert info.value.code in codes
        seen.add(info.value.code)
    with pytest.raises(yono.RecordError) as info:
        yono.Record.load("format: yono-record 1\nruleset: chess\n")
    assert info.value.code in codes
    seen.add(info.value.code)
    # Distinct errors give distinct codes: the vectors cover dozens of them.
    assert len(seen) > 30
