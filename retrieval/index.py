"""The search index: chunks, one shared vocabulary, a BM25 score matrix and a TF-IDF matrix.

``Index.build(report)`` indexes the schemes of a :class:`~retrieval.loaders.LoadReport`;
``Index.search(terms)`` ranks chunks by reciprocal rank fusion of BM25 and TF-IDF cosine and keeps the
best chunk per scheme. ``save``/``load`` write and read a folder of arrays + JSON (no pickle), with the
hash of the input files: an index whose input has changed refuses to load and says how to rebuild.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from retrieval import bm25, fusion, tfidf
from retrieval.chunking import Chunk, chunk_scheme
from retrieval.corpus import Scheme
from retrieval.errors import EmptyCorpusError, IndexMismatchError
from retrieval.loaders import CatalogEntry, LoadReport
from retrieval.tokenize import analyze, analyzer_fingerprint

FORMAT = "schemebot-index/1"
MANIFEST = "manifest.json"

#: Words added to every chunk of a section so that "documents?" or "eligibility" find that section.
SECTION_WORDS = {
    "details": "details about scheme",
    "benefits": "benefits amount assistance",
    "eligibility": "eligibility eligible criteria who can apply",
    "exclusions": "exclusions not eligible",
    "application_process": "application process how to apply",
    "documents": "documents required",
    "faqs": "",
}


def scheme_title_text(scheme: Scheme) -> str:
    """Names a scheme is known by (name, short name, Hindi name, aliases), as one string."""
    parts = [scheme.name, scheme.short_name or "", scheme.name_hi or "", *scheme.aliases]
    return " ".join(p for p in parts if p)


def chunk_terms(chunk: Chunk, scheme: Scheme) -> list[str]:
    """Index terms of a chunk: its text, the scheme's names and the section's words."""
    return analyze(chunk.text) + analyze(scheme_title_text(scheme)) + analyze(SECTION_WORDS.get(chunk.section, ""))


def input_hash(files: Sequence[Path]) -> str:
    """SHA-256 over the analyzer fingerprint, the index format and the bytes of ``files`` in order."""
    h = hashlib.sha256(f"{FORMAT}\n{analyzer_fingerprint()}\n".encode())
    for path in files:
        h.update(b"\x00file\x00")
        h.update(Path(path).read_bytes())
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class Hit:
    """One chunk in a ranking: its position in the index and its scores."""

    chunk: int
    fused: float
    bm25: float
    cosine: float


@dataclass
class SearchResult:
    """What one search found.

    Attributes:
        terms: the query's analysed terms (distinct, in order).
        known: those terms that are in the index vocabulary.
        hits: chunks by fused score, best first (at most ``2 * fusion.DEPTH``).
        best_per_scheme: the best hit of each scheme, in rank order.
    """

    terms: list[str]
    known: list[str]
    hits: list[Hit] = field(default_factory=list)
    best_per_scheme: list[Hit] = field(default_factory=list)


class Index:
    """A built index (see the module docstring). Construct with :meth:`build` or :meth:`load`."""

    def __init__(
        self,
        schemes: list[Scheme],
        chunks: list[Chunk],
        vocabulary: dict[str, int],
        bm25_matrix: sp.csc_matrix,
        tfidf_matrix: sp.csc_matrix,
        tfidf_idf: np.ndarray,
        catalog: list[CatalogEntry],
        manifest: dict,
    ) -> None:
        self.schemes = {s.id: s for s in schemes}
        self.chunks = chunks
        self.vocabulary = vocabulary
        self.bm25_matrix = bm25_matrix
        self.tfidf_matrix = tfidf_matrix
        self.tfidf_idf = tfidf_idf
        self.catalog = catalog
        self.manifest = manifest
        order = {s.id: i for i, s in enumerate(schemes)}
        self.scheme_ids = [s.id for s in schemes]
        self.chunk_scheme = np.array([order[c.scheme_id] for c in chunks], dtype=np.int32)
        self.doc_freq = np.diff(bm25_matrix.indptr)

    # ------------------------------------------------------------------ build

    @classmethod
    def build(cls, report: LoadReport, k1: float = bm25.K1, b: float = bm25.B, idf: bm25.IdfKind = "lucene") -> Index:
        """Index every scheme of ``report``.

        Raises:
            EmptyCorpusError: no scheme, or no chunk with an indexable term.
        """
        if not report.schemes:
            raise EmptyCorpusError("the corpus has no scheme with usable text")
        chunks: list[Chunk] = []
        docs: list[list[str]] = []
        for scheme in report.schemes:
            for chunk in chunk_scheme(scheme):
                terms = chunk_terms(chunk, scheme)
                if terms:
                    chunks.append(chunk)
                    docs.append(terms)
        if not chunks:
            raise EmptyCorpusError("the corpus has no chunk with an indexable term")
        vocabulary: dict[str, int] = {}
        rows, cols, vals = [], [], []
        for d, terms in enumerate(docs):
            for term, n in Counter(terms).items():
                rows.append(d)
                cols.append(vocabulary.setdefault(term, len(vocabulary)))
                vals.append(n)
        counts = sp.csr_matrix((vals, (rows, cols)), shape=(len(docs), len(vocabulary)), dtype=np.float64)
        bm25_matrix, _ = bm25.score_matrix(counts, k1=k1, b=b, idf=idf)
        tfidf_matrix, tfidf_idf = tfidf.fit(docs, vocabulary)
        manifest = {
            "format": FORMAT,
            "analyzer": analyzer_fingerprint(),
            "input_hash": input_hash(report.sources) if report.sources else None,
            "sources": [str(Path(p).resolve()) for p in report.sources],
            "built_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "params": {"k1": k1, "b": b, "idf": idf, "rrf_k": fusion.K, "depth": fusion.DEPTH},
            "counts": {
                "files_read": report.files_read,
                "schemes": len(report.schemes),
                "chunks": len(chunks),
                "terms": len(vocabulary),
                "rejected": len(report.rejected),
                "superseded": len(report.superseded),
                "catalog": len(report.catalog),
            },
            "rejected_by_reason": report.rejected_by_reason(),
            "superseded": [list(s) for s in report.superseded],
        }
        return cls(report.schemes, chunks, vocabulary, bm25_matrix, tfidf_matrix, tfidf_idf, list(report.catalog), manifest)

    # ------------------------------------------------------------------ search

    def mask(self, scheme_ids: Iterable[str] | None = None, level: str | None = None, state: str | None = None) -> np.ndarray | None:
        """Boolean chunk mask for the filters (``None`` when no filter is set). ``state`` keeps central
        schemes too, since they apply in every state."""
        if scheme_ids is None and level is None and state is None:
            return None
        keep = np.ones(len(self.scheme_ids), dtype=bool)
        for i, sid in enumerate(self.scheme_ids):
            s = self.schemes[sid]
            if scheme_ids is not None and sid not in set(scheme_ids):
                keep[i] = False
            if level is not None and s.level != level:
                keep[i] = False
            if state is not None and s.level == "state" and (s.state or "").casefold() != state.casefold():
                keep[i] = False
        return keep[self.chunk_scheme]

    def search(self, terms: Sequence[str], mask: np.ndarray | None = None, k: int = fusion.K, depth: int = fusion.DEPTH) -> SearchResult:
        """Rank chunks for analysed query ``terms`` (repeats count, as in rank-bm25).

        Args:
            terms: analyzer output for the query (plus any expansion terms).
            mask: optional boolean mask over chunks (see :meth:`mask`).
            k, depth: reciprocal rank fusion constant and per-list depth.
        """
        counts = Counter(terms)
        distinct = list(counts)
        known = [t for t in distinct if t in self.vocabulary]
        result = SearchResult(terms=distinct, known=known)
        if not known:
            return result
        ids = [self.vocabulary[t] for t in known]
        weights = [counts[t] for t in known]
        bm = bm25.column_sum(self.bm25_matrix, ids, weights)
        cos = tfidf.cosine(self.tfidf_matrix, self.tfidf_idf, ids, weights)
        if mask is not None:
            bm = np.where(mask, bm, 0.0)
            cos = np.where(mask, cos, 0.0)
        fused = fusion.rrf([fusion.top_k(bm, depth), fusion.top_k(cos, depth)], k=k)
        ranked = sorted(fused.items(), key=lambda kv: (-kv[1], -bm[kv[0]], kv[0]))
        seen: set[int] = set()
        for doc, score in ranked:
            hit = Hit(chunk=doc, fused=score, bm25=float(bm[doc]), cosine=float(cos[doc]))
            result.hits.append(hit)
            sch = int(self.chunk_scheme[doc])
            if sch not in seen:
                seen.add(sch)
                result.best_per_scheme.append(hit)
        return result

    def chunk_has_term(self, chunk: int, term: str) -> bool:
        """True if ``term`` is one of the chunk's index terms."""
        col = self.vocabulary.get(term)
        if col is None:
            return False
        a, b = self.bm25_matrix.indptr[col], self.bm25_matrix.indptr[col + 1]
        rows = self.bm25_matrix.indices[a:b]
        i = np.searchsorted(rows, chunk)
        return bool(i < rows.size and rows[i] == chunk)

    def section_text(self, scheme_id: str, section: str) -> str:
        """The full text of one section (what citations are substrings of)."""
        return self.schemes[scheme_id].section_texts()[section]

    # ------------------------------------------------------------------ persistence

    def save(self, folder: Path) -> None:
        """Write the index to ``folder`` as ``manifest.json``, ``schemes.json``, ``chunks.json``,
        ``vocabulary.json``, ``catalog.json`` and ``arrays.npz`` (plain arrays; no pickle)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        order = {sid: i for i, sid in enumerate(self.scheme_ids)}
        chunks = [
            [order[c.scheme_id], c.section, int(c.chunk_id.rsplit(":", 1)[1]), c.start, c.end, [list(s) for s in c.sentences], c.content_hash]
            for c in self.chunks
        ]
        vocab = sorted(self.vocabulary, key=self.vocabulary.__getitem__)
        _write_json(folder / "schemes.json", [self.schemes[sid].model_dump(mode="json") for sid in self.scheme_ids])
        _write_json(folder / "chunks.json", chunks)
        _write_json(folder / "vocabulary.json", vocab)
        _write_json(folder / "catalog.json", [[c.id, c.name, c.description, c.ministry] for c in self.catalog])
        np.savez(
            folder / "arrays.npz",
            bm25_data=self.bm25_matrix.data, bm25_indices=self.bm25_matrix.indices, bm25_indptr=self.bm25_matrix.indptr,
            tfidf_data=self.tfidf_matrix.data, tfidf_indices=self.tfidf_matrix.indices, tfidf_indptr=self.tfidf_matrix.indptr,
            tfidf_idf=self.tfidf_idf, shape=np.array(self.bm25_matrix.shape),
        )
        _write_json(folder / MANIFEST, self.manifest)  # last: a folder without a manifest is not an index

    @classmethod
    def load(cls, folder: Path, verify_input: bool = True) -> Index:
        """Read an index written by :meth:`save`.

        Args:
            folder: the index folder.
            verify_input: re-hash the source files named in the manifest (when they still exist) and
                refuse an index built from other input.

        Raises:
            IndexMismatchError: other format, other analyzer, or changed input; the message says how
                to rebuild.
            FileNotFoundError: ``folder`` holds no index.
        """
        folder = Path(folder)
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        rebuild = f"rebuild it with: schemebot ingest {' '.join(manifest.get('sources', [])[:3]) or 'PATH...'}{' ...' if len(manifest.get('sources', [])) > 3 else ''} --out {folder}"
        if manifest.get("format") != FORMAT:
            raise IndexMismatchError(f"index at {folder} has format {manifest.get('format')!r}, this schemebot reads {FORMAT!r}; {rebuild}")
        if manifest.get("analyzer") != analyzer_fingerprint():
            raise IndexMismatchError(f"index at {folder} was built with another tokenizer (stopwords or analyzer changed); {rebuild}")
        sources = [Path(p) for p in manifest.get("sources", [])]
        if verify_input and sources and all(p.is_file() for p in sources):
            current = input_hash(sources)
            if current != manifest.get("input_hash"):
                raise IndexMismatchError(
                    f"index at {folder} was built from other input (hash {str(manifest.get('input_hash'))[:12]}, "
                    f"the files now hash to {current[:12]}); {rebuild}"
                )
        schemes = [Scheme.model_validate(s) for s in json.loads((folder / "schemes.json").read_text(encoding="utf-8"))]
        vocab = json.loads((folder / "vocabulary.json").read_text(encoding="utf-8"))
        catalog = [CatalogEntry(*row) for row in json.loads((folder / "catalog.json").read_text(encoding="utf-8"))]
        texts = {s.id: s.section_texts() for s in schemes}
        chunks = []
        for si, section, n, start, end, sents, digest in json.loads((folder / "chunks.json").read_text(encoding="utf-8")):
            s = schemes[si]
            chunks.append(
                Chunk(
                    chunk_id=f"{s.id}:{section}:{n}", scheme_id=s.id, scheme_name=s.name, section=section,
                    url=s.section_url(section), start=start, end=end, sentences=tuple(tuple(x) for x in sents),
                    text=texts[s.id][section][start:end], content_hash=digest,
                )
            )
        with np.load(folder / "arrays.npz", allow_pickle=False) as z:
            shape = tuple(int(x) for x in z["shape"])
            bm = sp.csc_matrix((z["bm25_data"], z["bm25_indices"], z["bm25_indptr"]), shape=shape)
            tf = sp.csc_matrix((z["tfidf_data"], z["tfidf_indices"], z["tfidf_indptr"]), shape=shape)
            idf = z["tfidf_idf"]
        return cls(schemes, chunks, {t: i for i, t in enumerate(vocab)}, bm, tf, idf, catalog, manifest)


def is_index_folder(path: Path) -> bool:
    """True if ``path`` is a folder holding a saved index."""
    return Path(path).is_dir() and (Path(path) / MANIFEST).is_file()


def _write_json(path: Path, obj: object) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(obj, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    tmp.replace(path)
