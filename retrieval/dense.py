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

from retrieval.errors import IndexMismatchError

#: sections whose opening is embedded (what a scheme is, what it gives, who gets it)
DENSE_SECTIONS: tuple[str, ...] = ("details", "benefits", "eligibility")
#: words of a section's text embedded after the "name | section:" prefix
DENSE_WORDS = 40
#: the recipe's version: a change here makes saved vectors stale
RECIPE = f"e5-passages/1:{','.join(DENSE_SECTIONS)}:{DENSE_WORDS}"
#: width of a vector (multilingual-e5-small)
DIM = 384
#: the file of an index folder holding the vectors
DENSE_FILE = "dense.npz"

_WORD = re.compile(r"\S+")


def passage_text(scheme_name: str, section: str, text: str, words: int = DENSE_WORDS) -> str:
    """``"<scheme name> | <section>: <first words of text>"`` (section underscores as spaces)."""
    opening = " ".join(_WORD.findall(text)[:words])
    return f"{scheme_name} | {section.replace('_', ' ')}: {opening}"


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
        path = Path(folder) / DENSE_FILE
        np.savez(path, chunk=self.chunk.astype(np.int32), vectors=self.vectors.astype(np.float16))
        return {"model": self.model, "recipe": self.recipe, "passages": int(self.chunk.size),
                "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}

    @classmethod
    def load(cls, folder: Path, entry: dict, n_chunks: int) -> DenseVectors:
        """Read ``dense.npz`` described by the manifest ``entry``.

        Raises:
            ValueError: the file does not match its manifest entry (damaged or replaced).
        """
        path = Path(folder) / DENSE_FILE
        data = path.read_bytes()
        if hashlib.sha256(data).hexdigest() != entry.get("sha256"):
            raise ValueError(f"{DENSE_FILE} does not match the manifest")
        with np.load(path, allow_pickle=False) as z:
            chunk, vectors = z["chunk"].astype(np.int32), z["vectors"].astype(np.float32)
        if (vectors.ndim != 2 or vectors.shape[1] != DIM or chunk.shape != (vectors.shape[0],)
                or (chunk.size and (int(chunk.max()) >= n_chunks or int(chunk.min()) < 0)) or not np.isfinite(vectors).all()):
            raise ValueError(f"{DENSE_FILE} does not fit the index")
        return cls(chunk=chunk, vectors=vectors, model=str(entry["model"]), recipe=str(entry["recipe"]))


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
    and the text to embed for it. Returns ``(chunk positions int32, texts)``."""
    chunks: list[int] = []
    texts: list[str] = []
    for sid in index.scheme_ids:
        scheme = index.schemes[sid]
        for section in DENSE_SECTIONS:
            first = index.first_chunk_of(sid, section)
            text = scheme.sections.get(section) if isinstance(scheme.sections, dict) else None
            if first is None or not text:
                continue
            chunks.append(first)
            texts.append(passage_text(scheme.name, section, text))
    return np.array(chunks, dtype=np.int32), texts


def passage_chunks(index) -> np.ndarray:
    """The chunks :func:`passages_of` returns, found from the index's arrays alone (a load checks saved
    vectors against them in a few milliseconds): the first chunk of each run of one scheme's chunks of
    one of :data:`DENSE_SECTIONS` (chunks are stored by scheme, then section)."""
    from retrieval.chunking import SECTION_ORDER_INDEX

    sch, sec = index.chunk_scheme, index.chunk_section
    first = np.ones(sch.shape[0], dtype=bool)
    first[1:] = (sch[1:] != sch[:-1]) | (sec[1:] != sec[:-1])
    wanted = np.isin(sec, [SECTION_ORDER_INDEX[s] for s in DENSE_SECTIONS])
    return np.flatnonzero(first & wanted).astype(np.int32)


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
    """Vectors kept at ``path`` (``.npz`` + ``.json`` beside it, see :func:`store_vectors`) when they
    were made for ``key``; ``None`` when absent, unreadable or made for other passages."""
    path = Path(path)
    try:
        entry = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        data = path.with_suffix(".npz").read_bytes()
        if hashlib.sha256(data).hexdigest() != entry.get("sha256"):
            return None
        with np.load(path.with_suffix(".npz"), allow_pickle=False) as z:
            chunk, vectors = z["chunk"].astype(np.int32), z["vectors"].astype(np.float32)
        if (chunk.size and int(chunk.max()) >= n_chunks) or vectors.shape != (chunk.size, DIM) or not np.isfinite(vectors).all():
            return None
        return DenseVectors(chunk=chunk, vectors=vectors, model=entry["model"], recipe=entry["recipe"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def store_vectors(path: Path, key: str, vectors: DenseVectors) -> None:
    """Keep vectors at ``path`` as ``.npz`` (chunk int32, vectors float16) and ``.json`` (key, model,
    recipe, sha256), each written beside and renamed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.npz"
    np.savez(tmp, chunk=vectors.chunk.astype(np.int32), vectors=vectors.vectors.astype(np.float16))
    entry = {"key": key, "model": vectors.model, "recipe": vectors.recipe, "passages": int(vectors.chunk.size),
             "sha256": hashlib.sha256(tmp.read_bytes()).hexdigest()}
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
