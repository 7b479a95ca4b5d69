"""Every hand-checked rule file: valid, quoting its scheme's text word for word, and giving the expected
outcome on profiles written from the scheme's official criteria (tests/eligibility/cases/<id>.json)."""

import json
from pathlib import Path

import pytest

from conversations.rulebook import build_rulebook, parse_rule_file, rule_files
from eligibility.rules import criteria, outcome

CASES = Path(__file__).parent / "cases"
RULE_FILES = rule_files()


@pytest.fixture(scope="module")
def book(bundled_index):
    return build_rulebook(bundled_index)


def test_at_least_25_hand_checked_schemes(book):
    assert book.problems == []
    assert len(book.hand_checked()) >= 25


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_rule_file_quotes_its_scheme_and_meets_its_cases(path, book, bundled_index):
    rules = parse_rule_file(path)
    assert rules.scheme_id == path.stem
    scheme = bundled_index.schemes[rules.scheme_id]
    quoted = scheme.sections.get("eligibility", "") + "\n" + scheme.sections.get("exclusions", "")
    for c in criteria(rules.rule):
        assert c.verified
        assert c.text in quoted, f"{path.name}: not a sentence of the eligibility/exclusions text: {c.text!r}"
    cases = json.loads((CASES / f"{rules.scheme_id}.json").read_text(encoding="utf-8"))
    loaded = book.rules[rules.scheme_id]
    for u in rules.unchecked:
        assert u in quoted, f"{path.name}: unchecked condition is not a sentence of the eligibility text: {u!r}"
    ok = outcome(loaded, cases["eligible"])
    # a deciding condition no field can check caps the verdict at likely_eligible, and says so
    expected = "likely_eligible" if rules.unchecked else "eligible"
    assert ok.status == expected, (ok.status, ok.missing_fields, [r.text for r in ok.reasons])
    assert ok.unchecked == rules.unchecked
    texts = [r.text for r in ok.reasons]
    assert len(texts) == len(set(texts)) and not set(texts) & set(rules.unchecked)  # each sentence once, met or not checked
    no = outcome(loaded, cases["not_eligible"]["profile"])
    assert no.status == "not_eligible" and no.reasons[0].text == cases["not_eligible"]["failing"]
    assert no.reasons[0].url.startswith(f"https://www.myscheme.gov.in/schemes/{rules.scheme_id}#")
    more = outcome(loaded, cases["need_more_info"]["profile"])
    assert more.status == "need_more_info" and more.missing_fields == cases["need_more_info"]["missing"]
