"""The dense (semantic) ranker: multilingual-e5-small vectors of scheme passages, ranked by inner product.

A *dense passage* is the opening of one section of one scheme, prefixed with the scheme's name and the
section ("PM-KISAN | benefits: ..."; without the prefix e5 loses a third of its Recall@1 on the dev
questions, per issue 10). Only the opening :data:`DENSE_WORDS` words of :data:`DENSE_SECTIONS` are
embedded: on this machine (2 cores) the encoder reads about 4,000 tokens a second, so the ~5.4 million
tokens of every chunk of the real pages would take over 20 minutes, while three openings a scheme take
80 to 95 s. The dense ranker's job is to find the *scheme* a question is about when it shares no
words with it (another script, a paraphrase, a life event); which passage of that scheme to quote is
still chosen lexically. Each dense passage stands for the first chunk of its section in the fused
ranking.

Search is exact: one matrix-vector product over all passages (5,956 x 384 for the real pages: 0.38 ms
on one core, ``benchmarks/retrieval_speed.py``), growing linearly, about 0.06 ms per 1,000 passages. An
approximate index (HNSW: ``hnswlib`` or FAISS ``IndexHNSWFlat``) would pay off past about 100,000
passages (some 6 ms a question, as much as embedding the question), e.g. every chunk of 10,000 schemes.

Vectors are saved with the index as plain arrays (``dense.npz``: ``chunk`` int32, ``vectors`` float16)
and the manifest records the model's identity and the recipe; :func:`check` refuses vectors from
other weights or another recipe.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from retrieval.chunking import SECTION_ORDER_INDEX
from retrieval.corpus import SECTION_ORDER
from retrieval.errors import IndexMismatchError

#: sections whose opening is embedded (what a scheme is, what it gives, who gets it)
DENSE_SECTIONS: tuple[str, ...] = ("details", "benefits", "eligibility")
#: embedded for a scheme that has none of DENSE_SECTIONS (a page of FAQs alone: 76 of the real pages,
#: among them PM Jan Dhan Yojana), so that every scheme can be found by meaning
FALLBACK_SECTION = "faqs"
#: words of a section's text embedded after the "name | section:" prefix
DENSE_WORDS = 40
#: the recipe's version: a change here makes saved vectors stale
RECIPE = f"e5-passages/2:{','.join(DENSE_SECTIONS)}|{FALLBACK_SECTION}:{DENSE_WORDS}"
#: width of a vector (multilingual-e5-small)
DIM = 384
#: the file of an index folder holding the vectors
DENSE_FILE = "dense.npz"

_WORD = re.compile(r"\S+")


def passage_text(scheme_name: str, section: str, text: str, words: int = DENSE_WORDS) -> str:
    """``"<scheme name> | <section>: <first words of text>"`` (section underscores as spaces)."""
    opening = " ".join(_WORD.findall(text)[:words])
    return f"{scheme_name} | {section.replace('_', ' ')}: {opening}"


_ONE_BLAS_THREAD = False


def one_blas_thread() -> None:
    """Keep the BLAS library (numpy's OpenBLAS) on one thread in this process, once.

    A question's inner product with the passage matrix (6,032 x 384 on the pages) takes about 0.17 ms on
    one thread. With OpenBLAS's default of a thread per core, its idle workers spin after each product
    and can take the core from the question encoder and from other workers (a profile on one core while
    other processes ran: 5.8 ms per product and 8.8 ms per ONNX Runtime run, against 0.7 and 4.8 ms with
    one thread; on an idle machine benchmarks/retrieval_speed.py moved little, p50 8.54 -> 8.40 ms).
    Requests run in parallel across server workers, never inside one product.
    """
    global _ONE_BLAS_THREAD
    if _ONE_BLAS_THREAD:
        return
    _ONE_BLAS_THREAD = True
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # (a dependency of scikit-learn; without it the products still run, on every core)
        return
    threadpool_limits(limits=1, user_api="blas")


@dataclass
class DenseVectors:
    """Vectors of the dense passages of an index.

    Attributes:
        chunk: ``(n,)`` int32, the chunk (position in the index) each passage stands for.
        vectors: ``(n, 384)`` float32, L2-normalised rows.
        model: the identity of the model that made them (:func:`retrieval.encoder.model_identity`).
        recipe: :data:`RECIPE` when they were made.
    """

    chunk: np.ndarray
    vectors: np.ndarray
    model: str
    recipe: str = RECIPE
    _by_scheme: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False, compare=False)

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Inner product of every passage with a query vector ``(384,)`` -> ``(n,)`` float32."""
        return self.vectors @ query

    def scheme_scores(self, scheme_pos: int, query: np.ndarray, chunk_scheme: np.ndarray) -> float:
        """Best inner product of ``query`` with the passages of the scheme at ``scheme_pos`` (0.0 if it has none)."""
        if self._by_scheme is None:
            owner = chunk_scheme[self.chunk]
            order = np.argsort(owner, kind="stable")
            bounds = np.searchsorted(owner[order], np.arange(int(chunk_scheme.max(initial=0)) + 2))
            self._by_scheme = (order, bounds)
        order, bounds = self._by_scheme
        if scheme_pos + 1 >= bounds.size:
            return 0.0
        rows = order[bounds[scheme_pos]:bounds[scheme_pos + 1]]
        return float((self.vectors[rows] @ query).max()) if rows.size else 0.0

    def save(self, folder: Path) -> dict:
        """Write ``dense.npz`` in ``folder``; returns the manifest entry (model, recipe, count, sha256)."""
        digest = _write_arrays(Path(folder) / DENSE_FILE, self)
        return {"model": self.model, "recipe": self.recipe, "passages": int(self.chunk.size), "sha256": digest}

    @classmethod
    def load(cls, folder: Path, entry: dict, n_chunks: int) -> DenseVectors:
        """Read ``dense.npz`` described by the manifest ``entry``.

        Raises:
            ValueError: the file does not match its manifest entry (damaged or replaced).
        """
        chunk, vectors = _read_arrays(Path(folder) / DENSE_FILE, entry.get("sha256"), n_chunks)
        return cls(chunk=chunk, vectors=vectors, model=str(entry["model"]), recipe=str(entry["recipe"]))


def _write_arrays(path: Path, vectors: DenseVectors) -> str:
    """Write ``chunk`` (int32) and ``vectors`` (float16) to ``path`` (.npz); returns the file's sha256."""
    np.savez(path, chunk=vectors.chunk.astype(np.int32), vectors=vectors.vectors.astype(np.float16))
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _read_arrays(path: Path, sha256: str | None, n_chunks: int) -> tuple[np.ndarray, np.ndarray]:
    """Read what :func:`_write_arrays` wrote: ``(chunk int32, vectors float32)``.

    Raises:
        OSError: the file cannot be read.
        ValueError: its hash is not ``sha256``, or the arrays do not fit an index of ``n_chunks``
            chunks (width, bounds, finite values).
    """
    data = Path(path).read_bytes()
    if hashlib.sha256(data).hexdigest() != sha256:
        raise ValueError(f"{Path(path).name} does not match the hash recorded for it")
    with np.load(path, allow_pickle=False) as z:
        chunk, vectors = z["chunk"].astype(np.int32), z["vectors"].astype(np.float32)
    if (vectors.ndim != 2 or vectors.shape[1] != DIM or chunk.shape != (vectors.shape[0],)
            or (chunk.size and (int(chunk.max()) >= n_chunks or int(chunk.min()) < 0)) or not np.isfinite(vectors).all()):
        raise ValueError(f"{Path(path).name} does not fit the index")
    return chunk, vectors


def check(entry: dict | None, current_model: str | None, where: str, rebuild: str) -> bool:
    """Whether saved vectors (manifest ``entry``) can be used with the model installed here.

    Returns ``False`` (lexical ranking) when the index has no vectors or no model is installed.

    Raises:
        IndexMismatchError: the vectors were made by another model or another recipe.
    """
    if not entry or current_model is None:
        return False
    if entry.get("model") != current_model:
        raise IndexMismatchError(f"index at {where} holds vectors of another embedding model ({entry.get('model')}; "
                                 f"installed: {current_model}); {rebuild}")
    if entry.get("recipe") != RECIPE:
        raise IndexMismatchError(f"index at {where} holds vectors made another way ({entry.get('recipe')}; "
                                 f"this schemebot makes {RECIPE}); {rebuild}")
    return True


def passages_of(index) -> tuple[np.ndarray, list[str]]:
    """The dense passages of an index: the first chunk of each of a scheme's :data:`DENSE_SECTIONS`
    (:func:`passage_chunks`) and the text to embed for it. Returns ``(chunk positions int32, texts)``."""
    chunks = passage_chunks(index)
    texts = []
    for c in chunks.tolist():
        scheme_id = index.scheme_ids[index.chunk_scheme[c]]
        section = SECTION_ORDER[index.chunk_section[c]]
        texts.append(passage_text(index.schemes[scheme_id].name, section, index.section_text(scheme_id, section)))
    return chunks, texts


def passage_chunks(index) -> np.ndarray:
    """The chunks the dense passages stand for, from the index's arrays alone (a load checks saved
    vectors against them in well under a millisecond): the first chunk of each run of one scheme's
    chunks of one of :data:`DENSE_SECTIONS` (chunks are stored by scheme, then section), and for a
    scheme with none of them, the first chunk of its :data:`FALLBACK_SECTION`."""
    sch, sec = index.chunk_scheme, index.chunk_section
    first = np.ones(sch.shape[0], dtype=bool)
    first[1:] = (sch[1:] != sch[:-1]) | (sec[1:] != sec[:-1])
    wanted = first & np.isin(sec, [SECTION_ORDER_INDEX[s] for s in DENSE_SECTIONS])
    fallback = first & (sec == SECTION_ORDER_INDEX[FALLBACK_SECTION]) & ~np.isin(sch, sch[wanted])
    return np.flatnonzero(wanted | fallback).astype(np.int32)


def embed_index(index, encoder) -> DenseVectors:
    """Embed the dense passages of ``index`` with ``encoder`` (:class:`retrieval.encoder.Encoder`)."""
    chunk, texts = passages_of(index)
    return DenseVectors(chunk=chunk, vectors=encoder.passages(texts), model=encoder.identity)


def vectors_key(texts: list[str], model: str) -> str:
    """Hash naming the vectors of these passage texts under one model and recipe (what the vectors
    depend on, and nothing else: a change to the analyser or the lexicon keeps them)."""
    h = hashlib.sha256(f"{model}\n{RECIPE}\n".encode())
    for t in texts:
        h.update(t.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()


def cached_vectors(path: Path, key: str, n_chunks: int) -> DenseVectors | None:
    """Vectors kept at ``path`` (``.npz`` + ``.json`` beside it, see :func:`keep_vectors`) when they
    were made for ``key``; ``None`` when absent, unreadable or made for other passages."""
    path = Path(path)
    try:
        entry = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        chunk, vectors = _read_arrays(path.with_suffix(".npz"), entry.get("sha256"), n_chunks)
        return DenseVectors(chunk=chunk, vectors=vectors, model=entry["model"], recipe=entry["recipe"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def keep_vectors(index, path: Path) -> None:
    """Keep the vectors of ``index`` at ``path`` as ``.npz`` (chunk int32, vectors float16) and ``.json``
    (their :func:`vectors_key`, model, recipe, sha256), each written beside and renamed.

    Raises:
        OSError: the folder cannot be written.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.npz"
    vectors = index.dense
    digest = _write_arrays(tmp, vectors)
    entry = {"key": vectors_key(passages_of(index)[1], vectors.model), "model": vectors.model, "recipe": vectors.recipe,
             "passages": int(vectors.chunk.size), "sha256": digest}
    tmp.replace(path.with_suffix(".npz"))
    meta_tmp = path.parent / f".{path.name}.{os.getpid()}.json"
    meta_tmp.write_text(json.dumps(entry, indent=1) + "\n", encoding="utf-8")
    meta_tmp.replace(path.with_suffix(".json"))


def carry_over(source, target) -> DenseVectors:
    """The vectors of ``source`` (an index with vectors) for the passages of ``target`` (an index of a
    subset of its schemes with the same section texts), matched by scheme and section.

    Raises:
        KeyError: a passage of ``target`` has no vector in ``source``.
    """
    row = {(source.scheme_ids[source.chunk_scheme[c]], int(source.chunk_section[c])): i
           for i, c in enumerate(source.dense.chunk.tolist())}
    chunks, _ = passages_of(target)
    rows = [row[(target.scheme_ids[target.chunk_scheme[c]], int(target.chunk_section[c]))] for c in chunks.tolist()]
    return DenseVectors(chunk=chunks, vectors=source.dense.vectors[rows], model=source.dense.model, recipe=source.dense.recipe)
