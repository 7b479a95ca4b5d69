"""Rules read from page text against myScheme's own structured eligibility filters, field by field.

For every scheme present both in the saved myScheme pages (``../shared/corpus/raw/rakshithsajjan__Prabhav/
prabhav-chat/Scrape/data``) and in the OpenNyAI 170-scheme JSON, which carries myScheme's filters
(``gender``, ``caste``, ``age``, ``residence``, ``beneficiaryState``, ``disability``, ``minority``,
``isBpl``, ``isStudent``, ``maritalStatus``, ``occupation``), the rule :mod:`eligibility.text_rules` reads
from the page is compared with the filters:

- a field is *stated* by the filters when it restricts someone (a single gender, listed castes, an age
  bound other than 0/100, one of rural/urban, named states, "Yes" for disability, minority, BPL, student,
  listed marital statuses or occupations);
- an extracted criterion on that field is *correct* when it agrees: values within the filter's (gender,
  category, state, marital status; for occupation, sharing one), age bounds within 1 year of the
  filter's, the same rural/urban, and any criterion on disability, minority, BPL or student where the
  filter says "Yes";
- precision = correct / schemes with an extracted criterion on the field; recall = correct / schemes
  whose filters state the field.

The filters are myScheme's tags, not a hand-labelled truth: they are sometimes looser or stricter than
the page (``--show`` prints each disagreement with its sentence, to read rather than to tune on).
Also printed: how many pages have a criterion at all, and the share of pages whose eligibility text
states a deciding condition no field expresses that list at least one ``unchecked`` sentence.

Then the same measure against ``benchmarks/labels/rules_hand.jsonl``: 60 pages *not* in the 170-scheme
JSON, labelled by hand (see ``benchmarks/labels/README.md``; a held-out sample), and the same against
``rules_hand_tuning.jsonl``, ``rules_hand_tuning2.jsonl``, ``rules_hand_tuning3.jsonl`` and ``rules_hand_tuning4.jsonl`` (60 other pages each, the samples to study: ``--show`` prints their disagreements), with two more fields (income limit, agreeing
within 2 %; education level, the least level admitted) and the share of pages with a deciding condition no
field expresses that list at least one ``unchecked`` sentence (the issue's targets: precision >= 0.90,
recall >= 0.70, that share >= 0.80). A sample to measure on, never to tune on.

Usage: python benchmarks/rule_extraction.py [--show FIELD] [--pages DIR]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared/corpus/raw"
PAGES = SHARED / "rakshithsajjan__Prabhav/prabhav-chat/Scrape/data"
OPENNYAI = SHARED / "OpenNyAI__schemes_chatbot_deprecated/data/myschemes_scraped_combined.json"

#: conditions no field of the registry expresses (this benchmark's own list, independent of the
#: extractor's vocabulary): a page with a sentence naming one should list at least one ``unchecked``
_UNEXPRESSED = re.compile(
    r"\b(pregnan\w*|lactating|death|died|deceased|widowhood|citizens?|members? of|registered (?:with|under|as|in)|"
    r"course|passed|marks|qualification|degree|diploma|land ?holding|hectares?|acres?|experience|owns?|possess\w*|"
    r"bank account|not availed|already availed|licen[cs]e|enrolled|employed in|engaged in)\b", re.IGNORECASE)

HAND_LABELS = ROOT / "benchmarks/labels/rules_hand.jsonl"
#: a second hand-labelled sample, to study and tune on (``--show`` prints its disagreements, never the first's)
HAND_TUNING = ROOT / "benchmarks/labels/rules_hand_tuning.jsonl"
#: a third sample (labelled 2026-12-04, after the extractor was tuned on the second): studied like the second
HAND_TUNING2 = ROOT / "benchmarks/labels/rules_hand_tuning2.jsonl"
#: a fourth sample (labelled 2026-12-05, after the extractor was tuned on the third): studied like the others
HAND_TUNING3 = ROOT / "benchmarks/labels/rules_hand_tuning3.jsonl"
#: a fourth sample (labelled 2026-12-06, before the extractor was first measured on it): studied like the others
HAND_TUNING4 = ROOT / "benchmarks/labels/rules_hand_tuning4.jsonl"

FIELDS = ["gender", "social_category", "age", "residence", "state", "disability_percent", "is_minority", "is_bpl",
          "is_student", "marital_status", "occupation"]


def gold_fields(structured: dict) -> dict[str, object]:
    """The fields myScheme's filters restrict, with their values in the field registry's terms."""
    from eligibility.derive import _CASTE, _GENDER, _MARITAL, _OCCUPATION

    gold: dict[str, object] = {}
    genders = {_GENDER[g] for g in structured.get("gender") or [] if g in _GENDER}
    if genders and not {"male", "female"} <= genders:
        gold["gender"] = genders
    castes = {_CASTE[c] for c in structured.get("caste") or [] if c in _CASTE}
    if castes and castes != set(_CASTE.values()):
        gold["social_category"] = castes
    ages = [v for v in (structured.get("age") or {}).values() if isinstance(v, dict)]
    if ages:
        low = min((a.get("gte") or 0) for a in ages)
        high = max((a.get("lte") if a.get("lte") is not None else 120) for a in ages)
        if low > 0 or high < 100:
            gold["age"] = (low if low > 0 else None, high if high < 100 else None)
    residence = [r.lower() for r in structured.get("residence") or [] if r in ("Rural", "Urban")]
    if len(residence) == 1 and "Both" not in (structured.get("residence") or []):
        gold["residence"] = residence[0]
    states = {s for s in structured.get("beneficiaryState") or [] if s != "All"}
    if states:
        gold["state"] = states
    for key, field in (("disability", "disability_percent"), ("minority", "is_minority"), ("isBpl", "is_bpl"),
                       ("isStudent", "is_student")):
        if structured.get(key) == "Yes":
            gold[field] = True
    marital = {_MARITAL[m] for m in structured.get("maritalStatus") or [] if m in _MARITAL}
    if marital and marital != set(_MARITAL.values()):
        gold["marital_status"] = marital
    # "Student" is also myScheme's isStudent filter, which is_student is compared with
    occupations = {_OCCUPATION[o] for o in structured.get("occupation") or [] if o in _OCCUPATION} - {"student"}
    if occupations:
        gold["occupation"] = occupations
    return gold


def predicted_fields(rule) -> dict[str, object]:
    """The fields an extracted rule restricts (positive criteria only: exclusions such as "not a
    government employee" have no myScheme filter), with their values merged over the tree."""
    from eligibility.fields import FIELDS as REGISTRY
    from eligibility.rules import Criterion, Not

    out: dict[str, object] = {}
    lows: list[float] = []
    highs: list[float] = []

    def walk(node, under_any: bool = False) -> None:
        if isinstance(node, Not):
            return
        if not isinstance(node, Criterion):
            for part in getattr(node, "all", None) or getattr(node, "any", None) or []:
                walk(part, under_any or bool(getattr(node, "any", None)))
            return
        f, op, v = node.field, node.op, node.value
        if f == "residence" and under_any:
            return  # one area's own income limit ("Rs. 46,080/- in rural areas and Rs. 56,460/- in urban"): no one is kept out
        if f == "age":
            if op in ("gte", "between"):
                lows.append(v[0] if op == "between" else v)
            if op in ("lte", "between"):
                highs.append(v[1] if op == "between" else v)
        elif op in ("eq", "in"):
            values = set(v) if isinstance(v, list) else {v}
            out[f] = set(out.get(f, set())) | values  # type: ignore[arg-type]
        elif f == "annual_family_income" and op == "lte":
            out[f] = max(float(v), float(out.get(f, 0)))  # type: ignore[arg-type]
        elif op in ("is_true", "gte"):
            out[f] = True

    walk(rule)
    if lows or highs:
        out["age"] = _age_range(rule)
    for f in ("gender", "marital_status", "social_category"):
        spec = REGISTRY[f]
        if isinstance(out.get(f), set) and spec.values and set(spec.values) <= out[f]:  # every value: no restriction
            del out[f]
    if isinstance(out.get("gender"), set) and {"male", "female"} <= out["gender"]:
        # both men and women (an age limit by gender, "50 for men and 55 for women"): no gender restriction,
        # as for the filters (see gold_fields)
        del out["gender"]
    if isinstance(out.get("residence"), set):
        out["residence"] = next(iter(out["residence"])) if len(out["residence"]) == 1 else None
        if out["residence"] is None:
            del out["residence"]
    return out


def _age_range(node) -> tuple[float | None, float | None] | None:
    """The ages a rule's age criteria admit, ``(low, high)`` (``None``: open), or ``None`` when it has none: limits
    joined by ``all`` all hold (the narrowest range), alternatives of an ``any`` one of them (the widest); an
    ``any`` branch without an age criterion is another field's alternative, not an age of its own."""
    from eligibility.rules import AnyOf, Criterion, Not

    if isinstance(node, Not):
        return None
    if isinstance(node, Criterion):
        if node.field != "age" or node.op not in ("gte", "lte", "between"):
            return None
        v = node.value
        return (v[0], v[1]) if node.op == "between" else ((v, None) if node.op == "gte" else (None, v))
    ranges = [r for r in (_age_range(p) for p in (getattr(node, "all", None) or getattr(node, "any", None) or [])) if r]
    if not ranges:
        return None
    lows, highs = [r[0] for r in ranges], [r[1] for r in ranges]
    if isinstance(node, AnyOf):
        return (None if None in lows else min(lows), None if None in highs else max(highs))
    known_lows, known_highs = [x for x in lows if x is not None], [x for x in highs if x is not None]
    return (max(known_lows) if known_lows else None, min(known_highs) if known_highs else None)


def agrees(field: str, got: object, want: object) -> bool:
    """Whether an extracted restriction agrees with the filter's (see the module docstring)."""
    if field == "age":
        (gl, gh), (wl, wh) = got, want
        close = lambda a, b: (a is None and b is None) or (a is not None and b is not None and abs(a - b) <= 1)  # noqa: E731
        return close(gl, wl) and close(gh, wh)
    if field == "occupation":
        return bool(set(got) & set(want))
    if field == "annual_family_income":
        return isinstance(got, float) and abs(got - float(want)) <= 0.02 * float(want)  # type: ignore[arg-type]
    if field == "education_level":  # the least level the rule admits is the one the page requires
        from eligibility.fields import EDUCATION

        return isinstance(got, set) and min(got, key=list(EDUCATION).index) == want
    if isinstance(want, set):
        return isinstance(got, set) and bool(got) and got <= want
    return got == want


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=Path, default=PAGES)
    ap.add_argument("--show", action="append", default=[], help="print the disagreements on this field (repeatable; 'all')")
    args = ap.parse_args()
    if not args.pages.is_dir() or not OPENNYAI.is_file():
        print(f"needs the saved pages ({args.pages}) and the OpenNyAI JSON ({OPENNYAI})", file=sys.stderr)
        return 2
    from eligibility.rules import criteria
    from eligibility.text_rules import extract_for, units
    from retrieval.loaders import load_corpus

    pages = {s.id: s for s in load_corpus([args.pages]).schemes}
    tagged = {s.id: s for s in load_corpus([OPENNYAI]).schemes if s.structured_eligibility}
    t0 = time.perf_counter()
    extracted = {sid: extract_for(s) for sid, s in pages.items()}
    took = time.perf_counter() - t0
    both = sorted(set(pages) & set(tagged))
    stated = defaultdict(int)
    predicted = defaultdict(int)
    correct = defaultdict(int)
    shown: list[str] = []
    for sid in both:
        gold = gold_fields(tagged[sid].structured_eligibility)
        rules = extracted.get(sid)
        got = predicted_fields(rules.rule) if rules else {}
        for f in FIELDS:
            if f in gold:
                stated[f] += 1
            if f in got:
                predicted[f] += 1
            ok = f in gold and f in got and agrees(f, got[f], gold[f])
            correct[f] += ok
            if (f in gold or f in got) and not ok and (f in args.show or "all" in args.show):
                quotes = [c.text for c in criteria(rules.rule) if c.field == f] if rules else []
                shown.append(f"{sid:<28} {f:<18} extracted {_fmt(got.get(f))!s:<28} myScheme {_fmt(gold.get(f))!s:<28} {quotes[:1]}")
    print(f"schemes in both the pages and the 170-scheme JSON: {len(both)}")
    print(f"extraction over all {len(pages)} pages: {took:.2f} s; pages with at least one criterion: "
          f"{sum(1 for r in extracted.values() if r and criteria(r.rule))}")
    print(f"{'field':<20}{'stated':>8}{'extracted':>11}{'correct':>9}{'precision':>11}{'recall':>8}")
    tot_s = tot_p = tot_c = 0
    for f in FIELDS:
        s, p, c = stated[f], predicted[f], correct[f]
        tot_s, tot_p, tot_c = tot_s + s, tot_p + p, tot_c + c
        print(f"{f:<20}{s:>8}{p:>11}{c:>9}{_ratio(c, p):>11}{_ratio(c, s):>8}")
    # myScheme's age filter fills bounds the page never states (a lower bound of 10, 14 or 18 on most
    # schemes), so age is also counted bound by bound: each bound read from the text against the filter's
    bounds = [(got[i], gold[i]) for sid in both for got, gold in [_ages(extracted.get(sid), tagged[sid])] if got and gold
              for i in (0, 1) if got[i] is not None]
    good = sum(1 for g, w in bounds if w is not None and abs(g - w) <= 1)
    print(f"{'  age, per bound':<20}{'':>8}{len(bounds):>11}{good:>9}{_ratio(good, len(bounds)):>11}")
    print(f"{'all fields':<20}{tot_s:>8}{tot_p:>11}{tot_c:>9}{_ratio(tot_c, tot_p):>11}{_ratio(tot_c, tot_s):>8}")
    # pages whose eligibility text has a unit stating a deciding condition no field expresses
    deciding = [sid for sid, s in pages.items() if any(_UNEXPRESSED.search(u.text) for u in units(s.sections.get("eligibility", "")))]
    flagged = sum(1 for sid in deciding if extracted.get(sid) and extracted[sid].unchecked)
    print(f"pages with a deciding sentence no field expresses: {len(deciding)}; with at least one unchecked sentence: "
          f"{flagged} ({_ratio(flagged, len(deciding))})")
    for line in shown:
        print(line)
    hand_labels(extracted, [], HAND_LABELS, "held out: measured, never tuned on")
    hand_labels(extracted, args.show, HAND_TUNING, "tuning set: --show prints its disagreements")
    hand_labels(extracted, args.show, HAND_TUNING2, "second tuning set, labelled after the first was tuned on: --show prints its disagreements")
    hand_labels(extracted, args.show, HAND_TUNING3, "third tuning set, labelled after the second was tuned on: --show prints its disagreements")
    hand_labels(extracted, args.show, HAND_TUNING4, "fourth tuning set, labelled after the third was tuned on: --show prints its disagreements")
    return 0


def hand_gold(criteria_: dict) -> dict[str, object]:
    """A hand label's ``criteria`` in :func:`gold_fields`' terms (lists as sets, age as a tuple)."""
    gold: dict[str, object] = {}
    for f, v in criteria_.items():
        if f == "age":
            gold[f] = (v[0], v[1])
        elif isinstance(v, list):
            gold[f] = set(v)
        elif f in ("disability_percent", "is_bpl", "is_student", "is_minority"):
            gold[f] = True
        else:
            gold[f] = v
    return gold


def hand_labels(extracted: dict, show: list[str], path: Path, role: str) -> None:
    """Print precision and recall per field against the hand labels at ``path`` (see the module
    docstring), and the disagreements on the fields in ``show``."""
    if not path.is_file():
        return
    import json

    from eligibility.rules import criteria

    labels = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    fields = FIELDS + ["annual_family_income", "education_level"]
    stated, predicted, correct = defaultdict(int), defaultdict(int), defaultdict(int)
    shown: list[str] = []
    missing = 0
    for label in labels:
        sid = label["scheme_id"]
        if sid not in extracted:
            missing += 1
            continue
        gold = hand_gold(label["criteria"])
        rules = extracted[sid]
        got = predicted_fields(rules.rule) if rules else {}
        for f in fields:
            stated[f] += f in gold
            predicted[f] += f in got
            ok = f in gold and f in got and agrees(f, got[f], gold[f])
            correct[f] += ok
            if (f in gold or f in got) and not ok and (f in show or "all" in show):
                quotes = [c.text for c in criteria(rules.rule) if c.field == f] if rules else []
                shown.append(f"{sid:<28} {f:<20} extracted {_fmt(got.get(f))!s:<28} hand {_fmt(gold.get(f))!s:<28} {quotes[:1]}")
    print(f"\nhand labels ({path.relative_to(ROOT)}; {role}): {len(labels)} pages not in the 170-scheme JSON"
          + (f", {missing} not in these pages" if missing else ""))
    print(f"{'field':<22}{'stated':>8}{'extracted':>11}{'correct':>9}{'precision':>11}{'recall':>8}")
    tot_s = tot_p = tot_c = 0
    for f in fields:
        st, pr, co = stated[f], predicted[f], correct[f]
        tot_s, tot_p, tot_c = tot_s + st, tot_p + pr, tot_c + co
        if st or pr:
            print(f"{f:<22}{st:>8}{pr:>11}{co:>9}{_ratio(co, pr):>11}{_ratio(co, st):>8}")
    print(f"{'all fields':<22}{tot_s:>8}{tot_p:>11}{tot_c:>9}{_ratio(tot_c, tot_p):>11}{_ratio(tot_c, tot_s):>8}"
          "   (targets: precision >= 0.90, recall >= 0.70)")
    untyped = [x["scheme_id"] for x in labels if x.get("has_untyped_condition") and x["scheme_id"] in extracted]
    flagged = sum(1 for sid in untyped if extracted[sid] and extracted[sid].unchecked)
    print(f"pages labelled with a deciding condition no field expresses: {len(untyped)}; with at least one unchecked "
          f"sentence: {flagged} ({_ratio(flagged, len(untyped))}; target >= 0.80)")
    for line in shown:
        print(line)


def _ages(rules, tagged) -> tuple:
    """(extracted (low, high) or None, myScheme's (low, high) or None) for one scheme."""
    got = predicted_fields(rules.rule).get("age") if rules else None
    gold = gold_fields(tagged.structured_eligibility).get("age")
    return got, gold


def _fmt(v: object) -> object:
    return sorted(v) if isinstance(v, set) else v


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "-"


if __name__ == "__main__":
    raise SystemExit(main())
