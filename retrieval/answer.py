"""Extractive answers: quotes of the corpus, word for word, each with its citation — or a decline.

:class:`Answerer` runs search, the abstention gate and the composer for one standalone question and
returns an :class:`Answer` in the shape of ``schemebot ask --json`` (see DESIGN.md). The composer
never rewrites text: a citation's ``text`` is ``section_text[start:end]`` of a chunk, and
:func:`verify` checks that through the offsets.

Which quotes:
- the best chunk of the first scheme;
- the best chunk of every other scheme the question names (at most :data:`MAX_SCHEMES` schemes);
- when the question names no scheme, the best chunk of the next schemes whose score is at least
  :data:`CLOSE_SHARE` of the first one's and that are no narrower answers (:func:`_holds_words_of`: "what
  scholarships are there for SC students" has several right answers; a question with one clear answer
  gets one quote).

A discovery question ("schemes for fishermen in Kerala", :data:`retrieval.query.DISCOVERY`) that names
no scheme gets a list instead: up to :data:`LIST_SIZE` schemes in rank order, each with one quoted
passage that says what it gives (the first sentences of its benefits, else of its details), and the ids
of the next ones (``more_scheme_ids``) for "MORE".

A quote of a list section (steps, documents, conditions) that stops before the section ends says how
many items are left and links to them (``more_items``); a quote of a scheme the page says is closed is
marked ``closed``.
"""

from __future__ import annotations

from collections.abc import Callable

import re
from functools import lru_cache

from pydantic import BaseModel, Field

from retrieval.corpus import MYSCHEME_SEARCH
from retrieval.gate import NOT_A_NEED, Decision, decide
from retrieval.chunking import Chunk
from retrieval.index import Index
from retrieval.searcher import MAX_QUOTED as MAX_SCHEMES
from retrieval.searcher import STATE_BOOST, Retrieval, Searcher, name_shares, question_words
from retrieval.query import FIGURE, discovery_frame, gives_kinds, kinds_of_help, reserved_label, speaks_of, spoken_terms, school_classes, section_intents, wrong_school_stage
from retrieval.states import find_states
from retrieval.life_events import life_event
from retrieval.text import clean_user_text, split_sentences
from retrieval.tokenize import analyze

#: a question is read up to this many characters (the conversation cuts messages at 1,000 already; a
#: direct caller of :meth:`Answerer.ask` gets the same bound on the work one question costs)
MAX_QUESTION_CHARS = 2000
#: other schemes are quoted when their score is at least this share of the first scheme's
CLOSE_SHARE = 0.85
#: a section of at most this many characters is quoted whole (a documents list is not cut to 3 items)
WHOLE_SECTION_CHARS = 700
#: in a list-like section, a chunk ending within this many characters is quoted from the section's
#: start (step 1 onwards, not from step 3)
FROM_START_CHARS = 900
LIST_SECTIONS = ("application_process", "documents", "eligibility", "exclusions")
#: a list section the question asks about is quoted from its start up to this many characters (the
#: whole list when it fits: a Telegram message holds 4,096 UTF-16 units, a WhatsApp one 1,600 characters)
ASKED_LIST_CHARS = 1400
#: with no state known, when the first FAMILY_TOP schemes include state schemes of at least
#: FAMILY_STATES states, the question is about a scheme each state runs its own way
FAMILY_TOP = 5
FAMILY_STATES = 3
#: a scheme counts towards a doubted family when its name holds at least this share of the question
FAMILY_NAME_SHARE = 0.5
#: how many of those states are tried before deciding to ask which state (a search each)
CLARIFY_TRIES = 3
#: schemes in one list answer (and in each "MORE" page of it)
LIST_SIZE = 5
#: a list holds only schemes scoring at least this share of the first one's (at most three pages): a
#: long tail of schemes that share a word with the question is no answer to it
LIST_MIN_SHARE = 0.5
#: a list item's quote: sentences from the start of benefits until at least this many characters
LIST_QUOTE_MIN_CHARS = 60
#: ... and at most this many characters (fewer sentences when the next would pass it)
LIST_QUOTE_MAX_CHARS = 320
#: user-facing wording of each decline reason
DECLINE_TEXT = {
    "empty": "The question is empty.",
    "no_match": "I could not find anything about this in the scheme documents I have.",
    "not_in_corpus": "I know of this scheme, but I do not have its documents, so I cannot quote them.",
    "unknown_name": "I have no scheme of that name in the documents I hold, so I cannot quote anything about it.",
    "no_section": "The documents I have for this scheme do not cover what you asked, so I cannot quote an answer.",
    "not_stated": "The documents I have for this scheme do not state that (they hold no application status or payment dates), so I cannot quote an answer.",
    "low_confidence": "I am not confident any scheme document I have answers this.",
    "out_of_scope": "This does not look like a question about a government scheme I have documents for.",
    "too_broad": "Every scheme would answer this: say whom the schemes are for or what you need (\"schemes for farmers in Bihar\").",
}


def named_with_state(name: str, state: str | None) -> str:
    """A scheme's name with its state when the name does not say it: "Old-Age Pension Scheme
    (Himachal Pradesh)"; a central scheme's name as it is."""
    return f"{name} ({state})" if state and state.casefold() not in name.casefold() else name


class Citation(BaseModel):
    """One quoted passage: ``text`` is ``section_text[start:end]`` of the named scheme's section."""

    n: int
    scheme_id: str
    scheme_name: str
    section: str
    text: str
    url: str
    chunk_id: str
    score: float
    closed: bool = False
    more_items: int = 0
    state: str | None = None
    #: in a list, the group the scheme is reserved for when the user did not name it ("construction workers"); shown
    #: in the name, not a field of the JSON shape (DESIGN.md)
    for_group: str | None = Field(default=None, exclude=True)
    start: int = Field(default=-1, exclude=True)
    end: int = Field(default=-1, exclude=True)
    as_of: str | None = Field(default=None, exclude=True)

    def source_line(self) -> str:
        """``Scheme - Section - link (as of 24 Jun 2024)``: where the quote comes from and how old it is,
        with "(N more items at the link)" when a list was cut and "CLOSED" for a closed scheme."""
        when = f" (as of {self.as_of})" if self.as_of else ""
        return f"{self.display_name} - {section_title(self.section)} - {self.url}{when}{self.more_note}"

    @property
    def display_name(self) -> str:
        """The scheme name, with its state when the name does not say it ("Old-Age Pension Scheme
        (Himachal Pradesh)"), marked when the source says the scheme is closed."""
        name = named_with_state(self.scheme_name, self.state)
        if self.for_group:
            name = f"{name} (for {self.for_group} only)"
        return f"{name} (CLOSED: the official page says this scheme is closed)" if self.closed else name

    @property
    def more_note(self) -> str:
        """`` (N more items at the link)`` for a list quoted in part, else empty."""
        return f" ({self.more_items} more item{'s' if self.more_items != 1 else ''} at the link)" if self.more_items else ""


def list_items_after(section_text: str, end: int) -> int:
    """How many list items of ``section_text`` come at or after offset ``end``: its non-empty lines
    (a list section holds one item, step or document a line)."""
    return sum(1 for line in section_text[end:].split("\n") if any(c.isalnum() for c in line))


def table_rows_after(section_text: str, end: int) -> int:
    """How many rows of the table a quote ending at ``end`` stops inside are left after it (0 when it ends outside a
    table): a newcomer trial got the first two of Kanya Sumangala's six phases, with nothing said of the other four."""
    last = section_text[section_text.rfind("\n", 0, end) + 1:end]
    if " | " not in last:
        return 0
    rows = 0
    for line in section_text[end:].split("\n"):
        if " | " in line:
            rows += 1
        elif line.strip():
            break  # (blank lines may stand between rows, as in PMMVY's instalments)
    return rows


def quote_span(section_text: str, start: int, end: int, section: str = "", asked: bool = False) -> tuple[int, int]:
    """The span to quote for a chunk ``[start, end)``: the whole section when it is short (at most
    :data:`WHOLE_SECTION_CHARS`); in a list-like section a chunk near the start is quoted from the
    start (:data:`FROM_START_CHARS`), and a list section the question asks about (``asked``) from its
    start through as many whole items as fit in :data:`ASKED_LIST_CHARS` (at least the chunk);
    otherwise the chunk, widened to the start of its first line when only a list marker stands before
    it ("- Aadhaar card", not "Aadhaar card")."""
    if section in LIST_SECTIONS and asked and start <= ASKED_LIST_CHARS:
        start = 0
        for _, b in split_sentences(section_text):
            if b > ASKED_LIST_CHARS:
                break
            end = max(end, b)
    if section in LIST_SECTIONS and end <= FROM_START_CHARS:
        start = 0
    if len(section_text) <= WHOLE_SECTION_CHARS:
        a, b = 0, len(section_text)
        while a < b and section_text[a].isspace():
            a += 1
        while b > a and section_text[b - 1].isspace():
            b -= 1
        return a, b
    line_start = section_text.rfind("\n", 0, start) + 1
    prefix = section_text[line_start:start]
    if prefix.strip() in ("", "-", "*", "•") or re.fullmatch(r"\s*\(?\w{1,3}[.)]\s*", prefix):
        start = line_start
    # a quote ending in a lead-in ("2.  Skilling:") goes on to what it announces, within LEAD_IN_REACH characters
    # (PM Vishwakarma's benefits had ended at "Skilling:", the training and the toolkit grant left out)
    if _lead_in(section_text[start:end]):
        reach = end + LEAD_IN_REACH
        # (the items it announces: sentences that are list items, while they fit)
        for a, b in split_sentences(section_text):
            if b <= end:
                continue
            if b > reach or not (_lead_in(section_text[start:end]) or _list_item_at(section_text, a)):
                break
            end = b
    return _whole_table_rows(section_text, start, end)


def _list_item_at(text: str, at: int) -> bool:
    """Whether the sentence starting at ``at`` is a list item: a marker ("1.", "-", "(ii)") before it on its line, or
    at its start."""
    line = text.rfind("\n", 0, at) + 1
    return bool(_LIST_ITEM.fullmatch(text[line:at] or " ") or _LIST_ITEM.match(text, at))


#: a sentence that is a list item ("1.  Skill verification ...", "- Aadhaar card", "(ii) ...")
_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\(?\w{1,3}[.)])\s+")


#: how far past its end a quote ending in a lead-in reaches for what the lead-in announces (characters)
LEAD_IN_REACH = 400


#: a quote that starts inside a table reaches back to the table's first row (its header) across at most this
#: many characters: a rate without its column's name ("₹ 13,000/- | ₹ 7,000/-") does not say which is which
TABLE_HEADER_CHARS = 400


def _whole_table_rows(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` widened so that a quote starting in a table row holds the table's header row (when
    it is at most :data:`TABLE_HEADER_CHARS` before; rows may stand apart, a blank line between them) and a
    quote ending in a table row ends with the row."""
    def line_end(at: int) -> int:
        found = text.find("\n", at)
        return len(text) if found < 0 else found

    line_start = text.rfind("\n", 0, start) + 1
    if " | " in text[line_start:line_end(start)]:
        first = line_start
        while first > 0:
            prev = text.rfind("\n", 0, first - 1) + 1
            line = text[prev:first - 1]
            if not line.strip() and prev > 0:
                # a blank line between two rows (PMMVY's instalments): the table goes on above it
                above = text.rfind("\n", 0, prev - 1) + 1
                if " | " not in text[above:prev - 1]:
                    break
                prev = above
            elif " | " not in line:
                break
            first = prev
        # (the header too far back: at least the whole row, not "| 2,000/-" cut from its row)
        start = first if start - first <= TABLE_HEADER_CHARS else line_start
    last_start, last_end = text.rfind("\n", 0, end) + 1, line_end(end)
    if " | " in text[last_start:last_end] and last_end - end <= TABLE_HEADER_CHARS:
        end = last_end
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


class Answer(BaseModel):
    """The result of one question (the ``schemebot ask --json`` shape)."""

    status: str = Field(pattern="^(answered|declined|clarify)$")
    query: str
    standalone_query: str
    language: str
    citations: list[Citation] = Field(default_factory=list)
    decline_reason: str | None = None
    official_links: list[str] = Field(default_factory=list)
    list_answer: bool = False
    state_versions: list[str] = Field(default_factory=list)
    more_scheme_ids: list[str] = Field(default_factory=list)
    state: str | None = None
    ranked_scheme_ids: list[str] = Field(default_factory=list, exclude=True)
    probability: float = Field(default=0.0, exclude=True)
    decline_scheme: str | None = Field(default=None, exclude=True)
    decline_scheme_id: str | None = Field(default=None, exclude=True)

    @property
    def declined_about(self) -> str | None:
        """The scheme id a decline for live information is about ("widow pension not received for 3 months": the widow
        pension, whose page it links), which the conversation goes on about ("where to complain?"); else ``None``."""
        return self.decline_scheme_id if self.status == "declined" and self.decline_reason == "not_stated" else None

    def plain(self, head: str | None = None, official: str | None = None, sources: str = "Sources:") -> str:
        """Plain-text rendering: numbered quotes ``[n]`` and a source list (scheme - section - link); a
        decline is ``head`` (default: the reason in English) and the official links; ``clarify`` asks
        which state (and how to ask again, for a stateless caller such as ``schemebot ask``). The labels are
        parameters so that the conversation can say them in the user's language."""
        if self.status == "clarify":
            examples = ", ".join(self.state_versions[:4])
            return (f"Each state runs this scheme its own way (for example {examples}). Which state do you live in? "
                    f"Ask again with your state, for example: \"{self.standalone_query} in {self.state_versions[0]}\"."
                    if self.state_versions else "Which state do you live in? Ask again with your state.")
        if self.status == "declined":
            if head is None:
                head = DECLINE_TEXT.get(self.decline_reason or "", "I don't know.")
                if self.decline_scheme:
                    head = f"{head} ({self.decline_scheme})"
            if official is None:
                official = "Official source:" if len(self.official_links) == 1 else "Official sources:"
            return "\n".join([head, official, *self.official_links])
        # (quotes of several schemes that read the same, Tamil Nadu's farmers' and general old age pensions: each with its
        # scheme's name, as a list shows them; a newcomer trial saw two identical quotes, the names only under Sources)
        texts = [" ".join(c.text.split()) for c in self.citations]
        named = self.list_answer or (len(set(texts)) < len(texts) and len({c.scheme_id for c in self.citations}) > 1)
        quotes = [f"[{c.n}] {c.display_name}: \u201c{c.text}\u201d" if named else f"[{c.n}] \u201c{c.text}\u201d"
                  for c in self.citations]
        listed = [f"[{c.n}] {c.source_line()}" for c in self.citations]
        return "\n\n".join(quotes) + "\n\n" + sources + "\n" + "\n".join(listed)


def section_title(section: str) -> str:
    """Display title of a section name (``application_process`` -> ``Application process``)."""
    return {"faqs": "FAQ", "documents": "Documents required"}.get(section, section.replace("_", " ").capitalize())


class Answerer:
    """Answers standalone questions from one index (search + gate + composer)."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self.searcher = Searcher(index)

    def retrieve(
        self,
        question: str,
        scheme_ids: list[str] | None = None,
        level: str | None = None,
        state: str | None = None,
        focus: list[str] | None = None,
        user_text: str | None = None,
    ) -> tuple[Retrieval, Decision]:
        """Search and gate, without composing (used by evaluation and tuning)."""
        r = self.searcher.search(question, scheme_ids=scheme_ids, level=level, state=state, focus=focus, user_text=user_text)
        return r, decide(self.index, r)

    def ask(
        self,
        question: str,
        standalone_query: str | None = None,
        scheme_ids: list[str] | None = None,
        level: str | None = None,
        state: str | None = None,
        focus: list[str] | None = None,
        ask_state: bool = True,
        ruled_out: Callable[[str], bool] | None = None,
    ) -> Answer:
        """Answer ``standalone_query`` (default: ``question`` itself) and report both.

        Args:
            question: the user's message.
            standalone_query: the rewritten query, when the message was a follow-up.
            scheme_ids, level, state: filters.
            focus: the scheme(s) a follow-up is about (quoted first).
            ask_state: when no state is known and each state runs its own version, answer
                ``clarify`` (which state?); False when the user has declined to say.
            ruled_out: scheme id -> True when the user's stated facts fail its rules: left out of a
                list answer (never of an answer about a scheme named).

        Returns a declined :class:`Answer` for an empty question; never raises on user text.
        """
        question = clean_user_text(question[:MAX_QUESTION_CHARS])
        standalone = clean_user_text((standalone_query if standalone_query is not None else question)[:MAX_QUESTION_CHARS]).strip()
        if not standalone:
            return Answer(status="declined", query=question, standalone_query=standalone, language="en",
                          decline_reason="empty", official_links=[MYSCHEME_SEARCH])
        user_text = question if standalone != question.strip() else None
        r, decision = self.retrieve(standalone, scheme_ids=scheme_ids, level=level, state=state, focus=focus, user_text=user_text)
        event = life_event(standalone) if not decision.answer and decision.reason == "low_confidence" else None
        if event is not None and not any(m.indexed for m in r.user_mentions) and not focus and _only_asks_for_help(standalone, event):
            # a life event told instead of a need ("my husband died. what help can I get?", "I am pregnant, which scheme gives
            # money?"): declined on its own words, searched again with the words the schemes serving it use (the event's
            # first search, data/lexicon/life_events.tsv) and the states it names, as the conversation's own life-event lists
            # do (the event's words alone: the user's other words had Bihar's old age pension first for a widow in Hinglish)
            places = " ".join(dict.fromkeys(m.state for m in find_states(standalone)))
            expanded = f"{event.queries[0]} {places}".strip()
            r2, d2 = self.retrieve(expanded, scheme_ids=scheme_ids, level=level, state=state, focus=focus, user_text=user_text)
            if d2.answer:
                r, decision, standalone = r2, d2, expanded
        if ask_state and not decision.answer and decision.reason == "low_confidence" and state_spread(self.index, r, named_family=True):
            # no state known and the candidates are one state's scheme after another: if the state of one
            # of the first candidates would answer it, each state has its own version — ask which state
            tried = list(dict.fromkeys(self.index.schemes[s.scheme_id].state for s in r.schemes[:FAMILY_TOP]
                                       if self.index.schemes[s.scheme_id].level == "state"))[:CLARIFY_TRIES]
            if any(self.retrieve(standalone, scheme_ids=scheme_ids, level=level, state=st, focus=focus, user_text=user_text)[1].answer
                   for st in tried):
                return Answer(status="clarify", query=question, standalone_query=standalone, language=r.query.language,
                              state_versions=state_spread(self.index, r), official_links=[MYSCHEME_SEARCH],
                              ranked_scheme_ids=r.ranked_ids, probability=decision.probability)
        return compose(self.searcher, question, standalone, r, decision, ask_state, ruled_out)


#: words that ask for help in general, beside a life event ("my husband died, what help can I get?", "kya madad milegi",
#: "कोई सहायता?"), in English, Romanized Hindi and Hindi: a message of an event and these words asks for the schemes
#: serving the event; any other word asks something else ("I am pregnant, how do I renew my passport?")
_HELP_WORDS = ("help helped madad sahayata sahayta सहायता मदद scheme schemes yojana yojna योजना योजनाएं give gives giving money "
               "paisa paise पैसा पैसे benefit benefits support assistance get got last month months week year ago recently live "
               "living stay staying government sarkar sarkari सरकार सरकारी any kind please now what do karun karu karoon karein")


@lru_cache(maxsize=1)
def _help_terms() -> frozenset[str]:
    """:data:`_HELP_WORDS` analysed as the index is."""
    from retrieval.tokenize import analyze

    return frozenset(analyze(_HELP_WORDS))


def _only_asks_for_help(text: str, event) -> bool:
    """True when ``text`` is a life event (``event``'s pattern), the states it names and words asking for help in
    general only: nothing else it asks that the event's schemes would not answer."""
    from retrieval.tokenize import analyze

    rest = event.pattern.sub(" ", text.casefold())
    places = set(analyze(" ".join(m.surface for m in find_states(rest))))
    return set(analyze(rest)) - places <= _help_terms()


def compose(searcher: Searcher, question: str, standalone: str, r: Retrieval, decision: Decision, ask_state: bool = True,
            ruled_out: Callable[[str], bool] | None = None) -> Answer:
    """Build the :class:`Answer` for a retrieval and the gate's decision; a list answer leaves out the schemes
    ``ruled_out`` (scheme id -> bool: the user's stated facts fail its rules) says so of, unless that leaves none."""
    index = searcher.index
    base = dict(query=question, standalone_query=standalone, language=r.query.language,
                ranked_scheme_ids=r.ranked_ids, probability=decision.probability)
    if not decision.answer:
        links = [MYSCHEME_SEARCH]
        scheme_name = scheme_id = None
        if decision.named_catalog:
            entry = searcher.catalog.get(decision.named_catalog)
            if entry is not None:
                if entry.url:
                    links.insert(0, entry.url)
                scheme_name = entry.name
        elif decision.scheme_id:
            scheme = index.schemes[decision.scheme_id]
            links.insert(0, scheme.page_url)
            scheme_name, scheme_id = scheme.name, decision.scheme_id
        elif decision.unknown_name:
            scheme_name = decision.unknown_name
        return Answer(status="declined", decline_reason=decision.reason, official_links=links,
                      decline_scheme=scheme_name, decline_scheme_id=scheme_id, **base)
    named = {m.scheme_id for m in r.user_mentions if m.indexed} | set(r.focus)
    if r.user_query.discovery and not named:
        # schemes reserved for a group the question does not name (students with disabilities, for "which
        # scholarships can I get? I am an SC student") after the others, in rank order
        # with no state known, the central schemes (open to everyone) before each state's own: "pension yojana" had
        # listed Atal Pension Yojana, then Assam's artists' pension and Rajasthan's and Bihar's old age pensions, ahead
        # of the national ones (the reply's note then asks for the state)
        said = f"{r.question} {r.user_query_text}"
        kinds = kinds_of_help(said)
        # a kind of help asked for ("SC students ke liye scholarship") lists schemes that give it: a savings scheme, a
        # business loan and an accident insurance had filled a scholarship list on the bundled corpus (a newcomer trial)
        fits = list_fits(r, lambda sid: gives_kinds(index, sid, kinds)) or list_fits(r)
        if ruled_out is not None:
            fits = [x for x in fits if not ruled_out(x.scheme_id)] or fits
        # a school stage the question's own class is past or not yet at (the pre-matric scholarships for "SC student in
        # class 11", a re-check trial of a stateless question)
        classes = school_classes(said)
        fits = [x for x in fits if not wrong_school_stage(index.schemes[x.scheme_id].name, classes)] or fits
        # a listed scheme speaks of the need asked about somewhere on its page ("tamil nadu govt schemes for farmers" had
        # listed Tamil Nadu's unemployment allowance and a handicrafts award, pages without a word for farmers)
        need = need_words(index, r)
        fits = [x for x in fits if holds_need(index, x.scheme_id, need)] or fits
        fits = sorted(fits, key=lambda x: (index.for_another_group(x.scheme_id, said),
                                                   r.state is None and index.schemes[x.scheme_id].level == "state"))
        return compose_list(index, fits, base, r.user_query.figures, state=r.state)
    # a family name ("विधवा पेंशन", the national widow pension's popular name) still has state versions
    proper = [m for m in r.user_mentions if m.indexed and not searcher.descriptive(m, r.user_query_text)]
    versions = state_spread(index, r) if not proper and not r.focus else []
    if versions and ask_state and index.schemes[r.schemes[0].scheme_id].level == "state":
        # one scheme family across states and no state known: ask which state rather than quote one
        # state's scheme as if it were everyone's
        return Answer(status="clarify", state_versions=versions, official_links=[MYSCHEME_SEARCH], **base)
    chosen = [r.schemes[0]]
    for s in r.schemes[1:]:
        if len(chosen) >= MAX_SCHEMES:
            break
        if versions and s.scheme_id not in named and index.schemes[s.scheme_id].level == "state":
            continue  # no state known, each runs its own: one state's version is not the user's (the note asks)
        if s.scheme_id in named or (not named and s.score >= CLOSE_SHARE * r.schemes[0].score
                                    and _holds_words_of(index, r, s.scheme_id, r.schemes[0].scheme_id)
                                    and not _named_for_another(index, r, s.scheme_id, r.schemes[0].scheme_id)):
            chosen.append(s)
    asked = set(r.query.intents)
    # a question for a status, a date or whom to ask ("pm kisan ka paisa nahi aaya") is quoted from the sentence that speaks
    # of it, not from the start of the steps (Step 7 of PM-KISAN's seven had come on the third SMS page)
    live = {t for known in spoken_terms(r.user_query_text, r.query.intents) for t in known}
    citations = []
    for n, s in enumerate(chosen, start=1):
        chunk = index.chunks[s.hit.chunk]
        section = index.section_text(chunk.scheme_id, chunk.section)
        a, b = quote_span(section, chunk.start, chunk.end, chunk.section, asked=chunk.section in asked)
        # (not an FAQ, whose question and answer are one: "Whom To Contact ...?" had been quoted without its helpdesk address;
        # a sentence that asks or announces goes on to the next: "Helpline:" and its number)
        spans = [(x, y) for x, y in split_sentences(section) if a <= x and y <= b]
        told = [i for i, (x, y) in enumerate(spans) if speaks_of(section[x:y], live)] if live and chunk.section != "faqs" else []
        if told:
            i = told[0]
            a, b = spans[i]
            if section[a:b].rstrip().endswith(("?", ":", ":-")) and i + 1 < len(spans):
                b = spans[i + 1][1]
            if not chunk.start <= a < chunk.end:
                # (the sentence that speaks of it stands in the chunk before, inside the span quoted around this one: the quote
                # is cited to the chunk it starts in, which verify() checks)
                chunk = next((c for c in (index.chunks[j] for j in range(*index.chunk_range(chunk.scheme_id)))
                              if c.section == chunk.section and c.start <= a < c.end), chunk)
        # (a list item of another section too: Haryana's disability pension was quoted as "... Rs. 1200/- per month w.e.f.
        # 01-01-2015", one of a list of rises whose later items give today's rate, with no word that the list goes on)
        more = list_items_after(section, b) if chunk.section in LIST_SECTIONS or _list_item_at(section, a) \
            else table_rows_after(section, b)
        citations.append(_citation(index, n, chunk, section, a, b, s.score, more))
    links = list(dict.fromkeys(index.schemes[c.scheme_id].page_url for c in citations))
    return Answer(status="answered", citations=citations, official_links=links, state=r.state,
                  state_versions=versions, **base)


#: the share of a discovery question's need (its words' IDF weight) a listed scheme's page must hold
NEED_SHARE = 0.5


def need_words(index: Index, r: Retrieval) -> list[tuple[list[str], float]]:
    """The words of a discovery question that say what is needed, each as its indexed forms and IDF weight: the
    question's content words (:func:`~retrieval.searcher.question_words`: no state, number or age) without words naming
    the government, a person, help in general or how small or poor the asker is (:data:`~retrieval.gate.NOT_A_NEED`), a scheme ("yojana"), a
    section ("documents") or a figure ("amount")."""
    _, scheme_words, quiet = discovery_frame()
    content, _, alts, weights = question_words(index, r)
    return [([t for t in a if t in index.vocabulary], w) for word, a, w in zip(content, alts, weights)
            if word not in NOT_A_NEED and word not in scheme_words and word not in quiet and not section_intents(word)
            and not FIGURE.search(word)]


def holds_need(index: Index, scheme_id: str, need: list[tuple[list[str], float]]) -> bool:
    """Whether the scheme's text holds at least :data:`NEED_SHARE` of ``need`` (:func:`need_words`) by weight; ``True``
    for an empty need."""
    total = sum(w for _, w in need)
    held = sum(w for forms, w in need if any(index.scheme_has_term(t, scheme_id) for t in forms))
    return not total or held >= NEED_SHARE * total


#: groups a scheme's name can say it is for, in the three languages' spellings the names and questions use
_NAME_GROUPS = {group: re.compile(pattern, re.IGNORECASE) for group, pattern in {
    "widow": r"\bwidow|\bvidhwa|\bvidhva|विधवा", "disability": r"\bdisab|\bdivyang|\bviklang|\bhandicap|specially[- ]abled|दिव्यांग|विकलांग",
    "old_age": r"\bold[- ]age|\bvridh|\bvriddh|\bsenior\s+citizen|\bbudhap|वृद्ध|बुढ़ापा", "farmer": r"\bfarmers?\b|\bkisan|\bkrishak|किसान",
    "student": r"\bstudents?\b|\bscholarship|छात्र", "girl": r"\bgirls?\b|\bkanya\b|\bbalika|कन्या|बालिका"}.items()}


def _name_groups(text: str) -> set[str]:
    return {g for g, p in _NAME_GROUPS.items() if p.search(text)}


def _named_for_another(index: Index, r: Retrieval, other: str, first: str) -> bool:
    """Whether a close second scheme's name says it is for a group the question does not name, while the first's names
    the group asked about: "disability pension amount in up" had quoted Uttar Pradesh's widow pension beside the
    national disability pension (its page says "disability" too; a break-it trial)."""
    asked = _name_groups(f"{r.question} {r.user_query_text}")
    mine, theirs = _name_groups(index.schemes[first].name), _name_groups(index.schemes[other].name)
    return bool(mine & asked) and bool(theirs - asked) and not theirs & asked


def _holds_words_of(index: Index, r: Retrieval, other: str, first: str) -> bool:
    """Whether a close second scheme ``other`` is no narrower an answer than scheme ``first``: of the question's words
    that say what it asks about (not a state's name, not a word asking for a section or a figure: "amount",
    "documents"), counting the words each was resolved to ("vidhwa" is "widow"), ``other`` holds some that ``first``
    does not, or all that ``first`` holds. "widow pension in bihar" had quoted Bihar's old age pension, which holds
    "pension" and none of "widow", beside the widow pension, as if it were Bihar's widow pension."""
    held_first, held_other = set(), set()
    for word in r.query.content:
        if find_states(word) or section_intents(word) or FIGURE.search(word):
            continue
        alternatives = [t for t in (word, *r.query.resolved.get(word, ())) if t in index.vocabulary]
        if any(index.scheme_has_term(t, first) for t in alternatives):
            held_first.add(word)
        if any(index.scheme_has_term(t, other) for t in alternatives):
            held_other.add(word)
    return not held_other < held_first


def state_spread(index: Index, r: Retrieval, named_family: bool = False) -> list[str]:
    """The states of the state schemes among the first :data:`FAMILY_TOP` when no state is known and
    they span at least :data:`FAMILY_STATES` states (the question is about something each state runs
    its own way: pensions, marriage aid, workers' board benefits), else ``[]``. With ``named_family``,
    only schemes whose names hold at least :data:`FAMILY_NAME_SHARE` of the question's words count (the
    question names the family: "vidhwa pension", not "pan card status"). ``[]`` too when the first scheme's
    name holds most of the question's words and no other's does: the question names that one scheme."""
    if r.state is not None:
        return []
    first = [s.scheme_id for s in r.schemes[:FAMILY_TOP]]
    shares = name_shares(index, r, first) if named_family else None
    top = [sid for i, sid in enumerate(first)
           if index.schemes[sid].level == "state" and (shares is None or shares[i] >= FAMILY_NAME_SHARE)]
    distinct = list(dict.fromkeys(x for x in (index.schemes[sid].state for sid in top) if x))
    if len(distinct) < FAMILY_STATES:
        return []
    shares = shares if shares is not None else name_shares(index, r, first)  # (only for a spread: not every question)
    if shares[0] >= FAMILY_NAME_SHARE and all(x < FAMILY_NAME_SHARE for x in shares[1:]):
        # "sanjay gandhi niradhar yojana kitna paisa": the question names one state's scheme (its name holds
        # most of the question's words, no other's does), though not in words the gazetteer takes for its name
        return []
    return sorted(distinct)


def _citation(index: Index, n: int, chunk, section: str, a: int, b: int, score: float, more: int = 0) -> Citation:
    scheme = index.schemes[chunk.scheme_id]
    facts = scheme.facts_as_of
    return Citation(n=n, scheme_id=chunk.scheme_id, scheme_name=chunk.scheme_name, section=chunk.section,
                    text=section[a:b], url=chunk.url, chunk_id=chunk.chunk_id, score=round(score, 6), start=a, end=b,
                    closed=scheme.closed, more_items=more, state=scheme.state if scheme.level == "state" else None,
                    as_of=facts.strftime("%d %b %Y") if facts else None)


def list_quote(section_text: str, figures: bool = False, about: frozenset[str] = frozenset()) -> tuple[int, int] | None:
    """What a list item quotes of a benefits (or details) section: whole sentences from its start until
    at least :data:`LIST_QUOTE_MIN_CHARS` characters and not ending in a colon, at most
    :data:`LIST_QUOTE_MAX_CHARS` (one sentence at least); for a question asking for a figure, from the
    first sentence stating one; with ``about`` (analysed terms a list is for: a life event's own words, "death"),
    from the first sentence holding the most of them, when one does. ``None`` for a section without a sentence."""
    sents = split_sentences(section_text)
    if not sents:
        return None
    first = 0
    if figures:
        first = next((i for i, (a, b) in enumerate(sents) if FIGURE.search(section_text[a:b])), 0)
    if about:
        # "kisan ki mrityu": Krishak Bandhu's death grant, not its assured income (a newcomer trial had the income quoted)
        # each term weighed by how few of the section's sentences hold it: "death" in one outweighs "farmer" in all
        terms = [about & set(analyze(section_text[a:b])) for a, b in sents]
        spread = {t: sum(t in ts for ts in terms) for t in about}
        held = [sum(1.0 / spread[t] for t in ts) for ts in terms]
        if max(held) > 0:
            first = held.index(max(held))
    # a heading ("Benefits", "Target Group", "> NUMBER OF SCHOLARSHIPS") says nothing, nor does an opening lead-in
    # ("The benefits of this scheme are mentioned as under:", all a list showed of PM Fasal Bima Yojana's benefits
    # but its first item): the quote starts after them
    # (a short list item is no heading: JSSK's "1.  Free and cashless delivery" had been skipped with the next three)
    while first + 1 < len(sents) and (
            (_heading(text := section_text[sents[first][0]:sents[first][1]]) and not _list_item_at(section_text, sents[first][0]))
            or _lead_in(text)):
        first += 1
    a, b = sents[first]
    row = section_text.rfind("\n", 0, a) + 1
    marked = row if _ITEM_MARK.fullmatch(section_text[row:a]) else None
    if figures and " | " in section_text[row:b]:
        # a figure in a table's row ("First Instalment | On registration of pregnancy ... | 3,000/-"): the row from its
        # first cell, not its last cell alone ("| 3,000/-" had been PMMVY's whole quote in a list for a pregnant woman)
        a = row
    for x, y in sents[first + 1:]:
        # (nor cut where the page broke a line inside a sentence: PMMVY's "... as per the schedule provided in" /
        # "table below:" had been quoted to the word "in", a newcomer trial)
        if b - a >= LIST_QUOTE_MIN_CHARS and not _lead_in(section_text[a:b]) and not _broken_line(section_text, b, x):
            break
        if y - a > LIST_QUOTE_MAX_CHARS:
            break
        nxt = section_text[x:y]
        whole = section_text[a:b].rstrip().endswith((".", "!", "?", "\u0964"))
        # (a whole sentence with its amount; one without goes on, so a quote ending on a table's header row becomes the row)
        if whole and (FIGURE.search(section_text[a:b]) or not FIGURE.search(section_text)) and (_lead_in(nxt) or _heading(nxt.lstrip("-•* "))) \
                and not _broken_line(section_text, b, x):
            # a short whole quote rather than one ending on what announces the next part: Tamil Nadu's disability pensions
            # had been quoted as "₹1,000/- per month. / Free Clothes during Pongal and Deepavali:" (a newcomer trial)
            break
        b = y
    second = section_text.find("\n", a, b) + 1  # (the quote's second line, 0 for none)
    if marked is not None and second and _ITEM_MARK.match(section_text, second, b):
        # a quote of several list items from the first one's marker: "1.  Free and cashless delivery\n2.  Free C-Section",
        # not "Free and cashless delivery\n2.  Free C-Section" (JSSK's); one item alone goes without it
        a = marked
    last = next((section_text[x:y] for x, y in reversed(sents) if x < b), "")
    if not figures and (_heading(last.lstrip("-•* ")) or _lead_in(last)) and any(FIGURE.search(section_text[x:y]) for x, y in sents):
        # a quote ending on a heading or a lead-in says nothing yet (PMMVY's "... as per the schedule provided in table
        # below: - Scheme Condition for First Child", a newcomer trial's pregnancy list): the first figure instead
        return list_quote(section_text, figures=True, about=about)
    return a, b


#: a numbered list item's marker, all that stands before its text on its line: "1.  ", "2) " (a bullet, "- ", says no
#: number that the next item's would contradict: a quote goes without it)
_ITEM_MARK = re.compile(r"[ \t]*\d{1,2}[.)][ \t]+")


def _broken_line(text: str, end: int, start: int) -> bool:
    """Whether the sentence ending at ``end`` goes on at ``start`` after a line break: it ends in a letter or a comma
    (no closing punctuation) and the next one opens with a lower-case letter."""
    before, after = text[:end].rstrip(), text[start:].lstrip()
    return bool(before) and bool(after) and (before[-1].isalpha() or before[-1] == ",") and after[0].islower()


def _lead_in(text: str) -> bool:
    """A sentence that only announces what follows: "... will be provided as follows:-", "... offers -"."""
    return text.rstrip().endswith((":", ":-", ":–", " -", " –"))


def _heading(text: str) -> bool:
    """A heading line, not a sentence: a Markdown quote marker, a table's header row, or at most five
    words with no figure and no closing punctuation ("Benefits", "Target Group", "> NUMBER OF SCHOLARSHIPS")."""
    t = text.strip()
    if t.startswith(">") or ("|" in t and not any(c.isdigit() for c in t.replace("S. No", ""))):
        return True  # (a table's header row: its column names, no figure)
    return 0 < len(t.split()) <= 5 and not any(c.isdigit() for c in t) and not t.endswith((".", "!", "?", "।"))


def list_item(index: Index, scheme_id: str, figures: bool = False, about: frozenset[str] = frozenset()) -> tuple[Chunk, str, int, int] | None:
    """What a list shows of one scheme: ``(chunk, section text, start, end)`` of :func:`list_quote` of its
    benefits, else its details, else its first FAQ answer (a page of FAQs alone), with ``about`` as there; the quote
    stays inside its chunk. ``None`` when the scheme has none of these."""
    for section in ("benefits", "details", "faqs"):
        if index.first_chunk_of(scheme_id, section) is None:
            continue
        text = index.section_text(scheme_id, section)  # cached per scheme by the index
        offset = 0
        if section == "faqs":
            # from the first answer: the sentences after the first question
            first_q = next(((a, b) for a, b in split_sentences(text) if text[a:b].rstrip().endswith("?")), None)
            offset = first_q[1] if first_q else 0
        span = list_quote(text[offset:], figures, about)
        if span is None:
            continue
        a, b = span[0] + offset, span[1] + offset
        chunk = index.chunk_containing(scheme_id, section, a, b)
        if chunk is not None:
            return chunk, text, a, min(b, chunk.end)
    return None


def list_fits(r: Retrieval, keep: Callable[[str], bool] = lambda scheme_id: True) -> list:
    """The ranked schemes of ``r`` worth listing: scoring at least :data:`LIST_MIN_SHARE` of the top one
    (and passing ``keep``, by scheme id), at most three pages of :data:`LIST_SIZE`."""
    if not r.schemes:
        return []
    # (against the first one's score before the boost a state's own schemes get: "schemes for farmers in bihar" had
    # listed Bihar's crop assistance alone, PM-KISAN and the crop insurance under half of its boosted score)
    top = r.schemes[0].score / (STATE_BOOST if r.schemes[0].scheme_id in r.state_boosted else 1.0)
    return [x for x in r.schemes if x.score >= LIST_MIN_SHARE * top and keep(x.scheme_id)][:LIST_SIZE * 3]


def compose_list(index: Index, schemes: list, base: dict, figures: bool = False, state: str | None = None,
                 size: int = LIST_SIZE, first_n: int = 1, about: frozenset[str] = frozenset()) -> Answer:
    """A list answer: the first ``size`` of ``schemes`` (ranked schemes or ids) that have something to
    show (:func:`list_item`, quoting what speaks of ``about`` first), numbered in rank order from ``first_n`` (a "MORE" page goes on from the
    last number shown), schemes whose page says they are closed after the open ones; the schemes after
    the last one shown give ``more_scheme_ids`` (the next page)."""
    citations = []
    used = 0
    def scheme_id(s) -> str:
        return s.scheme_id if hasattr(s, "scheme_id") else s

    # a scheme its page says is closed takes no applications: listed after the open ones (stable)
    schemes = sorted(schemes, key=lambda s: scheme_id(s) in index.schemes and index.schemes[scheme_id(s)].closed)
    for used, s in enumerate(schemes, start=1):
        sid = scheme_id(s)
        item = list_item(index, sid, figures, about)
        if item is not None:
            chunk, text, a, b = item
            cit = _citation(index, first_n + len(citations), chunk, text, a, b, getattr(s, "score", 0.0))
            # (a scheme reserved for an occupation the user did not name says so: Rajasthan's maternity aid for
            # construction workers had been listed to a pregnant woman as if for her, a newcomer trial)
            cit.for_group = reserved_label(index.required_occupations(sid), str(base.get("query", "")))
            citations.append(cit)
        if len(citations) >= size:
            break
    links = list(dict.fromkeys(index.schemes[c.scheme_id].page_url for c in citations))
    more = [scheme_id(s) for s in schemes[used:]]
    return Answer(status="answered", citations=citations, official_links=links, list_answer=True,
                  more_scheme_ids=more, state=state, **base)


def verify(index: Index, answer: Answer) -> bool:
    """True if every citation's text is exactly its offsets in its section's text (verbatim), and the
    quote contains the chunk it was chosen for (or, for a list item, lies inside it; or starts inside it and runs on past
    its end: a heading that asks, "How to Claim?", with the step after it, which the next chunk holds)."""
    for cit in answer.citations:
        chunk = index.chunk_by_id(cit.chunk_id)
        if chunk is None or cit.scheme_id != chunk.scheme_id or cit.section != chunk.section:
            return False
        section = index.section_text(chunk.scheme_id, chunk.section)
        if cit.start < 0 or section[cit.start:cit.end] != cit.text:
            return False
        # a quote holds its chunk, or (a list item's sentences) lies inside it
        if not (cit.start <= chunk.start and chunk.end <= cit.end) and not (chunk.start <= cit.start < chunk.end):
            return False
    return True
