"""The interview planner: which field to ask next, and when to stop. Pure: values in, decisions out.

For one scheme: ask only fields the scheme's rules still need, one at a time, and stop the moment
its outcome is settled (one false criterion of an ``all`` ends it).

Screening across schemes (docassemble-style: ask what the goal needs, not a fixed form): the next
question is the unknown field whose answer settles the most still-undecided schemes, averaged over
the answers it could get (every value of a yes/no or choice field; for a number, each side of every
threshold the rules use). Ties go to the field more undecided schemes mention, then to registry order.
The screening stops when no undecided scheme can be settled by a field not yet asked or skipped, or
after ``max_questions`` questions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from eligibility.fields import FIELDS
from eligibility.rules import Outcome, SchemeRules, criteria, evaluate, outcome

#: default question budget of a screening across all schemes
MAX_QUESTIONS = 8


def probe_values(name: str, rules: Iterable[SchemeRules]) -> list[Any]:
    """Answers field ``name`` could get that matter to ``rules``: every value of a yes/no or choice
    field, and for a number one value on each side of every threshold the rules use."""
    spec = FIELDS[name]
    if spec.type == "bool":
        return [True, False]
    if spec.type == "choice":
        return list(spec.values)
    points: set[float] = set()
    for r in rules:
        for c in criteria(r.rule):
            if c.field != name:
                continue
            if c.op == "gte":
                points |= {c.value - 1, c.value}
            elif c.op == "lte":
                points |= {c.value, c.value + 1}
            elif c.op == "between":
                points |= {c.value[0] - 1, c.value[0], c.value[1], c.value[1] + 1}
            elif c.op in ("eq", "in", "not_in"):
                vals = c.value if isinstance(c.value, list) else [c.value]
                points |= {v for v in vals if isinstance(v, (int, float))}
    return sorted(points)


def undecided(rules: Iterable[SchemeRules], profile: dict[str, Any]) -> list[SchemeRules]:
    """Rules whose outcome ``profile`` does not settle yet."""
    return [r for r in rules if evaluate(r.rule, profile).value is None]


#: facts that place a person rather than say what the person is (a scheme meeting them is not thereby meant for them)
PLACING_FIELDS = frozenset({"state", "age", "gender", "residence", "annual_family_income"})
#: how much more a scheme counts in choosing the next question for each of the user's particular facts it meets
RELEVANCE_WEIGHT = 3.0
#: a stated fact ``(field, value)`` -> the fields a scheme's conditions on which make it that user's scheme too, though
#: the user has not answered them yet: a farmer's schemes are those for land held (PM-KISAN's pages: "landholding
#: farmers' families", its rule a condition on cultivable land)
TOPICAL_FIELDS: dict[tuple[str, object], frozenset[str]] = {("occupation", "farmer"): frozenset({"owns_cultivable_land"})}


def relevance(r: SchemeRules, profile: dict[str, Any]) -> float:
    """How much settling scheme ``r`` is worth in a screening: 1, plus :data:`RELEVANCE_WEIGHT` for each field of what the
    user is (a farmer, a widow, a student, land owned; not :data:`PLACING_FIELDS`) on which ``r`` has a condition the
    profile meets. A farmer's screening then asks what settles the farmers' schemes (PM-KISAN's income tax question)
    before what settles the most schemes of any kind (a newcomer trial: an Odisha farmer was asked age, category,
    gender, income, disability, BPL, residence and marriage, and PM-KISAN was left unsettled)."""
    # a fact that makes another field the user's own topic: a farmer's schemes are those on land held, whose rules may
    # never name farmers (PM-KISAN's is land and income tax: a newcomer trial's Odisha farmer was asked eight questions,
    # none of them land, and PM-KISAN was left unsettled)
    topical = _topical(profile)
    met = {c.field for c in criteria(r.rule) if (c.field in profile and c.field not in PLACING_FIELDS and c.holds(profile[c.field]))
           or (c.field in topical and c.field not in profile)}
    return 1.0 + RELEVANCE_WEIGHT * len(met)


#: a woman of this age or more (years) has the schemes for widows as her own topic: the national widow pension's lower
#: age limit (IGNWPS, 40 to 79 years; myScheme ignwps). A trial's screening of a woman of 67 never asked whether she was
#: widowed (category, income, work, disability, BPL and residence each settled more schemes), so the widow pensions stayed
#: unchecked
WIDOWHOOD_AGE = 40


def _topical(profile: dict[str, Any]) -> frozenset[str]:
    """The fields :data:`TOPICAL_FIELDS` makes the user's own topic, by what ``profile`` states; and marital status for a
    woman of :data:`WIDOWHOOD_AGE` or more."""
    topical = {f for (field, value), fields in TOPICAL_FIELDS.items() if profile.get(field) == value for f in fields}
    age = profile.get("age")
    if profile.get("gender") == "female" and isinstance(age, (int, float)) and age >= WIDOWHOOD_AGE:
        topical.add("marital_status")
    return frozenset(topical)


@dataclass
class Choice:
    """The next field to ask and how much it is expected to settle."""

    field: str | None
    expected_settled: float = 0.0
    mentioned_by: int = 0


def next_field(rules: list[SchemeRules], profile: dict[str, Any], exclude: Iterable[str] = ()) -> Choice:
    """The unknown field to ask next (see the module docstring); ``Choice(None)`` when nothing left
    to ask can settle an undecided scheme.

    Args:
        rules: the schemes in play (one scheme, or all of them for a screening).
        profile: what the user has given (field -> value).
        exclude: fields not to ask (skipped ones).
    """
    excluded = set(exclude)
    open_rules: list[SchemeRules] = []
    open_fields: list[set[str]] = []  # per undecided rule, the unknown fields it could still be settled by
    mentions: dict[str, int] = {}
    for r in rules:
        ev = evaluate(r.rule, profile)
        if ev.value is not None:
            continue
        fields = set()
        for c in ev.unknown:
            if c.field not in excluded and c.field not in profile:
                fields.add(c.field)
                mentions[c.field] = mentions.get(c.field, 0) + 1
        open_rules.append(r)
        open_fields.append(fields)
    weight = {r.scheme_id: relevance(r, profile) for r in open_rules}
    topical = _topical(profile)
    best = Choice(None)
    order = {name: i for i, name in enumerate(FIELDS)}
    for name in sorted(mentions, key=lambda f: order.get(f, len(order))):
        relevant = [r for r, fields in zip(open_rules, open_fields) if name in fields]
        values = probe_values(name, relevant)
        if not values:
            continue
        settled = 0.0
        for r in relevant:
            # the rule's outcome depends on the answer only through its own criteria on this field:
            # evaluate it once per pattern of those criteria's truth values, not once per answer
            own = [c for c in criteria(r.rule) if c.field == name]
            seen: dict[tuple[bool, ...], bool] = {}
            for v in values:
                key = tuple(c.holds(v) for c in own)
                if key not in seen:
                    seen[key] = evaluate(r.rule, {**profile, name: v}).value is not None
                settled += seen[key] * weight[r.scheme_id]
        score = settled / len(values)
        # a field that is the user's own topic (:func:`_topical`: land for a farmer, marriage for a woman of 40 or more) is
        # asked first while it settles anything: its few schemes are the ones meant for the user, where a category or an
        # income settles many more meant for others (a woman of 67 had been asked six questions, never her marital status)
        key = (name in topical and score > 0, score, mentions[name])
        if best.field is None or key > (best.field in topical and best.expected_settled > 0, best.expected_settled, best.mentioned_by):
            best = Choice(name, score, mentions[name])
    if best.field is not None and best.expected_settled == 0.0:
        # no single answer settles anything yet: still ask what the most schemes need
        most = max(mentions, key=lambda f: (mentions[f], -order.get(f, 0)))
        best = Choice(most, 0.0, mentions[most])
    return best


@dataclass
class Screening:
    """The state of a screening after some answers: outcomes per scheme and the next question."""

    outcomes: list[Outcome] = field(default_factory=list)
    next: str | None = None


def screen(rules: list[SchemeRules], profile: dict[str, Any], asked: int, max_questions: int = MAX_QUESTIONS,
           exclude: Iterable[str] = ()) -> Screening:
    """Outcomes for every scheme and, while the budget lasts and something can still be settled, the
    next field to ask."""
    choice = next_field(rules, profile, exclude) if asked < max_questions else Choice(None)
    order = [choice.field] if choice.field else []
    return Screening([outcome(r, profile, order) for r in rules], choice.field)


def run_screening(rules: list[SchemeRules], answers: dict[str, Any], max_questions: int | None = None) -> tuple[list[Outcome], list[str]]:
    """Simulate a screening where the user knows ``answers`` (complete or not; a field not in it is
    answered "skip"). Returns the final outcomes and the fields asked, in order. Used to check that
    asking adaptively reaches the same outcomes as evaluating the whole profile."""
    profile: dict[str, Any] = {}
    asked: list[str] = []
    skipped: list[str] = []
    budget = max_questions if max_questions is not None else len(FIELDS)
    while True:
        step = screen(rules, profile, len(asked), budget, exclude=skipped)
        if step.next is None:
            return step.outcomes, asked
        asked.append(step.next)
        if step.next in answers:
            profile[step.next] = answers[step.next]
        else:
            skipped.append(step.next)
