"""Reciprocal rank fusion (Cormack, Clarke & Buettcher, SIGIR 2009).

``RRF(d) = sum over ranked lists L of 1 / (k + rank_L(d))``, ranks from 1, each list cut to its
top ``depth`` entries (a document missing from a list adds nothing for it).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: RRF constant; 60 is the value of the original paper, confirmed on the dev questions.
K = 60
#: How many entries of each ranked list take part.
DEPTH = 50


def top_k(scores: np.ndarray, depth: int = DEPTH) -> np.ndarray:
    """Indices of the ``depth`` highest positive scores, best first (ties broken by lower index)."""
    positive = np.flatnonzero(scores > 0)
    if positive.size > depth:
        part = np.argpartition(-scores[positive], depth - 1)[:depth]
        positive = positive[part]
    order = np.lexsort((positive, -scores[positive]))
    return positive[order]


def rrf(rankings: Sequence[Sequence[int]], k: int = K) -> dict[int, float]:
    """Fuse ranked lists of document ids (best first) into ``{doc_id: RRF score}``.

    Raises:
        ValueError: if ``k`` is negative.
    """
    if k < 0:
        raise ValueError("RRF k must be >= 0")
    fused: dict[int, float] = {}
    for ranking in rankings:
        for rank, doc in enumerate(ranking, start=1):
            fused[int(doc)] = fused.get(int(doc), 0.0) + 1.0 / (k + rank)
    return fused
