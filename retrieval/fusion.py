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
    return weighted_rrf(rankings, [1.0] * len(rankings), k=k)


def weighted_rrf(rankings: Sequence[Sequence[int]], weights: Sequence[float], k: int = K,
                 sees: Sequence[np.ndarray | None] | None = None,
                 summed: tuple[int, dict[int, float]] | None = None) -> dict[int, float]:
    """Reciprocal rank fusion with a weight per list, script-aware.

    ``RRF(d) = sum over lists L that can see d of w_L / (k + rank_L(d))``, scaled by
    ``sum of all w / sum of w of the lists that can see d``: a ranker that cannot see a document (a
    lexical ranker and a passage in a script none of the question's words are in) does not vote
    against it; the lists that can see it speak for all.

    Args:
        rankings: ranked lists of document ids, best first.
        weights: one weight per list.
        k: the RRF constant.
        sees: per list, a boolean array over documents (what that ranker can see), or ``None`` (all).
        summed: ``(n, fusion)``: the unscaled fusion of the first ``n`` lists of ``rankings``, already
            computed with these weights and ``k`` (``weighted_rrf`` of them without ``sees``); only the
            lists after them are added (the same sums in the same order, not added up twice).

    Raises:
        ValueError: if ``k`` is negative or the weights (or ``sees``) do not match the lists.
    """
    if k < 0:
        raise ValueError("RRF k must be >= 0")
    if len(weights) != len(rankings) or (sees is not None and len(sees) != len(rankings)):
        raise ValueError("one weight (and one visibility) per ranked list")
    done, fused = (summed[0], dict(summed[1])) if summed is not None else (0, {})
    for ranking, w in zip(rankings[done:], weights[done:]):
        docs = ranking.tolist() if isinstance(ranking, np.ndarray) else [int(d) for d in ranking]
        for rank, doc in enumerate(docs, start=k + 1):
            fused[doc] = fused.get(doc, 0.0) + w / rank
    if sees is None or all(v is None for v in sees):
        return fused
    total = float(sum(weights))
    docs = np.fromiter(fused, dtype=np.int64, count=len(fused))
    seen = np.zeros(docs.size)
    for w, v in zip(weights, sees):
        seen += w if v is None else np.where(v[docs], w, 0.0)
    for doc, s in zip(docs.tolist(), seen.tolist()):
        if 0 < s < total:
            fused[doc] *= total / s
    return fused
