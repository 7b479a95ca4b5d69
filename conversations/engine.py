"""The conversation engine: one :class:`InboundMessage` in, a list of :class:`Reply` out.

Channel-neutral: the terminal and every webhook call the same :meth:`Engine.handle`. For each message:

1. media or empty text gets a polite request to type, and nothing is stored;
2. the user's state is loaded (one round trip), the message handled, and the whole state saved with
   compare-and-set (one round trip); if another message of the same user was saved in between, the
   state is reloaded and the message handled again on it, so no update is ever lost;
3. a pending yes/no (``/forget``) is answered first, then commands (``/start``, ``/help``, ``/reset``,
   ``/forget``, ``/lang en|hi``, ``/eligibility``), then a running eligibility interview, then questions:
   the follow-up is rewritten into a standalone query (:mod:`conversations.rewrite`) and answered from
   the corpus (quotes with citations, or "I don't know" with the official source).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from conversations.rewrite import ATTRIBUTE_WORDS, OWN_NEED, TOPIC_WORDS, Context, advance, asks_only_section, rewrite
from conversations.state import ProfileValue, StateVersionError, UserState
from conversations.store import StateStore, StoreError, UserKey, update
from retrieval.life_events import LifeEvent, life_event, life_events
from retrieval.chunking import SECTION_ORDER_INDEX
from conversations.long_message import Focus, focus
from conversations.intents import intents_of, is_skip, is_stop, means, mentions
from conversations.privacy import blank_numbers
from conversations.strings import LANGUAGES, NEEDS, need_label, reason_text, t
from conversations.types import InboundMessage, Option, Reply
from eligibility.extract import conflicting_ages, conflicting_states
from eligibility.fields import FIELDS, MAX_AGE, MIN_AGE
from retrieval.answer import Answer, Answerer, named_with_state
from retrieval.gazetteer import word_spans
from retrieval.text import normalize
from retrieval.query import ASKS_FIGURE, CLAIM_WORDS, DISCOVERY, KIND_OF_HELP, asks_contact_only, SECTION_INTENTS, detect_language, expansions, kind_names, kind_terms_of, kinds_of_help, live_info_terms, reply_language, section_intents
from retrieval.gate import need_words
from retrieval.states import canonical_state, find_states, state_label, state_of, without_states
from retrieval.searcher import names_only_a_state
from retrieval.tokenize import analyze

if TYPE_CHECKING:
    from conversations.eligibility_flow import EligibilityFlow

log = logging.getLogger("schemebot.conversation")

#: ``(replies, language) -> pages of text``: how a channel with small messages (SMS) pages a reply.
Pager = Callable[[list[Reply], str], list[str]]
#: a life event's further searches add only schemes scoring at least this share of their best one
LIFE_EVENT_MORE_SHARE = 0.7
#: words of the life events' searches (data/lexicon/life_events.tsv) that any welfare scheme may use: a scheme listed
#: for an event holds one of the others
LIFE_EVENT_GENERIC = ("benefit benefits financial assistance scheme schemes family household women woman care lump sum primary "
                      "support help amount money government grant due")


#: a kind of benefit named right after a life event's word ("budhapa pension", "old age pension"): with a question for a
#: figure or a section, the message asks about that benefit, not for the schemes of the life event
BENEFIT_KIND = re.compile(r"\b(pension|penshan|scholarships?|chhatravritti|loan|insurance|bima|subsidy|allowance|bhatta)\b"
                          r"|पेंशन|छात्रवृत्ति|लोन|ऋण|बीमा|भत्ता", re.IGNORECASE)


#: a genitive between a life event's word and the benefit it names ("budhape ki pension")
_OF = re.compile(r"^(?:ki|ka|ke|of|wali|wala|की|का|के|वाली|वाला)\s+")


@lru_cache(maxsize=1)
def _life_event_generic() -> frozenset[str]:
    """:data:`LIFE_EVENT_GENERIC`, analysed."""
    return frozenset(analyze(LIFE_EVENT_GENERIC))
#: "MORE" after a list shows at most this many further schemes (two pages)
MORE_LIST_SCHEMES = 10
#: a check word, as SMS replies name the command ("send CHECK"), before a scheme's name: "CHECK PM KISAN"
_CHECK_SCHEME = re.compile(r"\s*(?:check|eligibility|चेक|जाँच|जांच)\s+(?:for\s+|of\s+|karo\s+|करो\s+)?(\S.{1,80}?)\s*[.!?]?\s*$", re.IGNORECASE)
#: a pattern that matches nothing (a need chosen from the menu is no life event to detect)
_NEVER = re.compile(r"(?!)")
#: a word for schemes ("yojana", "schemes", "योजनाएं")
SCHEME_WORD = re.compile(r"\b(schemes?|yojana\w*|yojna\w*|programmes?|programs?)\b|योजना", re.IGNORECASE)
#: a list's schemes a later "documents?" can pick from by number (the first page and two "MORE" pages)
MAX_PICK = 15
#: Devanagari digits to ASCII, for a number typed in Hindi ("२")
_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
#: a reply to "which state?" of at most this many words is read as the state ("main bihar se hoon")
STATE_REPLY_WORDS = 5
#: Messages longer than this many characters are searched by their question (conversations.long_message; a note says so).
MAX_MESSAGE_CHARS = 1000
#: days a state is kept, said in the privacy notice when the store does not say (conversations.store.DEFAULT_TTL_S)
DEFAULT_NOTICE_DAYS = 30
#: of a long message, at most this many times MAX_MESSAGE_CHARS are scanned for its question
LONG_MESSAGE_SCAN = 20
#: a state's own version of a central scheme is looked for among its first this many schemes for the
#: question (:meth:`Engine._state_version`) ...
VERSION_TOP = 10
#: ... and its name shares at least this share of the central scheme's name words
VERSION_NAME_SHARE = 0.5
#: ... or, named otherwise, it leads the state's next scheme for the question by this factor of score
VERSION_LEAD = 1.3
#: a state named as a question about it, not as where the user lives: "and in Haryana?", "aur rajasthan me?",
#: "what about Punjab", "और हरियाणा में?"
WHAT_IF = re.compile(r"^\s*(?:and|aur|or|ya|what about|how about|और|या)\b|\?\s*$", re.IGNORECASE)
#: regular payments by another name: a state's "allowance" is its version of a national "pension"
_PAYMENTS = frozenset({"pension", "allowance", "bhatta"})
#: words of scheme names that say who runs a scheme, not what it is for (analysed forms)
_NAME_FILLER = frozenset(w for word in "scheme yojana yojna national indira gandhi nsap pradhan mantri pm mukhyamantri chief minister "
                         "state central government rashtriya".split() for w in analyze(word))


@lru_cache(maxsize=1)
def _occupation_words() -> frozenset[str]:
    """The analysed one-word names of occupations (``eligibility.fields.OCCUPATIONS``: "kisan", "farmer",
    "weaver" ...): a scheme name with one is reserved for that work."""
    from eligibility.fields import OCCUPATIONS

    groups = {k: v for k, v in OCCUPATIONS.items() if k not in ("student", "other", "unemployed", "homemaker", "government_employee")}
    return frozenset(t for names in groups.values() for name in names if len(analyze(name)) == 1 for t in analyze(name))


Action = Literal["save", "none", "delete"]


@dataclass
class TurnResult:
    """The replies to one message, the standalone query it was answered with (``None`` for commands,
    media and interview answers), ``list_rest``: the next schemes of a list, shown on "MORE", and
    ``small_talk``: a reply that leaves what "MORE" shows as it was."""

    replies: list[Reply]
    standalone_query: str | None = None
    scheme_ids: list[str] = field(default_factory=list)
    lang: str = "en"
    list_rest: list[str] = field(default_factory=list)
    #: thanks, a greeting, "yes" after a verdict: the pages and list of the last answer stay for "MORE"
    small_talk: bool = False
    #: the user's data was deleted by this message (/forget confirmed): keep nothing more of this turn
    forgotten: bool = False
    #: an answer about a scheme picked from a list shown ("2"): the list's pages and schemes still waiting for
    #: "MORE" stay, after this answer's own pages
    picked: bool = False


#: a whole message asking for the reply language: "in Hindi?", "reply in English please", "hindi me batao",
#: "हिंदी में बताइए", "अंग्रेज़ी में"
def _language_request_pattern(latin: str, latin_before_me: str, devanagari: str) -> re.Pattern[str]:
    """A whole message asking for a reply language named by ``latin`` ("in X", "X please"), ``latin_before_me`` ("X me
    batao") or ``devanagari`` ("X में बताइए"), each an alternation of language names."""
    return re.compile(
        r"^(?:please\s+|pls\s+|plz\s+)?(?:(?:can you\s+)?(?:reply|answer|tell|say|write|explain|speak|talk)\s+(?:me\s+|to me\s+)?"
        rf"(?:it\s+|this\s+|that\s+)?)?in\s+({latin})(?:\s+(?:please|pls|plz))?"
        rf"|^({latin})\s+(?:please|pls|plz)"
        rf"|^({latin_before_me})\s+(?:me|mein|mai|main|mei)(?:\s+(?:batao|bataiye|bataiae|bataye|bataen|bolo|boliye|"
        r"likho|likhiye|samjhao|samjhaiye|jawab do|jawab dijiye|baat karo|baat kijiye))?(?:\s+(?:na|please|plz|pls|ji))?"
        rf"|^({devanagari})\s+में(?:\s+(?:बताओ|बताइए|बताइये|बताएं|बताएँ|बोलो|बोलिए|लिखो|लिखिए|समझाओ|"
        r"समझाइए|जवाब दो|जवाब दीजिए|बात करो|बात कीजिए))?(?:\s+(?:ना|प्लीज़|जी))?", re.IGNORECASE)


#: a whole message asking for the reply language: "in Hindi?", "reply in English please", "hindi me batao",
#: "हिंदी में बताइए", "अंग्रेज़ी में"
_LANGUAGE_REQUEST = _language_request_pattern("hindi|english|hinglish", "hindi|english|angrezi|angreji|hinglish",
                                              "हिंदी|हिन्दी|अंग्रेज़ी|अंग्रेजी|इंग्लिश")


def shown_part(message: str, used: str) -> str:
    """The part of a long ``message`` searched with (``used``), as the reply names it: at most 160 characters, its end kept
    (where the question is), and "..." before it when it starts inside a sentence of the message (a run-on message's last
    words: a break-it trial read "I am a farme How much ..." as a question glued to a cut word); a link in it is shown
    as "[link]"."""
    at = message.rfind(used)
    # (a link the user wrote is not repeated: the bot's own message would carry it as a live link, a break-it trial)
    used = re.sub(r"(?:https?://|www\.)\S+", "[link]", used, flags=re.IGNORECASE)
    shown = used if len(used) <= 160 else "..." + used[-157:].split(" ", 1)[-1]
    before = message[:at].rstrip() if at > 0 else ""
    if before and not shown.startswith("...") and before[-1] not in ".?!\u0964\n":
        shown = "..." + shown
    return shown


#: a language this bot does not write, named as a language is asked for ("in Tamil please", "tamil mein batao", "बंगाली में")
_OTHER_LANGUAGES = r"tamil|tamizh|telugu|bengali|bangla|marathi|gujarati|kannada|malayalam|odia|oriya|punjabi|urdu|assamese|konkani|nepali"
_OTHER_LANGUAGE_REQUEST = _language_request_pattern(_OTHER_LANGUAGES, _OTHER_LANGUAGES,
                                                   "तमिल|तेलुगु|बंगाली|बांग्ला|मराठी|गुजराती|कन्नड़|मलयालम|ओड़िया|पंजाबी|उर्दू|असमिया")


def other_language_request(text: str) -> bool:
    """Whether a whole message asks for a reply language this bot does not write ("in Tamil please", "tamil mein batao"): a
    break-it trial's "in Tamil please" had been searched and declined. The bot writes English, Hindi and Hinglish."""
    return _OTHER_LANGUAGE_REQUEST.fullmatch(" ".join(text.split()).rstrip("?.!। ")) is not None


def language_request(text: str) -> str | None:
    """The reply language a whole message asks for (``"en"``, ``"hi"`` or ``"hinglish"``), or ``None``: "in Hindi?",
    "hindi me batao", "अंग्रेज़ी में बताइए". A word for Hindi asks for Hindi in Devanagari, as ``/lang hi`` does."""
    m = _LANGUAGE_REQUEST.fullmatch(" ".join(text.split()).rstrip("?.!। "))
    if m is None:
        return None
    word = next(g for g in m.groups() if g).casefold()
    return "hinglish" if word == "hinglish" else "en" if word in ("english", "angrezi", "angreji", "अंग्रेज़ी", "अंग्रेजी", "इंग्लिश") else "hi"


def _is_command(text: str, name: str) -> bool:
    """True when ``text`` is the command ``/name`` in any case, with arguments or a bot's name
    ("/FORGET", "/forget@SchemeBot")."""
    first = text.split()[:1]
    return bool(first) and first[0].startswith("/") and first[0][1:].split("@")[0].casefold() == name


def _yes_or_no(text: str) -> bool | None:
    """True for a yes, False for a no (or "stop", "रोको"), ``None`` for neither; "1" and "2" are the numbered
    options SMS and WhatsApp show for the yes/no buttons (:func:`_yes_no`)."""
    if means(text, "yes") or text.strip() == "1":
        return True
    if means(text, "no") or is_stop(text) or text.strip() == "2":  # "stop" at "delete your data?" keeps it
        return False
    return None


def _masked(msg: InboundMessage) -> tuple[str, bool]:
    """The message's text (or pressed option) with any Aadhaar, phone or account number blanked and the
    clauses that only introduced it dropped, and whether there was one: such a number is neither searched
    nor kept (:mod:`conversations.privacy`)."""
    text, private = blank_numbers((msg.option or msg.text or "").strip())
    return text, bool(private)


def state_answer(text: str) -> str | None:
    """The state a short answer names ("up", "main bihar se hoon", "Patna" -> Bihar by
    ``data/lexicon/cities.tsv``), or ``None`` (a command, a longer message, no state)."""
    if text.startswith("/") or len(text.split()) > STATE_REPLY_WORDS:
        return None
    return canonical_state(text) or state_of(text) or FIELDS["state"].read(text)


#: "the first one", "doosra wala", "पहली वाली योजना": a list item picked by its ordinal (English, Hinglish, Hindi)
_ORDINALS = {w: n for n, words in enumerate((
    "first 1st pehla pehli pehle pahla pahli pahle पहला पहली पहले",
    "second 2nd doosra doosri doosre dusra dusri dusre दूसरा दूसरी दूसरे",
    "third 3rd teesra teesri teesre tisra tisri तीसरा तीसरी तीसरे",
    "fourth 4th chautha chauthi chauthe चौथा चौथी चौथे",
    "fifth 5th paanchva paanchvi panchva panchvi पांचवां पांचवीं पाँचवाँ पाँचवीं",
    # (past the lists' five: "the seventh one" is told which numbers there are, not searched; a break-it trial. Not the
    # forms that name a school class too: "8th", "dasvi", "नौवीं")
    "sixth 6th chhatha chhathi chhata chhati छठा छठी",
    "seventh 7th saatva satva सातवां सातवाँ",
    "eighth aathva athva आठवां आठवाँ",
    "ninth nauva नौवां नौवाँ",
    "tenth dasva दसवां दसवाँ"), start=1) for w in words.split()}
_LAST = frozenset("last aakhri akhri aakhiri आखिरी आख़िरी अंतिम".split())
_ORDINAL = re.compile(r"\s*(?:the\s+)?(" + "|".join(map(re.escape, sorted([*_ORDINALS, *_LAST], key=len, reverse=True))) + r")"
                      r"(?:\s*(?:one|wala|wali|wale|vala|vali|वाला|वाली|वाले|scheme|yojana|yojna|योजना|number|नंबर)){0,2}\s*[.!?]*\s*")


#: an ordinal with the word that makes it point at a list item, inside a longer message: "how to apply for the first
#: one", "तीसरी योजना में कितना पैसा", "doosre wale ke documents" (not "pehli kist", the first instalment)
_ORDINAL_INSIDE = re.compile(r"(?<![^\W_])(?:the\s+)?(" + "|".join(map(re.escape, sorted([*_ORDINALS, *_LAST], key=len, reverse=True))) + r")"
                             r"\s*(?:one|wala|wali|wale|vala|vali|waale|वाला|वाली|वाले|scheme|yojana|yojna|योजना|number|नंबर)(?![^\W_])")


#: the words around an ordinal that ask the same question again of another listed scheme ("and the second one?", "aur
#: doosre wale ka?", "what about the third one")
_SAME_AGAIN = frozenset("and aur or what about how for of the ka ki ke ko me mein liye और का की के में लिए बारे".split())


def _ordinal(text: str) -> re.Match | None:
    """The match of :data:`_ORDINAL` for the whole of ``text``, its ordinal word as group 1, or ``None``."""
    return _ORDINAL.fullmatch(normalize(text).casefold())


def scheme_named(answerer, text: str) -> str | None:
    """The first scheme ``text`` names, in its own words (the gazetteer of ``answerer``, a
    :class:`~retrieval.answer.Answerer`), or ``None``."""
    # exact names only: a near spelling ("daughter" for DGTR) would put a wrong scheme before the question
    mentions = [m for m in answerer.searcher.gazetteer.find(text) if m.exact]
    if not mentions:
        return None
    first = min(mentions, key=lambda m: m.start)
    spans = word_spans(text)  # offsets in normalize(text)
    return normalize(text)[spans[first.start][1]:spans[first.end - 1][2]] if first.end <= len(spans) else first.name


def long_focus(answerer, text: str, limit: int = MAX_MESSAGE_CHARS) -> Focus:
    """The part of a message longer than ``limit`` characters to search with (:func:`conversations.long_message.focus`,
    over its first :data:`LONG_MESSAGE_SCAN` times ``limit`` characters), for the chat and for ``schemebot ask`` alike."""
    return focus(text[: LONG_MESSAGE_SCAN * limit], limit, lambda s: scheme_named(answerer, s),
                 # (a question naming a kind of help, "kya mujhe vidhwa pension mil sakti hai", has its own
                 # subject: a scheme named earlier in the story, "Ayushman card", is not put before it)
                 lambda s: OWN_NEED.search(s) is not None or KIND_OF_HELP.search(s.casefold()) is not None,
                 lambda s: life_event(s) is not None)


class Engine:
    """Turns messages into replies (see the module docstring).

    Args:
        answerer: question answering over the corpus.
        store: where user states live.
        secret: key of the HMAC that turns user ids into storage keys.
        max_message_chars: a longer message is searched by the question found in it, at most this many characters
            (:mod:`conversations.long_message`; a note says what was used).
        eligibility: the eligibility interview (``None``: not available).
        pagers: channel -> function cutting replies into pages (SMS): the first page is returned, the
            rest saved in the state and sent one by one when the user replies "MORE".
    """

    def __init__(
        self,
        answerer: Answerer,
        store: StateStore,
        secret: bytes,
        max_message_chars: int = MAX_MESSAGE_CHARS,
        eligibility: EligibilityFlow | None = None,
        pagers: dict[str, Pager] | None = None,
        rate_limit_per_minute: int = 0,
    ) -> None:
        self.answerer = answerer
        self.rate_limit_per_minute = rate_limit_per_minute
        self.pagers = dict(pagers or {})
        self.store = store
        self.secret = secret
        self.max_message_chars = max_message_chars
        self.eligibility = eligibility
        self.names = {sid: s.name for sid, s in answerer.index.schemes.items()}

    def _need_question(self, place: str | None, lang: str, note: str | None = None) -> TurnResult:
        """What help is needed (in ``place``), with the numbered needs of :data:`~conversations.strings.NEEDS`
        (after ``note``, if any)."""
        if place and not any(s.state == place for s in self.answerer.index.schemes.values()):
            place = None  # no scheme of that state here: do not claim "many schemes for Kerala"
        where = "" if not place else {"hi": f" {state_label(place, 'hi')} की", "hinglish": f" {place} ki"}.get(lang, f" for {place}")
        options = [Option(value=str(i + 1), label=need_label(i, lang)) for i in range(len(NEEDS))]
        text = t("which_need", lang, where=where)
        return TurnResult([Reply(kind="question", field="need", text=f"{note} {text}" if note else text, options=options)])

    def _waiting_question(self, state: UserState, lang: str) -> Reply | None:
        """The question a running check waits on, asked again ("Back to your eligibility check: ..."), or ``None``."""
        iv = state.interview
        if iv is None or iv.finished or not iv.field or self.eligibility is None:
            return None
        return self.eligibility.reminder(iv.field, lang)

    def _listed(self, state: UserState, citations: list) -> None:
        """Note the schemes a list answer showed (``citations``; none after an answer that is no list):
        a later "documents?" asks which of them is meant; a list of one scheme makes it the scheme under
        discussion, so the follow-up is answered for it directly."""
        state.list_ids = list(dict.fromkeys(c.scheme_id for c in citations))[:MAX_PICK]
        state.list_later = []
        if citations:
            only = state.list_ids[0] if len(state.list_ids) == 1 else None
            state.scheme_id, state.scheme_name = only, self.names.get(only) if only else None

    def _kept_period(self, lang: str) -> str:
        """How long a state is kept after the last message (the store's TTL), in the user's language: "30 days", "1 day",
        or in hours or minutes under a day ("12 hours"; a TTL of minutes had been told as "1 days")."""
        seconds = getattr(self.store, "ttl_s", DEFAULT_NOTICE_DAYS * 86400)
        if seconds >= 86400:
            n, unit = seconds // 86400, "day"
        elif seconds >= 3600:
            n, unit = seconds // 3600, "hour"
        else:
            n, unit = max(1, seconds // 60), "minute"
        words = {"en": {"day": ("day", "days"), "hour": ("hour", "hours"), "minute": ("minute", "minutes")},
                 "hi": {"day": ("दिन", "दिन"), "hour": ("घंटा", "घंटे"), "minute": ("मिनट", "मिनट")},
                 "hinglish": {"day": ("din", "din"), "hour": ("ghanta", "ghante"), "minute": ("minute", "minute")}}
        one, many = words.get(lang, words["en"])[unit]
        return f"{n} {one if n == 1 else many}"

    def _picked(self, text: str, listed: list[str]) -> str | None:
        """The scheme of ``listed`` that ``text`` picks: its number ("2", "[2]", "no. 2", "२") or a name
        the gazetteer finds for one of them; ``None`` when it picks none."""
        digits = re.fullmatch(r"\s*(?:no\.?|number|#)?\s*\[?(\d{1,2})\]?\s*[.)]?\s*", text.translate(_DIGITS), re.IGNORECASE)
        ordinal = _ordinal(text) if not digits else None
        if digits or ordinal:
            word = ordinal.group(1) if ordinal else ""
            n = int(digits.group(1)) if digits else (len(listed) if word in _LAST else _ORDINALS[word])
            return listed[n - 1] if 1 <= n <= len(listed) and listed[n - 1] in self.names else None
        named = [m.scheme_id for m in self.answerer.searcher.gazetteer.find(text)]
        return next((sid for sid in named if sid in listed), None)

    def _listed_by_word(self, text: str, listed: list[str]) -> str | None:
        """The first of ``listed`` whose name holds a word of ``text`` (or its meaning: "bima" is
        "insurance") that is not a word any question about a scheme uses ("paisa", "documents", "kaise"),
        or ``None``."""
        lexicon = expansions()
        words = {w for w in analyze(text) if w not in ATTRIBUTE_WORDS and w not in _NAME_FILLER}
        words |= {m for w in words for m in lexicon.get(w, ())}
        return next((sid for sid in listed if sid in self.names and words & set(analyze(self.names[sid]))), None)

    def _scheme_named(self, text: str) -> str | None:
        """The first scheme ``text`` names, in its own words (the gazetteer), or ``None``."""
        return scheme_named(self.answerer, text)

    # ------------------------------------------------------------------ entry points

    def handle(self, msg: InboundMessage) -> list[Reply]:
        """Replies to one message (see :meth:`handle_turn`)."""
        return self.handle_turn(msg).replies

    def handle_turn(self, msg: InboundMessage) -> TurnResult:
        """Handle one message: load, process, save atomically (retrying on a concurrent update).

        Raises:
            conversations.store.StoreError: the state store failed (the caller answers with an error).
        """
        key = UserKey(msg.channel, msg.user_id, self.secret)
        text, private = _masked(msg)
        try:
            limit = self.rate_limit_per_minute
            # deleting one's data is never held back: /forget, and the yes or no that confirms it
            if limit and not means(text, "forget") and not _is_command(text, "forget") and (count := self.store.count_message(key)) > limit:
                held = self.store.load(key) if count == limit + 1 or _yes_or_no(text) is not None else None
                if held is None or held.pending != "forget" or _yes_or_no(text) is None:
                    # one polite reply when the limit is passed, then nothing until the minute is over
                    # (in the conversation's language, the one set or the one it is held in: a break-it trial's Hindi
                    # WhatsApp conversation got it in English)
                    lang = held.language or held.auto_language if held is not None else None
                    return TurnResult([Reply(kind="info", text=t("rate_limited", lang))] if count == limit + 1 else [])
            if private:
                return self._private(msg, key, text)
            return self._handle(msg, key, text)
        except StoreError:
            raise  # the store is down: the channel answers 503 or an apology and a retry can succeed
        except StateVersionError:
            # written by a newer schemebot: never overwrite it, but let the user delete it
            if text.split()[:1] in (["/forget"], ["/reset"]):
                self.store.delete(key)
                return TurnResult([Reply(kind="info", text=t("forget_done", None))])
            return TurnResult([Reply(kind="error", text=t("error", None))])
        except Exception as exc:  # noqa: BLE001 - a bug must cost one apology, never the conversation
            log.error("message could not be handled: %s", exc.__class__.__name__)
            return TurnResult([Reply(kind="error", text=t("error", None))])

    def handle_stateless(self, msg: InboundMessage) -> TurnResult:
        """Answer one message without the state store (it is unreachable or stalled): the message is
        handled on a fresh state that is neither loaded nor saved, after a notice that the conversation
        is not remembered now (so no interview, "MORE" page or follow-up carries over). /forget and its
        words are not confirmed (nothing could be deleted), nor /reset: the user is asked to send it again later.
        Never raises (a bug costs one apology)."""
        text, private = _masked(msg)
        lang = detect_language(msg.text or "") or "en"
        lang = lang if lang in LANGUAGES else "en"
        try:
            if means(text, "forget") or _is_command(text, "forget"):
                # (SMS has no commands: there the word to send again is DELETE)
                return TurnResult([Reply(kind="info", text=_delete_word(t("stateless_forget", lang), msg.channel))], lang=lang)
            if _is_command(text, "reset"):  # nothing can be reset either: never say it was
                return TurnResult([Reply(kind="info", text=t("stateless_reset", lang))], lang=lang)
            if means(text, "yes") or means(text, "no"):
                # a bare "yes" answers something said before, which cannot be read now: above all, a
                # deletion it confirms cannot be done (it got the help text, as if nothing were asked)
                # (on SMS: DELETE, a break-it trial was told to send "/forget")
                return TurnResult([Reply(kind="info", text=_delete_word(t("stateless_yes_no", lang), msg.channel))], lang=lang)
            if msg.kind != "text" or not text:
                result = TurnResult([Reply(kind="info", text=t("non_text", lang))] if msg.kind != "text" else [], lang=lang)
            else:
                # no privacy notice (nothing is kept) and no pages for "MORE" (they could not be kept):
                # the channel's pager is applied below, to the notice and the answer together
                fresh = UserState(notice_given=True)
                result, _ = self.process(text, fresh, "stateless")
                if fresh.interview is not None and not fresh.interview.finished:
                    # a check's question whose answer could not be kept: not asked (a break-it trial over SMS paid for
                    # "Which state?" and then got "I cannot keep what you tell me"); what else was said stays
                    result.replies = [r for r in result.replies if r.kind != "question"] + [Reply(kind="info", text=t("stateless_check", result.lang))]
                # "Noted: state Bihar" would claim to keep what cannot be kept now: said instead
                kept = [r for r in result.replies if not (r.kind == "info" and r.text.startswith(_noted_heads(result.lang)))]
                if len(kept) < len(result.replies):
                    result.replies = [Reply(kind="info", text=t("stateless_not_kept", result.lang))] + kept
            notes = [Reply(kind="info", text=t("private_number", result.lang))] if private else []
            pager = self.pagers.get(msg.channel)
            if pager is None:
                result.replies[:0] = notes + [Reply(kind="info", text=t("stateless", result.lang))]
            else:
                # one page, the answer first: the notice before it had filled a Hindi SMS page by itself (a break-it
                # trial); after the page, a short notice (one segment more at most), and no "reply MORE": the
                # rest cannot be kept for it
                replies = notes + result.replies
                pages = pager(replies, result.lang)
                first = pages[0]
                if len(pages) > 1 and "MORE" in first.rsplit("\n", 1)[-1]:
                    first = first.rsplit("\n", 1)[0]
                result.replies = [_as_page(replies, f"{first}\n{t('stateless_page', result.lang)}")]
        except Exception as exc:  # noqa: BLE001 - as in handle_turn
            log.error("message could not be handled without state: %s", exc.__class__.__name__)
            return TurnResult([Reply(kind="error", text=t("error", lang))], lang=lang)
        return result

    def _private(self, msg: InboundMessage, key: UserKey, text: str) -> TurnResult:
        """A message that held an identity number: the rest of it (``text``, the number and the clauses
        that only introduced it gone) handled as usual, after a warning not to send such numbers (which
        were not kept)."""
        if text:
            result = self._handle(msg, key, text)
        else:
            # (the conversation's language, not the number's: "99999999999" alone in a Hindi talk had been warned in English,
            # a break-it trial)
            kept = self.store.load(key)
            worded = len(re.findall(r"[^\W\d_]{2,}", msg.text or "")) >= 2
            lang = kept.language or (detect_language(msg.text or "") if worded or not kept.auto_language else kept.auto_language)
            result = TurnResult([], lang=lang if lang in LANGUAGES else "en")
        result.replies.insert(0, Reply(kind="info", text=t("private_number", result.lang)))
        return result

    def _handle(self, msg: InboundMessage, key: UserKey, text: str) -> TurnResult:
        if msg.kind == "button":  # a button payload this bot never made: said so, and the waiting question again
            return self._stale_button(self.store.load(key), "", "unknown_button")
        if msg.kind != "text" or not text:
            state = self.store.load(key)  # read-only: for the reply language
            # (a typed message of only blanks or invisible characters came through empty: not "I can only read typed messages",
            # said to someone who typed, a break-it trial)
            return TurnResult([Reply(kind="info", text=t("non_text" if msg.kind != "text" else "empty_text", state.language))],
                              lang=state.language or "en")
        if (means(text, "forget") or _is_command(text, "forget")) and msg.channel in LINKED_CHANNELS:
            asked = self._forget_linked(msg, key)
            if asked is not None:
                return asked
        deleted: list[bool] = []
        done: list[TurnResult] = []  # this message's result, from an attempt whose save may have gone through
        message_id = (msg.message_id or "")[:200] or None

        def apply(state: UserState) -> tuple[TurnResult, bool]:
            deleted.clear()
            if message_id is not None and state.last_message_id == message_id and (done or state.last_replies):
                # the save whose answer was lost did happen (in this call, or before a re-delivery): do not
                # apply the message twice; answer it as it was answered
                return (done[0] if done else TurnResult([Reply.model_validate(r) for r in state.last_replies],
                                                        lang=state.language or state.auto_language or "en")), False
            if msg.option_field is not None and not self._asking(state, msg.option_field):
                return self._stale_button(state, text), False
            result, action = self.process(text, state, msg.channel)
            done[:] = [result]
            if action == "delete":
                deleted.append(True)
                return result, False
            if action == "save":
                state.last_message_id = message_id
                state.last_replies = [r.model_dump(mode="json", exclude={"outcomes"}) for r in result.replies][:12] if message_id else []
            return result, action == "save"

        result = update(self.store, key, apply)
        if deleted:
            self.store.delete(key)
            result.forgotten = True
        if result.standalone_query is not None:
            log.debug("standalone query: %s", result.standalone_query)
        return result

    def _forget_linked(self, msg: InboundMessage, key: UserKey) -> TurnResult | None:
        """/forget (or DELETE) from a number with nothing stored on this channel but something on its linked one
        (:data:`LINKED_CHANNELS`: SMS and WhatsApp of one number are one person, whose deletion on either deletes
        both): the deletion is asked to be confirmed here, naming the other channel, as for this channel's own data
        (a break-it trial: SMS "DELETE" said "nothing stored" and deleted the WhatsApp conversation unasked). ``None``
        when this channel holds the user's state, or the linked one holds none (handled as usual)."""
        if self.store.load(key).version:
            return None
        kept = self.store.load(UserKey(LINKED_CHANNELS[msg.channel], msg.user_id, self.secret))
        if not kept.version:
            return None
        lang = kept.language or kept.auto_language or detect_language(msg.text or "") or "en"
        lang = lang if lang in LANGUAGES else "en"

        def ask(state: UserState) -> tuple[TurnResult, bool]:
            state.pending, state.language, state.notice_given = "forget", kept.language, True
            state.auto_language = kept.auto_language
            other = {"whatsapp": "WhatsApp", "sms": "SMS"}[LINKED_CHANNELS[msg.channel]]
            return TurnResult([Reply(kind="question", text=t("forget_confirm_other", lang, other=other), field="confirm_forget",
                                     options=_yes_no(lang))], lang=lang), True

        return update(self.store, key, ask)

    def _asking(self, state: UserState, name: str) -> bool:
        """True when ``name`` is the question the conversation waits for (the /forget confirmation, or
        the running interview's question)."""
        if name == "confirm_forget":
            return state.pending == "forget"
        if name in ("pick", "need"):
            return state.pending == name
        iv = state.interview
        return iv is not None and not iv.finished and iv.field == name

    def _stale_button(self, state: UserState, text: str, notice: str = "stale_button") -> TurnResult:
        """The reply to a button of a question no longer asked (``notice`` ``stale_button``) or one whose payload
        this bot never made (``unknown_button``): said so, and the current question again."""
        lang = self.language(state, text)
        replies = [Reply(kind="info", text=t(notice, lang))]
        current = self.eligibility.current_question(state, lang) if self.eligibility is not None else None
        if current is not None:
            replies.append(current)
        return TurnResult(replies, lang=lang)

    # ------------------------------------------------------------------ processing (pure on the state)

    def language(self, state: UserState, text: str) -> str:
        """Reply language: the ``/lang`` choice; else Hindi for a Devanagari message, Romanized Hindi
        for a Latin one with Hindi function words ("kitna", "milta", "hai"; two words or more) or that is
        a Romanized Hindi phrase of the intents table ("bas karo"; of one word only as a first message),
        English for a Latin one of several words; a short message ("skip", "65", and in Devanagari a lone "हाँ" or
        "नहीं") keeps the language of the conversation so far."""
        if state.language:
            return state.language
        detected = reply_language(text)  # ("am I eligible for Ladli Behna Yojana?" is English)
        words = len(text.split())
        # a message of two words or more that is a Romanized Hindi phrase of the intents table ("bas karo",
        # "haan ji"); one word ("haan", "roko") keeps the conversation's language, or sets it as a first message
        hinglish_phrase = (words >= 2 or state.auto_language is None) and detected != "hi" and intents_of(text).langs == {"hinglish"}
        if detected == "hi" and words == 1 and state.auto_language is not None and intents_of(text).whole & {"yes", "no", "ack", "thanks"}:
            pass  # "हाँ" to an English question: an answer, not a wish for Hindi (a break-it trial had the talk switch)
        elif detected == "hi":
            state.auto_language = "hi"
        elif hinglish_phrase or (detected == "hinglish" and (words >= 2 or state.auto_language is None)):
            state.auto_language = "hinglish"  # "kisan samman nidhi me kitna paisa milta h"
        elif words > 3 or state.auto_language is None:
            state.auto_language = "en"
        return state.auto_language or "en"

    def process(self, text: str, state: UserState, channel: str = "cli") -> tuple[TurnResult, Action]:
        """Handle ``text`` on ``state`` (mutated in place). Returns the result and what to do with the
        state: ``save``, ``none`` (unchanged) or ``delete`` (forget the user)."""
        too_long, whole = None, text
        if len(text) > self.max_message_chars:
            # the question inside a long message, not its first characters; the scan itself is bounded, and
            # parsers and matchers then read at most max_message_chars. In a running interview the message
            # is an answer: its first characters, where the facts are, as before
            if state.interview is not None and not state.interview.finished:
                too_long = Focus(text[: self.max_message_chars], "start")
            else:
                too_long = long_focus(self.answerer, text, self.max_message_chars)
            whole, text = text, too_long.text
        lang = self.language(state, text)  # (of the words: "हटाओ" is confirmed in Hindi)
        if means(text, "forget"):
            text = "/forget"  # "DELETE", "हटाओ" over SMS: the same confirmation as the command
        elif means(text, "check_command"):
            # "CHECK", which SMS replies name for it (a feature phone's keypad has no easy "/"); during a check, as
            # "/eligibility" there, its question again (a break-it trial: it had been counted as an answer not understood,
            # and the third such dropped the question's field)
            text = "/eligibility"
        elif (named := _CHECK_SCHEME.match(text)) and self._scheme_named(named.group(1)) is not None \
                and not section_intents(named.group(1)) and not live_info_terms(named.group(1)):
            # "CHECK PM KISAN", "check pm kisan", "जाँच पीएम किसान": that scheme's check, as "/eligibility pm kisan" (a
            # newcomer on SMS, told to send CHECK, had PM-KISAN described); not "check pm kisan status", a live look-up
            text = f"/eligibility {named.group(1).strip()}"
        # "MORE": the next page where there is one; on any channel outside an interview, a bare "more"
        # with nothing to page is told so (rather than searched for and declined)
        if means(text, "more") and (state.paging or state.list_rest or channel in self.pagers or state.interview is None
                                 or state.interview.finished):
            if not state.paging and state.list_rest:
                # the next schemes of a list, composed only now that they are asked for
                replies = self._list_page(state, lang)
                pager = self.pagers.get(channel)
                # paged as an answer: on SMS each scheme's quote keeps its source line
                state.paging = (pager(replies, lang) if pager is not None else ["\n\n".join(r.text for r in replies)]) if replies else []
            if not state.paging:
                # "MORE" while a check waits for an answer: its question again, or the user is left
                # with "nothing more" and no idea the check goes on
                waiting = self._waiting_question(state, lang)
                return TurnResult([waiting or Reply(kind="info", text=t("no_more", lang))]), "none"
            page = state.paging.pop(0)
            numbers = [int(n) for n in re.findall(r"(?m)^(\d{1,2})\. ", page)] if state.list_later else []
            if numbers and max(numbers) > len(state.list_ids):
                # a verdict's next schemes, now shown, can be picked by their numbers
                take = max(numbers) - len(state.list_ids)
                state.list_ids, state.list_later = (state.list_ids + state.list_later[:take])[:MAX_PICK], state.list_later[take:]
            # the next page of an earlier answer while a check waits: its question after it (a trial's "45" after the
            # page was taken for an answer to "which state?", never asked again)
            waiting = self._waiting_question(state, lang)
            return TurnResult([Reply(kind="info", text=page), *([waiting] if waiting else [])], lang=lang), "save"
        earlier_pages = state.paging
        notice: Reply | None = None
        lapsed = state.lapsed and state.version == 0
        if lapsed and self.eligibility is not None and not text.startswith("/") and len(text.split()) <= STATE_REPLY_WORDS:
            # "35", "Bihar", "yes": an answer to a question of an interview whose state expired: it starts again
            state.turn_count += 1
            result, action = self.eligibility.start_command(self, "", state, lang), "save"
        elif other_language_request(text):
            waiting = self._waiting_question(state, lang)  # (the check's question again: it still waits)
            state.turn_count += 1
            result, action = TurnResult([Reply(kind="info", text=t("other_language", lang)), *([waiting] if waiting else [])],
                                        small_talk=True), "save"
        elif (wanted := language_request(text)) is not None and (
                (asking := state.interview is not None and not state.interview.finished and state.interview.field and self.eligibility is not None)
                or (state.pending in (None, "state", "state_again", "state_offer", "check_offer", "pick")
                    and (state.interview is None or state.interview.finished))):
            # "in Hindi?", "hindi me batao", "अंग्रेज़ी में बताओ": the reply language, as /lang sets it, and what was said last
            # again in it: during a check, the question waiting (a break-it trial: it had been searched for, or counted as an
            # answer the check could not read); while "which state?" waits, that question (it had been declined, and the state
            # then only noted); else the last answer, a list that closed on an offer too (a newcomer trial: "in Hindi?" after an
            # answer had been searched for and declined)
            state.language = lang = wanted  # type: ignore[assignment]
            replies = [Reply(kind="info", text=t("lang_set", wanted) + ("" if wanted == "en" else " " + t("quotes_stay", wanted)))]
            action: Action = "save"
            picking = state.pending == "pick"  # ("अंग्रेज़ी में बताइए" while "which of the schemes above?" waits: asked again in English)
            again_query = None if asking or picking else state.pending_query if state.pending in ("state", "state_again") else state.last_standalone
            if asking:
                replies.append(self.eligibility.reminder(state.interview.field, wanted))
            elif picking:
                replies.append(self._pick_question(self._pickable(state), wanted))
            else:
                state.pending, state.pending_query = None, None
            if again_query:
                again, _ = self._dispatch(again_query, state, wanted)  # (counts the turn)
                replies += again.replies
            else:
                state.turn_count += 1
            result = TurnResult(replies)
        else:
            asked_age = self._asking(state, "age")
            result, action = self._dispatch(text, state, lang)
            # (an answer to the interview's age question is read, and its trouble said, by the interview itself)
            told_ages = self.eligibility is not None and not asked_age
            odd = unusable_ages(text) if told_ages else []
            if odd and not any(r.text == t("bad_correction", lang) for r in result.replies):  # (which says it already)
                # "I am 250 years old, which pension can I get?": not noted, and said so (a break-it trial got an answer with no
                # word that the age was dropped)
                result.replies.insert(0, Reply(kind="info", text=t("age_not_noted", lang, value=odd[0], low=MIN_AGE, high=MAX_AGE)))
            elif told_ages and (two := conflicting_ages(text)):
                # "I am 30 and 70 years old": neither noted, and said so (a break-it trial had one kept silently)
                from conversations.eligibility_flow import ages_conflict

                result.replies.insert(0, Reply(kind="info", text=ages_conflict(two, lang)))
            if self.eligibility is not None and not self._asking(state, "state"):
                from conversations.eligibility_flow import FIRST_PERSON, states_conflict

                if FIRST_PERSON.search(text) and (places := conflicting_states(text)):
                    # "I live in UP and Bihar": neither noted, and the user asked which (a break-it trial had one kept silently)
                    said = states_conflict(places, lang)
                    if not any(r.text == said for r in result.replies):  # (a message telling only that has it already)
                        result.replies.insert(0, Reply(kind="info", text=said))
        if lapsed:  # said once: the save clears the store's mark
            result.replies.insert(0, Reply(kind="info", text=t("lapsed", lang, period=self._kept_period(lang))))
            action = "save" if action != "delete" else action
        result.lang = lang
        if action == "save" and not state.notice_given and (state.profile or state.interview is not None):
            # before the first personal fact is kept or asked for: what is kept, how long, how to delete it
            state.notice_given = True
            period = self._kept_period(lang)
            # right after what was noted (so that on SMS it is on the first page, not behind an answer's "MORE"); with
            # nothing noted, after what was answered, before a question or an offer the user is to answer
            noted = [i for i, r in enumerate(result.replies) if r.kind == "info" and r.text.startswith(_noted_heads(lang))]
            answers = [i for i, r in enumerate(result.replies) if r.kind == "answer"]
            at = noted[0] + 1 if noted else answers[-1] + 1 if answers else \
                len(result.replies) - 1 if result.replies and result.replies[-1].kind == "question" else len(result.replies)
            # (SMS has no commands: "/forget" cannot be typed as one there, "DELETE" can)
            notice = Reply(kind="info", text=t("privacy_notice_sms" if channel == "sms" else "privacy_notice", lang, period=period))
            result.replies.insert(at, notice)
        # pages the turn itself left for "MORE" (a screening verdict's next schemes); else none
        own_pages = [] if state.paging is earlier_pages else list(state.paging)
        if too_long is not None:
            note = t("too_long", lang, limit=self.max_message_chars) if too_long.how == "start" else \
                t("too_long_focus", lang, used=shown_part(whole, text))
            result.replies.insert(0, Reply(kind="info", text=note))
        pager = self.pagers.get(channel)
        if result.small_talk:  # "thanks" between a verdict and "MORE" loses nothing
            if pager is not None and result.replies:
                pages = pager(result.replies, lang)  # (the help text is several SMS pages in Hindi)
                if len(pages) > 1:
                    state.paging = pages[1:] + state.paging
                    action = "save"
                result.replies = [_as_page(result.replies, pages[0])]
            return result, action
        if action == "save" or state.list_rest:
            # a new answer replaces the list of an earlier one (the rest of its list, if it is one); a
            # question back ("which of the schemes above?") keeps it for "MORE"
            answered = bool(result.list_rest) or any(r.kind in ("answer", "decline", "eligibility") for r in result.replies)
            if state.list_rest != result.list_rest and answered and not result.picked:
                state.list_rest = list(result.list_rest)
                # "MORE" numbers the next schemes on from those shown ([6] after [1]-[5])
                state.list_shown = sum(len(r.citations) for r in result.replies if r.kind == "answer") if result.list_rest else 0
                action = "save"
        # "2" after a verdict or a list: the picked scheme's answer, and then "MORE" goes on with the list (a newcomer
        # trial's "MORE" after a pick had got "nothing more to show", the verdict's last schemes lost)
        kept = list(earlier_pages) if result.picked and state.paging is earlier_pages else []
        if pager is not None and action != "delete" and result.replies:
            pages = pager(result.replies, lang)
            if notice is not None and notice.text not in pages[0]:
                state.notice_given = False  # pushed past the first SMS page: said again with the next answer
            if own_pages:
                # (paged as the verdict they continue: on a Hindi SMS page its labels in Latin letters, which keep an
                # entry's English name and quote GSM-7; as notes they had made each page UCS-2, an entry's label alone
                # on one page and its quote on the next, a re-check trial)
                pages += pager([Reply(kind="eligibility", text=p) for p in own_pages], lang)
            if len(pages) > 1 or state.paging:
                state.paging = pages[1:] + kept
                action = "save"
            result.replies = [_as_page(result.replies, pages[0])]
        elif action == "save":
            state.paging = own_pages + kept  # a new answer replaces the pages of an earlier one
        return result, action

    def _dispatch(self, text: str, state: UserState, lang: str) -> tuple[TurnResult, Action]:
        state.turn_count += 1  # this message's number (saved only with a change worth saving)
        if state.pending == "forget":
            answer = _yes_or_no(text)
            if answer is None and len(text.split()) > 1:
                # "yes delete it", "yes, and what documents for pm kisan?", "हाँ, और ...": the first word answers
                answer = _yes_or_no(re.split(r"[\s,.;!?\u0964]+", text.strip(), maxsplit=1)[0])
            if answer is True:
                return TurnResult([Reply(kind="info", text=t("forget_done", lang))]), "delete"
            if answer is False:
                state.pending = None
                replies = [Reply(kind="info", text=t("forget_cancelled", lang))]
                if self.eligibility is not None and state.interview is not None and not state.interview.finished:
                    # the check's question again: the user's next answer is for it (a break-it trial: nothing was asked)
                    waiting = self.eligibility.current_question(state, lang)
                    if waiting is not None:
                        replies.append(waiting)
                return TurnResult(replies), "save"
            if not text.startswith("/") and (len(text.split()) < 2 or intents_of(text).whole):
                return TurnResult([Reply(kind="question", text=t("forget_reask", lang), field="confirm_forget")]), "none"
            state.pending = None
            if not text.startswith("/"):
                # a question instead of the yes or no ("pm kisan kya hai"): nothing is deleted, said so, and
                # the question answered (it was swallowed by "reply yes or no")
                state.turn_count -= 1
                result, action = self._dispatch(text, state, lang)
                result.replies.insert(0, Reply(kind="info", text=t("forget_cancelled", lang)))
                return result, "save" if action == "none" else action
        if state.pending == "pick":
            # "2" (or a listed scheme's name) after "which of the schemes above?": the question asked for it
            query, state.pending, state.pending_query = state.pending_query, None, None
            picked = self._picked(text, state.list_ids)
            if picked is not None and query and ((self.eligibility is not None and mentions(text, "start_check") and not mentions(query, "start_check"))
                                                  or set(section_intents(text)) - set(section_intents(query))):
                # a question of its own that names a listed scheme ("kya main pm kisan ke liye eligible hoon" after
                # "documents?" asked which one): that question, not the one waiting (a newcomer trial got the documents)
                picked, query = None, None
            if picked is not None and query:
                state.scheme_id, state.scheme_name, state.topic = picked, self.names[picked], None
                if self.eligibility is not None and mentions(query, "start_check"):
                    return self.eligibility.start(self, query, state, lang), "save"  # "am I eligible for this?" then "2"
                return self.question(query, state, lang), "save"
            if query and re.fullmatch(r"\s*\d{1,3}\s*[.)]?\s*", text.translate(_DIGITS)):
                # a number that is none of the listed schemes: the question again
                asked = self.question(query, state, lang)
                if asked.replies and asked.replies[-1].field == "pick":
                    asked.replies[-1].text = f"{t('no_such_option', lang, n=len(asked.replies[-1].options))} {asked.replies[-1].text}"
                return asked, "save"
            if query and (means(text, "yes") or means(text, "no")):
                # "हाँ" to "which of the schemes above?": no scheme picked, the question again (a newcomer trial was told no
                # question was waiting, right after it had been asked)
                return self.question(query, state, lang), "save"
        if state.pending == "need":
            # "2", "kheti", "pension chahiye" after "what do you need help with?": searched in the state asked about
            place, state.pending, state.pending_query = state.pending_query, None, None
            checking = self.eligibility is not None and mentions(text, "start_check")
            if checking and place and "state" not in state.profile:
                # "kya main eligible hu" at the menu of Bihar's schemes: the check, in Bihar (a newcomer trial: it was searched
                # as the need "kya main eligible hu" and answered with five schemes)
                self.eligibility._record({"state": place}, state, text, lang)
            if not checking and not text.startswith("/") and len(text.split()) <= STATE_REPLY_WORDS:
                digits = re.fullmatch(r"\s*(\d{1,2})\s*[.)]?\s*", text.translate(_DIGITS))
                number = int(digits.group(1)) if digits else None
                if number is not None and not 1 <= number <= len(NEEDS):
                    state.pending, state.pending_query = "need", place  # no such option: the menu again
                    return self._need_question(place, lang, t("no_such_option", lang, n=len(NEEDS))), "save"
                chosen = canonical_state(text.strip(" .!?\u0964")) or (state_of(text) if names_only_a_state(text) else None)
                if number is None and chosen is not None:
                    # "main UP se hu" at the menu: where the user lives, no need; noted, and the menu asked again for
                    # that state (a newcomer trial: it was searched as the need "main UP se hu" and answered with loans)
                    state.pending, state.pending_query = "need", chosen
                    noted = (self.eligibility._record({"state": chosen}, state, text, lang) if self.eligibility is not None
                             else state_label(chosen, lang))
                    return self._need_question(chosen, lang, t("noted", lang, values=noted)), "save"
                # served like a life event: the schemes that fit the need, in the state, without the gate's doubt
                # about a question the bot itself phrased (a need in the user's words is searched as said)
                # ("kheti bihar me": the need in the state it names; its central schemes alone had been listed, with
                # "tell me your state to see its schemes too")
                place = state_of(text) or place
                said = re.sub(r"\s+(?:me|mein|mai|में|से|se|ki|की|ka|का)$", "", re.sub(r"\s+", " ", without_states(text)).strip(" .!?,\u0964")) or text
                labels = dict(zip(("en", "hi", "hinglish"), NEEDS[number - 1][:3])) if number else {"en": said, "hi": said, "hinglish": said}
                query = NEEDS[number - 1][3] if number else f"schemes for {said}"
                # (a need from the menu is named "menu": its search words are the bot's, which ask for no one kind of help)
                told = self._life_event(query, LifeEvent("menu" if number else "need", query, labels, _NEVER), state, lang, place,
                                        own_first=place is not None)
                if told is not None:
                    return told, "save"
                return self.question(f"{query} in {place}" if place else query, state, lang), "save"
        if state.pending == "check_offer":
            # "Send /eligibility to see which schemes you may get." then "yes", "हाँ", "haan ji": the check offered (it
            # had been met with "I have no question waiting for that answer", a newcomer trial); anything else is
            # handled as it stands
            state.pending = None
            # "2" after a listed answer (a life event's schemes, numbered [1] to [5]) picks the second listed scheme below: it
            # is no "no" to the offer, whose own text shows no numbered options (a newcomer trial: "2" got "Okay", "1" a check)
            picking = text.strip().isdigit() and bool(state.list_ids)
            # "ok thanks", "ok bye": thanks for the answer, not a yes to the offer (it had started a check, a break-it trial);
            # either is handled as it stands, below
            thanked = bool({"thanks", "bye"} & intents_of(text).whole)
            to_offer = not picking and not thanked  # (a yes or no to the offer)
            if to_offer and _yes_or_no(text) is False:  # "no" to the offer: a short reply, nothing changed (it had said "I have no question waiting")
                return TurnResult([Reply(kind="info", text=t("ack", lang))], small_talk=True), "save"
            if to_offer and self.eligibility is not None and (_yes_or_no(text) is True or (
                    len(text.split()) <= 3 and _yes_or_no(re.split(r"[\s,.;!?\u0964]+", text.strip(), maxsplit=1)[0]) is True)):
                return self.eligibility.start_command(self, "", state, lang), "save"
            listed = state.turns[-1] if state.turns else None
            chosen = state_answer(text)
            if (chosen is not None and "state" not in state.profile and self.eligibility is not None and listed is not None
                    and listed.standalone == state.last_standalone and life_event(listed.text) is not None):
                # "mere pati nahi rahe ..." listed the central schemes and asked for the state, then "bihar": the same
                # need listed again with Bihar's own schemes (a newcomer trial: "bihar" had only been noted)
                noted = self.eligibility._record({"state": chosen}, state, text, lang)
                result = self.question(listed.text, state, lang)
                result.replies.insert(0, Reply(kind="info", text=t("noted", lang, values=noted)))
                return result, "save"
        if state.pending == "state_offer":
            # "Tell me your state to see yours" then "Bihar": the same question answered for Bihar; any
            # other message is handled as it stands
            query, state.pending, state.pending_query = state.pending_query, None, None
            chosen = state_answer(text) if query else None
            if chosen is not None:
                return self.answer_for_state(query, chosen, text, state, lang), "save"
            if query and _yes_or_no(text) is True and not re.fullmatch(r"\s*\d+\s*[.)]?\s*", text.translate(_DIGITS)):
                # "yes" to "Tell me your state to see yours": which state, then (a break-it trial: it had got "I have no
                # question waiting" and lost the offer); "1" after the list the offer closes picks its first scheme (it had
                # been read as "yes" and asked for the state)
                state.pending, state.pending_query = "state", query
                spec = FIELDS["state"]
                asked = f"{spec.question.get(lang, spec.question['en'])} ({spec.example.get(lang, spec.example['en'])})"
                return TurnResult([Reply(kind="question", field="state", text=asked)]), "save"
        discussed = self.answerer.index.schemes.get(state.scheme_id or "")
        if (state.pending is None and state.last_standalone and discussed is not None
                and (discussed.level == "central" or WHAT_IF.search(text)) and (state.interview is None or state.interview.finished)):
            chosen = state_answer(text)
            if chosen is not None and chosen != discussed.state and self._state_version(discussed.id, state.last_standalone, chosen) is not None:
                # "UP" right after the national widow pension's answer: the same question for Uttar Pradesh, whose own
                # widow pension it has (it was only noted, and that pension never said); a scheme the same in every
                # state (PM-KISAN) is not answered again
                return self.answer_for_state(state.last_standalone, chosen, text, state, lang), "save"
        if state.pending in ("state", "state_again"):
            asked_twice = state.pending == "state_again"
            query, state.pending, state.pending_query = state.pending_query, None, None
            # "up", "Bihar", "मैं बिहार से हूँ": a state; a longer message naming one is a new question
            chosen = state_answer(text)
            if chosen is not None and query:
                # "Bihar" after "which state?": noted in the profile, and the question answered for it
                return self.answer_for_state(query, chosen, text, state, lang), "save"
            if query and (is_stop(text) or means(text, "no")):
                return TurnResult([Reply(kind="info", text=t("state_dropped", lang))]), "save"
            if query and (is_skip(text) or (asked_twice and len(text.split()) <= 3)):
                # "pata nahi", or a second answer that names no state: answered without a state (the
                # national scheme, or an honest decline)
                result = self.question(query, state, lang, user_text=query, ask_state=False)
                result.replies.insert(0, Reply(kind="info", text=t("state_skipped", lang)))
                return result, "save"
            from conversations.eligibility_flow import QUESTIONISH

            if query and not text.startswith("/") and len(text.split()) <= 3 and not QUESTIONISH.search(text):
                # "Rampur": not a state we know; ask once more (the question waits)
                state.pending, state.pending_query = "state_again", query
                return TurnResult([Reply(kind="question", field="state", text=t("state_not_understood", lang, said=text[:40]))]), "save"
        if text.startswith("/"):
            state.pending = state.pending if state.pending == "forget" else None
            return self.command(text, state, lang)
        running = state.interview is not None and not state.interview.finished
        if state.list_ids and not running and (re.fullmatch(r"\s*-?\[?\d{1,20}\]?\s*[.)]?\s*", text.translate(_DIGITS))
                                               or _ordinal(text)):
            # "2" (or "doosra wala") after a list: what the second scheme listed is (the lists number their schemes [1], [2] ...)
            picked = self._picked(text, state.list_ids)
            if picked is not None:
                state.scheme_id, state.scheme_name, state.topic = picked, self.names[picked], None
                result = self.question(self.names[picked], state, lang, picked=picked)
                result.picked = True
                return result, "save"
            shown = sum(1 for sid in state.list_ids if sid in self.names)
            if shown:  # "7", "0", "-1" after a list of five: which numbers there are, not a search for "7"
                # (after a check's verdict, "45" is more likely an answer to a question it asked than a pick: how to give
                # one again is said too; a newcomer trial's "45" had got only "a number from 1 to 3")
                number = re.search(r"\d+", text.translate(_DIGITS))
                checked = state.interview is not None and state.interview.finished and number is not None and int(number.group()) >= 10
                # (the example uses the number sent when it can be an age: a correction written out is read and the check
                # run again, "Noted: age 45 (was 70)")
                example = number.group() if checked and MIN_AGE <= int(number.group()) <= MAX_AGE else "45"
                # (not "from 1 to 1": a newcomer trial read it after a verdict of one scheme)
                key = ("no_such_option_check" if shown > 1 else "no_such_option_check_one") if checked else \
                    "no_such_option_one" if shown == 1 else "no_such_option"
                return TurnResult([Reply(kind="info", text=t(key, lang, n=shown, said=example))]), "none"
        inside = _ORDINAL_INSIDE.search(normalize(text).casefold()) if state.list_ids and not running else None
        if inside is not None:
            # "how to apply for the first one" after a list: the question, of the scheme listed first (it had been
            # declined; "तीसरी योजना में कितना पैसा" had been searched and answered of another scheme)
            word = inside.group(1)
            shown = [sid for sid in state.list_ids if sid in self.names]
            n = len(state.list_ids) if word in _LAST else _ORDINALS[word]
            if 1 <= n <= len(state.list_ids) and state.list_ids[n - 1] in self.names:
                picked = state.list_ids[n - 1]
                low = normalize(text).casefold()
                asked = " ".join((low[:inside.start()] + " " + self.names[picked] + " " + low[inside.end():]).split())
                # "and the second one?" after how to apply for the first: the same question of the second (the topic
                # carried); "benefits of the second one" asks its own
                same = set(re.findall(r"\w+", low[:inside.start()] + " " + low[inside.end():])) <= _SAME_AGAIN
                state.scheme_id, state.scheme_name = picked, self.names[picked]
                state.topic = state.topic if same else None
                result = self.question(asked, state, lang, picked=picked)
                result.picked = True
                return result, "save"
            if shown:
                return TurnResult([Reply(kind="info", text=t("no_such_option_one" if len(shown) == 1 else "no_such_option", lang, n=len(shown)))]), "none"
        if self.eligibility is not None:
            handled = self.eligibility.handle(self, text, state, lang)  # a running interview or a start phrase
            if handled is not None:
                return handled, "save"
        said = intents_of(text).whole
        if other_script(text):
            # Tamil, Bengali, Telugu ...: the scheme pages and the lexicons are English and Hindi; said so, in both
            # (a break-it trial: a Tamil question was called "not a question about a scheme", in Hinglish)
            return TurnResult([Reply(kind="info", text=t("other_script", "en") + "\n" + t("other_script", "hi"))], small_talk=True), "none"
        if "help" in said:
            # (saved: the language it was asked in is the conversation's; "मदद चाहिए" then "ok" had got English, a break-it
            # trial)
            return TurnResult([Reply(kind="info", text=t("help", lang))]), "save"
        if is_stop(text):  # "stop" with no check running: not a search for "One Stop Centre"
            return TurnResult([Reply(kind="info", text=t("nothing_to_stop", lang))], small_talk=True), "save"
        if "greeting" in said or (state.turn_count == 1 and "greeting_emoji" in said):
            return TurnResult([Reply(kind="info", text=t("greeting", lang))], small_talk=True), "save"
        if "thanks" in said or "bye" in said:  # ("bye" had got "You're welcome")
            return TurnResult([Reply(kind="info", text=t("thanks" if "thanks" in said else "bye", lang))], small_talk=True), "save"
        finished = state.interview is not None and state.interview.finished
        # "ok", "hmm", or "skip" / "pata nahi" with no question asked: nothing to search for
        unasked = bool(said & {"ack", "skip", "dont_know"})
        if unasked and not finished:
            return TurnResult([Reply(kind="info", text=t("ack", lang))], small_talk=True), "save"
        if finished and "no" in said and "yes" not in said:
            # after a verdict, "no"/"nahi" closes the talk: a short reply, nothing changed
            return TurnResult([Reply(kind="info", text=t("ack", lang))], small_talk=True), "save"
        if said & {"yes", "no"} or unasked:
            # after a verdict, "yes"/"haan" is not a question: say what can be done next; with nothing asked, say so (a
            # break-it trial: a check lost with a Redis restart answered the next "yes" with the help text alone)
            return TurnResult([Reply(kind="info", text=t("after_verdict" if finished else "nothing_asked", lang))], small_talk=True), "save"
        if re.fullmatch(r"\s*[#(]?\d{1,2}[.)]?\s*", text) and not state.list_ids:
            # a bare "2" with no list shown and no question asked picks nothing (a newcomer trial: "I don't know ...
            # Nothing in the scheme documents matches this"): say so, as for a "yes" with nothing asked; after a one
            # scheme's verdict, what can be done next (a break-it trial: "I may have lost our conversation" had been said)
            return TurnResult([Reply(kind="info", text=t("after_verdict" if finished else "nothing_asked", lang))], small_talk=True), "save"
        return self.question(text, state, lang), "save"

    def command(self, text: str, state: UserState, lang: str) -> tuple[TurnResult, Action]:
        """``/start``, ``/help``, ``/reset``, ``/forget``, ``/lang en|hi``, ``/eligibility``."""
        parts = text.split()
        name = parts[0][1:].split("@")[0].casefold()  # "/start@SchemeBot" in Telegram groups
        if name == "start":
            return TurnResult([Reply(kind="info", text=t("start", lang))]), "none"
        if name == "help":
            return TurnResult([Reply(kind="info", text=t("help", lang))]), "none"
        if name == "reset":
            state.reset_conversation()
            return TurnResult([Reply(kind="info", text=t("reset", lang))]), "save"
        if name == "forget":
            if state.version == 0:  # never saved: nothing to confirm, and no state is created to ask
                return TurnResult([Reply(kind="info", text=t("forget_nothing", lang))]), "delete"
            state.pending = "forget"
            return TurnResult([Reply(kind="question", text=t("forget_confirm", lang), field="confirm_forget",
                                     options=_yes_no(lang))]), "save"
        if name == "lang":
            choice = parts[1].casefold() if len(parts) > 1 else ""
            if choice in LANGUAGES:
                state.language = choice  # type: ignore[assignment]
                # a check's question waiting, asked again in the new language (as "in English please" does; a break-it
                # trial's "/lang en" mid-check left it unasked)
                waiting = self._waiting_question(state, choice)
                return TurnResult([Reply(kind="info", text=t("lang_set", choice)), *([waiting] if waiting else [])]), "save"
            return TurnResult([Reply(kind="info", text=t("lang_usage", lang))]), "none"
        if name in ("eligibility", "eligible", "check") and self.eligibility is not None:
            return self.eligibility.start_command(self, " ".join(parts[1:]), state, lang), "save"
        return TurnResult([Reply(kind="info", text=t("unknown_command", lang))]), "none"

    def question(self, text: str, state: UserState, lang: str, user_text: str | None = None, ask_state: bool = True,
                 picked: str | None = None) -> TurnResult:
        """Answer a question: rewrite a follow-up, retrieve within the state known (named in the message,
        else the conversation's, else the profile's), quote, list or decline, or ask which state is meant;
        update the context. ``user_text`` replaces ``text`` as the user's own words (a question asked
        again once its state is known); ``ask_state`` False never asks which state (the user would not say);
        ``picked``: the scheme a list pick chose ("the last one"), quoted first whatever the ranking of its name."""
        replies: list[Reply] = []
        profile_state = state.profile.get("state")
        told = profile_state.value if profile_state is not None and isinstance(profile_state.value, str) else None
        ctx = Context(state.scheme_id, state.scheme_name, state.topic, state.topic_state or told, self._carried_query(text, state))
        searcher = self.answerer.searcher
        rw = rewrite(text, ctx, searcher.gazetteer, self.names, self.answerer.index.scheme_has_term, searcher.named)
        if picked is not None:
            # (Bihar's "Mukhyamantri Vridhjan Pension Yojana", picked as "the last one", had been answered with the national
            # old age pension, which its words rank first when no state is known)
            rw = replace(rw, scheme_ids=[picked], focus=picked)
        if state.topic_state_once and told and not rw.followup and not rw.state_named:
            # a question of its own after "and in Punjab?" from someone living in Bihar: Bihar again (a trial's next question,
            # "how much is the old age pension?", had been answered with Punjab's)
            rw = replace(rw, state=told)
        once = bool(told) and rw.state_named and rw.state != told
        # ("kitna loan milega" after a list for "मुझे लोन चाहिए": which of the listed loans, as "documents?" asks it; not "koi
        # pension milegi?", which asks for a list of its own)
        listed_kind = frozenset().union(*kinds_of_help(text)) if state.list_ids and not DISCOVERY.search(text) else frozenset()
        if not rw.scheme_ids and not rw.followup and ctx.scheme_id is None and asks_only_section(text, listed_kind):
            # "documents?" with no scheme under discussion: ask which scheme rather than guess; after a
            # list, which of its schemes (a number answers: _dispatch)
            listed = self._pickable(state)
            if listed:
                state.pending, state.pending_query = "pick", text[:200]
                return TurnResult([self._pick_question(listed, lang)], rw.standalone)
            example = {"documents": "documents", "eligibility": "eligibility", "application_process": "how to apply"}.get(rw.topic or "", "benefits")
            replies.append(Reply(kind="question", text=t("which_scheme", lang, example=example), field="scheme"))
            return TurnResult(replies, rw.standalone)
        if not rw.scheme_ids and not rw.followup and user_text is None and asks_no_need(text):
            # "bihar sarkar ki yojana": hundreds of schemes answer it; ask what the user needs (the answer,
            # a number or words, is searched with the state: _dispatch)
            place = state_of(text) or ctx.state
            state.pending, state.pending_query = "need", place
            return self._need_question(place, lang)
        known = rw.state or told
        # (money that has not come, "budhapa pension 3 mahine se nahi aayi", asks after a payment, not which schemes serve old
        # age: a newcomer trial got the list of old age pensions)
        event = life_event(text) if not rw.scheme_ids and not rw.followup and user_text is None and not live_info_terms(text) else None
        folded = text.casefold()
        event_word = event.pattern.search(folded) if event is not None else None
        # ("budhape ki pension", "बुढ़ापे की पेंशन", "pension of old age" alike: a newcomer trial got the awards for the old)
        benefit_named = event_word is not None and BENEFIT_KIND.match(_OF.sub("", folded[event_word.end():].lstrip(), count=1)) is not None
        if event is not None and CLAIM_WORDS.search(folded) and "application_process" in section_intents(text):
            # "barish se fasal kharab ho gayi claim kaise kare" asks how to claim (an insurance's steps), not which schemes serve
            # a crop loss (a newcomer trial got the list, the 72-hour report never said): searched
            event = None
        if benefit_named and (section_intents(text) or ASKS_FIGURE.search(folded)):
            # "budhapa pension kitna milta hai" asks how much the old-age pension gives, not which schemes help in old age (a
            # newcomer trial got five schemes, two of them awards, and "which number?" to every follow-up): searched
            event = None
        if event is None and rw.state_named and names_only_a_state(text) and state.last_standalone:
            # "and in Punjab?" after the schemes for a widow: the same life event's schemes for Punjab (it had answered
            # the event's search words with the family benefit, "the same in Punjab")
            event = next((e for e in life_events() if e.query == state.last_standalone), None)
        if event is None and not benefit_named and not rw.scheme_ids and not rw.focus and _old_enough(state) and PENSION_WORDS.search(text) \
                and not _old_age_words().search(text) and not OTHER_GROUP_PENSION.search(text):
            # "koi pension milegi?" from someone who said they are 70: what old age brings (it quoted Atal Pension
            # Yojana, which takes people of 18 to 40)
            rw = replace(rw, standalone=f"{rw.standalone} (old age)")
            user_text = f"{user_text or text} (old age)"  # (the words the gate weighs too)
        if event is not None:
            told_event = self._life_event(text, event, state, lang, rw.state_named and rw.state or known)
            if told_event is not None:
                return told_event
        told_facts = profile_need_words(state, text) if not rw.scheme_ids and not rw.followup else {}
        if told_facts:
            # "scholarship chahiye" from an SC student in class 11: the scholarships for them, searched with what they told
            # (said in the reply, so a list that fits them is not read as every scholarship there is)
            from conversations.eligibility_flow import facts_shown

            words = ", ".join(told_facts.values())
            plain = (rw, user_text)  # searched as asked when nothing fits the facts (the bundled corpus has no SC scholarship for Karnataka)
            rw = replace(rw, standalone=f"{rw.standalone} ({words})")
            user_text = f"{user_text or text} ({words})"
            shown = facts_shown({n: state.profile[n].value for n in told_facts}, lang)
            replies.append(Reply(kind="info", text=t("list_for_facts", lang, facts=shown)))
        # a list answered to someone who told about themselves leaves out the schemes their facts rule out (the 9th-10th
        # pre-matric scholarship for a newcomer trial's SC student in class 11)
        profiled = self.eligibility is not None and bool(state.profile)
        ruled_out = (lambda sid: bool(self.eligibility.ruled_out([sid], state, known, self.names))) if profiled else None
        answer = self.answerer.ask(user_text or text, standalone_query=rw.standalone, focus=[rw.focus] if rw.focus else None,
                                   state=known, ask_state=ask_state, ruled_out=ruled_out)
        if told_facts and answer.status == "declined":
            rw, user_text = plain
            replies.pop()  # (the facts searched with, which found nothing)
            answer = self.answerer.ask(user_text or text, standalone_query=rw.standalone, state=known, ask_state=ask_state, ruled_out=ruled_out)
        if answer.status == "declined" and user_text is None and not rw.scheme_ids and state.list_ids:
            # after a list, a question in a word of one listed scheme's name ("bima ka paisa kaise milega" after
            # a list led by the Fasal Bima Yojana) is about that scheme, not a new search
            listed = self._listed_by_word(text, state.list_ids)
            if listed is not None:
                own = self.answerer.ask(text, scheme_ids=[listed], focus=[listed], state=known, ask_state=False)
                if own.status == "answered":
                    answer = own
                    rw = replace(rw, focus=listed)
        if answer.status == "clarify":
            state.pending, state.pending_query = "state", rw.standalone
            state.last_standalone = rw.standalone
            replies.append(answer_reply(answer, lang))
            return TurnResult(replies, rw.standalone)
        if answer.status == "answered" and answer.list_answer:
            shown = len(answer.citations)
            replies.append(Reply(kind="info", text=t("list_head_more" if answer.more_scheme_ids else "list_head", lang, n=shown), field="list_head"))
        replies.append(answer_reply(answer, lang))
        if answer.status == "answered" and answer.list_answer and not known and any(
                self.answerer.index.schemes[c.scheme_id].level == "state" for c in answer.citations):
            # "which scholarships can I get?" with no state known lists Madhya Pradesh's and Himachal's: say whose
            # they are, and "Bihar" next gives the list for Bihar (central schemes and Bihar's own)
            replies.append(Reply(kind="info", text=t("list_other_states", lang)))
            state.pending, state.pending_query = "state_offer", rw.standalone
        elif answer.status == "answered" and answer.state_versions and not answer.list_answer:
            replies.append(Reply(kind="info", text=t("state_versions", lang, states=", ".join(answer.state_versions[:4]))))
            state.pending, state.pending_query = "state_offer", rw.standalone  # "Bihar" next: the answer for Bihar
        elif answer.status == "answered" and answer.state and not rw.state_named and (not rw.followup or (state.topic_state_once and known != told)) \
                and not rw.scheme_ids and any(self.answerer.index.schemes[c.scheme_id].level == "state" for c in answer.citations):
            # (a follow-up still in the state asked about, not the one the user lives in, says so: a break-it trial's Bihar resident
            # read Punjab's ₹1,500 for "old age pension kitna milta hai" after asking about Punjab's, only its source naming Punjab)
            replies.append(Reply(kind="info", text=t("state_assumed", lang, state=state_label(answer.state, lang))))
        elif (answer.status == "answered" and known and not rw.scheme_ids and not answer.list_answer and rw.focus != (
                answer.citations[0].scheme_id if answer.citations else None)
              and answer.citations and self.answerer.index.schemes[answer.citations[0].scheme_id].level == "central"):
            # (not for a follow-up about the national scheme the user chose: "2" from a list, then "kitna milega", had
            # quoted Uttar Pradesh's own pension, ₹1000, for the national one picked)
            # a central scheme's answer to someone whose state is known (named now, or told before: "I am 72,
            # from Madurai" then "how much will I get"): the state's own version when it runs one ("हरियाणा
            # में?" after the national old age pension: Haryana's own; "and bihar?": Bihar's Vridhjan Pension);
            # else, to "and in Punjab?" after PM-KISAN's documents, the same answer and why it is the same
            central = answer.citations[0].scheme_id
            version = self._state_version(central, rw.standalone, known)
            # (its version alone: the standalone question names the central scheme, which would come first)
            own = self.answerer.ask(rw.standalone, scheme_ids=[version], state=known, focus=[version],
                                    ask_state=False) if version is not None else None
            if own is not None and own.status == "answered" and own.citations and own.citations[0].scheme_id == version:
                answer = own
                replies[-1] = answer_reply(answer, lang)
            elif rw.state_named and all(self.answerer.index.schemes[c.scheme_id].level == "central" for c in answer.citations):
                # (a question naming the state too: "assam me vidhwa pension" answered with the national widow pension had not
                # said that Assam has none of its own here, a newcomer trial)
                replies.append(Reply(kind="info", text=t("central_everywhere", lang, state=state_label(known, lang))))
        answered = answer.citations[0].scheme_id if answer.status == "answered" and answer.citations and not answer.list_answer \
            else answer.declined_about
        new = advance(ctx, rw, answered, self.names)
        state.scheme_id, state.scheme_name, state.topic = new.scheme_id, new.scheme_name, new.topic
        if answer.status == "answered" and (answer.list_answer or answered not in state.list_ids):
            # (an answer about one of the listed schemes keeps the list: "documents for the first one", "how to apply?",
            # then "and the second one?" had lost it, and a trial's "benefits of the third one" of a list of two was
            # answered of the first)
            self._listed(state, answer.citations if answer.list_answer else [])
        state.topic_state = new.state
        state.topic_state_once = once or (state.topic_state_once and rw.followup and new.state != told)
        state.last_standalone = rw.standalone
        state.remember(text, rw.standalone, answered)
        result = TurnResult(replies, rw.standalone, [c.scheme_id for c in answer.citations])
        if answer.list_answer and answer.more_scheme_ids:
            result.list_rest = answer.more_scheme_ids[:MORE_LIST_SCHEMES]
            state.list_query, state.list_state = rw.standalone, answer.state
        return result

    def answer_for_state(self, query: str, chosen: str, text: str, state: UserState, lang: str) -> TurnResult:
        """``query`` answered again now that the user named ``chosen`` (in ``text``): noted in the profile as where
        the user lives and said first; but "and in Haryana?" from someone known to live elsewhere asks about
        Haryana and changes nothing stored (:data:`WHAT_IF`; it had overwritten the state a later check uses)."""
        # (a state the earlier question named is not asked about now: "... kitna milta hai Uttar Pradesh" then
        # "and in Haryana?" had searched Uttar Pradesh's schemes)
        query = without_states(query)
        event = next((e for e in life_events() if e.search == query), None)  # (a life event's search, asked for a state)
        known = state.profile.get("state")
        what_if = (known is None or known.value != chosen) and WHAT_IF.search(text) is not None
        # the question with the state's name, as the user might have asked it at once ("widow pension amount" then "Bihar" had been
        # declined, the state being only a filter, while "widow pension amount in Bihar" is answered: its name is in the pages)
        query = f"{query} in {chosen}"
        # the other facts the message tells ("mai kisan hu UP se" after the national widow pension): noted with the state
        # (a trial: only the state had been noted, the work lost)
        others = {n: v for n, v in self.eligibility._told_only(self, text).items() if n != "state"} \
            if self.eligibility is not None and not what_if else {}
        noted = self.eligibility._record({"state": chosen, **others}, state, text, lang) if others else None
        if not what_if:
            state.profile["state"] = ProfileValue(value=chosen, turn=state.turn_count, said=text[:80])
            state.topic_state = chosen  # (the state of the question asked before is not searched again)
        discussed = state.scheme_id
        other = self.answerer.index.schemes.get(discussed or "")
        if not what_if and other is not None and other.level == "state" and other.state != chosen:
            # another state's scheme is no longer the one talked about: the question is asked anew for the user's state
            # ("I live in Kerala" after Tamil Nadu's old age pension had answered Tamil Nadu's again, a break-it trial)
            state.scheme_id = state.scheme_name = None
        told = self._life_event(event.search, event, state, lang, chosen) if event is not None else None
        if told is not None:
            # the state asked for a life event's schemes ("beti ki shadi hai" then "Bihar"): that event's list for the state
            return told
        result = self.question(query, state, lang, user_text=query)
        at = next((i for i, r in enumerate(result.replies) if r.kind == "answer"), None)
        cited = [c.scheme_id for c in result.replies[at].citations] if at is not None else []
        # the scheme talked about, else (the state was asked before any answer: "widow pension amount" then "Bihar") the
        # national scheme the answer quotes first
        basis = discussed or next((sid for sid in cited[:1] if self.answerer.index.schemes[sid].level == "central"), None)
        version = self._state_version(basis, query, chosen) if basis else None
        if version is not None and cited[:1] != [version]:
            # "vidhwa pension" then "Rajasthan": Rajasthan's own widow pension first, the national one after it (also
            # when it was quoted second: "documents?" next is about the scheme quoted first)
            answer = self.answerer.ask(query, scheme_ids=[version, basis], state=chosen, focus=[version], ask_state=False)
            if not (answer.citations and answer.citations[0].scheme_id == version):
                # the question names the national scheme ("... Indira Gandhi National Widow Pension Scheme in Haryana"),
                # which a name of the state's own ("Pension To Widows And Destitute Women") does not hold: that one alone
                answer = self.answerer.ask(query, scheme_ids=[version], state=chosen, focus=[version], ask_state=False)
            if answer.status == "answered" and answer.citations and answer.citations[0].scheme_id == version:
                if at is None:
                    # no answer to replace ("widow" then "UP": a list, or a decline): the state's own version takes the
                    # decline's place, or comes last (a break-it trial: this had raised a TypeError, every time)
                    at = next((i for i, r in enumerate(result.replies) if r.kind == "decline"), None)
                    if at is None:
                        at = len(result.replies)
                        result.replies.append(answer_reply(answer, lang))
                result.replies[at] = answer_reply(answer, lang)
                result.scheme_ids = [c.scheme_id for c in answer.citations]
                state.scheme_id, state.scheme_name = version, self.names[version]  # "documents?" next: the state's
        elif version is None and at is not None and cited and all(self.answerer.index.schemes[sid].level == "central" for sid in cited):
            # "vidhwa pension kitna milta hai" (states run their own: which is yours?) then "odisha", with no Odisha scheme of
            # the kind here: said so, not the central answer again as if it were Odisha's (a newcomer trial)
            # (in place of the question's own note that a central scheme is the same there, which says it again)
            same = t("central_everywhere", lang, state=state_label(chosen, lang))
            result.replies = [r for r in result.replies if r.text != same]
            result.replies.insert(at + 1, Reply(kind="info", text=t("no_state_version", lang, state=state_label(chosen, lang))))
        if not what_if:
            said = t("noted", lang, values=noted) if noted else t("state_noted", lang, state=state_label(chosen, lang))
            result.replies.insert(0, Reply(kind="info", text=said))
        return result

    def _pickable(self, state: UserState) -> list[str]:
        """The listed schemes a number picks, in order (at most :data:`MAX_PICK`)."""
        return [sid for sid in state.list_ids if sid in self.names][:MAX_PICK]

    def _pick_question(self, listed: list[str], lang: str) -> Reply:
        """"Which of the schemes above?" with the ``listed`` scheme ids as numbered options."""
        options = [Option(value=str(i), label=named_with_state(self.names[sid], self.answerer.index.schemes[sid].state)) for i, sid in enumerate(listed, 1)]
        return Reply(kind="question", text=t("which_listed", lang), field="pick", options=options)

    def _state_version(self, scheme_id: str, query: str, chosen: str) -> str | None:
        """The scheme of state ``chosen`` that is its own version of the central ``scheme_id`` ("Indira Gandhi
        National Vidhva Pension Yojana" of Rajasthan for the national widow pension): among that state's
        first :data:`VERSION_TOP` schemes for ``query``, the one whose name shares most of the central
        scheme's name words, at least :data:`VERSION_NAME_SHARE` of them (or their meaning: "vidhva" is
        "widow"); else the state's first scheme when it leads the next by :data:`VERSION_LEAD`, its name
        has the payment word ("pension") and its text every other word of the central name ("widow");
        ``None`` for a scheme of ``chosen`` itself, or when none comes close. Another state's scheme has versions
        too (its name read without its state)."""
        schemes = self.answerer.index.schemes
        central = schemes.get(scheme_id)
        if central is None or (central.level == "state" and central.state == chosen):
            return None
        # (another state's scheme has versions too: "and in Haryana?" after Uttar Pradesh's widow pension; its
        # name's state words say nothing of what it is for)
        name = without_states(central.name) if central.level == "state" else central.name
        r, _ = self.answerer.retrieve(without_states(query), level="state", state=chosen)
        # the words that say what the scheme is for: not "National", "Indira Gandhi" or "Scheme" ("Old Age Samman
        # Allowance" is Haryana's national old age pension: 2 of "old age pension", 2 of 8 with the rest)
        ordered = [w for w in analyze(name) if w not in _NAME_FILLER] or analyze(name)
        named = set(ordered)
        # what the scheme pays, the last of those words ("pension"): a version pays it too ("Old Age Samman
        # Allowance" does, Bihar's old age home does not)
        head = {ordered[-1]} | (_PAYMENTS if ordered[-1] in _PAYMENTS else set())
        best, share = None, (VERSION_NAME_SHARE, 0)
        whole = set(analyze(name))
        for x in r.schemes[:VERSION_TOP]:
            words = set(analyze(schemes[x.scheme_id].name))
            words |= {m for w in words for m in expansions().get(w, ())}
            # the central name's words it holds, itself or in a word standing for it: a word and its gloss count once
            # ("Pashu Bima Yojana", Bihar's livestock insurance, holds "bima" and its gloss "insurance", one word of
            # "Fasal Bima", and had been taken for Bihar's own crop insurance, a newcomer trial's "fasal bima kaise apply kare")
            shared = {w for w in named if ({w} | set(expansions().get(w, ()))) & words}
            # the share of the words that say what it is for, then of the whole name: Tamil Nadu's "Indira Gandhi
            # National Old Age Pension Scheme" is its version of the national one, before its farmers' "Old Age
            # Pension Scheme under Chief Minister's Uzhavar Padhukappu Thittam"
            overlap = (len(shared) / max(len(named), 1), len(whole & words))
            # (two words at least where the name has two: "pension" alone is any pension)
            enough = len(shared) >= min(2, len(named)) and bool(head & words)
            # (not a scheme for a group the question does not name: Haryana's construction workers' board widow
            # pension is no version of the national one for every widow)
            if (schemes[x.scheme_id].state == chosen and enough and overlap[0] >= share[0] and (best is None or overlap > share)
                    and not self.answerer.index.for_another_group(x.scheme_id, query)):
                best, share = x.scheme_id, overlap
        if best is None and r.schemes and schemes[r.schemes[0].scheme_id].state == chosen:
            # a name of its own ("Lakshmi Bai Samajik Suraksha Pension Yojana", Bihar's widow pension): the
            # state's clear first for the question, paying what the central scheme pays, for whom it pays
            # it (its text says "widow")
            first = r.schemes[0]
            words = set(analyze(schemes[first.scheme_id].name))
            whom = named - head
            clear = len(r.schemes) < 2 or first.score >= VERSION_LEAD * r.schemes[1].score
            if (clear and head & words and whom and all(self.answerer.index.scheme_has_term(w, first.scheme_id) for w in whom)
                    and not self.answerer.index.for_another_group(first.scheme_id, query)  # (not a construction workers' pension)
                    and not (words & _occupation_words()) - set(analyze(query))):  # (nor a farmers' one: "Kisan Pension")
                best = first.scheme_id
        return best

    def _carried_query(self, text: str, state: UserState) -> str | None:
        """The query "and in Uttar Pradesh?" asks again for another state: the last standalone query, except when it
        was a follow-up about one state's own scheme ("कैसे आवेदन करें Lakshmi Bai Samajik Suraksha Pension Yojana",
        Bihar's widow pension): then the need asked before that scheme was chosen, with the topic since ("विधवा पेंशन
        कितनी मिलती है how to apply"), since another state has its own scheme for it (a newcomer trial got Uttar
        Pradesh's sports award for the Bihar scheme's name)."""
        last = state.last_standalone
        scheme = self.answerer.index.schemes.get(state.scheme_id or "")
        if not last or scheme is None or scheme.level != "state" or not state.scheme_name or state.scheme_name not in last:
            return last
        named = state_of(text)
        if named is None or named == scheme.state or not names_only_a_state(text):
            return last
        need = next((turn.standalone for turn in reversed(state.turns) if turn.standalone and state.scheme_name not in turn.standalone), None)
        if need is None:
            return last
        if state.topic and state.topic != "benefits":
            # the section asked since ("how to apply") replaces the one the need was asked with ("kitni milti hai")
            for pattern in SECTION_INTENTS.values():
                need = pattern.sub(" ", need)
            need = f"{' '.join(need.split())} {TOPIC_WORDS.get(state.topic, state.topic)}"
        return need

    def _life_event_state_question(self, text: str, event: LifeEvent, state: UserState, lang: str) -> TurnResult | None:
        """No central scheme serves the event, but states' own schemes do ("beti ki shadi hai, madad chahiye": marriage aid
        is run by each state): which state, naming some of them; "Bihar" next lists the event's schemes for Bihar
        (:meth:`answer_for_state`). ``None`` when no state's scheme serves it either."""
        from retrieval.answer import list_fits

        index = self.answerer.index
        found, _ = self.answerer.retrieve(event.queries[0], user_text=text)
        own = set(analyze(event.search)) - _life_event_generic()
        states = [index.schemes[x.scheme_id].state for x in list_fits(found, lambda sid: index.schemes[sid].level == "state")
                  if any(index.scheme_has_term(t, x.scheme_id) for t in own) and _speaks_of(index, x, event.required)]
        states = list(dict.fromkeys(st for st in states if st))
        if not states:
            return None
        state.pending, state.pending_query = "state", event.search
        state.last_standalone = event.search
        asked = t("which_state_event", lang, event=event.labels.get(lang, event.labels["en"]), examples=", ".join(states[:4]))
        return TurnResult([Reply(kind="question", field="state", text=asked[:1].upper() + asked[1:])], event.search)

    def _life_event(self, text: str, event: LifeEvent, state: UserState, lang: str, known: str | None,
                    own_first: bool = False) -> TurnResult | None:
        """The schemes that serve a life event the message states ("my husband died"): a list from the
        event's search within central schemes and the user's state (central ones only when no state is
        known, with a line saying so), then the offer of an eligibility check. ``own_first``: the state's own
        schemes before the central ones (a need chosen from the menu of a state's schemes). ``None`` when the
        search finds nothing to quote (the message is then answered as a question)."""
        from retrieval.answer import compose_list, list_fits

        from retrieval.fusion import weighted_rrf

        schemes = self.answerer.index.schemes
        # each of the event's searches ("widow pension; assistance on the death of the breadwinner") gives
        # its fitting schemes; the lists are fused by reciprocal rank (retrieval.fusion, as the rankers are),
        # the event's main search (its first) weighing 1, the n-th 1/n, so a scheme several searches find
        # (MGNREGA for wage work and for unemployment) rises, and the main need's first scheme stays first
        searches = [self.answerer.retrieve(query, state=known, level=None if known else "central", user_text=text) for query in event.queries]
        r, decision = searches[0]
        lists = []
        for n, (found, _) in enumerate(searches, start=1):
            fitting = list_fits(found, lambda sid: schemes[sid].level != "state" or schemes[sid].state == known)
            if n > 1:  # a further search adds only its close matches, not its tail
                fitting = [x for x in fitting if x.score >= LIFE_EVENT_MORE_SHARE * fitting[0].score]
            lists.append(fitting)
        ranked = {x.scheme_id: x for fitting in reversed(lists) for x in fitting}  # each scheme as its first search found it
        ids = list(ranked)  # fusion works on integer ids
        number = {sid: i for i, sid in enumerate(ids)}
        fused = weighted_rrf([[number[x.scheme_id] for x in fitting] for fitting in lists], [1.0 / n for n in range(1, len(lists) + 1)])
        fits = [ranked[ids[i]] for i in sorted(fused, key=lambda i: -fused[i])]
        if own_first and known:
            # the state's own schemes searched among themselves: beside the central ones they can all rank below the list's
            # cut (Bihar's student credit card for "3", education, after "bihar sarkar ki yojana")
            own_ids = [sid for sid, s in schemes.items() if s.level == "state" and s.state == known]
            if own_ids:
                found, _ = self.answerer.retrieve(event.queries[0], scheme_ids=own_ids, user_text=text)
                seen = {x.scheme_id for x in fits}
                fits = [x for x in list_fits(found) if x.scheme_id not in seen] + fits
        # a scheme listed for the event speaks of it: its text holds one of the event search's own words
        # ("pregnant", "maternity", "widow", "crop"), not only words any welfare scheme uses (LIFE_EVENT_GENERIC:
        # "benefit", "women"): "I am pregnant" had listed the family benefit paid on a death and Uttar Pradesh's
        # widow pension (a newcomer trial)
        index = self.answerer.index
        own = set(analyze(event.search)) - _life_event_generic()
        fits = [x for x in fits if any(index.scheme_has_term(t, x.scheme_id) for t in own)] or fits
        if event.required:
            # ... and each word the event marks as its own: a daughter's marriage lists schemes that speak of marriage,
            # not fellowships that say "daughter" (a newcomer trial in Maharashtra, which has no marriage aid for all)
            # (in the passage that ranked the scheme, not anywhere on its page: a veteran artists' allowance whose page
            # names an unmarried daughter's marriage among its rules had been listed for "beti ki shadi hai")
            fits = [x for x in fits if _speaks_of(index, x, event.required)]
        if event.name not in ("old_age", "menu", "need") and not _old_enough(state) and not _old_age_words().search(text):
            # a scheme named for old age is no help for another event to someone not known to be old (a newcomer trial: "i am
            # handicaped 60% from odisha, any pension?" was offered the national old age pension, age never told)
            fits = [x for x in fits if not _old_age_words().search(schemes[x.scheme_id].name)]
        # the kind of help the message asks for ("50% viklang hu, koi pension milegi?"), where the schemes say what they give:
        # the pages' list for a disability had quoted an exhibitions grant and college facilities under a pension question
        # (and, of those, the schemes for the user's own group: a fund for indigent sportspersons had been the one left)
        kinds = kinds_of_help(text) if event.name != "menu" else []
        of_kind = [x for x in fits if all(any(_speaks_of(index, x, [term]) for term in terms) for terms in kinds)]
        fits = [x for x in of_kind if not index.for_another_group(x.scheme_id, text)] or of_kind or fits
        label = event.labels.get(lang, event.labels["en"])
        first_out = None
        if self.eligibility is not None:
            # a scheme whose rules what the user told fails is no help to them: a widow who said she is 68 had been
            # offered Atal Pension Yojana, which takes subscribers of 18 to 40 (a newcomer trial)
            out = self.eligibility.ruled_out([x.scheme_id for x in fits], state, known, self.names)
            # the first scheme for the event, left out by what the user told, is named with the condition it fails (a trial's
            # man with a 70% disability was listed the old age pension, the disability pension's 80% never said)
            first_out = fits[0].scheme_id if fits and fits[0].scheme_id in out else None
            left = [x for x in fits if x.scheme_id not in out]
            failing = self.eligibility.failing(first_out, state, known) if first_out and not left and known else None
            if failing is not None:
                # every scheme of the kind asked for is ruled out ("50% viklang hu, koi pension milegi?" and the one
                # disability pension takes 80%): said so with the condition, not the ruled-out scheme listed as help
                from retrieval.answer import MYSCHEME_SEARCH

                asked = f"{label} ({', '.join(kind_names(text))})" if kinds else label
                said = t("life_event_none", lang, event=asked, state=state_label(known, lang), link=MYSCHEME_SEARCH)
                return TurnResult([Reply(kind="decline", text=said[:1].upper() + said[1:], links=[MYSCHEME_SEARCH]),
                                   Reply(kind="info", text=t("left_out", lang, scheme=self.names[first_out], quote=failing[0]), links=[failing[1]])],
                                  event.search)
            fits = left or fits
        if not fits and known is None:
            return self._life_event_state_question(text, event, state, lang)
        if not fits and event.required:
            # none of the central schemes nor the state's own speaks of it: said so, with the official search, rather than
            # a search that quotes whatever it finds (a newcomer trial in Odisha got an education grant and an artists'
            # pension for "beti ki shadi hai, madad chahiye")
            from retrieval.answer import MYSCHEME_SEARCH

            said = t("life_event_none", lang, event=label, state=state_label(known, lang), link=MYSCHEME_SEARCH)
            return TurnResult([Reply(kind="decline", text=said[:1].upper() + said[1:], links=[MYSCHEME_SEARCH])], event.search)
        if not fits:
            return None
        # schemes reserved for a group the message does not name (ex-servicemen's widows, for "my husband
        # died") after the others, in rank order
        # ("bihar sarkar ki yojana", then "3" from the menu: Bihar's own schemes first; five central scholarships had been listed)
        fits.sort(key=lambda x: (own_first and schemes[x.scheme_id].level != "state", index.for_another_group(x.scheme_id, text)))
        base = dict(query=text, standalone_query=event.search, language=r.query.language, ranked_scheme_ids=r.ranked_ids,
                    probability=decision.probability)
        # (a question for an amount quotes each scheme from its first sentence stating one, as other lists do: "pregnant hu,
        # kitna paisa mil sakta hai?" had quoted PMMVY's "The cash incentives is provided in two instalments ...", a
        # newcomer trial)
        answer = compose_list(self.answerer.index, fits, base, figures=r.user_query.figures, state=known, about=frozenset(event.required))
        if not answer.citations:
            return None
        replies = [Reply(kind="info", text=t("life_event", lang, event=label)), answer_reply(answer, lang)]
        failing = self.eligibility.failing(first_out, state, known) if first_out and first_out not in {c.scheme_id for c in answer.citations} else None
        if failing is not None:
            replies.append(Reply(kind="info", text=t("left_out", lang, scheme=self.names[first_out], quote=failing[0]), links=[failing[1]]))
        if known is None:
            replies.append(Reply(kind="info", text=t("life_event_state", lang)))
        if state.interview is None or state.interview.finished:  # (not while a check runs: it goes on after this list)
            replies.append(Reply(kind="info", text=t("offer_check", lang)))
            if state.pending is None:
                state.pending = "check_offer"  # a "yes" next starts the check offered
        self._listed(state, answer.citations)
        state.topic, state.topic_state, state.last_standalone = None, known, event.search
        state.remember(text, event.search, None)
        result = TurnResult(replies, event.search, [c.scheme_id for c in answer.citations])
        if answer.more_scheme_ids:
            result.list_rest = answer.more_scheme_ids[:MORE_LIST_SCHEMES]
            state.list_query, state.list_state = event.search, known
        return result

    def _list_page(self, state: UserState, lang: str) -> list[Reply]:
        """The next page of the list answered last (:data:`~retrieval.answer.LIST_SIZE` schemes of
        ``state.list_rest``, which loses them): the answer, and "reply MORE for the next" while schemes
        remain; ``[]`` when none of them has anything to show."""
        from retrieval.answer import compose_list

        base = dict(query=state.list_query or "", standalone_query=state.list_query or "", language=lang)
        page = compose_list(self.answerer.index, [s for s in state.list_rest if s in self.answerer.index.schemes], base,
                            state=state.list_state, first_n=state.list_shown + 1)
        state.list_rest = page.more_scheme_ids
        state.list_shown += len(page.citations)
        state.list_ids = list(dict.fromkeys([*state.list_ids, *(c.scheme_id for c in page.citations)]))[:MAX_PICK]
        if not page.citations:
            return []
        return [answer_reply(page, lang)] + ([Reply(kind="info", text=t("list_more", lang))] if state.list_rest else [])


def _delete_word(text: str, channel: str) -> str:
    """``text`` with "/forget" written DELETE on SMS, which has no commands (a reply sent before the channel's pager, which
    spells it so on its own pages)."""
    return text.replace("/forget", "DELETE") if channel == "sms" else text


def asks_no_need(text: str) -> bool:
    """True when ``text`` asks for schemes and names nothing they are for but, perhaps, a state ("bihar
    sarkar ki yojana", "schemes in tamil nadu", "मध्य प्रदेश की योजनाएं")."""
    if not SCHEME_WORD.search(text):
        return False
    return not need_words(analyze(text), {w for m in find_states(text) for w in analyze(m.surface)})


def _noted_heads(lang: str) -> tuple[str, ...]:
    """How the replies that note what the user told open, in ``lang`` ("Noted: ", "Noted: you live in ")."""
    return tuple(t(key, lang, values="\0", state="\0").split("\0")[0] for key in ("noted", "state_noted"))


#: letters of the Indian scripts other than Devanagari (Bengali to Malayalam: U+0980-U+0D7F), and of the Perso-Arabic
#: script Urdu and Kashmiri are written in (Arabic U+0600-U+06FF, its supplement U+0750-U+077F and presentation forms
#: U+FB50-U+FDFF, U+FE70-U+FEFF; Unicode's block chart)
_OTHER_INDIC = re.compile(r"[\u0980-\u0d7f\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]")


#: words asking for a pension (or an allowance paid like one)
PENSION_WORDS = re.compile(r"\bpension\w*|\bpenshan\b|पेंशन|पेन्शन|\bbhatta\b|भत्ता", re.IGNORECASE)
#: a pension named for a group other than the old ("vidhwa pension", "disability pension"): no old-age hint (a newcomer
#: trial: "विधवा पेंशन कितनी मिलेगी?" from a 67-year-old widow quoted only Bihar's old-age pension)
OTHER_GROUP_PENSION = re.compile(r"\bwidow\w*|\bvidh?wa\b|विधवा|\bdisab\w*|\bviklang\w*|\bdivyang\w*|विकलांग|दिव्यांग|\bhandicap\w*", re.IGNORECASE)


def unusable_ages(text: str) -> list[int]:
    """The ages ``text`` says a person is (:func:`~retrieval.text.personal_ages`: "I am 250 years old", "main 300 saal ka hu")
    outside the range the interview takes (``MIN_AGE`` to ``MAX_AGE`` years): never noted."""
    from retrieval.text import personal_ages

    return [age for age in personal_ages(text) if not MIN_AGE <= age <= MAX_AGE]


def _old_age_words() -> re.Pattern[str]:
    """:data:`~conversations.eligibility_flow.OLD_AGE_WORDS` (imported late: that module imports this one)."""
    from conversations.eligibility_flow import OLD_AGE_WORDS

    return OLD_AGE_WORDS


def _old_enough(state: UserState) -> bool:
    """Whether the user told an age from :data:`~conversations.eligibility_flow.OLD_AGE`."""
    from conversations.eligibility_flow import OLD_AGE

    age = state.profile.get("age")
    return age is not None and isinstance(age.value, (int, float)) and age.value >= OLD_AGE


#: the words a request for a kind of help that names no one is searched with, per fact the user told: the group the schemes
#: of that kind are written for (a social category, a disability, widowhood, a minority, an occupation) and, for a student, the
#: stage the scholarships are named for (post-matric after class 10, pre-matric up to it: the national SC and OBC scholarship
#: pages' own division)
_CATEGORY_WORDS = {"sc": "scheduled caste", "st": "scheduled tribe", "obc": "other backward class", "ews": "economically weaker section"}
_OCCUPATION_WORDS = {"farmer": "farmer", "agricultural_labourer": "agricultural labourer", "street_vendor": "street vendor",
                     "unorganised_worker": "unorganised worker", "self_employed": "self employed"}
_PRE_MATRIC = frozenset({"none", "primary", "upper_primary"})
_POST_MATRIC = frozenset({"secondary", "higher_secondary", "diploma"})
#: the share of disability (per cent) from which the disability schemes take an applicant (the Rights of Persons with
#: Disabilities Act, 2016: a benchmark disability is 40% or more)
BENCHMARK_DISABILITY = 40


def profile_need_words(state: UserState, text: str) -> dict[str, str]:
    """The facts the user told that a request for a kind of help naming no one ("scholarship chahiye", "koi pension
    milegi?", "I need a loan") is searched with: field name -> the words the schemes for that group are written with
    (:data:`_CATEGORY_WORDS`, :data:`_OCCUPATION_WORDS`, a student's stage for a scholarship, a disability of
    :data:`BENCHMARK_DISABILITY` % or more, widowhood, a minority). Empty for a message that names a group or a need of its
    own ("scholarship for girls"), asks for no kind of help, or when nothing of these was told. A newcomer trial's SC student
    in class 11 in Karnataka had been listed a police wards' scholarship and a cultural research fellowship."""
    kinds = kind_names(text)
    if not kinds or not state.profile:
        return {}
    from retrieval.states import personal_fact_words

    if set(need_words(analyze(text), set(personal_fact_words(text)))) - kind_terms_of(text):
        return {}

    def value(name: str):
        held = state.profile.get(name)
        return held.value if held is not None else None

    words: dict[str, str] = {}
    if value("social_category") in _CATEGORY_WORDS:
        words["social_category"] = _CATEGORY_WORDS[value("social_category")]
    if value("is_minority") is True:
        words["is_minority"] = "minority"
    disability = value("disability_percent")
    if isinstance(disability, (int, float)) and disability >= BENCHMARK_DISABILITY:
        words["disability_percent"] = "disability"
    if value("marital_status") == "widowed" and value("gender") == "female":
        words["marital_status"] = "widow"
    studying = value("is_student") is True or value("occupation") == "student"
    level = value("education_level")
    if studying and "scholarship" in kinds and level in _POST_MATRIC | _PRE_MATRIC:
        words["education_level"] = "post matric" if level in _POST_MATRIC else "pre matric"
    elif value("occupation") in _OCCUPATION_WORDS:
        words["occupation"] = _OCCUPATION_WORDS[value("occupation")]
    return words


#: the sections that say what a scheme is for and gives (not its rules, documents or FAQs)
_WHAT_IT_IS = frozenset(SECTION_ORDER_INDEX[s] for s in ("details", "benefits") if s in SECTION_ORDER_INDEX)


def _speaks_of(index, ranked, terms: list[str]) -> bool:
    """Whether a scheme speaks of every analysed term of ``terms`` where it says what it is for: in the passages that
    ranked it (``ranked``: a :class:`~retrieval.searcher.RankedScheme`, its best match and the passage to quote; not an
    FAQ's, unless the page has nothing but FAQs) or in its details and benefits (not only in its rules: a journalists'
    insurance covering "daughters until marriage")."""
    lo, hi = index.chunk_range(ranked.scheme_id)
    what = {c for c in range(lo, hi) if int(index.chunk_section[c]) in _WHAT_IT_IS}
    # (an FAQ passage counts only on a page of FAQs alone: "Shall an applicant be eligible for a scholarship after
    # marriage/re-marriage?" had listed the CPF wards' scholarship for "beti ki shadi hai, madad chahiye")
    faqs = SECTION_ORDER_INDEX.get("faqs")
    ranked_by = {c for c in (ranked.match.chunk, ranked.hit.chunk) if not what or int(index.chunk_section[c]) != faqs}
    held = frozenset().union(*(index.chunk_term_ids(c) for c in ranked_by | what))
    return all(index.vocabulary.get(term, -1) in held for term in terms)


def other_script(text: str) -> bool:
    """Whether most of ``text``'s letters are in an Indian script other than Devanagari (Tamil, Bengali, Telugu ...,
    Urdu's Perso-Arabic), which this bot does not read."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(1 for c in letters if _OTHER_INDIC.match(c)) * 2 > len(letters)


def _as_page(replies: list[Reply], page: str) -> Reply:
    """``replies`` sent as one ``page`` (the first of their pages): the last reply's kind, field and
    options (a question stays answerable by its buttons), every reply's citations and links (a DLT template's link
    slot is filled from them: a decline's had been sent empty, a break-it trial)."""
    last = replies[-1]
    return Reply(kind=last.kind, text=page, field=last.field, options=last.options,
                 citations=[c for r in replies for c in r.citations], links=list(dict.fromkeys(u for r in replies for u in r.links)))


#: channels whose user ids are one person's: a phone number's SMS and WhatsApp (Twilio); /forget on one deletes both
LINKED_CHANNELS = {"sms": "whatsapp", "whatsapp": "sms"}


def _yes_no(lang: str) -> list[Option]:
    yes, no = {"hi": ("हाँ", "नहीं"), "hinglish": ("Haan", "Nahi")}.get(lang, ("Yes", "No"))
    return [Option(value="yes", label=yes), Option(value="no", label=no)]


def answer_reply(answer: Answer, lang: str) -> Reply:
    """An :class:`~retrieval.answer.Answer` as a channel-neutral reply with a plain-text rendering."""
    if answer.status == "clarify":
        return Reply(kind="question", field="state", text=t("which_state", lang, examples=", ".join(answer.state_versions[:4])))
    if answer.status == "declined" and answer.decline_reason == "too_broad":  # "which schemes": ask what for
        return Reply(kind="info", text=t("too_broad", lang))
    if answer.status == "declined":
        # (a helpline or a place to complain asked for is what the documents do not give, not a payment's status or date)
        contact = answer.decline_reason == "not_stated" and asks_contact_only(answer.query)
        if answer.decline_reason in ("not_in_corpus", "unknown_name", "no_section", "not_stated") and answer.decline_scheme:
            key = {"not_in_corpus": "decline_named", "unknown_name": "decline_unknown_name",
                   "not_stated": "decline_no_contact" if contact else "decline_not_stated"}.get(answer.decline_reason, "decline_no_section")
            head = t(key, lang, scheme=answer.decline_scheme)
        else:
            head = t("decline", lang, reason=reason_text("not_stated_contact" if contact else answer.decline_reason, lang))
        return Reply(kind="decline", text=answer.plain(head=head, official=t("official_sources", lang)), links=answer.official_links)
    return Reply(kind="answer", text=answer.plain(sources=t("sources" if len(answer.citations) > 1 else "source", lang)), citations=answer.citations, links=answer.official_links)
