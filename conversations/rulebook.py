"""The eligibility rules in force for one corpus index.

- Hand-checked rules from ``data/rules/<scheme_id>.json`` (``source: hand``, every criterion
  ``verified: true``), used when the index holds that scheme and every criterion's ``text`` stands word
  for word in the scheme's eligibility or exclusions section there (each criterion's link is set to
  that section). A file that does not meet this is reported, not used.
- Rules derived from myScheme's structured eligibility fields for the other schemes that have them
  (:mod:`eligibility.derive`, ``verified: false``), with what could not be derived reported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from pydantic import ValidationError

from eligibility.derive import derive
from eligibility.rules import Criterion, RuleError, SchemeRules, criteria
from retrieval.index import Index


@dataclass
class RuleBook:
    """Rules by scheme id, and what loading them reported."""

    rules: dict[str, SchemeRules] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)

    def hand_checked(self) -> list[str]:
        """Ids of schemes with hand-checked rules."""
        return sorted(sid for sid, r in self.rules.items() if r.source == "hand")


def parse_rule_file(path: Path) -> SchemeRules:
    """Read one hand-checked rule file.

    Raises:
        RuleError: unreadable, invalid, or a criterion not marked verified (names file and criterion).
    """
    try:
        obj = json.loads(Path(path).read_text(encoding="utf-8"))
        rules = SchemeRules.model_validate({**obj, "source": "hand"})
    except (OSError, json.JSONDecodeError) as exc:
        raise RuleError(f"{path}: cannot read: {exc}") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        raise RuleError(f"{path}: {'.'.join(str(p) for p in err['loc'])}: {err['msg']}") from None
    for c in criteria(rules.rule):
        if not c.verified:
            raise RuleError(f"{path}: criterion {c.field} {c.op} is not verified; hand-checked rules must be")
    return rules


def rule_files() -> list[Path]:
    """The hand-checked rule files shipped in ``data/rules``."""
    folder = resources.files("data").joinpath("rules")
    return sorted(Path(str(folder)) / e.name for e in folder.iterdir() if e.name.endswith(".json"))


def _cited(rules: SchemeRules, index: Index) -> SchemeRules | str:
    """``rules`` with every criterion linked to the section that holds its text, or the problem."""
    scheme = index.schemes.get(rules.scheme_id)
    if scheme is None:
        return f"{rules.scheme_id}: not in this corpus"
    texts = scheme.section_texts()

    def fix(node):
        if isinstance(node, Criterion):
            for section in ("eligibility", "exclusions", "details", "benefits", "faqs"):
                if node.text in texts.get(section, ""):
                    return node.model_copy(update={"url": scheme.section_url(section)})
            raise LookupError(node.text)
        if hasattr(node, "all"):
            return node.model_copy(update={"all": [fix(n) for n in node.all]})
        if hasattr(node, "any"):
            return node.model_copy(update={"any": [fix(n) for n in node.any]})
        return node.model_copy(update={"not_": fix(node.not_)})

    try:
        rule = fix(rules.rule)
    except LookupError as exc:
        return f"{rules.scheme_id}: criterion text is not in the scheme's text in this corpus: {str(exc)[:80]!r}"
    whole = "\n".join(texts.values())
    missing = [u for u in rules.unchecked if u not in whole]
    if missing:
        return f"{rules.scheme_id}: unchecked condition is not in the scheme's text in this corpus: {missing[0][:80]!r}"
    return rules.model_copy(update={"rule": rule, "scheme_name": scheme.name, "url": scheme.page_url})


def build_rulebook(index: Index, files: list[Path] | None = None) -> RuleBook:
    """Hand-checked rules valid for ``index`` plus derived rules for its other schemes."""
    book = RuleBook()
    for path in rule_files() if files is None else files:
        try:
            rules = parse_rule_file(path)
        except RuleError as exc:
            book.problems.append(str(exc))
            continue
        cited = _cited(rules, index)
        if isinstance(cited, str):
            book.problems.append(f"{path.name}: {cited}")
        else:
            book.rules[cited.scheme_id] = cited
    for sid, scheme in index.schemes.items():
        if sid in book.rules or not scheme.structured_eligibility:
            continue
        derived = derive(sid, scheme.name, scheme.section_url("eligibility"), scheme.structured_eligibility,
                         scheme.sections.get("eligibility", ""))
        if derived is None:
            book.notes[sid] = ["no restrictive structured field could be cited"]
            continue
        book.rules[sid] = derived
        if derived.notes:
            book.notes[sid] = derived.notes
    return book
