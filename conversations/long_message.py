"""The question inside a long message.

People paste long messages: a story of their situation, a forwarded notice, a form, with the question at
the end ("... Kripya batayein ki pm kisan ke liye kaun se documents chahiye?"). Searching with the first
characters of such a message finds the story, not the question. :func:`focus` picks what to search with:

1. the last question-like sentence (a question mark, or a question word or request in English, Romanized
   Hindi or Hindi: what / how / I want / kya / kaise / kitna / क्या / कैसे / chahiye / batayein ...; not an
   exclamation or courtesy such as "What a year it has been" or "How are you sir");
2. when that sentence names no scheme, the scheme named in the nearest earlier sentence that names one is
   put before it (a story that names "PM-KISAN" and ends "what documents do I need?" is searched as
   "PM-KISAN: what documents do I need?"); with no scheme named, the first sentence stating the user's
   situation (a life event) is;
3. with no question-like sentence, the last sentence that names a scheme or a section (documents,
   eligibility, benefits, how to apply);
4. a message whose last sentence is too long to be one (a story typed without full stops, the question
   at its end): its last :data:`TAIL_WORDS` words, when they ask or name something;
5. else the message's first characters, as before.

The result is at most ``limit`` characters. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from retrieval.query import section_intents

#: the words of a run-on message's end searched as its question: a question rarely runs longer (the
#: longest of the dev questions has 24 words)
TAIL_WORDS = 30
#: sentence ends: Latin or Devanagari full stop, ! ? (maybe repeated), or a line break
_SENTENCE = re.compile(r"(?<=[.!?\u0964\u0965])\s+|\n+")
#: a question: a question mark, or a question word of English, Romanized Hindi or Hindi
QUESTION = re.compile(
    r"\?|\b(what|how|which|who|when|where|why|whom|whose|can i|can we|am i|is there|are there|do i|does|should i|tell me|please tell|"
    r"i want|i need|we want|we need|i would like|help me|please help|"
    r"kya|kyaa|kaise|kaisey|kaun|kaunsa|kaun ?se|kaun ?si|kitna|kitni|kitne|kab|kahan|kahaan|kyun|kyon|chahiye|chahie|"
    r"bataye[in]?|bataiye|batao|bataen|batayen|batayein|milega|milegi|mil sakta|mil sakti)\b"
    r"|क्या|कैसे|कौन|कितना|कितनी|कितने|कब|कहाँ|कहां|क्यों|चाहिए|बताएं|बताइए|बताओ|बताएँ|मिलेगा|मिलेगी|मिल सकता|मिल सकती",
    re.IGNORECASE,
)


#: sentences with a question word that ask nothing: exclamations and courtesies ("What a year it has
#: been.", "How are you sir.")
NOT_A_QUESTION = re.compile(r"^\W*(what an? |how are you|how r u|how do you do|how is everyone|kaise ho|kaise hain|kya haal|आप कैसे)",
                            re.IGNORECASE)
_LINK = re.compile(r"(https?://|www\.)\S+", re.IGNORECASE)


def is_question(sentence: str) -> bool:
    """Whether ``sentence`` asks something (``QUESTION``, a "?" outside any link), and is not an
    exclamation or a courtesy (``NOT_A_QUESTION``)."""
    bare = _LINK.sub(" ", sentence)
    return QUESTION.search(bare) is not None and NOT_A_QUESTION.search(bare) is None


@dataclass(frozen=True)
class Focus:
    """What to search with: ``text`` (at most the limit), and ``how``: ``question`` (a question found in
    the message), ``topic`` (a sentence naming a scheme or a section) or ``start`` (its first characters)."""

    text: str
    how: str


def sentences(text: str) -> list[str]:
    """The non-empty sentences of ``text`` (see ``_SENTENCE``), stripped."""
    return [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]


def focus(text: str, limit: int, scheme_named: Callable[[str], str | None],
          own_subject: Callable[[str], bool] = lambda sentence: False,
          situation: Callable[[str], bool] = lambda sentence: False) -> Focus:
    """The part of a message longer than ``limit`` characters to search with (see the module docstring).

    Args:
        text: the whole message.
        limit: the most characters to keep (``conversations.engine.MAX_MESSAGE_CHARS``).
        scheme_named: the scheme a sentence names, as written there, or ``None`` (the gazetteer's look-up).
        own_subject: whether a question has a subject of its own that no earlier scheme should be put
            before ("how do I get a ration card?", ``conversations.rewrite.OWN_NEED``).
        situation: whether a sentence states the user's situation (a life event: "my husband died"); when no scheme
            is named, the first such sentence is put before the question ("मुझे पेंशन कैसे मिलेगी?" after a widow's
            story is searched with the death it follows).
    """
    parts = sentences(text)
    questions = [i for i, s in enumerate(parts) if is_question(s) and len(s) <= limit]
    if questions:
        i = questions[-1]
        chosen = parts[i]
        if not scheme_named(chosen) and not own_subject(chosen):
            # the scheme of the nearest earlier sentence that names one: what the question is about
            earlier = next((name for j in range(i - 1, -1, -1) if (name := scheme_named(parts[j]))), None)
            if earlier and len(earlier) + len(chosen) + 2 <= limit:
                chosen = f"{earlier}: {chosen}"
            elif not earlier:
                said = next((parts[j] for j in range(i) if situation(parts[j])), None)
                if said and len(said) + len(chosen) + 1 <= limit:
                    chosen = f"{said} {chosen}"
        return Focus(chosen, "question")
    topical = [s for s in parts if len(s) <= limit and (section_intents(s) or scheme_named(s))]
    if topical:
        return Focus(topical[-1], "topic")
    if len(parts[-1] if parts else "") > limit:
        # one run-on sentence, longer than the limit: its last TAIL_WORDS words, where a question is put
        tail = " ".join(text.split()[-TAIL_WORDS:])[-limit:]
        if is_question(tail) or section_intents(tail) or scheme_named(tail):
            return Focus(tail, "question")
    return Focus(text[:limit], "start")
