"""Query analysis: language, index terms with weights, words the corpus does not know, scheme names.

English, Hindi (Devanagari) and Romanized Hindi questions meet an English corpus here:

1. the shared analyzer gives the user's content words;
2. each word found in ``data/lexicon/expansions.tsv`` adds its English equivalents — at full weight when
   the corpus does not know the word itself, or barely uses it next to its equivalent (``vidhwa`` in 2
   chunks, ``widow`` in 1,451: under :data:`RARE_SHARE` of the equivalent's chunks), at half weight as
   synonyms when it does (``kisan`` in 429 chunks, ``farmer`` in 2,087);
3. a word still unknown is matched to the corpus vocabulary by spelling: a typo (``benifits`` ->
   ``benefit``, Levenshtein ratio >= 84 among words of the same first letter and similar length), a
   transliteration variant (``उज्ज्वला`` -> ``ujjwala``; same :func:`~retrieval.translit.skeleton`) or,
   for a Devanagari word, the English word it writes (``सीनियर`` -> ``senior``; same
   :func:`~retrieval.translit.loanword_key`, see :meth:`VocabularyMatcher.loanword`);
4. what remains unknown is reported: such words are a strong sign the question is about something the
   corpus does not cover (a scheme we hold no text for, or another topic altogether).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from rapidfuzz import fuzz, process

from retrieval.tokenize import analyze, stopwords
from retrieval.translit import has_devanagari, hindi_bases, loanword_key, loose_spelling, romanize, skeleton, spelled_acronym
from retrieval.text import LAND_SIZE, personal_ages, stated_ages

if TYPE_CHECKING:
    from retrieval.index import Index

#: weight of an expansion word added next to a word the corpus knows (a synonym)
SYNONYM_WEIGHT = 0.5
#: how close (rapidfuzz ratio) a Latin-letter word must be to a Devanagari entry, romanized, to count as Hindi
HINDI_SPELLING_RATIO = 70
#: weight of each Romanized Hindi word added for the English word it means (``widow`` -> ``vidhva``,
#: ``vidhwa``); sharing it among the spellings instead lost answers and list recall on both dev sets
REVERSE_WEIGHT = 0.3
#: the age (years) from which a stated age means old age: the national old age pension's (IGNOAPS) 60
OLD_AGE_YEARS = 60
#: a school class the user is in or passed: "class 11", "std XII", "11th class", "kaksha 9", "कक्षा 10", "12vi mein";
#: a class after 10 is "post matric" and one up to 10 "pre matric", the words the scholarships are named with (a
#: newcomer trial's SC student in class 11 had been listed the 9th-10th pre-matric scholarship, his own state's
#: post-matric one not at all)
SCHOOL_CLASS = re.compile(r"(?:\b(?:class|std|standard|kaksha|grade)\s*|कक्षा\s*)(1[0-2]|[1-9]|xii|xi|x|ix)(?:st|nd|rd|th|vi|vin|वीं)?\b"
                          r"|\b(1[0-2]|[1-9])(?:st|nd|rd|th|vi|vin)\s+(?:class|std|standard|kaksha|me|mein|main)\b|\b(1[0-2]|[1-9])\s*(?:वीं|वी)\s*(?:कक्षा|में)",
                          re.IGNORECASE)
#: (only the Roman numbers of the classes around the matric: "Class IV employees" are a grade of government staff)
_ROMAN_CLASS = {"ix": 9, "x": 10, "xi": 11, "xii": 12}
_CLASS_ROMAN = {n: roman for roman, n in _ROMAN_CLASS.items()}
#: the last class before "post matric" (classes 11 and 12 are the first post-matric stage)
MATRIC_CLASS = 10


#: a scheme named for the school stage up to class 10 ("Pre-Matric", "Pre Matric", "Pre- Matric") or after it
PRE_MATRIC = re.compile(r"pre\s*[-–]?\s*matric", re.IGNORECASE)
POST_MATRIC = re.compile(r"post\s*[-–]?\s*matric", re.IGNORECASE)
#: a scheme named for study after a first degree ("Post Graduate Indira Gandhi Scholarship", "PG Scholarship", "Doctoral
#: Fellowship", "Ph.D."): no school student's (a newcomer trial's SC girl in class 12 was listed two of them)
AFTER_DEGREE = re.compile(r"\bpost[\s-]?graduat|\bpg\b|\bph\.?\s?d\b|\bdoctoral\b|\bpost[\s-]?doc", re.IGNORECASE)


def wrong_school_stage(scheme_name: str, classes: list[int]) -> bool:
    """Whether a scheme named for one school stage is for another than the classes (1-12) someone said they are in: a
    pre-matric scheme for a class after 10, a post-matric one for class 9 or below (not class 10: "I passed class 10"
    is a post-matric student's), one for study after a degree (:data:`AFTER_DEGREE`) for any class. ``False`` when
    ``classes`` is empty."""
    if not classes:
        return False
    if PRE_MATRIC.search(scheme_name):
        return max(classes) > MATRIC_CLASS
    if AFTER_DEGREE.search(scheme_name):
        return True  # (a class is 1 to 12)
    return POST_MATRIC.search(scheme_name) is not None and max(classes) < MATRIC_CLASS


def school_classes(text: str) -> list[int]:
    """The school classes (1-12) ``text`` names with a word for class (:data:`SCHOOL_CLASS`); ``[]`` when none."""
    out = []
    for m in SCHOOL_CLASS.finditer(text):
        said = next(g for g in m.groups() if g)
        out.append(int(said) if said.isdigit() else _ROMAN_CLASS[said.casefold()])
    return out


#: a kind of help (:data:`retrieval.query.KIND_OF_HELP`) in its English, Romanized Hindi and Hindi words -> the English
#: word the scheme pages use for it
_KIND_WORDS = {"scholarship": "scholarship", "scholarships": "scholarship", "chhatravritti": "scholarship", "छात्रवृत्ति": "scholarship",
               "स्कॉलरशिप": "scholarship", "pension": "pension", "pensions": "pension", "penshan": "pension", "पेंशन": "pension",
               "loan": "loan", "loans": "loan", "लोन": "loan", "subsidy": "subsidy", "subsidies": "subsidy", "सब्सिडी": "subsidy"}


def _kind_words(text: str) -> list[str]:
    """The words of ``text`` (case-folded, in order) that name a kind of help (:data:`_KIND_WORDS`)."""
    return [w for w in re.findall(r"[\w\u0900-\u097F]+", text.casefold()) if w in _KIND_WORDS]


def kind_names(text: str) -> list[str]:
    """The kinds of help ``text`` names, as the English words the pages use ("koi penshan milegi?" -> ``["pension"]``),
    first named first."""
    return list(dict.fromkeys(_KIND_WORDS[w] for w in _kind_words(text)))


def kind_terms_of(text: str) -> set[str]:
    """The analysed words of ``text`` that name a kind of help, in any script, and their English words ("छात्रवृत्ति
    चाहिए" -> ``{"छात्रवृत्ति", "scholarship"}``)."""
    return {t for w in _kind_words(text) for t in (*analyze(w), *analyze(_KIND_WORDS[w]))}


def kinds_of_help(text: str) -> list[frozenset[str]]:
    """The kinds of help ``text`` asks for, each as the analysed terms a scheme giving it has (at least one of them):
    "scholarship" -> {scholarship terms}; empty when it names none."""
    return [terms for terms in (frozenset(analyze(w)) for w in kind_names(text)) if terms]


def gives_kinds(index: Index, scheme_id: str, kinds: list[frozenset[str]]) -> bool:
    """Whether the scheme's text holds a term of each kind of help in ``kinds`` (:func:`kinds_of_help`); ``True``
    when ``kinds`` is empty."""
    return all(any(index.scheme_has_term(t, scheme_id) for t in terms) for terms in kinds)


#: a known word in fewer chunks than this share of its expansion's is treated as unknown to the corpus
RARE_SHARE = 0.05
#: the weight of the word for "scheme" ("yojana", "योजना") in a discovery question: none, as every scheme
#: is one (at full weight every short name ending "Yojana" ranked for "vidhwa ke liye yojana"; at 0.3
#: the crop insurance scheme still came second)
SCHEME_WORD_WEIGHT = 0.0
#: weight of a spelling correction (the user probably meant it, but not certainly)
CORRECTION_WEIGHT = 0.8
#: minimum rapidfuzz ratio for a typo correction; chosen on the dev typo questions
TYPO_RATIO = 84

#: "how do I get it", "kaise milega", "कैसे मिलेगा": the way to get a scheme, not its amount
GET_HOW = re.compile(r"\bhow (do|can|will|should) (i|we|one) get\b|\b(kaise|kese|kaisey)\s+(mil|le|pa|paa)\w*|कैसे\s+(मिल|ले|पा)\S*")
#: whether someone gets a scheme, in Romanized Hindi and Hindi: "kya sarkari karmchari ko pm kisan milta hai", "क्या किसान को
#: ... मिलता है" (yes or no, to a group named before "ko"/"को")
WHO_GETS = re.compile(r"^\s*(?:kya|kyaa)\b.{1,60}?\b(?:ko|k)\b.{1,60}?\bmil(?:ta|ti|te|ega|egi|enge|\s+sakta|\s+sakti|\s+sakte)\b"
                      r"|^\s*क्या.{1,60}?(?<![\u0900-\u097f])को(?![\u0900-\u097f]).{1,60}?मिल(?:ता|ती|ते|ेगा|ेगी|ेंगे|\s+सकता|\s+सकती)")
#: words that do ask for the amount, even beside "kaise milega"
AMOUNT = re.compile(r"\bhow much\b|\bamount\b|\bkitn[aei]\b|कितन[ाीे]|राशि|\bpaise?a?\b|पैस[ाे]")


#: What a question asks about, by section: patterns over the case-folded text (English, Romanized
#: Hindi, Hindi). A question may ask about several sections ("who is eligible and how do I apply").
SECTION_INTENTS: dict[str, re.Pattern[str]] = {
    "benefits": re.compile(
        r"\bhow much\b|\bamount\b|\bbenefit|\bmoney\b|\bwhat (?:help |support )?(?:can|could|will|do|would) (?:i|we) get\b|\bkitn[aei]\b(?!\s+(umr|umar|umra|aayu|ayu|age)\b)|\bpaise?a?\b"
        r"|\bmil(ta|ti|te|ega|egi|enge)\b|\bmil\s+sak(ta|ti|te|enge)\b"
        r"|\binterest( rate)?\b|\bbyaj\b|\bpension amount\b|\bsubsidy\b|\blaa?bh\b|\bfaa?[iy]d[ae]\b"
        r"|कितन[ाीे](?!\s+(उम्र|उमर|आयु))|लाभ|पैस[ाे]|राशि|फ़?ायद[ाे]|फ़ायद[ाे]|ब्याज|मिल(ता|ती|ते|ेगा|ेगी|ेंगे)|बेन[ेि]फ़?ि?ट"),
    # (English words in Devanagari too: "डॉक्यूमेंट्स", "एलिजिबिलिटी", "अप्लाई")
    "documents": re.compile(
        r"\bdocument|\bdocs?\b|\bpapers?\b|\bkaa?ga[zj]|\bkagzat|\bdastave[zj]|दस्तावेज|कागज|ड[ॉाो]क्य[ूु]मेंट"
        # what is needed for it, the page's "Documents Required" ("gas connection ke liye kya chahiye": a newcomer trial got
        # the scheme's launch history)
        r"|\b(?:ke|k) liye kya (?:kya )?(?:chahiye|chaiye|chahie|lagta|lagega|lagenge)\b|\bwhat (?:all )?(?:is|are) (?:needed|required)\b"
        r"|\bwhat do (?:i|we) need\b|के लिए क्या (?:क्या )?(?:चाहिए|लगता|लगेगा)"),
    "eligibility": re.compile(
        r"\beligib|\bwho can\b|(?<!what )\bcan i (get|apply|join|avail)|(?:^|[,.;!?]\s*)can (?:a |an |the )?(?!i\b|we\b|you\b)\w+(?: \w+)? (?:get|join|avail)\b|\bage limit|\bincome (limit|ceiling|criteria)|\bcriteria|\bqualif|\bpatrata"
        r"|\b(minimum|maximum|min|max) age\b|\bage (criteria|requirement|bar)\b|\bhow old\b|\b(umr|umar|umra|aayu)\b"
        r"|\baay (seema|sima)\b|\b(?:income|aay|aamdani) kitn[aei] hon[aei]\b|आय (की )?सीमा|(उम्र|आयु)(?![\u0900-\u097f])|योग्यता|एलिजिबि?ल"
        r"|\b(kaun|kon)\b.*\b(apply|avedan|aavedan|le sakta|le sakti|jud)|पात्र|कौन.*(आवेदन|ले सकत|जुड़)"),
    "application_process": re.compile(
        r"\bhow (do|can|should) (i|we|one) (apply|register|enrol|join)|\bhow to (apply|register|enrol|join|get)"
        r"|\bapply\b|\ba+pp?l+a?y\b|\bapplication\b|\bregist|\bform\b|\ba+vedan|\bkaise (bhar|kar|apply|ban)|आवेदन कैसे|पंजीकरण|रजिस्ट्रेशन"
        # a card or a form made or filled, as the Romanized "kaise ban..." ("आयुष्मान कार्ड कैसे बनेगा", "how to make an
        # ayushman card": a newcomer trial got the scheme's details)
        r"|कैसे\s+(?:बन|भर|कर)|\bhow (?:to|do i|can i|should i|will i) (?:make|get made)\b"
        r"|[अए]प्लाई|[अए]प्लीकेशन|आवेदन|फ़?[ॉा]र्म(?![\u0900-\u097f])"
        # a claim is filed as an application is ("how to claim crop insurance", "क्लेम कैसे करें": the page's "How to Claim?"
        # steps are in its application process; a newcomer trial got the insurance's benefits, not the 72-hour deadline)
        r"|\bhow (?:to|do i|can i|should i) (?:file |make |get )?(?:a |the |my )?claim|\bclaim (?:kaise|kese|kahan|process|procedure)"
        r"|\b(?:file|report) (?:a |the )?(?:claim|crop loss|loss)\b|क्लेम (?:कैसे|कहाँ|कहां)|दावा (?:कैसे|कहाँ|कहां)"
        r"|" + GET_HOW.pattern),
    "exclusions": re.compile(
        r"\bnot eligible\b|\bineligible\b|\bexclu|\bwho (cannot|can ?not|can't|is not allowed)\b"
        r"|\b(kis[eo]|kisko|kisse|kaun|kon|kinko|kinhe|kinhen)\b(?:\s+\w+){0,2}\s+(nahi|nahin|nhi)\b"
        r"|(किसे|किसको|कौन|किन्हें|किनको)(\s+\S+){0,2}\s+नहीं"),
    "details": re.compile(r"^\s*(what is|what's|tell me about|explain)\b|\bkya hai\s*\??\s*$|\bke bare me|क्या है\s*\??\s*$|के बारे में"),
}

#: Romanized Hindi words that mark a message as Hinglish (function words, not shared with English).
HINGLISH_MARKERS = frozenset(
    """hai hain kya ke liye kitna kitne kitni milta milti milte milega milegi milenge kaise kab kaun kon
    konsi kaunsi chahiye nahi nahin aur bhi mujhe mera meri mere hum humko kuch wala wali wale karna
    karte kare sakta sakti sakte hota hoti hote tha thi raha rahi kahan kyun kyu isme iske iska uske
    uska yojana yojna batao bataye ko se ka ki mein hu hoon hun rehta rehti rehte rahta rahti rahte lagata lagati
    karta karti chahta chahti hua hui hoga hogi bataiye batayein kripya dijiye paisa chalega chalegi sakta
    kar karo karein karen kijiye haan haanji""".split()
)
_AMBIGUOUS = frozenset({"me", "to", "is", "us", "hi", "ye", "do", "a"})


def detect_language(text: str) -> str:
    """``"hi"`` when Devanagari letters make up at least 30% of the letters, ``"hinglish"`` when at
    least one word is a Romanized Hindi function word (and Hindi markers outnumber nothing English
    could explain), else ``"en"``."""
    letters = [c for c in text if c.isalpha()]
    if letters and sum(1 for c in letters if has_devanagari(c)) / len(letters) >= 0.3:
        return "hi"
    toks = re.findall(r"[a-z]+", text.casefold())
    hits = sum(1 for t in toks if t in HINGLISH_MARKERS and t not in _AMBIGUOUS)
    return "hinglish" if hits >= 1 else "en"


def reply_language(text: str) -> str:
    """The language to reply in to ``text``: :func:`detect_language` with "yojana" left out, a word of scheme
    names ("tell me about PM Free Laptop Yojana" is English), though it marks Romanized Hindi for the search."""
    return detect_language(re.sub(r"\b(?:yojana|yojna|yojanaa)\b", " ", text, flags=re.IGNORECASE))


#: groups a question may be asked again for ("and for SC?", "aur vidhwa ke liye?", "और दिव्यांग के लिए?"): the English word a
#: standalone query names it by, and how a message or a query may write it (English, Romanized Hindi, Hindi). Groups of one
#: kind replace one another in the previous question; a group of another kind is added to it.
GROUPS: tuple[tuple[str, str, str], ...] = (
    ("category", "SC", r"sc|scs|scheduled castes?|dalits?|anusuchit jati|अनुसूचित जाति|एससी|दलित"),
    ("category", "ST", r"st|sts|scheduled tribes?|adivasis?|tribals?|anusuchit janjati|अनुसूचित जनजाति|आदिवासी|एसटी"),
    ("category", "OBC", r"obc|obcs|backward class(?:es)?|pichhda varg|pichda varg|पिछड़ा वर्ग|पिछड़े वर्ग|ओबीसी"),
    ("category", "EWS", r"ews|economically weaker sections?"),
    ("category", "minority", r"minorit(?:y|ies)|alpsankhyak|अल्पसंख्यक"),
    ("person", "women", r"women|woman|ladies|mahila|mahilaon|महिला|महिलाओं|औरतों"),
    ("person", "girls", r"girls?|ladki|ladkiyon|ladkiyo|beti|betiyon|लड़की|लड़कियों|बेटी|बेटियों"),
    ("person", "widows", r"widows?|vidhwa|vidhava|vidhwaon|विधवा|विधवाओं"),
    ("person", "disabled", r"disabled|divyang|divyangjan|handicapped|viklang|pwd|दिव्यांग|दिव्यांगों|विकलांग|विकलांगों"),
    ("person", "farmers", r"farmers?|kisan|kisano|kisanon|किसान|किसानों"),
    ("person", "senior citizens", r"senior citizens?|elderly|old people|old age|buzurg|buzurgon|बुजुर्ग|बुजुर्गों|वृद्ध|वृद्धों"),
    ("person", "transgender", r"transgenders?|kinnar|किन्नर|ट्रांसजेंडर"),
)
#: a message that only names a group, after an opener ("and for", "aur", "what about") or before "ke liye" / "के लिए"
_GROUP_ALONE = re.compile(
    r"^\s*(?:(?:what|how)\s+about|and(?:\s+(?:for|about|what about))?|same\s+for|for|aur|और|तो)?\s*"
    # ("is there any for girls", "anything for widows?", "koi SC ke liye?": a newcomer trial's first of these lost the question)
    r"(?:(?:is\s+there\s+)?(?:any(?:thing|\s+one|\s+scheme)?|koi(?:\s+(?:yojana|scheme))?|कोई(?:\s+योजना)?)\s+)?(?:for\s+)?(?P<group>.+?)"
    r"\s*(?:students?|log|logon|logo|people|walon|walo|वालों|लोगों)?\s*(?:ke\s+liye|ke\s+lie|के\s+लिए|ko|को)?\s*(?:bhi|भी|also|too)?\s*[?.!।]*\s*$",
    re.IGNORECASE)


def _group_of(words: str) -> tuple[str, str] | None:
    """``(kind, English name)`` of the group ``words`` name exactly, else ``None``."""
    for kind, name, pattern in GROUPS:
        if re.fullmatch(rf"(?:{pattern})", words.strip(), re.IGNORECASE):
            return kind, name
    return None


def group_named_alone(text: str) -> tuple[str, str] | None:
    """``(kind, English name)`` of the group a message names and nothing else ("aur SC ke liye?", "and for widows?",
    "और दिव्यांग के लिए?"), after an opener or before "ke liye", or as a question; else ``None`` ("SC" alone may answer
    something else)."""
    m = _GROUP_ALONE.match(text)
    group = _group_of(m.group("group")) if m else None
    if group is None or not (m.group(0).strip() != m.group("group").strip() or text.strip().endswith("?")):
        return None
    return group


@lru_cache(maxsize=1)
def expansions() -> dict[str, tuple[str, ...]]:
    """The query expansion lexicon: analysed word -> analysed English words (see the module docstring)."""
    table: dict[str, list[str]] = defaultdict(list)
    text = resources.files("data").joinpath("lexicon", "expansions.tsv").read_text(encoding="utf-8")
    for line in text.splitlines():
        if not line.strip() or line.startswith("#") or "\t" not in line:
            continue
        key, _, value = line.partition("\t")
        keys = analyze(key)
        if len(keys) != 1:
            continue
        for term in analyze(value):
            if term not in table[keys[0]]:
                table[keys[0]].append(term)
    return {k: tuple(v) for k, v in table.items()}


@lru_cache(maxsize=1)
def reverse_expansions() -> dict[str, tuple[str, ...]]:
    """English word -> the Romanized Hindi words of ``expansions.tsv`` that expand to it (``widow`` ->
    ``vidhwa``, ``vidhva``, ...): scheme names keep their Hindi words in Latin letters ("Indira Gandhi
    National Vidhva Pension Yojana"), which an English question must also reach."""
    lex = expansions()
    # a Latin-letter word is Hindi when it spells a Devanagari entry's word (the same skeleton, and close
    # letter by letter): "vidhva" (विधवा), not "elderly", nor "senior" (the skeleton of सुनार, "sunar")
    hindi = _romanized_entries()
    table: dict[str, list[str]] = defaultdict(list)
    for key, values in lex.items():
        if key.isascii() and any(fuzz.ratio(key, r) >= HINDI_SPELLING_RATIO for r, _ in hindi.get(skeleton(key), ())):
            for v in values:
                if v != key and key not in table[v]:
                    table[v].append(key)
    return {k: tuple(v) for k, v in table.items()}


#: a Latin-letter word of at least this many letters may spell a Devanagari glossary entry (:func:`hindi_entry`)
HINDI_ENTRY_MIN = 6
#: ... when at least this close (rapidfuzz ratio) to the entry romanized: "vridhavastha" and "vridhawastha"
#: spell वृद्धावस्था ("vriddhavastha", 96 and 88), where a looser match would take English words for Hindi
HINDI_ENTRY_RATIO = 85


@lru_cache(maxsize=1)
def _romanized_entries() -> dict[str, list[tuple[str, str]]]:
    """skeleton -> [(romanized Devanagari glossary key, the key)]."""
    table: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for k in expansions():
        if has_devanagari(k):
            latin = romanize(k)
            table[skeleton(latin)].append((latin, k))
    return table


@lru_cache(maxsize=4096)
def hindi_entry(word: str) -> str | None:
    """The Devanagari glossary key (``data/lexicon/expansions.tsv``) that a Romanized Hindi ``word`` the
    glossary lacks spells ("vridhavastha" -> वृद्धावस्था, old age), or ``None``: same
    :func:`~retrieval.translit.skeleton`, at least :data:`HINDI_ENTRY_MIN` letters and a ratio of
    :data:`HINDI_ENTRY_RATIO`."""
    if not (word.isascii() and word.isalpha() and len(word) >= HINDI_ENTRY_MIN) or word in expansions():
        return None
    best = max(((fuzz.ratio(word, latin), key) for latin, key in _romanized_entries().get(skeleton(word), ())), default=None)
    return best[1] if best is not None and best[0] >= HINDI_ENTRY_RATIO else None


#: an English word written in Devanagari is matched by a sound key of at least this many letters (shorter
#: keys collide: "sl" is "soil", "sale", "seal" and "साल", a year)
LOANWORD_KEY_MIN = 3
#: ... and at most this many letters longer or shorter than the romanised word ("siniyar"/"senior")
LOANWORD_LENGTH_GAP = 4


class VocabularyMatcher:
    """Spelling and transliteration look-ups against one index vocabulary (built once per index)."""

    def __init__(self, vocabulary: dict[str, int]) -> None:
        self._buckets: dict[tuple[str, int], list[str]] = defaultdict(list)
        self._skeletons: dict[str, list[str]] = defaultdict(list)
        self._loan_keys: dict[str, list[str]] = defaultdict(list)
        for term in vocabulary:
            if term.isascii() and term.isalpha() and len(term) >= 3:
                self._buckets[(term[0], len(term))].append(term)
                sk = skeleton(term)
                if len(sk) >= 3:
                    self._skeletons[sk].append(term)
                key = loanword_key(term)
                if len(key) >= LOANWORD_KEY_MIN:
                    self._loan_keys[key].append(term)

    def correct(self, word: str) -> str | None:
        """The vocabulary word ``word`` is most likely a misspelling of, or ``None``."""
        if not (word.isascii() and word.isalpha() and len(word) >= 4):
            return None
        # (never to a word of three letters or fewer, mostly acronyms: "scam" had been read as "SCA", the State Channelising
        # Agency of loan pages, and a complaint answered with three loans and their amounts, a break-it trial)
        cands = [t for n in range(max(len(word) - 2, 4), len(word) + 3) for t in self._buckets.get((word[0], n), ())]
        best = process.extractOne(word, cands, scorer=fuzz.ratio, score_cutoff=TYPO_RATIO) if cands else None
        return best[0] if best else None

    def transliterations(self, word: str) -> list[str]:
        """Vocabulary words spelled like ``word`` (romanised if Devanagari), closest first; ``[]`` if none.

        Every vocabulary spelling of the same sounds is given (:func:`~retrieval.translit.loose_spelling`:
        "विश्वकर्मा" is "vishvakarma" and "vishwakarma", since व is both v and w); else a final "-iya" written
        "-ia" ("कालिया": "kalia"); else the closest spelling with the same consonants.
        """
        latin = romanize(word)
        sk = skeleton(latin)
        cands = self._skeletons.get(sk, ()) if len(sk) >= 3 else ()
        loose = loose_spelling(latin)
        same = sorted((c for c in cands if loose_spelling(c) == loose), key=lambda c: (-fuzz.ratio(latin, c), c))
        if same:
            return same
        if latin.endswith("iya") and has_devanagari(word):
            short = latin[:-3] + "ia"
            if short in self._buckets.get((short[0], len(short)), ()):
                return [short]
        if len(sk) < 3:
            return []
        # short skeletons collide easily ("milta"/"multi"): ask for a closer spelling there
        cutoff = 60 if len(sk) >= 4 else 75
        best = process.extractOne(latin, cands, scorer=fuzz.ratio, score_cutoff=cutoff) if cands else None
        return [best[0]] if best else []

    def loanword(self, word: str, df: Callable[[str], int] | None = None) -> str | None:
        """The English vocabulary word a Devanagari ``word`` writes (``सीनियर`` -> "senior", ``स्कीम`` ->
        "scheme"): the same :func:`~retrieval.translit.loanword_key` of at least
        :data:`LOANWORD_KEY_MIN` letters and a length within :data:`LOANWORD_LENGTH_GAP` letters of the
        romanised word; of several, the one in most chunks (``df``), then the closest spelling. ``None``
        for a Latin word, a word of the glossary (``data/lexicon/expansions.tsv``: Hindi, whatever its
        sound) or no such word."""
        if not has_devanagari(word) or word in expansions():
            return None  # (a word of the glossary is Hindi: खबर is "news", never "kabir")
        key = loanword_key(word)
        if len(key) < LOANWORD_KEY_MIN:
            return None
        latin = romanize(word)
        cands = [t for t in self._loan_keys.get(key, ()) if abs(len(t) - len(latin)) <= LOANWORD_LENGTH_GAP]
        if not cands:
            return None
        return max(cands, key=lambda t: ((df(t) if df else 0), fuzz.ratio(latin, t)))


@dataclass
class QueryTerms:
    """The analysis of one query.

    Attributes:
        language: ``en``, ``hi`` or ``hinglish``.
        content: the user's own content words (analysed), in order, distinct.
        weights: index term -> weight (repeats in the query add up).
        resolved: content word -> the vocabulary words it was mapped to (lexicon, typo, transliteration).
        unknown: content words neither in the vocabulary nor resolved (numbers excluded).
        intents: the sections asked about (:func:`section_intents`).
        figures: the answer is a figure ("how much", "interest rate", "income limit"): among the
            passages of the sections asked about, those stating one are preferred.
        discovery: the question asks which schemes exist for a need (:data:`DISCOVERY`).
    """

    language: str
    content: list[str]
    weights: dict[str, float] = field(default_factory=dict)
    resolved: dict[str, list[str]] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)
    intents: list[str] = field(default_factory=list)
    figures: bool = False
    discovery: bool = False


#: a question asking which schemes exist for a need ("schemes for fishermen in Kerala", "kaun kaun si
#: yojana hai", "कौन सी योजनाएं हैं", "loans for women entrepreneurs"): answered with a list of schemes
DISCOVERY = re.compile(
    r"\b(schemes|programmes|programs|yojanas|yojnaye|yojanaye|yojanayen|yojnayen|yojnaen|yojanaen)\b"
    r"|\b(which|what|any|list of|all) (govt |government |central |state |sarkari )?(scheme|yojana|yojna|programme|program)s?\b"
    r"|\b(kaun|kon|konsi|kaunsi|kaun ?kaun|kon ?kon) ?(si|se)? (sarkari )?(yojana|yojna|scheme)"
    # "kaun kaun si scholarship mil sakti hai", "कौन कौन सी छात्रवृत्ति": the kinds of help, as "which scholarships"
    r"|\b(kaun ?kaun|kon ?kon|konsi|kaunsi|kaun|kon) ?(si|se) (scholarships?|chhatravritti|pensions?|penshan|loans?|subsid(y|ies)|grants?)\b"
    r"|कौन[- ]?(कौन)? ?सी (छात्रवृत्ति|स्कॉलरशिप|पेंशन|लोन|सब्सिडी)"
    # the same asked after the kind: "scholarship kaun si milegi?", "पेंशन कौन सी मिलेगी"
    r"|\b(scholarships?|chhatravritti|pensions?|penshan|loans?|subsid(y|ies)|grants?|yojana|yojna|schemes?) (kaun|kon|konsi|kaunsi)"
    r" ?(kaun |kon )?(si|se)?\b|(छात्रवृत्ति|स्कॉलरशिप|पेंशन|लोन|सब्सिडी|योजना) कौन[- ]?(कौन)? ?सी"
    # "I am a fisherman in West Bengal, any help?", "koi madad milegi?": which help there is
    r"|\b(any|koi) (sarkari |government |govt )?(help|madad|sahayata|support)\b|कोई (सरकारी )?(मदद|सहायता)"
    r"|\bkoi (sarkari )?(yojana|yojna|scheme)\b|\bkya kya (sarkari )?(yojana|yojna|scheme)|\bwhich states\b"
    # "koi scholarship?", "koi pension milegi?", "कोई छात्रवृत्ति है?": whichever of that kind there is
    r"|\bkoi (sarkari )?(scholarships?|chhatravritti|pensions?|penshan|loans?|subsid(y|ies)|grants?)\b"
    r"|कोई (सरकारी )?(छात्रवृत्ति|स्कॉलरशिप|पेंशन|लोन|सब्सिडी)"
    r"|\b(what|which|any|list of) (\w+ )?(scholarships|grants|subsidies|pensions|loans)\b"
    # a kind of help needed: "scholarship chahiye", "पेंशन चाहिए", "I need a loan" (whichever of that kind fits; a class-11 SC
    # student's "scholarship chahiye" had been answered as a question, with a pre-matric and a post-degree scheme)
    r"|\b(scholarships?|chhatravritti|pensions?|penshan|loans?|subsid(y|ies))\s+(chahiye|chahie|chaiye|chahiye\s+tha)\b"
    r"|(छात्रवृत्ति|स्कॉलरशिप|पेंशन|लोन|सब्सिडी)\s+चाहिए|\b(need|want|require|looking\s+for)\s+(a\s+|an\s+|some\s+)?(scholarship|pension|loan|subsidy)s?\b"
    # a kind of help for a group or a purpose, opening the message: "loan for starting business", "scholarship for SC
    # students", "business ke liye loan", "विकलांग के लिए पेंशन" (every scheme of that kind for it answers)
    r"|^(scholarships?|pensions?|loans?|subsid(y|ies)|grants?) for\b"
    r"|\b(ke|ki) liy?e (koi )?(scholarships?|chhatravritti|pensions?|penshan|loans?|subsid(y|ies))"
    r"( (yojana|yojna|scheme|schemes|chahiye|chahie|chaiye|milega|milegi|hai|h))*\W*$"
    r"|के लिए (कोई )?(छात्रवृत्ति|स्कॉलरशिप|पेंशन|लोन|सब्सिडी)( (योजना|योजनाएं|योजनाएँ|चाहिए|मिलेगा|मिलेगी|है))*[\s?।!.]*$"
    r"|\b(ke|ki|k) liy?e (koi |sabhi |sari |kya )?(sarkari )?(yojana|yojna|scheme)s?\b"
    r"|योजनाएं|योजनाएँ|योजनाओं|कौन[- ]?(कौन)? ?सी (सरकारी )?योजना|कोई (सरकारी )?योजना|के लिए (कोई |सभी )?(सरकारी )?योजना",
    re.IGNORECASE,
)


#: "who can apply", "kaun apply kar sakta hai", "कौन आवेदन कर सकता है": a question about who qualifies,
#: whose "apply" does not also ask how to apply
WHO_CAN_APPLY = re.compile(r"\bwho (can|may|should) (apply|register|enrol|join)\b|\b(kaun|kon)\b[^?.]*?\b(apply|a+vedan)\b|कौन[^?।]*?आवेदन")


#: a question about an interest rate
INTEREST = re.compile(r"\binterest\b|\bbyaj\b|ब्याज")
#: a question whose answer is a figure (an amount, a rate, a limit): the passage to quote should state one
ASKS_FIGURE = re.compile(r"\bhow (much|many)\b|\bamount\b|\bkitn[aei]\b|\binterest\b|\brate\b|\blimit\b|\bceiling\b|\bbyaj\b"
                         r"|\b(seema|sima)\b|कितन[ाीे]|राशि|ब्याज|सीमा")
#: a sum of money in a passage: a rupee amount, lakh/crore, or "2,000/-", an amount in rupees as Indian documents
#: write it (PMMVY's table: "Amount (in Rs.)" over "| 3,000/-")
MONEY = re.compile(r"₹\s?\d|\brs\.?\s?\d|\binr\s?\d|\d\s*(lakh|crore|लाख|करोड़)|रु\.?\s?\d|\d\s?/-", re.IGNORECASE)
#: a figure in a passage: a sum of money or a percentage
FIGURE = re.compile(MONEY.pattern + r"|\d\s?(%|percent\b|per cent\b)", re.IGNORECASE)
#: index terms of a question asking for a rate, whose figure is a percentage ("interest rate", "byaj dar")
RATE_TERMS = frozenset({"interest", "rate", "percent", "percentage", "byaj", "ब्याज", "dar"})


#: a number of days in a passage ("at least 100 days of wage employment", "100 दिन")
DAYS = re.compile(r"\d\s*(?:days?\b|दिन)", re.IGNORECASE)
#: index terms of a question asking for a number of days ("kitne din kaam milta hai", "how many days of work")
DAY_TERMS = frozenset({"day", "din", "दिन"})


def figure_wanted(terms) -> re.Pattern[str]:
    """The figure a "how much" question wants quoted: a sum of money (:data:`MONEY`: "kitna paisa milta hai" is not
    answered by "Divyang students get 10% extra"), any figure (:data:`FIGURE`) when its ``terms`` ask for a rate, or a
    number of days (:data:`DAYS`) when they ask how many days ("nrega me kitne din kaam milta hai" had been quoted the
    15 days within which work must be given, not the 100 days guaranteed)."""
    terms = set(terms)
    return FIGURE if RATE_TERMS & terms else DAYS if DAY_TERMS & terms else MONEY


#: Questions for live information no scheme document holds (an application's status, the date of the
#: next payment, a booking), each with the index terms a scheme text would need to answer it. A question
#: that matches one about a scheme whose text has none of its terms is declined (``not_stated``).
LIVE_INFO: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\bstatus\b|स्टेटस|स्थिति (जाँच|जांच|देख)", re.IGNORECASE), ("status",)),
    (re.compile(r"\b(next|agli|agla|agle) (instal+ment|kist|kisht|payment|train|bus|date)\b|अगली किस्त|अगला भुगतान"
                r"|\b(kab|kis (tarikh|tareekh|din|date)( ko)?)\b.{0,40}\b(aayegi|aayega|aaegi|aaega|ayegi|ayega|milegi|milega)\b"
                r"|\bwhen will\b.{0,40}\b(come|credited|get|receive|release)|\bwhich date\b|\bthis month\b|\bis mahine\b"
                r"|(कब|किस तारीख|किस दिन).{0,40}(आएगा|आएगी|आयेगा|आयेगी|मिलेगा|मिलेगी)|इस महीने"
                # an instalment's date: "the 17th installment date of pm kisan", "kist ki tarikh", "date of the 17th installment"
                r"|\b(?:instal+ments?|kist|kisht)\s+(?:ki\s+)?(?:date|dates|tarikh|tareekh)\b|\bdate of (?:the )?(?:next |\w+ )?instal+ment"
                r"|किस्त\s+(?:की\s+)?(?:तारीख|तिथि|डेट)", re.IGNORECASE),
     ("date", "dates", "schedule")),
    # money that has not come ("pm kisan ka paisa nahi aaya", "pension not received", "किस्त नहीं आई"): no page knows why, but
    # where it says how to check the status or whom to ask, that is quoted (a trial got PM-KISAN's ₹6,000 a year)
    (re.compile(r"\b(?:money|payment|amount|instal+ment|pension|scholarship|benefit|subsidy)s?\s+(?:has\s+|have\s+|is\s+|was\s+)?"
                r"(?:not|never)\s+(?:yet\s+)?(?:been\s+)?(?:received|credited|come|came|arrived|paid|deposited)\b"
                r"|\b(?:not|never|didn'?t|did\s+not|haven'?t|have\s+not|has\s+not|hasn'?t)\s+(?:yet\s+)?(?:got|get|gotten|received?|been\s+paid)\s+"
                r"(?:the\s+|my\s+|any\s+|our\s+)?(?:[\w-]+\s+){0,3}?(?:money|payment|amount|instal+ment|pension|scholarship|benefit|subsidy)"
                r"|\b(?:paisa|paise|paisaa|rupaye|rupay|rupees|kist|kisht|pension|amount|payment|scholarship|subsidy)\s+(?:\w+\s+){0,3}?"
                r"(?:nahi|nahin|nhi|nai|nahee)\s+(?:aaya|aayi|aaye|aya|ayi|aye|mila|mili|mile|aa\s+rah[ai]|aata|aati|pahuncha|pahunchi)\b"
                r"|(?:पैसा|पैसे|किस्त|पेंशन|राशि|भुगतान|छात्रवृत्ति|सब्सिडी)\s+(?:\S+\s+){0,4}?नहीं\s+(?:आया|आई|आए|आये|मिला|मिली|मिले|आ\s+रह[ाी]|पहुँच|पहुंच)",
                re.IGNORECASE),
     ("status", "helpline", "grievance", "complaint")),
    (re.compile(r"\b(train|trains|ticket|tickets|pnr)\b|ट्रेन|टिकट", re.IGNORECASE), ("train", "ticket")),
    # a helpline or contact number: quoted where the page gives one, else not stated (a newcomer trial's "helpline number
    # kya hai" after Ujjwala got the scheme's launch history)
    (re.compile(r"\bhelp ?lines?\b|\btoll[- ]?free\b|\bcustomer care\b|\bhelp ?desk\b|\bcontact (?:number|no|details)\b"
                r"|\b(?:phone|mobile) (?:number|no) (?:of|for)\b|हेल्पलाइन|हेल्प लाइन|टोल फ्री"
                # where to complain ("kahan shikayat karu?" after a pension that has not come: a newcomer trial was told it
                # was no scheme question)
                r"|\bshikayat\w*|\bshikaayat\w*|\bcomplain\w*|\bgrievances?\b|शिकायत", re.IGNORECASE),
     ("helpline", "toll", "helpdesk", "contact", "grievance", "complaint")),
)


def live_info_terms(text: str) -> list[tuple[str, ...]]:
    """The term sets of :data:`LIVE_INFO` whose pattern ``text`` matches (empty: not a live-info question)."""
    return [terms for pattern, terms in LIVE_INFO if pattern.search(text)]


def asks_contact_only(text: str) -> bool:
    """Whether ``text`` asks for a helpline or where to complain and for no other live information ("helpline
    number?", "kahan shikayat karen?"; not "pension nahi aayi, kahan shikayat karen", which is about a payment too)."""
    return live_info_terms(text) == [LIVE_INFO[-1][1]]


#: a claim asked after, in the three languages (an insurance's payout for a loss)
CLAIM_WORDS = re.compile(r"\bclaim|क्लेम|दावा", re.IGNORECASE)


def spoken_terms(text: str, intents: list[str]) -> list[list[str]]:
    """The term sets the quoted passage should speak of: :func:`live_info_known`, and for a claim asked after with the
    application steps ("barish se fasal kharab ho gayi claim kaise kare") the claim's ("How to Claim? ... within 72 hours",
    not the first of the application steps, a newcomer trial). Unlike the live ones, a claim's is no reason to decline."""
    out = live_info_known(text)
    if CLAIM_WORDS.search(text) and "application_process" in intents:
        out.append(analyze("claim"))
    return out


def live_info_known(text: str) -> list[list[str]]:
    """:func:`live_info_terms` analysed: for each set ``text`` asks for, its terms as the index holds them (what
    :func:`speaks_of` looks for in a passage)."""
    return [[t for term in terms for t in analyze(term)] for terms in live_info_terms(text)]


#: words of a live-information term that say something else: the applicant's "Date of birth as printed on Aadhaar" in a
#: form is no date of payment (a break-it trial's "when will the 18th installment of pm kisan come" quoted that step)
_NOT_LIVE = re.compile(r"\bdates?\s+of\s+birth\b|\bbirth\s*dates?\b|\bd\.?o\.?b\b", re.IGNORECASE)


def speaks_of(text: str, known: Iterable[str]) -> bool:
    """Whether ``text`` (a passage or a sentence) holds one of the analysed terms ``known`` of a :data:`LIVE_INFO` set,
    other than in the phrases of :data:`_NOT_LIVE`."""
    return not set(known).isdisjoint(analyze(_NOT_LIVE.sub(" ", text)))


#: the words that name a section most often, for the misspellings of them :func:`_section_words_spelled` mends
SECTION_HEADWORDS = ("documents", "document", "eligibility", "eligible", "application", "benefits", "criteria",
                     "registration", "qualification")


def _section_words_spelled(folded: str) -> str:
    """``folded`` with each word of six letters or more that is a misspelling of a :data:`SECTION_HEADWORDS` word
    (the same first two letters, a similarity of at least 85: "documnets", "documets", "eligiblity") written right:
    "documnets kya chahiye" asks for the documents (it got the application steps)."""
    def mend(m: re.Match) -> str:
        word = m.group()
        if word in SECTION_HEADWORDS:
            return word
        best = max(SECTION_HEADWORDS, key=lambda h: fuzz.ratio(word, h) if h[:2] == word[:2] else 0)
        return best if best[:2] == word[:2] and fuzz.ratio(word, best) >= 85 else word

    return re.sub(r"\b[a-z]{6,}\b", mend, folded)


#: a limit of income or age asked for by its size ("income limit kitni hai", "आय सीमा कितनी है"): an eligibility condition
LIMIT_ASKED = re.compile(r"\b(?:income|age|aay|aamdani|umr|umar|umra|aayu)\s+(?:limit|ceiling|seema|sima)\b"
                         r"|(?:आय|आमदनी|उम्र|आयु)\s+(?:की\s+)?सीमा|\bhow much income\b|\bkitni (?:income|aay|aamdani)\b"
                         r"|\b(?:income|aay|aamdani) kitn[aei] hon[aei]\b")


def section_intents(text: str) -> list[str]:
    """The sections ``text`` asks about (see :data:`SECTION_INTENTS`), in a fixed order. The words of a
    "who can apply" phrase count for eligibility only ("who can apply and how?" still asks both), and
    "what is" asks for the details only when it asks for nothing else ("what is the income limit")."""
    folded = _section_words_spelled(text.casefold())
    without_who = WHO_CAN_APPLY.sub(" ", folded)
    found = [name for name, pattern in SECTION_INTENTS.items()
             if pattern.search(folded) and (name != "application_process" or pattern.search(without_who))]
    found = [n for n in found if n != "details"] or found
    if "exclusions" in found or GET_HOW.search(folded):
        # "kisko nahi milta" (who does not get it), "kaise milega" (how do I get it): the verb "get" asks
        # neither for the amount nor, in "who cannot apply", for the steps
        found = [n for n in found if n not in ("benefits", "application_process")] if "exclusions" in found else \
            [n for n in found if n != "benefits" or AMOUNT.search(folded)]
    if WHO_GETS.search(folded) and "benefits" in found and not AMOUNT.search(folded):
        # "kya sarkari karmchari ko pm kisan milta hai" asks whether that group gets it, not what it gives (a newcomer
        # trial was quoted the Rs. 6000 a year, the exclusion of government employees never said)
        found = [n for n in found if n != "benefits"]
        found += [] if "eligibility" in found else ["eligibility"]
    if "benefits" in found and "eligibility" in found and LIMIT_ASKED.search(folded):
        # "income limit kitni hai" asks how much the limit is, a condition, not what the scheme gives (a newcomer trial was
        # quoted a scholarship's benefits table)
        found.remove("benefits")
    if INTEREST.search(folded) and "details" not in found:
        found.append("details")  # a savings scheme's interest rate is often stated in its details
    return found


#: a kind of help named by itself ("scholarship", "pension yojana", "odisha loan schemes"): every scheme of that kind
#: answers, so a list of them does; the words around it that ask nothing more
KIND_OF_HELP = re.compile(r"scholarships?|chhatravritti|pensions?|penshan|loans?|subsid(?:y|ies)|grants?|छात्रवृत्ति|स्कॉलरशिप|पेंशन|लोन|सब्सिडी")
_KIND_FRAME = frozenset("""yojana yojna yojanas scheme schemes sarkari govt government state central list all any ki ka ke k in
    me mein main of for the a se wali vali योजना योजनाएं योजनाएँ सरकारी की का के में""".split())


def only_a_kind_of_help(text: str) -> bool:
    """True for a message that names a kind of help and nothing more, beside a state and words like "yojana"
    ("odisha scholarship", "pension yojana", "बिहार पेंशन योजना"): it asks which schemes of that kind there are
    (a newcomer trial: "odisha scholarship" was declined, "pension yojana" quoted Atal Pension Yojana's exit rules)."""
    from retrieval.states import without_states

    words = re.findall(r"[\w\u0900-\u097f]+", without_states(text).casefold())
    kinds = [w for w in words if KIND_OF_HELP.fullmatch(w)]
    return len(kinds) == 1 and all(w in _KIND_FRAME or w in kinds for w in words)


def analyze_query(text: str, vocabulary: dict[str, int], matcher: VocabularyMatcher,
                  df: Callable[[str], int] | None = None) -> QueryTerms:
    """Analyse ``text`` against an index ``vocabulary`` (see the module docstring); ``df`` gives the
    number of chunks holding a vocabulary term (without it, a known word is never treated as rare)."""
    tokens = analyze(text)
    discovery = bool(DISCOVERY.search(text)) or only_a_kind_of_help(text)
    quiet: frozenset[str] = frozenset()  # words of the question weighted SCHEME_WORD_WEIGHT
    if discovery:  # "list schemes for farmers": no scheme need say "list" to be listed, nor "scheme" rank
        frame, scheme_words, quiet_words = discovery_frame()
        tokens = [t for t in tokens if t not in frame] or tokens
        if any(t not in scheme_words and t not in quiet_words for t in tokens):
            quiet = quiet_words
    lex = expansions()
    stop = stopwords()
    out = QueryTerms(language=detect_language(text), content=list(dict.fromkeys(tokens)), discovery=discovery)
    w = out.weights
    fixes: list[str] = []
    mended: dict[str, str] = {}  # a misspelt word -> its correction ("scholarshp" -> "scholarship")

    def add(term: str, weight: float) -> None:
        if scale:
            w[term] = w.get(term, 0.0) + weight * scale

    for tok in tokens:
        scale = SCHEME_WORD_WEIGHT if tok in quiet else 1.0
        # an inflected Hindi noun the glossary and the corpus lack ("परिवारों", families) is read as its
        # base form ("परिवार")
        forms = hindi_bases(tok) if has_devanagari(tok) and tok not in vocabulary and tok not in lex else []
        base = next((b for b in forms if b in lex or b in vocabulary), tok)
        known = base in vocabulary
        if known:
            add(base, 1.0)
        mapped: list[str] = []
        entry = base if base in lex else hindi_entry(base)  # ("vridhawastha": वृद्धावस्था, old age)
        if entry is not None:
            mapped = [t for t in lex[entry] if t in vocabulary and t != base]
            rare = known and df is not None and bool(mapped) and df(base) < RARE_SHARE * max(df(t) for t in mapped)
            for t in mapped:
                add(t, SYNONYM_WEIGHT if known and not rare else 1.0)
        if known and not has_devanagari(tok):
            for t in reverse_expansions().get(tok, ()):
                if t in vocabulary:
                    add(t, REVERSE_WEIGHT)
        if not known and not mapped:
            if has_devanagari(tok):  # an acronym spelled letter by letter ("एडीआईपी": "adip"), else a spelling
                fixed = [acr] if (acr := spelled_acronym(tok)) and acr in vocabulary else []
            else:
                fixed = [fix] if (fix := matcher.correct(tok)) else []
            for form in (tok, *forms):  # ("ड्राइवरों": "ड्राइवर", driver)
                if not fixed:
                    fixed = matcher.transliterations(form) or [w for w in [matcher.loanword(form, df)] if w]
            glossed: list[str] = []
            if fixed and fixed[0].isascii():
                mended[tok] = fixed[0]
            for fix in fixed:
                fixes.append(fix)
                add(fix, CORRECTION_WEIGHT)
                for t in lex.get(fix, ()):
                    if t in vocabulary and t != fix:
                        add(t, SYNONYM_WEIGHT)
                        glossed.append(t)
            # (a spelling mended to a Romanized word resolves to its English too: "vidva" is "vidhva" and so "widow", which
            # the gate looks for in the passage; a newcomer trial's "vidva pension bihar" had been declined)
            mapped = mapped or list(dict.fromkeys(fixed + glossed))
        if mapped:
            out.resolved.setdefault(tok, mapped)
        elif not known and not tok.replace(".", "").isdigit() and tok not in stop:
            if tok not in out.unknown:
                out.unknown.append(tok)
    said_ages = {str(age) for age in personal_ages(text)} & set(w)
    if said_ages and set(w) - said_ages:
        # an age the user states is a fact about them, not a word a passage should hold ("I am 62, what documents do
        # I need for old age pension?": "62" had diluted the match and the gate declined)
        for age in said_ages:
            del w[age]
    held = {t for m in LAND_SIZE.finditer(text) for t in (m.group(1), *analyze(m.group(2)))} & set(w)
    if held and set(w) - held:
        # so is the land one holds ("I am a farmer in Maharashtra with 2 acres, what schemes can help me?": "acre" had ranked
        # a scheme whose page counts acres first, and the list was declined)
        for term in held:
            del w[term]
    if any(age >= OLD_AGE_YEARS for age in stated_ages(text)):
        # "meri maa 72 saal ki hai, unko pension mil sakti hai": an age of 60 or more asks of old age, as
        # "vridh" does, though no word of the question says so
        scale = 1.0
        for t in expansions().get("vridh", ()):
            if t in vocabulary and t not in w:
                add(t, SYNONYM_WEIGHT)
    classes = school_classes(text)
    if classes and not {"matric", "matriculation"} & set(w):
        # "SC student in class 11": the stage the scholarships are named for, "post matric" ("pre matric" up to class 10)
        scale = 1.0
        n = max(classes)
        roman = _CLASS_ROMAN.get(n)
        # (and the class as pages write it, "Class XI", "11th": without them "matric" drew the pre-matric schemes to
        # "scholarship for class 11 students", a break-it trial)
        terms = ("post" if n > MATRIC_CLASS else "pre", "matric") + ((roman, f"{n}th") if roman else ())
        for t in terms:
            if t in vocabulary and t not in w:
                add(t, SYNONYM_WEIGHT)
    if not out.discovery and mended:
        # a request for a kind of help misspelt ("need scholarshp for engg"): read with the spelling mended (a newcomer trial's
        # SC student was declined where "need scholarship" is answered with a list)
        spelt = re.sub(r"[\w\u0900-\u097f]+", lambda m: mended.get(m.group().casefold(), m.group()), text)
        out.discovery = bool(DISCOVERY.search(spelt)) or only_a_kind_of_help(spelt)
    # intents and figures are read on the words as typed plus their spelling repairs ("intrest rate")
    read = " ".join([text, *fixes])
    out.intents = section_intents(read)
    # (an amount the question itself names asks whether it is right: "is it true that UP widow pension is Rs 5000 per
    # month?" is answered where the page states its amount; not one's own income or salary)
    out.figures = bool(ASKS_FIGURE.search(read.casefold())) or (
        MONEY.search(read) is not None and not OWN_MONEY.search(read.casefold()))
    return out


#: words saying an amount in a message is the user's own (an income, a salary), not a figure asked about
OWN_MONEY = re.compile(r"\b(income|earn\w*|salary|kamai|kamata|kamati|aay|aamdani|wage\w*|paid|pay)\b|आय(?![\u0900-\u097f])|कमाई|आमदनी|वेतन")


@lru_cache(maxsize=1)
def discovery_frame() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """``(frame, scheme words, quiet)``: the analysed words of ``data/lexicon/discovery_frame.tsv`` by role.
    In a discovery question the frame words ("list", "more", "सभी", "dikhao") are left out, the quiet ones
    ("yojana", "योजना") are kept but do not rank; neither they nor the scheme words ("scheme") name a need.

    Raises:
        ValueError: a row that is not a word and its role (``frame``, ``scheme`` or ``quiet``).
    """
    from data import lexicon_rows

    roles: dict[str, set[str]] = {"frame": set(), "scheme": set(), "quiet": set()}
    for n, (word, role) in lexicon_rows("discovery_frame.tsv", 2):
        if role not in roles:
            raise ValueError(f"discovery_frame.tsv line {n}: role {role!r} is not frame, scheme or quiet")
        roles[role].update(analyze(word))
    return frozenset(roles["frame"]), frozenset(roles["scheme"]), frozenset(roles["quiet"])


def compile_pattern(pattern: str, table: str, line: int) -> re.Pattern[str]:
    """``pattern`` of line ``line`` of lexicon ``table``, compiled case-insensitive.

    Raises:
        ValueError: the pattern does not compile (the message names the table and line).
    """
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise ValueError(f"{table} line {line}: {exc}") from exc


@lru_cache(maxsize=1)
def special_groups() -> tuple[re.Pattern[str], ...]:
    """The patterns of ``data/lexicon/special_groups.tsv``: groups a scheme can be reserved for.

    Raises:
        ValueError: a row without its two columns or with a pattern that does not compile.
    """
    from data import lexicon_rows

    return tuple(compile_pattern(pattern, "special_groups.tsv", n) for n, (_, pattern) in lexicon_rows("special_groups.tsv", 2))


#: the occupations (``eligibility.fields.OCCUPATIONS``) that are groups of ``special_groups.tsv``, by group name
OCCUPATION_GROUPS = {"construction_worker": "construction_worker", "fisher": "fisher", "artisan_weaver": "weaver_artisan",
                     "ex_serviceman": "ex_servicemen"}
#: how a list names the group such a scheme is for ("Prasuti Sahayata Yojana (Rajasthan) (for construction workers only)")
OCCUPATION_LABELS = {"construction_worker": "construction workers", "fisher": "fishers", "artisan_weaver": "artisans and weavers",
                     "ex_serviceman": "ex-servicemen"}


def reserved_label(occupations: frozenset[str], text: str) -> str | None:
    """``"construction workers"`` when ``occupations`` (a scheme's required ones) are all groups of
    :data:`OCCUPATION_GROUPS` and ``text``, the user's words, names none of them; else ``None``."""
    if not occupations or any(o not in OCCUPATION_GROUPS for o in occupations):
        return None
    if not for_another_group("", text, occupations):
        return None
    return " or ".join(OCCUPATION_LABELS[o] for o in sorted(occupations))


#: a son or a boy is who the help is for; a scheme's name for girls or women
_FOR_A_BOY = re.compile(r"\b(?:son|sons|boy|boys|beta|bete|beton|ladka|ladke|ladkon)\b|बेटा|बेटे|बेटों|लड़का|लड़के|लड़कों|पुत्र")
_FOR_GIRLS = re.compile(r"\b(?:girls?|daughters?|women|woman|mahila|kanya|balika|beti|ladki)|बेटी|लड़की|कन्या|बालिका|महिला")


def for_another_group(scheme_name: str, text: str, occupations: frozenset[str] = frozenset()) -> bool:
    """Whether ``scheme_name`` names a group of ``special_groups.tsv`` ("... Widows Of Ex-Servicemen")
    that ``text``, the user's message, does not; or the scheme's rule requires one of ``occupations``
    (:meth:`retrieval.index.Index.required_occupations`), all of them such groups, and ``text`` names none
    (Rajasthan's "Prasuti Sahayata Yojana" is for registered construction workers, though its name does not say so); or
    the name is for a social category and ``text`` asks for another one."""
    name, said = scheme_name.casefold(), text.casefold()
    if _groups_in(name) - _groups_in(said):
        return True
    named, asked = _categories_in(name), _categories_in(said)
    if named and asked and not named & asked:
        return True  # another social category than the one asked for: "scholarship for SC students" is not the ST one's
    if _FOR_GIRLS.search(name) and _FOR_A_BOY.search(said) and not _FOR_GIRLS.search(said):
        return True  # a girls' scheme asked of for a son ("mere bete ke liye scholarship" had listed a single girl child's first)
    if not occupations or any(o not in OCCUPATION_GROUPS for o in occupations):
        return False
    groups = dict(zip((g for g, _ in _group_rows()), special_groups()))
    return not any(groups[OCCUPATION_GROUPS[o]].search(said) for o in occupations if OCCUPATION_GROUPS[o] in groups)


def categories_named(text: str) -> frozenset[str]:
    """The social categories (SC, ST, OBC, EWS, minority) ``text`` names as words, in any case."""
    return _categories_in(text.casefold())


@lru_cache(maxsize=4096)
def _categories_in(text: str) -> frozenset[str]:
    """The social categories of :data:`GROUPS` (SC, ST, OBC, EWS, minority) that ``text`` (case-folded) names as words."""
    return frozenset(name for kind, name, pattern in GROUPS if kind == "category" and re.search(rf"(?<!\w)(?:{pattern})(?!\w)", text))


@lru_cache(maxsize=4096)
def _groups_in(text: str) -> frozenset[int]:
    """The groups of ``special_groups.tsv`` that ``text`` (case-folded) names, as the indices of their patterns (read once
    per scheme name and per message: the gate and the lists ask again and again)."""
    return frozenset(i for i, p in enumerate(special_groups()) if p.search(text))


@lru_cache(maxsize=1)
def _group_rows() -> tuple[tuple[str, str], ...]:
    from data import lexicon_rows

    return tuple((group, pattern) for _, (group, pattern) in lexicon_rows("special_groups.tsv", 2))
