"""UserState: bounded turns, JSON only, migrations and refusal of future versions."""

import json

import pytest

from conversations.state import MAX_TURNS, SCHEMA_VERSION, StateFormatError, StateVersionError, UserState, load_state


def test_turns_are_bounded_and_cut():
    s = UserState()
    for i in range(12):
        s.remember(f"question {i} " + "x" * 500, f"standalone {i}", "apy")
    assert len(s.turns) == MAX_TURNS
    assert s.turns[-1].text.startswith("question 11") and len(s.turns[-1].text) == 300


def test_round_trip_is_json():
    s = UserState(language="hi", scheme_id="apy")
    s.remember("apy kya hai", "apy kya hai", "apy")
    raw = s.to_json()
    assert json.loads(raw)["schema_version"] == SCHEMA_VERSION
    again = load_state(raw)
    assert again.scheme_id == "apy" and again.turns[0].text == "apy kya hai" and again.language == "hi"


def test_version_1_state_migrates():
    v1 = {"schema_version": 1, "lang": "hi", "scheme_id": "pm-kisan", "topic": "documents",
          "turns": ["pm kisan kya hai", "documents?"], "turn_count": 2, "profile": {"age": 62, "state": "Bihar"}}
    s = load_state(json.dumps(v1))
    assert s.schema_version == SCHEMA_VERSION and s.language == "hi" and s.scheme_id == "pm-kisan"
    assert [t.text for t in s.turns] == ["pm kisan kya hai", "documents?"]
    assert s.profile["age"].value == 62 and s.profile["age"].turn == 0


def test_future_and_broken_states_fail_clearly():
    with pytest.raises(StateVersionError, match="newer than this schemebot"):
        load_state(json.dumps({"schema_version": SCHEMA_VERSION + 1}))
    with pytest.raises(StateFormatError):
        load_state(b"\x80not json")
    with pytest.raises(StateFormatError):
        load_state("[1, 2]")
    assert load_state(None).version == 0
