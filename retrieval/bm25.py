"""BM25 as a precomputed sparse document-term score matrix.

For every (document d, term t) with tf > 0 the matrix holds

    S[d, t] = idf(t) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * |d| / avgdl))

(Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009, eq. 3.15), so
the score of a query is a weighted sum of a few columns: ``S[:, q] @ counts(q)`` — no loop over
documents. Two IDF variants:

- ``"okapi"``: rank-bm25's ``BM25Okapi`` exactly: ``log(N - n + 0.5) - log(n + 0.5)``, and negative
  values replaced by ``epsilon * mean(idf)``. A term in exactly half the documents gets IDF 0 and then
  cannot tell a document that has it from one that does not. Kept for the parity contract test.
- ``"lucene"`` (the default): ``log(1 + (N - n + 0.5) / (n + 0.5))`` (Lucene's BM25Similarity), always
  positive, so a matching term always adds to the score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np
import scipy.sparse as sp

from retrieval.errors import EmptyCorpusError

#: Term-frequency saturation and length normalisation; chosen on the dev questions
#: (``schemebot eval --tune`` prints the sweep). k1 = 1.5, b = 0.75 are also rank-bm25's defaults.
K1 = 1.5
B = 0.75
#: rank-bm25's floor for negative IDFs, as a share of the mean IDF.
EPSILON = 0.25

IdfKind = Literal["okapi", "lucene"]


def idf_okapi(df: np.ndarray, n_docs: int, epsilon: float = EPSILON) -> np.ndarray:
    """rank-bm25 ``BM25Okapi`` IDF for document frequencies ``df`` (one per term) over ``n_docs``.

    Raises:
        EmptyCorpusError: when there are no documents or no terms.
    """
    if n_docs <= 0 or df.size == 0:
        raise EmptyCorpusError("BM25 needs at least one document with at least one term")
    idf = np.log(n_docs - df + 0.5) - np.log(df + 0.5)
    floor = epsilon * idf.mean()
    return np.where(idf < 0, floor, idf)


def idf_lucene(df: np.ndarray, n_docs: int) -> np.ndarray:
    """Lucene BM25 IDF ``log(1 + (N - n + 0.5) / (n + 0.5))``: positive for every ``n <= N``.

    Raises:
        EmptyCorpusError: when there are no documents or no terms.
    """
    if n_docs <= 0 or df.size == 0:
        raise EmptyCorpusError("BM25 needs at least one document with at least one term")
    return np.log1p((n_docs - df + 0.5) / (df + 0.5))


def score_matrix(
    counts: sp.csr_matrix, k1: float = K1, b: float = B, idf: IdfKind = "lucene", epsilon: float = EPSILON
) -> tuple[sp.csc_matrix, np.ndarray]:
    """Precompute the BM25 score of every (document, term) pair.

    Args:
        counts: documents x terms raw term counts (every column used by at least one document).
        k1, b: BM25 parameters.
        idf: which IDF (see the module docstring).

    Returns:
        ``(S, idf_values)``: ``S`` in CSC form (column slices are cheap), ``idf_values`` per term.

    Raises:
        EmptyCorpusError: no documents, no terms, or every document empty.
    """
    n_docs, n_terms = counts.shape
    if n_docs == 0 or n_terms == 0 or counts.nnz == 0:
        raise EmptyCorpusError("BM25 needs at least one document with at least one term")
    counts = sp.csr_matrix(counts, dtype=np.float64)
    doc_len = np.asarray(counts.sum(axis=1)).ravel()
    avgdl = doc_len.mean()
    df = np.bincount(counts.indices, minlength=n_terms).astype(np.float64)
    idf_values = idf_okapi(df, n_docs, epsilon) if idf == "okapi" else idf_lucene(df, n_docs)
    rows = np.repeat(np.arange(n_docs), np.diff(counts.indptr))
    tf = counts.data
    norm = k1 * (1.0 - b + b * doc_len[rows] / avgdl)
    data = idf_values[counts.indices] * tf * (k1 + 1.0) / (tf + norm)
    matrix = sp.csr_matrix((data, counts.indices, counts.indptr), shape=counts.shape).tocsc()
    matrix.sort_indices()
    return matrix, idf_values


def query_scores(matrix: sp.csc_matrix, term_ids: Sequence[int], weights: Sequence[float]) -> np.ndarray:
    """BM25 score of every document for a query.

    Args:
        matrix: the CSC matrix from :func:`score_matrix`.
        term_ids: column ids of the query's in-vocabulary terms (distinct).
        weights: how often each term occurs in the query (rank-bm25 adds a repeated term twice).

    Returns:
        float64 array of length ``n_docs``; zeros when ``term_ids`` is empty.
    """
    return column_sum(matrix, term_ids, weights)


def column_sum(matrix: sp.csc_matrix, term_ids: Sequence[int], weights: Sequence[float]) -> np.ndarray:
    """``matrix[:, term_ids] @ weights`` as a dense row vector, touching only the stored entries of
    those columns (cost: their non-zeros, not the number of documents). ``matrix`` must be CSC with
    distinct row indices per column (canonical)."""
    out = np.zeros(matrix.shape[0])
    indptr, indices, data = matrix.indptr, matrix.indices, matrix.data
    for t, w in zip(term_ids, weights):
        a, b = indptr[t], indptr[t + 1]
        out[indices[a:b]] += w * data[a:b]
    return out
