"""``schemebot eval --tune``: fit the abstention gate's logistic model and print what it gives.

Calibration data (never the hidden test set):

- the labelled questions passed to ``eval`` (the dev set);
- ``data/calibration/out_of_scope.jsonl``: questions no scheme corpus answers;
- with ``--calibration DIR`` (the Prabhav ``cleandata`` folder): FAQ questions of every scheme there.
  A question whose scheme is in the index (matched by name) is answerable, one whose scheme is not,
  is not. FAQ questions are sampled to at most ``limit``.

The model is fitted on the FAQ and out-of-scope questions only, so that the dev questions measure it
as unseen data and choose the threshold (without ``--calibration``, the dev questions are fitted too,
and the printout says so). Only questions the gate's hard rules do not settle are fitted (a named
scheme, a catalog-only scheme, no known word). The printout gives the coefficients to paste into
:mod:`retrieval.gate` and the answer-rate / decline-rate curve of the threshold per source.
"""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression

from retrieval.answer import Answerer
from retrieval.errors import CorpusFormatError
from retrieval.evaluate import EvalQuestion
from retrieval.gate import FEATURES, HARD_DECLINES, features


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", name.casefold()).strip()


def faq_questions(folder: Path, answerer: Answerer, limit: int, seed: int = 13) -> list[EvalQuestion]:
    """FAQ questions of the Prabhav clean data, labelled answerable when their scheme is indexed."""
    by_name = {_norm(s.name): sid for sid, s in answerer.index.schemes.items()}
    out: list[EvalQuestion] = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            content = json.loads(path.read_text(encoding="utf-8")).get("content", {})
        except (OSError, json.JSONDecodeError):
            continue
        sid = by_name.get(_norm(str(content.get("title", ""))))
        for i, faq in enumerate(content.get("faqs") or []):
            q = str(faq.get("question") or "").strip()
            if q:
                out.append(EvalQuestion(id=f"faq:{path.stem}:{i}", question=q, answerable=sid is not None,
                                        gold_scheme_ids=[sid] if sid else [], lang="en", kind="faq"))
    rng = random.Random(seed)
    ans = [q for q in out if q.answerable]
    una = [q for q in out if not q.answerable]
    rng.shuffle(ans)
    rng.shuffle(una)
    half = limit // 2
    return ans[:half] + una[: limit - min(half, len(ans))]


def out_of_scope_questions() -> list[EvalQuestion]:
    """The project's own out-of-scope calibration questions."""
    text = resources.files("data").joinpath("calibration", "out_of_scope.jsonl").read_text(encoding="utf-8")
    return [EvalQuestion.model_validate_json(line) for line in text.splitlines() if line.strip()]


def _rows(answerer: Answerer, questions: list[EvalQuestion], source: str) -> list[dict[str, Any]]:
    from conversations.rewrite import replay

    rows = []
    for q in questions:
        rw = replay(answerer, q.history, q.question) if q.history else None
        standalone = rw.standalone if rw else q.question
        focus = [rw.focus] if rw and rw.focus else None
        r, decision = answerer.retrieve(standalone, focus=focus, user_text=q.question if standalone != q.question else None)
        settled = decision.reason in HARD_DECLINES or decision.probability >= 1.0
        f = decision.features or features(answerer.index, r)
        rows.append({"source": source, "q": q, "x": f.vector(), "y": int(q.answerable), "settled": settled,
                     "hard": decision.answer if settled else None})
    return rows


def _curve(rows: list[dict[str, Any]], p: np.ndarray, thresholds: list[float]) -> list[tuple[float, float, float]]:
    n_ans = max(sum(r["y"] == 1 for r in rows), 1)
    n_una = max(sum(r["y"] == 0 for r in rows), 1)
    out = []
    for t in thresholds:
        answered = [bool(r["hard"]) if r["settled"] else pi >= t for r, pi in zip(rows, p)]
        a = sum(ok for r, ok in zip(rows, answered) if r["y"] == 1) / n_ans
        d = sum(not ok for r, ok in zip(rows, answered) if r["y"] == 0) / n_una
        out.append((t, a, d))
    return out


def run_tuning(answerer: Answerer, questions: list[EvalQuestion], calibration: list[str] | None = None, limit: int = 4000) -> str:
    """Fit the gate and return the printout (see the module docstring)."""
    rows = _rows(answerer, questions, "dev") + _rows(answerer, out_of_scope_questions(), "out_of_scope")
    for folder in calibration or []:
        rows += _rows(answerer, faq_questions(Path(folder), answerer, limit), "faq")
    held_out = any(r["source"] == "faq" for r in rows)
    fit = [r for r in rows if not r["settled"] and (r["source"] != "dev" or not held_out)]
    x = np.array([r["x"] for r in fit])
    y = np.array([r["y"] for r in fit])
    if len(set(y.tolist())) < 2:
        raise CorpusFormatError("tuning needs both answerable and unanswerable questions the hard rules do not settle; "
                                "add --calibration with the Prabhav cleandata folder")
    # dev and out-of-scope questions are few but look like real chat questions: weigh them up so
    # that they count as much as the (more numerous, more formal) FAQ questions together
    n_faq = sum(r["source"] == "faq" for r in fit)
    n_other = len(fit) - n_faq
    w = np.array([1.0 if r["source"] == "faq" else max(1.0, n_faq / max(n_other, 1)) for r in fit])
    model = LogisticRegression(C=1.0, class_weight="balanced", max_iter=2000)
    model.fit(x, y, sample_weight=w)
    lines = ["gate features: " + ", ".join(FEATURES)]
    lines.append(f"INTERCEPT = {model.intercept_[0]:.4f}")
    lines.append("COEFFICIENTS = (" + ", ".join(f"{c:.4f}" for c in model.coef_[0]) + ")")
    lines.append(f"fitted on {len(fit)} questions ({n_faq} FAQ, {n_other} {'out-of-scope' if held_out else 'dev/out-of-scope'}); "
                 f"{sum(r['settled'] for r in rows)} of all {len(rows)} settled by hard rules; "
                 + ("dev questions NOT fitted: their curve below is a held-out measure" if held_out else
                    "no --calibration: dev questions fitted too, their curve is optimistic"))
    thresholds = [round(t, 2) for t in np.arange(0.05, 0.96, 0.05)]
    for source in ("dev", "out_of_scope", "faq"):
        sub = [r for r in rows if r["source"] == source]
        if not sub:
            continue
        p = model.predict_proba(np.array([r["x"] for r in sub]))[:, 1]
        lines.append(f"\n{source}: {len(sub)} questions ({sum(r['y'] for r in sub)} answerable)")
        lines.append("  threshold  answer_rate(answerable)  decline_rate(unanswerable)")
        for t, a, d in _curve(sub, p, thresholds):
            lines.append(f"  {t:9.2f}  {a:23.3f}  {d:26.3f}")
    return "\n".join(lines)


__all__ = ["run_tuning", "faq_questions", "out_of_scope_questions"]
