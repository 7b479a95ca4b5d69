"""The eligibility interview inside a conversation: starting it, reading answers, replying.

The planning is :mod:`eligibility.interview` (pure); this module keeps the progress and the profile in
:class:`~conversations.state.UserState` and turns decisions into replies:

- it starts on "am I eligible for X", "check eligibility", "which schemes can I get", their Hindi and
  Hinglish forms, or ``/eligibility [scheme]``; a named scheme gives a one-scheme interview, otherwise
  a screening across all schemes (at most ``max_questions`` questions);
- an answer may fill several fields at once ("I'm a 45 year old farmer from Bihar, income 1.2 lakh"),
  and "actually my age is 62" corrects a field at any point;
- "skip" / "don't know" / "pata nahi" leave the field unknown and move on; after two unusable answers
  to one question the bot explains why it asks and offers skip or stop (a third one skips it);
  "stop" / "cancel" leaves the interview and keeps what was said;
- a scheme question asked mid-interview is answered, and the interview resumes with a reminder;
- the profile stays in the state for later interviews; when a remembered answer would make a scheme
  "not eligible" at the start of a new check, that question is asked again (the user may have moved on).
"""

from __future__ import annotations

import math
import re
import threading
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from retrieval.life_events import affirmed, life_event
from conversations.rulebook import RuleBook
from conversations.state import InterviewState, ProfileValue, UserState
from conversations.strings import t
from conversations.types import Option, Outcome as ReplyOutcome, Reason, Reply, Unchecked
from eligibility.extract import _RELATIVE, CLAUSE_END, conflicting_ages, conflicting_states, denied, extract, husband_died, own_words
from eligibility.fields import (BPL_CARD, CATEGORIES, EDUCATION, FIELDS, GENDERS, MARITAL, MAX_AGE, MIN_AGE, OCCUPATIONS, RATION_CARD, RESIDENCES,
                               option_label, unclear_number, valid_value, value_label)
from eligibility.interview import MAX_QUESTIONS, next_field, screen
from conversations.intents import intents_of, is_skip, is_stop, means, mentions
from eligibility.parse import MONTHLY, NO_INCOME_PHRASE, normalise, parse_money, parse_yes_no
from eligibility.rules import Criterion, Outcome, criteria, outcome
from eligibility.text_rules import LIFE_EVENT, Unit, read_unit
from retrieval.gazetteer import blank_mentions
from retrieval.query import OWN_MONEY, PRE_MATRIC, gives_kinds, kinds_of_help, school_classes, section_intents, wrong_school_stage
from retrieval.searcher import names_only_a_state
from retrieval.states import find_states, personal_fact_words, state_label, state_of
from retrieval.tokenize import analyze as _analyze

if TYPE_CHECKING:
    from conversations.engine import Engine, TurnResult

#: "am I eligible for this / it / is yojana ke liye": the scheme under discussion
THIS_SCHEME = re.compile(r"\b(this|it|this scheme|that scheme|is yojana|iske|iska|isme|ismein|us yojana|ye|yeh|ise|isko|ye yojana|yeh yojana)\b"
                         r"|इस योजना|इसके|इसका|(?<![\u0900-\u097f])(?:यह|ये|इसे)(?![\u0900-\u097f])", re.IGNORECASE)
#: a check across schemes rather than of the one under discussion ("which schemes can I get", "koi yojana")
ACROSS_SCHEMES = re.compile(r"\b(which|what|kaun|kon|konsi|kaunsi|schemes|yojanayen|yojanaen|yojnaye|yojanaye|yojanaon|any|koi|sab|sabhi|all|"
                            r"benefits|other|aur kya)\b|कौन|किन|योजनाएँ|योजनाएं|कोई|सभी|/eligibility", re.IGNORECASE)
#: "am I eligible for X", "X ke liye eligible": the name the user gave, to say so when no scheme has it
NAMED_SCHEME = re.compile(r"\b(?:eligible|qualify|entitled|apply) for (?:the |a |an )?([^?.!,]{3,60}?)\s*(?:[?.!,]|$)"
                          r"|\b([^?.!,]{3,40}?) (?:ke|ki|ka) liye (?:eligible|patra|paatra|yogya)\b"
                          r"|([^?.!,।]{3,40}?) (?:के|की|का) लिए (?:पात्र|योग्य|eligible)", re.IGNORECASE)
#: words of such a name that name no particular scheme ("any scheme", "a pension", "all schemes")
_GENERIC_NAME_WORDS = frozenset("""any all some a an the this that it scheme schemes yojana yojna yojanas government govt sarkari
    central state benefit benefits pension pensions scholarship scholarships loan loans subsidy subsidies help support money
    kisi koi kaun konsi kaunsi sab sabhi me mein main mai i am kya which what these those them one ones something anything
    of for in my our to get""".split())
#: words of such a name that name no kind of scheme either ("any scheme", "all government schemes"): "pension",
#: "scholarship", "loan" and "subsidy" do ("am I eligible for a pension?" checks pensions)
_NO_KIND_WORDS = _GENERIC_NAME_WORDS - {"pension", "pensions", "scholarship", "scholarships", "loan", "loans", "subsidy", "subsidies"}
#: at most this many schemes of the kind asked are checked (those the search ranks near the first: retrieval.answer.list_fits)
KIND_SCHEMES = 8
#: a verdict fits one WhatsApp message (Twilio's documented limit for a WhatsApp body is 1,600 characters)
VERDICT_CHARS = 1600
#: schemes shown per verdict page (the rest on "MORE")
VERDICT_SCHEMES = 5
#: from this age, "are you studying?" is not asked in a screening (left unknown, not assumed)
NO_STUDY_QUESTION_FROM_AGE = 40

CORRECTION = re.compile(r"\b(actually|sorry|correction|i meant|mistake|galti|asal (me|mein))\b|असल में|गलती|माफ़ कीजिए"
                        # "no, my age is 66", "नहीं, मेरी उम्र 66 है": a no leading a statement corrects (a newcomer trial: after a
                        # verdict it had been searched and declined)
                        r"|^\s*(?:no|nahi|nahin|nope)\s*[,.!]\s*(?=\S)|^\s*नहीं\s*[,।!]\s*(?=\S)", re.IGNORECASE)
#: a pause to correct what was just said ("no wait, 61", "nahi ruko, 61", "I mean 45")
WAIT = re.compile(r"\b(?:no\s+wait|wait|ruko|rukiye|ruk\s+jao|i\s+mean|matlab)\b|रुको|रुकिए|मतलब", re.IGNORECASE)
#: an Indian PIN code alone (six digits, the first not 0; "110 001" too)
PIN_CODE = re.compile(r"\s*[1-9]\d{2}\s?\d{3}\s*")
#: the field types read as a number (an age, a percentage, an amount)
NUMBER_TYPES = frozenset({"int", "percent", "money"})
#: a clause that asks (rather than states facts about the user)
ASKING = re.compile(r"\?|\b(am i|can i|could i|will i|do i|which|what|how|kya|eligible|patra|qualify|check)\b|क्या|कौन|पात्र", re.IGNORECASE)
#: a message (of 4+ words) that asks something rather than answering the interview's question: question
#: words, "is there / tell me / batao", or talk of schemes ("koi scheme", "yojana ke baare me")
QUESTIONISH = re.compile(
    r"\?|\b(what|how|which|when|where|why|who|kya|kaise|kitna|kitni|kab|kahan|kaun)\b|क्या|कैसे|कितन|कब|कहाँ|कौन"
    r"|\b(is|are) there\b|\btell me\b|\bbata(o|iye|ye|ana|aiye)\b|\b(ke )?ba+re (me|mein|main)\b"
    r"|\b(scheme|schemes|yojana|yojanas|yojna|yojnaye|yojanaen|yojanayen)\b|योजना|बताओ|बताइए|बताइये|के बारे में"
    # a need: "loan chahiye", and "need" with no "I" ("im sc studnt from karnataka need scholarshp for engg" had only been noted)
    r"|\b(chahiye|chahie|chaiye|need|needs|want|wants|looking for)\b|चाहिए",
    re.IGNORECASE,
)



#: words asking whether the user qualifies ("am I eligible", "kya main patra hoon"), as against asking what help there is
ELIGIBILITY_WORD = re.compile(r"eligib|elegib|eligab|elligib|qualif|entitled|\bpaa?tra\b|\byogya\b|\bha[qk]dar\b|पात्र|योग्य|हकदार|हक़दार", re.IGNORECASE)


#: "why do you ask?", "why do you need my category?", "kyon?", "क्यों पूछ रहे हो?": the user asks why a question is asked
WHY_ASKED = re.compile(r"\s*(?:but\s+|par\s+|lekin\s+)?(?:why(?:\s+(?:do|are|would|should)\s+you\s+(?:ask|asking|need|want)\w*(?:\s+(?:this|that|it|for\s+it|my\s+\w+(?:\s+\w+)?))?)?"
                       r"|kyon|kyun|kyu|kyo|kis\s*liye|kaahe|क्यों|क्यूँ|किसलिए|किस\s+लिए)"
                       r"(?:\s+(?:poochh?|puchh?|pooch|puch|पूछ)\w*(?:\s+(?:rahe|raha|rahi|रहे|रहा|रही)\w*)?(?:\s+(?:ho|hai|hain|हो|है|हैं))?)?\s*[?!.]*\s*$",
                       re.IGNORECASE)


#: "scheme" in the three languages: "which schemes can I get?" asks for the screening, "what help can I get?" for help
SCHEMES_WORD = re.compile(r"\bschemes?\b|\byoj[a]?n|योजना", re.IGNORECASE)


def _restore(state: UserState, before: UserState) -> None:
    """Put every field of ``state`` back as it was in ``before`` (a copy taken before a search that showed nothing)."""
    for name in type(state).model_fields:
        setattr(state, name, getattr(before, name))


def _clip(text: str, limit: int) -> str:
    """``text`` whole when it fits in ``limit`` characters, else its first words and "…" (still a
    word-for-word quote of its beginning)."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"


def schemes_count(n: int, lang: str) -> str:
    """``n`` with the word for scheme, singular for one: "1 scheme", "3 schemes", "1 योजना", "2 योजनाएँ", "2 yojanayein"."""
    one, many = {"hi": ("योजना", "योजनाएँ"), "hinglish": ("yojana", "yojanayein")}.get(lang, ("scheme", "schemes"))
    return f"{n} {one if n == 1 else many}"


#: a family's income a year below this (INR) is asked about before it is noted: per month or per year? (a yearly family
#: income under ₹12,000 is below any poverty line; a month's pay of that size is common)
SMALL_YEARLY_INCOME = 12_000
#: an answer that is only an amount ("5000", "₹ 5,000", "Rs 5000/-")
BARE_AMOUNT = re.compile(r"\s*(?:₹|rs\.?|inr)?\s*\d[\d,]*\s*(?:/-)?\s*", re.IGNORECASE)
#: "per month", "mahina", "महीना" ... and "per year", "saal", "साल"
PER_MONTH = re.compile(r"\bmonth|\bmonthly\b|\bmahin[ae]\b|\bmaheen[ae]\b|\bmasik\b|महीन[ाे]|मासिक", re.IGNORECASE)
PER_YEAR = re.compile(r"\byear|\byearly\b|\bannual|\bsaal\b|\bsal\b|\bsalana\b|\bvarsh|साल|वर्ष|वार्षिक", re.IGNORECASE)



def _age_out_of_range(age: int | float, lang: str) -> str:
    """The age question, saying that ``age`` (years) is outside :data:`~eligibility.fields.MIN_AGE` to
    :data:`~eligibility.fields.MAX_AGE`, the ages the rules are checked for."""
    return t("age_out_of_range", lang, low=MIN_AGE, high=MAX_AGE, value=age, question=FIELDS["age"].question.get(lang, FIELDS["age"].question["en"]))

def _period_question(iv: InterviewState, amount: int, lang: str) -> Reply:
    """"Is ₹5,000 your family's income for a month, or for the whole year?" with its two buttons; ``amount`` (INR, as
    said) waits in ``iv.income_to_confirm`` for the answer."""
    iv.income_to_confirm = amount
    options = [Option(value="per month", label=t("per_month", lang)), Option(value="per year", label=t("per_year", lang))]
    return Reply(kind="question", field="annual_family_income", options=options,
                 text=t("income_period", lang, amount=indian_grouping(amount)))


def indian_grouping(amount: int) -> str:
    """``amount`` (whole rupees) with Indian digit grouping, as amounts are written on scheme pages and
    read by users: the last three digits, then pairs (150000 -> "1,50,000"; 12000000 -> "1,20,00,000")."""
    digits = str(abs(int(amount)))
    head, tail = digits[:-3], digits[-3:]
    pairs = [head[max(0, i - 2):i] for i in range(len(head), 0, -2)][::-1]
    return ("-" if amount < 0 else "") + ",".join([*pairs, tail])


def _show(name: str, value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return {"hi": ("हाँ", "नहीं"), "hinglish": ("haan", "nahi")}.get(lang, ("yes", "no"))[0 if value else 1]
    if name == "annual_family_income":
        return f"₹{indian_grouping(value)} " + {"hi": "सालाना", "hinglish": "saalana"}.get(lang, "a year")
    if name == "disability_percent":
        return f"{value}%"
    if name == "state" and isinstance(value, str):
        return state_label(value, lang)  # "राजस्थान" in a Hindi reply
    if isinstance(value, str):
        return value_label(name, value, lang)
    return str(value)


def facts_shown(values: dict[str, Any], lang: str) -> str:
    """``values`` (field name -> value) as a reply says them: "category SC, education secondary" (in ``lang``)."""
    return ", ".join(f"{_field_label(n, lang)} {_show(n, v, lang)}" for n, v in values.items())


def _field_label(name: str, lang: str) -> str:
    labels = {"annual_family_income": ("family income", "परिवार की आय", "parivar ki aay"), "is_bpl": ("BPL card", "बीपीएल कार्ड", "BPL card"),
              "is_student": ("studying", "पढ़ाई", "padhai"), "disability_percent": ("disability", "दिव्यांगता", "viklangta"),
              "is_minority": ("minority community", "अल्पसंख्यक समुदाय", "alpsankhyak samuday"),
              "marital_status": ("marital status", "वैवाहिक स्थिति", "vaivahik sthiti"),
              "owns_cultivable_land": ("farm land", "खेती की ज़मीन", "kheti ki zameen"), "is_income_tax_payer": ("income tax", "आयकर", "income tax"),
              "social_category": ("category", "वर्ग", "varg"), "education_level": ("education", "शिक्षा", "shiksha"), "age": ("age", "उम्र", "umar"),
              "gender": ("gender", "लिंग", "ling"), "state": ("state", "राज्य", "rajya"), "residence": ("lives in", "निवास", "niwas"),
              "occupation": ("work", "काम", "kaam")}
    en, hi, hinglish = labels.get(name, (name.replace("_", " "), name, name.replace("_", " ")))
    return {"hi": hi, "hinglish": hinglish}.get(lang, en)


#: an amount of money said as such ("1 lakh", "8000 rupaye", "50k", "₹5,000"): an income answer whatever
#: question it answers
MONEY_WORDS = re.compile(r"\b(?:lakh|lakhs|lac|lacs|hazar|hazaar|hajar|thousand|crore|rs|rupees?|rupaye|rupay)\b|₹|\d\s*k\b|लाख|हज़ार|हजार|रुपये|रुपए"
                         # an amount by its period ("12000 per month", "3000 महीना"; not "45 saal", an age): a newcomer trial's
                         # "12000 per month" to the age question was "not understood", and the income asked again later
                         r"|\d\s*(?:/\s*|per\s+|a\s+|every\s+)(?:month|year|annum)\b|\d\s*(?:monthly|yearly|annually|mahina|mahine|salana|"
                         r"p\.?\s?m\b|p\.?\s?a\b)|\d\s*(?:महीना|महीने|मासिक|सालाना|वार्षिक)", re.IGNORECASE)


#: the user stating their own age: "meri umar 45 saal hai", "मेरी उम्र 45 साल है", "my age is 45"
_OWN_AGE = re.compile(r"\b(?:meri|mera|my)\s+(?:umar|umr|umra|age|aayu|ayu)\b(?:\s+(?:is|hai|h))?\s+\d{1,3}\b"
                      r"|मेरी\s+(?:उम्र|उमर|आयु)\s+\d{1,3}", re.IGNORECASE)


def _without_place_and_age(text: str) -> str:
    """``text`` without its clauses that only state an age or where the user lives ("meri umar 67 saal hai, gorakhpur
    me rehta hu, koi pension milegi kya" -> "koi pension milegi kya"): those are noted, and their words only blur the
    search; other facts stay ("I am an SC student from Punjab. What scholarships can I get?" keeps "SC student").
    ``text`` itself when no clause is left or none goes."""
    clauses = [c for c in re.split(r"[,;.!?।]+\s*", text) if c.strip()]
    # (a relative's place goes too: "my son works in Punjab" beside "I am ... from Patna" had searched Punjab's schemes
    # and declined, a break-it trial)
    kept = [c for c in clauses if not (_RELATIVE.search(normalise(c)) and not QUESTIONISH.search(c) and state_of(c))
            and (QUESTIONISH.search(c) or not (facts := stated_facts(c, [])) or not set(facts) <= {"age", "state"}
                 or _words_besides_place_and_age(c) >= 2)]
    return ", ".join(kept) if kept and len(kept) < len(clauses) else text


def _words_besides_place_and_age(clause: str) -> int:
    """How many of ``clause``'s search terms are neither a place, an age nor a number: "I sell vegetables on the street
    in Delhi" has three (it says the need: a newcomer trial had it dropped as a mere place, and "Can I get a loan?"
    alone answered with an SC entrepreneurs' loan), "meri umar 67 saal hai" one."""
    place = personal_fact_words(clause)
    return sum(1 for w in _analyze(clause) if w not in place and not w.replace(".", "").isdigit())


#: a message of at most this many words that takes back a value told and names another is a correction ("not Bihar, Punjab")
SHORT_CORRECTION_WORDS = 8


#: a remembered answer that would end a check at once is asked again only when told more than this many messages ago
RECHECK_AFTER_TURNS = 2
#: the age from which a question says what old age brings (the national old age pension's 60 years: NSAP's IGNOAPS page)
OLD_AGE = 60
#: the lowest age bound that says a scheme is for the old: Rajasthan's pension for elderly small farmers starts at 55 for
#: women and 58 for men (its myScheme page, slesvkspy), as many states' farmers' and workers' pensions do
OLD_AGE_BOUND = 55
#: an age said in years ("70 saal", "70 years", "70 साल"), in a message about a relative: theirs
_RELATIVE_AGE = re.compile(r"\b(\d{2,3})\s*(?:saal|sal|years?|yrs?|varsh|बरस|साल|वर्ष)")
#: the word for a pension, in the three languages
_PENSION_WORD = re.compile(r"pension|penshan|पेंशन|पेन्शन", re.IGNORECASE)
#: words that already say old age
OLD_AGE_WORDS = re.compile(r"\bold\b|\bsenior\b|\belderly\b|\bbudh|\bvridh|\bvriddh|वृद्ध|बुढ़ाप|बुजुर्ग|\bbujurg", re.IGNORECASE)


def _asks_more_than(text: str, found: dict[str, Any]) -> bool:
    """True when an answer to the interview carries at least two content words besides the facts it gives
    ("fishermen insurance kerala" to "which state?"), so that it may also ask something: not "I live in
    Bihar", "45 saal", "yes, BPL card hai"."""
    from retrieval.states import without_states

    from retrieval.query import KIND_OF_HELP

    # (nor the words of the phrase a fact was read from: "कोई काम नहीं करती" to the work question is the answer "unemployed",
    # it had listed schemes for the unemployed in the middle of a newcomer trial's check)
    said = _value_words(tuple(sorted((k, v) for k, v in found.items() if isinstance(v, str))))
    words = [w for w in _analyze(without_states(text)) if not re.fullmatch(r"\d+(?:st|nd|rd|th)?", w) and w not in _ANSWER_WORDS and w not in said]
    # (or one word that names a kind of help: "old age pension in punjab" to "which state?" asks of Punjab's pension; a
    # break-it trial had Punjab noted and the question dropped)
    return len(words) >= 2 or any(KIND_OF_HELP.fullmatch(w) for w in re.findall(r"[\w\u0900-\u097f]+", text.casefold()))


#: the synonym tables of the choice fields (value -> the phrases that name it)
_CHOICE_TABLES = {"occupation": OCCUPATIONS, "marital_status": MARITAL, "education_level": EDUCATION, "social_category": CATEGORIES,
                  "residence": RESIDENCES, "gender": GENDERS}


@lru_cache(maxsize=256)
def _value_words(facts: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The analysed words of every phrase that names one of ``facts`` ((field, value) pairs of choice fields)."""
    return frozenset(w for field, value in facts for phrase in _CHOICE_TABLES.get(field, {}).get(value, ()) for w in _analyze(phrase))


#: words of plain interview answers that ask nothing (in analysed form)
_ANSWER_WORDS = frozenset(w for word in """live living stay resident from village city town rural urban gaon gaanv shahar
    year years old age saal sal umar umr yes haan nahi no card bpl apl ration income kamai aay lakh hazar thousand rupee rupees
    rs family parivar male female man woman mahila purush ladka ladki widow widowed married unmarried single student farmer
    work kaam job percent disability viklang category caste sc st obc general ews
    per month monthly mahina mahine mahiney masik yearly annual annually salana daily weekly about around approx lagbhag
    land acre acres bigha bighas hectare hectares zameen jameen khet own owned name naam ज़मीन जमीन खेत एकड़ बीघा
    रुपये रुपया रुपए महीना महीने मासिक सालाना वार्षिक साल आय कमाई आमदनी लाख हज़ार हजार लगभग
    pass passed fail failed class standard std matric intermediate graduate graduation postgraduate school college padhai
    पास कक्षा""".split() for w in _analyze(word))
#: (the period and money words: "Rs 3000 per month" to the income question had also been searched, and Bihar's widow pension of
#: Rs 300 a month quoted to a widow answering a question; "2000 रुपये महीना" quoted PM-KISAN's instalments, a newcomer trial;
#: the land words: "I have 2 acres of land" to the land question had quoted Rajasthan's zero budget farming, a re-check trial;
#: the schooling words and "8th": "8th pass" to the class question had been noted and searched, a newcomer trial)


def stated_facts(text: str, mentions: list) -> dict[str, Any]:
    """Fields the user states about themselves: only from clauses that do not ask something ("am I
    eligible for widow pension?" states nothing; "I'm 67, a widow" does), with scheme names blanked."""
    blanked = blank_mentions(text, mentions)
    # a "?" ends the question: what follows may be statements ("am I eligible? I'm 67"); the clauses
    # kept are read together, so that "my daughter is 17, she studies" stays about the daughter
    facts = extract(" ; ".join(c for c in CLAUSE_END.split(blanked) if c.strip() and not ASKING.search(c)))
    if "state" in facts and conflicting_states(text):
        del facts["state"]  # "I live in UP and Bihar" (the clauses read apart had lost the "and"): neither, the user is asked
    return facts


#: a speaker talking about themselves ("I am", "my", "main", "meri", "मैं", "मेरा", "हम"); Hinglish
#: "me"/"mein" mean "in" and are not here
FIRST_PERSON = re.compile(
    r"\b(i|i'm|im|i've|ive|my|myself|main|mai|mujhe|mera|meri|mere|hum|ham|hamara|hamari|hamare|we|our|hoon|hun|hu)\b"
    r"|मैं|मै\b|मुझे|मेरा|मेरी|मेरे|हम|हमारा|हमारी|हमारे|हूँ|हूं"
    # "from Bihar, income 1,50,000": a profile given as labelled facts
    r"|^\s*from\b|\b(income|kamai|aay|aamdani|umar|umr|age)\b\s*[:=-]?\s*\d|आय\s*[:=-]?\s*\d|उम्र\s*[:=-]?\s*\d",
    re.IGNORECASE)


def ages_conflict(ages: list[int], lang: str) -> str:
    """The reply to two ages of one's own given at once ("I am 30 and 70"): neither is noted, and the age is asked again."""
    return t("ages_conflict", lang, ages=" / ".join(map(str, ages)))


def states_conflict(places: list[str], lang: str) -> str:
    """The reply to two states of one's own named at once (:func:`~eligibility.extract.conflicting_states`): neither is
    noted, and the user is asked which one they live in."""
    return t("states_conflict", lang, states=" / ".join(state_label(p, lang) for p in places))


def is_about_self(text: str, facts: dict[str, Any]) -> bool:
    """True when a message stating ``facts`` speaks about the user ("I am 67, from Bihar"), or is only
    an age or a state ("Bihar", "67 saal"): "widow pension in punjab" names a widow and a state but asks
    about a scheme."""
    if FIRST_PERSON.search(text):
        return True
    return len(text.split()) <= 2 and set(facts) <= {"state", "age"}


def not_to_ask(profile: dict[str, Any]) -> set[str]:
    """Fields a stated fact makes pointless to ask in a screening. They stay unknown (never assumed):
    a scheme that needs one stays "need more information".

    - ``is_student`` from the age of :data:`NO_STUDY_QUESTION_FROM_AGE`, or when the user named another
      occupation ("a farmer"): no "are you studying?" to a 67-year-old widow;
    - ``education_level`` in the same cases unless the user said they study (the class matters for
      scholarships and courses, which are then not for them).
    """
    out: set[str] = set()
    age = profile.get("age")
    if (isinstance(age, (int, float)) and age >= NO_STUDY_QUESTION_FROM_AGE) or profile.get("occupation") not in (None, "student"):
        out.add("is_student")
        if profile.get("is_student") is not True:
            out.add("education_level")
    return out


#: life events that only a woman of child-bearing age can have: a scheme turning on one is not offered
#: (not even "if this applies to you") to a man or to a woman of :data:`NO_MATERNITY_FROM_AGE` or more
MATERNITY = re.compile(r"\b(pregnan\w*|lactating|expectant|delivery|deliveries|childbirth|child birth|live birth|gave birth)\b", re.IGNORECASE)
NO_MATERNITY_FROM_AGE = 50


def implausible_event(sentence: str, profile: dict[str, Any]) -> bool:
    """Whether the life event of ``sentence`` cannot be the user's (a pregnancy for a man, or for a
    woman of 50 or more)."""
    age = profile.get("age")
    return MATERNITY.search(sentence) is not None and (
        profile.get("gender") == "male" or (isinstance(age, (int, float)) and age >= NO_MATERNITY_FROM_AGE))


#: life events by kind: the words of a scheme's sentence, and the words in which a user says it happened
#: to them ("I am pregnant" makes "the first live birth" a said event, not an "if this applies")
EVENT_KINDS = (
    (MATERNITY, re.compile(r"pregnan|pregnen|pregnet|pragnan|pragnen|expecting|garbh|गर्भ|delivery|prasav|प्रसव|baby due|lactating|breastfeed", re.IGNORECASE)),
    (DEATH := re.compile(r"\b(death|died|dies|deceased|demise|passed away|killed)\b", re.IGNORECASE),
     re.compile(r"died|death|passed away|expired|no more|dehant|dehaant|maut|mrityu|guzar|gujar|देहांत|मृत्यु|मौत|गुज़र|गुजर|निधन", re.IGNORECASE)),
    (re.compile(r"\b(marriage|wedding)\b|\b(?:be|get)\s+married\b", re.IGNORECASE),
     re.compile(r"marriage|wedding|getting married|get married|\bshadi\b|\bshaadi\b|\bvivah\b|\bvivaah\b|शादी|विवाह(?!ित)", re.IGNORECASE)),
    (re.compile(r"\borphans?\b", re.IGNORECASE), re.compile(r"orphan|anath|अनाथ", re.IGNORECASE)),
    (re.compile(r"\baccident\w*", re.IGNORECASE), re.compile(r"accident|durghatna|दुर्घटना", re.IGNORECASE)),
    # a disability the page names without a percentage ("an orthopedically differently abled person", "affected with
    # cerebral palsy"): no field checks it, so for someone who has not said they are disabled it is "if this applies"
    # (a break-it trial: tricycles and calipers were "likely eligible" to a 45-year-old on his state and age alone)
    (DISABILITY_NEED := re.compile(
        r"\b(disab\w*|differently[- ]abled|divyang\w*|handicap\w*|pwds?|cerebral\s+palsy|blind\w*|deaf\w*|visually\s+(?:impaired|challenged)|"
        r"hearing\s+impair\w*|orthopa?edic\w*|locomotor|autis\w*|intellectual\w*\s+disab\w*|lower\s+limbs?|leprosy[- ]cured)\b", re.IGNORECASE),
     re.compile(r"disab|divyang|viklang|handicap|blind|deaf|andh[ai]?\b|behr[ae]|bahr[ae]|polio|wheel ?chair|"
                r"दिव्यांग|विकलांग|अंधा|अंधी|बहरा|बहरी|नेत्रहीन", re.IGNORECASE)),
    # starting a business: a loan or subsidy for a new enterprise is no help to a student who never spoke of one
    (BUSINESS_START := re.compile(
        r"\b(greenfield|entrepreneurs?|enterprises?|start-?ups?|self-employ\w*|MSM?Es?|micro\s+(?:and|or|&)\s+small|small[- ]scale\s+(?:industr\w*|units?)|"
        r"(?:set(?:ting)?\s+up|start(?:ing)?|establish\w*)\s+(?:(?:a|an|the|their|his|her|own|new)\s+)*"
        r"(?:business|enterprise|unit|venture|project|shop|industry))\b", re.IGNORECASE),
     re.compile(r"business|enterprise|entrepreneur|start-?up|self.employ|shop|dukaa?n|vyapar|vyavsay|udyam|udyog|apna kaam|"
                r"loan|व्यवसाय|व्यापार|दुकान|उद्यम|उद्योग|लोन", re.IGNORECASE)),
)


#: a sentence that sets a condition for those who are employed or self-employed ("If the applicant is employed ... OR if the
#: applicant is self-employed, ..."): being self-employed is no requirement of it
_IF_SELF_EMPLOYED = re.compile(r"\s*(?:\d+[.)]\s*)?if\b[^.;]{0,160}\bself-?employ", re.IGNORECASE)


def starts_a_business(sentence: str) -> re.Match | None:
    """Where ``sentence`` speaks of a business to start (:data:`BUSINESS_START`), unless it only sets a condition for the
    self-employed (:data:`_IF_SELF_EMPLOYED`); ``None`` otherwise."""
    return None if _IF_SELF_EMPLOYED.match(sentence) else BUSINESS_START.search(sentence)


def _event_said(sentence: str, said: str) -> bool | None:
    """Whether the life event of ``sentence`` is one the user spoke of in ``said``, not denying it ("I am not pregnant" had
    listed the pregnancy schemes as "likely eligible", a break-it trial); ``None`` when the sentence turns on no life event."""
    m = LIFE_EVENT.search(sentence) or BUSINESS_START.search(sentence) or DISABILITY_NEED.search(sentence)
    if m is None:
        return None
    kinds = [in_user for in_sentence, in_user in EVENT_KINDS if in_sentence.search(sentence)]
    if _IF_SELF_EMPLOYED.match(sentence):
        # "If the applicant is ... self-employed, his/her income should not exceed ₹3,00,000": a limit for whoever is, no
        # business to start (Tamil Nadu's disability pension had been "only if this applies to you", a newcomer trial)
        kinds = [k for k in kinds if k is not EVENT_KINDS[-1][1]]
        if not kinds and not LIFE_EVENT.search(sentence) and not DISABILITY_NEED.search(sentence):
            return None
    if kinds and SPECIFIC_DISABILITY.search(sentence) and DISABILITY_NEED.search(sentence):
        # a kind of disability named ("Autism, Cerebral Palsy, Mental Retardation"): "disabled" alone does not say it is
        # the user's (a newcomer trial: a group home for those was "likely" for a man with a 60% locomotor disability)
        return SPECIFIC_DISABILITY.search(said) is not None and any(affirmed(in_user, said) for in_user in kinds)
    if kinds:
        return any(affirmed(in_user, said) for in_user in kinds)
    return re.search(re.escape(m.group(0)[:5]), said, re.IGNORECASE) is not None


#: kinds of disability a page may require (RPwD Act 2016 schedule; the National Trust Act's four), and as users name theirs
SPECIFIC_DISABILITY = re.compile(
    r"autis\w*|cerebral\s+palsy|mental\w*\s+retard\w*|intellectual\w*|multiple\s+disabilit\w*|\bblind\w*|visually|low\s+vision|"
    r"\bdeaf\w*|hearing|speech|leprosy|locomotor|orthop\w*|dwarf\w*|acid\s+attack|thalass\w*|ha?emophil\w*|muscular\s+dystrophy|"
    r"sickle|parkinson|multiple\s+sclerosis|\bpolio|\bandh[ai]?\b|\bbeh?r[ae]\b|\bgunga|\blangda|अंधा|अंधी|नेत्रहीन|बहरा|बहरी|"
    r"गूंगा|पोलियो|बौना", re.IGNORECASE)


def _event_told(sentence: str, said: str) -> bool:
    """Whether the life event of ``sentence`` is one the user spoke of in ``said`` (:func:`_event_said`: "pregnant" and "मैं
    गर्भवती हूँ" alike) and the sentence asks nothing else: stricter than :func:`_event_said`, for which "I am pregnant"
    speaks of "the first live birth" too."""
    m = LIFE_EVENT.search(sentence)
    # (in the user's own language: "मैं गर्भवती हूँ" had left PMMVY's "... a pregnant women" unmarked, a newcomer trial)
    if m is None or not _event_said(sentence, said):
        return False
    # and the sentence asks nothing but the event: "The pregnant woman must be an admitted patient at a government health
    # facility." asks more than she told (a newcomer trial read "(you told me of this)" beside it)
    rest = sentence[:m.start()] + " " + sentence[m.end():]
    return all(w.casefold() in _ONLY_THE_EVENT for w in re.findall(r"[A-Za-z]+", rest))


#: words a sentence may hold beside a life event and still ask nothing else ("The applicant must be a pregnant woman.")
_ONLY_THE_EVENT = frozenset("the a an applicant applicants beneficiary beneficiaries woman women mother mothers lady ladies girl "
                            "candidate person must should shall will be is are being or and of who for only eligible any "
                            # (an age beside it is a field the check asks: "should be of at least 19 years old and a pregnant women")
                            "at least years year old age aged above more than minimum".split())


#: a scheme for students by its name ("Pre-Matric Scholarship", "Fellowship", "Hostel")
STUDENT_SCHEME = re.compile(r"scholarship|pre-?matric|post-?matric|\bstudents?\b|\bstudies\b|\beducational\s+loans?\b|fellowship|chhatravritti|\bschool|\bhostel|"
                            r"\bcoaching|\beducation\s+loan|\bvidyarthi|\bshiksha|\binternships?\b", re.IGNORECASE)


@lru_cache(maxsize=8192)
def _leading_criteria(sentence: str) -> tuple[Criterion, ...]:
    """The conditions the first clause of a sentence left unchecked states by itself, read as the extractor reads a unit
    (:func:`eligibility.text_rules.read_unit`): "Must belong to minority community." of "Must belong to minority
    community. 25% candidates belonging to BPL families of non-minority communities may also be considered." (the
    exception after it is why the whole sentence was left unchecked); none for a clause of alternatives or about
    someone else."""
    first = re.split(r"(?<=[.;])\s+", sentence.strip(), maxsplit=1)[0]
    found = read_unit(Unit(text=first, start=0), "", None)
    if found.other_person or found.alternatives or found.untyped_alternative:
        return ()
    return tuple(c for c in found.criteria if isinstance(c, Criterion))


def _read_leading_clauses(sentences: list[str]) -> None:
    """:func:`_leading_criteria` of each of ``sentences``, kept in its cache (a sentence that cannot be read is skipped)."""
    for sentence in sentences:
        try:
            _leading_criteria(sentence)
        except Exception:  # noqa: BLE001 - a bug here must not stop the warm-up; the verdict reads it again and fails loudly
            continue


def said_otherwise(o: Outcome, profile: dict[str, Any]) -> Criterion | None:
    """The condition of one of ``o``'s unchecked sentences (its first clause, :func:`_leading_criteria`) that what the
    user told fails, or ``None``: a scheme whose page says "Must belong to minority community" is not "likely eligible"
    for a user who said no to the minority question, though an exception after it kept the sentence unchecked (a
    newcomer trial: USTTAD was so offered to a disabled man in Odisha)."""
    for sentence in o.requiring:
        for c in _leading_criteria(sentence):
            if profile.get(c.field) is not None and not c.holds(profile[c.field]):
                return c
    return None


#: a sentence that speaks of the beneficiary as a student ("The annual income of the parents/guardians of the student is up to
#: Rs. 2 Lakh", "Students belonging to Other Backward Classes studying in ...")
STUDENT_SENTENCE = re.compile(r"\bstudents?\b|\bpupils?\b|\bstudying\s+in\b|\bscholarship\s+holders?\b", re.IGNORECASE)


def for_students(o: Outcome) -> bool:
    """Whether a condition ``o`` met or leaves unchecked speaks of the beneficiary as a student (a trial: UP's fee
    reimbursement for students was "likely eligible" to a 62-year-old on his state and income, its name saying no
    "student")."""
    return any(STUDENT_SENTENCE.search(s) for s in [*(c.text for c in o.reasons), *o.requiring])


def not_a_student(profile: dict[str, Any]) -> bool:
    """Whether the user is not studying: said so, or gave another occupation, or is 40 or older and did
    not say they study (the age from which the screening does not ask)."""
    age = profile.get("age")
    return profile.get("is_student") is False or profile.get("occupation") not in (None, "student") or (
        isinstance(age, (int, float)) and age >= NO_STUDY_QUESTION_FROM_AGE and profile.get("is_student") is not True)


#: a condition on gender that speaks of girls ("The girl children should be residents of Bihar"): the scheme is a girl's
GIRL_CONDITION = re.compile(r"\bgirls?\b|\bgirl\s+child(?:ren)?\b|\bdaughters?\b|\bkanya\b|\bbalika\b", re.IGNORECASE)
#: from this age a woman is no girl: a scheme whose gender condition speaks of girls is not hers (a break-it trial offered
#: Bihar's Kanya Utthan Yojana to a 70-year-old widow as likely)
GIRL_UNTIL_AGE = 25


def for_a_girl(o: Outcome, profile: dict[str, Any]) -> bool:
    """Whether ``o``'s gender condition speaks of girls and the user is :data:`GIRL_UNTIL_AGE` or older (a daughter's
    marriage aid, which a parent asks for, aside)."""
    age = profile.get("age")
    return (isinstance(age, (int, float)) and age >= GIRL_UNTIL_AGE and not re.search(r"marriage|vivah|wedding|shadi", o.scheme_name, re.IGNORECASE)
            and any(c.field == "gender" and GIRL_CONDITION.search(c.text) for c in o.reasons))


#: a scheme's name saying it is for women or girls ("Ekal Nari Samman Pension", "Indira Mahila Shakti Udyam", "Matru
#: Vandana"), in English, Romanized Hindi and the states' words
WOMEN_NAME = re.compile(r"\b(?:women|woman|womens|mahila|mahilaon|nari|naari|stree|girls?|beti|betiyon|kanya|balika|ladli|ladki|"
                        r"widows?|vidhwa|vidhva|matru|matritva|maternity|mothers?|janani|pregnant|prasuti)\b", re.IGNORECASE)


def for_another_gender(scheme_name: str, profile: dict[str, Any]) -> bool:
    """Whether a scheme named for women or girls (:data:`WOMEN_NAME`) is beyond a user who said he is male; a marriage
    aid, which a parent asks for his daughter, and a name that also says men (widowers, "men and women") aside. A
    newcomer trial: a 62-year-old labourer in Rajasthan was told "Ekal Nari Samman Pension: likely eligible", its page's
    conditions on gender not read."""
    if profile.get("gender") != "male" or not WOMEN_NAME.search(scheme_name):
        return False
    return not re.search(r"marriage|vivah|wedding|shadi|widower|\bmen\b|\bman\b|purush", scheme_name, re.IGNORECASE)


def past_school(profile: dict[str, Any], scheme_name: str, said: str = "") -> bool:
    """Whether a pre-matric scheme (classes up to 10) is beyond the user: 18 or older, past class 10, or in a class
    after it by the user's own words ``said`` ("I am in class 11": the education field holds the level passed, the
    same for classes 10 and 11); or a post-matric one (class 11 on) not yet for someone who says they are in class 9
    or below (not class 10: "I passed class 10" is a post-matric student's)."""
    if wrong_school_stage(scheme_name, school_classes(said)):
        return True
    if not PRE_MATRIC.search(scheme_name):
        return False
    age = profile.get("age")
    return (isinstance(age, (int, float)) and age >= 18) or profile.get("education_level") in ("higher_secondary", "diploma", "graduate", "postgraduate", "doctorate")


def said_of(state: UserState) -> str:
    """The user's own words behind every fact of their profile, joined: what they "said", for the checks of what they
    spoke of (a life event, a role, a school class)."""
    return " ".join(v.said for v in state.profile.values())


def _group_words(profile: dict[str, Any], said: str) -> list[str]:
    """Words for the groups the user's facts place them in, as scheme pages name them, for a search of one kind of
    help ("scholarship" for an SC student in class 11: "sc student class 11", which finds the post-matric
    scholarships for SC students; a newcomer trial's check of scholarships had held an agricultural university's
    and none of those)."""
    words = []
    if profile.get("social_category") in ("sc", "st", "obc", "ews"):
        words.append(profile["social_category"])
    if profile.get("is_student") is True or profile.get("occupation") == "student":
        words.append("student")
    if classes := school_classes(said):
        words.append(f"class {max(classes)}")
    disability = profile.get("disability_percent")
    if isinstance(disability, (int, float)) and disability > 0:
        words.append("disability")
    if profile.get("marital_status") == "widowed":
        words.append("widow")
    return words


#: what a scheme's name says it is for, by the user's fact (field, value) it names
_NAME_FOR: dict[tuple[str, Any], re.Pattern[str]] = {key: re.compile(p, re.IGNORECASE) for key, p in {
    ("social_category", "sc"): r"\bscheduled\s+castes?\b|\bsc\b|\bdalits?\b|\banusuchit\s+jati\b",
    ("social_category", "st"): r"\bscheduled\s+tribes?\b|\bst\b|\btribal\b|\badivasi\b|\bvanvasi\b",
    ("social_category", "obc"): r"\bobcs?\b|\bbackward\s+class",
    ("social_category", "ews"): r"\bews\b|\beconomically\s+weaker",
    ("marital_status", "widowed"): r"\bwidow|\bvidhwa|\bvidhva",
    ("occupation", "farmer"): r"\bfarmers?\b|\bkisan|\bkrishak|\bkrushak|\bkrisak|\brythu|\braitu|\braitha|\bshetkari|\bchashi|\bcultivators?\b",
    ("occupation", "street_vendor"): r"\bstreet\s+vendors?\b|\bhawkers?\b|\bsvanidhi\b",
    ("occupation", "artisan_weaver"): r"\bartisans?\b|\bweavers?\b|\bhandloom|\bhandicraft",
    ("occupation", "fisher"): r"\bfisher|\bfishermen\b|\bmatsya",
    ("occupation", "construction_worker"): r"\bconstruction\s+workers?\b|\bbuilding\s+(?:and|&)\s+other\s+construction",
    ("is_minority", True): r"\bminorit",
    ("is_student", True): STUDENT_SCHEME.pattern,
}.items()}
#: the fields whose condition met says a scheme is meant for the user as much as its name does
_WHAT_ONE_IS = frozenset({"marital_status", "disability_percent", "occupation"})
#: sort weight of each of the user's facts a scheme's name says it is for (as much as a student condition met)
NAMED_FOR_WEIGHT = 2.0
#: sort weight of each of the user's particular facts met that they told before any question asked it: what someone
#: says unasked is what they came for ("main UP se hu, vidhwa hu": a trial's widow pensions had been behind the old
#: age pensions, her BPL card and age weighing more than her widowhood)
VOLUNTEERED_WEIGHT = 2.0
_DISABILITY_NAME = re.compile(r"\bdisab|\bdivyang|\bhandicap|\bspecially[- ]abled|\bviklang", re.IGNORECASE)


def named_for(scheme_name: str, profile: dict[str, Any], checked: set[str] | frozenset[str] = frozenset()) -> int:
    """How many of the user's particular facts (category, widowhood, occupation, minority, studying,
    a disability) the scheme's name says it is for, leaving out the fields in ``checked`` (a condition
    met already says so): "Post Matric Scholarship For Scheduled Caste" names two for an SC student."""
    n = sum(1 for (field, value), pattern in _NAME_FOR.items()
            if field not in checked and not (field == "is_student" and "occupation" in checked)
            and (profile.get(field) == value or (field == "is_student" and profile.get("occupation") == "student" and value is True))
            and pattern.search(scheme_name))
    disabled = (profile.get("disability_percent") or 0) > 0 and "disability_percent" not in checked
    return n + (1 if disabled and _DISABILITY_NAME.search(scheme_name) else 0)


#: the North Eastern Region (the Ministry of Development of North Eastern Region's eight states)
NORTH_EAST = frozenset({"Arunachal Pradesh", "Assam", "Manipur", "Meghalaya", "Mizoram", "Nagaland", "Sikkim", "Tripura"})
_NORTH_EAST_NAME = re.compile(r"\bnorth[- ]?east(?:ern)?\b|(?-i:\bN\.\s?E\.\s?R\b|\bNER\b)", re.IGNORECASE)


def named_elsewhere(profile: dict[str, Any], scheme_name: str) -> bool:
    """Whether the scheme's name places it in states other than the user's ("... For North Eastern Region",
    "... for Jammu and Kashmir" to a user in Punjab); ``False`` when the state is unknown or not named."""
    home = profile.get("state")
    if not home:
        return False
    named = {m.state for m in find_states(scheme_name)}
    if _NORTH_EAST_NAME.search(scheme_name):
        named |= NORTH_EAST
    return bool(named) and home not in named


def life_event_said(unchecked: list[str], said: str) -> bool:
    """Whether an unchecked sentence turns on a life event the user has spoken of ("I am pregnant")."""
    return any(_event_said(u, said) for u in unchecked)


#: an organisation that applies for a scheme, as the pages name it (for :data:`ORGANISATION_APPLICANT`)
_BODY = (r"(?:voluntary\s+)?(?:organi[sz]ations?|institutions?|institutes?|societ(?:y|ies)|co-?operatives?(?:\s+societ(?:y|ies))?|agenc(?:y|ies)"
         r"|entit(?:y|ies)|compan(?:y|ies)|ngos?|trusts?|universit(?:y|ies)|colleges?|enterprises?|units?|msmes?|fpos?|firms?|industr(?:y|ies)"
         r"|panchayats?|start-?ups?)")


#: what a scheme's beneficiary does or is that no field asks, and the words in which a user would say it: a professorship,
#: a research fellowship, an ex-serviceman's widow's grant, a journalists' insurance (trials: an AICTE visiting professorship
#: and the widows of ex-servicemen's training grant were "likely eligible" to a 67-year-old widow on her state and widowhood)
ROLES = (
    (re.compile(r"\b(?:professors?|professorships?|faculty|teachers?|lecturers?)\b", re.IGNORECASE),
     re.compile(r"professor|faculty|teacher|lecturer|shikshak|adhyapak|शिक्षक|अध्यापक|प्रोफेसर", re.IGNORECASE)),
    (re.compile(r"\b(?:researchers?|scientists?|research\s+(?:fellows?|scholars?|projects?)|ph\.?\s?d)\b|\bscience\s+and\s+engineering\s+research\b",
                re.IGNORECASE),
     re.compile(r"research|scientist|ph\.?\s?d|शोध|वैज्ञानिक", re.IGNORECASE)),
    (re.compile(r"\b(?:ex-?servicem[ae]n|ESMs?|defence\s+personnel|armed\s+forces)\b", re.IGNORECASE),
     re.compile(r"ex-?servicem|army|fauj|sainik|soldier|defence|veteran|सैनिक|फौज|सेना", re.IGNORECASE)),
    (re.compile(r"\b(?:journalists?|media\s+(?:persons?|representatives?)|accredited\s+correspondents?)\b", re.IGNORECASE),
     re.compile(r"journalist|patrakar|media|reporter|पत्रकार", re.IGNORECASE)),
    (re.compile(r"\b(?:advocates?|lawyers?)\b", re.IGNORECASE), re.compile(r"advocate|lawyer|vakil|वकील", re.IGNORECASE)),
    (re.compile(r"\b(?:artists?|artistes?|musicians?|performers?)\b", re.IGNORECASE),
     re.compile(r"artist|kalakar|musician|singer|dancer|performer|कलाकार", re.IGNORECASE)),
    (re.compile(r"\b(?:sportspersons?|sportsm[ae]n|athletes?|players?)\b", re.IGNORECASE),
     re.compile(r"sport|athlete|player|khiladi|खिलाड़ी", re.IGNORECASE)),
    # a worker registered with a labour welfare board (its pages: "registered worker", "the worker's monthly salary"): a
    # trial's 62-year-old who never spoke of work had UP's workers' award and pilgrimage schemes "likely eligible"
    (re.compile(r"\bregistered\s+(?:\w+\s+){0,2}(?:workers?|labou?rers?)\b|\bshramik\b|\bworker'?s'?\s+(?:monthly\s+)?(?:salary|wages?)\b"
                r"|\b(?:labou?r|workers'?)\s+welfare\s+board\b", re.IGNORECASE),
     re.compile(r"worker|labou?r|mazdoor|majdoor|mazdur|shramik|karigar|construction|nirman|मजदूर|मज़दूर|श्रमिक|कारीगर", re.IGNORECASE)),
    # a coconut climber or harvester (Kerala's Kera Suraksha insurance: a newcomer trial's widow of 62 in Bihar read it under
    # "if this applies to you" for its accident clause)
    (re.compile(r"\bcoconut\s+(?:tree\s+)?(?:climbers?|harvesters?)\b|\bneera\s+technicians?\b|\btoddy\s+tappers?\b|\brubber\s+tappers?\b",
                re.IGNORECASE),
     re.compile(r"coconut|nariyal|नारियल|climber|toddy|tapper|neera", re.IGNORECASE)),
    # work abroad (Pravasi Bharatiya Bima Yojana: emigrants with an ECR passport)
    (re.compile(r"\bemigra\w*|\bpravasi\b|(?-i:\bECR\b)|\boverseas\s+(?:employment|jobs?|workers?)\b", re.IGNORECASE),
     re.compile(r"abroad|videsh|विदेश|gulf|dubai|saudi|emigra|overseas|pravasi|प्रवासी", re.IGNORECASE)),
    # an illness a scheme is for (UP's "Leprosy Pension Scheme", a cancer or dialysis grant), in its name or its sentences:
    # a trial's 62-year-old had UP's leprosy pension "likely eligible" on his state alone
    (ILLNESS := re.compile(r"\b(?:leprosy|cancer|tuberculosis|kidney|dialysis|renal\s+failure|thalass\w*|ha?emophil\w*|sickle[- ]cell|silicosis|"
                           r"pneumoconiosis|(?:critical|serious|chronic|life[- ]threatening)\s+(?:illness|disease|ailment)s?|heart\s+(?:disease|surgery)|"
                           r"transplant\w*|terminally\s+ill|paralys\w*)\b|(?-i:\b(?:TB|HIV|AIDS)\b)", re.IGNORECASE),
     re.compile(r"leprosy|kusht|kodh|कुष्ठ|cancer|kainsar|कैंसर|\btb\b|tuberculosis|टीबी|\bhiv\b|\baids\b|एड्स|kidney|gurd[ae]|गुर्द|dialysis|"
                r"डायलिसिस|thalass|ha?emophil|sickle|silicosis|सिलिकोसिस|bimar|beemar|बीमार|illness|disease|\bsick|\brog\b|रोग|heart|\bdil\b|दिल|"
                r"hriday|हृदय|paralys|lakwa|लकवा|transplant|प्रत्यारोपण", re.IGNORECASE)),
    # an agricultural labourer (Tamil Nadu's Destitute Agricultural Labourers Pension: a break-it trial's 67-year-old student
    # had it "likely eligible" on his age)
    (re.compile(r"\b(?:agricultural|farm|landless)\s+(?:labou?rers?|workers?)\b|\bkhet\s*(?:mazdoor|majdoor)\b", re.IGNORECASE),
     re.compile(r"labou?r|mazdoor|majdoor|mazdur|khet|agricultur|farm|kisan|खेतिहर|मजदूर|मज़दूर|किसान", re.IGNORECASE)),
    # a prisoner, an ex-convict or a prisoner's family (Kerala's aid to ex-convicts: a trial's BPL widow had it "likely eligible"
    # on her state and BPL card)
    (re.compile(r"\b(?:ex-?convicts?|convicts?|prisoners?|jail\s+inmates?|imprisonment|imprisoned)\b", re.IGNORECASE),
     re.compile(r"jail|prison|convict|qaid|kaid|कैद|जेल|imprison", re.IGNORECASE)),
    # an organisation as the applicant (ORGANISATION_APPLICANT: "Eligible Organizations", "The applicant should be a Society/Agency",
    # "The Institute must be in existence for the last five years"): NCDC's cooperation scheme and an institutes' hostel grant
    # had been "likely eligible" to an SC man on his category, read from a sentence of the organisation's
    (ORGANISATION_APPLICANT := re.compile(
        rf"^\s*(?:the\s+)?eligible\s+(?:applicant\s+)?{_BODY}\b"
        rf"|\b(?:applicant|applying|implementing|beneficiary|eligible)\s+{_BODY}\s+(?:should|must|shall|has\s+to|have\s+to|need\s+to|is|are)\b"
        rf"|^\s*(?:the\s+|an?\s+|all\s+)?(?:applicant\s+)?(?:registered\s+)?{_BODY}\s+(?:should|must|shall)\s+(?:have\s+been|be)\s+"
        r"(?:registered|in\s+existence|incorporated|functioning|established)"
        rf"|^\s*(?:the\s+|an?\s+)?(?:applicant|beneficiary)\s+(?:should|must|shall)\s+be\s+(?:an?\s+)?(?:registered\s+|recogni[sz]ed\s+)?{_BODY}\b"
        rf"|\b{_BODY}\s+(?:should|must|shall)\s+not\s+be\s+less\s+than\s+\w+\s+years?\s+old", re.IGNORECASE),
     re.compile(r"\bngos?\b|organi[sz]ation|society|societies|co-?operative|sahkari|सहकारी|company|startup|start-up|msme|enterprise|\bfirm\b"
                r"|\bfpo\b|institut|sanstha|संस्था|trust|udyog|उद्योग|factory|\bunit\b", re.IGNORECASE)),
)


#: work the user said ("government employee", "sarkari teacher", "सरकारी कर्मचारी") and how a page's exclusion names it
#: ("employees of Central/ State Government", "government servants"): PM-KISAN excludes them, with exceptions for Class IV
#: and Group D staff that no field holds, so the sentence is shown, not decided (a newcomer trial: a government employee
#: was told "LIKELY ELIGIBLE" for PM-KISAN, the exclusion hidden among "+3 more conditions")
_SAID_GOVERNMENT_WORK = re.compile(r"\b(?:government|govt\.?)\s+(?:employee|job|service|servant|teacher|officer|naukri)|\bsarkari\s+"
                                   r"(?:naukri|karmchari|karmachari|teacher|shikshak|employee|job|adhikari|mulazim)|सरकारी\s+(?:नौकरी|कर्मचारी|शिक्षक|अधिकारी)",
                                   re.IGNORECASE)
_PAGE_GOVERNMENT_WORK = re.compile(r"\bemployees?\s+of\s+(?:the\s+|an?\s+)?(?:central|state|union)\b|\b(?:government|govt\.?)\s+(?:employees?|servants?|service)\b"
                                   r"|\bofficers?\s+(?:and|or)\s+employees?\s+of\b", re.IGNORECASE)


def excluded_by_said(sentences: list[str], said: str, occupation: str | None = None) -> list[str]:
    """The exclusion ``sentences`` (unchecked, from an exclusions section) that name what the user said of their work in
    ``said`` (a government job) or the ``occupation`` noted ("government_employee": "I am a government school teacher"),
    in order."""
    if not _SAID_GOVERNMENT_WORK.search(said) and occupation != "government_employee":
        return []
    return [u for u in sentences if _PAGE_GOVERNMENT_WORK.search(u)]


#: words before a role that rule it out rather than ask for it ("should not be suffering from TB", "free from any
#: chronic disease", "other than a government employee")
_RULED_OUT = re.compile(r"\b(?:not|no|never|free\s+from|without|other\s+than|except)\b[^.;:]{0,40}$", re.IGNORECASE)


def role_unsaid(o: Outcome, said: str) -> str | None:
    """The first of the scheme's name, its met conditions' sentences and its unchecked ones that names a role of
    :data:`ROLES` (a professor, an ex-serviceman) the user has not spoken of in ``said``, or ``None``: such a scheme
    is "if this applies to you", not "likely"."""
    # (its sentences before its name: a break-it trial read "Widows Of Ex-Servicemen: “... Widows Of Ex-Servicemen”", the
    # deciding sentence, "must be widow of an ESM", not shown)
    for sentence in [*(c.text for c in o.reasons), *o.requiring, o.scheme_name]:
        # (and starting a business, said in a condition met: "The scheme is for entrepreneurs of the Scheduled Caste
        # Category" had made SC entrepreneurs' credit schemes "likely eligible" to an elderly SC widow, a break-it trial)
        for in_sentence, in_user in (*ROLES, (BUSINESS_START, EVENT_KINDS[-1][1])):
            # (a limit for the self-employed is no business to start: see _event_said)
            m = starts_a_business(sentence) if in_sentence is BUSINESS_START else in_sentence.search(sentence)
            # (a role the sentence rules out is none to have: "should not be suffering from any chronic disease")
            if m and not _RULED_OUT.search(sentence[:m.start()]) and not affirmed(in_user, said):
                return sentence
    return None



#: a scheme named for a marriage ("Widow Remarriage Assistance Scheme", "Marriage Grant"): the grant is paid on one
MARRIAGE_NAME = re.compile(r"\b(?:re-?)?(?:marriage|wedding|vivah|vivaha|shadi|shaadi|kalyan\s*mastu)\b", re.IGNORECASE)
#: a scheme named as an award ("National Award For Senior Citizens (Vayoshreshtha Samman): Iconic Mother"), given on
#: nomination for what someone has done, which no field asks; and how a user would speak of one ("samman" alone is no
#: sign in a name: PM-KISAN is the "Kisan Samman Nidhi")
AWARD_NAME = re.compile(r"\b(?:awards?|puraskar|puruskar)\b", re.IGNORECASE)
_AWARD_SAID = re.compile(r"\baward|puraskar|puruskar|पुरस्कार", re.IGNORECASE)
#: how a user speaks of a marriage (the marriage kind of :data:`EVENT_KINDS`)
_MARRIAGE_SAID = next(in_user for in_sentence, in_user in EVENT_KINDS if in_sentence.search("marriage"))


def named_unsaid(scheme_name: str, said: str) -> str | None:
    """``scheme_name`` when the scheme is named for a marriage (:data:`MARRIAGE_NAME`) or as an award
    (:data:`AWARD_NAME`) and the user has not spoken of one in ``said``, else ``None``: "if this applies to you", not
    "likely" (a newcomer trial's 70-year-old widow had "Widow Remarriage Assistance Scheme-I" first in her verdict, on
    her being a widow, and two senior citizens' awards second and third, on her age and gender)."""
    if MARRIAGE_NAME.search(scheme_name) and not affirmed(_MARRIAGE_SAID, said):
        return scheme_name
    return scheme_name if AWARD_NAME.search(scheme_name) and not affirmed(_AWARD_SAID, said) else None


def life_event_unsaid(unchecked: list[str], said: str) -> str | None:
    """The first unchecked sentence that turns on a life event (pregnancy, a death, a marriage) the
    user has not spoken of, or ``None``. Such a scheme is "if this applies to you", not "likely"."""
    return next((u for u in unchecked if _event_said(u, said) is False), None)


def _missed_by_degree(o: Outcome, profile: dict[str, Any]) -> bool:
    """Whether ``o`` (not eligible) failed on an amount or a card rather than on what the person is: its first
    failing condition is the family income, the age or a BPL card (which a poor family may yet get: a newcomer trial's
    70-year-old widow without one was told "Not eligible on your answers: 16 schemes", the widow and old age pensions
    she misses on that card alone never named), or a disability percentage below the scheme's when the user has some
    disability."""
    if not o.reasons:
        return False
    field = o.reasons[0].field
    if field == "age":
        # (an age within :data:`CLOSE_AGE_YEARS` of the limit: a trial's woman of 67 read "Close, but not eligible" of a
        # pre-matric scholarship for ages 12 to 20)
        return _years_off(o.reasons[0], profile.get("age")) <= CLOSE_AGE_YEARS
    return field in ("annual_family_income", "is_bpl") or (field == "disability_percent" and (profile.get(field) or 0) > 0)


#: an age at most this many years outside a scheme's limit is a close miss (the user may yet reach it, or the limit be
#: relaxed for a category); further off, the scheme is for another stage of life
CLOSE_AGE_YEARS = 5


def _years_off(c: Criterion, age: Any) -> float:
    """How many years ``age`` lies outside the range of age condition ``c`` (0 inside it; infinite when unknown)."""
    if not isinstance(age, (int, float)) or isinstance(age, bool):
        return math.inf
    if c.op == "between":
        low, high = float(c.value[0]), float(c.value[1])
    elif c.op == "gte":
        low, high = float(c.value), math.inf
    elif c.op == "lte":
        low, high = -math.inf, float(c.value)
    else:
        return math.inf
    return max(low - age, age - high, 0.0)


def _says_who(c: Criterion) -> bool:
    """Whether meeting condition ``c`` says who the scheme is for: not an exclusion met by not being someone ("not a
    government employee" met by a farmer made a treatment grant rank as a farmers' scheme, a newcomer trial)."""
    return not c.url.endswith("#exclusions") and c.op not in ("not_in", "is_false")


def _met_positively(o: Outcome) -> set[str]:
    """Fields of the conditions ``o`` meets that say who the scheme is for (:func:`_says_who`); an old-age condition met
    counts as ``old_age`` (:func:`for_the_old`)."""
    return {"old_age" if for_the_old(c) else c.field for c in (o.met or o.reasons) if _says_who(c)}


def for_the_old(c: Criterion) -> bool:
    """Whether ``c`` is an age condition from :data:`OLD_AGE_BOUND` years up ("60 years or above"): unlike an adult age, meeting
    it says the scheme is meant for the user, as a widowhood does (a trial: Bihar's old-age pension was never shown to a
    67-year-old widow, its conditions met being only the state and the age)."""
    if c.field != "age":
        return False
    low = c.value[0] if c.op == "between" and isinstance(c.value, (list, tuple)) else c.value if c.op == "gte" else None
    return isinstance(low, (int, float)) and low >= OLD_AGE_BOUND


#: facts that place a person rather than single out a scheme's beneficiaries: a scheme met only on
#: these (a state scheme for adults of that state) says little about whether it is meant for the user
_GENERIC_FIELDS = {"state", "age", "gender"}
#: the user's money facts: an income under a scheme's limit (or no income tax paid) is met by most people who ask
_INCOME_FIELDS = frozenset({"annual_family_income", "is_income_tax_payer"})


def _specificity(o: Outcome, said: str = "", profile: dict[str, Any] | None = None, volunteered: frozenset[str] = frozenset()) -> tuple:
    """Sort key of a likely scheme: hand-checked first, then one for a life event the user spoke of
    (``said``: "I am pregnant"), then the weight (:data:`_FIELD_WEIGHT`) of the user's particular facts met
    (widowhood, disability, occupation ... over category and income; state, age and gender count
    nothing) plus :data:`NAMED_FOR_WEIGHT` for each of them the scheme's name says it is for (:func:`named_for`;
    not for widowhood, disability or occupation when a condition on it was met: that says it already,
    where a category or student condition met does not, many schemes listing every category) plus
    :data:`VOLUNTEERED_WEIGHT` for each met that the user told unasked (``volunteered``: field names), then more
    facts met in all, then fewer unchecked sentences."""
    fields = _met_positively(o)
    weight = sum(_FIELD_WEIGHT.get(f, 1.0) for f in fields - _GENERIC_FIELDS)
    weight += NAMED_FOR_WEIGHT * named_for(o.scheme_name, profile or {}, fields & _WHAT_ONE_IS)
    weight += VOLUNTEERED_WEIGHT * len((fields & volunteered) - _GENERIC_FIELDS - {"annual_family_income"})
    return (o.status != "eligible", not (said and life_event_said(o.requiring, said)), -weight,
            -len(fields), len(o.unchecked), o.scheme_name)


#: how much meeting a scheme's condition on a field says the scheme is meant for the user: what a person
#: is (a widow, disabled, a farmer, a student) over what many share (a category, an income under a limit)
_FIELD_WEIGHT = {"marital_status": 3.0, "old_age": 2.0, "disability_percent": 3.0, "occupation": 3.0, "is_student": 2.0, "owns_cultivable_land": 2.0,
                 "is_bpl": 2.0, "education_level": 1.5, "social_category": 1.0, "is_minority": 1.0, "residence": 0.5,
                 "annual_family_income": 0.5, "is_income_tax_payer": 0.25}


def _family_name(engine: Engine, found: list, text: str) -> str:
    """The words of ``text`` that name a scheme family ("विधवा पेंशन", "old age pension": ordinary words, see
    :meth:`retrieval.searcher.Searcher.descriptive`) when that is the only indexed scheme name ``text`` holds, else ""."""
    from retrieval.gazetteer import word_spans

    indexed = [m for m in found if m.indexed]
    if len(indexed) != 1 or not engine.answerer.searcher.descriptive(indexed[0], text):
        return ""
    spans = word_spans(text)[indexed[0].start:indexed[0].end]
    return text[spans[0][1]:spans[-1][2]] if spans else ""


#: the words of widowhood that imply a woman ("widow", "vidhwa", "my husband died"), left out to see whether the message
#: named the gender itself
_WIDOWHOOD_WORDS = re.compile(r"\bwidow\w*|\bvidhwa\b|\bvidhva\b|विधवा|\bhusband\b|\bpati\b|पति", re.IGNORECASE)


def with_implied(gone: list[str], state: UserState) -> list[str]:
    """``gone`` (fields the user took back) and the facts noted only because one of them implied it: the gender a "widow"
    implied (female), noted from the same message, which named no gender of its own. A break-it trial: "I am a widow from
    Bihar", then "actually I am not a widow", kept "gender female", and the check listed only women's schemes."""
    if "marital_status" not in gone or "gender" in gone or "gender" not in state.profile or "marital_status" not in state.profile:
        return gone
    gender, marital = state.profile["gender"], state.profile["marital_status"]
    if gender.turn == marital.turn and gender.said == marital.said and "gender" not in extract(_WIDOWHOOD_WORDS.sub(" ", gender.said)):
        return [*gone, "gender"]
    return gone


class EligibilityFlow:
    """The interview, plugged into :class:`~conversations.engine.Engine` (``engine.eligibility``)."""

    def __init__(self, rulebook: RuleBook, max_questions: int = MAX_QUESTIONS) -> None:
        self.book = rulebook
        self.max_questions = max_questions
        # the first clause of every unchecked sentence is read once, in the background (about 0.3 ms a sentence, 1.4 s for
        # the ~4,300 of the pages): a first verdict had taken 130 ms reading those of its likely schemes (:func:`said_otherwise`)
        sentences = [u for rules in rulebook.rules.values() for u in rules.unchecked]
        threading.Thread(target=_read_leading_clauses, args=(sentences,), name="unchecked-clauses", daemon=True).start()

    # ------------------------------------------------------------------ engine hooks

    def handle(self, engine: Engine, text: str, state: UserState, lang: str) -> TurnResult | None:
        """Handle ``text`` if it belongs to the interview (running, a correction after its verdict, or a
        start phrase); else ``None``."""
        from conversations.engine import TurnResult

        self._sanitise(state)
        if state.profile and (state.interview is None or state.interview.finished) and len(text.split()) <= SHORT_CORRECTION_WORDS \
                and not mentions(text, "start_check") and not ASKING.search(text):
            # "not Bihar, Punjab", "Correction: Bihar not UP" (no "I"): a value told before taken back and the new one named, noted
            # with what it replaces (a break-it trial: searched and declined, the old state kept for the next answers)
            before = {k: v.value for k, v in state.profile.items()}
            gone = denied(text, before)
            said_wrong = bool(gone) or (state.interview is None and CORRECTION.search(text) is not None)
            new = {k: v for k, v in extract(text).items() if (k in gone or (said_wrong and k in before)) and valid_value(k, v)
                   and v != before[k]} if said_wrong else {}
            if new:
                noted = self._record(new, state, text, lang)
                replies = [Reply(kind="info", text=t("noted", lang, values=noted))]
                if state.interview is not None:  # a finished check is run again with it
                    state.interview.finished, state.interview.field = False, None
                    replies += self._next(engine, state, lang)
                return TurnResult(replies)
        if state.profile and not mentions(text, "start_check") and not ASKING.search(text) and not QUESTIONISH.search(text) \
                and FIRST_PERSON.search(text) and not (state.interview is not None and state.interview.finished and CORRECTION.search(text)):
            # "I am not a widow" after "I am a widow", before or during a check (a break-it trial: the retraction was searched
            # and the widow pension still judged "eligible"): the stated value is dropped; a running check asks again
            gone = with_implied(denied(text, {k: v.value for k, v in state.profile.items()}), state)
            # ("not from Bihar, I am from UP" names the new value: a correction, below, not only a retraction)
            if gone and not {k: v for k, v in extract(text).items() if valid_value(k, v) and (k not in gone or v != state.profile[k].value)}:
                dropped = facts_shown({n: state.profile[n].value for n in gone}, lang)
                for n in gone:
                    state.profile.pop(n, None)
                replies = [Reply(kind="info", text=t("dropped", lang, values=dropped))]
                if state.interview is not None:
                    state.interview.finished, state.interview.field = False, None
                    replies += self._next(engine, state, lang)
                return TurnResult(replies)
        if state.interview is not None and state.interview.finished and WHY_ASKED.match(text):
            # "why?", "क्यों?" after a verdict: how it was reached and what can be done (a newcomer trial: it was searched,
            # and declined with "I don't know")
            # (small talk: the verdict's pages still wait for "MORE"; a newcomer trial's "MORE" after "why?" had got "nothing more")
            return TurnResult([Reply(kind="info", text=t("why_verdict", lang))], small_talk=True)
        if state.interview is not None and state.interview.finished:
            if CORRECTION.search(text) and not mentions(text, "start_check"):
                found = {k: v for k, v in extract(blank_mentions(text, engine.answerer.searcher.mentions(text))).items() if valid_value(k, v)}
                gone = with_implied(denied(text, {k: v.value for k, v in state.profile.items()}), state) if not found else []
                if gone:
                    # "actually I am not a widow": that answer is dropped and asked again
                    dropped = facts_shown({n: state.profile[n].value for n in gone}, lang)
                    for n in gone:
                        state.profile.pop(n, None)
                    state.interview.finished, state.interview.field = False, None
                    return TurnResult([Reply(kind="info", text=t("dropped", lang, values=dropped))] + self._next(engine, state, lang))
                if not found:
                    return TurnResult([Reply(kind="info", text=t("bad_correction", lang))])
                # "actually my age is 62" after a verdict: correct it and check the same thing again
                state.interview.finished = False
                state.interview.field = None
                noted = self._record(found, state, text, lang)
                return TurnResult([Reply(kind="info", text=t("noted", lang, values=noted))] + self._next(engine, state, lang))
            added = self._told_after_verdict(engine, text, state) if not mentions(text, "start_check") else {}
            if added:
                # "rural", "I have 2 acres of land in my name" after a verdict that said what most schemes need: a fact
                # the check can use, noted and the check run again with it (a trial: both were searched and declined)
                state.interview.finished = False
                state.interview.field = None
                noted = self._record(added, state, text, lang)
                return TurnResult([Reply(kind="info", text=t("noted", lang, values=noted))] + self._next(engine, state, lang))
            if not mentions(text, "start_check"):
                return None  # the finished check stays, so that a later correction can reopen it
        if state.interview is not None and not mentions(text, "start_check"):
            return self._answer(engine, text, state, lang)
        if not mentions(text, "start_check"):
            facts = self._told_only(engine, text)
            places = conflicting_states(text) if not facts and FIRST_PERSON.search(text) else []
            if places and not (ASKING.search(text) or QUESTIONISH.search(text) or section_intents(text)):
                # "mai bihar aur up se hu": which one, not a search of the two names (it had been declined as a question)
                return TurnResult([Reply(kind="info", text=states_conflict(places, lang))])
            if facts and len(facts) >= max(1, len(text.split()) // 6) and is_about_self(text, facts):
                # "I am 45, from Uttar Pradesh": facts about the user, not a question
                noted = self._record(facts, state, text, lang)
                if set(facts) == {"state"} and state.scheme_id and state.last_standalone and names_only_a_state(text):
                    # "Kerala" right after Tamil Nadu's old age pension: noted, and asked as "and in Kerala?" (it was
                    # only noted, with an offer of a check)
                    answered = engine.question(text, state, lang)
                    answered.replies.insert(0, Reply(kind="info", text=t("noted", lang, values=noted)))
                    return answered
                discussed = engine.answerer.index.schemes.get(state.scheme_id or "")
                if (set(facts) == {"state"} and discussed is not None and discussed.level == "state" and state.last_standalone
                        and discussed.state != facts["state"]):
                    # "I live in Kerala" after Tamil Nadu's old age pension: the same question for Kerala (a break-it
                    # trial: the next "how much is the old age pension?" was answered with Tamil Nadu's)
                    return engine.answer_for_state(state.last_standalone, facts["state"], text, state, lang)  # (which says it noted)
                if life_event(text) is not None:
                    # "मैं विधवा हूँ": noted, and the schemes for a widow listed (with the offer of a check)
                    answered = engine.question(text, state, lang)
                    answered.replies.insert(0, Reply(kind="info", text=t("noted", lang, values=noted)))
                    return answered
                if state.pending is None:
                    state.pending = "check_offer"  # a "yes" next starts the check offered
                return TurnResult([Reply(kind="info", text=t("noted", lang, values=noted) + " " + t("offer_check", lang))])
        elder = _RELATIVE_AGE.search(normalise(text)) if _PENSION_WORD.search(text) and not OLD_AGE_WORDS.search(text) else None
        if elder is not None and int(elder.group(1)) >= OLD_AGE and not mentions(text, "start_check") and _RELATIVE.search(normalise(text)):
            # "meri maa 70 saal ki hai, kya use pension milegi?": a pension for someone old is what old age brings, as for the
            # user's own age below (a trial's question about a mother of 70 was declined in Hinglish and in Hindi)
            return engine.question(f"{text} (old age)", state, lang)
        if not mentions(text, "start_check") and (FIRST_PERSON.search(text) or husband_died(text)):
            # "I am an SC student from Punjab. What scholarships can I get?": a question that also says who
            # is asking; the facts are noted (a later check does not ask them again) and the question answered
            facts = stated_facts(text, engine.answerer.searcher.mentions(text))
            if facts:
                noted = self._record(facts, state, text, lang)
                # the work told in the user's own words is searched by its name too ("I sell vegetables on a cart.
                # Can I get a loan?" is a street vendor's question: PM SVANidhi's pages say "street vendors")
                work = _show("occupation", facts["occupation"], "en") if "occupation" in facts else None
                # (of a label of several kinds of work, "Artisan / weaver / tailor", the first, when the user named another: a
                # tailor's loan had been searched for weavers too, and the handloom weavers' credit listed alone)
                parts = [p.strip().casefold() for p in work.split("/")] if work else []
                said_part = any(re.search(rf"\b{re.escape(p)}", text.casefold()) for p in parts)
                hints = [] if not work or work.casefold() in text.casefold() else [parts[0]] if said_part else [work.lower()]
                hints = [h for h in hints if h not in text.casefold()]
                # an age of 60 or more asks for what old age brings: "meri umar 67 saal hai ... koi pension milegi kya"
                # had been declined among every kind of pension (a newcomer trial)
                asked = _without_place_and_age(text)
                age = facts.get("age")
                if isinstance(age, (int, float)) and age >= OLD_AGE and not OLD_AGE_WORDS.search(asked):
                    hints.append("old age")
                answered = engine.question(f"{asked} ({', '.join(hints)})" if hints else asked, state, lang)
                if noted:
                    answered.replies.insert(0, Reply(kind="info", text=t("noted", lang, values=noted)))
                return answered
        asks_help = (mentions(text, "start_check") and state.interview is None and life_event(text) is not None
                     and not ELIGIBILITY_WORD.search(text) and not SCHEMES_WORD.search(text))
        found_mentions = engine.answerer.searcher.mentions(text) if asks_help else []
        if asks_help and not any(m.indexed for m in found_mentions):
            # "my husband died, what help can I get?": the schemes serving that event first, quoted, with the check
            # offered (a newcomer trial: a screening of eight questions began, and no scheme was shown until its end);
            # "which schemes can I get? I am a 67 year old widow" asks for the check itself
            before = state.model_copy(deep=True)
            facts = stated_facts(text, found_mentions)
            noted = self._record(facts, state, text, lang) if facts else ""
            answered = engine.question(text, state, lang)
            if any(r.kind == "answer" for r in answered.replies):
                if noted:
                    answered.replies.insert(0, Reply(kind="info", text=t("noted", lang, values=noted)))
                return answered
            _restore(state, before)  # no list to show: the check starts as asked
        if mentions(text, "start_check"):  # a new check replaces a running one
            return self.start(engine, text, state, lang)
        return None

    def _told_only(self, engine: Engine, text: str) -> dict[str, Any]:
        """The facts (:func:`stated_facts`) of a message that only tells them: ``{}`` for a question, or a message naming a
        scheme or a kind of benefit beside its facts ("old age pension in tamil nadu for my father" asks for that pension;
        it had been only noted, "Noted: state Tamil Nadu", a newcomer trial)."""
        # ("meri umar 45 saal hai", "मेरी उम्र 45 साल है": the word for age is no question of eligibility when it states the
        # user's own; a re-check trial's Hindi correction after a verdict, as the bot's hint wrote it, had been searched)
        intents = section_intents(_OWN_AGE.sub(" ", text))
        if ASKING.search(text) or QUESTIONISH.search(text) or intents:
            return {}
        from conversations.engine import BENEFIT_KIND

        found_mentions = engine.answerer.searcher.mentions(text)
        if BENEFIT_KIND.search(text) or any(m.indexed for m in found_mentions):
            return {}
        return stated_facts(text, found_mentions)

    def _told_after_verdict(self, engine: Engine, text: str, state: UserState) -> dict[str, Any]:
        """The facts a message after a finished check tells about the user that the profile lacks or holds otherwise
        (``{}`` for a question, a message naming a scheme or a kind of benefit, a state alone, which asks for that
        state's schemes, or a long message that does not speak of the user)."""
        facts = {k: v for k, v in self._told_only(engine, text).items()
                 if valid_value(k, v) and (k not in state.profile or state.profile[k].value != v)}
        if not facts or set(facts) == {"state"}:
            return {}
        return facts if is_about_self(text, facts) or len(text.split()) <= 3 else {}

    def start_command(self, engine: Engine, rest: str, state: UserState, lang: str) -> TurnResult:
        """``/eligibility [scheme]``: a scheme's check, or a screening (with a note when ``rest`` names
        no scheme we know)."""
        self._sanitise(state)
        if not re.search(r"[^\W_]", rest):
            rest = ""  # "/eligibility 🙏", "/eligibility ...": no words, the plain command (a break-it trial had the scheme talked of checked)
        # what follows the command names a scheme or a kind of scheme, it says nothing of the user: "/eligibility widow
        # pension" had noted a married man as a widowed woman (a trial), and checked him for widows' schemes; unless it
        # speaks of the user ("/eligibility I am 62 from Bihar": the state had been asked again)
        about_self = FIRST_PERSON.search(rest) is not None
        result = self.start(engine, rest, state, lang, read_facts=about_self, named_as=None if about_self else rest)
        said = t("unknown_scheme", lang, name=rest.strip()[:60])
        if rest.strip() and not about_self and state.interview is not None and state.interview.mode == "screening" and not state.interview.kind \
                and all(r.text != said for r in result.replies):
            result.replies.insert(0, Reply(kind="info", text=said))
        return result

    def _sanitise(self, state: UserState) -> None:
        """Drop what a stored state holds that this corpus or registry cannot use (a changed corpus, an
        older release): an interview for a scheme without rules, an unknown field, an ill-typed value."""
        iv = state.interview
        if iv is not None and ((iv.mode == "scheme" and iv.scheme_id not in self.book.rules) or (iv.field and iv.field not in FIELDS)):
            state.interview = None
        for name in [n for n, v in state.profile.items() if not valid_value(n, v.value)]:
            del state.profile[name]

    # ------------------------------------------------------------------ flow

    def start(self, engine: Engine, text: str, state: UserState, lang: str, read_facts: bool = True,
              named_as: str | None = None) -> TurnResult:
        """Begin an interview for the scheme ``text`` names (after a list, "this" asks which of its schemes first),
        or a screening; with ``read_facts``, what ``text`` states about the user is noted first ("I am 67, am I
        eligible for old age pension?"). ``named_as``: the words after ``/eligibility``, a scheme's name or a kind
        of scheme ("widow pension": that kind is checked) when no scheme we know bears it."""
        from conversations.engine import MAX_PICK, TurnResult

        found_mentions = engine.answerer.searcher.mentions(text) if text.strip() else []
        mentions = [m.scheme_id for m in found_mentions if m.indexed]
        family = _family_name(engine, found_mentions, text) if "state" in state.profile and self.book.has_state_schemes() else ""
        if family:
            # "क्या मैं विधवा पेंशन के लिए पात्र हूँ?": a family name the national scheme bears is a kind of scheme, as
            # "am I eligible for widow pension?" is: the user's state's own widow pension is checked too (a newcomer in
            # Bihar had the national widow pension alone checked, never Bihar's Lakshmi Bai pension). With no state known
            # the national scheme alone is checked, at once, as before
            mentions = []
        listed = [sid for sid in state.list_ids if sid in engine.names][:MAX_PICK]
        if not mentions and state.scheme_id is None and listed and THIS_SCHEME.search(text):
            # "am I eligible for this?" after a list: which of the listed schemes (a newcomer: it had started the whole
            # screening); the number picked starts that scheme's check (Engine._dispatch, pending "pick")
            from retrieval.answer import named_with_state

            state.pending, state.pending_query = "pick", text[:200]
            options = [Option(value=str(i), label=named_with_state(engine.names[sid], engine.answerer.index.schemes[sid].state))
                       for i, sid in enumerate(listed, 1)]
            return TurnResult([Reply(kind="question", text=t("which_listed", lang), field="pick", options=options)])
        stated = stated_facts(text, found_mentions) if read_facts else {}
        replies: list[Reply] = []
        if read_facts and not stated and _RELATIVE.search(normalise(text)) and not husband_died(text):
            # "my mother is a 65 year old widow in Bihar. am I eligible for widow pension?": the check is of the one who
            # writes; said so, and how to check for her (a break-it trial was asked its own state without a word, and three
            # "yes" to it were not understood)
            replies.append(Reply(kind="info", text=t("check_is_yours", lang)))
        def without_rules(sid: str) -> TurnResult:
            """A scheme with no rule to check: said so, and its eligibility quoted."""
            from conversations.engine import answer_reply

            scheme = engine.answerer.index.schemes[sid]
            answer = engine.answerer.ask(text, standalone_query=f"eligibility {scheme.name}", focus=[sid])
            return TurnResult([Reply(kind="info", text=t("no_rules", lang, scheme=scheme.name)), answer_reply(answer, lang)])

        if mentions and mentions[0] not in self.book.rules:
            return without_rules(mentions[0])
        named = NAMED_SCHEME.search(text) if not mentions and not THIS_SCHEME.search(text) and not family else None
        name = (named.group(1) or named.group(2) or named.group(3)).strip() if named else family
        if not name and named_as and not mentions:
            name = " ".join(named_as.split())[:80]
        # "kya main xyzzy yojana ke liye eligible hu": the name is what follows the question's own words
        name = re.sub(r"^(?:(?:kya|main|mai|mein|hum|ham|kyaa|क्या|मैं|हम)\s+)+", "", name, flags=re.IGNORECASE)
        name = re.sub(r"^(?:(?:am|is|are|can|do|does|will|i|we|be|an?|the)\s+)+", "", name, flags=re.IGNORECASE) if named and named.group(2) is None and named.group(3) is None else name
        # a name, not a kind of scheme: "Ladli Behna Yojana", "Kalia scheme"; not "old age pension"
        proper = bool(re.search(r"\b(?:yojana|yojna|scheme|abhiyan|mission|programme|program|nidhi|card|bima|kosh)\b", name, re.IGNORECASE)) \
            or len(re.findall(r"\b[A-Z][a-z]+", name)) >= 2
        unknown_name = bool(name and proper and set(re.findall(r"\w+", name.casefold())) - _GENERIC_NAME_WORDS)
        kind = bool(name and not unknown_name and not mentions and set(re.findall(r"\w+", name.casefold())) - _NO_KIND_WORDS)
        if kind and not family and name.isascii() and not any(term in engine.answerer.index.vocabulary for term in _analyze(name)):
            # "/eligibility asdf qwer 123": words no scheme uses name no kind of scheme: said so, and every scheme checked
            # (a break-it trial: "I checked 8 schemes for "asdf qwer 123"")
            kind, unknown_name = False, True
        if unknown_name and not mentions:
            # a part of a long official name, as people say it ("am I eligible for Post-Matric Scholarship for OBC
            # Students?" for the "Centrally Sponsored Scheme of ..." one): the one scheme whose name holds its words
            # (a name of ordinary words too, read as a family: Tamil Nadu's "Differently Abled Pension Scheme", a newcomer
            # trial's "I don't know a scheme called ...")
            by_words = engine.answerer.searcher.named_by_words(name, self._profile(state).get("state"))
            if by_words is not None:
                family = ""
                if by_words not in self.book.rules:
                    return without_rules(by_words)
                mentions, unknown_name, kind = [by_words], False, False
                full = engine.names.get(by_words, by_words)
                if re.sub(r"^the\s+", "", name.strip(), flags=re.IGNORECASE).casefold() != full.casefold():
                    # (not for the name given whole: "I take "Differently Abled Pension Scheme" to be Differently Abled
                    # Pension Scheme" had been said)
                    replies.append(Reply(kind="info", text=t("checking_named", lang, said=name[:60], scheme=full)))
        intro: Reply | None = None  # the line saying what a check started by a question naming no scheme checks
        if not mentions and not unknown_name and not family and not kind and text.strip() and state.scheme_id in self.book.rules and (
                THIS_SCHEME.search(text) or not ACROSS_SCHEMES.search(text)):
            # "am I eligible for this?", "kya mai eligible hu" after talking about a scheme: that scheme (not
            # after "am I eligible for Flurbo scheme?", a scheme we do not know: that one is said so; nor after "am I
            # eligible for widow pension?", a kind of scheme: that kind is checked, a break-it trial had PM-KISAN checked)
            mentions = [state.scheme_id]
            if not (state.interview is not None and state.interview.scheme_id == state.scheme_id):
                # which scheme a question that names none checks, said (a newcomer trial could not tell what "kya main
                # eligible hu?" was checking)
                intro = Reply(kind="info", text=t("checking_discussed", lang, scheme=engine.names.get(state.scheme_id, state.scheme_id)))
        mode = "scheme" if mentions else "screening"
        if mode == "screening" and not unknown_name and not kind and not family and THIS_SCHEME.search(text) \
                and not ACROSS_SCHEMES.search(text) and state.scheme_id is None:
            # "am I eligible for it?" with no scheme talked about: said so, then every scheme (a break-it trial: the check
            # of all schemes started without a word about "it")
            replies.append(Reply(kind="info", text=t("no_scheme_this", lang)))
        elif mode == "screening" and listed and not unknown_name and not kind and not family and text.strip() \
                and not ACROSS_SCHEMES.search(text) and not NAMED_SCHEME.search(text):
            # "kya main eligible hu?" after a list of schemes: all are checked, the listed ones among them, said so
            intro = Reply(kind="info", text=t("checking_all_listed", lang))
        if intro is not None:
            replies.append(intro)
        if mode == "screening" and unknown_name:
            # "am I eligible for Ladli Behna?" with no such scheme here: say so, then check all schemes
            replies.append(Reply(kind="info", text=t("unknown_scheme", lang, name=name[:60])))
        again = state.interview is not None and mentions[:1] == [state.interview.scheme_id]  # the same check restarted
        if again and state.interview is not None and not state.interview.finished and state.interview.field and not stated:
            # "am I eligible for pm kisan?" again while its question waits: that check goes on, said so (a newcomer
            # trial had the same question repeated without a word, as if the message had not been read)
            current = self._question(state.interview.field, lang)
            note = Reply(kind="info", text=t("checking_already", lang, scheme=engine.names.get(state.interview.scheme_id or "", "")))
            return TurnResult(replies + [note] + ([current] if current is not None else []))
        running = state.interview
        if mode == "scheme" and running is not None and not running.finished and running.mode == "screening" and running.field:
            # "am I eligible for pm kisan?" while the check of all schemes waits for an answer: that scheme now, said so
            # (a trial: the running check had been replaced without a word)
            replies.append(Reply(kind="info", text=t("switched_check", lang, scheme=engine.names.get(mentions[0], mentions[0]))))
        state.interview = InterviewState(mode=mode, scheme_id=mentions[0] if mentions else None, max_questions=self.max_questions)
        if mode == "scheme":
            # the scheme checked is the one talked about: "what documents are needed?" while its question waits is about it
            # (a break-it trial got "Which scheme do you mean?" after "am I eligible for pm kisan")
            state.scheme_id, state.scheme_name = mentions[0], engine.names.get(mentions[0], state.scheme_name)
        if mode == "screening" and kind:
            # "am I eligible for old age pension?": the schemes of that kind only, not every scheme (a trial: eight
            # questions on work, gender and minority, then a verdict of drinking water and toilets, no pension)
            state.interview.kind = name[:60]
        noted = self._record(stated, state, text, lang)
        if noted:
            replies.append(Reply(kind="info", text=t("noted", lang, values=noted)))
        if mode == "scheme":
            rules = self.book.rules[state.interview.scheme_id]
            first = outcome(rules, self._profile(state))
            if (first.status == "not_eligible" and first.reasons and first.reasons[0].field not in stated
                    and (again or state.profile[first.reasons[0].field].turn < state.turn_count - RECHECK_AFTER_TURNS)):
                # a remembered answer would end it at once: ask that question again (not one said just now for another
                # check: "SC", told one message before, had been asked to be confirmed; but a check asked for again
                # right after its verdict asks, the user may mean to change the answer)
                name = first.reasons[0].field
                state.interview.ask(name)
                q = self._question(name, lang)
                q.text = t("recheck", lang, field=_field_label(name, lang), value=_show(name, state.profile[name].value, lang), question=q.text)
                return TurnResult(replies + [q])
        after = self._next(engine, state, lang)
        if intro is not None and any(r.kind == "eligibility" for r in after):
            # a check that ends at once, in its verdict, which names the scheme: no line saying which it checks (on SMS that
            # line had been a Hindi verdict's whole first page, and the user's next answer was read against a verdict unseen)
            replies.remove(intro)
        return TurnResult(replies + after)

    def _answer(self, engine: Engine, text: str, state: UserState, lang: str) -> TurnResult:
        from conversations.engine import TurnResult

        iv = state.interview
        assert iv is not None
        if is_stop(text) or "bye" in intents_of(text).whole:
            # "bye" while a question waits: the user is leaving, so the check stops (kept for later) rather
            # than asking its question again
            state.interview = None
            return TurnResult([Reply(kind="info", text=t("stopped", lang))])
        pending = iv.field
        if pending == "annual_family_income" and iv.income_to_confirm is not None:
            # the answer to "is ₹5,000 for a month or for the whole year?"
            amount, iv.income_to_confirm = iv.income_to_confirm, None
            number = text.strip().rstrip(".)")  # (the options by number, as SMS shows them)
            period = "month" if PER_MONTH.search(text) or number == "1" else "year" if PER_YEAR.search(text) or number == "2" else None
            if period is not None:
                noted = self._record({pending: amount * 12 if period == "month" else amount}, state, text, lang)
                iv.field, iv.invalid = None, 0
                return TurnResult([Reply(kind="info", text=t("noted", lang, values=noted))] + self._next(engine, state, lang))
        if pending and pending in state.profile and means(text, "yes"):
            # "Earlier you told me category: SC. Is that still right?" "yes": keep it
            iv.field, iv.invalid = None, 0
            return TurnResult(self._next(engine, state, lang))
        if pending and pending in state.profile and means(text, "no"):
            state.profile.pop(pending, None)  # no longer true: ask it afresh
            return TurnResult([self._question(pending, lang)])
        if pending and is_skip(text):
            state.profile.pop(pending, None)  # "skip" leaves it unknown, even if it was remembered
            iv.skipped.append(pending)
            iv.field, iv.invalid = None, 0
            return TurnResult([Reply(kind="info", text=t("skipped", lang))] + self._next(engine, state, lang))
        if pending and WHY_ASKED.match(text):
            # "why do you ask?", "kyon?" while a question waits: why it is asked, and how to answer or skip it (a break-it
            # trial: it was searched as a question about schemes, and declined)
            return TurnResult([self._why(pending, lang)])
        mentions = engine.answerer.searcher.mentions(text)
        if pending == "is_bpl":
            # "we have an Antyodaya card" answers the card question; it names no scheme (Antyodaya Anna Yojana had been
            # declined as a scheme without documents, and the card blanked out of the answer read as "no BPL card", a
            # break-it trial)
            mentions = [m for m in mentions if not BPL_CARD.search(m.name)]
        questionish = QUESTIONISH.search(text) is not None
        # "meri umar 62 saal hai" names the age a question about an age limit would ("umar"), but states it
        statement = not questionish and "?" not in text and FIRST_PERSON.search(text) is not None and (
            bool(extract(text)) or (pending == "age" and FIELDS["age"].parse(text) is not None))  # (an age out of range too)
        question_like = bool(mentions) or (questionish and len(text.split()) >= 4) or (bool(section_intents(text)) and not statement) \
            or ("?" in text and len(text.split()) >= 2)  # "kya hai BPL?" asks, it does not answer
        found = {} if question_like and not CORRECTION.search(text) else extract(blank_mentions(text, mentions))
        # (not a range, "45-50": an answer that cannot be read, as before)
        numbers = [int(n) for n in re.findall(r"(?<![\d.,-])\d{1,3}(?![\d.,-])", own_words(text))] if pending == "age" else []
        if pending == "age" and not (CORRECTION.search(text) or WAIT.search(text)) and len(set(numbers)) > 1 \
                and all(FIELDS["age"].valid(n) for n in numbers) and not set(found) - {"age"}:
            # ("I am 30 and 70": two numbers that may each be an age, no word of years; not "65, 10 bigha", a land's size)
            ages = list(dict.fromkeys(numbers))
        else:
            ages = conflicting_ages(text) if pending == "age" else []
        if ages:
            # "I am 30 and 70" to "how old are you?": asked again (it had taken 30, and said NOT ELIGIBLE for the old age pension)
            return TurnResult([Reply(kind="question", field="age", text=ages_conflict(ages, lang))])
        if pending == "state" and state.topic_state and "state" not in state.profile and means(text, "yes"):
            # "yes" to "... You asked about Tamil Nadu's schemes: is that where you live?"
            noted = self._record({"state": state.topic_state}, state, text, lang)
            iv.field, iv.invalid = None, 0
            return TurnResult([Reply(kind="info", text=t("noted", lang, values=noted))] + self._next(engine, state, lang))
        if pending == "state" and PIN_CODE.fullmatch(text):
            # "110001" to "which state?": a PIN code, not the family's income (a break-it trial had it noted as ₹1,10,001 a year)
            return TurnResult([Reply(kind="question", field="state", text=t("pin_not_state", lang))])
        if pending == "state" and (places := conflicting_states(text)):
            # "UP and Bihar" to "which state do you live in?": asked which one (it had taken the first silently)
            return TurnResult([Reply(kind="question", field="state", text=states_conflict(places, lang))])
        # "no wait, 61" or "sorry I meant 45 not 54" to the next question after "65" to the age question: the earlier number
        # corrected, not an answer to the question waiting (a break-it trial had "no" noted for the BPL card, then NOT
        # ELIGIBLE; a newcomer trial got "could not understand")
        # (the number noted last, whether asked for or told beside another answer: "tamil nadu, 60 years" to the state question,
        # then "no wait, 61" to the BPL question, a newcomer trial; it had been read as "no")
        told = [f for f in state.profile if f != pending and FIELDS[f].type in NUMBER_TYPES]
        earlier = max(told, key=lambda f: state.profile[f].turn) if told else None
        corrected = bool(pending) and earlier is not None and earlier not in found and FIELDS[pending].type not in NUMBER_TYPES \
            and re.search(r"\d", text) is not None and (CORRECTION.search(text) is not None or WAIT.search(text) is not None)
        if corrected:
            value = FIELDS[earlier].read(text)
            corrected = value is not None and value != state.profile[earlier].value
            if corrected:
                found = {earlier: value}
        if pending and not corrected and (not question_like or len(text.split()) <= 3):
            # "my mother is 70" answers nothing about the user: only their own words are read; "1 lakh" is
            # no age
            about_other = _RELATIVE.search(normalise(text)) is not None
            money = FIELDS[pending].type in ("int", "percent") and MONEY_WORDS.search(text) is not None
            own = own_words(text).replace(";", ",") if about_other else text
            if FIELDS[pending].type == "bool":
                # "कोई आमदनी नहीं" (no income) to the BPL question: that "no" is the income's, not the answer
                own = NO_INCOME_PHRASE.sub(" ", own)
            # a yes or no inside a sentence about another fact is that fact's: "actually I do not own land, my father
            # does" to the income tax question corrects the land, and says nothing of income tax (it had been noted "no")
            other_fact = FIELDS[pending].type == "bool" and len(text.split()) > 3 and any(f != pending for f in found)
            # a number the sentence already gave to another field is not the pending one's too: "actually my age is
            # 46" to the disability question corrects the age and says no disability percentage (a break-it trial
            # had noted "disability % 46%")
            numbers = re.findall(r"\d+(?:\.\d+)?", own)
            taken = FIELDS[pending].type in NUMBER_TYPES and len(numbers) <= 1 and any(
                f != pending and FIELDS[f].type in NUMBER_TYPES for f in found)
            value = None if money or other_fact or taken or pending in found else FIELDS[pending].read(own)
            if value is not None:  # (what the sentence says of the field by name wins: "47 years old and 40% disabled")
                found[pending] = value
        bare_amount = re.fullmatch(r"\s*(?:₹\s*)?\d{1,3}(?:,\d{2,3})+\s*|\s*(?:₹\s*)?\d{4,9}\s*", text) is not None
        if not found and pending != "annual_family_income" and len(text.split()) <= 6 and (
                MONEY_WORDS.search(text) or (bare_amount and pending and FIELDS[pending].type in ("choice", "bool"))):
            # "1 lakh" (or a bare "80000" to a question with options) while asked about work: the income
            money = parse_money(text)
            if money is not None and bare_amount and 0 < money < SMALL_YEARLY_INCOME:
                # "5000" to the category question: an income, but a month's or a year's? asked as the income question would
                # (a newcomer trial had it noted as ₹5,000 a year)
                iv.field, iv.invalid = "annual_family_income", 0
                return TurnResult([_period_question(iv, int(money), lang)])
            if money is not None:
                found["annual_family_income"] = money
        amount = found.get("annual_family_income") if pending == "annual_family_income" else None
        if isinstance(amount, (int, float)) and 0 < amount < SMALL_YEARLY_INCOME and BARE_AMOUNT.fullmatch(text):
            # "5000" (or "150") to the family's yearly income: most likely a month's pay, and any limit would pass on it (a
            # break-it trial): which one, asked before it is noted
            return TurnResult([_period_question(iv, int(amount), lang)])
        # "meri umar 3 saal hai", "I am 150": an age, outside what the rules are checked for; said so (it had been searched as
        # a question, or met with "could not understand"; said beside other facts, "I am 150 years old woman", it was dropped)
        bad_age = FIELDS["age"].parse(text) if pending == "age" and "age" not in found and not question_like \
            and MONEY_WORDS.search(text) is None and not _RELATIVE.search(normalise(text)) and not unclear_number(text) else None
        if bad_age is not None and (FIELDS["age"].valid(bad_age) or not 0 <= bad_age < 1000):
            bad_age = None
        if found:
            noted = self._record(found, state, text, lang)
            iv.field, iv.invalid = None, 0
            # (an income given by the month is shown as the year's it was noted as: "3000 रुपये महीना" is ₹36,000 a year)
            by_month = pending == "annual_family_income" and "annual_family_income" in found and MONTHLY.search(normalise(text)) is not None
            replies = [Reply(kind="info", text=t("noted", lang, values=noted))] if pending not in found or len(found) > 1 or by_month else []
            if not question_like and pending and _asks_more_than(text, found):
                # "fishermen insurance kerala" to "which state?": Kerala is noted, and the question it carries
                # answered too (it was noted and dropped), then the check goes on
                before = state.model_copy(deep=True)
                answered = engine.question(text, state, lang)
                if any(r.kind == "answer" for r in answered.replies):
                    noted_reply = [Reply(kind="info", text=t("noted", lang, values=noted))] if noted else []
                    return TurnResult(noted_reply + answered.replies + self._next_resumed(engine, state, lang))
                # no answer to show: nothing of that search stays either ("I am a farmer but I do not farm" had left
                # a hidden "which state?" waiting, and the "yes" to the land question shown was read as a state)
                _restore(state, before)
            following = self._next(engine, state, lang, prefer=pending if pending not in found else None)
            if bad_age is not None and following and following[-1].field == "age":
                following[-1].text = _age_out_of_range(bad_age, lang)
            return TurnResult(replies + following)
        if bad_age is not None:
            q = self._question(pending, lang)
            q.text = _age_out_of_range(bad_age, lang)
            return TurnResult([q])
        if pending == "is_bpl" and not found and RATION_CARD.search(text) and "?" not in text and not QUESTIONISH.search(text):
            # "i have ration card", "राशन कार्ड है": every family has one, BPL or not; which kind it is, asked (a trial: it had been
            # searched, and One Nation One Ration Card quoted, or "could not understand")
            q = self._question(pending, lang)
            q.text = t("bpl_which_card", lang)
            return TurnResult([q])
        if not question_like and pending and life_event(text) is not None and not found:
            # "beti ki shadi hai", "I lost my job" while a question waits: the schemes for it, then the question again (on
            # the pages the bare event is no confident search, and it had been "could not understand", a break-it trial)
            question_like = True
        if not question_like and pending and len(text.split()) >= 2 and not intents_of(text).whole \
                and not (FIRST_PERSON.search(text) and OWN_MONEY.search(normalise(text))):
            # "help for widows" while asked about BPL: no answer to it, but a question the corpus answers
            # (answered, then the interview's question again) rather than "could not understand"; not one's own income
            # said in a way that cannot be read ("मेरे परिवार की आय 70 है" had quoted a professors' fellowship, a re-check trial)
            question_like = engine.answerer.ask(text).status == "answered"
        if question_like:
            noted_first: list[Reply] = []
            place = FIELDS["state"].read(text) if pending == "state" and not _RELATIVE.search(normalise(text)) else None
            # what a clause of the user's own says beside the question ("I am 62, what documents do I need for old age
            # pension?" to the age question; "OBC. what is OBC certificate?"): kept, not dropped with the question (a
            # break-it trial had the age asked again)
            told = {k: v for k, v in stated_facts(text, mentions).items() if valid_value(k, v)} if FIRST_PERSON.search(text) else {}
            if pending and pending not in told and len(text.split()) > 1:
                head = CLAUSE_END.split(text, maxsplit=1)[0]
                value = FIELDS[pending].read(head) if head.strip() != text.strip() and not ASKING.search(head) else None
                if value is not None:
                    told[pending] = value
            if place is not None:
                told["state"] = place
            if told:
                # "widow pension amount bihar" to "which state do you live in?": a question, and the state
                # it names is the answer (it was asked again after the answer)
                noted = self._record(told, state, text, lang)
                if pending in told:
                    iv.field, iv.invalid, pending = None, 0, None
                    place = place or told.get("state")
                noted_first = [Reply(kind="info", text=t("noted", lang, values=noted))] if noted else []
            answered = engine.question(text, state, lang)
            answered.replies[:0] = noted_first
            if pending:
                answered.replies.append(self.reminder(pending, lang))
            elif told:
                answered.replies.extend(self._next_resumed(engine, state, lang))
            return answered
        spec = FIELDS[pending] if pending else None
        if spec is None:
            return TurnResult(self._next(engine, state, lang))
        said = intents_of(text).whole
        if said & {"ack", "thanks", "greeting"}:  # "ok", "hmm", 👍, "how are you" while a question waits: asked again, not a failed answer
            return TurnResult([self._question(pending, lang)])
        if "more" in said:
            # "more" while a question waits: nothing is left to show; the check waits for this answer (a trial had
            # "Sorry, I could not understand that.", as if the word were a wrong answer)
            return TurnResult([Reply(kind="info", text=t("more_during_check", lang)), self._question(pending, lang)])
        if spec.type == "percent" and parse_yes_no(text) is True:
            # "yes" to "do you have a disability? if yes, what percentage?": half an answer, not a failed one
            q = self._question(pending, lang)
            q.text = t("percent_please", lang, example=spec.example.get(lang, spec.example["en"]))
            return TurnResult([q])
        iv.invalid += 1
        if iv.invalid >= 3:  # explained once already: leave it unknown rather than loop
            iv.skipped.append(pending)
            iv.field, iv.invalid = None, 0
            # (said as what happened: "OK, skipped." to someone who never said skip, a break-it trial)
            return TurnResult([Reply(kind="info", text=t("unread_skipped", lang))] + self._next(engine, state, lang))
        if iv.invalid >= 2:
            return TurnResult([self._why(pending, lang)])
        q = self._question(pending, lang)
        q.text = t("reask", lang, question=spec.question.get(lang, spec.question["en"]), example=spec.example.get(lang, spec.example["en"]))
        return TurnResult([q])

    # ------------------------------------------------------------------ helpers

    def ruled_out(self, scheme_ids: list[str], state: UserState, place: str | None = None, names: dict[str, str] | None = None) -> set[str]:
        """Of ``scheme_ids``, those whose rules the user's profile (what they told) fails: ``not_eligible`` on a
        condition checked against a stated value ("the subscriber's age is 18 to 40" for someone who said they are
        68). ``place``: the state asked about, which stands for the profile's ("and in Punjab?" from someone in
        Haryana asks of Punjab's schemes). A scheme without rules, or whose outcome needs more facts, is never ruled
        out; nor by a rule read from page text failing on another field than age (such a rule can misread a list
        of alternatives as conditions that all hold: Punjab's pension for "widow women" and "unmarried women"
        would hide it from a widow), education or a least percentage of disability. A pre-matric scholarship (by its name in ``names``, scheme id -> name,
        or in its rules) is ruled out for someone past class 10 (:func:`past_school`), and a scheme whose name is for
        women or girls for a man (:func:`for_another_gender`)."""
        profile = self._profile(state, place)
        if not profile:
            return set()
        said = said_of(state)
        out = set()
        for sid in scheme_ids:
            rules = self.book.rules.get(sid)
            name = (names or {}).get(sid) or (rules.scheme_name if rules is not None else "")
            if past_school(profile, name, said) or for_another_gender(name, profile):
                out.add(sid)
                continue
            verdict = outcome(rules, profile) if rules is not None else None
            # (an education level read from a page is as sure as an age: "Post-Graduate Scholarships for Professional
            # Courses" had been listed second to an SC student in class 11, a newcomer trial; so is a least percentage of
            # disability: the national disability pension's "more than 80%" had led the pages' list for someone of 50%)
            if verdict is not None and verdict.status == "not_eligible" and (
                    rules.source != "extracted" or all(c.field in ("age", "education_level") or (c.field == "disability_percent" and c.op == "gte")
                                                       for c in verdict.reasons[:1])):
                out.add(sid)
        return out

    def failing(self, scheme_id: str, state: UserState, place: str | None = None) -> tuple[str, str] | None:
        """``(sentence, url)`` of the condition the user's profile fails for ``scheme_id`` (its first reason, quoted from its
        page), or ``None`` when the scheme has no rules or its outcome is not ``not_eligible``. ``place`` as in
        :meth:`ruled_out`."""
        rules = self.book.rules.get(scheme_id)
        profile = self._profile(state, place)
        verdict = outcome(rules, profile) if rules is not None and profile else None
        if verdict is None or verdict.status != "not_eligible" or not verdict.reasons:
            return None
        return verdict.reasons[0].text, verdict.reasons[0].url

    def _profile(self, state: UserState, place: str | None = None) -> dict[str, Any]:
        """The user's valid facts (field -> value); with ``place``, the state asked about stands for the one they live in
        ("and in Punjab?" from someone in Haryana asks of Punjab's schemes), when they told one."""
        profile = {k: v.value for k, v in state.profile.items() if valid_value(k, v.value)}
        if place is not None and "state" in profile:
            profile["state"] = place
        return profile

    def _record(self, values: dict[str, Any], state: UserState, said: str, lang: str) -> str:
        """Store what the user said (each with this turn's number); returns a short summary. A state the
        user says they live in replaces the state an earlier question named ("I moved to Kerala")."""
        # a value that replaces a different one says so: "gender Female (was Male)" (a break-it trial: "I am a man", then
        # "my husband died", flipped the gender without a word)
        before = {n: state.profile[n].value for n in values if n in state.profile and state.profile[n].value != values[n]}
        for name, value in values.items():
            state.profile[name] = ProfileValue(value=value, turn=state.turn_count, said=said[:80])
        if "state" in values:
            state.topic_state = None
        return ", ".join(f"{_field_label(n, lang)} {_show(n, v, lang)}"
                         + (f" {t('was', lang, old=_show(n, before[n], lang))}" if n in before else "") for n, v in values.items())

    def _why(self, name: str, lang: str) -> Reply:
        """The question ``name`` again, said with why it is asked and how to skip it or stop (with Skip and Stop options)."""
        spec = FIELDS[name]
        q = self._question(name, lang)
        q.text = t("why", lang, why=spec.why.get(lang, spec.why["en"]), example=spec.example.get(lang, spec.example["en"]))
        q.options = [*q.options, Option(value="skip", label="Skip" if lang != "hi" else "छोड़ें"),
                     Option(value="stop", label="Stop" if lang != "hi" else "बंद करें")]
        return q

    def current_question(self, state: UserState, lang: str) -> Reply | None:
        """The question the running interview waits for (asked again), or ``None``."""
        iv = state.interview
        return self._question(iv.field, lang) if iv is not None and not iv.finished and iv.field else None

    def reminder(self, name: str, lang: str) -> Reply:
        """The question for field ``name`` again, after something else was answered ("Back to your
        eligibility check: ...")."""
        q = self._question(name, lang)
        q.text = t("resume", lang, question=q.text)
        return q

    def _next_resumed(self, engine: Engine, state: UserState, lang: str) -> list[Reply]:
        """:meth:`_next`, its question introduced as the check going on after an answer."""
        following = self._next(engine, state, lang)
        if following and following[-1].kind == "question":
            following[-1].text = t("resume", lang, question=following[-1].text)
        return following

    def _question(self, name: str | None, lang: str) -> Reply | None:
        if name is None:
            return None
        spec = FIELDS[name]
        text = f"{spec.question.get(lang, spec.question['en'])} ({spec.example.get(lang, spec.example['en'])})"
        options = [Option(value=opt[0], label=option_label(opt, lang)) for opt in spec.options]
        return Reply(kind="question", text=text, field=name, options=options)

    def _state_question(self, state: UserState, lang: str) -> Reply:
        """The question for the state; after questions about one state's schemes ("old age pension tamilnadu"), it names that
        state, which "yes" takes: a newcomer trial was asked which state right after the bot had said it
        looked at Tamil Nadu's schemes. The state of a question is not taken as where the user lives unasked. (No option to
        tap: a numbered one is not read as a state on SMS.)"""
        q = self._question("state", lang)
        place = state.topic_state
        if place:
            q.text = f"{q.text} {t('state_from_topic', lang, state=state_label(place, lang))}"
        return q

    def _next(self, engine: Engine, state: UserState, lang: str, prefer: str | None = None) -> list[Reply]:
        """Ask the next question, or finish with the outcomes. ``prefer``: the question that waited when the user
        corrected another answer instead ("actually my age is 62" to the work question); it is asked again while it
        can still settle something, rather than whichever question would come first now."""
        iv = state.interview
        assert iv is not None
        profile = self._profile(state)

        def still_useful(rules: list, exclude: list[str]) -> bool:
            if prefer is None or prefer in profile or prefer in exclude:
                return False
            return next_field(rules, profile, exclude=[f for f in FIELDS if f != prefer]).field == prefer

        if iv.mode == "scheme":
            rules = self.book.rules[iv.scheme_id]
            result = outcome(rules, profile)
            if result.status == "need_more_info":
                if still_useful([rules], iv.skipped):
                    iv.ask(prefer)
                    return [self._question(prefer, lang)]
                choice = next_field([rules], profile, exclude=iv.skipped)
                if choice.field is not None:
                    iv.ask(choice.field)
                    return [self._state_question(state, lang) if choice.field == "state" else self._question(choice.field, lang)]
            iv.finished, iv.field = True, None
            state.scheme_id, state.scheme_name, state.topic = rules.scheme_id, rules.scheme_name, "eligibility"
            said = said_of(state)
            return [self._verdict([result], lang, single=True, said=said, profile=profile)]
        if self.book.has_state_schemes() and "state" not in profile and "state" not in iv.skipped and len(iv.asked) < iv.max_questions:
            # the state first: it decides which of the schemes are in play at all
            iv.ask("state")
            return [self._state_question(state, lang)]
        rules = self.book.in_state(profile.get("state")) if self.book.has_state_schemes() else list(self.book.rules.values())
        if iv.kind:
            if iv.kind_ids is None or iv.kind_state != profile.get("state"):
                # (again when the state is told after the search: a break-it trial's "I am 67 and I live in UP", after the state
                # question was skipped, had the national old age pension checked alone and "you qualify for none")
                said = " ".join([iv.kind, *(v.said for v in state.profile.values())])
                iv.kind_ids = self._of_kind(engine, iv.kind, profile.get("state"), {r.scheme_id for r in rules}, said, profile)
                iv.kind_state = profile.get("state")
            if iv.kind_ids:
                kind = set(iv.kind_ids)
                rules = [r for r in rules if r.scheme_id in kind]
        exclude = [*iv.skipped, *not_to_ask(profile)]
        step = screen(rules, profile, len(iv.asked), iv.max_questions, exclude=exclude)
        if step.next is not None:
            if still_useful(rules, exclude):
                step.next = prefer
            iv.ask(step.next)
            return [self._question(step.next, lang)]
        iv.finished, iv.field = True, None
        return [self._screen_verdict(step.outcomes, state, lang)]

    def _of_kind(self, engine: Engine, kind: str, state: str | None, held: set[str], said: str,
                 profile: dict[str, Any] | None = None) -> list[str]:
        """The schemes with rules (of ``held``: the user's state's and the central ones) that a search for ``kind``
        ranks near its first (:func:`retrieval.answer.list_fits`), at most :data:`KIND_SCHEMES`, in rank order;
        empty when none has rules (the screening then checks every scheme). The search holds, beside ``kind``, the
        groups ``profile`` places the user in (:func:`_group_words`). A scheme reserved for a group ``said``
        (the user's words) does not name is left out (:meth:`retrieval.index.Index.for_another_group`: the widows of
        ex-servicemen's training grant had been "likely" for a widow asking about widow pension), and so is a
        school stage the user is past or not yet at (:func:`past_school`); one that does not give the kind asked for
        (:func:`retrieval.query.kinds_of_help`) only when none does."""
        from retrieval.answer import list_fits

        index = engine.answerer.index
        profile = profile or {}
        r = engine.answerer.searcher.search(" ".join([kind, *_group_words(profile, said)]), state=state)
        # (each scheme gives the kind asked for, as a list answer's do: an SC education loan had been checked for "any
        # scholarship")
        kinds = kinds_of_help(kind)
        keep = [x.scheme_id for x in list_fits(r, keep=lambda sid: sid in held and gives_kinds(index, sid, kinds))
                or list_fits(r, keep=lambda sid: sid in held)]
        return [sid for sid in keep if not index.for_another_group(sid, said)
                and not past_school(profile, index.schemes[sid].name, said)][:KIND_SCHEMES]

    def _place(self, scheme_id: str) -> tuple[str, str | None]:
        return self.book.places.get(scheme_id, ("central", None))

    def _reply_outcome(self, o: Outcome, if_applies: bool = False) -> ReplyOutcome:
        """``o`` in the JSON shape of ``../shared/DESIGN.md``; ``if_applies``: it hinges on a life event the
        user has not mentioned, so it is ``need_more_info`` whatever the fields say."""
        level, place = self._place(o.scheme_id)
        return ReplyOutcome(scheme_id=o.scheme_id, scheme_name=o.scheme_name, level=level, state=place,
                            status="need_more_info" if if_applies else o.status, missing_fields=o.missing_fields,
                            unchecked=[Unchecked(text=u, url=o.exclusions_url if u in o.excluding else o.eligibility_url, excluded=u in o.excluding)
                                       for u in o.unchecked],
                            reasons=[Reason(field=c.field, text=c.text, url=c.url) for c in o.reasons])

    def _title(self, o: Outcome, lang: str = "en") -> str:
        """The scheme's name, with its state where the name does not say it, marked when its page says it
        is closed."""
        _, place = self._place(o.scheme_id)
        name = f"{o.scheme_name} ({place})" if place and place.lower() not in o.scheme_name.lower() else o.scheme_name
        return f"{t('closed_mark', lang)} {name}" if o.scheme_id in self.book.closed else name

    def _screen_verdict(self, outcomes: list[Outcome], state: UserState, lang: str) -> Reply:
        """The verdict of a screening, short enough for one WhatsApp message (:data:`VERDICT_CHARS`):

        the scheme under discussion first (with its reason); then at most :data:`VERDICT_SCHEMES` schemes
        most likely to help, each with its one deciding quote and link; schemes whose unchecked
        condition is a life event the user has not mentioned under "if this applies to you"; counts of
        the rest. The next schemes go to ``state.paging`` for "MORE".
        """
        said = said_of(state)
        profile = self._profile(state)
        disability = profile.get("disability_percent")
        if isinstance(disability, (int, float)) and disability > 0:
            said += " disabled"  # (a percentage answered is a disability said)
        if isinstance(profile.get("occupation"), str):
            said += " " + profile["occupation"].replace("_", " ")  # (the work picked from the options is work said: "construction worker")
        volunteered = frozenset(profile) - frozenset(state.interview.asked if state.interview is not None else ())
        likely = sorted((o for o in outcomes if o.status in ("eligible", "likely_eligible")), key=lambda o: _specificity(o, said, profile, volunteered))
        applies = [(o, life_event_unsaid(o.requiring, said) or role_unsaid(o, said) or named_unsaid(o.scheme_name, said)) for o in likely]
        # a pregnancy scheme is not offered to a 67-year-old widow, even "if this applies"
        # ... nor a pre-matric scholarship to a 45-year-old farmer
        student_only = not_a_student(profile)

        # a business to start is no event that may apply unsaid to a homemaker who named her work, nor to
        # someone of old age (OLD_AGE_BOUND years): a newcomer trial's widow of 62 (a homemaker) and a pregnant homemaker read credit guarantees
        # for enterprises and an export council's membership under "if this applies to you"
        age = profile.get("age")
        # (a student may yet start one: Stand-Up India stays "if this applies" for an SC student, an earlier trial's wish)
        no_business = profile.get("occupation") == "homemaker" or (isinstance(age, (int, float)) and age >= OLD_AGE_BOUND)

        def for_a_business(o: Outcome) -> bool:
            return any(starts_a_business(u) for u in [*o.requiring, *(c.text for c in o.reasons), o.scheme_name]) \
                and not affirmed(EVENT_KINDS[-1][1], said)

        def plausible(o: Outcome) -> bool:
            return not (any(implausible_event(u, profile) for u in o.requiring) or for_a_girl(o, profile)
                        or (no_business and for_a_business(o))
                        or (disability == 0 and (any(DISABILITY_NEED.search(u) for u in o.requiring) or _DISABILITY_NAME.search(o.scheme_name)))
                        or (student_only and (STUDENT_SCHEME.search(o.scheme_name) or for_students(o))) or past_school(profile, o.scheme_name, said)
                        or named_elsewhere(profile, o.scheme_name) or for_another_gender(o.scheme_name, profile)
                        or said_otherwise(o, profile) is not None)

        implausible = {o.scheme_id for o, _ in applies if not plausible(o)}
        applies = [(o, ev) for o, ev in applies if o.scheme_id not in implausible]
        # (a life event she has not spoken of before a role she has not: a widow is shown the breadwinner's death benefit
        # before the veteran artists' pension)
        # (and for a widow, a death in the family before the other events: her husband's death may be the breadwinner's, where
        # a daughter's marriage is a guess; a trial had shown her the marriage grant first)
        widowed = profile.get("marital_status") == "widowed"
        gated = sorted(((o, ev) for o, ev in applies if ev),
                       key=lambda p: (life_event_unsaid(p[0].requiring, said) is None, not (widowed and DEATH.search(p[1]))))
        likely = [o for o, ev in applies if not ev]
        asked = next((o for o in outcomes if o.scheme_id == state.scheme_id), None)
        if asked is not None:
            likely = [o for o in likely if o.scheme_id != asked.scheme_id]
            gated = [(o, ev) for o, ev in gated if o.scheme_id != asked.scheme_id]
        # a scheme met only on state, age, gender or income (an abuse-victims' centre, a journalists'
        # insurance, a treatment grant) says little: after the others, on MORE, never under "if this applies"
        kind = state.interview.kind if state.interview is not None and state.interview.kind_ids else None

        def particular(o: Outcome) -> bool:  # an income limit alone is no more telling (a treatment grant)
            # (a scheme of the kind asked for is telling in itself: an old-age pension met on age, state and income)
            return bool(kind or _met_positively(o) - _GENERIC_FIELDS - {"annual_family_income"}) or life_event_said(o.requiring, said)

        broad = [o for o in likely if not particular(o)]
        likely = [o for o in likely if particular(o)]
        gated = [(o, ev) for o, ev in gated if particular(o)]
        if kind:
            lines: list[str] = [t("kind_head" if likely or gated or broad else "kind_none", lang, kind=_clip(kind, 60), count=schemes_count(len(outcomes), lang))]
        else:
            lines = [t("screen_head" if likely or gated or broad else "screen_none", lang)]
        if asked is not None:
            lines += ["", self._one_line(asked, lang)] + self._deciding(asked, lang=lang)
        # (closed schemes, which take no applications, after every open one, the broad ones too)
        in_order = sorted(likely + broad, key=lambda o: o.scheme_id in self.book.closed)
        # (one met only on state, age, gender or income is labelled so, not "likely eligible": a trial's 62-year-old had read
        # "Leprosy Pension Scheme: likely eligible" on MORE, met on his state alone)
        broad_ids = {o.scheme_id for o in broad}
        entries = [self._entry(i + 1, o, lang, said, broad=o.scheme_id in broad_ids) for i, o in enumerate(in_order)]
        # the numbered schemes can be picked as a list's are: "2", "the first one", "documents of the second one" (a
        # newcomer trial: "2" after a verdict had been searched and declined)
        from conversations.engine import MAX_PICK

        state.list_ids = [o.scheme_id for o in in_order][:MAX_PICK]
        state.scheme_id = state.scheme_name = None
        failed = [o for o in outcomes if o.status == "not_eligible" and o is not asked]
        rest = [o for o in outcomes if o.status == "need_more_info" and o is not asked]
        # the schemes missed by degree (an income over the limit, an age past it) after meeting several of
        # the user's particular facts (an SC student's scholarship with its income limit): worth knowing why.
        # A miss on what a person is (another category, no disability) is not close.
        # (nor one for a role the user has not spoken of: "Close, but not eligible: Pension Scheme for the Journalists" had
        # been said to a homemaker, a newcomer trial)
        close = sorted(((self._met_specific(o.scheme_id, profile), o) for o in failed if _missed_by_degree(o, profile) and role_unsaid(o, said) is None),
                       key=lambda p: (-p[0], p[1].scheme_name))
        # (one particular fact met is enough beside a missing BPL card: the widow pension for a widow)
        close = [o for n, o in close if n >= 2 or (n >= 1 and o.reasons[0].field == "is_bpl")][:2]
        # the undecided schemes meant for the user (a particular fact met: a widow's pension for a widow), first by how
        # telling: what they hang on is worth a line (a trial: a Bihar widow who did not know her income saw Bihar's
        # widow pension only as one of "80 undecided", said to need studying and education)
        # (not one hanging on a field not asked of this person: "could be yours ... (studying)" had offered a 67-year-old
        # farmer the OBC students' interest subsidy on loans for overseas studies)
        pointless = not_to_ask(profile)
        # (a scheme whose name says it is for what the user is counts as met: PM-KISAN for a farmer who skipped the land
        # question, which a trial's 67-year-old Rajasthan farmer never saw beside three irrigation subsidies)
        # (an income under a limit met is no sign: an artisans' insurance "could be" a 67-year-old widow's on her income)
        def meant(o: Outcome) -> int:
            return self._met_specific(o.scheme_id, profile, _INCOME_FIELDS) + named_for(o.scheme_name, profile)

        # (nor one named for a marriage or an award the user has not spoken of: a re-check trial's widow read a widow
        # remarriage grant under "could be yours")
        pending = sorted((o for o in outcomes if o.status == "need_more_info" and o is not asked and o.reasons
                          and meant(o) >= 1 and plausible(o) and not set(o.missing_fields) & pointless
                          and named_unsaid(o.scheme_name, said) is None),
                         key=lambda o: (-meant(o), _specificity(o, said, profile, volunteered)))[:2]
        counts = []
        if failed:
            counts.append(t("screen_not_count", lang, count=schemes_count(len(failed), lang)))
        if rest:
            need: dict[str, int] = {}  # (not a field pointless to ask: "most need: studying, education" had been said to a 67-year-old widow)
            for o in rest:
                for f in o.missing_fields:
                    if f not in pointless:
                        need[f] = need.get(f, 0) + 1
            top = sorted(need, key=lambda f: -need[f])[:3]
            # (when every field they need is one not asked of this person, none is named: "most need: ." had been said)
            counts.append(t("screen_missing", lang, n=len(rest), fields=", ".join(_field_label(f, lang) for f in top))
                          if top else t("screen_missing_plain", lang, n=len(rest)))

        def tail(n_gated: int, n_close: int, n_pending: int = 0) -> list[str]:
            """The lines after the list: the broad count, ``n_pending`` undecided schemes meant for the user with the
            condition they hang on, ``n_gated`` "if this applies" schemes (the rest counted), ``n_close`` close
            misses, the counts."""
            out: list[str] = []
            if pending[:n_pending]:
                out += ["", t("depends_on", lang) + "".join(
                    f"\n- {self._title(o, lang)} ({_field_label(o.reasons[0].field, lang)}): \u201c{_clip(o.reasons[0].text, 110)}\u201d "
                    f"{o.reasons[0].url}" for o in pending[:n_pending])]
            if broad and likely:
                out += ["", t("screen_broad", lang, n=len(broad))]
            if gated and n_gated:
                # (a role its name alone says, "Leprosy Pension Scheme", is not quoted as its own sentence)
                ev_line = t("if_applies", lang) + "".join(f"\n- {self._title(o, lang)}: \u201c{_clip(ev, 90)}\u201d {o.eligibility_url}"
                                                          if ev != o.scheme_name else f"\n- {self._title(o, lang)} {o.eligibility_url}"
                                                          for o, ev in gated[:n_gated])
                if len(gated) > n_gated:
                    ev_line += f" (+{len(gated) - n_gated})"
                out += ["", ev_line]
            if close[:n_close]:
                out += ["", t("close_miss", lang) + " " + "; ".join(
                    f"{self._title(o, lang)}: \u201c{_clip(o.reasons[0].text, 110)}\u201d {o.reasons[0].url}" for o in close[:n_close] if o.reasons)]
            if counts:
                out += ["", " ".join(counts)]
            return out

        if broad and not likely:  # nothing more telling: the broad ones on the first page, said to be broad
            lines += ["", t("screen_broad_only", lang)]
        if kind and not (likely or gated or broad):
            # a check of one kind that none passes: why, from each scheme's own sentence (a break-it trial had only "you
            # qualify for none of them yet")
            rank = {sid: i for i, sid in enumerate(state.interview.kind_ids or [])} if state.interview is not None else {}
            why = sorted((o for o in failed if o.reasons and o not in close), key=lambda o: rank.get(o.scheme_id, len(rank)))[:3]
            if why:
                lines += ["", t("kind_why_not", lang) + "".join(
                    f"\n- {self._title(o, lang)}: \u201c{_clip(o.reasons[0].text, 110)}\u201d {o.reasons[0].url}" for o in why)]

        def compose(shown: int, after: list[str]) -> str:
            body = lines + [x for entry in entries[:shown] for x in ("", entry)] + after + ["", t("confirm_all", lang)]
            # (what MORE brings last, where the reader stops: on SMS it had come before the caution, which took a page of
            # its own, and beside the page's own "Reply MORE for the rest")
            if len(entries) > shown:
                body += ["", t("verdict_more", lang, n=len(entries) - shown)]
            return "\n".join(body).strip()

        # the broad ones not on the first page when there are others: counted there, listed on MORE.
        # The list comes first: the optional lines after it shrink (close misses, then "if this applies"
        # to one scheme, then none) before the page shows fewer than three schemes; the rest come on MORE,
        # never a cut one
        open_likely = sum(o.scheme_id not in self.book.closed for o in likely)  # (closed ones come after the broad)
        most = min(VERDICT_SCHEMES, open_likely or len(likely) or len(broad))
        # (the second undecided scheme gives way first, then the second "if this applies" and the close misses, before the
        # first undecided one: a 67-year-old Bihar widow who did not know her income had lost "Bihar's widow pension hangs
        # on your income" to an ex-servicemen's widows' training course "if this applies")
        # (and the second "if this applies" gives way before the second undecided one: a 67-year-old Rajasthan farmer had lost
        # "PM-KISAN hangs on your farm land" to a market workers' scheme "if this applies", beside Rajasthan's old farmers'
        # pension)
        for after in (tail(2, 2, 2), tail(1, 2, 2), tail(1, 1, 2), tail(1, 0, 2), tail(2, 2, 1), tail(2, 1, 1), tail(1, 1, 1), tail(1, 0, 1),
                      tail(2, 2), tail(2, 1), tail(1, 1), tail(1, 0), tail(0, 0, 1), tail(0, 0)):
            shown = most
            while shown > 1 and len(compose(shown, after)) > VERDICT_CHARS:
                shown -= 1
            if shown >= min(3, most) and len(compose(shown, after)) <= VERDICT_CHARS:
                break
        text = compose(shown, after)
        # (only those shown can be picked: "dusra" after a verdict numbering one scheme had answered about the second of the
        # "MORE" page, never seen, a break-it trial; a "MORE" page makes its schemes pickable)
        state.list_ids, state.list_later = state.list_ids[:shown], state.list_ids[shown:]
        more = entries[shown:]
        state.paging = ["\n\n".join(more[i:i + VERDICT_SCHEMES]) for i in range(0, len(more), VERDICT_SCHEMES)]
        listed = ([asked] if asked else []) + [o for o in outcomes if o.status in ("eligible", "likely_eligible")
                                               and o is not asked and o.scheme_id not in implausible]
        gated_ids = {o.scheme_id for o, _ in gated}
        return Reply(
            kind="eligibility",
            text=text,
            links=list(dict.fromkeys(o.url for o in listed)),
            # (the undecided ones the text names as "could be yours" first, then the first others)
            outcomes=[self._reply_outcome(o, o.scheme_id in gated_ids) for o in listed]
            + [self._reply_outcome(o) for o in (pending + [o for o in rest if o not in pending])[:20]],
        )

    def _met_specific(self, scheme_id: str, profile: dict[str, Any], besides: frozenset[str] = frozenset()) -> int:
        """How many of the user's particular facts (not state, age or gender, nor the fields ``besides``) a scheme's
        criteria accept."""
        rules = self.book.rules.get(scheme_id)
        if rules is None:
            return 0
        met = {c.field for c in criteria(rules.rule)
               if c.field in profile and c.field not in besides and (c.field not in _GENERIC_FIELDS or for_the_old(c))
               and c.op not in ("not_in", "is_false")
               and c.holds(profile[c.field])}
        return len(met)

    def _one_line(self, o: Outcome, lang: str, broad: bool = False) -> str:
        """``o``'s status line ("Scheme: likely eligible"); ``broad``: met only on state, age, gender or income, said so
        instead of "likely eligible"."""
        key = {"eligible": "eligible", "likely_eligible": "likely_eligible_short", "not_eligible": "not_eligible",
               "need_more_info": "need_more_info"}[o.status]
        if broad and o.status in ("eligible", "likely_eligible"):
            key = "broad_short"
        return t(key, lang, scheme=self._title(o, lang), fields=", ".join(_field_label(f, lang) for f in o.missing_fields))

    def _deciding(self, o: Outcome, said: str = "", lang: str = "en") -> list[str]:
        """The one quote that decides ``o`` (the failing condition; the life event the user spoke of, in
        ``said``; or the most telling condition met), with its link."""
        event = next((u for u in o.requiring if said and _event_said(u, said)), None) if o.status != "not_eligible" else None
        if event is not None:
            return [f"   \u201c{_clip(event, 160)}\u201d {o.eligibility_url}"]
        if not o.reasons:
            return [f"   {o.url}"]
        if o.status == "not_eligible":
            return [f"   \u201c{_clip(o.reasons[0].text, 160)}\u201d {o.reasons[0].url}"]
        # a condition met, not an exclusion escaped ("government employees cannot get ...", in the exclusions
        # section or, as "should not be employed in government service", a negative condition anywhere, is
        # no reason why a student qualifies): an exclusion only when nothing else was checked, and said as one
        met = [c for c in o.reasons if _says_who(c)]
        pool = met or o.reasons
        telling = next((c for c in pool if c.field not in ("state", "age", "gender")), pool[0])
        unless = "" if met else t("unless", lang) + " "
        return [f"   {unless}\u201c{_clip(telling.text, 160)}\u201d {telling.url}"]

    def _entry(self, n: int, o: Outcome, lang: str, said: str = "", broad: bool = False) -> str:
        return "\n".join([f"{n}. {self._one_line(o, lang, broad)}"] + self._deciding(o, said, lang))

    def _verdict(self, outcomes: list[Outcome], lang: str, single: bool, said: str = "", profile: dict[str, Any] | None = None) -> Reply:
        """The ``eligibility`` reply: verdicts with the official sentences behind them, within
        :data:`VERDICT_CHARS` (quotes clipped, then fewer of them with a count and the link, as needed). An unchecked
        condition turning on a life event the user spoke of in ``said`` ("I am pregnant") says so; one they did not speak
        of heads the verdict "only if this applies to you", and one that cannot be theirs by ``profile`` (a pregnancy for a
        woman of 95) "not for you" (a break-it trial: PMMVY was "LIKELY ELIGIBLE" for a 95-year-old)."""
        shown = outcomes if single else [o for o in outcomes if o.status in ("eligible", "likely_eligible")]
        shown.sort(key=lambda o: (o.status != "eligible", o.scheme_name))
        for clip_at, most in ((None, 99), (240, 99), (160, 6), (120, 4), (100, 3), (90, 2)):
            lines, links = self._verdict_lines(outcomes, shown, lang, single, clip_at, most, said, profile or {})
            if len("\n".join(lines).strip()) <= VERDICT_CHARS:
                break
        listed = outcomes if single else shown + [o for o in outcomes if o.status == "need_more_info"]
        return Reply(
            kind="eligibility",
            text="\n".join(lines).strip(),
            links=list(dict.fromkeys(links)),
            outcomes=[self._reply_outcome(o) for o in listed],
        )

    def _verdict_lines(self, outcomes: list[Outcome], shown: list[Outcome], lang: str, single: bool,
                       clip_at: int | None, most: int, said: str = "", profile: dict[str, Any] | None = None) -> tuple[list[str], list[str]]:
        """The lines and links of :meth:`_verdict`: each quote clipped at ``clip_at`` characters
        (``None``: whole), at most ``most`` quoted reasons per scheme and ``min(3, most)`` unchecked
        sentences, the rest counted with the link."""
        lines: list[str] = [] if single else [t("screen_head" if shown else "screen_none", lang)]
        n = 0
        links: list[str] = []

        def quote(text: str, url: str, limit: int | None, head: str = "") -> None:  # one numbered official sentence with its link
            nonlocal n
            n += 1
            lines.append(f"[{n}] {head}\u201c{_clip(text, limit) if limit else text}\u201d {url}")

        for o in shown:
            lines.append("")
            against = excluded_by_said(o.excluding, said, (profile or {}).get("occupation"))
            if o.status == "need_more_info":  # its reasons: the conditions still to check
                lines.append(t("need_more_info", lang, scheme=o.scheme_name, fields=", ".join(_field_label(f, lang) for f in o.missing_fields)))
            else:
                key = "likely_eligible_hand" if o.status == "likely_eligible" and o.unchecked else o.status
                rules = self.book.rules.get(o.scheme_id)
                if key == "likely_eligible" and rules is not None and rules.source == "extracted":
                    key = "likely_eligible_text"  # read from the page, not from myScheme's filters
                if o.status in ("eligible", "likely_eligible") and against:
                    key = "excluded_by_said"  # the page excludes what the user told: said before anything else
                elif single and o.status in ("eligible", "likely_eligible") and (event := life_event_unsaid(o.requiring, said)) is not None:
                    key = "event_not_yours" if implausible_event(event, profile or {}) else "event_unsaid"
                closed = f"{t('closed_mark', lang)} " if o.scheme_id in self.book.closed else ""
                lines.append(t(key, lang, scheme=closed + o.scheme_name))
            for c in o.reasons[:most]:
                # an exclusion checked and passed says so: "All Persons who paid Income Tax in last assessment year"
                # alone read like a condition to meet (a break-it trial)
                passed = o.status in ("eligible", "likely_eligible") and c.url.endswith("#exclusions")
                quote(c.text, c.url, clip_at, t("exclusion_passed", lang) + " " if passed else "")
            if len(o.reasons) > most:
                lines.append(t("unchecked_more", lang, n=len(o.reasons) - most, url=o.eligibility_url))
            # conditions to meet, then those that rule the applicant out (an exclusions section), each under its own heading
            # (an exclusion of what the user told comes first: it decides more than the others)
            excluding = against + [u for u in o.excluding if u not in against]
            for label, sentences, url in (("unchecked", o.requiring, o.eligibility_url), ("unchecked_excluding", excluding, o.exclusions_url)):
                if sentences:
                    lines.append(t(label, lang))
                    few = min(3, most)
                    for u in sentences[:few]:
                        # "I am pregnant" then "...should be ... a pregnant women.": still not checked, but not as if
                        # never said (a newcomer trial)
                        told = label == "unchecked" and bool(said) and _event_told(u, said)
                        head = t("event_told", lang) + " " if told else t("you_said_this", lang) + " " if u in against else ""
                        quote(u, url, min(200, clip_at or 200), head)
                    if len(sentences) > few:
                        lines.append(t("unchecked_more", lang, n=len(sentences) - few, url=url))
            if o.status in ("eligible", "likely_eligible"):
                lines.append(t("confirm", lang, url=o.url))
            links.append(o.url)
        if not single:
            failed = [o for o in outcomes if o.status == "not_eligible"]
            if failed:
                names = ", ".join(o.scheme_name for o in failed[:4]) + (f" (+{len(failed) - 4})" if len(failed) > 4 else "")
                lines.append("")
                lines.append(t("screen_not", lang, names=names))
            rest = [o for o in outcomes if o.status == "need_more_info"]
            if rest:
                counts: dict[str, int] = {}
                for o in rest:
                    for f in o.missing_fields:
                        counts[f] = counts.get(f, 0) + 1
                top = sorted(counts, key=lambda f: -counts[f])[:3]
                lines.append("")
                lines.append(t("screen_missing", lang, n=len(rest), fields=", ".join(_field_label(f, lang) for f in top))
                             if top else t("screen_missing_plain", lang, n=len(rest)))
        return lines, links
