"""Retrieval and abstention metrics over a labelled question set (the JSONL format of DESIGN.md).

For every question: the standalone query (the question itself, or the follow-up rewritten from its
``history`` by the caller's ``standalone`` function), the scheme ranking (even when the gate declines),
the gate's status, and whether every citation is verbatim. Metrics:

- ``recall_at_1``, ``recall_at_5``, ``mrr``: over answerable questions, a hit is any gold scheme id;
- ``list_recall``: over answerable questions with several gold schemes (discovery), the share of
  them found in the first 5 (the schemes a list answer shows), out of ``min(5, gold)``;
- ``answer_rate_answerable`` and ``decline_rate_unanswerable``: the gate's two sides;
- ``grounded_rate``: share of citations whose text is verbatim at its offsets in its section;
- ``figure_rate``: over answered questions that ask for a figure ("how much", "interest rate",
  "income limit"; :data:`retrieval.query.ASKS_FIGURE`), the share whose first quote states one
  (:data:`retrieval.query.FIGURE`): a check on which passage is quoted, not only which scheme;
- ``p50_ms``, ``p95_ms``: wall time per question (rewrite + search + gate + compose), milliseconds;
- the same broken down ``by_lang`` and ``by_kind``; ``curve``: answer/decline rates for a sweep of the
  gate threshold, so the trade-off is visible.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, Field, ValidationError

from retrieval.answer import Answerer, verify
from retrieval.errors import CorpusFormatError
from retrieval.gate import HARD_DECLINES, THRESHOLD
from retrieval.query import ASKS_FIGURE, FIGURE


class EvalQuestion(BaseModel):
    """One labelled question."""

    id: str
    question: str
    history: list[str] = Field(default_factory=list)
    answerable: bool
    gold_scheme_ids: list[str] = Field(default_factory=list)
    lang: str = "en"
    kind: str = "direct"


def read_questions(path: Path) -> list[EvalQuestion]:
    """Read a JSONL question file.

    Raises:
        CorpusFormatError: unreadable file or a malformed line (with its line number).
    """
    out = []
    try:
        lines = Path(path).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusFormatError(f"{path}: cannot read: {exc}") from None
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            out.append(EvalQuestion.model_validate_json(line))
        except ValidationError as exc:
            raise CorpusFormatError(f"{path}:{i}: invalid question: {exc.errors()[0]['msg']}") from None
    return out


def _rates(rows: list[dict[str, Any]]) -> dict[str, Any]:
    ans = [r for r in rows if r["answerable"]]
    una = [r for r in rows if not r["answerable"]]
    out: dict[str, Any] = {"n": len(rows), "n_answerable": len(ans), "n_unanswerable": len(una)}
    if ans:
        out["recall_at_1"] = sum(r["rank"] == 1 for r in ans) / len(ans)
        out["recall_at_5"] = sum(r["rank"] is not None and r["rank"] <= 5 for r in ans) / len(ans)
        out["mrr"] = sum(1.0 / r["rank"] for r in ans if r["rank"]) / len(ans)
        out["answer_rate_answerable"] = sum(r["status"] == "answered" for r in ans) / len(ans)
        multi = [r for r in ans if len(r["gold"]) > 1]
        if multi:
            out["list_recall"] = sum(len(set(r["ranked_scheme_ids"][:5]) & set(r["gold"])) / min(5, len(r["gold"])) for r in multi) / len(multi)
            out["n_multi_gold"] = len(multi)
    if una:
        out["decline_rate_unanswerable"] = sum(r["status"] == "declined" for r in una) / len(una)
    return out


def curve(rows: list[dict[str, Any]], thresholds: list[float] | None = None) -> list[dict[str, float]]:
    """Answer rate (answerable) and decline rate (unanswerable) if the gate's threshold were each value.

    Hard-rule decisions (no match, a catalog-only scheme named, an indexed scheme named) keep their
    outcome; only the logistic part moves with the threshold.
    """
    thresholds = thresholds or [round(x, 2) for x in np.arange(0.05, 0.96, 0.05)]
    ans = [r for r in rows if r["answerable"]]
    una = [r for r in rows if not r["answerable"]]
    out = []
    for t in thresholds:
        def answered(r: dict[str, Any], t: float = t) -> bool:
            return r["status"] == "answered" if r["hard_rule"] else r["probability"] >= t
        out.append({
            "threshold": t,
            "answer_rate_answerable": sum(answered(r) for r in ans) / len(ans) if ans else 0.0,
            "decline_rate_unanswerable": sum(not answered(r) for r in una) / len(una) if una else 0.0,
        })
    return out


def evaluate(
    answerer: Answerer,
    questions: list[EvalQuestion],
    standalone: Callable[[str, list[str]], tuple[str, list[str] | None, str | None]] | None = None,
) -> dict[str, Any]:
    """Run every question and compute the metrics (see the module docstring).

    Args:
        answerer: the system under test.
        questions: labelled questions.
        standalone: ``(question, history) -> (standalone query, focus scheme ids or None, state or
            None)``, the conversation's follow-up rewriting and the state it carries; default: the
            question unchanged.
    """
    rows: list[dict[str, Any]] = []
    times: list[float] = []
    cited = grounded = figure_asked = figure_quoted = 0
    for q in questions:
        t0 = time.perf_counter()
        query, focus, state = standalone(q.question, q.history) if standalone else (q.question, None, None)
        answer = answerer.ask(q.question, standalone_query=query, focus=focus, state=state)
        times.append((time.perf_counter() - t0) * 1000.0)
        cited += len(answer.citations)
        if answer.citations and verify(answerer.index, answer):
            grounded += len(answer.citations)
        if answer.citations and ASKS_FIGURE.search(q.question.casefold()):
            figure_asked += 1
            figure_quoted += bool(FIGURE.search(answer.citations[0].text))
        ranked = answer.ranked_scheme_ids
        gold = set(q.gold_scheme_ids)
        rank = next((i for i, s in enumerate(ranked, start=1) if s in gold), None)
        rows.append({
            "id": q.id, "lang": q.lang, "kind": q.kind, "answerable": q.answerable, "rank": rank,
            "status": answer.status, "probability": answer.probability,
            "hard_rule": answer.decline_reason in (*HARD_DECLINES, "empty") or answer.probability >= 1.0,
            "standalone_query": query, "ranked_scheme_ids": ranked[:10], "decline_reason": answer.decline_reason,
            "gold": q.gold_scheme_ids,
        })
    report = _rates(rows)
    report["grounded_rate"] = grounded / cited if cited else 1.0
    report["n_clarify"] = sum(r["status"] == "clarify" for r in rows)
    report["n_citations"] = cited
    report["figure_rate"] = figure_quoted / figure_asked if figure_asked else None
    report["n_figure_questions"] = figure_asked
    report["p50_ms"] = float(np.percentile(times, 50)) if times else 0.0
    report["p95_ms"] = float(np.percentile(times, 95)) if times else 0.0
    report["gate_threshold"] = THRESHOLD
    report["by_lang"] = {k: _rates([r for r in rows if r["lang"] == k]) for k in sorted({r["lang"] for r in rows})}
    report["by_kind"] = {k: _rates([r for r in rows if r["kind"] == k]) for k in sorted({r["kind"] for r in rows})}
    report["curve"] = curve(rows)
    report["per_question"] = [
        {"id": r["id"], "status": r["status"], "standalone_query": r["standalone_query"],
         "ranked_scheme_ids": r["ranked_scheme_ids"], "decline_reason": r["decline_reason"],
         "probability": round(r["probability"], 4)}
        for r in rows
    ]
    return report


def format_report(report: dict[str, Any]) -> str:
    """Human-readable tables of an :func:`evaluate` report."""
    def fmt(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else ("-" if v is None else str(v))

    cols = ["n", "recall_at_1", "recall_at_5", "mrr", "answer_rate_answerable", "decline_rate_unanswerable", "list_recall"]
    head = f"{'':<22}" + "".join(f"{c.replace('_answerable', '').replace('_unanswerable', ''):>14}" for c in cols)
    lines = [head, f"{'all':<22}" + "".join(f"{fmt(report.get(c)):>14}" for c in cols)]
    for group in ("by_lang", "by_kind"):
        for key, sub in report[group].items():
            lines.append(f"{group[3:] + '=' + key:<22}" + "".join(f"{fmt(sub.get(c)):>14}" for c in cols))
    lines.append("")
    if report.get("n_clarify"):
        lines.append(f"clarify: {report['n_clarify']} questions were answered with \"which state?\" (counted as not answered)")
    if report.get("figure_rate") is not None:
        lines.append(f"figure_rate {report['figure_rate']:.3f} over {report['n_figure_questions']} answered questions asking for an amount, "
                     "rate or limit (first quote states a figure)")
    lines.append(f"grounded_rate {report['grounded_rate']:.3f} over {report['n_citations']} citations; "
                 f"p50 {report['p50_ms']:.2f} ms, p95 {report['p95_ms']:.2f} ms per question; gate threshold {report['gate_threshold']}")
    lines.append("")
    lines.append("gate curve (threshold: answer rate on answerable / decline rate on unanswerable)")
    for point in report["curve"]:
        mark = "  <- current" if abs(point["threshold"] - report["gate_threshold"]) < 1e-9 else ""
        lines.append(f"  {point['threshold']:.2f}: {point['answer_rate_answerable']:.3f} / {point['decline_rate_unanswerable']:.3f}{mark}")
    return "\n".join(lines)


def dumps(report: dict[str, Any]) -> str:
    """The report as JSON."""
    return json.dumps(report, ensure_ascii=False, indent=1)
