"""Follow-up rewriting: turn a message into a standalone query, using only the conversation context.

Pure (no I/O, no model call). The rules, in order:

1. The message names a scheme (gazetteer, typo-tolerant): that scheme becomes active. If the message is
   a "what about X?" / "and for X?" / "aur X me?" turn with no topic of its own, the previous topic is
   applied to X ("what about ujjwala?" after "documents?" -> ``what about ujjwala? documents required``).
   Otherwise the message is left as it is.
2. The message names no scheme and is a follow-up — it has a reference word (it, this, that scheme, its;
   iske, iska, isme, uske; इसके, इसका, इसमें), or is a short question about a section ("documents?",
   "age limit?", "how to apply", "kitna paisa milega") or about a property every scheme has ("is aadhaar
   compulsory", "interest rate?") — and a scheme is active: the standalone query is the message plus the
   active scheme's name. A message about getting a paper of its own ("how to apply for pan card", "aadhaar
   card kaise banwaye") is a new question, never a follow-up.
3. Anything else is left exactly as it is: no history is ever pasted into the query.

Groups. A message that only names a group ("aur SC ke liye?", "and for widows?", "और दिव्यांग के लिए?") asks the previous
question again for that group: the previous standalone query with its group replaced (one of the same kind first, a social
category for a category, a person for a person), or with the group added when it names none.

States. The conversation remembers the last state the user named ("old age pension in haryana"); a
later question that names none is searched within that state (``Rewrite.state``), and a message that only
names another state ("and in punjab?", "aur bihar me?") asks the previous question again for that state:
the previous standalone query with its state words replaced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from retrieval.gazetteer import Gazetteer
from collections.abc import Callable
from functools import lru_cache

from retrieval.query import GROUPS, expansions, group_named_alone, section_intents
from retrieval.states import find_states, without_states
from retrieval.text import normalize
from retrieval.tokenize import analyze

#: Phrases that point back at the scheme being discussed (English, Romanized Hindi, Hindi). Bare
#: "is"/"that"/"there" are not here: in English they rarely refer back ("is there a scheme that ...").
REFERENCE = re.compile(
    r"\b(it|its|it's)\b|\b(this|that|the same|the) (scheme|yojana|yojna|one|programme|program|plan|card|account|pension)\b"
    r"|\b(about|for|in|under|of|from|with|join|apply|get|into) (this|that)\b"
    r"|\b(iske|iska|iski|isme|ismein|isse|isko|uske|uska|uski|usme|usmein|usse|usko|wahan|waha)\b"
    r"|\b(is|us) (yojana|yojna|scheme)\b|\b(is|us) ?kaa?\b|\b(is|us) ?k[ei]\b|\b(is|us) ?me(in)?\b"
    r"|इसके|इसका|इसकी|इसमें|इसे\b|इससे|उसके|उसका|उसकी|उसमें|उसे\b|उससे|वहाँ|वहां|(इस|उस) योजना"
    # "unko bhi milega?", "क्या उन्हें भी मिलेगा": also get it (the scheme just discussed)
    r"|\b(bhi|bhee)\s+(mil(ta|ti|te|ega|egi|enge|egaa|sakta|sakti|sakte)|le\s+sakt[aei]|apply\s+kar\s+sakt[aei])\b"
    r"|भी\s+(मिल(ता|ती|ते|ेगा|ेगी|ेंगे|\s+सकत)|ले\s+सकत|आवेदन\s+कर\s+सकत)",
    re.IGNORECASE,
)
#: "what about X" / "and for X" / "aur X ..." openers.
WHAT_ABOUT = re.compile(
    r"^\s*(what about|how about|and (for|about|in|what about)|and|same for|for|aur|or|और|तो)\b", re.IGNORECASE
)
#: Section phrases used to carry a topic to another scheme.
TOPIC_WORDS = {
    "benefits": "benefits",
    "documents": "documents required",
    "eligibility": "eligibility",
    "application_process": "how to apply",
    "exclusions": "who is not eligible",
    "details": "details",
}
#: Words about a property any scheme has (dates, money, identity papers, people in the family...): a
#: short message made only of these ("is aadhaar compulsory", "interest rate?", "last date") asks
#: about the scheme under discussion. Analysed (stemmed) forms.
ATTRIBUTE_WORDS = frozenset(analyze(
    """interest rate aadhaar compulsory mandatory required need online offline last date deadline status
    helpline number contact fee charges cost time days month year long renewal renew instalment installment
    limit maximum minimum max min age income certificate bank account money amount withdraw withdrawal take
    out before after close closure maturity premium claim tenure period duration where office centre portal
    website link apply register form documents eligible eligibility benefit subsidy refund penalty nominee
    transfer change update correction kyc ekyc otp mobile payment paid pay receive get credit when family
    husband wife son daughter child children girl boy woman man mother father parents card sc st obc general bpl apl rural urban village
    city state other also again still yes ok okay then more detail details process steps papers kagaz kagzat
    dastavej dastavez paisa paise rupaye rashi labh fayda patrata avedan aavedan panjikaran judne jud join
    register registration criteria कागज़ात कागजात दस्तावेज़ दस्तावेज लाभ पात्रता आवेदन रजिस्ट्रेशन पंजीकरण पैसा
    पैसे राशि उम्र आयु आय किस्त kist kisht agli agla agle next needed necessary milega milegi milta milti milenge chahiye chaiye lagega lagenge lagta
    चाहिए मिलेगा मिलेगी मिलता मिलती लगेगा लगेंगे कागज कागज़ दस्तावेज़ों दस्तावेजों kagaj kagjat kaagaz kaagaj
    zarurat zaroorat jarurat jaroorat zaruri jaruri ज़रूरत जरूरत ज़रूरी जरूरी
    monthly yearly annually mahina mahine saal salana weekly फॉर्म फार्म form kahan kaha कहाँ कहां bharna bhare bharen भरें भरना"""
))
#: question words that, with nothing else of substance, ask about the scheme under discussion
BARE_QUESTION = re.compile(r"\b(kab|kaise|kitna|kitni|kitne|kahan|kaha|kyun|when|how|where|why|what)\b|कब|कैसे|कितन|कहाँ|कहां|क्यों",
                           re.IGNORECASE)
#: a paper or service of its own to get or make ("how to apply for pan card", "aadhaar card kaise banwaye",
#: "राशन कार्ड कैसे बनवाएं", "documents for pan card", "pan card apply"): a need of its own, never a
#: follow-up about the scheme under discussion. "do I need to get a bank account?" or "should I make a new
#: aadhaar card?" ask about the scheme: a bare get / make / new is not enough, it takes how / apply / kaise
_PAPERS = (r"(pan( card)?|aadhaa?r( card)?|voter( id| card)?|passport|driving licen[cs]e|ration card|birth certificate|death certificate|"
           r"caste certificate|income certificate|domicile( certificate)?|golden card|ayushman card|abha card|e-?shram( card)?|"
           r"पैन|आधार|वोटर|पासपोर्ट|राशन कार्ड|जन्म प्रमाण|जाति प्रमाण|आय प्रमाण|आयुष्मान कार्ड|ई-?श्रम)")
OWN_NEED = re.compile(
    rf"\b(how (?:to|do i|can i|do we|can we|should i)|where (?:to|do i|can i))\b\W+(?:\w+\W+){{0,3}}?{_PAPERS}"
    rf"|\b(apply|applying|application|register|registration|documents?|papers?)\W+(for|on)\W+(a\W+|an\W+|my\W+|new\W+|the\W+){{0,2}}{_PAPERS}"
    rf"|{_PAPERS}\W+(card\W+|कार्ड\W+)?(apply\b|kaise\b|kese\b|kaha\b|kahan\b|kahaan\b|कैसे|कहाँ|कहां)"
    rf"|{_PAPERS}\W+(card\W+|कार्ड\W+)?(banwa|bana|bane|nikal|बनवा|बना|बने|निकल)",
    re.IGNORECASE)
#: what a message applies or registers for ("how to apply for ayushman bharat"): when its words are not in
#: the active scheme's text, the message is about something else
APPLY_FOR = re.compile(r"\b(apply|applying|register|registration|enrol\w*|documents?|papers?|eligib\w*)\s+(?:for|on|in|under)\s+"
                       r"(?:the\s+|a\s+|an\s+|my\s+)?(?P<obj>[^?.!,;]+)", re.IGNORECASE)
#: a yes/no question ("... kya?", "क्या ...", "can I ...?"): with no subject of its own, about the active scheme
SHORT_QUESTION = re.compile(r"\?\s*$|\bkya\b|क्या|\b(can|could|will|does|do|is|are)\b", re.IGNORECASE)
#: a message naming a scheme with at most this many other words carries the previous topic over
SHORT_NAME_WORDS = 3
#: a message of at most this many content words that asks about a section is a follow-up
SHORT_FOLLOWUP_WORDS = 6
#: a message with a reference word is a follow-up only if it is at most this many words long
REFERENCE_FOLLOWUP_WORDS = 14


@lru_cache(maxsize=1)
def topic_words() -> frozenset[str]:
    """Words that name a subject (who or what a scheme is for: widow, pension, farmer, scholarship ...):
    the English targets of the query lexicon, less the words every scheme has (:data:`ATTRIBUTE_WORDS`)."""
    return frozenset(t for targets in expansions().values() for t in targets) - ATTRIBUTE_WORDS


@dataclass
class Context:
    """What rewriting needs from the conversation: the active scheme, the last topic, the state the
    user last named (canonical name) and the last standalone query."""

    scheme_id: str | None = None
    scheme_name: str | None = None
    topic: str | None = None
    state: str | None = None
    query: str | None = None


@dataclass
class Rewrite:
    """The result of rewriting one message.

    Attributes:
        standalone: the standalone query (the message itself when it is not a follow-up).
        rewritten: True when ``standalone`` differs from the message.
        followup: True when the message was read as a follow-up about the active scheme.
        scheme_ids: schemes the message names (in order).
        focus: the scheme the answer should come from when the message is a follow-up (else None).
        topic: the section the message asks about, or the carried-over topic.
        state: the state to search within: the one the message names, else the conversation's.
        state_named: True when the message itself names ``state``.
    """

    standalone: str
    rewritten: bool = False
    followup: bool = False
    scheme_ids: list[str] = field(default_factory=list)
    focus: str | None = None
    topic: str | None = None
    state: str | None = None
    state_named: bool = False


def asks_only_section(text: str, also: frozenset[str] = frozenset()) -> bool:
    """True for a message that asks about a section and says nothing else ("documents?", "age limit?"); ``also``: more
    analysed words that say nothing else (the kind of help a list was of: "kitna loan milega" after a list of loans)."""
    content = analyze(text)
    return bool([i for i in section_intents(text) if i != "details"]) and len(content) <= 3 and all(t in ATTRIBUTE_WORDS or t in also for t in content)


def _words(text: str) -> list[str]:
    return re.findall(r"(?:[^\W_]|[\u0900-\u0963\u0966-\u096f\u0971-\u097f])+", text.casefold())


def rewrite(
    message: str,
    ctx: Context,
    gazetteer: Gazetteer,
    names: dict[str, str],
    in_scheme: Callable[[str, str], bool] | None = None,
    resolve: Callable[[str, str | None], list] | None = None,
) -> Rewrite:
    """Rewrite ``message`` given the conversation context (see the module docstring).

    Args:
        message: the user's message, as typed.
        ctx: the active scheme, last topic, state and query.
        gazetteer: scheme-name matcher of the corpus.
        names: scheme id -> display name (to append to follow-ups).
        in_scheme: ``(word, scheme id) -> bool``, whether the scheme's text has the (analysed) word: a
            short section question whose own words are all the active scheme's ("how much loan can I
            get?" after Mudra) is a follow-up even when the word names a subject.
        resolve: ``(text, state) -> mentions``, the scheme names of a text that name a scheme given the
            state known (a family name such as "Maternity Benefit" names no other state's scheme; see
            :meth:`retrieval.searcher.Searcher.named`); default: every name the gazetteer finds.
    """
    text = normalize(message).strip()
    found = find_states(text)
    if found and ctx.query and _only_states(text, found):
        # "and in punjab?": the previous question, for that state
        base = without_states(ctx.query)
        return Rewrite(f"{base} {found[0].surface}".strip(), True, False, [], None, ctx.topic, found[0].state, True)
    switched = _group_switch(text, ctx.query) if not found else None
    if not found and not ctx.query and (alone := group_named_alone(text)) is not None:
        switched = f"schemes for {alone[1]}"  # "और ST?" as a first message: the schemes for that group
    if switched:
        # "aur SC ke liye?" after "scholarship for OBC students in Karnataka": the previous question, for that group
        return Rewrite(switched, True, False, [], None, ctx.topic, ctx.state, False)
    state, named = (found[0].state, True) if found else (ctx.state, False)
    find = (lambda t: resolve(t, state)) if resolve is not None else gazetteer.find
    rw = _rewrite(message, ctx, find, names, in_scheme, gazetteer.find if resolve is not None else None)
    rw.state, rw.state_named = state, named
    return rw


def _group_switch(text: str, query: str | None) -> str | None:
    """The previous standalone ``query`` asked again for the group ``text`` names alone ("aur SC ke liye?" after "scholarship
    for OBC students in Karnataka": "scholarship for SC students in Karnataka"), else ``None``. A group of the same kind in the
    query is replaced; otherwise the group is added ("pension yojana" + "aur vidhwa ke liye?": "pension yojana for widows")."""
    if not query or not re.search(r"[^\W\d_]{3}", query):
        return None  # (no question before, or one of no words: "45-50" had become "45-50 for SC")
    group = group_named_alone(text)
    if group is None:
        return None
    kind, name = group
    if _group_hits(query, lambda k, n: n == name):
        return None  # the question already names it
    # a group of the same kind, else a category for whom a person group was asked ("scholarship for OBC students" + "and for
    # disabled?": disabled students); a category is never put in place of a person group but said beside it ("vidhwa pension
    # kitna milta hai" + "aur SC ke liye?": the widow pension for SC widows; it had become "SC pension ...", a trial answered
    # with an old age pension)
    hits = _group_hits(query, lambda k, n: k == kind) or (_group_hits(query, lambda k, n: True) if kind == "person" else [])
    if hits:
        hit = hits[0]
        return f"{query[:hit.start()]}{name}{query[hit.end():]}"
    return f"{query} for {name}"


def _group_hits(query: str, keep: Callable[[str, str], bool]) -> list[re.Match]:
    """Where ``query`` names a group of :data:`retrieval.query.GROUPS` that ``keep(kind, name)`` accepts, first first."""
    hits = [m for k, n, pattern in GROUPS if keep(k, n) for m in re.finditer(rf"(?<!\w)(?:{pattern})(?!\w)", query, re.IGNORECASE)]
    return sorted(hits, key=lambda m: m.start())


def _only_states(text: str, found: list) -> bool:
    """True for a message that names a state and asks nothing else ("and in punjab?", "aur bihar me?")."""
    rest = WHAT_ABOUT.sub(" ", without_states(text, found))
    return not [w for w in analyze(rest) if w not in _PLACE_WORDS]


#: words around a bare state name that ask nothing of their own ("in", "me", "ke liye", "wahan")
_PLACE_WORDS = frozenset(analyze("in me mein main mai ke liye ka ki ko wahan waha what about state में के लिए का की वहाँ राज्य"))


def _rewrite(
    message: str,
    ctx: Context,
    find: Callable[[str], list],
    names: dict[str, str],
    in_scheme: Callable[[str, str], bool] | None = None,
    raw_find: Callable[[str], list] | None = None,
) -> Rewrite:
    """The scheme and topic rules of :func:`rewrite` (rules 1-3 of the module docstring)."""
    text = message.strip()
    intents = section_intents(text)
    topic = intents[0] if intents else None
    mentions = [m for m in find(text) if m.indexed and m.scheme_id in names]
    ids = list(dict.fromkeys(m.scheme_id for m in mentions))
    # a family name left unresolved ("Widow Pension" with another state known) names no scheme, but it
    # is a subject of the message's own: the message is no follow-up about the active scheme
    if not mentions and raw_find is not None:
        mentions = [m for m in raw_find(text) if m.indexed and m.scheme_id in names]
    if mentions:
        # "what about X?", "and for X?", "X ke liye?", "उज्ज्वला के लिए?": X with no topic of its own
        # takes the previous topic
        named_words = sum(m.end - m.start for m in mentions)
        carry = WHAT_ABOUT.match(text) or len(_words(text)) - named_words <= SHORT_NAME_WORDS
        if topic is None and ctx.topic and carry:
            return Rewrite(f"{text} {TOPIC_WORDS.get(ctx.topic, ctx.topic)}", True, False, ids, None, ctx.topic)
        return Rewrite(text, False, False, ids, None, topic)
    if ctx.scheme_id is None or ctx.scheme_id not in names:
        return Rewrite(text, False, False, [], None, topic)
    words = _words(text)
    content = analyze(text)
    has_reference = REFERENCE.search(text) is not None and len(words) <= REFERENCE_FOLLOWUP_WORDS
    short = 0 < len(content) <= SHORT_FOLLOWUP_WORDS
    own = [w for w in content if w not in ATTRIBUTE_WORDS and not w.isdigit()]
    # a short question about a section is a follow-up unless it brings a subject of its own
    # ("what is the widow pension amount?" names a topic; "can we take it out before she turns 21" does not)
    # ("what is X?" always has a subject of its own, so the details intent never makes a follow-up)
    asks = [i for i in section_intents(text) if i != "details"]
    # (a Hindi or Romanized word counts by its English targets: "vidhwa pension kitna milta hai" after PM-KISAN names
    # widows, which PM-KISAN's text never does; a break-it trial got PM-KISAN's ₹6,000 for it)
    own_topic = [w for w in own if w in topic_words() or set(expansions().get(w, ())) & topic_words()]
    scheme_words = in_scheme is not None and all(in_scheme(w, ctx.scheme_id) or any(in_scheme(e, ctx.scheme_id) for e in expansions().get(w, ()))
                                                 for w in own_topic)
    short_section = short and bool(asks) and len(own) <= 2 and (not own_topic or scheme_words)
    short_attribute = short and not own
    # "पति पत्नी साथ जा सकते हैं क्या", "can my son apply too?": a short question naming no subject of its
    # own (no word the lexicon knows as a group, benefit or need) asks about the active scheme
    # ("agli kist kab aayegi" after PM-KISAN: a question word beside words of no subject asks of the scheme too; a newcomer
    # trial had it declined in the name of a coffee replantation scheme)
    short_question = short and not own_topic and not asks and (SHORT_QUESTION.search(text) or BARE_QUESTION.search(text)) is not None
    # "kab milta hai", "how?", "कब मिलेगा": a question word and nothing else asks about the active scheme
    bare_question = not content and len(words) <= SHORT_FOLLOWUP_WORDS and BARE_QUESTION.search(text) is not None
    if OWN_NEED.search(text) and not has_reference:
        return Rewrite(text, False, False, [], None, topic)
    applied = APPLY_FOR.search(text)
    if applied and in_scheme is not None and not has_reference:
        named = [w for w in analyze(applied.group("obj")) if w not in ATTRIBUTE_WORDS and not w.isdigit()]
        if named and not all(in_scheme(w, ctx.scheme_id) for w in named):
            return Rewrite(text, False, False, [], None, topic)  # applies for something the scheme never mentions
    if has_reference or short_section or short_attribute or bare_question or short_question:
        return Rewrite(f"{text} {names[ctx.scheme_id]}", True, True, [], ctx.scheme_id, topic or ctx.topic)
    return Rewrite(text, False, False, [], None, topic)


def advance(ctx: Context, rw: Rewrite, answered_scheme: str | None, names: dict[str, str]) -> Context:
    """The context after a turn: a named scheme becomes active, else the scheme the answer quoted
    first (for a question that was not a follow-up), else the active scheme stays; the topic is the
    turn's topic, or stays; the state is the one the turn named, or stays; the query is the turn's."""
    scheme = rw.scheme_ids[0] if rw.scheme_ids else (rw.focus or answered_scheme or ctx.scheme_id)
    return Context(scheme_id=scheme, scheme_name=names.get(scheme) if scheme else None, topic=rw.topic or ctx.topic,
                   state=rw.state or ctx.state, query=rw.standalone)


def replay(answerer, history: list[str], message: str) -> Rewrite:  # answerer: retrieval.answer.Answerer
    """Rewrite ``message`` after replaying the earlier user turns ``history`` (oldest first) through the
    same rewriting and answering the conversation engine uses. Used by ``schemebot eval``."""
    gazetteer = answerer.searcher.gazetteer
    names = {sid: s.name for sid, s in answerer.index.schemes.items()}
    in_scheme = answerer.index.scheme_has_term
    resolve = answerer.searcher.named
    ctx = Context()
    for turn in history:
        rw = rewrite(turn, ctx, gazetteer, names, in_scheme, resolve)
        answered = None
        if not rw.scheme_ids and not rw.followup:
            answer = answerer.ask(turn, standalone_query=rw.standalone, state=rw.state)
            answered = answer.citations[0].scheme_id if answer.status == "answered" and answer.citations else answer.declined_about
        ctx = advance(ctx, rw, answered, names)
    return rewrite(message, ctx, gazetteer, names, in_scheme, resolve)
