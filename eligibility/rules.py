"""Eligibility rules with citations, evaluated in three-valued (Kleene) logic.

A rule is a tree: a :class:`Criterion` ``{field, op, value, text, verified}`` or ``{"all": [...]}``,
``{"any": [...]}``, ``{"not": ...}``. ``text`` is the sentence of the scheme's eligibility or exclusions
section that states the criterion, word for word: it is the citation shown with a verdict.
Exclusions (PM-KISAN's income-tax payers) are ``not`` nodes.

Evaluation: a criterion on a field the user has not given is *unknown* — never true, never false.
``all`` is false if any part is false, else unknown if any part is unknown; ``any`` is true if any part
is true, else unknown if any part is unknown; ``not`` swaps true and false and keeps unknown
(Kleene's strong three-valued logic).

Outcomes (:func:`outcome`): ``eligible`` (true, and every criterion that made it true is verified by
hand), ``likely_eligible`` (true, with at least one criterion derived automatically, or a deciding
condition no field can check — ``unchecked``), ``not_eligible``
(names the criterion that fails and quotes it), ``need_more_info`` (names the missing fields).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from eligibility.fields import FIELDS

Op = Literal["eq", "in", "not_in", "gte", "lte", "between", "is_true", "is_false"]


class RuleError(Exception):
    """A rule file or record is malformed; the message names the file and the criterion."""


class Criterion(BaseModel):
    """One condition on one field, with the sentence that states it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    field: str
    op: Op
    value: Any = None
    text: str = Field(min_length=3)
    verified: bool = False
    url: str = ""

    @field_validator("field")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in FIELDS:
            raise ValueError(f"unknown field {v!r}")
        return v

    @model_validator(mode="after")
    def _value_fits(self) -> Criterion:
        spec = FIELDS[self.field]
        v = self.value
        if self.op in ("is_true", "is_false"):
            if spec.type != "bool":
                raise ValueError(f"{self.op} needs a yes/no field, {self.field} is {spec.type}")
        elif self.op in ("gte", "lte"):
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                raise ValueError(f"{self.op} needs a number")
        elif self.op == "between":
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v) and v[0] <= v[1]):
                raise ValueError("between needs [low, high] with low <= high")
        elif self.op in ("in", "not_in"):
            if not isinstance(v, list) or not v:
                raise ValueError(f"{self.op} needs a non-empty list")
            if spec.values and any(x not in spec.values for x in v):
                raise ValueError(f"{self.field} values must be among {list(spec.values)}")
        elif self.op == "eq" and spec.values and v not in spec.values:
            raise ValueError(f"{self.field} value must be one of {list(spec.values)}")
        return self

    def holds(self, value: Any) -> bool:
        """Whether the criterion is true for a known ``value`` of its field."""
        v = self.value
        if self.op == "eq":
            return value == v
        if self.op == "in":
            return value in v
        if self.op == "not_in":
            return value not in v
        if self.op == "gte":
            return value >= v
        if self.op == "lte":
            return value <= v
        if self.op == "between":
            return v[0] <= value <= v[1]
        if self.op == "is_true":
            return value is True
        return value is False


class All(BaseModel):
    """True when every part is true."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    all: list[Node]


class AnyOf(BaseModel):
    """True when at least one part is true."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    any: list[Node]


class Not(BaseModel):
    """True when the part is false (exclusions)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    not_: Node = Field(alias="not")


Node = Union[Criterion, All, AnyOf, Not]
All.model_rebuild()
AnyOf.model_rebuild()
Not.model_rebuild()


class SchemeRules(BaseModel):
    """The rules of one scheme.

    Attributes:
        scheme_id, scheme_name, url: the scheme and its page.
        rule: the rule tree.
        source: ``hand`` (checked by hand against the official text), ``extracted`` (read from the page text by
            :mod:`eligibility.text_rules`) or ``derived`` (from myScheme's
            structured eligibility fields).
        unchecked: sentences of the scheme's eligibility text that state a deciding condition no field
            can express ("a death of the primary breadwinner must have occurred"): with any of them,
            the best outcome is ``likely_eligible``, and the reply quotes them as not checked.
        excluding: those of ``unchecked`` that come from the exclusions section: the applicant qualifies
            only if they do NOT apply ("institutional land holders", "former and present holders of
            constitutional posts"), so the reply lists them apart from the conditions to meet.
        notes: for maintainers: what is not encoded and why (never shown to users).
    """

    model_config = ConfigDict(extra="forbid")
    scheme_id: str
    scheme_name: str = ""
    url: str = ""
    rule: Node
    source: Literal["hand", "derived", "extracted"] = "hand"
    checked: str | None = None
    unchecked: list[str] = Field(default_factory=list)
    excluding: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


# ---------------------------------------------------------------------------------------- evaluation

Truth = bool | None


@dataclass
class Evaluation:
    """The value of a rule for a profile, with the criteria behind it.

    ``support``: criteria that made it true; ``failing``: criteria that made it false (the first is
    the decisive one); ``unknown``: criteria on fields the profile lacks.
    """

    value: Truth
    support: list[Criterion] = field(default_factory=list)
    failing: list[Criterion] = field(default_factory=list)
    unknown: list[Criterion] = field(default_factory=list)


def evaluate(node: Node, profile: dict[str, Any]) -> Evaluation:
    """Evaluate ``node`` on ``profile`` (field -> value; a missing field is unknown)."""
    if isinstance(node, Criterion):
        if node.field not in profile or profile[node.field] is None:
            return Evaluation(None, unknown=[node])
        return Evaluation(True, support=[node]) if node.holds(profile[node.field]) else Evaluation(False, failing=[node])
    if isinstance(node, All):
        parts = [evaluate(n, profile) for n in node.all]
        false = [p for p in parts if p.value is False]
        if false:
            return Evaluation(False, failing=[c for p in false for c in p.failing])
        unknown = [p for p in parts if p.value is None]
        if unknown:
            return Evaluation(None, unknown=[c for p in unknown for c in p.unknown])
        return Evaluation(True, support=[c for p in parts for c in p.support])
    if isinstance(node, AnyOf):
        parts = [evaluate(n, profile) for n in node.any]
        true = [p for p in parts if p.value is True]
        if true:
            return Evaluation(True, support=true[0].support)
        unknown = [p for p in parts if p.value is None]
        if unknown:
            return Evaluation(None, unknown=[c for p in unknown for c in p.unknown])
        return Evaluation(False, failing=[c for p in parts for c in p.failing])
    inner = evaluate(node.not_, profile)
    if inner.value is True:
        return Evaluation(False, failing=inner.support)
    if inner.value is False:
        return Evaluation(True, support=inner.failing)
    return Evaluation(None, unknown=inner.unknown)


def criteria(node: Node) -> list[Criterion]:
    """Every criterion of a rule tree, in order."""
    if isinstance(node, Criterion):
        return [node]
    if isinstance(node, All):
        return [c for n in node.all for c in criteria(n)]
    if isinstance(node, AnyOf):
        return [c for n in node.any for c in criteria(n)]
    return criteria(node.not_)


def fields_of(node: Node) -> list[str]:
    """The fields a rule mentions, in order of first mention."""
    return list(dict.fromkeys(c.field for c in criteria(node)))


Status = Literal["eligible", "likely_eligible", "not_eligible", "need_more_info"]


@dataclass
class Outcome:
    """The verdict for one scheme.

    Attributes:
        status: see the module docstring.
        reasons: the criteria behind the verdict (for ``not_eligible``, the failing one first; for
            ``need_more_info``, the conditions the missing fields would decide).
        missing_fields: for ``need_more_info``, the unknown fields in the order they would be asked.
    """

    scheme_id: str
    scheme_name: str
    url: str
    status: Status
    reasons: list[Criterion] = field(default_factory=list)
    missing_fields: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    #: those of ``unchecked`` that rule the applicant out when they apply (from the exclusions section)
    excluding: list[str] = field(default_factory=list)
    #: for a met rule, every condition met, two of one sentence both ("the female applicant's age should be more than 55
    #: years": a gender and an age), where ``reasons`` quotes each sentence once
    met: list[Criterion] = field(default_factory=list)

    @property
    def exclusions_url(self) -> str:
        """The scheme page at its exclusions section (where the ``excluding`` sentences are)."""
        return f"{self.url.split('#')[0]}#exclusions"

    @property
    def requiring(self) -> list[str]:
        """The ``unchecked`` sentences the applicant must meet (all but ``excluding``)."""
        return [u for u in self.unchecked if u not in self.excluding]

    @property
    def eligibility_url(self) -> str:
        """The scheme page at its eligibility section (where the ``unchecked`` sentences are)."""
        return self.url if "#" in self.url else f"{self.url}#eligibility"


def _distinct(criteria: list[Criterion]) -> list[Criterion]:
    """``criteria`` with each sentence once (the first criterion that quotes it), in order."""
    seen: dict[str, Criterion] = {}
    for c in criteria:
        seen.setdefault(c.text, c)
    return list(seen.values())


def outcome(rules: SchemeRules, profile: dict[str, Any], order: list[str] | None = None) -> Outcome:
    """The outcome of ``rules`` for ``profile``. ``order`` ranks missing fields (default: rule order)."""
    ev = evaluate(rules.rule, profile)
    base = dict(scheme_id=rules.scheme_id, scheme_name=rules.scheme_name, url=rules.url)
    if ev.value is True:
        verified = all(c.verified for c in ev.support) and rules.source == "hand" and not rules.unchecked
        # each sentence once; one listed as not checked ("must be a pregnant woman", of which only
        # "woman" is a field) is shown there, not also as met
        met = [c for c in ev.support if c.text not in rules.unchecked]
        return Outcome(status="eligible" if verified else "likely_eligible", reasons=_distinct(met), unchecked=list(rules.unchecked),
                       excluding=[u for u in rules.excluding if u in rules.unchecked], met=met, **base)
    if ev.value is False:
        return Outcome(status="not_eligible", reasons=ev.failing[:1], **base)
    missing = list(dict.fromkeys(c.field for c in ev.unknown))
    if order:
        rank = {f: i for i, f in enumerate(order)}
        missing.sort(key=lambda f: rank.get(f, len(rank)))
    # the conditions still open, each sentence once, in the order their fields would be asked
    undecided = _distinct(sorted(ev.unknown, key=lambda c: missing.index(c.field)))
    return Outcome(status="need_more_info", reasons=undecided, missing_fields=missing, **base)
