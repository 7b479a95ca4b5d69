"""Recognise scheme names in free text, across scripts and spelling variants.

Built from every name a scheme is known by (official name, short title, Hindi name, aliases) and,
separately, from a catalog of schemes we know by name only. A name matches when its words appear in
the text in order and next to each other, word by word equal, equal after :func:`~retrieval.translit.skeleton`
(``ujwala`` = ``ujjwala``, ``yojna`` = ``yojana``, ``उज्ज्वला`` = ``ujjwala``) or, for long words, within a
small edit distance (``ayushmaan``, ``kisaan``). Names are also tried without their generic words
("Pradhan Mantri", "Yojana", "Scheme", "National" ...): ``ujjwala`` alone names PMUY because no
other scheme's name has that word, while ``kisan`` alone names nothing (PM-KISAN, PM-KMY, KCC).
Names made only of words common in the corpus text ("Widow Pension", "Scholarship") never match
on their own: the text then is about a topic, not naming a scheme. The first word of a longer name
names the scheme alone when it is long, rare and no other name has it ("Kanyashree" for "Kanyashree
Prakalpa").
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from rapidfuzz import fuzz

from retrieval.states import state_name_words
from retrieval.text import normalize
from retrieval.translit import has_devanagari, loose_spelling, romanize, skeleton, spelled_acronym

#: Words that name no particular scheme on their own.
#: the words of the names of the states and union territories: "Uttar Pradesh" alone names a place, not a
#: scheme (and a name holding one is no scheme-family name; see ``retrieval.searcher``)
#: the words of state names in every script (data/lexicon/states.tsv): "झारखंड" alone does not name
#: "झारखंड कृषि ऋण माफी योजना"
#: (Devanagari names are matched romanized: "jharakhand" too)
STATE_WORDS = frozenset("pradesh up mp".split()) | frozenset(
    form for w in state_name_words() if len(w) >= 3 for form in (w, romanize(w).casefold()))
GENERIC = frozenset(
    """pradhan mantri pm prime minister yojana yojna yojanaa scheme schemes scheme's programme program
    national rashtriya bharat india indian central government govt sarkari abhiyan abhiyaan mission
    karyakram the of for and to in a an under ki ka ke se me mein sarkar nidhi fund kendriya
    pradhanmantri pradhanamantri mukhyamantri chief cm state new bima beema pension penshan kalyan vikas
    sahayata anudan protsahan puraskar scholarship chhatravritti assistance financial""".split()
) | STATE_WORDS
#: words for groups of people: a scheme's acronym alias that is one of them ("Pre-matric Scholarship to
#: Other Backward Classes (OBC)") would make "I am OBC" name that scheme
GROUP_WORDS = frozenset("""sc st obc obcs ews bpl apl pwd pwds divyang minority minorities sebc sbc ebc mbc nt dnt vjnt
    shg shgs fpo fpos msme msmes ner ner's dalit adivasi""".split())
#: a word standing alone for a one-word name it does not spell exactly is this similar to it at least (rapidfuzz
#: ratio, 0-100: "kaliya" for "KALIA" 91; "around" for "Arunodoi" 71 is another word)
ONE_WORD_NEAR = 80
#: the first word of a longer name names the scheme alone from this many letters on (see ``_variants``)
SINGLE_WORD_NAME = 7
_WORD = re.compile(r"(?:[^\W_]|[\u0900-\u0963\u0966-\u096f\u0971-\u097f])+")


@dataclass(frozen=True, slots=True)
class Mention:
    """A scheme named in a text.

    Attributes:
        scheme_id: the scheme's id.
        name: the name form that matched.
        start, end: word positions ``[start, end)`` in the text's word list.
        indexed: True for a scheme with text in the index, False for a catalog-only scheme.
        score: characters of the text words matched (longer names win overlaps).
        exact: the text words, joined, spell the name's words exactly (on the same words, an exact
            name wins over a near spelling: ``pmjay`` is PM-JAY, not PM-AJAY).
    """

    scheme_id: str
    name: str
    start: int
    end: int
    indexed: bool
    score: float
    exact: bool = True


def words(text: str) -> list[str]:
    """Lower-case words of ``text`` with Devanagari romanised; ``pm-kisan`` gives ``pm``, ``kisan``."""
    return [w for w, _, _ in word_spans(text)]


def word_spans(text: str) -> list[tuple[str, int, int]]:
    """``(word, start, end)`` for each word of ``text``: the word as :func:`words` gives it, and its
    character offsets in ``normalize(text)``."""
    return [(romanize(m.group().casefold()), m.start(), m.end()) for m in _WORD.finditer(normalize(text))]


def blank_mentions(text: str, mentions: list[Mention]) -> str:
    """``normalize(text)`` with the words of each mention replaced by spaces (so that the name
    "PM Kisan" is not read as the statement "I am a farmer")."""
    norm = normalize(text)
    spans = word_spans(text)
    chars = list(norm)
    for m in mentions:
        for _, a, b in spans[m.start:m.end]:
            chars[a:b] = " " * (b - a)
    return "".join(chars)


def _same(q: str, a: str, loose: bool = False) -> bool:
    """Word equality tolerant of transliteration variants and small typos in long words (``loose``: also of the
    spellings :func:`~retrieval.translit.loose_spelling` makes one)."""
    if q == a:
        return True
    if len(a) < 4 or len(q) < 3:
        return False
    sq, sa = skeleton(q), skeleton(a)
    if loose and len(sa) >= 3 and sq == sa and loose_spelling(q) == loose_spelling(a):
        return True  # one spelling of the same sounds: "phasal" (फसल romanised) is "fasal", "yojna" "yojana"
    if loose and q.endswith("iya") and q[:-3] + "ia" == a:
        return True  # "-iya" written "-ia": "कालिया" (kaliya) is "KALIA"
    # short skeletons collide ("keliye"/"kaliya" -> "kly"; "patni", wife, and "Pathani" -> "ptn"): ask for
    # closer spellings there, at most one letter longer or shorter ("kisan"/"kisaan", "vidhwa"/"vidhva")
    if len(sa) >= 3 and sq == sa and (fuzz.ratio(q, a) >= 60 if len(sa) >= 4 else fuzz.ratio(q, a) >= 80 and abs(len(q) - len(a)) <= 1):
        return True
    return len(a) >= 6 and fuzz.ratio(q, a) >= 85


def _match(name: tuple[str, ...], ws: list[str], i: int, romanised: Sequence[bool] = ()) -> int:
    """End position in ``ws`` of ``name`` matched from word ``i`` (``-1`` if it does not match).

    One text word may stand for two joined name words (``maandhan`` = ``maan dhan``) and two text
    words for one name word (``jan dhan`` = ``jandhan``). A text word written in Devanagari (``romanised[k]``)
    matches any Latin spelling of its sounds (:func:`~retrieval.translit.loose_spelling`: "फसल" is "phasal", the name's "fasal").
    """
    j, k = 0, i
    while j < len(name):
        if k >= len(ws):
            return -1
        loose = k < len(romanised) and romanised[k]
        if _same(ws[k], name[j], loose):
            j, k = j + 1, k + 1
        elif j + 1 < len(name) and _same(ws[k], name[j] + name[j + 1]):
            j, k = j + 2, k + 1
        elif k + 1 < len(ws) and _same(ws[k] + ws[k + 1], name[j]):
            j, k = j + 1, k + 2
        else:
            return -1
    return k


def name_forms(name: str) -> list[str]:
    """A name and its parts: ``"Pradhan Mantri Fasal Bima Yojna (PMFBY)"`` also gives
    ``"Pradhan Mantri Fasal Bima Yojna"`` and ``"PMFBY"``; ``"AFFDF-Financial Assistance For ..."``
    gives ``"AFFDF"`` and ``"Financial Assistance For ..."``."""
    forms = [name.strip()]
    for m in re.finditer(r"\(([^)]*)\)", name):
        inner = m.group(1).strip()
        # an acronym in brackets ("(PMFBY)", "(AB-PMJAY)"), not a remark or place ("(All Ranks)", "(Telangana)")
        if inner and " " not in inner and sum(c.isupper() or c.isdigit() for c in inner) >= max(2, len(inner) // 2):
            forms.append(inner)
    outer = re.sub(r"\s*\([^)]*\)\s*", " ", name).strip()
    parts = [p.strip() for p in re.split(r"\s+[-–:]\s+|(?<=[A-Z])-(?=[A-Z][a-z])", outer) if p.strip()]
    if len(parts) > 1:
        # "AFFDF-Financial ..." gives the acronym; a one-word tail like "- Telangana" names a place
        forms.extend(p for i, p in enumerate(parts) if " " in p or (i == 0 and p.isupper()))
    forms.append(outer)
    return list(dict.fromkeys(f for f in forms if f))


@dataclass(frozen=True)
class _Name:
    scheme_id: str
    surface: str
    tokens: tuple[str, ...]
    indexed: bool

    @cached_property
    def last_forms(self) -> frozenset[str]:
        """Forms the last word may take in a matching text (itself, its skeleton, joined to the one before)."""
        last = self.tokens[-1]
        out = {last, skeleton(last) if len(last) >= 4 else last}
        if len(self.tokens) > 1:
            joined = self.tokens[-2] + last
            out |= {joined, skeleton(joined)}
        if len(last) >= 6:
            out.add("^" + last[:3])  # a long last word may match by spelling distance: same first letters
        return frozenset(out)


class Gazetteer:
    """Scheme-name matcher (see the module docstring).

    Args:
        names: ``(scheme_id, name, indexed)`` triples; ``indexed`` False for catalog-only schemes.
        is_common: ``word -> bool``, True for words too common in the corpus to name a scheme alone.
        is_plain: ``word -> bool``, True for ordinary words (stopwords, words of the query lexicon such
            as ``divyang`` or ``kisan``) that never name a scheme on their own.
        is_distinctive: ``word -> bool``, True for a word so rare in the corpus (a few schemes' text)
            that the first word of a name may name it alone ("Kanyashree"; not "Umbrella", "Utility").
    """

    def __init__(
        self,
        names: Iterable[tuple[str, str, bool]],
        is_common: Callable[[str], bool] = lambda w: False,
        is_plain: Callable[[str], bool] = lambda w: False,
        is_distinctive: Callable[[str], bool] = lambda w: False,
    ) -> None:
        raw: list[_Name] = []
        for sid, name, indexed in names:
            for form in name_forms(name):
                toks = tuple(words(form))
                if toks:
                    raw.append(_Name(sid, form, toks, indexed))
        # which schemes' names contain each run of specific words (keyed by skeletons)
        # (schemes we hold text for are told apart among themselves; catalog names among all names)
        owners: dict[tuple[bool, tuple[str, ...]], set[str]] = defaultdict(set)
        exact: dict[tuple[bool, tuple[str, ...]], set[str]] = defaultdict(set)
        for n in raw:
            spec = [skeleton(t) or t for t in n.tokens if t not in GENERIC]
            full = tuple(skeleton(t) or t for t in n.tokens)
            for scope in {False, n.indexed}:
                exact[(scope, full)].add(n.scheme_id)
                for a in range(len(spec)):
                    for b in range(a + 1, min(len(spec), a + 6) + 1):
                        owners[(scope, tuple(spec[a:b]))].add(n.scheme_id)
        self._recent: dict[str, tuple[Mention, ...]] = {}
        self._lock = threading.Lock()
        self._index: dict[str, list[_Name]] = defaultdict(list)
        for n in raw:
            for variant in self._variants(n, owners, exact, lambda w: is_common(w) or is_plain(w), is_plain, is_distinctive):
                for key in self._keys(variant.tokens):
                    self._index[key].append(variant)

    @staticmethod
    def _keys(tokens: tuple[str, ...]) -> set[str]:
        firsts = {tokens[0]} | ({tokens[0] + tokens[1]} if len(tokens) > 1 else set())
        return firsts | {"~" + skeleton(f) for f in firsts if len(f) >= 4 and skeleton(f)}

    @staticmethod
    def _variants(
        n: _Name,
        owners: dict[tuple[bool, tuple[str, ...]], set[str]],
        exact: dict[tuple[bool, tuple[str, ...]], set[str]],
        is_common: Callable[[str], bool],
        is_plain: Callable[[str], bool],
        is_distinctive: Callable[[str], bool] = lambda w: False,
    ) -> list[_Name]:
        specific = tuple(t for t in n.tokens if t not in GENERIC)
        if not specific:
            return []
        rare = [t for t in specific if len(t) >= 3 and not t.isdigit() and not is_common(t)]
        unique = len(owners.get((n.indexed, tuple(skeleton(t) or t for t in specific)), ())) == 1
        one_owner = len(exact.get((n.indexed, tuple(skeleton(t) or t for t in n.tokens)), ())) == 1
        out: list[_Name] = []
        if len(n.tokens) == 1:
            # a one-word name (acronym, short title) must be a rare word of at least 3 letters, and not a group
            return [n] if rare and n.tokens[0] not in GROUP_WORDS else []
        # the whole name: fine when it has a rare word, is long, or no other scheme bears it; a longer
        # name that contains it ("PM Kisan Maandhan" around "PM Kisan") wins at match time
        if rare or len(specific) >= 3 or one_owner:
            out.append(n)
        # the name without its generic words, when those words name this scheme only
        if len(specific) < len(n.tokens) and unique and (rare or len(specific) >= 2):
            if len(specific) >= 2 or (len(specific[0]) >= 4 and not is_plain(specific[0])):
                out.append(_Name(n.scheme_id, n.surface, specific, n.indexed))
        # the first word of a name alone, when it is long, rare in the corpus and no other name has it:
        # people say "Kanyashree" for "Kanyashree Prakalpa", "Orunodoi" for "Orunodoi Scheme"
        first = specific[0]
        if (len(specific) >= 2 and len(first) >= SINGLE_WORD_NAME and first in rare and not is_plain(first) and is_distinctive(first)
                and len(owners.get((n.indexed, (skeleton(first) or first,)), ())) == 1):
            out.append(_Name(n.scheme_id, n.surface, (first,), n.indexed))
        return out

    def _candidates(self, word: str, nxt: str | None) -> list[_Name]:
        keys = {word} | ({word + nxt} if nxt else set())
        keys |= {"~" + skeleton(k) for k in list(keys) if len(k) >= 4 and skeleton(k)}
        seen: dict[int, _Name] = {}
        for k in keys:
            for cand in self._index.get(k, ()):
                seen[id(cand)] = cand
        return list(seen.values())

    def find(self, text: str) -> list[Mention]:
        """Scheme names in ``text``, left to right, overlaps resolved in favour of longer names; one
        mention per scheme (its first). One message is looked at by the rewriter and by the searcher:
        the last few results are kept (the gazetteer never changes once built)."""
        cached = self._recent.get(text)
        if cached is None:
            cached = tuple(self._find(text))
            with self._lock:  # the server's engine threads share one gazetteer
                if len(self._recent) >= 256:
                    self._recent.pop(next(iter(self._recent)))
                self._recent[text] = cached
        return list(cached)

    def _find(self, text: str) -> list[Mention]:
        spans = word_spans(text)
        norm = normalize(text)
        romanised = [has_devanagari(norm[a:b]) for _, a, b in spans]
        # a Devanagari word spelling Latin letters is the acronym it spells ("पीएम विश्वकर्मा": "pm vishvakarma")
        ws = [(spelled_acronym(norm[a:b]) or w) if deva else w for (w, a, b), deva in zip(spans, romanised)]
        # every form a name's last word could take in this text (the word, its skeleton, two words
        # joined): a cheap test that rules out most candidates before the word-by-word match
        forms = set(ws) | {ws[i] + ws[i + 1] for i in range(len(ws) - 1)}
        # a Devanagari "-iya" may be a name's "-ia" ("कालिया": "KALIA"; see _same)
        glide = {i: w[:-3] + "ia" for i, w in enumerate(ws) if romanised[i] and w.endswith("iya")}
        forms |= set(glide.values())
        forms |= {skeleton(f) for f in list(forms) if len(f) >= 4} | {"^" + w[:3] for w in ws if len(w) >= 5}
        found: list[Mention] = []
        for i, w in enumerate(ws):
            nxt = ws[i + 1] if i + 1 < len(ws) else None
            for cand in self._candidates(w, nxt) + (self._candidates(glide[i], nxt) if i in glide else []):
                if not cand.last_forms & forms:
                    continue
                end = _match(cand.tokens, ws, i, romanised)
                if end == i + 1 and len(cand.tokens) == 1 and glide.get(i) != cand.tokens[0] and (
                        skeleton(ws[i]) != skeleton(cand.tokens[0]) or not _same(ws[i], cand.tokens[0])
                        or (ws[i] != cand.tokens[0] and fuzz.ratio(ws[i], cand.tokens[0]) < ONE_WORD_NEAR)):
                    # one word for a one-word name, near only in letters ("parivar", family, is not "Parivarik"), or only
                    # in another spelling of its sounds ("फसल", crop, alone is not "Fasal Bima Yojana"), or sharing only
                    # its consonants ("around" is not "Arunodoi", Assam's Orunodoi: a break-it trial got a decline)
                    continue
                if end > i:
                    found.append(Mention(cand.scheme_id, cand.surface, i, end, cand.indexed, float(sum(map(len, ws[i:end]))),
                                         "".join(glide.get(k, ws[k]) for k in range(i, end)) == "".join(cand.tokens)))
        found.sort(key=lambda m: (-m.score, not m.exact, m.start))
        kept: list[Mention] = []
        for m in found:
            if any(m.start < o.end and o.start < m.end and o.scheme_id != m.scheme_id for o in kept):
                # names matched by the same words equally well are all kept (one acronym, several schemes)
                if not any((o.start, o.end, o.exact) == (m.start, m.end, m.exact) for o in kept):
                    continue
            if any(o.scheme_id == m.scheme_id for o in kept):
                continue
            kept.append(m)
        kept.sort(key=lambda m: m.start)
        return kept
