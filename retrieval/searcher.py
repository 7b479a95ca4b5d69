"""From a question to ranked schemes, each with its best chunk.

``Searcher(index).search(question)`` analyses the question (:mod:`retrieval.query`), finds scheme names
in it (:mod:`retrieval.gazetteer`), ranks chunks by reciprocal rank fusion of BM25 and TF-IDF
(:meth:`retrieval.index.Index.search`) and then ranks schemes:

- a scheme's score is the fused score of its best chunk plus that of its second best
  (``SCHEME_CHUNKS = 2``; on the English dev questions this lifts Recall@1 from 0.76 to 0.80 over the
  best chunk alone, because a scheme that answers the question usually matches it in more than one
  passage);
- schemes the question names come first, in the order they are named.

States. A state named in the question (any script or spelling, :mod:`retrieval.states`), else the state
the caller knows (the conversation's or the user's profile), restricts the candidates to central schemes
plus that state's, and that state's schemes get :data:`STATE_BOOST` over central ones (a state's widow
pension, not the national one, answers "haryana widow pension"). With no state known, central schemes get
:data:`CENTRAL_BOOST` (a generic national question wants the national scheme). A scheme *family* name
("Maternity Benefit", "Old Age Pension", "Widow Pension": a name made only of ordinary words, borne by
schemes of several states) names a scheme only within the state known: it never picks one state's scheme
for a question about another state, or for a question with no state.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from importlib import resources

from retrieval.loaders import CatalogEntry, parse_named_catalog
from retrieval.gazetteer import Gazetteer, Mention, blank_mentions, words
from retrieval.chunking import SECTION_ORDER_INDEX
from retrieval.index import Hit, Index
from retrieval.query import ASKS_FIGURE, KIND_OF_HELP, RATE_TERMS, categories_named, QueryTerms, figure_wanted, VocabularyMatcher, analyze_query, expansions, for_another_group, group_named_alone, reverse_expansions, section_intents, speaks_of, spoken_terms
from retrieval.states import canonical_state, city_state, find_states, personal_fact_words, state_of, without_states
from retrieval.text import normalize
from retrieval.tokenize import analyze, stopwords
from retrieval.translit import has_devanagari, romanize, skeleton, spelled_acronym

#: how many of a scheme's best chunks add up to its score
SCHEME_CHUNKS = 2
#: at most this many schemes are quoted in one answer
MAX_QUOTED = 3
#: words that make a scheme name proper even when its other words are ordinary ("PM Kisan")
_PROPER_MARKS = frozenset("pm pradhan mantri pradhanmantri pradhanamantri rashtriya national mukhyamantri mukhymantri cm chief".split()) | frozenset(
    romanize(w) for w in "पीएम प्रधानमंत्री प्रधान मंत्री राष्ट्रीय नेशनल मुख्यमंत्री".split())  # (names are read romanised: "पीएम" is "piem")
# ("Mukhyamantri Vridhjan Pension Yojana", Bihar's own, asked by its name with no state known, had been read as the family
# name "old age pension" and answered with the national one; a chief minister's name that several states' schemes bear is
# still no name of one: see Searcher.resolve_mentions)
#: a question asking for the Government of India's schemes only
CENTRAL_ONLY = re.compile(r"\b(central|centre|union|kendra|kendriya|kendr) ?(govt|government|sarkar|sarkaar)\b|केंद्र सरकार|केन्द्र सरकार|केंद्रीय",
                          re.IGNORECASE)
#: a state's name followed by its government ("kerala govt", "odisha sarkar ki", "बिहार सरकार की"), or
#: "government of <state>": the question asks for that state's own schemes
_STATE_GOVERNMENT_AFTER = re.compile(r"\s*(?:'s\s+)?(?:(?:ki|ke|ka|की|के|का)\s+)?(?:govt\.?|government|sarkar|sarkaar|सरकार)(?!\w)", re.IGNORECASE)
_STATE_GOVERNMENT_BEFORE = re.compile(r"\b(?:govt\.?|government)\s+of\s+(?:the\s+)?$", re.IGNORECASE)


def state_government(text: str) -> bool:
    """True when ``text`` names a state's government as the one whose schemes it asks about ("kerala
    govt schemes", "rajasthan sarkar ki yojana", "schemes of the Government of Goa")."""
    norm = normalize(text)
    return any(_STATE_GOVERNMENT_AFTER.match(norm, m.end) or _STATE_GOVERNMENT_BEFORE.search(norm[:m.start])
               for m in find_states(text))


#: score factor of the known state's own schemes over central ones (chosen on the dev sets: on dev_full, 1.0 ->
#: 1.5 lifts Recall@1 from 0.777 to 0.800; 2.0 gives the same recall and a lower answer rate; dev.jsonl unchanged)
STATE_BOOST = 1.5
#: the known state's scheme gets STATE_BOOST only when its own score is at least this share of the best
#: (0.0 to 0.9 leave dev_full's Recall@1 at 0.862 and 0.95 drops it to 0.854; at 0.8 Puducherry, with no
#: widow pension of its own, gets the national one while Bihar's own still beats it for a Bihar user;
#: Odisha and Kerala still get a state scheme that merely mentions the pensions)
BOOST_FLOOR = 0.8
#: lexical weight of the words of a known state's name in the question (the state is a filter already;
#: see :func:`without_state_terms`). On dev_full with the gate refitted: Recall@1 0.900 -> 0.915 (0 gives
#: 0.923 but list recall 0.788 -> 0.720; 0.25 keeps 0.763, 0.5 gives 0.908); dev.jsonl unchanged
STATE_TERM_WEIGHT = 0.25
#: score factor of central schemes when no state is known (1.0 -> 1.6 on dev_full: MRR 0.863 -> 0.867, R@5
#: 0.946 -> 0.954; dev.jsonl unchanged)
CENTRAL_BOOST = 1.6


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
        state: the state the candidates were restricted to (canonical name), or ``None``.
        state_source: ``question`` (the user's words name it), ``context`` (given by the caller: the
            conversation or the profile) or ``None``.
        family: scheme ids of a scheme-family name in the question that was not resolved to one scheme
            (no state known, or none of that state's schemes bears it).
        user_query_text: the user's own words (the message, not the rewritten query).
        dense: chunk -> inner product with the question, for the dense ranked list (empty: dense off).
        dense_query: the question's vector (numpy ``(384,)``), or ``None`` when the dense ranker is off.
        state_boosted: the schemes whose score was multiplied by :data:`STATE_BOOST` (the state's own).
        unknown_name: a scheme name the user's words give ("PM Free Laptop Yojana") that names no scheme held:
            its own words are found neither in any scheme name the gazetteer knows nor in the first scheme's
            text (see :meth:`Searcher.unknown_name`); ``None`` otherwise.
    """

    question: str
    query: QueryTerms
    mentions: list[Mention]
    user_query: QueryTerms
    user_mentions: list[Mention]
    focus: list[str] = field(default_factory=list)
    schemes: list[RankedScheme] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    state: str | None = None
    state_source: str | None = None
    family: list[str] = field(default_factory=list)
    user_query_text: str = ""
    dense: dict[int, float] = field(default_factory=dict)
    dense_query: object = None
    state_boosted: set[str] = field(default_factory=set)
    unknown_name: str | None = None

    @property
    def ranked_ids(self) -> list[str]:
        """Scheme ids, best first."""
        return [s.scheme_id for s in self.schemes]


def _key(name: str) -> str:
    return " ".join(re.findall(r"\w+", name.casefold()))


@lru_cache(maxsize=1)
def _known_scheme_rows() -> tuple[dict, ...]:
    """The rows of ``data/catalog/known_schemes.json``, read once."""
    return tuple(json.loads(resources.files("data").joinpath("catalog", "known_schemes.json").read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def known_schemes() -> tuple[CatalogEntry, ...]:
    """The project's list of well-known schemes (names, aliases, official page), from
    ``data/catalog/known_schemes.json``: used to recognise schemes a corpus holds no text for."""
    return tuple(parse_named_catalog(list(_known_scheme_rows())))


@lru_cache(maxsize=1)
def known_scheme_states() -> dict[str, str]:
    """The state of each state scheme of ``data/catalog/known_schemes.json``, by id (central ones absent)."""
    return {row["id"]: row["state"] for row in _known_scheme_rows() if row.get("level") == "state" and row.get("state")}


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
            for n in [s.name, s.short_name, s.name_hi, *s.aliases, *extra.get(sid, []), initials_alias(s)]:
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
                         is_plain=is_plain,
                         is_distinctive=lambda w: max(idx.scheme_frequency(w), idx.scheme_frequency(_stem(w))) <= DISTINCTIVE_SCHEMES)

    def mentions(self, text: str) -> list[Mention]:
        """Scheme names in ``text``. A catalog-only name whose words stand as a phrase in the corpus text
        is dropped: the corpus talks about that thing ("Seva Nidhi" of the Agnipath scheme is not the PM
        SVANidhi scheme); unless it is written exactly and the rest of the question names no indexed
        scheme ("ayushman bharat pmjay eligibility")."""
        found = self.gazetteer.find(text)
        found += self._loanword_mentions(text, found)
        if any(not m.exact for m in found):
            # a near spelling of a name that is really a function word ("पहले" is not "PAHAL")
            from retrieval.gazetteer import word_spans

            stop, norm, spans = stopwords(), normalize(text), word_spans(text)
            found = [m for m in found if m.exact or not all(w in stop or norm[a:b].casefold() in stop for w, a, b in spans[m.start:m.end])]
            # nor is a near spelling of a short acronym ("ki maut" is not KMUT, "pehle" not PAHAL)
            found = [m for m in found if m.exact or len(words(m.name)) > 1 or len(m.name) > SHORT_ACRONYM]
        if not any(not m.indexed for m in found):
            return found
        ws = words(text)
        # (an exact name stays when the rest of the question names no indexed scheme: "ayushman bharat pmjay
        # eligibility" asks about that scheme, however many pages mention it; "NPS traders pension scheme" does not)
        return [m for m in found if m.indexed or not self.index.phrase_in_corpus(" ".join(ws[m.start:m.end]))
                or (m.exact and not self._in_an_indexed_name(ws[m.start:m.end]) and not self._rest_names_indexed(text, m))]

    def _in_an_indexed_name(self, name_words: list[str]) -> bool:
        """Whether an indexed scheme's name holds all of ``name_words`` (analysed): "Post Matric
        Scholarship" is a family of indexed schemes, not a scheme missing from the index."""
        wanted = set(analyze(" ".join(name_words)))
        return bool(wanted) and any(wanted <= names for names in self._indexed_name_words)

    @cached_property
    def _indexed_name_words(self) -> tuple[frozenset[str], ...]:
        """The analysed words of each indexed scheme's name."""
        return tuple(frozenset(analyze(s.name)) for s in self.index.schemes.values())

    @cached_property
    def _title_words(self) -> frozenset[str]:
        """The analysed words of indexed scheme names that say what a scheme is (not "scheme", "national",
        a state's name)."""
        from retrieval.gazetteer import STATE_WORDS

        filler = analyze("scheme schemes yojana yojna national rashtriya pradhan mantri pm prime minister mukhyamantri chief "
                         "cm state central government govt sarkari india bharat indian")
        return frozenset().union(*self._indexed_name_words) - frozenset(filler) - STATE_WORDS

    def _rest_names_indexed(self, text: str, mention: Mention) -> bool:
        """Whether the words of ``text`` outside ``mention`` (section words such as "eligibility" aside)
        include one of an indexed scheme's name (:attr:`_title_words`)."""
        from retrieval.gazetteer import blank_mentions

        # (nor words asking for a figure: "interest rate" names no scheme, though "Interest Subvention ..." holds "interest")
        # (nor the words of the mentioned scheme's own other names: "ayushman bharat card kaise banega" names no indexed
        # Kisan Credit Card, "card" is of "Ayushman card"; it had been answered with PMMVY's application steps)
        entry = self.catalog.get(mention.scheme_id)
        own = frozenset(analyze(" ".join([entry.name, *entry.aliases]))) if entry is not None else frozenset()
        # (nor "dar" of "byaj dar", a rate asked for; nor a word in many names, which names none: "ayushman card se kitne ka
        # ilaj free hota hai" holds the "Free" of 22 names, and a newcomer trial got Puducherry's free medical card for the press)
        rest = [w for w in analyze(blank_mentions(text, [mention])) if w not in stopwords() and not section_intents(w)
                and not ASKS_FIGURE.search(w) and w not in RATE_TERMS and w not in own]
        return any(w in self._title_words and self._name_count[w] <= TITLE_WORD_MAX_NAMES for w in rest)

    @cached_property
    def _name_count(self) -> Counter:
        """Analysed word -> how many indexed scheme names hold it."""
        return Counter(w for names in self._indexed_name_words for w in names)

    def _loanword_mentions(self, text: str, found: list[Mention]) -> list[Mention]:
        """Names written in Devanagari as English words ("सीनियर सिटीजन सेविंग्स स्कीम" is the Senior
        Citizens Savings Scheme): the text again with each such word replaced by the English word of
        the corpus it writes (:meth:`retrieval.query.VocabularyMatcher.loanword`), word for word, and the
        names found there that hold at least :data:`LOANWORD_NAME_WORDS` such words and do not overlap
        one found in the text as written (never exact)."""
        from retrieval.translit import has_devanagari

        if not has_devanagari(text):
            return []
        from retrieval.gazetteer import word_spans

        norm = normalize(text)
        # (the gazetteer's words are romanised: the word as written is the text's own span)
        ws, written = zip(*[(w, norm[a:b]) for w, a, b in word_spans(text)]) if text.strip() else ((), ())
        english = [self.matcher.loanword(o, self.index.chunk_frequency) if has_devanagari(o) and o not in stopwords() else None
                   for o in written]
        if not any(english) or len(ws) > 60:
            return []
        taken = {i for m in found for i in range(m.start, m.end)}
        out = []
        for m in self.gazetteer.find(" ".join(e or w for e, w in zip(english, ws))):
            # two English words written in Devanagari at least: one alone is too often a Hindi word that
            # sounds like one (खबर "khabar" is not "Kabir" of the Kabir Puraskar)
            if not taken & set(range(m.start, m.end)) and sum(e is not None for e in english[m.start:m.end]) >= LOANWORD_NAME_WORDS:
                out.append(replace(m, exact=False))
        return out

    @cached_property
    def _plain_words(self) -> tuple[frozenset[str], frozenset[str]]:
        """Ordinary words (stopwords, the query lexicon's words and the English words they map to) and
        their skeletons."""
        lexicon = expansions()
        plain = frozenset(stopwords()) | frozenset(lexicon) | frozenset(t for ts in lexicon.values() for t in ts)
        return plain, frozenset(skeleton(w) for w in plain if len(w) >= 4 and w.isascii())

    def _plain(self, word: str, surface: str) -> bool:
        plain, skeletons = self._plain_words
        return (word.isdigit() or word in plain or surface in plain or _stem(word) in plain
                or (len(word) >= 4 and skeleton(word) in skeletons))

    def descriptive(self, mention: Mention, text: str) -> bool:
        """True for a mention whose words are all ordinary words ("Maternity Benefit", "Old Age Pension",
        "विधवा पेंशन"): a scheme-family name, not a proper one ("Ladli Behna"). A word that marks a
        national or chief minister's scheme ("PM", "Pradhan Mantri", "National") makes it proper."""
        from retrieval.gazetteer import GENERIC, STATE_WORDS, word_spans
        from retrieval.text import normalize

        norm = normalize(text)
        spans = word_spans(text)[mention.start:mention.end]
        if any(w in _PROPER_MARKS for w, _, _ in spans):
            return False
        # (a state's name is a generic word of names, but "Uttarakhand Widow Pension" is no family name)
        return all((w in GENERIC and w not in STATE_WORDS) or self._plain(w, norm[a:b].casefold()) for w, a, b in spans)

    def named(self, text: str, state: str | None) -> list[Mention]:
        """The scheme names in ``text`` that name a scheme when ``state`` is the state known (see
        :meth:`resolve_mentions`)."""
        return self.resolve_mentions(self.mentions(text), text, state)[0]

    def resolve_mentions(self, mentions: list[Mention], text: str, state: str | None,
                         strict: bool | None = None) -> tuple[list[Mention], list[str]]:
        """The mentions that name a scheme given the state known, and the scheme ids of family names
        left unresolved (see the module docstring):

        - a state scheme of another state than the one known is named only by a proper name of its own
          ("Kanyashree" asked by someone known to live in Bihar), never by a family name, and never
          when the text itself names the other state (``strict``; by default: whether ``text`` names
          ``state``: "electric auto rickshaw ... in kerala" is no other state's "Electric Auto Rickshaw");
          a scheme known by name only (the catalog) of another state than the one the text names is
          dropped;
        - with no state known, a state scheme is not named by a name other states' schemes bear too, nor
          by a descriptive name (:meth:`descriptive`);
        - with a state known, a central scheme is not named by a descriptive name ("विधवा पेंशन" in a
          question about Uttarakhand asks for Uttarakhand's widow pension, not the national one).
        """
        idx = self.index
        if strict is None:
            strict = state is not None and any(f.state == state for f in find_states(text))
        kept: list[Mention] = []
        family: list[str] = []
        for m in mentions:
            scheme = idx.schemes.get(m.scheme_id) if m.indexed else None
            if scheme is None:
                # a known-by-name state scheme of another state than the one the text names is not the
                # scheme asked about ("असम की ... सर्वजनीन वृद्धा पेंशन" is not Jharkhand's Sarvjan Pension)
                other = known_scheme_states().get(m.scheme_id) if not m.indexed else None
                if not (strict and other is not None and other.casefold() != (state or "").casefold()):
                    kept.append(m)
                continue
            if scheme.level == "state":
                if state is not None:
                    # another state's scheme is named only by its own proper name ("Kanyashree" asked in
                    # Bihar), never by a family name ("Widow Pension")
                    same = [o for o in mentions if (o.start, o.end) == (m.start, m.end) and o.indexed]
                    drop = (scheme.state or "").casefold() != state.casefold() and (
                        strict or len(same) > 1 or self.descriptive(m, text))
                else:
                    others = {(idx.schemes[o.scheme_id].state or "") for o in mentions
                              if o.indexed and o.scheme_id in idx.schemes and (o.start, o.end) == (m.start, m.end)}
                    drop = len(others) > 1 or self.descriptive(m, text)
            else:
                drop = state is not None and self.descriptive(m, text)
            if drop:
                family.append(m.scheme_id)
            else:
                kept.append(m)
        return kept, family

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
            scheme_ids, level: filters.
            state: the state known from the conversation or the user's profile (canonical name); a
                state the question itself names wins over it.
            focus: scheme ids a follow-up is about; ranked first after schemes the user names.
            user_text: the user's own message when ``question`` was rewritten from it.
        """
        idx = self.index
        state = (canonical_state(state) or state) if state else None  # "UP", "bihar" -> the name the index uses
        if user_text is not None and (names_only_a_state(user_text) or group_named_alone(user_text)):
            user_text = None  # "and in punjab?", "aur SC ke liye?": the rewritten question is what the user asks
        own_words = user_text if user_text is not None else question
        # a city names its state when the question names none ("19 year old girl from Chennai going to college"
        # asks of Tamil Nadu's schemes, not of Rajasthan's tribal girls' grant)
        named_state = state_of(own_words) or city_state(own_words)
        if level is None and named_state is None and CENTRAL_ONLY.search(own_words):
            level = "central"  # "central govt loan schemes": the Government of India's only
        elif level is None and named_state is not None and state_government(own_words):
            level = "state"  # "kerala govt schemes for transgender people": Kerala's own only
        if named_state is not None:
            state, state_source = named_state, "question"
        else:
            state_source = "context" if state else None
        query = analyze_query(question, idx.vocabulary, self.matcher, idx.chunk_frequency)
        if state is not None:
            query = without_state_terms(query, state)
        found = self.mentions(question)
        if query.intents and any(m.indexed for m in found):
            # a section word inside a scheme's name is no section asked for: "how to apply for national
            # family benefit scheme" asks how to apply, not for its benefits
            query.intents = section_intents(blank_mentions(question, [m for m in found if m.indexed]))
        mentions, family = self.resolve_mentions(found, question, state)
        if user_text is not None and user_text != question:
            user_query = analyze_query(user_text, idx.vocabulary, self.matcher, idx.chunk_frequency)
            user_mentions, family_u = self.resolve_mentions(self.mentions(user_text), user_text, state)
            family = list(dict.fromkeys(family + family_u))
        else:
            user_query, user_mentions = query, mentions
        mask = idx.mask(scheme_ids, level, state)
        # a bare scheme name ("sukanya samriddhi yojana") asks what the scheme is: quote its details
        sections = query.intents or (["details"] if any(m.indexed for m in user_mentions) else [])
        qvec = idx.query_vector(dense_text(question, query) if GLOSS_FOR_DENSE else question)
        result = idx.search(query.weights, mask=mask, sections=sections, figures=query.figures, dense_query=qvec)
        focus = [f for f in focus or [] if f in idx.schemes and (scheme_ids is None or f in scheme_ids)]
        out = Retrieval(question=question, query=query, mentions=mentions, user_query=user_query,
                        user_mentions=user_mentions, focus=focus, hits=result.hits, state=state,
                        state_source=state_source, family=family, user_query_text=own_words, dense=result.dense,
                        dense_query=qvec)
        best: dict[str, Hit] = {}
        match: dict[str, Hit] = {}
        scores: dict[str, list[float]] = {}
        for hit in result.hits:
            sid = idx.scheme_ids[idx.chunk_scheme[hit.chunk]]
            match.setdefault(sid, hit)  # hits come best-fused first
            if sid not in best or hit.pick > best[sid].pick:
                best[sid] = hit  # the chunk to quote: the section asked about counts here
            scores.setdefault(sid, []).append(hit.fused)
        named = [m.scheme_id for m in scheme_names(user_mentions) if m.scheme_id in idx.schemes]
        named += [m.scheme_id for m in scheme_names(mentions) if m.scheme_id in idx.schemes and m.scheme_id not in named and m.scheme_id not in focus]
        if scheme_ids is not None:
            named = [s for s in named if s in scheme_ids]
        named += [f for f in focus if f not in named]
        for sid in named:
            if sid not in best:  # named but no chunk in the fused lists: its best chunk by itself
                best[sid] = match[sid] = idx.best_chunk_of(query.weights, sid)
                scores[sid] = [best[sid].fused]
        # the words that name a scheme say which scheme, not which of its passages: within a named scheme the passage
        # is picked by the rest of the question ("PMAY gramin me kitna paisa milta hai" quoted the toilet grant of
        # "Swachh Bharat Mission-Gramin" rather than the house grant; "mgnrega me kitne din ka kaam" an FAQ that
        # repeats "MGNREGA" rather than the 100 days)
        passage_terms = {sid: self._without_name_words(query.weights, own_words if user_mentions is not mentions else question, ms)
                         for sid, ms in _by_scheme(scheme_names(user_mentions)).items() if sid in best}

        def weights_of(sid: str) -> dict[str, float]:
            return passage_terms.get(sid) or query.weights

        wanted_figure = figure_wanted(query.weights)

        def figure_chunk(sid: str, sections: list[str]) -> int | None:
            """The chunk of ``sid``'s ``sections`` best for the question's words that states the figure asked for, or None."""
            alt = idx.section_chunk(sid, sections, weights_of(sid), True)
            return alt if alt is not None and wanted_figure.search(idx.chunks[alt].text) else None

        for sid, rest in passage_terms.items():
            if query.intents:  # (within the section the first choice holds: the one asked, when it has it)
                chunk = idx.section_chunk(sid, [idx.chunks[best[sid].chunk].section], rest, query.figures)
            else:
                alt = idx.best_chunk_of(rest, sid)
                chunk = alt.chunk if alt.bm25 > 0 else None
            if chunk is not None:
                best[sid] = replace(best[sid], chunk=chunk)
        if sections == ["details"]:
            # "what is X": the opening of X's details says what the scheme is (for the schemes that
            # can be quoted: the named ones and the first few)
            for sid in list(dict.fromkeys(named + list(best)))[:MAX_QUOTED]:
                if sid not in best:
                    continue
                first = idx.first_chunk_of(sid, "details")
                if query.figures:
                    # "how many rupees under ujjwala", "is UP widow pension Rs 5000?": a named scheme asked for a figure is
                    # quoted where it states one (its benefits, else its details), not from its opening (a break-it trial)
                    alt = figure_chunk(sid, ["benefits", "details"])
                    first = alt if alt is not None else first
                if first is not None:
                    h = best[sid]
                    best[sid] = replace(h, chunk=first)
        # hits come best first, so a scheme's first SCHEME_CHUNKS scores are its best ones
        total = {sid: sum(v[:SCHEME_CHUNKS]) for sid, v in scores.items()}
        top_raw = max(total.values(), default=0.0)
        leader = min((s for s in total if total[s] == top_raw), default=None)

        state_terms = frozenset(analyze(state)) if state is not None else frozenset()

        # each word of the question once (the state's name left out: the state is a filter already), with the index
        # terms that stand for it (itself, its spelling repairs and glossary words both ways) and its weight, the IDF of the word
        # itself or, for a word the index lacks, of the best of its stand-ins
        # (only with a state known: the cover is compared for the state's boost alone)
        lex, reverse = expansions(), reverse_expansions()
        word_groups: list[tuple[frozenset[int], float]] = []
        for tok in query.content if state is not None else ():
            if tok in state_terms:
                continue
            ids = {i for t in (tok, *query.resolved.get(tok, ()), *lex.get(tok, ()), *reverse.get(tok, ())) if (i := idx.vocabulary.get(t, -1)) >= 0}
            own = idx.vocabulary.get(tok, -1)
            weight = float(idx.tfidf_idf[own]) if own >= 0 else max((float(idx.tfidf_idf[i]) for i in ids), default=0.0)
            if ids:
                word_groups.append((frozenset(ids), weight))

        def covered(sid: str) -> float:
            """IDF-weighted sum of the question's words (the state's name left out) that the scheme's best-matching
            chunk holds, a word counting once whether the chunk holds it or a word standing for it (a rare word counts
            more: Kerala's Viswakarma pension holds "pension amount", the national widow pension "widow pension", and
            "widow pension amount in Kerala" had boosted the first over the second). The scheme's name counts as part
            of its chunk, as a reader sees the passage under it; and a glossary word does not count beside the word it
            stands for: Kerala's glucometer scheme for "elderly diabetic ... old age persons", holding "old", "age",
            "elderly" and "senior", had been boosted over the national "Old Age Pension" scheme, whose benefits chunk
            says only "a monthly pension", and "old age pension amount in Kerala" was declined."""
            sch = idx.schemes[sid]
            held = idx.chunk_term_ids(match[sid].chunk) | frozenset(
                i for t in analyze(sch.name) if (i := idx.vocabulary.get(t, -1)) >= 0)
            return sum(weight for ids, weight in word_groups if ids & held)

        leader_cover = covered(leader) if state is not None and leader is not None else 0.0
        said = question if user_text is None else f"{question} {user_text}"
        for sid in total:
            sch = idx.schemes[sid]
            if state is not None and sch.level == "state" and (sch.state or "").casefold() == state.casefold():
                # only a state scheme that matches nearly as well as the best, and holds as many of the
                # question's words (weighted by IDF) as the leader: a state with no widow pension of its own gets
                # the national one, not its pilgrimage scheme or its old-age pension (which shares only "pension")
                # (a short page has one strong chunk where a long one has two: its best chunk counts too); nor one
                # reserved for a group the question does not name, unless it leads: "हरियाणा में विकलांग पेंशन कितनी है"
                # is asked by anyone, not by the construction workers' board's members
                near = total[sid] >= BOOST_FLOOR * top_raw or scores[sid][0] >= BOOST_FLOOR * scores[leader][0]
                if near and (sid == leader or (covered(sid) >= leader_cover - 1e-9 and not for_another_group(sch.name, said))):
                    total[sid] *= STATE_BOOST
                    out.state_boosted.add(sid)
            elif state is None and sch.level == "central":
                total[sid] *= CENTRAL_BOOST
        if not named:
            top = sorted(total, key=lambda s: (-total[s], s))[:NAME_TOP]
            shares = dict(zip(top, name_shares(idx, out, top)))
            if top:
                # (not a central scheme over the user's state's own version, which the state boost put first: Bihar's
                # widow pension, "Lakshmi Bai Samajik Suraksha Pension Yojana", names no widow, and "widow pension
                # bihar amount" had quoted the national one first)
                own_first = top[0] in out.state_boosted
                full = [sid for sid in top[1:] if shares[sid] >= max(NAME_MIN, shares[top[0]] + NAME_GAIN)
                        and total[sid] >= (NAME_MARGIN_WHOLE if shares[sid] >= 1.0 - 1e-9 else NAME_MARGIN) * total[top[0]]
                        and not (own_first and idx.schemes[sid].level == "central")]
                if full:
                    total[full[0]], total[top[0]] = total[top[0]], total[full[0]]  # (places changed, no tie: see below)
        asked_categories = categories_named(said)
        if asked_categories and not named:
            # a question for one social category ("scholarship for SC students") is never answered from a scheme whose
            # name is for another only (the ST post-matric scholarship): it leaves the ranking (a newcomer trial's SC
            # student, asking "and in Tamil Nadu?" after Punjab's SC scholarship, was quoted the ST one's application)
            for sid in [s for s in total if (c := categories_named(idx.schemes[s].name)) and not c & asked_categories]:
                del total[sid]
                best.pop(sid, None)
        if not named:
            # a scheme reserved for a group the question does not name (a construction workers' board's
            # widow pension, for "widow pension in Haryana") yields the lead to a scheme for everyone
            # scoring nearly as well
            top = sorted(total, key=lambda s: (-total[s], s))[:GROUP_TOP]
            # (by the name only: a scheme whose rule alone names the group, Jharkhand's construction workers' "Cycle
            # Sahayata Yojana", is what a question in its own words asks for, not the schemes beside it)
            if top and for_another_group(idx.schemes[top[0]].name, said):
                general = next((sid for sid in top[1:] if total[sid] >= GROUP_MARGIN * total[top[0]]
                                and not for_another_group(idx.schemes[sid].name, said)), None)
                if general is not None:
                    # the two change places, each keeping the other's score: a tie (the general one at 1.0001 of the
                    # first) read to the gate as no lead at all ("हरियाणा में विकलांग पेंशन कितनी है" was declined over
                    # Haryana's own disability pension and the construction workers' board's one)
                    total[general], total[top[0]] = total[top[0]], total[general]
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
        asked = [i for i in query.intents if i != "details"]
        if asked:
            # "how much is the widow pension?": a quoted scheme whose best-matching chunk is not in the
            # section asked is quoted from that section (its benefits may not repeat the question's words)
            # (a section among the intents counts, "details" too: an interest rate is often stated there)
            wanted = {SECTION_ORDER_INDEX[a] for a in query.intents if a in SECTION_ORDER_INDEX}
            for sid in order[:MAX_QUOTED]:
                h = best[sid]
                if int(idx.chunk_section[h.chunk]) in wanted:
                    if query.figures and not wanted_figure.search(idx.chunks[h.chunk].text):
                        # "post matric scholarship kitna milta hai": the benefits chunk that matched best is a
                        # note without a sum ("Note 2. Students pursuing C.A. ...", "Divyang students get 10%
                        # extra"); the section's chunk stating one is quoted (the rates table)
                        alt = figure_chunk(sid, [idx.chunks[h.chunk].section])
                        if alt is not None:
                            best[sid] = replace(h, chunk=alt)
                    continue
                alt = idx.section_chunk(sid, asked, weights_of(sid), query.figures)
                if alt is not None:
                    best[sid] = replace(h, chunk=alt)
            if "eligibility" in asked or "exclusions" in asked:
                # who can or cannot get it: the exclusions answer "who is not eligible for pm kisan" (the page's
                # eligibility says who is), and "can a government employee get pm kisan" where they speak of the question's
                # words more than the eligibility passage does (a newcomer trial was quoted "All landholding farmers'
                # families ... are eligible", the exclusion of government employees never said)
                for sid in order[:MAX_QUOTED]:
                    h = best[sid]
                    ex = idx.section_chunk(sid, ["exclusions"], weights_of(sid))
                    if ex is None or ex == h.chunk:
                        continue
                    # (the words that ask, "apply", "eligible", "get", not counted: "उज्ज्वला ... कौन आवेदन कर सकता है" is
                    # answered by who can apply, not by "A man cannot apply for PMUY")
                    terms = {t: w for t, w in weights_of(sid).items() if t not in _asking_terms()}
                    held = lambda c: sum(w for t, w in terms.items() if idx.vocabulary.get(t, -1) in idx.chunk_term_ids(c))
                    if "exclusions" in asked or held(ex) > held(h.chunk):
                        best[sid] = replace(h, chunk=ex)
        elif not query.intents:
            # "widow pension in Bihar" asks what there is: a scheme whose best-matching chunk is its
            # exclusions ("pension will be discontinued in case of remarriage of widow") is quoted from
            # what it gives instead
            # (likewise a chunk of its FAQs: "disability pension in Maharashtra" quoted "Can I Apply For Multiple
            # Disabilities? Yes."; a page of FAQs alone has no other section and keeps its FAQ)
            # (and its documents list: "is there any pension for me (old age)" quoted "Proof of age" and an Aadhaar card)
            excluded = {SECTION_ORDER_INDEX["exclusions"], SECTION_ORDER_INDEX["faqs"], SECTION_ORDER_INDEX["documents"]}
            for sid in order[:MAX_QUOTED]:
                h = best[sid]
                if int(idx.chunk_section[h.chunk]) in excluded:
                    alt = idx.section_chunk(sid, ["benefits", "details"], weights_of(sid), query.figures)
                    if alt is not None:
                        best[sid] = replace(h, chunk=alt)
            if query.figures:
                # "how many rupees under ujjwala" (no section word): a chunk stating no figure (the launch history) gives
                # way to the benefits or details chunk that states one ("Rs. 1600 for a connection"), as for "how much money"
                for sid in order[:MAX_QUOTED]:
                    h = best[sid]
                    if not wanted_figure.search(idx.chunks[h.chunk].text):
                        alt = figure_chunk(sid, ["benefits", "details"])
                        if alt is not None:
                            best[sid] = replace(h, chunk=alt)
        live = [known for known in ([t for t in terms if t in idx.vocabulary] for terms in spoken_terms(own_words, query.intents)) if known]
        lift = max(query.weights.values(), default=1.0) * 3
        for known in live:
            # "pm kisan status kaise check kare": a scheme whose best chunk does not speak of the status is
            # quoted from its chunk that does, if it has one (else the gate declines: not stated)
            for sid in order[:MAX_QUOTED]:
                h = best[sid]
                if speaks_of(idx.chunks[h.chunk].text, known):
                    continue
                alt = idx.best_chunk_of({**query.weights, **{t: lift for t in known}}, sid)
                # (where a check or a date is told, the application steps or the FAQs: "Household status" in an
                # eligibility list is no status check)
                in_section = idx.chunks[alt.chunk].section in ("application_process", "faqs")
                if speaks_of(idx.chunks[alt.chunk].text, known) and in_section:
                    best[sid] = replace(h, chunk=alt.chunk)
                    continue
                # (the best chunk can hold the word elsewhere: PM-KISAN's "beneficiaries of higher economic status" in its
                # exclusions outweighed "Step 7: Check the Beneficiary status" for "paisa nahi aaya")
                lo, hi = idx.chunk_range(sid)
                steps = [c for c in range(lo, hi) if idx.chunks[c].section in ("application_process", "faqs") and speaks_of(idx.chunks[c].text, known)]
                if steps:
                    best[sid] = replace(h, chunk=steps[0])
        out.schemes = [RankedScheme(s, float(total[s]), best[s], s in named_set, match[s]) for s in order]
        if order and not named and not user_mentions:
            out.unknown_name = self.unknown_name(own_words, order[0])
        return out

    def named_by_words(self, name: str, state: str | None = None) -> str | None:
        """The one scheme whose name holds every word of ``name`` (a part of a long official name, as people say it:
        "Post-Matric Scholarship for OBC Students" for "Centrally Sponsored Scheme of Post-Matric Scholarship for OBC
        Students for studying in India"), or ``None``: fewer than two words of ``name`` that are not generic
        (:data:`GENERIC_NAME_WORDS`, a state's name), or several schemes hold them all and neither the national one
        nor ``state``'s own is alone among them."""
        idx = self.index
        words = {w for w in analyze(name) if w not in _generic_name_terms() and not w.isdigit()} - state_words(name)
        if len(words) < 2:
            return None
        found = [sid for sid, terms in self._name_terms.items() if words <= terms]
        if len(found) > 1:
            # a name given whole is that scheme's, not one holding more words ("Differently Abled Pension Scheme" is
            # Tamil Nadu's daps, not its "Destitute Differently Abled Pension Scheme": a newcomer trial's check of it had
            # said "I don't know a scheme called ...")
            said = frozenset(analyze(name))
            whole = [sid for sid in found if self._name_terms[sid] == said]
            found = whole or found
        if len(found) > 1:
            found = [sid for sid in found if idx.schemes[sid].level == "central"] or \
                [sid for sid in found if state is not None and (idx.schemes[sid].state or "").casefold() == state.casefold()]
        return found[0] if len(found) == 1 else None

    @cached_property
    def _name_terms(self) -> dict[str, frozenset[str]]:
        """Scheme id -> the analysed words of its name."""
        return {sid: frozenset(analyze(s.name)) for sid, s in self.index.schemes.items()}

    def unknown_name(self, text: str, top: str) -> str | None:
        """The scheme name ``text`` gives ("tell me about PM Free Laptop Yojana 2024" -> "PM Free Laptop
        Yojana") when the first-ranked scheme ``top`` is not it: the words before "yojana" / "scheme" /
        "abhiyan" / "योजना" up to a stopword, less the words any scheme name may hold (:data:`GENERIC_NAME_WORDS`,
        a state), are none of them (nor their glossary forms) in ``top``'s text. ``None`` when ``text`` gives no
        such name or ``top`` holds its words: "vidhwa pension yojana" is the widow pension's ("vidhwa" is
        "widow")."""
        idx = self.index
        for head in _NAME_HEAD.finditer(text):
            run: list[str] = []
            for word in reversed(re.findall(r"[\w\u0900-\u097f]+", text[:head.start()])[-6:]):
                if not analyze(word) and not word.isdigit():
                    break  # a stopword ends the name ("about", "के")
                run.insert(0, word)
            # (a state's name of two words is a state too: "Uttar Pradesh farmer scheme" names no scheme "Uttar")
            place_words = {x.casefold() for m in find_states(" ".join(run)) for x in re.findall(r"[\w\u0900-\u097f]+", m.surface)}
            own = [w for w in run if not w.isdigit() and not find_states(w) and w.casefold() not in place_words
                   and not set(analyze(w)) <= _generic_name_terms()]
            if own and all(KIND_OF_HELP.fullmatch(w.casefold()) for w in own):
                continue  # a kind of help, not a name: "बुजुर्गों के लिए पेंशन योजना" asks for old age pensions
            terms = [t for t in analyze_query(" ".join(own), idx.vocabulary, self.matcher, idx.chunk_frequency).weights
                     if t in idx.vocabulary] if own else []
            # every word of the name the corpus knows is the first scheme's, in what it is, gives or whom it is for
            # (a word only in its application steps or FAQs, "mobile", does not make it that scheme)
            # (each word's analysis once, for both: it corrects spellings, the costly part)
            word_terms = {w: list(analyze_query(w, idx.vocabulary, self.matcher, idx.chunk_frequency).weights) for w in own}
            known = [w for w in own if any(t in idx.vocabulary for t in word_terms[w])]
            if terms and (not all(self._word_of(w, top, NAME_SECTIONS, word_terms[w]) for w in known)
                          or self._mentions_another(own, head.group(), top, word_terms)):
                return " ".join([*run, head.group()])
        return None

    def _without_name_words(self, weights: dict[str, float], text: str, found: list[Mention]) -> dict[str, float]:
        """``weights`` without the terms (and their glossary forms) of the words of ``text`` that the mentions
        ``found`` cover; ``{}`` when nothing else is left or nothing was removed."""
        ws = words(text)
        said = " ".join(w for m in found for w in ws[m.start:m.end])
        name = set(analyze_query(said, self.index.vocabulary, self.matcher, self.index.chunk_frequency).weights) if said else set()
        rest = {t: w for t, w in weights.items() if t not in name}
        return rest if rest and len(rest) < len(weights) else {}

    def _mentions_another(self, own: list[str], head: str, scheme_id: str, word_terms: dict[str, list[str]]) -> bool:
        """Whether the scheme's page names another scheme by the words ``own`` + ``head`` ("... linked with the
        Sukanya Samriddhi Yojana" on Beti Bachao Beti Padhao's page): at least two Latin words, none of them (nor
        their glossary forms, ``word_terms``: word -> its query terms) in the scheme's own name, written together with
        the head word in its text. "sukanya samriddhi yojana interest rate" asks about that scheme, not about the page
        that mentions it."""
        if len(own) < 2 or not all(w.isascii() for w in own):
            return False
        idx = self.index
        name_terms = set(analyze(idx.schemes[scheme_id].name))
        if any(set(word_terms[w]) & name_terms for w in own):
            return False
        phrase = re.compile(r"\b" + r"\s+".join(map(re.escape, own)) + r"\s+" + re.escape(head) + r"\b", re.IGNORECASE)
        return any(phrase.search(text) for text in idx.schemes[scheme_id].section_texts().values())

    def _word_of(self, word: str, scheme_id: str, sections: frozenset[str] | None = None, terms: list[str] | None = None) -> bool:
        """Whether the scheme's text (its ``sections`` only, when given: see :meth:`Index.scheme_has_term`) holds ``word``:
        one of its analysed or glossary forms (``terms``: the word's query terms, when the caller has them already), the
        acronym it spells in Devanagari ("एडीआईपी": ADIP), or, written in Devanagari, the spelling of a word of the
        scheme's name ("साइकिल सहायता" for "Cycle Sahayata Yojana")."""
        idx = self.index
        if terms is None:
            terms = list(analyze_query(word, idx.vocabulary, self.matcher, idx.chunk_frequency).weights)
        acronym = spelled_acronym(word)
        if any(idx.scheme_has_term(t, scheme_id, sections) for t in [*terms, *(analyze(acronym) if acronym else [])]):
            return True
        sk = skeleton(romanize(word)) if has_devanagari(word) else ""
        if len(sk) >= 2 and any(skeleton(w) == sk for w in words(idx.schemes[scheme_id].name)):
            return True
        return _initials_of(word, idx.schemes[scheme_id].name)


def _initials_of(word: str, name: str) -> bool:
    """Whether ``word`` (Latin letters, at least 2) is the initials of consecutive words of ``name``: "NPS" of "National
    Pension Scheme For Traders ...", "PMAY" of "Pradhan Mantri Awas Yojana"."""
    w = word.casefold()
    if len(w) < 2 or not w.isascii() or not w.isalpha():
        return False
    heads = "".join(x[0] for x in re.findall(r"[a-z]+", name.casefold()))
    return w in heads


#: the sections whose words may be a scheme's name as people give it (with the name and tags every chunk carries): what
#: the scheme is, gives and whom it is for. "Mobile" in PM Surya Ghar's application steps ("register with your mobile
#: number") made "PM free mobile yojana" its name, and its rooftop solar subsidy was quoted
NAME_SECTIONS = frozenset({"details", "benefits", "eligibility"})
#: the word that ends a scheme's name as people write it ("PM Kisan Yojana", "free laptop scheme")
_NAME_HEAD = re.compile(r"\b(?:yojana|yojna|yojanaa|yojona|scheme|abhiyan|abhiyaan)\b|योजना|अभियान", re.IGNORECASE)
#: words many scheme names hold, which name no scheme by themselves ("PM ... Yojana", "free ...", "new ...")
GENERIC_NAME_WORDS = ("pm pradhan mantri pradhanmantri prime minister mukhyamantri mukhya cm chief sarkari government govt "
                      "central state new naya nayi navi free muft mufti muqt national rashtriya bharat india indian yojana "
                      "scheme abhiyan प्रधानमंत्री प्रधान मंत्री मुख्यमंत्री सरकारी सरकार नई नया मुफ्त मुफ़्त फ्री फ़्री पीएम सीएम राष्ट्रीय भारत योजना")


@lru_cache(maxsize=1)
def _asking_terms() -> frozenset[str]:
    """Analysed words that ask about eligibility rather than name who asks ("apply", "eligible", "get", "avail")."""
    return frozenset(analyze("apply applying applied application applicant avail get getting join eligible eligibility "
                             "qualify qualified benefit benefits claim register registration allowed can"))


@lru_cache(maxsize=1)
def _generic_name_terms() -> frozenset[str]:
    """:data:`GENERIC_NAME_WORDS` as analysed terms."""
    return frozenset(t for w in GENERIC_NAME_WORDS.split() for t in analyze(w))


#: a word in more indexed names than this ("free", "pension", "scholarship") is a generic word of names: beside a
#: catalog-only scheme's name it does not say that the question is about an indexed scheme instead
TITLE_WORD_MAX_NAMES = 10
#: a scheme whose name holds clearly more of the question's words than the leader's name (by
#: NAME_GAIN of their weight, and at least NAME_MIN of it) and that scores at least NAME_MARGIN of the
#: leader is ranked first: "widow pension" asks for "Vidhva Pension Yojana", not for the widow
#: remarriage gift whose pages say "widow pension" more often. Among the first NAME_TOP schemes only.
NAME_MARGIN = 0.8
#: ... or NAME_MARGIN_WHOLE of it when its name holds every word of the question ("vidhwa pension rajasthan me kitni milti
#: hai": Rajasthan's "Indira Gandhi National Vidhva Pension Yojana" at 0.76 of the widow remarriage gift, which a break-it
#: trial got quoted, ₹51,000, for a widow's pension)
NAME_MARGIN_WHOLE = 0.7
NAME_GAIN = 0.3
NAME_MIN = 0.5
#: a scheme reserved for a group the question does not name (``data/lexicon/special_groups.tsv``) leading
#: the ranking yields to the first of the next GROUP_TOP - 1 schemes that is for everyone and scores at
#: least GROUP_MARGIN of it
GROUP_TOP = 5
GROUP_MARGIN = 0.7
#: words that name more indexed schemes than this are an organisation's name, not a scheme's (:func:`scheme_names`)
ORGANISATION_NAMES = 4


def _by_scheme(mentions: list[Mention]) -> dict[str, list[Mention]]:
    """Mentions grouped by the scheme they name, in order."""
    out: dict[str, list[Mention]] = {}
    for m in mentions:
        out.setdefault(m.scheme_id, []).append(m)
    return out


def scheme_names(mentions: list[Mention]) -> list[Mention]:
    """The indexed ``mentions`` that name a scheme, not the body running many: words naming more than
    :data:`ORGANISATION_NAMES` schemes ("AICTE", "HBOCWWB") do not put those schemes first, so "aicte pragati
    scholarship" is ranked by its words (the Pragati scholarship) rather than behind thirteen "AICTE - ..."
    schemes. (The mentions still say what is asked about: "hbocwwb widow pension" is Haryana's.)"""
    spans = Counter((m.start, m.end) for m in mentions if m.indexed)
    return [m for m in mentions if m.indexed and spans[(m.start, m.end)] <= ORGANISATION_NAMES]
#: a name found through English words written in Devanagari must hold at least this many of them
LOANWORD_NAME_WORDS = 2
NAME_TOP = 5


def name_share(name: str, alts: list[list[str]], weights: list[float]) -> float:
    """Weighted share of the question's words (each with its resolved forms) found in a scheme's name,
    spelling variants of transliterated words included ("vidhwa" is "Vidhva")."""
    title = frozenset(analyze(name))
    skeletons = frozenset(skeleton(t) for t in title if len(t) >= 4)
    total = sum(weights) or 1.0
    hit = sum(w for w, a in zip(weights, alts) if set(a) & title or any(len(x) >= 4 and skeleton(x) in skeletons for x in a))
    return hit / total


@lru_cache(maxsize=1024)
def state_words(text: str) -> frozenset[str]:
    """The analysed words of the state names in ``text`` (the last texts' results are kept)."""
    return frozenset(w for m in find_states(text) for w in analyze(m.surface))


def question_words(index: Index, r: Retrieval) -> tuple[list[str], list[str], list[list[str]], list[float]]:
    """The user's words the gate (and the ranking's name check) weighs: ``(content, unknown, alts,
    weights)`` — content words and unknown words (numbers, state and city names and the words of an age left
    out, :func:`~retrieval.states.personal_fact_words`: a state is handled by the state filter, "गोवा" is no
    unknown word), each content word with its resolved forms (and the
    Romanized Hindi words that mean it), and its IDF (the largest of its forms; the corpus's largest for
    a word it does not know)."""
    q = r.user_query
    place = personal_fact_words(r.user_query_text)
    content = [w for w in q.content if not w.replace(".", "").isdigit() and w not in place]
    unknown = [w for w in q.unknown if not w.replace(".", "").isdigit() and w not in place]
    rev = reverse_expansions()
    # (and, for a word resolved to English, the Romanized Hindi words that mean the same: "बुढ़ापा" is "old age", and so
    # "vriddhjan" in the name "Mukhyamantri Vriddhjan Samman Pension Yojana")
    alts = [list(dict.fromkeys([w, *q.resolved.get(w, []), *rev.get(w, ()),
                                *(h for r in q.resolved.get(w, []) if has_devanagari(w) for h in rev.get(r, ()) if not has_devanagari(h))]))
            for w in content]
    idf, vocab, max_idf = index.tfidf_idf, index.vocabulary, index.max_idf
    weights = [max((float(idf[vocab[t]]) for t in a if t in vocab), default=max_idf) for a in alts]
    return content, unknown, alts, weights


def name_shares(index: Index, r: Retrieval, scheme_ids: list[str]) -> list[float]:
    """:func:`name_share` of the user's words in each scheme's name (the ``title_coverage`` feature's
    measure for other schemes than the first)."""
    _, _, alts, weights = question_words(index, r)
    return [name_share(index.schemes[sid].name, alts, weights) for sid in scheme_ids]


def without_state_terms(query: QueryTerms, state: str) -> QueryTerms:
    """``query`` with the words of ``state``'s name weighted by :data:`STATE_TERM_WEIGHT` among its
    lexical weights, when other words remain. The state already filters the schemes (its own and the
    central ones) and :data:`STATE_BOOST` favours its own, so "widow pension in Bihar" is ranked mostly
    by "widow pension", not by how often a Bihar scheme's name or text says "Bihar" (at full weight the
    Bihar Startup Policy and the Bihar Student Credit Card outranked the national widow pension)."""
    state_terms = set(analyze(state))
    if not state_terms & set(query.weights) or not set(query.weights) - state_terms:
        return query
    return replace(query, weights={t: (w * STATE_TERM_WEIGHT if t in state_terms else w) for t, w in query.weights.items()})


#: a Hindi or Hinglish question is embedded with the English words the lexicon maps its words to
GLOSS_FOR_DENSE = True
#: at most this many English words per word of the question
GLOSS_WORDS = 2


def dense_text(question: str, query: QueryTerms) -> str:
    """The text the dense ranker embeds: an English question as it is; a Hindi or Hinglish one followed by
    the English words its words resolve to (the lexicon's, ``data/lexicon``), in brackets ("nal se pani"
    -> "nal se pani (tap water water)"): the encoder knows English welfare words far better than their
    Romanized Hindi spellings."""
    if query.language == "en":
        return question
    gloss = [w for word in query.content for w in query.resolved.get(word, [])[:GLOSS_WORDS] if w.isascii() and w.isalpha()]
    gloss = [w for w in dict.fromkeys(gloss) if w not in question.casefold()]
    return f"{question} ({' '.join(gloss)})" if gloss else question


#: words that only say a state is a state ("What about in Kerala state?", "bihar rajya me?")
STATE_WORDS = frozenset({"state", "rajya", "राज्य"})


def names_only_a_state(text: str) -> bool:
    """True for a message whose only content words name a state ("and in punjab?", "बिहार में?", "What about in Kerala
    state?": :data:`STATE_WORDS` aside; a newcomer trial's last was declined as no scheme question)."""
    from retrieval.tokenize import analyze

    found = find_states(text)
    return bool(found) and not [w for w in analyze(without_states(text, found)) if w not in STATE_WORDS]


#: a name's first word names the scheme alone only when at most this many schemes' texts have it
#: ("Kanyashree": 3 WB pages; "Umbrella": 47, "Utility": 44)
DISTINCTIVE_SCHEMES = 3

#: a one-word name of at most this many letters (an acronym) matches only as spelled
SHORT_ACRONYM = 5

#: words an acronym skips ("Krushak Assistance for Livelihood and Income Augmentation" is KALIA)
_ACRONYM_SKIP = frozenset("for and of the to in under with on by a an".split())


def initials_alias(scheme) -> str | None:
    """The acronym of a scheme's name made of its words' initials (function words skipped), when the
    scheme's own text uses it in capitals: "Krushak Assistance For Livelihood And Income Augmentation"
    -> "KALIA". ``None`` otherwise (an acronym nobody writes names nothing)."""
    ws = [w for w in re.findall(r"[A-Za-z]+", re.sub(r"\([^)]*\)", " ", scheme.name)) if w.casefold() not in _ACRONYM_SKIP]
    if not 4 <= len(ws) <= 10:
        return None  # a 3-letter acronym is too easily a word or two ("am I" is not AMI)
    acro = "".join(w[0] for w in ws).upper()
    if scheme.short_name and scheme.short_name.upper().replace("-", "") == acro:
        return None
    pattern = re.compile(rf"(?<![A-Za-z]){acro}(?![A-Za-z])")
    texts = list(scheme.sections.values()) + [f.question + " " + f.answer for f in scheme.faqs]
    return acro if any(pattern.search(t) for t in texts) else None


def _stem(word: str) -> str:
    from retrieval.tokenize import stem

    return stem(word)
