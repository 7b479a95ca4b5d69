"""From a question to ranked schemes, each with its best chunk.

``Searcher(index).search(question)`` analyses the question (:mod:`retrieval.query`), finds scheme names
in it (:mod:`retrieval.gazetteer`), ranks chunks by reciprocal rank fusion of BM25 and TF-IDF
(:meth:`retrieval.index.Index.search`) and then ranks schemes:

- a scheme's score is the fused score of its best chunk plus that of its second best
  (``SCHEME_CHUNKS = 2``; on the English dev questions this lifts Recall@1 from 0.76 to 0.80 over the
  best chunk alone, because a scheme that answers the question usually matches it in more than one
  passage);
- schemes the question names come first, in the order they are named.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources

from retrieval.loaders import CatalogEntry, parse_named_catalog
from retrieval.gazetteer import Gazetteer, Mention, words
from retrieval.index import Hit, Index
from retrieval.query import QueryTerms, VocabularyMatcher, analyze_query, expansions
from retrieval.tokenize import stopwords

#: how many of a scheme's best chunks add up to its score
SCHEME_CHUNKS = 2
#: at most this many schemes are quoted in one answer
MAX_QUOTED = 3


@dataclass(frozen=True)
class RankedScheme:
    """A scheme in a ranking: ``hit`` is the chunk to quote (the section asked about counts),
    ``match`` the chunk that matches the question best (what the gate judges), ``score`` the
    aggregated fused score."""

    scheme_id: str
    score: float
    hit: Hit
    named: bool
    match: Hit


@dataclass
class Retrieval:
    """Everything one search found.

    Attributes:
        question: the text searched (the standalone query).
        query: its analysis; ``mentions``: the scheme names in it.
        user_query, user_mentions: the same for the user's own words when the standalone query was
            rewritten from a follow-up (the gate judges the user's words, not the appended scheme name);
            otherwise the same objects as ``query`` and ``mentions``.
        focus: schemes the conversation is about (ranked first after any the user named).
        schemes: the scheme ranking; ``hits``: the fused chunk ranking.
    """

    question: str
    query: QueryTerms
    mentions: list[Mention]
    user_query: QueryTerms
    user_mentions: list[Mention]
    focus: list[str] = field(default_factory=list)
    schemes: list[RankedScheme] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)

    @property
    def ranked_ids(self) -> list[str]:
        """Scheme ids, best first."""
        return [s.scheme_id for s in self.schemes]


def _key(name: str) -> str:
    return " ".join(re.findall(r"\w+", name.casefold()))


@lru_cache(maxsize=1)
def known_schemes() -> tuple[CatalogEntry, ...]:
    """The project's list of well-known schemes (names, aliases, official page), from
    ``data/catalog/known_schemes.json``: used to recognise schemes a corpus holds no text for."""
    rows = json.loads(resources.files("data").joinpath("catalog", "known_schemes.json").read_text(encoding="utf-8"))
    return tuple(parse_named_catalog(rows))


def _bundled_entries(held: set[str]) -> list[CatalogEntry]:
    """Bundled schemes missing from an index, as catalog entries (their myScheme page is known)."""
    return [CatalogEntry(sid, names[0], "", None, tuple(names[1:])) for sid, names in bundled_names().items() if sid not in held]


@lru_cache(maxsize=1)
def bundled_names() -> dict[str, list[str]]:
    """Names (name, short name, Hindi name, aliases) of the bundled schemes, by id.

    Used to recognise those schemes by their Hindi and popular names in any corpus that holds them
    under the same myScheme id.
    """
    out: dict[str, list[str]] = {}
    folder = resources.files("data").joinpath("schemes")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            obj = json.loads(entry.read_text(encoding="utf-8"))
            names = [obj.get("name"), obj.get("short_name"), obj.get("name_hi"), *obj.get("aliases", [])]
            out[obj["id"]] = [n for n in names if n]
    return out


class Searcher:
    """Searches one :class:`~retrieval.index.Index` (see the module docstring)."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self.matcher = VocabularyMatcher(index.vocabulary)

    @cached_property
    def catalog(self) -> dict[str, CatalogEntry]:
        """Schemes known by name only, by id: the index's own catalog, the project's list of well-known
        schemes (``data/catalog/known_schemes.json``) and bundled schemes this index does not hold.
        Entries that share a name with an indexed scheme are left out (the indexed one is meant)."""
        idx = self.index
        extra = bundled_names()
        held = {_key(n) for sid, s in idx.schemes.items() for n in [s.name, s.short_name, *s.aliases, *extra.get(sid, [])] if n}
        out: dict[str, CatalogEntry] = {}
        for entry in [*idx.catalog, *known_schemes(), *_bundled_entries(set(idx.schemes))]:
            # an entry sharing any name with a scheme we hold is that scheme under another id
            if entry.id in idx.schemes or any(_key(n) in held for n in (entry.name, *entry.aliases)):
                continue
            aliases = tuple(a for a in entry.aliases if _key(a) not in held)
            if entry.id in out:  # the same scheme from two lists: one entry with every name
                seen = out[entry.id]
                aliases = tuple(dict.fromkeys((*seen.aliases, *aliases, entry.name)))
                entry = CatalogEntry(seen.id, seen.name, seen.description or entry.description,
                                     seen.ministry or entry.ministry, aliases, seen.page if seen.page is not None else entry.page)
            out[entry.id] = CatalogEntry(entry.id, entry.name, entry.description, entry.ministry, aliases, entry.page)
        return out

    @cached_property
    def gazetteer(self) -> Gazetteer:
        """Names of the indexed schemes (plus bundled aliases for the same ids) and of catalog schemes."""
        idx = self.index
        extra = bundled_names()
        names: list[tuple[str, str, bool]] = []
        for sid, s in idx.schemes.items():
            for n in [s.name, s.short_name, s.name_hi, *s.aliases, *extra.get(sid, [])]:
                if n:
                    names.append((sid, n, True))
        for c in self.catalog.values():
            for n in (c.name, *c.aliases):
                names.append((c.id, n, False))
        limit = max(5, int(0.05 * len(idx.schemes)))
        stop, lexicon = stopwords(), expansions()

        def is_plain(w: str) -> bool:
            return w in stop or w in lexicon or _stem(w) in lexicon

        return Gazetteer(names, is_common=lambda w: idx.scheme_frequency(w) >= limit or idx.scheme_frequency(_stem(w)) >= limit,
                         is_plain=is_plain)

    def mentions(self, text: str) -> list[Mention]:
        """Scheme names in ``text``. A catalog-only name whose words stand as a phrase in the corpus
        text is dropped: the corpus talks about that thing ("Seva Nidhi" of the Agnipath scheme is not
        the PM SVANidhi scheme)."""
        found = self.gazetteer.find(text)
        if not any(not m.indexed for m in found):
            return found
        ws = words(text)
        return [m for m in found if m.indexed or not self.index.phrase_in_corpus(" ".join(ws[m.start:m.end]))]

    def search(
        self,
        question: str,
        scheme_ids: list[str] | None = None,
        level: str | None = None,
        state: str | None = None,
        focus: list[str] | None = None,
        user_text: str | None = None,
    ) -> Retrieval:
        """Rank schemes for ``question``.

        Args:
            question: the standalone query.
            scheme_ids, level, state: filters.
            focus: scheme ids a follow-up is about; ranked first after schemes the user names.
            user_text: the user's own message when ``question`` was rewritten from it.
        """
        idx = self.index
        query = analyze_query(question, idx.vocabulary, self.matcher)
        mentions = self.mentions(question)
        if user_text is not None and user_text != question:
            user_query = analyze_query(user_text, idx.vocabulary, self.matcher)
            user_mentions = self.mentions(user_text)
        else:
            user_query, user_mentions = query, mentions
        mask = idx.mask(scheme_ids, level, state)
        # a bare scheme name ("sukanya samriddhi yojana") asks what the scheme is: quote its details
        sections = query.intents or (["details"] if any(m.indexed for m in user_mentions) else [])
        result = idx.search(query.weights, mask=mask, sections=sections, figures=query.figures)
        focus = [f for f in focus or [] if f in idx.schemes and (scheme_ids is None or f in scheme_ids)]
        out = Retrieval(question=question, query=query, mentions=mentions, user_query=user_query,
                        user_mentions=user_mentions, focus=focus, hits=result.hits)
        best: dict[str, Hit] = {}
        match: dict[str, Hit] = {}
        scores: dict[str, list[float]] = {}
        for hit in result.hits:
            sid = idx.scheme_ids[idx.chunk_scheme[hit.chunk]]
            match.setdefault(sid, hit)  # hits come best-fused first
            if sid not in best or hit.pick > best[sid].pick:
                best[sid] = hit  # the chunk to quote: the section asked about counts here
            scores.setdefault(sid, []).append(hit.fused)
        named = [m.scheme_id for m in user_mentions if m.indexed and m.scheme_id in idx.schemes]
        named += [m.scheme_id for m in mentions if m.indexed and m.scheme_id in idx.schemes and m.scheme_id not in named and m.scheme_id not in focus]
        if scheme_ids is not None:
            named = [s for s in named if s in scheme_ids]
        named += [f for f in focus if f not in named]
        for sid in named:
            if sid not in best:  # named but no chunk in the fused lists: its best chunk by itself
                best[sid] = match[sid] = idx.best_chunk_of(query.weights, sid)
                scores[sid] = [best[sid].fused]
        if sections == ["details"]:
            # "what is X": the opening of X's details says what the scheme is (for the schemes that
            # can be quoted: the named ones and the first few)
            for sid in list(dict.fromkeys(named + list(best)))[:MAX_QUOTED]:
                if sid not in best:
                    continue
                first = idx.first_chunk_of(sid, "details")
                if first is not None:
                    h = best[sid]
                    best[sid] = Hit(chunk=first, fused=h.fused, bm25=h.bm25, cosine=h.cosine, pick=h.pick)
        # hits come best first, so a scheme's first SCHEME_CHUNKS scores are its best ones
        total = {sid: sum(v[:SCHEME_CHUNKS]) for sid, v in scores.items()}
        ranked = sorted(best, key=lambda s: (-total[s], s))
        position = {s: i for i, s in enumerate(ranked)}
        # named schemes first, in the order named; schemes named by the same words (one acronym shared
        # by several schemes) in retrieval order
        start: dict[str, float] = {}
        for m in user_mentions if user_mentions is not mentions else mentions:
            if m.scheme_id in named:
                start.setdefault(m.scheme_id, m.start)
        for f in focus:
            start.setdefault(f, float("inf"))
        named = sorted(dict.fromkeys(named), key=lambda s: (start.get(s, 1e9), position[s]))
        named_set = set(named)
        order = named + [s for s in ranked if s not in named_set]
        out.schemes = [RankedScheme(s, float(total[s]), best[s], s in named_set, match[s]) for s in order]
        return out


def _stem(word: str) -> str:
    from retrieval.tokenize import stem

    return stem(word)
