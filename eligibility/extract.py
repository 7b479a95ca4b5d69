"""Fields stated in a free-text message: "I'm a 45 year old farmer from Bihar, income 1.2 lakh" gives
``age=45, occupation=farmer, state=Bihar, annual_family_income=120000``.

Only what the text says is taken; nothing is inferred beyond the words (the one exception is that
"widow"/"विधवा" names a woman, so it also gives ``gender=female``). Short state codes (UP, MP, J&K)
count only when written in capitals, so that "sign up" is not Uttar Pradesh.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from data import states as _state_names
from eligibility.fields import (_SELF_CORRECTION, CATEGORIES, PLACE_CORRECTED, CITIES, choices_named, EDUCATION, FIELDS, GENDERS, IN_KINS_NAME, MARITAL, MIN_AGE, OCCUPATIONS, RELIGIONS, RESIDENCES, STATES,
                               NOT_PASSED, class_level, marked_class, not_an_age, valid_value)
from retrieval.life_events import affirmed
from eligibility.parse import KIN as _KIN, KIN_HI as _KIN_HI, NO_INCOME_PHRASE, find_phrase, negated, negated_since_contrast, normalise, padded_words, parse_money, phrase_words, rfind_phrase

#: "age 45", "45 saal ka", "I am 45": an age stated in free text (never one written with a minus sign)
_AGE = [
    re.compile(r"\b(?:age|aged|umar|umr|umra|aayu|उम्र|आयु)\s*(?:is|:|hai|है|-)?\s*(?<![-\d])(\d{1,3})\b"),
    # Devanagari words end in vowel signs, which are not word characters: so no \b after them
    re.compile(r"\b(?<![-\d])(\d{1,3})\s*(?:years?|yrs?|yr|saal|sal|varsh|वर्ष|साल)\s*(?:old|ka|ki|ke|की|का|के|hai|है|hoon|हूँ|हूं)(?![\w\u0900-\u097f])"),
    # ("68 saal, UP, gaon me rehta hu": an age that ends its clause)
    re.compile(r"\b(?<![-\d])(\d{1,3})\s*(?:years?|yrs?|saal|sal|साल|वर्ष)\s*(?:$|[,;।]|\.(?!\d)|and\b|aur\b|और)"),
    re.compile(r"\b(?<![-\d])(\d{1,3})\s*(?:-|\s)?year[- ]old\b"),
    # ("sorry I am 68 not 65": a correction names the right age first, a newcomer trial had it unread)
    re.compile(r"\b(?:i am|i'm|im|main|mai|मैं)\s+(?<![-\d])(\d{1,3})\s*(?:$|[,.;&]|and\b|aur\b|hoon\b|hu\b|हूँ|हूं|from\b|in\b|living\b|and\b|se\b|not\b|nahi\b|nahin\b|नहीं)"),
    # ("I am 62 UP", "I am 45 farmer", "main 60 widow": the age, then the next fact without a comma; a trial had 62 unread and
    # the age asked; not a class or a count: "I am 12 pass", "main 2 bachon ki maa")
    re.compile(r"\b(?:i am|i'm|im|main|mai|मैं)\s+(?<![-\d])(\d{1,3})\s+(?!(?:pass|passed|fail|failed|class|std|standard|"
               r"bach\w*|bachch\w*|beti\w*|bet[ae]\b|sons?\b|daughters?\b|kids?\b|child\w*|of\b|out\b|to\b|or\b|ya\b|se\b)(?!\w))"
               r"(?=[a-z\u0900-\u097f])"),
]
_INCOME = re.compile(
    r"(?:income|earn(?:ing)?s?|salary|kamai|kamaai|aay|aamdani|amdani|आय|आमदनी|कमाई|तनख्वाह)\b(?:\s+(?:is|of|hai|है|about|around|approx|lagbhag|लगभग|my|family|parivar|ki|की|:|-(?=\s)))*\s*(.{1,40})"
)
#: the amount first: "1 lakh family income", "10000 monthly income", "₹80,000 annual income"
_INCOME_AFTER = re.compile(
    r"((?:₹|rs\.?\s*)?\s*\d[\d,]*(?:\.\d+)?\s*(?:lakhs?|lacs?|lakh|k|thousand|hazaa?r|हज़ार|हजार|लाख)?\s+(?:rupees?\s+|rs\.?\s+)?"
    r"(?:(?:annual|yearly|monthly|per\s+(?:year|month|annum)|family|household|total|salana|mahina|मासिक|वार्षिक|सालाना|परिवार\s+की)\s+)*"
    r"(?:income|salary|earnings?|kamai|aay|aamdani|आय|आमदनी|कमाई))\b", re.IGNORECASE)


def _spouse_died(spouse: str, spouse_hi: str, my: str, my_hi: str, gone: str, gone_hi: str) -> re.Pattern[str]:
    """A pattern for the speaker's husband or wife having died: ``spouse`` (Latin words) or ``spouse_hi`` (Devanagari) after
    "my" (``my``, ``my_hi``) or at a clause's start, then a word for death; ``gone`` and ``gone_hi`` are the forms of "is no
    more" that agree with the spouse's gender ("nahi rahe", "nahi rahi")."""
    return re.compile(
        rf"(?:\b(?:{my})\s+|(?:^|[,.;!?]\s*|\b(?:and|but|aur|par|ab)\s+))(?:{spouse})\b.{{0,30}}?"
        rf"\b(?:died|dead|passed away|expired|is no more|no longer alive|death|maut|mrityu|mrutyu|dehant|dehaant|guzar|gujar|"
        rf"{gone}|expire|swargwas|nidhan)"
        rf"|\blost\s+my\s+(?:{spouse.split('|')[0]})\b|(?:^|[,.;!?।]\s*|{my_hi}\s+)(?:{spouse_hi}).{{0,25}}(?:देहांत|मृत्यु|मौत|गुज़र|गुजर|{gone_hi}|निधन|स्वर्गवास)"
        rf"|(?:{spouse})\s+(?:ki|ka)\s+(?:death|maut|mrityu|dehant)")


#: "my husband died", "pati ki maut ho gayi", "मेरे पति का देहांत हो गया": the speaker is a widow
#: (the husband named at a clause's start needs no "my": "meri umar 68 hai, pati nahi rahe", "pati guzar gaye, pension
#: chahiye" had been read as an age alone, a newcomer trial)
_HUSBAND_DIED = _spouse_died("husband|pati|patidev", "पति", "my|mere|meri|hamare|humare", "मेरे", "nahi rahe|nahin rahe", "नहीं रहे")
#: "my wife died", "meri patni ki maut ho gayi", "biwi nahi rahi", "पत्नी का देहांत हो गया", "lost my wife": the speaker is a
#: widower (a newcomer trial's "meri patni ki maut ho gayi" was read as a state alone, and the check asked his gender)
_WIFE_DIED = _spouse_died("wife|patni|biwi|bibi|pathni|gharwali", "पत्नी|बीवी", "my|mere|meri|hamari|humari", "मेरी", "nahi rahi|nahin rahi", "नहीं रही")


#: words that put a place named by its city outside that city: its district, a village, somewhere near it
_NOT_IN_CITY = re.compile(r"\b(?:district|distt|dist|zila|zilla|jila|jilla|tehsil|tahsil|block|taluka|gaon|gav|gaanv|village|"
                          r"near|nearby|outside|paas|pass|bahar|rural|dehat)\b|जिला|ज़िला|जिले|ज़िले|तहसील|गांव|गाँव|के\s+पास|बाहर|देहात", re.IGNORECASE)


#: the speaker's own husband or wife named: "my husband", "mere pati", "meri patni", "मेरे पति", "मेरी पत्नी"
_MY_SPOUSE = re.compile(r"\b(?:my|mere|meri)\s+(?:husband|pati|patidev|wife|patni|biwi)\b|(?:मेरे\s+पति|मेरी\s+(?:पत्नी|बीवी))(?![\u0900-\u097f])")


def husband_died(text: str) -> bool:
    """Whether ``text`` says the speaker's husband or wife died ("my husband died", "pati guzar gaye", "पति का देहांत हो
    गया", "meri patni ki maut ho gayi"; a spouse named with no one else's "her" is the speaker's): the speaker is widowed."""
    said = normalise(text)
    return _HUSBAND_DIED.search(said) is not None or _WIFE_DIED.search(said) is not None


#: "I am pregnant", "main garbhvati hu", "मैं गर्भवती हूँ": the speaker is a woman (pregnancy itself is
#: no field; the verdict keeps pregnancy schemes apart unless it was said)
_PREGNANT = re.compile(r"\b(?:pregnant|pregnent|pregnet|pragnant|pragnent|prengnant|garbhvati|garbhwati)\b|\b(?:i am|i'm|im)\s+expecting\b|गर्भवती")
#: "I am a 15 year old girl", "main ladki hu", "मैं 15 साल की लड़की हूँ": the speaker's own gender
_SELF_GIRL_BOY = re.compile(r"\b(?:i am|i'm|im|main|mai)\b[^,.;?!]{0,25}?\b(girl|boy|ladki|ladka)\b|मैं[^,.;?!।]{0,25}?(लड़की|लड़का)"
                            r"|\b(?:ladki|ladka)\s+(?:hu|hoon|hun|hoo)\b|(?:लड़की|लड़का)\s+(?:हूँ|हूं)")  # ("OBC ladki hu")
#: "I am a father", "main ek maa hu", "मैं पिता हूँ": the speaker's own gender
_SELF_PARENT = re.compile(r"\b(?:i am|i'm|im)\s+(?:a\s+|the\s+)?(?:single\s+)?(?:father|mother|dad|mom|mum)\b"
                          r"|\b(?:main|mai)\s+(?:ek\s+)?(?:pita|papa|maa|mata)\s+(?:hu|hoon|hun|hoo)\b|मैं\s+(?:एक\s+)?(?:पिता|माँ|मां|माता)\s+(?:हूँ|हूं)")
#: Hindi marks the speaker's gender on the words before "hu"/"हूँ" ("main rajasthan ka hu", "45 saal ki hu", "kaam karti hu",
#: "मैं खेती करता हूँ"): a man says "ka", "karta", "raha", a woman "ki", "karti", "rahi" (a newcomer trial was asked its gender
#: after "main rajasthan ka kisan hu"). A genitive counts only right before "hu" or before a word naming the speaker ("bihar ki
#: nivasi hu"): "batao ki eligible hu" is no woman's word.
_AGREE_M = r"ka|karta|krta|rehta|rahta|raha|rha|gaya|sakta|chahta|padhta|kamata|wala|vala"
_AGREE_F = r"ki|karti|krti|rehti|rahti|rahi|rhi|gayi|gai|sakti|chahti|padhti|kamati|wali|vali"
_AGREE_HI_M = r"का|करता|रहता|रहा|गया|सकता|चाहता|पढ़ता|कमाता|वाला"
_AGREE_HI_F = r"की|करती|रहती|रही|गई|गयी|सकती|चाहती|पढ़ती|कमाती|वाली"
_SELF_NOUN = r"kisan|kisaan|nivasi|niwasi|mazdoor|majdoor|vidyarthi|student|nagrik|karmchari|worker|farmer"
_SELF_NOUN_HI = r"किसान|निवासी|मजदूर|मज़दूर|विद्यार्थी|छात्र|नागरिक|कर्मचारी"
_SELF_AGREEMENT = re.compile(rf"\b(?:(?P<m>{_AGREE_M})|(?P<f>{_AGREE_F}))\s+(?:(?:ek\s+)?(?:{_SELF_NOUN})\s+)?(?:hu|hoon|hun|hoo)\b"
                             rf"|(?<![\u0900-\u097f])(?:(?P<hm>{_AGREE_HI_M})|(?P<hf>{_AGREE_HI_F}))\s+(?:(?:{_SELF_NOUN_HI})\s+)?(?:हूँ|हूं|हू)(?![\u0900-\u097f])")
#: "doing B.Tech", "padh rahi hu", "पढ़ती हूँ", "I study in class 9": the speaker studies now
_STUDYING = re.compile(r"(?<!not )\b(?:studying|doing\s+(?:my\s+)?(?:b\.?\s?tech|b\.?\s?sc|b\.?\s?a|b\.?\s?com|graduation|ph\.?\s?d|m\.?\s?tech|m\.?\s?sc|diploma|iti|mbbs|engineering))\b"
                       r"|\b(?:b\.?\s?tech|btech|b\.?\s?sc|bsc|b\.?\s?com|bcom|b\.?\s?a|graduation|ph\.?\s?d|m\.?\s?tech|mtech|m\.?\s?sc|msc|diploma|iti|mbbs|engineering|12th|11th)\s+(?:kar|kr)\s+(?:rahi|raha|rahe)\b"
                       r"|\bi\s+study\b|\bpadh\s+(?:rahi|raha|rahe)\b|\bpadhti\s+hu|\bpadhta\s+hu|\bpadhai\s+kar\s+(?:rahi|raha)|पढ़ती\s+हूँ|पढ़ता\s+हूँ|पढ़ती\s+हूं|पढ़ता\s+हूं|पढ़ाई\s+कर\s+(?:रही|रहा)")
#: "BA" and "MA" are words of Hinglish ("ma" = mother, "main ba..."), so they read as a degree only beside studying
#: ("studying BA", "doing M.A.", "BA kar raha hu", "BA 2nd year", "BA pass", "passed BA")
_DEGREE_AM = r"([bm])\.?\s?a\.?(?:\s*;)?"  # (own_words() ends a clause at "M.A. ")
_BA_MA = re.compile(rf"\b(?:studying|doing|pursuing|passed|completed|in)\s+(?:my\s+|a\s+|the\s+)?{_DEGREE_AM}(?![\w.])"
                    rf"|\b{_DEGREE_AM}\s+(?:kar|kr)\s+(?:rahi|raha|rahe|chuki|chuka|liya|li)\b"
                    rf"|\b{_DEGREE_AM}\s+(?:pass|passed|1st|2nd|3rd|first|second|third|final|part)\b"
                    # "BA me padhti hu", "बी.ए. में पढ़ती हूँ", "बीए कर रही हूँ" (a newcomer trial was asked for the class after it)
                    rf"|\b{_DEGREE_AM}\s+(?:me|mein|main)\s+padh"
                    r"|(?<![\u0900-\u097f])(ब|एम)(?:ी|\u093f)?\.?\s?ए\.?(?:\s*;)?\s*(?:में\s+(?:पढ़|हूँ|हूं)|कर\s+(?:रही|रहा|रहे|चुकी|चुका))", re.IGNORECASE)
_DISABILITY = re.compile(r"(\d{1,3})\s*(?:%|percent|pratishat|प्रतिशत)")
_DISABLED_WORD = re.compile(r"disab|viklang|divyang|handicap|दिव्यांग|विकलांग")


def _normalised(table: dict[str, tuple[str, ...]], skip: frozenset[str] = frozenset()) -> dict[str, tuple[str, ...]]:
    """``table`` with its phrases normalised once (not on every message), leaving out those in ``skip``."""
    return {value: tuple(n for n in (phrase_words(p) for p in phrases) if n and n not in skip) for value, phrases in table.items()}


def _first(table: dict[str, tuple[str, ...]], padded: str) -> str | None:
    """The value of the phrase of ``table`` (already normalised) that ``padded`` (from
    :func:`eligibility.parse.padded_words`) mentions first, not negated (the longest at the same place)."""
    return _mentioned(table, padded, last=False)


def _last(table: dict[str, tuple[str, ...]], padded: str) -> str | None:
    """As :func:`_first`, the value of the phrase ``padded`` mentions last."""
    return _mentioned(table, padded, last=True)


def _mentioned(table: dict[str, tuple[str, ...]], padded: str, last: bool) -> str | None:
    """:func:`_first` (``last`` false) or :func:`_last`: the phrase met first (or last), the longest at the same place."""
    best: tuple[int, int, str] | None = None  # (position, or minus it for the first; length; value)
    for value, phrases in table.items():
        for p in phrases:
            i = rfind_phrase(padded, p) if last else find_phrase(padded, p)
            if i >= 0 and (best is None or ((i if last else -i), len(p)) > best[:2]):
                best = ((i if last else -i), len(p), value)
    return best[2] if best else None


#: short codes ("UP", "MP") count in free text only when written in capitals (``data/lexicon/states.tsv``)
_SHORT_MAP = {c.upper(): s.name for s in _state_names() for c in s.codes}
_SHORT_STATE = re.compile(r"(?<![A-Za-z])(" + "|".join(sorted(map(re.escape, _SHORT_MAP), key=len, reverse=True)) + r"|J&K|J & K)(?![A-Za-z])")
_SHORT_MAP.update({"J&K": "Jammu and Kashmir", "J & K": "Jammu and Kashmir"})
#: ... and only said of oneself ("mai up se hu", "mp me rehta hu"), not "sign up se pehle"
_SHORT_STATE_HINGLISH = re.compile(
    r"(?:\b(?:mai|main|mein|hum|ham|mera|meri|mere|hamara|hamari|from)\b[^.?!]{0,12}?)(?<![A-Za-z])("
    + "|".join(sorted((re.escape(c.lower()) for c in _SHORT_MAP if c.isalpha()), key=len, reverse=True)) + r")"
    r"\s+(?:se|me|mein|main|mai|ka|ki|ke|wala|wali|wale|state)\b"
    r"|(?<![A-Za-z])(" + "|".join(sorted((re.escape(c.lower()) for c in _SHORT_MAP if c.isalpha()), key=len, reverse=True)) + r")"
    r"\s+(?:se|me|mein|main|mai)\s+(?:hu|hoon|hun|hain|rehta|rehti|rahta|rahti|rehte|rahte)\b", re.IGNORECASE)


# phrases too ambiguous to count in free text ("gen", "ba", "sign up" for UP...)
# short codes ("up", "ap", "mp") are ordinary words in free text; short names ("goa", "diu") are not
_STATES = _normalised(STATES, frozenset(normalise(p) for s in _state_names() for p in (*s.codes, "u p", "m p")))
_CITIES = _normalised(CITIES)
#: a minority religion named in free text (Latin names as whole words)
_RELIGION = re.compile(r"\b(" + "|".join(r for r in RELIGIONS if r.isascii()) + r")\b|" + "|".join(r for r in RELIGIONS if not r.isascii()))
_MARITAL = _normalised(MARITAL)
_GENDERS = _normalised(GENDERS, frozenset({"f", "m", "girl", "boy", "ladki", "ladka", "लड़की", "लड़का"}))
_OCCUPATIONS = _normalised(OCCUPATIONS, frozenset({"other", "anya", "अन्य", "business", "labour"}))
_RESIDENCES = _normalised(RESIDENCES, frozenset({"nagar"}))
_CATEGORIES = _normalised(CATEGORIES, frozenset({"open", "gen", "bc", "bca", "bcb"}))  # ("bc" alone is also slang in free text)
# (nor the ranges "1-5", "6-8", which free text spells as "1.5 lakh": a break-it trial's income, said to the gender question,
# had been noted as education primary)
_EDUCATION = _normalised(EDUCATION, frozenset({"none", "ba", "ma", "inter", "degree", "primary", "1 5", "6 8"}))


#: where a clause ends: punctuation (not a comma inside a number, "1,50,000", nor a point inside a word or
#: number, "1.5 lakh", "B.Tech") or a joining word
CLAUSE_END = re.compile(r"[?!;\n।]|,(?!\d)|(?<!\d),|\.(?=\s|$)|\b(?:and|aur|but|lekin|magar|while|whereas)\b|और|लेकिन|मगर")
_POSSESSIVE = r"(?:my|our|mera|meri|mere|hamara|hamari|hamare|humara|humari|humare|apna|apni|apne|मेरा|मेरी|मेरे|हमारा|हमारी|हमारे|अपना|अपनी|अपने)"
#: "my son", "meri choti beti", "मेरे पति": the clause from here on is about someone else
_RELATIVE = re.compile(rf"\b{_POSSESSIVE}\s+(?:\w+\s+)?{_KIN}\b|{_POSSESSIVE}\s+(?:\S+\s+)?{_KIN_HI}(?![\u0900-\u097f])"
                       # a clause that opens with a relative, with or without "my": "Badi beti 16 saal ki hai aur 10th me
                       # padhti hai" (a newcomer trial had the daughter's schooling noted as the widow's own)
                       # (not one the speaker addresses, followed by "I": "bhai me kolkata me thela lagata hu", a newcomer trial)
                       rf"|^\s*(?:(?:the|badi|bada|bade|chhoti|chhota|chhote|choti|chota|chote|elder|eldest|younger|youngest)\s+)?{_KIN}\b"
                       r"(?!\s*,?\s*(?:main|mai|me|mein|i|i'm|im|hum|ham)\b)"
                       rf"|^\s*(?:(?:बड़ी|बड़ा|बड़े|छोटी|छोटा|छोटे)\s+)?{_KIN_HI}(?![\u0900-\u097f])")
#: a clause that goes on about that person ("my son is 25, he is a student")
_PRONOUN_START = re.compile(r"^\s*(?:he|she|they|his|her|their|wo|woh|vo|voh|vah|uski|uska|uske|unki|unka|unke)\b"
                            r"|^\s*(?:वह|वो|उसकी|उसका|उसके|उनकी|उनका|उनके)(?![\u0900-\u097f])")


#: a clause in which the speaker talks of themselves (not "me": in Romanized Hindi it is "in", "10th me padhti hai")
#: ("hoon"/"हूँ", the first person's "am": "mere pati nahi rahe, 55 saal ki hoon" had the age read as the husband's, a trial)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|my|myself|main|mai|mera|meri|mere|mujhe|hum|ham|we|our|hoon|hun|hu)\b|मैं|मेरा|मेरी|मेरे|मुझे|हम|हूँ|हूं")


#: what is said of whom the speaker is kin to: "the son of a widow", "the widow of a farmer", "a farmer's son" (the
#: widow and the farmer are others; a break-it trial had the son noted as a widowed woman, the widow as a farmer)
_OF_ANOTHER = re.compile(r"\b(sons?|daughters?|child|children|wife|widow|husband|family)\s+of\s+(?:(?:a|an|the|late|my)\s+)?(?!\d|age\b|aged\b)[\w-]+"
                         r"|\b[\w-]+['’]s\s+(sons?|daughters?|child|children|wife|widow|husband|family)\b"
                         r"|\b(?!main\b|mai\b|hum\b|ek\b|saal\b|sal\b|varsh\b)[a-z-]+\s+(?:ki|ka|ke)\s+(beti|beta|bete|patni|biwi|bahu)\b",
                         re.IGNORECASE)


#: a move said: what follows names where the user lives now
_NOW_IN = re.compile(r" (?:now|currently|presently|moved|shifted|relocated|ab|abhi|live|living|reside|residing|stay|staying) ")
#: where the user lives, said after the place in Hindi word order ("kerala me rehta hu", "केरल में रहती हूँ"): the place before it
_LIVES_AFTER = re.compile(r" (?:me|mein|main|mai|में) (?:reh|rah|रह)\S*")


def own_words(text: str) -> str:
    """``text`` (normalised) without what it says about someone else: in each clause, from a mention of
    a relative ("my son is 25", "mere pati kisan hain") to the clause's end, and the clauses after it
    that go on about that person ("he"/"she"/"wo", or no word of the speaker about themselves: "and
    studying"); clauses joined by " ; "."""
    kept: list[str] = []
    other = False
    for clause in CLAUSE_END.split(_OF_ANOTHER.sub(lambda m: next(g for g in m.groups() if g), normalise(text))):
        m = _RELATIVE.search(clause)
        if m:
            kept.append(clause[:m.start()])
            other = True
        elif other and (_PRONOUN_START.match(clause) or not _FIRST_PERSON.search(clause)):
            continue  # "my son is 25 and studying": still the son
        else:
            kept.append(clause)
            other = False
    return " ; ".join(kept)


def own_ages(text: str, own: str | None = None) -> list[int]:
    """The ages (years, ``MIN_AGE`` to 120) ``text`` states of the user, in order: not a relative's, a time spent, a count
    or a bound ("a 5 year old daughter", "married for 45 years"), nor one supposed ("if I join at 30"). ``own``:
    :func:`own_words` of ``text``, when the caller has it."""
    aged = _FILLER.sub(" ", own_words(text) if own is None else own)
    found = sorted((m for pattern in _AGE for m in pattern.finditer(aged)), key=lambda m: m.start(1))
    return [a for a in (int(m.group(1)) for m in found if not not_an_age(aged, m.start(1), m.end(1))
                        and not _HYPOTHETICAL_AGE.search(aged[max(0, m.start(1) - 40):m.start(1)]))
            if MIN_AGE <= a <= 120]


def conflicting_ages(text: str) -> list[int]:
    """The different ages ``text`` states of the user (:func:`own_ages`) when there are two or more and no correction says
    which is meant ("I am 30 and 70 years old"; not "I am 45, no 54"), in order; else ``[]``."""
    own = own_words(text)
    return _conflicting(own_ages(text, own), own)


#: what may stand between two places named as a pair or as alternatives ("UP and Bihar", "bihar aur up", "Bihar or
#: Jharkhand"; not a clause's end alone: "I am from UP. Bihar me pension kitni hai?"), in :func:`~eligibility.parse.padded_words` form: which of them the user lives in is not said
_PLACE_JOIN = re.compile(r" (?:; )?(?:(?:and|aur|or|ya|और|या|&|/) )+(?:(?:in|from|me|mein|से|में) )?")


def conflicting_states(text: str) -> list[str]:
    """The states ``text`` names of the user as a pair or as alternatives ("I live in UP and Bihar", "mai bihar aur up se
    hu"), in order, when they differ; else ``[]`` (also for "from Bihar, now in Kerala", "Bihar? no, UP", where the
    words between say which). A break-it trial's "UP and Bihar" had one of them kept silently. (Read once per text: one
    message asks it from the extractor, the stated facts, the told-only reading and the engine, about 0.6 ms each.)"""
    return list(_conflicting_states(text))


@lru_cache(maxsize=256)
def _conflicting_states(text: str) -> tuple[str, ...]:
    """:func:`conflicting_states`, as a tuple (cached)."""
    # (short codes spelled out: "UP" in capitals anywhere, "up" before "se"/"me" as the Hinglish reader takes it)
    codes = [(m.span(1), _SHORT_MAP[m.group(1)]) for m in _SHORT_STATE.finditer(text) if not _other_or_negated(text, m)]
    codes += [(m.span(g), _SHORT_MAP[m.group(g).upper()]) for m in _SHORT_STATE_HINGLISH.finditer(text) if not _other_or_negated(text, m)
              for g in (1, 2) if m.group(g)]
    spelled = text
    for (a, b), name in sorted(set(codes), reverse=True):
        spelled = f"{spelled[:a]} {name} {spelled[b:]}"
    # (the words between two places read in the whole text: own_words() cuts clauses at "and"; a place said of a relative,
    # not in the user's own words, is not the user's: "I am from Bihar and my husband is from UP")
    padded, own = padded_words(spelled), padded_words(own_words(spelled))
    spans: list[tuple[int, int, str]] = []
    for value, phrases in _STATES.items():
        for p in phrases:
            i = padded.find(f" {p} ")
            while i >= 0:
                if not negated(padded, i + 1, i + 1 + len(p)) and f" {p} " in own:
                    spans.append((i, i + 1 + len(p), value))
                i = padded.find(f" {p} ", i + 1)
    # (the longest phrase at a place: "madhya pradesh", not a shorter one inside it)
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    kept: list[tuple[int, int, str]] = []
    for span in spans:
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    joined: list[str] = []
    for (_, end, a), (start, _, b) in zip(kept, kept[1:]):
        if a != b and _PLACE_JOIN.fullmatch(padded[end:start + 1]):
            joined += [a, b]
    return tuple(dict.fromkeys(joined))


def _conflicting(ages: list[int], own: str) -> list[int]:
    """:func:`conflicting_ages` of the user's ``ages`` and their own words ``own``."""
    distinct = list(dict.fromkeys(ages))
    return distinct if len(distinct) > 1 and not _SELF_CORRECTION.search(own) else []


def _other_or_negated(text: str, m: re.Match) -> bool:
    """Whether the short state code matched by ``m`` (its last non-empty group) in ``text`` is negated
    or said of a relative."""
    g = m.lastindex or 0
    while g > 0 and m.group(g) is None:
        g -= 1
    i, j = m.span(g)
    head = padded_words(text[:i])
    return _RELATIVE.search(CLAUSE_END.split(normalise(text[:i]))[-1]) is not None or \
        negated(head + "x" + padded_words(text[j:]), len(head), len(head) + 1)


#: an age in a supposition, not the speaker's ("if I join at age 30", "agar 25 saal me judun"): a break-it trial had
#: "how much pension ... if I join at age 30" noted as the user's age
_HYPOTHETICAL_AGE = re.compile(r"\b(?:if|agar|suppose|supposing|when\s+i\s+(?:join|start|turn)|join\w*|invest\w*|enrol\w*|subscrib\w*)\b[^.;?!]*$",
                               re.IGNORECASE)


#: words saying the speaker does not know ("pata nahi", "not sure", "BPL hai ya nahi", "पता नहीं")
_UNSURE = re.compile(r"\b(?:pata\s+nahi\w*|pta\s+nahi\w*|malum\s+nahi\w*|maloom\s+nahi\w*|don'?t\s+know|do\s+not\s+know|not\s+sure|unsure|"
                     r"no\s+idea|ya\s+nahi\w*|or\s+not|whether)\b|पता\s+नहीं|मालूम\s+नहीं|या\s+नहीं", re.IGNORECASE)


def _unsure_of(text: str, subject: str) -> bool:
    """Whether ``text`` says, in the sentence naming ``subject`` (a pattern), that the speaker does not know it."""
    return any(re.search(subject, part, re.IGNORECASE) and _UNSURE.search(part) for part in re.split(r"[.?!;\n।]", text))


#: words of a correction or emphasis that may stand inside a statement ("asal mein", "actually", "really", "असल में")
_FILLER = re.compile(r"\b(?:asal\s+(?:me|mein|main)|dar\s*asal|actually|really|exactly|sahi\s+mein)\b|असल\s+में|दरअसल|सच\s+में", re.IGNORECASE)


#: the user saying they are of no minority community
_NOT_MINORITY = re.compile(r"\b(?:not|no|nahi|nahin|non)\b[\w\s-]{0,20}?\bminorit|\bminorit\w*\s+(?:\w+\s+)?(?:nahi|nahin|not)\b"
                           r"|अल्पसंख्यक\s+नहीं|नहीं\s+(?:\S+\s+)?अल्पसंख्यक")


def _clause_start(text: str, at: int) -> int:
    """Where the clause holding ``text[at]`` starts: after the last ",", ";", ".", "!", "?", "।" or line break before it."""
    return max((text.rfind(ch, 0, at) for ch in ",;.!?\n\u0964"), default=-1) + 1


def extract(text: str) -> dict[str, Any]:
    """Field name -> value for every field the message states (see the module docstring).

    A negated mention states nothing ("I am not a widow", "bihar se nahi hu"). What is said about a
    relative ("my son is 25", "my father is a farmer") is not the user's age, gender, marital status,
    work, studies, education, disability, state or residence; the household's facts (family income,
    category, religion, BPL card, land, income tax) count from whoever in the family they are said of,
    as the schemes count them per family."""
    t = normalise(text)
    own = own_words(text)
    padded = padded_words(own)
    family_padded = padded_words(text)
    out: dict[str, Any] = {}
    # (not a relative's age, a time spent, a count or a bound: "a 5 year old daughter", "married for 45 years")
    # ("meri umar asal mein 72 hai", "मेरी उम्र असल में 72 है": the word of a correction between "age" and the number is left out;
    # a newcomer trial's Hindi correction had been searched and declined)
    ages = own_ages(text, own)
    # (two ages of one's own with no correction between ("I am 30 and 70 years old"): neither is taken, and the user is asked
    # again, not one of them kept silently, a break-it trial)
    age = ages[0] if ages and not _conflicting(ages, own) else None
    if age is not None and _SELF_CORRECTION.search(own):
        # "I am 45, no 54": the number after the correction (a break-it trial kept 45), as an answer to the age question reads it
        age = FIELDS["age"].read(own)
    if age is not None:
        out["age"] = age
    m = _INCOME.search(t)
    if NO_INCOME_PHRASE.search(t):
        out["annual_family_income"] = 0
    else:
        after = _INCOME_AFTER.search(t)
        # the amount read with the words of its clause before it: "my monthly income is 20000" is 2,40,000 a year (a
        # break-it trial had noted 20,000 a year, and a UP widow's pension "likely eligible" on it)
        said = [t[_clause_start(t, m.start()):m.end()]] if m else []
        money = next((v for v in (parse_money(x) for x in said + ([after.group(1)] if after else [])) if v is not None), None)
        fixed = _SELF_CORRECTION.search(t, m.start()) if m and money is not None else None
        if fixed is not None:
            # "my income is 1 lakh, actually 2 lakh": the amount after the correction (as for the age)
            money = next((v for v in [parse_money(t[fixed.end():])] if v is not None), money)
        if money is not None:
            out["annual_family_income"] = money
    state = _first(_STATES, padded)
    moved = _NOW_IN.search(padded)
    if moved:
        # "from Bihar but now live in Punjab", "moved from Bihar to Delhi": where the user lives now (a break-it trial
        # had noted Bihar)
        rest = " " + padded[moved.end():]
        to = rest.find(" to ")  # ("moved from Bihar to Delhi": the state after "to")
        state = (_first(_STATES, rest[to:]) if to >= 0 else None) or _first(_STATES, rest) or state
    lives = _LIVES_AFTER.search(padded)
    if lives and not moved:
        # "main bihar se hu, kerala me rehta hu": where the user lives, not where they come from (a break-it trial had Bihar)
        state = _last(_STATES, padded[:lives.start() + 1]) or state
    if state is None:
        sm = next((m for m in _SHORT_STATE.finditer(text) if not _other_or_negated(text, m)), None)
        state = _SHORT_MAP.get(sm.group(1)) if sm else None
    if state is None:
        # "mai up se hu", "mp me rehta hu": a lower-case code before a Hindi postposition is the state
        hm = next((m for m in _SHORT_STATE_HINGLISH.finditer(text) if not _other_or_negated(text, m)), None)
        state = _SHORT_MAP.get((hm.group(1) or hm.group(2)).upper()) if hm else None
    if state is None:
        state = _first(_CITIES, padded)  # "Patna", "चेन्नई": the city's state
    if state and conflicting_states(text):
        state = None  # ("I live in UP and Bihar": neither, and the user is asked, see conflicting_states)
    if state and (taken_back := PLACE_CORRECTED.search(text)):
        # "Bihar? no, UP", "bihar nahi, up": the place named after the correction (a break-it trial had Bihar noted)
        state = FIELDS["state"].read(text[taken_back.end():]) or state
    if state:
        out["state"] = state
    marital = _first(_MARITAL, padded)
    if marital:
        out["marital_status"] = marital
    if marital is None and (_HUSBAND_DIED.search(t) or _WIFE_DIED.search(t)):
        marital = out["marital_status"] = "widowed"
    gender = _first(_GENDERS, padded)
    if gender is None and marital == "widowed" and (re.search(r"widow\b|vidhwa|विधवा", t) or _HUSBAND_DIED.search(t)):
        gender = "female"
    if gender is None and marital == "widowed" and (re.search(r"widower|vidhur|विधुर", t) or _WIFE_DIED.search(t)):
        gender = "male"  # (a widower: a trial's was asked his gender)
    if gender is None and (spouse := _MY_SPOUSE.search(t)):
        # "my husband is a construction worker": the speaker is his wife (a newcomer trial was asked her gender)
        gender = "female" if re.search(r"husband|pati|पति", spouse.group(0)) else "male"
    if gender is None and affirmed(_PREGNANT, own):
        gender = "female"  # (not "I am not pregnant": a break-it trial had it noted as a woman)
    if gender is None and (sg := _SELF_GIRL_BOY.search(own)):
        gender = "female" if re.search(r"girl|ladki|लड़की", sg.group(0)) else "male"
    if gender is None and (sp := _SELF_PARENT.search(own)):
        # "I am a father, my daughter is 4" (a newcomer trial: asked the gender next)
        gender = "female" if re.search(r"mother|mom|mum|maa|mata|माँ|मां|माता", sp.group(0)) else "male"
    if gender is None and (sa := _SELF_AGREEMENT.search(own)):
        gender = "male" if sa.group("m") or sa.group("hm") else "female"
    if gender:
        out["gender"] = gender
    occupation = _first(_OCCUPATIONS, padded)
    if occupation == "unemployed" and re.search(r"\b(?:sarkari|government|govt)\s+(?:naukri|job|service)|सरकारी\s+नौकरी", t):
        occupation = None  # "sarkari naukri nahi hai", no government job: not out of work (a newcomer trial noted "unemployed")
    if occupation == "government_employee" and re.search(r"\b(?:no|not|nahi|nahin|never)\b[^.,;]{0,12}\b(?:government|govt|sarkari)\b"
                                                         r"|\b(?:government|govt|sarkari)\s+(?:naukri|job|employee|service)\s+(?:nahi|nahin|not)\b", t):
        occupation = None  # "I have no government job": says what the work is not
    if occupation:
        out["occupation"] = occupation
        if occupation == "student":
            out["is_student"] = True
    degree = _BA_MA.search(own)
    studies_degree = degree is not None and re.match(r"studying|doing|pursuing|.*(?:\b(?:kar|kr) rah|\b(?:me|mein|main) padh|में पढ़|कर रह)",
                                                     degree.group(0)) is not None
    if occupation in (None, "student") and (_STUDYING.search(own) or studies_degree):
        out["is_student"] = True
        # "doing b.tech 2nd year", "btech kar raha hu": a student by occupation too, when no work is named
        # (asking "what is your main work?" next read as not listening)
        out.setdefault("occupation", "student")
    residence = _first(_RESIDENCES, padded)
    if residence is None and _first(_CITIES, padded) and not _NOT_IN_CITY.search(t):
        # "I live in Kolkata": a city of data/lexicon/cities.tsv is a town, not a village (a trial was asked "village or
        # city?" after it); not its district or somewhere near it ("Patna district", "near Lucknow")
        residence = "urban"
    if residence:
        out["residence"] = residence
    category = _first(_CATEGORIES, family_padded)
    # (not when two are named, "SC/ST student": which is the user's is asked, not guessed; a break-it trial)
    if category and len(choices_named(family_padded, _CATEGORIES)) == 1:
        out["social_category"] = category
    education = _first(_EDUCATION, padded)
    if education is None and degree is not None:
        education = "postgraduate" if next(g for g in degree.groups() if g).casefold() in ("m", "एम") else "graduate"
    if education is None and not NOT_PASSED.search(own):
        # "9th me padhti hu", "a 15 year old girl in class 9": the class studied in is the level (the interview's field is
        # the highest class passed or studied in; a newcomer trial was asked "which class?" right after saying it)
        marked = marked_class(own)
        if marked and (out.get("is_student") or re.search(r"(?:\bin|\bme|\bmein|में)\s+$", own[:marked[1]])):
            education = class_level(marked[0])
            if occupation in (None, "student"):
                out["is_student"] = True
    if education is not None and "is_student" not in out and occupation in (None, "student") and not NOT_PASSED.search(own):
        # "I am a girl in class 12": in a class is studying in it, the level read as a whole above (a newcomer trial was asked
        # "Are you studying now?" right after saying it); "passed class 12" is no such class
        marked = marked_class(own)
        if marked and re.search(r"(?:\bin|\bme|\bmein|में)\s+$", own[:marked[1]]) \
                and not re.search(r"\b(?:pass\w*|complet\w*|finish\w*|kiya|ki hai|got|scored?|percent\w*|marks?|result)\b|पास|%|अंक|प्रतिशत",
                                  own, re.IGNORECASE):
            # (nor marks got in it: "I got 85 percent in 12th" is a result of a class passed, a break-it trial's "studying yes")
            out["is_student"] = True
    if education and NOT_PASSED.search(own):
        # "I am 10th fail": the class before it is what was passed (the interview's reading of the answer)
        education = next((FIELDS["education_level"].read(c) for c in CLAUSE_END.split(own) if NOT_PASSED.search(c)), None)
    if education:
        out["education_level"] = education
    bpl_said = [m for m in re.finditer(r" (bpl|below poverty|antyodaya|aay(?= (?:ration )?card)|बीपीएल|गरीबी रेखा|अंत्योदय) ", family_padded)]
    # an Antyodaya (AAY) card held beside a BPL card denied is a card of the poorest held: "no BPL card, but we have an
    # Antyodaya card" (a break-it trial had it noted as no card, and the old age pension NOT ELIGIBLE)
    aay_held = any(m.group(1) in ("antyodaya", "aay", "अंत्योदय") and not negated_since_contrast(family_padded, m.start(1), m.end(1))
                   for m in bpl_said)
    if _unsure_of(t, r"\bbpl\b|below poverty|antyodaya|बीपीएल|गरीबी रेखा"):
        pass  # "pata nahi BPL hai ya nahi", "I don't know if I have a BPL card": unknown, so asked (a newcomer trial had yes and no)
    elif aay_held:
        out["is_bpl"] = True
    elif re.search(r"\b(no|not|without|nahi|nahin)\s+(a\s+)?(bpl|below poverty)|\bapl\b|\bbpl\s+(card\s+)?(nahi|nahin|नहीं)", t) or (
            bpl_said and all(negated(family_padded, m.start(1), m.end(1)) for m in bpl_said)):
        out["is_bpl"] = False  # ("I don't have a BPL card", "we have not got a BPL card")
    elif re.search(r"\bbpl\b|below poverty|antyodaya|\baay\s+(?:ration\s+)?card|बीपीएल|गरीबी रेखा|अंत्योदय", t):
        out["is_bpl"] = True
    if _DISABLED_WORD.search(own):
        pm = _DISABILITY.search(own)
        if pm and int(pm.group(1)) <= 100:
            out["disability_percent"] = int(pm.group(1))
    elif re.search(r"\bnot disabled\b|\bno disability\b", own):
        out["disability_percent"] = 0
    religion = _RELIGION.search(t)
    if religion and find_phrase(family_padded, religion.group()) >= 0:
        out["is_minority"] = True
    elif _NOT_MINORITY.search(t) or re.search(r"\bhindu\b|हिंदू|हिन्दू", own):
        # "not from a minority community", "minority nahi", "we are Hindu" (the six notified minorities are Muslim, Christian,
        # Sikh, Buddhist, Jain and Parsi: National Commission for Minorities Act notifications); a newcomer trial's Odisha man
        # was offered a minorities' scheme as likely after saying so
        out["is_minority"] = False
    land_unsure = _unsure_of(t, r"\b(?:land|zameen|jameen|khet)\b|ज़मीन|जमीन")
    kin_owns = re.search(rf"\b(?:my|our)\s+{_KIN}\s+(?:does|has|owns|have)\b|{_KIN}['’]s\s+name", t)
    if land_unsure:
        pass  # "zameen hai ya nahi pata nahi": unknown
    elif kin_owns and re.search(r"\b(?:do not|don'?t|not)\s+own\b", t):
        out["owns_cultivable_land"] = True  # "I do not own land, my father does": the household's land, as schemes count it
    elif IN_KINS_NAME.search(t) and re.search(r"\b(?:land|zameen|jameen|khet)\b|ज़मीन|जमीन|खेत", t):
        out["owns_cultivable_land"] = True  # "meri zameen nahi hai, papa ke naam hai": the family's land
    elif re.search(r"\b(no|don'?t (?:have|own)|do not (?:have|own)|does not (?:have|own)|not (?:own|have)|without|landless|nahi|nahin"
                   r"|none of (?:us|my family|our family|the family)\s+(?:has|have|owns?))\b[^.]{0,12}\b(land|zameen|jameen|khet)|(zameen|jameen|khet)\s+(nahi|nahin)|ज़मीन नहीं|जमीन नहीं|भूमिहीन|\b0+(?:\.0+)?\s*(?:acre|acres|hectare|hectares|bigha)\b", t):
        out["owns_cultivable_land"] = False
    elif re.search(r"\b(own|have|has|hai|meri|mere|hamari)\b[^.]{0,20}\b(land|zameen|jameen|khet)\b|\b(?:zameen|jameen|khet)\s+(?:hai|he|h)\b|\b(?!0+(?:\.0+)?\s)\d+(\.\d+)?\s*(acre|acres|hectare|hectares|bigha)\b|ज़मीन है|जमीन है", t):
        out["owns_cultivable_land"] = True
    if _unsure_of(t, r"income ?tax"):
        pass
    elif re.search(r"\b(don'?t|do not|never|no|not|nahi|nahin)\b[^.]{0,15}income ?tax|income ?tax[^.]{0,15}\b(nahi|nahin|not)\b", t):
        out["is_income_tax_payer"] = False
    elif re.search(r"\b(pay|paid|pays|bharta|bharte|bhara)\b[^.]{0,15}income ?tax|income ?tax\s+(payer|bharta|bharte|deta|dete)", t):
        out["is_income_tax_payer"] = True
    # a value out of its field's range ("income 1,00,00,00,00,000") is not taken: it had been noted, then dropped and
    # asked again (a break-it trial)
    return {name: value for name, value in out.items() if valid_value(name, value)}  # (a bare number is an age only when asked)


#: the synonyms of each choice field's values, as :func:`extract` reads them
_TABLES = {"marital_status": _MARITAL, "state": _STATES, "gender": _GENDERS, "occupation": _OCCUPATIONS, "residence": _RESIDENCES,
           "social_category": _CATEGORIES, "education_level": _EDUCATION}


def denied(text: str, profile: dict[str, Any]) -> list[str]:
    """The fields of ``profile`` whose value ``text`` denies ("actually I am not a widow", "main bihar se
    nahi hu"), in profile order."""
    padded = padded_words(own_words(text))
    out = []
    for name, value in profile.items():
        phrases = _TABLES.get(name, {}).get(value, ()) if isinstance(value, str) else ()
        for p in phrases:
            i = padded.find(f" {p} ")
            while i >= 0 and not negated(padded, i + 1, i + 1 + len(p)):
                i = padded.find(f" {p} ", i + 1)
            if i >= 0:
                out.append(name)
                break
    return out

