"""Index persistence: arrays + JSON, refusal of an index built from other input."""

import json
import shutil

import numpy as np
import pytest

from retrieval.errors import IndexMismatchError
from retrieval.index import Index, open_index
from retrieval.loaders import load_corpus
from retrieval.tokenize import analyze
from tests.conftest import ROOT


def test_save_load_round_trip_and_no_pickle(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOT / "data" / "schemes", src)
    built = Index.build(load_corpus([src]))
    out = tmp_path / "idx"
    built.save(out)
    assert sorted(p.name for p in out.iterdir()) == ["arrays.npz", "catalog.json", "manifest.json", "schemes.json", "vocabulary.json"]
    with np.load(out / "arrays.npz", allow_pickle=False) as z:  # plain arrays only
        assert set(z.files) >= {"bm25_data", "tfidf_idf", "chunk_start", "chunk_end"}
    loaded = open_index(out)
    q = analyze("how much money do farmers get under pm kisan")
    a, b = built.search(q), loaded.search(q)
    assert [h.chunk for h in a.hits] == [h.chunk for h in b.hits]
    assert [c.text for c in built.chunks] == [c.text for c in loaded.chunks]


def test_a_corpus_of_files_is_indexed_once_and_kept_until_a_file_changes(tmp_path, monkeypatch):
    """The newcomer's first answer waited for a TF-IDF fit (and a scikit-learn import) on every start: the index
    built from files is kept in the cache folder and loaded while the files are the same."""
    monkeypatch.setenv("SCHEMEBOT_CACHE_DIR", str(tmp_path / "cache"))
    built = []
    real_build = Index.build.__func__
    monkeypatch.setattr(Index, "build", classmethod(lambda cls, report: built.append(1) or real_build(cls, report)))
    src = tmp_path / "src"
    shutil.copytree(ROOT / "data" / "schemes", src)
    first = open_index(src, dense=False)
    kept = open_index(src, dense=False)
    assert len(built) == 1  # the second start loaded the kept index
    q = analyze("how much money do farmers get under pm kisan")
    assert [h.chunk for h in first.search(q).hits] == [h.chunk for h in kept.search(q).hits]
    f = src / "pm-kisan.json"
    obj = json.loads(f.read_text(encoding="utf-8"))
    obj["sections"]["benefits"] += "\nA new sentence about the ninth instalment."
    f.write_text(json.dumps(obj), encoding="utf-8")
    rebuilt = open_index(src, dense=False)  # a changed file: built again, never the old text quoted
    assert len(built) == 2 and any("ninth instalment" in c.text for c in rebuilt.chunks)
    assert any("ninth instalment" in c.text for c in open_index(src, dense=False).chunks) and len(built) == 2


def test_changed_input_refuses_to_load_with_rebuild_hint(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOT / "data" / "schemes", src)
    Index.build(load_corpus([src])).save(tmp_path / "idx")
    f = src / "pm-kisan.json"
    obj = json.loads(f.read_text(encoding="utf-8"))
    obj["sections"]["benefits"] += "\nA new sentence."
    f.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(IndexMismatchError, match="schemebot ingest .* --out"):
        Index.load(tmp_path / "idx")


def test_an_edited_schemes_file_is_refused_never_quoted(tmp_path):
    """A break-it trial changed "Rs.300/-" to "Rs.9000/-" in an index's schemes.json and got it quoted as
    official text: the files of quoted text are hashed at save and checked at load."""
    Index.build(load_corpus([ROOT / "data" / "schemes" / "pm-kisan.json"])).save(tmp_path / "idx")
    f = tmp_path / "idx" / "schemes.json"
    f.write_text(f.read_text(encoding="utf-8").replace("6,000", "9,000", 1), encoding="utf-8")
    with pytest.raises(IndexMismatchError, match="schemes.json changed after the index was built"):
        Index.load(tmp_path / "idx")


def test_edited_ranking_data_is_refused_and_an_index_without_manifest_is_named_so(tmp_path):
    """A break-it trial: an arrays.npz with its BM25 weights reversed loaded and answered; an index copy without its
    manifest was read as a corpus folder ("no scheme with usable text")."""
    Index.build(load_corpus([ROOT / "data" / "schemes" / "pm-kisan.json"])).save(tmp_path / "idx")
    arrays = dict(np.load(tmp_path / "idx" / "arrays.npz"))
    arrays["bm25_data"] = arrays["bm25_data"][::-1].copy()
    np.savez(tmp_path / "idx" / "arrays.npz", **arrays)
    with pytest.raises(IndexMismatchError, match="arrays.npz changed after the index was built"):
        Index.load(tmp_path / "idx")
    (tmp_path / "idx" / "manifest.json").unlink()
    with pytest.raises(IndexMismatchError, match="looks like an index folder without its manifest.json"):
        open_index(tmp_path / "idx")


def test_a_deeply_nested_manifest_is_a_damaged_index(tmp_path):
    Index.build(load_corpus([ROOT / "data" / "schemes" / "apy.json"])).save(tmp_path / "idx")
    (tmp_path / "idx" / "manifest.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(IndexMismatchError, match="damaged"):
        Index.load(tmp_path / "idx")


def test_other_format_refuses(tmp_path):
    Index.build(load_corpus([ROOT / "data" / "schemes" / "apy.json"])).save(tmp_path / "idx")
    m = json.loads((tmp_path / "idx" / "manifest.json").read_text())
    m["format"] = "schemebot-index/0"
    (tmp_path / "idx" / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(IndexMismatchError, match="rebuild"):
        Index.load(tmp_path / "idx")


def test_filters_by_scheme_level_and_state(bundled_index):
    q = analyze("pension for widows")
    only = bundled_index.search(q, mask=bundled_index.mask(scheme_ids=["ignwps"]))
    assert {bundled_index.chunks[h.chunk].scheme_id for h in only.hits} == {"ignwps"}
    state = bundled_index.search(q, mask=bundled_index.mask(level="state"))
    assert all(bundled_index.schemes[bundled_index.chunks[h.chunk].scheme_id].level == "state" for h in state.hits)
    up = bundled_index.search(q, mask=bundled_index.mask(state="Uttar Pradesh"))
    kept = {bundled_index.schemes[bundled_index.chunks[h.chunk].scheme_id].state for h in up.hits}
    assert kept <= {None, "Uttar Pradesh"} and "Uttar Pradesh" in kept


@pytest.mark.parametrize("name,edit", [
    ("bm25_indices", lambda a: a.__setitem__(slice(0, 10), 10**8)),
    ("chunk_end", lambda a: a.__setitem__(slice(0, 3), a[:3] + 10**6)),
    ("tfidf_data", lambda a: a.__setitem__(slice(0, 5), np.nan)),
])
def test_damaged_arrays_are_refused_at_load_not_at_the_first_question(tmp_path, name, edit):
    """A break-it trial set arrays.npz entries out of range: the index loaded, then the first question crashed
    (IndexError), or answered from shifted offsets with no warning."""
    Index.build(load_corpus([ROOT / "data" / "schemes"])).save(tmp_path / "idx")
    path = tmp_path / "idx" / "arrays.npz"
    with np.load(path) as z:
        arrays = {k: z[k].copy() for k in z.files}
    edit(arrays[name])
    np.savez(path, **arrays)
    with pytest.raises(IndexMismatchError, match="damaged"):
        Index.load(tmp_path / "idx")
