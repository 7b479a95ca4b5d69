"""The held-out split of ``eval --tune``: held-out schemes are absent from the calibration index and
their FAQ questions are labelled unanswerable; kept schemes' questions stay answerable."""

from __future__ import annotations

import json

import pytest

from retrieval.answer import Answerer
from retrieval.tuning import (
    calibration_index,
    default_holdout,
    faq_questions,
    holdout_split,
    match_faq_schemes,
    read_faq_schemes,
    run_tuning,
    translated_questions,
)


def _write_cleandata(folder, schemes, extra=()):
    """Prabhav-style clean-data files (``{"content": {...}}``) for ``schemes``, plus ``extra`` records
    given as ``(stem, title, details, questions)``."""
    folder.mkdir(exist_ok=True)
    for s in schemes:
        content = {"title": s.name, "state": s.state or "India", "details": s.sections.get("details", ""),
                   "faqs": [{"question": f.question, "answer": f.answer} for f in s.faqs]}
        (folder / f"{s.id}.json").write_text(json.dumps({"content": content}), encoding="utf-8")
    for stem, title, details, questions in extra:
        content = {"title": title, "state": "India", "details": details,
                   "faqs": [{"question": q, "answer": "-"} for q in questions]}
        (folder / f"{stem}.json").write_text(json.dumps({"content": content}), encoding="utf-8")
    return folder


def test_split_is_seeded_disjoint_and_complete(bundled_index):
    ids = bundled_index.scheme_ids
    a = holdout_split(ids, 0.25, seed=7)
    assert a == holdout_split(list(reversed(ids)), 0.25, seed=7)  # depends on the set, not the order
    assert a.kept.isdisjoint(a.held_out) and a.kept | a.held_out == set(ids)
    assert len(a.held_out) == round(0.25 * len(ids))
    assert holdout_split(ids, 0.25, seed=8).held_out != a.held_out
    assert holdout_split(ids, 0.0).held_out == frozenset()
    assert len(holdout_split(ids[:3], 0.01).held_out) == 1  # a fraction above 0 holds out one at least


@pytest.mark.parametrize("fraction", [-0.1, 1.0, 1.5])
def test_split_rejects_fractions_outside_0_1(bundled_index, fraction):
    with pytest.raises(ValueError, match="holdout fraction"):
        holdout_split(bundled_index.scheme_ids, fraction)


def test_default_holdout_only_on_large_indexes():
    assert default_holdout(40) == 0.0
    assert default_holdout(500) == 0.0
    assert default_holdout(1987) == 0.1


def test_held_out_schemes_are_absent_from_the_calibration_index(bundled_index):
    split = holdout_split(bundled_index.scheme_ids, 0.25, seed=3)
    cal = calibration_index(bundled_index, split.held_out)
    assert set(cal.schemes) == split.kept
    assert not {c.scheme_id for c in cal.chunks} & split.held_out
    assert cal.manifest["params"]["k1"] == bundled_index.manifest["params"]["k1"]
    searcher = Answerer(cal)
    for sid in sorted(split.held_out)[:5]:
        r, _ = searcher.retrieve(bundled_index.schemes[sid].name)
        assert sid not in r.ranked_ids
    # the loaded index itself is untouched
    assert split.held_out <= set(bundled_index.schemes)


def test_calibration_index_without_faq_text(bundled_index):
    with_faqs = [s for s in bundled_index.schemes.values() if s.faqs and any(s.sections.values())]
    assert with_faqs
    cal = calibration_index(bundled_index, (), faq_text=False)
    assert set(cal.schemes) == set(bundled_index.schemes)
    assert not [c for c in cal.chunks if c.section == "faqs" and c.scheme_id in {s.id for s in with_faqs}]
    assert bundled_index.schemes[with_faqs[0].id].faqs  # the loaded index keeps its FAQs


def test_faq_questions_of_held_out_schemes_are_unanswerable(bundled_index, tmp_path):
    schemes = [s for s in bundled_index.schemes.values() if s.faqs][:4]
    held = schemes[0].id
    renamed = schemes[1]  # another title, same details: matched by its details text
    folder = _write_cleandata(tmp_path / "cleandata", [schemes[0], schemes[2], schemes[3]], extra=[
        ("renamed", f'"{renamed.name}" Component of a Bigger Programme', renamed.sections["details"], ["How do I apply?"]),
        ("unknown", "Zyxwv Qwerty Nonexistent Scheme", "Nothing like any indexed scheme text at all, long enough to count.",
         ["What is the Zyxwv Qwerty scheme?"]),
    ])
    answerer = Answerer(bundled_index)
    match = match_faq_schemes(read_faq_schemes(folder), bundled_index)
    assert match.ids["renamed"] == (renamed.id,)
    assert match.ids["unknown"] == ()
    assert match.by_method["title"] == 3 and match.by_method["details"] == 1 and match.by_method["none"] == 1
    qs = faq_questions(folder, answerer, limit=1000, held_out={held})
    by_file = {}
    for q in qs:
        by_file.setdefault(q.id.split(":")[1], []).append(q)
    assert {q.kind for q in by_file[held]} == {"faq_held_out"}
    assert not any(q.answerable or q.gold_scheme_ids for q in by_file[held])
    assert len(by_file[held]) == len(schemes[0].faqs)
    for s in (schemes[2], schemes[3]):
        assert all(q.answerable and q.kind == "faq" and q.gold_scheme_ids == [s.id] for q in by_file[s.id])
    assert by_file["renamed"][0].answerable and by_file["renamed"][0].gold_scheme_ids == [renamed.id]
    assert [(q.kind, q.answerable) for q in by_file["unknown"]] == [("faq_absent", False)]
    # without a holdout every matched scheme's questions are answerable
    assert all(q.answerable for q in faq_questions(folder, answerer, limit=1000) if not q.id.startswith("faq:unknown:"))


def test_a_contained_title_matches_only_a_scheme_of_the_same_place(bundled_index, tmp_path):
    apy = bundled_index.schemes["apy"]  # a central scheme
    assert apy.level == "central" and apy.name == "Atal Pension Yojana"
    folder = tmp_path / "cleandata"
    folder.mkdir()
    for stem, state in (("central", "India"), ("kerala", "Kerala")):
        content = {"title": "Atal Pension", "state": state, "details": "", "faqs": [{"question": "Who can join?", "answer": "-"}]}
        (folder / f"{stem}.json").write_text(json.dumps({"content": content}), encoding="utf-8")
    match = match_faq_schemes(read_faq_schemes(folder), bundled_index)
    assert match.ids == {"central": ("apy",), "kerala": ()}


def test_faq_questions_sample_half_answerable(bundled_index, tmp_path):
    schemes = [s for s in bundled_index.schemes.values() if s.faqs]
    folder = _write_cleandata(tmp_path / "cleandata", schemes)
    held = {s.id for s in schemes[: len(schemes) // 2]}
    qs = faq_questions(folder, Answerer(bundled_index), limit=20, held_out=held)
    assert len(qs) == 20
    assert sum(q.answerable for q in qs) == 10
    assert qs == faq_questions(folder, Answerer(bundled_index), limit=20, held_out=held)  # seeded


def test_run_tuning_with_holdout_prints_every_source(bundled_index, tmp_path):
    folder = _write_cleandata(tmp_path / "cleandata", [s for s in bundled_index.schemes.values() if s.faqs])
    out = run_tuning(Answerer(bundled_index), [], calibration=[str(folder)], holdout=0.25, seed=5)
    scale = "SMALL_DENSE" if bundled_index.dense is not None else "SMALL"  # the held-out index keeps its vectors
    assert f"{scale}_INTERCEPT = " in out and f"{scale}_COEFFICIENTS = (" in out
    assert "calibration index: 30 of 40 schemes, 10 held out" in out
    for source in ("out_of_scope:", "\nfaq:", "faq_held_out:", "out_of_scope:hi:", "out_of_scope:hinglish:", "faq_translated:hi:"):
        assert source in out
    # the default on a 40-scheme index is no holdout: every FAQ question is asked of an index of all the
    # schemes (without their FAQ sections)
    plain = run_tuning(Answerer(bundled_index), [], calibration=[str(folder)])
    assert "calibration index: 40 of 40 schemes, 0 held out" in plain and "faq_held_out" not in plain


def test_translated_questions_are_labelled_against_the_index(bundled_index):
    every = translated_questions(bundled_index)
    assert every and all(q.kind == "faq_translated" and q.answerable for q in every)
    assert {q.lang for q in every} == {"hi", "hinglish"}
    assert all(q.gold_scheme_ids and set(q.gold_scheme_ids) <= set(bundled_index.schemes) for q in every)
    # a held-out scheme's questions are unanswerable once it is left out of the calibration index
    held = translated_questions(bundled_index, held_out={"pm-kisan"})
    gone = [q for q in held if q.kind == "faq_translated_held_out"]
    assert gone and all(not q.answerable and q.gold_scheme_ids == [] for q in gone)
    assert len(held) == len(every)
