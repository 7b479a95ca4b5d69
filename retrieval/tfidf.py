"""TF-IDF with cosine similarity, fitted by scikit-learn on the project's analyzer.

Documents are fitted with ``TfidfVectorizer(sublinear_tf=True, norm="l2", smooth_idf=True)`` over
the index vocabulary, so document vectors are ``(1 + ln tf) * idf`` scaled to unit length with
``idf = ln((1 + N) / (1 + df)) + 1``. A query is weighted the same way with the stored ``idf`` (what
``TfidfVectorizer.transform`` does; a contract test checks the two agree), and its cosine with every
document is a weighted sum of the document matrix's query columns.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp
from retrieval.bm25 import column_sum
from retrieval.errors import EmptyCorpusError


def _identity(tokens: list[str]) -> list[str]:
    return tokens


def fit(docs: Sequence[list[str]], vocabulary: dict[str, int]) -> tuple[sp.csc_matrix, np.ndarray]:
    """Fit TF-IDF on tokenised documents over a fixed ``vocabulary`` (term -> column).

    Returns:
        ``(X, idf)``: documents x terms, rows L2-normalised, CSC; ``idf`` per term.

    Raises:
        EmptyCorpusError: no documents or an empty vocabulary.
    """
    from sklearn.feature_extraction.text import TfidfVectorizer  # imported here: loading an index does not need it

    if not docs or not vocabulary:
        raise EmptyCorpusError("TF-IDF needs at least one document with at least one term")
    vectorizer = TfidfVectorizer(
        analyzer=_identity, vocabulary=vocabulary, sublinear_tf=True, norm="l2", smooth_idf=True, dtype=np.float64
    )
    matrix = vectorizer.fit_transform(list(docs))
    matrix = sp.csc_matrix(matrix)
    matrix.sort_indices()
    return matrix, vectorizer.idf_.astype(np.float64)


def query_weights(counts: Sequence[float], idf: Sequence[float]) -> np.ndarray:
    """Sublinear TF-IDF weights of the query's terms, L2-normalised (zeros if the query is empty).

    ``counts`` are term frequencies; a fractional weight below 1 (a down-weighted expansion term) is
    used as it is instead of ``1 + ln(w)``, which would turn negative.
    """
    c = np.asarray(counts, dtype=np.float64)
    tf = np.where(c >= 1.0, 1.0 + np.log(np.maximum(c, 1.0)), c)
    w = tf * np.asarray(idf, dtype=np.float64)
    norm = np.linalg.norm(w)
    return w / norm if norm > 0 else w


def cosine(matrix: sp.csc_matrix, idf: np.ndarray, term_ids: Sequence[int], counts: Sequence[int]) -> np.ndarray:
    """Cosine similarity of the query (distinct in-vocabulary ``term_ids`` with their ``counts``) with
    every document; zeros when the query has no known term."""
    if len(term_ids) == 0:
        return np.zeros(matrix.shape[0])
    return column_sum(matrix, term_ids, query_weights(counts, idf[list(term_ids)]))
