"""``schemebot eval --tune``: fit the abstention gate's logistic model and print what it gives.

Calibration data (never the hidden test set):

- the labelled questions passed to ``eval`` (the dev set);
- ``data/calibration/out_of_scope.jsonl``: questions no scheme corpus answers;
- ``data/calibration/faq_hi_hinglish.jsonl``: FAQ questions of the pages put in Hindi and Romanized
  Hindi (:func:`translated_questions`), weighed like the out-of-scope questions; the curves of these,
  of the out-of-scope and of the dev questions are also printed per language;
- with ``--calibration DIR`` (the Prabhav ``cleandata`` folder): FAQ questions of every scheme there,
  matched to the index's schemes by title (then by the opening of the details text, then by a title
  contained in exactly one indexed name; see :func:`match_faq_schemes`). FAQ questions are sampled to at
  most ``limit``, half answerable.

Held-out schemes (``--holdout FRACTION``, by default 0.1 on an index of more than
:data:`HOLDOUT_MIN_SCHEMES` schemes, else 0). With a fraction above 0 the FAQ questions are asked of a
*calibration index* built in memory from the loaded index without a seeded random FRACTION of its schemes
(:func:`holdout_split`, :func:`calibration_index`): questions of kept schemes are answerable (source
``faq``), questions of held-out schemes are not (``faq_held_out``: their scheme is absent, as a real
"not in corpus" question's is), and questions of schemes the index does not hold at all are not either
(``faq_absent``). The dev and out-of-scope questions are asked of the loaded index itself. With 0, every
FAQ question is asked of the loaded index: answerable when its scheme is indexed (source ``faq``).
Unless ``--keep-faqs``, the calibration index leaves out the FAQ sections, so that an FAQ question cannot
match its own answer word for word (real questions never do). An answerable FAQ question counts as one to
answer only when retrieval ranks its scheme first: the gate's question is whether the answer would be
right. ``--also-corpus PATH`` adds the out-of-scope and FAQ questions asked of other corpora.

The model is fitted on the FAQ and out-of-scope questions only, so that the dev questions measure it
as unseen data and choose the threshold (without ``--calibration``, the dev questions are fitted too,
and the printout says so). Only questions the gate's hard rules do not settle are fitted (a named
scheme, a catalog-only scheme, no known word); a held-out scheme's question that names a kept scheme
of the same name is thus settled, never fitted. The printout gives the coefficients to paste into
:mod:`retrieval.gate` (``LARGE_*`` for an index of at least :data:`retrieval.gate.LARGE_INDEX_SCHEMES`
schemes, ``SMALL_*`` below) and the answer-rate / decline-rate curve of the threshold per source.
"""

from __future__ import annotations

import json
import random
import re
import time
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression

from retrieval import dense
from retrieval.answer import Answerer
from retrieval.errors import CorpusFormatError
from retrieval.evaluate import EvalQuestion
from retrieval.gate import FEATURES, HARD_DECLINES, LARGE_INDEX_SCHEMES, features
from retrieval.index import Index
from retrieval.loaders import LoadReport

#: share of schemes held out of the calibration index by default on a large index
DEFAULT_HOLDOUT = 0.1
#: an index with more schemes than this gets :data:`DEFAULT_HOLDOUT` by default (a small one, none)
HOLDOUT_MIN_SCHEMES = 500
#: FAQ sources, in printout order
FAQ_SOURCES = ("faq", "faq_held_out", "faq_absent", "faq_translated", "faq_translated_held_out")
#: the FAQ questions as myScheme writes them (many, formal, English): weight 1 each in the fit; the
#: rest (dev, out-of-scope, translated) are weighed up to count as much together
ENGLISH_FAQ_SOURCES = ("faq", "faq_held_out", "faq_absent")
#: sources whose curves are also printed per language
BY_LANGUAGE_SOURCES = ("dev", "out_of_scope", "faq_translated")


def _kind(source: str) -> str:
    """The kind of a row source: ``faq_held_out@bundled`` -> ``faq_held_out``."""
    return source.split("@", 1)[0]
#: thresholds of the closing summary table
SUMMARY_THRESHOLDS = (0.2, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8)
#: clean-data ``state`` values that name no particular state (normalised)
_NO_STATE = frozenset({"", "india", "all", "all states", "central", "not specified", "not applicable", "n a", "na", "none"})
#: characters of normalised details text that identify a scheme (see :func:`match_faq_schemes`)
_DETAILS_KEY = 120


def _norm(name: str) -> str:
    """Casefolded ASCII words of ``name``; invisible format characters (zero-width joiners) dropped."""
    name = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return re.sub(r"[^a-z0-9]+", " ", name.casefold()).strip()


# ------------------------------------------------------------------ held-out schemes


def default_holdout(n_schemes: int) -> float:
    """The ``--holdout`` fraction used when none is given: :data:`DEFAULT_HOLDOUT` for an index of more
    than :data:`HOLDOUT_MIN_SCHEMES` schemes, else 0 (a small corpus cannot spare schemes)."""
    return DEFAULT_HOLDOUT if n_schemes > HOLDOUT_MIN_SCHEMES else 0.0


@dataclass(frozen=True)
class HoldoutSplit:
    """Scheme ids kept in the calibration index and held out of it (disjoint; together, all ids)."""

    kept: frozenset[str]
    held_out: frozenset[str]


def holdout_split(scheme_ids: Iterable[str], fraction: float, seed: int = 13) -> HoldoutSplit:
    """Hold out ``round(fraction * n)`` of ``n`` scheme ids, chosen at random with ``seed``.

    The choice depends only on the set of ids, the fraction and the seed (ids are sorted first). A
    fraction above 0 holds out at least one scheme and always keeps at least one.

    Args:
        scheme_ids: the index's scheme ids (repeats ignored).
        fraction: share to hold out, ``0 <= fraction < 1``.
        seed: seed of the random choice.

    Raises:
        ValueError: ``fraction`` outside ``[0, 1)``, or fewer than 2 schemes with ``fraction > 0``.
    """
    ids = sorted(set(scheme_ids))
    if not 0.0 <= fraction < 1.0:
        raise ValueError(f"holdout fraction must be at least 0 and below 1, got {fraction}")
    if fraction == 0.0:
        return HoldoutSplit(frozenset(ids), frozenset())
    if len(ids) < 2:
        raise ValueError(f"cannot hold out schemes of an index of {len(ids)} scheme(s)")
    n = min(len(ids) - 1, max(1, round(fraction * len(ids))))
    held = frozenset(random.Random(seed).sample(ids, n))
    return HoldoutSplit(frozenset(ids) - held, held)


def calibration_index(index: Index, held_out: Iterable[str], faq_text: bool = True) -> Index:
    """A new in-memory index of ``index``'s schemes without ``held_out``, with the same catalog and
    BM25 parameters (chunks, vocabulary and IDF are rebuilt, so a held-out scheme leaves no trace).

    With ``faq_text`` False the kept schemes lose their FAQ pairs (a scheme with no other text keeps
    them): an FAQ question can then not find its own wording in the index and is matched, like a real
    user's question, against the page's other sections.

    Takes about as long as indexing those schemes (some 13 s for 1,800 myScheme pages).

    Raises:
        EmptyCorpusError: nothing left to index.
    """
    held = frozenset(held_out)
    params = index.manifest.get("params", {})
    schemes = [index.schemes[sid] for sid in index.scheme_ids if sid not in held]
    if not faq_text:
        schemes = [s.model_copy(update={"faqs": []}) if any(s.sections.values()) else s for s in schemes]
    report = LoadReport(schemes=schemes, catalog=list(index.catalog))
    kwargs = {k: params[k] for k in ("k1", "b", "idf") if k in params}
    built = Index.build(report, **kwargs)
    if index.dense is not None:
        # the kept schemes' passages are unchanged (FAQs are never embedded): their vectors carry over
        built.dense = dense.carry_over(index, built)
        built.rankers = index.rankers
    return built


# ------------------------------------------------------------------ FAQ questions


@dataclass(frozen=True)
class FaqScheme:
    """One scheme file of the Prabhav clean data: its file stem, title, state, opening of its details
    text (normalised) and FAQ questions (stripped, non-empty)."""

    stem: str
    title: str
    state: str
    details_key: str
    questions: tuple[str, ...]


@dataclass
class FaqMatch:
    """Which indexed schemes each clean-data file is about (see :func:`match_faq_schemes`).

    Attributes:
        ids: file stem -> indexed scheme ids (empty: the index does not hold the scheme).
        by_method: how many files each method matched (``title``, ``details``, ``contained``, ``none``).
    """

    ids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    by_method: dict[str, int] = field(default_factory=dict)


def read_faq_schemes(folder: Path) -> list[FaqScheme]:
    """The scheme files (``*.json`` with a ``content`` object) of a Prabhav ``cleandata`` folder, sorted
    by file name. Unreadable or malformed files are skipped (the clean data has a few error pages)."""
    out = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            content = json.loads(path.read_text(encoding="utf-8")).get("content", {})
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError):
            continue
        if not isinstance(content, dict):
            continue
        faqs = content.get("faqs") or []
        qs = tuple(q for q in (str(f.get("question") or "").strip() for f in faqs if isinstance(f, dict)) if q)
        out.append(FaqScheme(path.stem, str(content.get("title") or ""), str(content.get("state") or ""),
                             _norm(str(content.get("details") or ""))[:_DETAILS_KEY], qs))
    return out


def _same_place(state: str, index: Index, scheme_id: str) -> bool:
    """True if a clean-data ``state`` fits an indexed scheme: a particular state only its own state
    schemes, no particular state ("India", "All States", "Not specified") only central schemes."""
    s = index.schemes[scheme_id]
    place = _norm(state)
    if place in _NO_STATE or place.endswith(" states"):
        return s.level == "central"
    return s.level == "state" and _norm(s.state or "") == place


def match_faq_schemes(records: Sequence[FaqScheme], index: Index) -> FaqMatch:
    """Map clean-data files to indexed schemes.

    In order: the same normalised title as an indexed scheme's name (several: those of the file's state,
    if any); else the same first :data:`_DETAILS_KEY` characters of normalised details text as exactly
    one indexed scheme (titles differ: "X" vs '"X" Component of the "Y" Scheme'); else a title that
    stands, as whole words, in exactly one indexed name of the same place (:func:`_same_place`: "Marriage
    Assistance" of Tamil Nadu is not another state's "State Marriage Assistance Scheme"). Anything else
    is unmatched (on the ~2,000 myScheme pages, mostly pages that ingest rejected as error pages).
    """
    by_name: dict[str, list[str]] = {}
    by_details: dict[str, list[str]] = {}
    for sid in index.scheme_ids:
        s = index.schemes[sid]
        by_name.setdefault(_norm(s.name), []).append(sid)
        key = _norm(s.sections.get("details", ""))[:_DETAILS_KEY]
        if len(key) >= 40:
            by_details.setdefault(key, []).append(sid)
    padded = [(f" {n} ", sids) for n, sids in by_name.items()]
    match = FaqMatch(by_method={"title": 0, "details": 0, "contained": 0, "none": 0})
    for rec in records:
        title = _norm(rec.title)
        ids: list[str] = []
        method = "none"
        if title in by_name:
            ids = by_name[title]
            same_state = [sid for sid in ids if _norm(index.schemes[sid].state or "") == _norm(rec.state)]
            ids, method = same_state or ids, "title"
        elif len(rec.details_key) >= 40 and len(by_details.get(rec.details_key, [])) == 1:
            ids, method = by_details[rec.details_key], "details"
        elif title:
            within = [sid for n, sids in padded if f" {title} " in n for sid in sids if _same_place(rec.state, index, sid)]
            if len(within) == 1:
                ids, method = within, "contained"
        match.ids[rec.stem] = tuple(ids)
        match.by_method[method] += 1
    return match


def faq_questions(folder: Path, answerer: Answerer, limit: int, seed: int = 13,
                  held_out: Iterable[str] = (), match: FaqMatch | None = None) -> list[EvalQuestion]:
    """FAQ questions of the Prabhav clean data, labelled against ``answerer``'s index.

    A question's ``kind`` says what it is: ``faq`` (its scheme is indexed and not held out: answerable,
    gold = that scheme), ``faq_held_out`` (its scheme is in ``held_out``: unanswerable once the scheme is
    left out of the calibration index) or ``faq_absent`` (no indexed scheme matches: unanswerable).

    Args:
        folder: the ``cleandata`` folder.
        answerer: answers from the *full* index (the one the schemes are matched against).
        limit: at most this many questions: a random half answerable, the rest unanswerable (held-out
            and absent pooled); fewer of one side leave more room for the other.
        seed: seed of the sampling.
        held_out: scheme ids held out of the calibration index.
        match: a precomputed :func:`match_faq_schemes` result for ``folder`` (else computed here).

    Returns:
        Answerable questions first, then unanswerable ones; ids ``faq:<file stem>:<n>``.
    """
    held = frozenset(held_out)
    records = read_faq_schemes(folder)
    match = match or match_faq_schemes(records, answerer.index)
    out: list[EvalQuestion] = []
    for rec in records:
        ids = list(match.ids.get(rec.stem, ()))
        kept = [sid for sid in ids if sid not in held]
        kind = "faq" if kept else ("faq_held_out" if ids else "faq_absent")
        for i, q in enumerate(rec.questions):
            out.append(EvalQuestion(id=f"faq:{rec.stem}:{i}", question=q, answerable=bool(kept), gold_scheme_ids=kept,
                                    lang="en", kind=kind))
    rng = random.Random(seed)
    ans = [q for q in out if q.answerable]
    una = [q for q in out if not q.answerable]
    rng.shuffle(ans)
    rng.shuffle(una)
    half = limit // 2
    return ans[: max(half, limit - len(una))] + una[: limit - min(half, len(ans))]


def out_of_scope_questions() -> list[EvalQuestion]:
    """The project's own out-of-scope calibration questions (``data/calibration/out_of_scope.jsonl``)."""
    text = resources.files("data").joinpath("calibration", "out_of_scope.jsonl").read_text(encoding="utf-8")
    return [EvalQuestion.model_validate_json(line) for line in text.splitlines() if line.strip()]


def translated_questions(index: Index, held_out: Iterable[str] = ()) -> list[EvalQuestion]:
    """The project's Hindi and Hinglish calibration questions (``data/calibration/faq_hi_hinglish.jsonl``:
    FAQ questions of the pages put in Hindi and Romanized Hindi), labelled against ``index``:
    ``faq_translated`` when a gold scheme is indexed and not held out (answerable),
    ``faq_translated_held_out`` when every indexed gold scheme is held out (unanswerable); questions of
    schemes the index does not hold are left out (a smaller corpus may answer them from another
    scheme of the same kind, so they are neither)."""
    held = frozenset(held_out)
    text = resources.files("data").joinpath("calibration", "faq_hi_hinglish.jsonl").read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        q = EvalQuestion.model_validate_json(line)
        ids = [sid for sid in q.gold_scheme_ids if sid in index.schemes]
        if not ids:
            continue
        kept = [sid for sid in ids if sid not in held]
        out.append(q.model_copy(update={"answerable": bool(kept), "gold_scheme_ids": kept,
                                        "kind": "faq_translated" if kept else "faq_translated_held_out"}))
    return out


# ------------------------------------------------------------------ fitting


def _rows(answerer: Answerer, questions: list[EvalQuestion], source: str) -> list[dict[str, Any]]:
    """One row per question: ``source``, the question ``q``, the gate's feature vector ``x``, label
    ``y`` (1 answerable; for an FAQ question, answerable *and* its scheme ranked first), ``settled`` (a
    hard rule decided) and ``hard`` (that decision, else ``None``)."""
    from conversations.rewrite import replay

    rows = []
    for q in questions:
        rw = replay(answerer, q.history, q.question) if q.history else None
        standalone = rw.standalone if rw else q.question
        focus = [rw.focus] if rw and rw.focus else None
        r, decision = answerer.retrieve(standalone, focus=focus, state=rw.state if rw else None,
                                        user_text=q.question if standalone != q.question else None)
        settled = decision.reason in HARD_DECLINES or decision.probability >= 1.0
        f = decision.features or features(answerer.index, r)
        y = int(q.answerable)
        if _kind(source) in FAQ_SOURCES and y:
            # the gate's question is "would the answer be right?": an FAQ question whose scheme retrieval
            # does not put first would be answered from another scheme, so it counts as one to decline
            # ("what is the benefit of this scheme?" names no scheme at all)
            y = int(bool(r.schemes) and r.schemes[0].scheme_id in set(q.gold_scheme_ids))
        rows.append({"source": source, "q": q, "x": f.vector(), "y": y, "settled": settled,
                     "hard": decision.answer if settled else None})
    return rows


def _curve(rows: list[dict[str, Any]], p: np.ndarray, thresholds: list[float]) -> list[tuple[float, float, float]]:
    """``(threshold, answer rate on answerable, decline rate on unanswerable)`` per threshold; settled rows
    keep their hard decision."""
    n_ans = max(sum(r["y"] == 1 for r in rows), 1)
    n_una = max(sum(r["y"] == 0 for r in rows), 1)
    out = []
    for t in thresholds:
        answered = [bool(r["hard"]) if r["settled"] else pi >= t for r, pi in zip(rows, p)]
        a = sum(ok for r, ok in zip(rows, answered) if r["y"] == 1) / n_ans
        d = sum(not ok for r, ok in zip(rows, answered) if r["y"] == 0) / n_una
        out.append((t, a, d))
    return out


def _corpus_rows(answerer: Answerer, calibration: list[str], limit: int, fraction: float, seed: int, faq_text: bool,
                 label: str = "") -> tuple[list[dict[str, Any]], list[str]]:
    """The out-of-scope and FAQ rows of one corpus (FAQ questions asked of its calibration index, without
    ``fraction`` of its schemes), each source suffixed ``@label`` when a label is given; and the
    printout's lines about the calibration index and the FAQ matching."""
    index = answerer.index
    at = f"@{label}" if label else ""
    lines: list[str] = []
    rows = [dict(r, source=r["source"] + at) for r in _rows(answerer, out_of_scope_questions(), "out_of_scope")]
    split = holdout_split(index.scheme_ids, fraction, seed)
    faq_answerer = answerer
    if split.held_out or (calibration and not faq_text):
        t0 = time.perf_counter()
        faq_answerer = Answerer(calibration_index(index, split.held_out, faq_text=faq_text))
        lines.append(f"calibration index{at}: {len(split.kept)} of {len(index.schemes)} schemes, {len(split.held_out)} held out "
                     f"(fraction {fraction:g}, seed {seed}), {'with' if faq_text else 'without'} FAQ text, "
                     f"{len(faq_answerer.index.chunks)} chunks, built in {time.perf_counter() - t0:.1f} s")
    for folder in calibration:
        match = match_faq_schemes(read_faq_schemes(Path(folder)), index)
        m = match.by_method
        lines.append(f"{folder}{at}: {sum(m.values())} FAQ schemes, matched to the index by title {m['title']}, "
                     f"by details {m['details']}, by a contained title {m['contained']}; unmatched {m['none']}")
        faq = faq_questions(Path(folder), answerer, limit, seed, held_out=split.held_out, match=match)
        for source in ENGLISH_FAQ_SOURCES:
            rows += [dict(r, source=r["source"] + at) for r in _rows(faq_answerer, [q for q in faq if q.kind == source], source)]
    translated = translated_questions(index, split.held_out)
    for source in ("faq_translated", "faq_translated_held_out"):
        rows += [dict(r, source=r["source"] + at) for r in _rows(faq_answerer, [q for q in translated if q.kind == source], source)]
    return rows, lines


def run_tuning(answerer: Answerer, questions: list[EvalQuestion], calibration: list[str] | None = None, limit: int = 4000,
               holdout: float | None = None, seed: int = 13, faq_text: bool = False,
               also: list[tuple[str, Answerer]] | None = None) -> str:
    """Fit the gate and return the printout (see the module docstring).

    Args:
        answerer: answers from the loaded index (dev and out-of-scope questions are asked of it).
        questions: the dev questions.
        calibration: Prabhav ``cleandata`` folders (FAQ questions); none: dev + out-of-scope only.
        limit: at most this many FAQ questions per folder (see :func:`faq_questions`).
        holdout: share of schemes held out of the calibration index (see the module docstring);
            ``None``: :func:`default_holdout` of the index size. Ignored without ``calibration``.
        seed: seed of the held-out choice and of the FAQ sampling.
        faq_text: keep the FAQ pairs in the calibration index (see :func:`calibration_index`).
        also: ``(label, answerer)`` of other corpora whose out-of-scope and FAQ questions are fitted too
            (each with its own default holdout), so that one gate holds on corpora of every size (the
            bundled 40 schemes, the 170-scheme JSON, the ~2,000 pages).

    Raises:
        ValueError: ``holdout`` outside ``[0, 1)``.
        CorpusFormatError: no answerable or no unanswerable question left to fit.
        EmptyCorpusError: holding out leaves nothing to index.
    """
    index = answerer.index
    fraction = default_holdout(len(index.schemes)) if holdout is None else holdout
    if not 0.0 <= fraction < 1.0:
        raise ValueError(f"holdout fraction must be at least 0 and below 1, got {fraction}")
    fraction = fraction if calibration else 0.0
    rows = _rows(answerer, questions, "dev")
    extra_rows, lines_pre = _corpus_rows(answerer, list(calibration or []), limit, fraction, seed, faq_text)
    rows += extra_rows
    for label, other in also or []:
        more, lines = _corpus_rows(other, list(calibration or []), limit, default_holdout(len(other.index.schemes)) if calibration else 0.0,
                                   seed, faq_text, label)
        rows += more
        lines_pre += lines
    dev_held_out = any(_kind(r["source"]) in ENGLISH_FAQ_SOURCES for r in rows)
    fit = [r for r in rows if not r["settled"] and (r["source"] != "dev" or not dev_held_out)]
    x = np.array([r["x"] for r in fit])
    y = np.array([r["y"] for r in fit])
    if len(set(y.tolist())) < 2:
        raise CorpusFormatError("tuning needs both answerable and unanswerable questions the hard rules do not settle; "
                                "add --calibration with the Prabhav cleandata folder")
    # dev and out-of-scope questions are few but look like real chat questions: weigh them up so
    # that they count as much as the (more numerous, more formal) FAQ questions together
    n_faq = sum(_kind(r["source"]) in ENGLISH_FAQ_SOURCES for r in fit)
    n_other = len(fit) - n_faq
    w = np.array([1.0 if _kind(r["source"]) in ENGLISH_FAQ_SOURCES else max(1.0, n_faq / max(n_other, 1)) for r in fit])
    model = LogisticRegression(C=1.0, class_weight="balanced", max_iter=2000)
    model.fit(x, y, sample_weight=w)
    lines = ["gate features: " + ", ".join(FEATURES), *lines_pre]
    scale = ("LARGE" if len(index.schemes) >= LARGE_INDEX_SCHEMES else "SMALL") + ("_DENSE" if index.dense_on else "")
    lines.append(f"{scale}_INTERCEPT = {model.intercept_[0]:.4f}")
    lines.append(f"{scale}_COEFFICIENTS = (" + ", ".join(f"{c:.4f}" for c in model.coef_[0]) + ")")
    for r in rows:  # the per-language curves: "out_of_scope:hi"
        r["lang_source"] = f"{r['source']}:{r['q'].lang}" if _kind(r["source"]) in BY_LANGUAGE_SOURCES else None
    sources = list(dict.fromkeys(r["source"] for r in rows))
    by_source = {s: sum(r["source"] == s for r in fit) for s in sources if _kind(s) in FAQ_SOURCES and any(r["source"] == s for r in fit)}
    lines.append(f"fitted on {len(fit)} questions ({n_faq} FAQ: "
                 + (", ".join(f"{n} {s}" for s, n in by_source.items()) or "none")
                 + f"; {n_other} {'out-of-scope' if dev_held_out else 'dev/out-of-scope'}); "
                 f"{sum(r['settled'] for r in rows)} of all {len(rows)} settled by hard rules; "
                 + ("dev questions NOT fitted: their curve below is a held-out measure" if dev_held_out else
                    "no --calibration: dev questions fitted too, their curve is optimistic"))
    thresholds = [round(t, 2) for t in np.arange(0.05, 0.96, 0.05)]
    curves: dict[str, list[tuple[float, float, float]]] = {}
    by_lang = sorted({r["lang_source"] for r in rows if r["lang_source"]})
    for source in sources + by_lang:
        sub = [r for r in rows if source in (r["source"], r["lang_source"])]
        if not sub:
            continue
        p = model.predict_proba(np.array([r["x"] for r in sub]))[:, 1]
        curves[source] = _curve(sub, p, thresholds)
        settled = sum(r["settled"] for r in sub)
        lines.append(f"\n{source}: {len(sub)} questions ({sum(r['y'] for r in sub)} answerable; {settled} settled by hard rules)")
        lines.append("  threshold  answer_rate(answerable)  decline_rate(unanswerable)")
        for t, a, d in curves[source]:
            lines.append(f"  {t:9.2f}  {a:23.3f}  {d:26.3f}")
    lines.append("\nsummary: answer rate on answerable / decline rate on unanswerable ('-': the source has none)")
    lines.append("  threshold  " + "  ".join(f"{s:>15}" for s in curves))
    for i, t in enumerate(thresholds):
        if t not in SUMMARY_THRESHOLDS:
            continue
        cells = []
        for source, c in curves.items():
            labels = {r["y"] for r in rows if source in (r["source"], r["lang_source"])}
            cells.append((f"{c[i][1]:.3f}" if 1 in labels else "-") + " / " + (f"{c[i][2]:.3f}" if 0 in labels else "-"))
        lines.append(f"  {t:9.2f}  " + "  ".join(f"{c:>15}" for c in cells))
    return "\n".join(lines)


__all__ = [
    "DEFAULT_HOLDOUT",
    "HOLDOUT_MIN_SCHEMES",
    "FaqMatch",
    "FaqScheme",
    "HoldoutSplit",
    "calibration_index",
    "default_holdout",
    "faq_questions",
    "holdout_split",
    "match_faq_schemes",
    "out_of_scope_questions",
    "read_faq_schemes",
    "run_tuning",
    "translated_questions",
]
