"""What a short message means — yes, no, stop, skip, don't know, thanks, goodbye, a greeting, "more", help, the
start of an eligibility check, "delete my data", the word "check" sent for ``/eligibility`` — read from example phrases kept as data.

The phrases live in ``data/lexicon/intents.tsv`` (``intent<TAB>lang<TAB>phrase``, languages ``en``,
``hi`` for Devanagari and ``hinglish`` for Romanized Hindi); this module is the one place they are
matched. Phrase syntax:

- words separated by spaces;
- ``{a|b c|d}``: one of the alternatives (each may be several words); an empty alternative (``{|it}``)
  makes the group optional;
- ``…``: a gap of up to :data:`GAP_WORDS` words (``am i … eligible`` = "am I still eligible").

A message and every phrase are normalised the same way (:func:`normalise_message`): NFC, case-folded,
digits of Indian scripts as ASCII, apostrophes, zero-width and direction marks dropped ("don't" =
"dont"), other punctuation (the danda too) as a space, emoji split from words with skin tones and
variation selectors removed, a word or emoji repeated at once counted once ("hi hi", "👍👍"), and a letter typed three or more times tried once and twice ("hiii" = "hi",
"thanksss" = "thanks", "hmmm" = "hmm"), a doubled one also once ("yess" = "yes"). Words of courtesy (``polite_before``: "please", "kripya";
``polite_after``: "ji", "sir", 🙏, 👍) are dropped from either end while a word remains.

Two kinds of intent (:data:`WITHIN`):

- **whole-message** intents (all but ``dont_know`` and ``start_check``): the message, after courtesy,
  is one of the phrases (a message of emoji alone that is none of them is an ``ack``), or is spelled like a Hindi or Hinglish phrase: the same spelling skeleton
  (:func:`retrieval.translit.skeleton`, so "dhanyavaad" = "dhanyawad" = "धन्यवाद") of at least
  :data:`SKELETON_MIN` letters (shorter ones collide: "ha" and "hi") and a similarity of at least
  :data:`SPELLING_SIMILARITY` between the two written in Latin letters ("scary" has the skeleton of
  "shukriya" but not its letters). English phrases are matched only as written: an English word
  shares its skeleton with others ("warning", "wrong");
- **within** intents (``dont_know``, ``start_check``): a phrase found anywhere in the message, on word
  boundaries ("I am not sure about that" says ``dont_know``); a message that is only such a phrase also
  says it whole.

A nearest-example match by the dense encoder (multilingual-e5-small, issue 10) was tried and not used:
its cosines sit in a narrow band and do not follow the intent. Measured on 2026-12-02 against four
examples each of thanks, yes, stop and more: "nahi" is nearest to a yes (0.888), "one stop centre" to a
stop (0.901) and "yes bank loan" to a yes (0.906), all above "shukriya" to a thanks (0.875); "bihar"
scores 0.859 against a more. Each match would also cost a question's embedding.
"""

from __future__ import annotations

import difflib
import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from data import lexicon_rows
from eligibility.parse import normalise

__all__ = ["GAP_WORDS", "INTENTS", "Intents", "WITHIN", "intents_of", "is_skip", "is_stop", "means", "mentions",
           "normalise_message", "phrases"]

#: every intent of the table, in the order its docstring lists them
INTENTS = ("yes", "no", "stop", "skip", "dont_know", "thanks", "bye", "greeting", "greeting_emoji", "ack", "more", "help",
           "start_check", "will_get", "forget", "check_command")
#: intents found anywhere in a message (the rest must be the whole message); ``will_get`` ("kya mujhe pm kisan milega")
#: is read as ``start_check`` unless the message asks how much, when, how or where (:data:`_ASKS_WHAT`)
WITHIN = frozenset({"dont_know", "start_check", "will_get"})
_POLITE = ("polite_before", "polite_after")
LANGS = ("en", "hi", "hinglish")
#: "…" in a phrase: at most this many words
GAP_WORDS = 8
#: a whole-message match by spelling skeleton needs at least this many skeleton letters
SKELETON_MIN = 4
#: a match by skeleton also needs this similarity (difflib ratio) of the Latin spellings
SPELLING_SIMILARITY = 0.75
#: a message of more words than this is no whole-message intent (only a within one)
MAX_WHOLE_WORDS = 12
#: of a longer message, at most this many characters are searched for a within intent
MAX_SCAN_CHARS = 4000

_DROP = dict.fromkeys(map(ord, "'\u2019\u2018`\ufe0e\ufe0f"), None) | {c: None for c in range(0x1F3FB, 0x1F400)}
_RUN3 = re.compile(r"([a-z])\1{2,}")
_RUN2 = re.compile(r"([a-z])\1+")
_GROUP = re.compile(r"\{([^{}]*)\}")


def _is_symbol(ch: str) -> bool:
    return unicodedata.category(ch) == "So"


def _words(text: str) -> list[str]:
    """Normalised words of ``text``: the steps of the module docstring except the repeated letters."""
    text = normalise(text).translate(_DROP)
    out: list[str] = []
    buf: list[str] = []
    for ch in text:
        if unicodedata.category(ch) == "Cf":
            continue  # zero-width and direction marks (U+200B-200F, U+061C, U+2066-2069, ...): invisible
        if _is_symbol(ch):
            out.append("".join(buf))
            buf = []
            out.append(f" {ch} ")
        elif unicodedata.category(ch).startswith("P") and ch != "/":
            buf.append(" ")
        else:
            buf.append(ch)
    out.append("".join(buf))
    words = " ".join(out).split()
    # a word or emoji repeated is said once ("👍👍👍", "hi hi")
    return [w for i, w in enumerate(words) if not (i and w == words[i - 1])]


def normalise_message(text: str) -> tuple[str, ...]:
    """The forms of ``text`` that are matched: its normalised words joined by single spaces, with letters
    typed three or more times once and twice, and any doubled letter once ("hiii" -> "hi", "hii";
    "yess" -> "yes"; duplicates dropped)."""
    joined = " ".join(_words(text))
    forms = [_RUN3.sub(r"\1", joined), _RUN3.sub(r"\1\1", joined), _RUN2.sub(r"\1", joined)]
    return tuple(dict.fromkeys(forms))


def _expand(phrase: str) -> list[str]:
    """Every word sequence a phrase stands for, normalised, with ``…`` kept as a word."""
    parts = _GROUP.split(phrase)
    # _GROUP.split alternates literal text and group bodies
    choices = [[p] if i % 2 == 0 else p.split("|") for i, p in enumerate(parts)]
    out = []
    for combo in itertools.product(*choices):
        words = []
        for piece in " ".join(combo).split():
            words.extend(["…"] if piece in ("…", "...") else _words(piece))
        words = [w for i, w in enumerate(words) if not (i and w == words[i - 1])]  # as _words does
        if words:
            out.append(" ".join(words))
    return out


@dataclass(frozen=True)
class _Table:
    """The compiled phrase table: whole-message phrases (and their skeleton keys) -> intents, one
    regular expression per within intent, and the words of courtesy."""

    whole: dict[str, frozenset[str]]
    langs: dict[str, frozenset[str]]
    skeletons: dict[str, list[tuple[str, str]]]
    within: dict[str, re.Pattern[str]]
    polite_before: frozenset[str]
    polite_after: frozenset[str]
    examples: dict[str, dict[str, list[str]]]


def _skeleton_key(phrase: str) -> str | None:
    """The spelling skeleton of a phrase (words' skeletons joined), or ``None`` when it has emoji or too
    few letters to tell apart."""
    from retrieval.translit import skeleton

    keys = [skeleton(w) for w in phrase.split()]
    if not all(keys) or sum(map(len, keys)) < SKELETON_MIN:
        return None
    return " ".join(keys)


def _latin(phrase: str) -> str:
    """A phrase in Latin letters (Devanagari words romanized)."""
    from retrieval.translit import romanize

    return " ".join(romanize(w) for w in phrase.split())


def _phrase_regex(phrase: str) -> str:
    """A phrase as a regular expression over normalised words, each word followed by one space (matched
    against a form with a space appended); a group is an alternation, ``…`` a gap of up to
    :data:`GAP_WORDS` words."""
    out = []
    for i, part in enumerate(_GROUP.split(phrase)):
        if i % 2:  # a group: one alternative, or nothing for an empty one
            out.append("(?:" + "|".join(_phrase_regex(alt) for alt in part.split("|")) + ")")
            continue
        for piece in part.split():
            if piece in ("…", "..."):
                out.append(rf"(?:\S+ ){{0,{GAP_WORDS}}}")
            else:
                out.extend(re.escape(w) + " " for w in _words(piece))
    return "".join(out)


@lru_cache(maxsize=1)
def _table() -> _Table:
    """Read and compile ``data/lexicon/intents.tsv``.

    Raises:
        ValueError: a row of an unknown intent or language, or a phrase that means nothing.
    """
    whole: dict[str, set[str]] = {}
    langs: dict[str, set[str]] = {}
    skeletons: dict[str, list[tuple[str, str]]] = {}
    seqs: dict[str, list[str]] = {}
    polite: dict[str, set[str]] = {p: set() for p in _POLITE}
    examples: dict[str, dict[str, list[str]]] = {}
    for n, (intent, lang, phrase) in lexicon_rows("intents.tsv", 3):
        if intent not in INTENTS and intent not in _POLITE:
            raise ValueError(f"intents.tsv line {n}: unknown intent {intent!r}")
        if lang not in LANGS:
            raise ValueError(f"intents.tsv line {n}: unknown language {lang!r}")
        expanded = _expand(phrase)
        if not expanded:
            raise ValueError(f"intents.tsv line {n}: the phrase {phrase!r} has no words")
        examples.setdefault(intent, {}).setdefault(lang, []).extend(expanded)
        if intent in _POLITE:
            polite[intent].update(expanded)
        elif intent in WITHIN:
            seqs.setdefault(intent, []).append(phrase)
        else:
            for p in expanded:
                if "…" in p:
                    raise ValueError(f"intents.tsv line {n}: a gap '…' in a whole-message intent")
                whole.setdefault(p, set()).add(intent)
                langs.setdefault(p, set()).add(lang)
                key = _skeleton_key(p) if lang != "en" else None
                if key is not None:
                    skeletons.setdefault(key, []).append((_latin(p), intent))
    return _Table(
        whole={k: frozenset(v) for k, v in whole.items()},
        langs={k: frozenset(v) for k, v in langs.items()},
        skeletons=skeletons,
        within={i: re.compile(r"(?:^| )(?:" + "|".join(map(_phrase_regex, s)) + ")") for i, s in seqs.items()},
        polite_before=frozenset(polite["polite_before"]),
        polite_after=frozenset(polite["polite_after"]),
        examples=examples,
    )


def _without_courtesy(form: str, table: _Table) -> str:
    """``form`` with words of courtesy dropped from either end while a word remains."""
    words = form.split()
    changed = True
    while changed and len(words) > 1:
        changed = False
        for n in (2, 1):  # two-word courtesies first
            if len(words) > n and " ".join(words[:n]) in table.polite_before:
                words, changed = words[n:], True
                break
            if len(words) > n and " ".join(words[-n:]) in table.polite_after:
                words, changed = words[:-n], True
                break
    return " ".join(words)


def _by_spelling(core: str, table: _Table) -> set[str]:
    """The intents of the Hindi and Hinglish phrases spelled like ``core`` (see the module docstring)."""
    key = _skeleton_key(core)
    if key is None or key not in table.skeletons:
        return set()
    latin = _latin(core)
    return {intent for phrase, intent in table.skeletons[key]
            if difflib.SequenceMatcher(None, latin, phrase).ratio() >= SPELLING_SIMILARITY}


@dataclass(frozen=True)
class Intents:
    """What a message says: ``whole``, the intents the whole message expresses; ``within``, the within
    intents (:data:`WITHIN`) found anywhere in it; ``langs``, the languages of the phrases the whole
    message is (``{"hinglish"}`` for "roko", empty when it matched none as written)."""

    whole: frozenset[str]
    within: frozenset[str]
    langs: frozenset[str] = frozenset()


@lru_cache(maxsize=4096)
def intents_of(text: str) -> Intents:
    """The intents of ``text`` (any length; a long message can only carry within intents)."""
    table = _table()
    whole: set[str] = set()
    within: set[str] = set()
    langs: set[str] = set()
    for form in normalise_message(text[:MAX_SCAN_CHARS]):
        for intent, pattern in table.within.items():
            if pattern.search(form + " "):
                within.add(intent)
        if "start_check" in within and (of := _NOT_A_CHECK.search(form)) and not table.within["start_check"].search(
                form[:of.start()] + " " + form[of.end():] + " "):
            # "what can I get from pm kisan": its benefits; "how can I get it", "when will I get it": how to apply, when
            # it is paid; not a check
            within.discard("start_check")
        if "will_get" in within:
            # "kya mujhe pm kisan milega", "क्या मुझे वृद्धावस्था पेंशन मिलेगी": whether it is theirs, a check (a re-check trial
            # had quoted the benefits); "kya mujhe kitna paisa milega", "kab milega": how much, when: not a check
            within.discard("will_get")
            if not _ASKS_WHAT.search(form):
                within.add("start_check")
        if len(form.split()) > MAX_WHOLE_WORDS:
            continue
        core = _without_courtesy(form, table)
        whole |= table.whole.get(core, frozenset())
        langs |= table.langs.get(core, frozenset())
        whole |= {i for i, p in table.within.items() if p.fullmatch(core + " ")}
        if not whole:
            whole |= _by_spelling(core, table)
        if not whole:
            whole |= _small_talk_run(core, table)
        if not whole and _THANKS_FOR.fullmatch(core):
            whole.add("thanks")  # "thanks for the pension details": thanks, not a search (a break-it trial got UMANG's steps)
    whole.discard("will_get")
    if not whole and _only_symbols(text):
        whole.add("ack")  # "😀🎉", "🌸🌸": no words to search with, and nothing asked
    return Intents(frozenset(whole), frozenset(within), frozenset(langs))


#: "what can I get from / under <a scheme>": what the scheme gives, not "which schemes can I get"
#: a question for how much, when, how or where: what a "will I get it" phrase asks then is no check
_ASKS_WHAT = re.compile(r"\b(?:kab|kaise|kaisa|kaese|kahan|kahaan|kaha|kitna|kitni|kitne|how|when|where|what|which)\b|कब|कैसे|कहाँ|कहां|कितना|कितनी|कितने")
_NOT_A_CHECK = re.compile(r"\bwhat (?:help |benefits? |support )?(?:can|could|will|do) (?:i|we) (?:get|avail|claim) (?:from|under|in|through|with|by)\b"
                       r"|\b(?:how|where|when|from where) (?:can|could|do|will|would|should) (?:i|we) (?:get|avail|claim|receive)\b")


#: small talk that may follow one another in one message ("ok thanks bye", "super, thanks!", "hi, how are you"), and which of
#: them the message as a whole says: the last word of a conversation first (a goodbye, then thanks, then a greeting)
_SMALL_TALK_ORDER = ("bye", "thanks", "greeting", "ack")


#: thanks for something just given, with no question in it ("thanks for the pension details", "thank you so much for the
#: information", "dhanyawad jaankari ke liye"); "thanks to pm kisan I got money, how do I apply ..." asks something
_THANKS_FOR = re.compile(r"(?:thanks|thank you|thank u|thanku|thx|many thanks)(?: so much| a lot| very much)? for (?:the |your |this |that |all the )?"
                         r"(?!.*\b(?:how|what|when|where|which|who|why|can|could|is|are|do|does|kya|kaise|kab|kahan|kaun)\b)[a-z ]{1,40}"
                         r"|(?:dhanyawad|dhanyavad|shukriya|bahut dhanyawad|bahut shukriya) (?:is |iss |)?(?:jankari|jaankari|information|madad) ke liye"
                         r"|(?:जानकारी|मदद) के लिए (?:धन्यवाद|शुक्रिया)")


def _small_talk_run(core: str, table: _Table) -> set[str]:
    """The one small-talk intent of a message made of two or three small-talk phrases in a row ("ok thanks bye": bye),
    else nothing. Only whole phrases of the table count, so "thanks for the pension details" is none."""
    words = core.split()
    if not 2 <= len(words) <= 8:
        return set()

    def run(start: int, left: int) -> set[str] | None:
        """The intents of ``words[start:]`` read as at most ``left`` phrases, the longest first; ``None`` if it is not."""
        if start == len(words):
            return set()
        for end in range(len(words), start, -1):
            said = table.whole.get(" ".join(words[start:end]), frozenset()) & set(_SMALL_TALK_ORDER)
            if said and left and (rest := run(end, left - 1)) is not None:
                return said | rest
        return None

    said = run(0, 3)
    return {next(i for i in _SMALL_TALK_ORDER if i in said)} if said else set()


def _only_symbols(text: str) -> bool:
    """True if ``text`` holds symbols (emoji, pictographs) and nothing else: no letter or digit of any script,
    no punctuation (a row of "?" is a question that could not be read, not an acknowledgement)."""
    chars = [ch for ch in text if not ch.isspace() and unicodedata.category(ch) not in ("Mn", "Cf")]
    return bool(chars) and all(unicodedata.category(ch) in ("So", "Sk") for ch in chars)


def means(text: str, intent: str) -> bool:
    """True if the whole of ``text`` (courtesy aside) expresses ``intent``.

    Raises:
        KeyError: an intent not in :data:`INTENTS`.
    """
    if intent not in INTENTS:
        raise KeyError(intent)
    return intent in intents_of(text).whole


def mentions(text: str, intent: str) -> bool:
    """True if a phrase of the within intent ``intent`` occurs anywhere in ``text``.

    Raises:
        KeyError: an intent not in :data:`WITHIN`.
    """
    if intent not in WITHIN:
        raise KeyError(intent)
    return intent in intents_of(text).within


def is_skip(text: str) -> bool:
    """True if ``text`` leaves the question asked unanswered: "skip", "pata nahi", or a short answer (at
    most 7 words) saying the user does not know ("no, I don't know")."""
    found = intents_of(text)
    return bool(found.whole & {"skip", "dont_know"}) or (len(text.split()) <= 7 and "dont_know" in found.within)


def is_stop(text: str) -> bool:
    """True if ``text`` asks to stop the running check ("stop", "bas karo", "रोको")."""
    return means(text, "stop")


def phrases(intent: str) -> dict[str, list[str]]:
    """The expanded example phrases of ``intent`` by language (for tests and documentation)."""
    return {lang: list(p) for lang, p in _table().examples.get(intent, {}).items()}
