"""The eligibility rules in force for one corpus index.

- Hand-checked rules from ``data/rules/<scheme_id>.json`` (``source: hand``, every criterion
  ``verified: true``), used when the index holds that scheme and every criterion's ``text`` stands word
  for word in the scheme's eligibility or exclusions section there (each criterion's link is set to
  that section). A file that does not meet this is reported, not used.
- Rules derived from myScheme's structured eligibility fields for the other schemes that have them
  (:mod:`eligibility.derive`, ``verified: false``), with what could not be derived reported.
- Rules read from the eligibility and exclusions text for every other scheme
  (:mod:`eligibility.text_rules`, ``source: extracted``, ``verified: false``): read at ingest and saved
  with the index (``rules.json``), read again when the saved ones are of another extractor version or
  the corpus is not a saved index. Each criterion's text is checked against the section like a
  hand-checked one. A scheme whose text states no criterion a field can express is not screened (a
  rule with no criterion would hold for everyone); its deciding sentences are kept in
  :attr:`RuleBook.text_only` for ``schemebot rules``.

Order of trust: hand > derived > extracted, one source per scheme.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from pydantic import ValidationError

from eligibility.derive import derive
from eligibility.rules import Criterion, RuleError, SchemeRules, criteria
from eligibility.text_rules import EXTRACTOR_VERSION, extract_for
from retrieval.index import Index

log = logging.getLogger("schemebot.rules")

@dataclass
class RuleBook:
    """Rules by scheme id, and what loading them reported."""

    rules: dict[str, SchemeRules] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)
    #: schemes whose text states deciding conditions but no criterion a field expresses (rule ``all: []``,
    #: with those sentences in ``unchecked``): listed by ``schemebot rules``, never screened
    text_only: dict[str, SchemeRules] = field(default_factory=dict)
    #: where each scheme with rules applies: ``(level, state)``, state ``None`` for a central scheme
    #: (a screening looks at central schemes and the user's state's only)
    places: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    #: schemes with rules whose page says they are closed (a verdict lists them last, marked)
    closed: set[str] = field(default_factory=set)

    def in_state(self, state: str | None) -> list[SchemeRules]:
        """The rules in play for a user of ``state``: central schemes and that state's (``None``: the
        central ones only)."""
        return [r for sid, r in self.rules.items()
                if self.places.get(sid, ("central", None))[0] != "state" or self.places[sid][1] == state]

    def has_state_schemes(self) -> bool:
        """True when some scheme with rules belongs to one state (so a screening asks the state first)."""
        return any(level == "state" for level, _ in self.places.values())

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
    # an unchecked sentence of the exclusions section rules the applicant out when it applies ("a household
    # that owns a refrigerator is excluded"): it is said so, not listed among conditions to meet
    excluded = texts.get("exclusions", "")
    excluding = list(dict.fromkeys([*rules.excluding, *(u for u in rules.unchecked if u in excluded and u not in texts.get("eligibility", ""))]))
    return rules.model_copy(update={"rule": rule, "scheme_name": scheme.name, "url": scheme.page_url, "excluding": excluding})


def _quotes_hold(rules: SchemeRules, scheme) -> bool:
    """Whether every criterion and unchecked sentence of saved ``rules`` is word for word in ``scheme``'s
    text (a saved file edited by hand, or from another corpus, is read afresh instead)."""
    whole = "\n".join(scheme.section_texts().values())
    return all(c.text in whole for c in criteria(rules.rule)) and all(u in whole for u in rules.unchecked)


def extracted_rules(index: Index) -> dict[str, SchemeRules]:
    """Rules read from each scheme's text (:func:`~eligibility.text_rules.extract_for`), by scheme id.

    Taken from ``index.saved_rules`` when they were saved by this extractor version (a record that no
    longer validates is read again), else read now (about 2 s for the ~2,000 myScheme pages).
    Schemes whose sections state nothing are absent.
    """
    saved = index.saved_rules if isinstance(index.saved_rules, dict) else {}
    out: dict[str, SchemeRules] = {}
    if saved.get("version") == EXTRACTOR_VERSION and isinstance(saved.get("rules"), list):
        for obj in saved["rules"]:
            try:
                rules = SchemeRules.model_validate(obj)
            except (ValidationError, RecursionError):
                continue  # read again below
            scheme = index.schemes.get(rules.scheme_id)
            if scheme is not None and _quotes_hold(rules, scheme):
                # a saved record is never taken for a hand-checked one, whatever it says
                out[rules.scheme_id] = rules if rules.source == "extracted" else rules.model_copy(update={"source": "extracted"})
        known = set(out) | {sid for sid in saved.get("none", []) if isinstance(sid, str)}
        todo = [sid for sid in index.scheme_ids if sid not in known]
        if len(todo) > len(index.scheme_ids) // 2 and index.scheme_ids:
            log.warning("saved eligibility rules cover only %d of %d schemes: reading the others from their text",
                        len(index.scheme_ids) - len(todo), len(index.scheme_ids))
    else:
        if saved and saved.get("version") != EXTRACTOR_VERSION:
            log.warning("saved eligibility rules are from another extractor version (%r, this is %d): reading them from the text again",
                        saved.get("version"), EXTRACTOR_VERSION)
        elif saved:
            log.warning("saved eligibility rules are malformed (no list of rules): reading them from the text again")
        todo = list(index.scheme_ids)
    for sid in todo:
        rules = extract_for(index.schemes[sid])
        if rules is not None:
            out[sid] = rules
    return out


def save_extracted_rules(index: Index) -> int:
    """Read every scheme's rules from its text and keep them on ``index`` (``saved_rules``) so that
    :meth:`~retrieval.index.Index.save` writes them beside the index. Returns the number of schemes
    with at least one criterion."""
    rules = extracted_rules(index)
    index.saved_rules = {
        "version": EXTRACTOR_VERSION,
        "rules": [rules[sid].model_dump(mode="json", by_alias=True) for sid in index.scheme_ids if sid in rules],
        "none": [sid for sid in index.scheme_ids if sid not in rules],
    }
    return sum(1 for r in rules.values() if criteria(r.rule))


def build_rulebook(index: Index, files: list[Path] | None = None) -> RuleBook:
    """Hand-checked rules valid for ``index``, rules derived from structured fields for its other
    schemes that have them, and rules read from the text for the rest (see the module docstring)."""
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
    for sid, rules in extracted_rules(index).items():
        if sid in book.rules:
            continue
        cited = _cited(rules, index)
        if isinstance(cited, str):
            book.problems.append(f"extracted: {cited}")
        elif criteria(cited.rule):
            book.rules[sid] = cited
            if cited.notes:
                book.notes[sid] = cited.notes
        elif cited.unchecked:
            book.text_only[sid] = cited
    for sid in book.rules:
        scheme = index.schemes[sid]
        book.places[sid] = (scheme.level, scheme.state if scheme.level == "state" else None)
        if scheme.closed:
            book.closed.add(sid)
    return book
