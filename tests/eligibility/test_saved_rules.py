"""Rules saved beside an index (``rules.json``) are trusted only as far as they hold: a record from
another extractor version, one that does not validate, one whose quotes are not in the scheme's text,
or one claiming to be hand-checked is read again from the text or taken as extracted."""

import copy
import json

from conversations.rulebook import extracted_rules, save_extracted_rules
from eligibility.text_rules import EXTRACTOR_VERSION
from retrieval.index import RULES_FILE, open_index


def _with_saved(index, saved):
    twin = copy.copy(index)
    twin.saved_rules = saved
    return twin


def test_saved_records_that_do_not_hold_are_read_again(bundled_index):
    fresh = extracted_rules(_with_saved(bundled_index, None))
    sid = next(iter(fresh))
    good = fresh[sid].model_dump(mode="json", by_alias=True)
    forged = dict(good, source="hand")  # a saved record is never a hand-checked one
    moved = dict(good, unchecked=["Every applicant gets ten lakh rupees."])  # not in the scheme's text
    broken = {"scheme_id": sid, "rule": {"all": "not a list"}}
    for record in (forged, moved, broken):
        got = extracted_rules(_with_saved(bundled_index, {"version": EXTRACTOR_VERSION, "rules": [record], "none": []}))
        assert got[sid] == fresh[sid]  # the same rule as read from the text, and "extracted"
        assert got[sid].source == "extracted"
    old = extracted_rules(_with_saved(bundled_index, {"version": EXTRACTOR_VERSION - 1, "rules": [], "none": list(fresh)}))
    assert old == fresh  # another extractor version: everything read again


def test_an_unreadable_rules_file_falls_back_to_the_text(tmp_path, bundled_index):
    index = copy.copy(bundled_index)
    save_extracted_rules(index)
    index.save(tmp_path)
    deep = "[" * 100_000 + "]" * 100_000  # json raises RecursionError on this
    (tmp_path / RULES_FILE).write_text(deep, encoding="utf-8")
    reopened = open_index(tmp_path)
    assert reopened.saved_rules is None
    assert extracted_rules(reopened) == extracted_rules(_with_saved(bundled_index, None))
    (tmp_path / RULES_FILE).write_text(json.dumps({"version": EXTRACTOR_VERSION, "rules": [{"scheme_id": "x", "rule": deep}]}), encoding="utf-8")
    assert extracted_rules(open_index(tmp_path)) == extracted_rules(_with_saved(bundled_index, None))


def test_a_rules_file_edited_after_ingest_is_not_trusted(tmp_path, bundled_index):
    index = copy.copy(bundled_index)
    save_extracted_rules(index)
    index.save(tmp_path)
    saved = json.loads((tmp_path / RULES_FILE).read_text(encoding="utf-8"))
    assert open_index(tmp_path).saved_rules == saved  # as written: trusted
    # a limit changed by hand, its quote left alone: the hash in the manifest no longer matches
    def raise_limits(node):
        if isinstance(node, dict):
            if node.get("field") == "annual_family_income":
                node["value"] = 100 * node["value"]
            for v in node.values():
                raise_limits(v)
        elif isinstance(node, list):
            for v in node:
                raise_limits(v)

    raise_limits(saved["rules"])
    (tmp_path / RULES_FILE).write_text(json.dumps(saved, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    reopened = open_index(tmp_path)
    assert reopened.saved_rules is None
    assert extracted_rules(reopened) == extracted_rules(_with_saved(bundled_index, None))
