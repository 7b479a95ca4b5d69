"""Loaders on real files from ../shared/corpus, and the bundled format's validation messages."""

import json
from pathlib import Path

import pytest

from retrieval.corpus import load_bundled_file
from retrieval.errors import CorpusFormatError
from retrieval.loaders import load_corpus, parse_myscheme_json_record
from retrieval.markdown_page import parse_myscheme_markdown
from tests.conftest import CATALOG_JSON, MARKDOWN_DIR, OPENNYAI_JSON, ROOT


def test_bundled_corpus_is_valid_and_large_enough():
    report = load_corpus([ROOT / "data" / "schemes"])
    ids = {s.id for s in report.schemes}
    flagships = {"pm-kisan", "pmay-g", "pmay-u", "pmjay", "pmuy", "pmjdy", "pmsby", "pmjjby", "apy", "ssy", "mgnrega",
                 "ignoaps", "ignwps", "igndps", "pmmvy", "pmsym", "pmmy", "sui", "nfbs", "nmmss", "onorc", "pm-gkay"}
    assert flagships <= ids
    assert len(ids) >= 35 and not report.rejected
    states = {s.state for s in report.schemes if s.level == "state"}
    assert len(states) >= 5
    for s in report.schemes:
        assert s.links.myscheme == f"https://www.myscheme.gov.in/schemes/{s.id}"
        assert s.facts_as_of is not None
        assert s.name_hi is not None or s.level == "state"  # a Tamil Nadu scheme has no Hindi name


def test_bundled_validation_names_file_and_field(tmp_path):
    bad = json.loads((ROOT / "data" / "schemes" / "pm-kisan.json").read_text(encoding="utf-8"))
    bad["level"] = "national"
    del bad["links"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(CorpusFormatError) as exc:
        load_bundled_file(path)
    assert str(path) in str(exc.value) and "level" in str(exc.value) and "links" in str(exc.value)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match="broken.json"):
        load_corpus([path])
    # in a folder, a file of invalid JSON is rejected with its reason, like an unreadable one: the rest loads
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "pm-kisan.json").write_text((ROOT / "data" / "schemes" / "pm-kisan.json").read_text(encoding="utf-8"), encoding="utf-8")
    report = load_corpus([folder])
    assert [s.id for s in report.schemes] == ["pm-kisan"]
    assert [(r.origin.endswith("broken.json"), r.reason) for r in report.rejected] == [(True, "invalid JSON (JSONDecodeError)")]


def test_missing_path_is_a_clear_error(tmp_path):
    with pytest.raises(CorpusFormatError, match="no such file"):
        load_corpus([tmp_path / "nope.json"])


def test_myscheme_json_loader_on_real_records(shared_corpus):
    report = load_corpus([OPENNYAI_JSON])
    assert len(report.schemes) == 170 and report.files_read == 1
    apy = next(s for s in report.schemes if s.id == "apy")
    assert apy.sections["eligibility"].startswith("Age of joining and contribution period")  # heading line dropped
    assert "The minimum age of joining APY is 18 years and maximum age is 40 years." in apy.sections["eligibility"]
    assert apy.structured_eligibility["age"]["general"] == {"gte": 18, "lte": 40}
    assert apy.links.myscheme == "https://www.myscheme.gov.in/schemes/apy"


def test_json_record_without_link_or_text_is_rejected():
    assert parse_myscheme_json_record({"scheme_name": "X"}, "f[0]").reason == "no myScheme URL"
    rec = {"scheme_name": "X", "scheme_link": "https://www.myscheme.gov.in/schemes/x", "details": "Details\n"}
    assert parse_myscheme_json_record(rec, "f[1]").reason == "empty sections"


def test_markdown_page_sections_faqs_links_date(shared_corpus):
    s = parse_myscheme_markdown((MARKDOWN_DIR / "pm-kisan.md").read_text(encoding="utf-8"), "pm-kisan.md")
    assert s.id == "pm-kisan" and s.level == "central" and s.ministry == "Ministry Of Agriculture and Farmers Welfare"
    assert s.sections["benefits"] == ("Financial benefit of Rs. 6000 per annum per family payable in three equal "
                                      "installments of Rs 2000 each, every four months.")
    assert set(s.sections) == {"details", "benefits", "eligibility", "exclusions", "application_process", "documents"}
    assert len(s.faqs) == 11 and s.faqs[0].question.startswith("Whether the benefits of the scheme")
    assert "https://pmkisan.gov.in/Documents/RevisedPM-KISANOperationalGuidelines/(English/).pdf" in s.links.official
    assert str(s.facts_as_of) == "2024-06-24"
    for text in s.section_texts().values():  # site chrome is gone
        assert "Something went wrong" not in text and "Sign In" not in text and "![Image" not in text


def test_markdown_error_pages_rejected_with_reason(shared_corpus):
    report = load_corpus([MARKDOWN_DIR])
    reasons = report.rejected_by_reason()
    assert reasons.get("no scheme sections or FAQ pairs (text without section anchors)", 0) >= 10
    assert reasons.get("no myScheme URL", 0) >= 1
    assert len(report.schemes) >= 2050
    rejected = {Path(r.origin).name: r.reason for r in report.rejected}
    assert rejected["mmy.md"] == "page not found"
    assert "aas.md" not in rejected  # FAQs only: indexed from them (tests/retrieval/test_markdown_page.py)


def test_state_page_level_and_catalog(shared_corpus):
    s = parse_myscheme_markdown((MARKDOWN_DIR / "25-ciss.md").read_text(encoding="utf-8"), "25-ciss.md")
    assert s.level == "state" and s.state == "Lakshadweep"
    report = load_corpus([OPENNYAI_JSON, CATALOG_JSON])
    ids = {c.id for c in report.catalog}
    assert "pmv" in ids and "apy" not in ids  # catalog keeps only schemes without text


def test_newer_record_supersedes_older(tmp_path):
    base = json.loads((ROOT / "data" / "schemes" / "pm-kisan.json").read_text(encoding="utf-8"))
    old = dict(base, facts_as_of="2020-01-01", sections={"details": "Old text about the scheme."})
    (tmp_path / "a.json").write_text(json.dumps(old), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps(base), encoding="utf-8")
    report = load_corpus([tmp_path])
    assert [s.sections.get("details", "")[:6] for s in report.schemes] == [base["sections"]["details"][:6]]
    assert report.superseded == [("pm-kisan", str(tmp_path / "a.json"))]
