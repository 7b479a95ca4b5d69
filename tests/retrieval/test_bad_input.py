"""Malformed corpora and damaged indexes give a clear error or a rejection, never a traceback."""

import json
import shutil

import numpy as np
import pytest

from retrieval.errors import EmptyCorpusError, IndexMismatchError
from retrieval.index import Index, open_index
from retrieval.loaders import load_corpus
from tests.conftest import ROOT

GOOD = {"scheme_name": "Test Scheme For Weavers", "scheme_link": "https://www.myscheme.gov.in/schemes/tsfw",
        "details": "Details\nA scheme for weavers in Jammu.", "original_eligibility": "Eligibility\nThe applicant must be a weaver."}


@pytest.mark.parametrize("field,value", [("beneficiaryState", 5), ("tags", 7), ("age", "60"), ("age", {"general": {"gte": "60"}}),
                                         ("occupation", 5), ("beneficiaryState", ["Atlantis"]), ("residence", ["Semi-Urban"])])
def test_odd_field_types_do_not_crash(tmp_path, field, value):
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{**GOOD, field: value}, 5, None]), encoding="utf-8")
    report = load_corpus([path])
    index = Index.build(report)
    from conversations.rulebook import build_rulebook

    build_rulebook(index)  # derivation copes with the odd field
    assert [s.id for s in report.schemes] == ["tsfw"] and len(report.rejected) == 2


def test_unknown_json_and_bom(tmp_path):
    (tmp_path / "a.json").write_text("\ufeff" + json.dumps([GOOD]), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps({"hello": 1}), encoding="utf-8")
    report = load_corpus([tmp_path])
    assert [s.id for s in report.schemes] == ["tsfw"]
    assert report.rejected_by_reason() == {"unknown format (not a scheme object or a list of records)": 1}
    with pytest.raises(EmptyCorpusError, match="rejected: 1 unknown format"):
        Index.build(load_corpus([tmp_path / "b.json"]))


def _saved(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOT / "data" / "schemes", src)
    Index.build(load_corpus([src])).save(tmp_path / "idx")
    return tmp_path / "idx"


@pytest.mark.parametrize("damage", ["manifest_garbage", "manifest_list", "sources_int", "schemes_empty", "vocab_short", "arrays_garbage",
                                    "arrays_empty", "vocab_missing"])
def test_damaged_index_says_rebuild(tmp_path, damage):
    idx = _saved(tmp_path)
    if damage == "manifest_garbage":
        (idx / "manifest.json").write_text("garbage{", encoding="utf-8")
    elif damage == "manifest_list":
        (idx / "manifest.json").write_text("[]", encoding="utf-8")
    elif damage == "sources_int":
        m = json.loads((idx / "manifest.json").read_text())
        m["sources"] = 5
        (idx / "manifest.json").write_text(json.dumps(m))
    elif damage == "schemes_empty":
        (idx / "schemes.json").write_text("[]")
    elif damage == "vocab_short":
        (idx / "vocabulary.json").write_text('["a"]')
    elif damage == "arrays_empty":  # (an EOFError, reported as "unexpected error")
        (idx / "arrays.npz").write_bytes(b"")
    elif damage == "vocab_missing":  # (a bare "No such file or directory")
        (idx / "vocabulary.json").unlink()
    else:
        (idx / "arrays.npz").write_bytes(b"not a zip")
    with pytest.raises(IndexMismatchError, match="rebuild it with: schemebot ingest"):
        open_index(idx)


def test_save_replaces_an_index_whole(tmp_path, monkeypatch):
    idx = _saved(tmp_path)
    before = (idx / "manifest.json").read_text()
    small = Index.build(load_corpus([ROOT / "data" / "schemes" / "apy.json"]))

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(np, "savez", boom)
    with pytest.raises(OSError):
        small.save(idx)
    assert (idx / "manifest.json").read_text() == before  # the old index is untouched
    assert len(open_index(idx).schemes) == 40
