"""Where a scheme applies (central, or which state) and how that was decided, for saved myScheme pages.

A page's header (the block under its first "### Check Eligibility") holds one to three heading lines,
each over a ``---`` or ``===`` rule, then the scheme's tags. Three layouts occur:

- ``OWNER / --- / SCHEME NAME / === / tags``            (most pages)
- ``HEADING / --- / tags``  where the heading is the owner ("Ministry of Education", "Puducherry") or
  the scheme's own name, with no owner at all
- ``SCHEME NAME / --- / OWNER / --- / tags``              (name first)

so each heading is classified on its own (:func:`classify_heading`): the scheme's name (close to the
page title), a state or union territory (:func:`retrieval.states.canonical_state`), or an owner
(a ministry, department or other central body such as NITI Aayog). A state heading makes the scheme a
state scheme; an owner heading makes it central. When the header names neither, the state is inferred
from the text, conservatively (:func:`infer_state`); nothing found leaves it central by default, which
the ingest summary reports as *unknown*.

Only whole state names count as evidence in page text: short codes ("MP" is also a Member of
Parliament, "UP" a preposition) and near spellings are left to questions, and "New Delhi" (the seat of
every ministry) does not name the state of Delhi.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from rapidfuzz import fuzz

from data import states as _state_table
from retrieval.states import canonical_state, find_states
from retrieval.text import normalize

HeadingKind = Literal["name", "state", "ministry", "owner"]
#: How the level/state was decided: read from the header, inferred from the text, or neither.
Decided = Literal["header", "text", "none"]

_RULE = re.compile(r"^(?:-{3,}|={3,})$")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])")
_MINISTRY = re.compile(r"^(?:the\s+)?(?:ministry|department|dept\.?)\b", re.IGNORECASE)
#: how close (rapidfuzz ratio, 0-100) a heading must be to the title to be the scheme's own name
NAME_SIMILARITY = 90
#: how much of the details' opening the "only state named" rule reads, in characters
OPENING_CHARS = 600
#: the least share of a page's state names that a state inferred from its text must have
DOMINANCE = 0.75
_GOV_BEFORE = re.compile(
    r"(?:\b(?:government|govt\.?)\s+of\s+(?:the\s+)?(?:(?:nct|ut|union\s+territory)\s+of\s+)?|"
    r"\b(?:state|ut|union\s+territory)\s+of\s+(?:the\s+)?|"
    r"\bdepartment\s+of\s+(?:the\s+)?)$",
    re.IGNORECASE,
)
_GOV_AFTER = re.compile(r"^(?:\s+state)?\s+(?:government|govt\b)", re.IGNORECASE)
#: a state name that is part of another name: "Punjab National Bank", "Bank of Maharashtra", "Bay of Bengal"
_NOT_PLACE_AFTER = re.compile(r"^\s+(?:national\s+|gramin\s+|grameen\s+|state\s+co-?operative\s+)?bank\b", re.IGNORECASE)
_NOT_PLACE_BEFORE = re.compile(r"\b(?:bank|bay)\s+of\s+$", re.IGNORECASE)


@dataclass(frozen=True)
class Header:
    """A page header: ``headings`` (the lines over a rule, top to bottom, markdown escapes removed) and
    ``tags`` (the lines after the last rule, up to the first section anchor)."""

    headings: tuple[str, ...]
    tags: tuple[str, ...]


@dataclass(frozen=True)
class Placement:
    """Where a scheme applies and how that was decided.

    Attributes:
        level: ``central`` or ``state``.
        state: canonical state name (one of :func:`retrieval.states.all_states`) for a state scheme.
        ministry: the owner heading of a central scheme ("Ministry Of Finance", "NITI Aayog ...").
        decided: ``header`` (a state or owner heading), ``text`` (inferred from title or details), or
            ``none`` (no evidence: central by default, reported as unknown).
        rule: which evidence decided it: ``header state``, ``header owner``, ``title``,
            ``government of``, ``only state in opening``, ``managed by``, ``slug``, or ``no evidence``.
        headings: ``(kind, heading)`` for every header heading, kind as :func:`classify_heading`.
    """

    level: Literal["central", "state"]
    state: str | None = None
    ministry: str | None = None
    decided: Decided = "none"
    rule: str = "no evidence"
    headings: tuple[tuple[HeadingKind, str], ...] = ()


@dataclass(frozen=True)
class TextCheck:
    """What a scheme's own text says about its state.

    Attributes:
        named_in_text: for a state scheme, whether its state is named anywhere in its page text
            (title, sections, FAQs, tags); ``None`` for a central scheme.
        title_states: the states the title names, in order, without repeats.
        title_mismatch: a state scheme whose title names states, none of them its own.
    """

    named_in_text: bool | None
    title_states: tuple[str, ...] = ()
    title_mismatch: bool = False


@dataclass(frozen=True)
class PageNotes:
    """What ingest learned about one page besides its scheme record: where the placement came from,
    the text check, and whether the page held FAQs only. Kept by :class:`~retrieval.loaders.LoadReport`
    for the ingest summary."""

    placement: Placement
    check: TextCheck
    faq_only: bool = False


def read_header(block_lines: Iterable[str]) -> Header | None:
    """The header in the lines under "### Check Eligibility", stopping at the first section anchor
    (``[### ...``), "Sign in to apply" or a second "Check Eligibility".

    Args:
        block_lines: the page's lines after the "### Check Eligibility" line (whitespace is stripped).

    Returns:
        the headings and tags, or ``None`` when no line stands over a rule (no header).
    """
    body: list[str] = []
    for ln in block_lines:
        ln = ln.strip()
        if not ln:
            continue
        if ln.startswith(("[###", "Sign in to apply")) or ln == "Check Eligibility":
            break
        body.append(ln)
    rules = [i for i, ln in enumerate(body) if _RULE.match(ln)]
    headings = [_unescape(body[i - 1]) for i in rules if i > 0 and not _RULE.match(body[i - 1])]
    if not headings:
        return None
    tags = [_unescape(ln) for ln in body[rules[-1] + 1:] if not ln.startswith(("!", "[", "#"))]
    return Header(tuple(headings), tuple(tags))


def _unescape(line: str) -> str:
    return _ESCAPE.sub(r"\1", line).strip()


def _name_key(text: str) -> str:
    text = _unescape(normalize(text)).casefold()
    return " ".join(re.sub(r"[\"'“”‘’`]", "", text).split())


def same_name(heading: str, title: str) -> bool:
    """True when ``heading`` is the scheme's name given as ``title``: equal after case, spacing, quotes
    and markdown escapes, or at least :data:`NAME_SIMILARITY` similar ("The Lokpal of India" is not
    "The Lokpal of India Internship Scheme")."""
    a, b = _name_key(heading), _name_key(title)
    return bool(a) and (a == b or fuzz.ratio(a, b) >= NAME_SIMILARITY)


def classify_heading(heading: str, title: str) -> HeadingKind:
    """One header heading -> ``name`` (the scheme's own name, compared with ``title``), ``state`` (a
    state or union territory, whole), ``ministry`` ("Ministry ...", "Department ...") or ``owner``
    (any other body: NITI Aayog, the Comptroller and Auditor General, the Lokpal)."""
    if same_name(heading, title):
        return "name"
    if canonical_state(heading):
        return "state"
    if _MINISTRY.match(heading.strip()):
        return "ministry"
    return "owner"


def place_from_header(header: Header | None, title: str) -> Placement | None:
    """The placement a header decides: its state heading (canonical name) makes a state scheme, else
    its ministry/owner heading a central one; ``None`` when it has neither (only the scheme's name, or
    no header)."""
    if header is None:
        return None
    kinds = tuple((classify_heading(h, title), h) for h in header.headings)
    for kind, h in kinds:
        if kind == "state":
            return Placement("state", canonical_state(h), None, "header", "header state", kinds)
    for kind, h in kinds:
        if kind in ("ministry", "owner"):
            return Placement("central", None, h, "header", "header owner", kinds)
    return None


@lru_cache(maxsize=1)
def _listed_names() -> frozenset[str]:
    return frozenset(n for s in _state_table() for n in s.names)


def named_states(text: str) -> list[tuple[str, int, int]]:
    """Whole state names in ``text``: ``(canonical state, start, end)`` with offsets into
    ``normalize(text)``, left to right. Short codes, near spellings, "New Delhi" and names inside other
    names ("Punjab National Bank", "Bank of Maharashtra", "Bay of Bengal") are not counted."""
    names = _listed_names()
    norm = normalize(text)
    out = []
    for m in find_states(text):
        surface = " ".join(m.surface.casefold().split())
        if surface not in names or surface == "new delhi":
            continue
        if _NOT_PLACE_AFTER.match(norm[m.end:m.end + 40]) or _NOT_PLACE_BEFORE.search(norm[max(0, m.start - 12):m.start]):
            continue
        out.append((m.state, m.start, m.end))
    return out


def _distinct(states: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(states))


def infer_state(title: str, opening: str, text: str | None = None) -> tuple[str, str] | None:
    """The state a page with no state or owner in its header is about, from its own words, or ``None``.

    In order: the one state the title names; the one state named as "Government of X", "Govt. of
    (NCT of) X", "X Government", "State of X", "UT of X" or "(Revenue) Department of X" in ``opening``; the only state named in the
    first :data:`OPENING_CHARS` characters of ``opening``, named at least twice in ``text``. Several
    states at one step stop the search (a scheme of two states is not guessed), and a state found in
    the text must make at least :data:`DOMINANCE` of the state names in ``text`` ("all states except
    Assam and Meghalaya" names no scheme's state; "PGIMER, Chandigarh" beside a list of exam centres
    neither).

    Args:
        title: the page title.
        opening: the scheme's details (or first section, or its FAQs), cleaned text.
        text: the whole page text for the share of mentions (default: ``opening``).

    Returns:
        ``(canonical state, rule)`` with rule ``title``, ``government of`` or ``only state in opening``.
    """
    in_title = _distinct(s for s, _, _ in named_states(title))
    if len(in_title) == 1:
        return in_title[0], "title"
    if len(in_title) > 1:
        return None
    opening = normalize(opening)
    in_opening = named_states(opening)
    if not in_opening:
        return None
    in_text = in_opening if text is None else named_states(text)
    mentions = Counter(s for s, _, _ in in_text)
    total = sum(mentions.values())

    def dominant(state: str, at_least: int = 1) -> bool:
        return mentions[state] >= at_least and mentions[state] >= DOMINANCE * total

    gov = [state for state, a, b in in_opening
           if _GOV_BEFORE.search(opening[max(0, a - 45):a]) or _GOV_AFTER.match(opening[b:b + 20])]
    gov_states = _distinct(gov)
    if len(gov_states) > 1:
        return None
    if len(gov_states) == 1:
        return (gov_states[0], "government of") if dominant(gov_states[0]) else None
    early = _distinct(s for s, a, _ in in_opening if a < OPENING_CHARS)
    if len(early) == 1 and dominant(early[0], at_least=2):
        return early[0], "only state in opening"
    return None


def place(header: Header | None, title: str, opening: str, text: str | None = None, slug: str = "") -> Placement:
    """The scheme's placement: from the header when it names a state or an owner, else inferred from
    ``title``, ``opening`` and the whole page ``text`` (:func:`infer_state`), else from who manages it
    (:func:`managed_by_state`), else from the page's ``slug`` (:func:`slug_state`), else central with
    ``decided="none"``."""
    from_header = place_from_header(header, title)
    if from_header is not None:
        return from_header
    kinds = tuple((classify_heading(h, title), h) for h in header.headings) if header else ()
    inferred = infer_state(title, opening, text)
    if inferred is not None:
        return Placement("state", inferred[0], None, "text", inferred[1], kinds)
    state = managed_by_state(text if text is not None else opening)
    if state is not None:
        return Placement("state", state, None, "text", "managed by", kinds)
    state = slug_state(slug)
    if state is not None:
        return Placement("state", state, None, "text", "slug", kinds)
    return Placement("central", None, None, "none", "no evidence", kinds)


#: myScheme's closing line of a page's details, "This scheme is managed by <department>, Govt. of <state>."
_MANAGED_BY = re.compile(r"\b(?:managed|implemented|administered|run|operated)\s+by\b[^.\n]{0,160}?\b(?:government|govt\.?)\s+of\s+"
                         r"(?:the\s+)?(?:nct\s+of\s+)?", re.IGNORECASE)


def managed_by_state(text: str) -> str | None:
    """The one state whose government the page says manages or implements the scheme ("This scheme is
    managed by the Agriculture & Cooperation Department, Govt. of Andhra Pradesh"), or ``None`` (no such
    sentence, or several states). On the saved pages it agrees with the header's state on all 243 pages
    that have both; one page without a state in its header or opening is placed by it."""
    found = set()
    for m in _MANAGED_BY.finditer(text):
        after = named_states(text[m.end():m.end() + 60])
        if after and after[0][1] == 0:
            found.add(after[0][0])
    return found.pop() if len(found) == 1 else None


def slug_state(slug: str) -> str | None:
    """The state a myScheme page's slug ends with ("assy-goa" -> Goa, "mvpy-bihar" -> Bihar), or ``None``.
    On the saved pages every slug ending in a state's name (40 placed from their headers) belongs to that
    state's scheme; two pages with no state in header or text ("assy-goa", "kgp-goa") are placed by it."""
    parts = slug.casefold().split("-")
    if len(parts) < 2 or len(parts[-1]) < 3:
        return None
    return canonical_state(parts[-1])


def check_text(placement: Placement, title: str, texts: Iterable[str]) -> TextCheck:
    """Compare a placement with the page's own words: is a state scheme's state named in ``title`` or
    any of ``texts`` (as :func:`named_states` counts names), and does its title name other states only."""
    title_states = _distinct(s for s, _, _ in named_states(title))
    if placement.level != "state" or placement.state is None:
        return TextCheck(None, title_states, False)
    named = placement.state in title_states or any(_names_state(t, placement.state) for t in texts)
    mismatch = bool(title_states) and placement.state not in title_states
    return TextCheck(named, title_states, mismatch)


@lru_cache(maxsize=64)
def _state_pattern(state: str) -> re.Pattern[str]:
    names = next((s.names for s in _state_table() if s.name == state), (state.casefold(),))
    alts = sorted((r"\s+".join(map(re.escape, n.split())) for n in names), key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(alts) + r")(?![\w])", re.IGNORECASE)


def _names_state(text: str, state: str) -> bool:
    """Whether ``text`` names ``state`` as :func:`named_states` would: a quick scan for its names, then
    the exact check on the few places found."""
    for m in _state_pattern(state).finditer(text):
        lo, hi = max(0, m.start() - 60), m.end() + 60
        if any(s == state for s, _, _ in named_states(text[lo:hi])):
            return True
    return False


__all__ = [
    "Header",
    "PageNotes",
    "Placement",
    "TextCheck",
    "check_text",
    "classify_heading",
    "infer_state",
    "named_states",
    "place",
    "place_from_header",
    "read_header",
    "same_name",
]
