"""The field registry: every piece of information an eligibility rule can ask about.

Each :class:`FieldSpec` has a standard name, a type and unit, the allowed values, the question in
English and Hindi with an example answer, options for buttons, why it is asked, and a parser from
free text (English, Hindi, Romanized Hindi). A parser returns ``None`` for an answer it cannot use;
the interview then re-asks with the example. A blank field is unknown, never zero or "no".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import lexicon_rows, states as _state_names
from eligibility.parse import KIN, KIN_HI, find_phrase, negated_since_contrast, normalise, padded_words, parse_choice, phrase_words, parse_money, parse_number, parse_yes_no

# --------------------------------------------------------------------------------------------- values

#: The 28 states and 8 union territories: canonical name -> other ways people write it (case-folded),
#: from the shared vocabulary ``data/lexicon/states.tsv`` (names in any script, then short codes).
STATES: dict[str, tuple[str, ...]] = {s.name: (*s.names, *s.codes) for s in _state_names()}


def _cities() -> dict[str, tuple[str, ...]]:
    """State -> names of its cities people give instead of the state (``data/lexicon/cities.tsv``).

    Raises:
        ValueError: a line without its two columns, or a state that ``states.tsv`` does not have.
    """
    out: dict[str, tuple[str, ...]] = {}
    for n, (state, names) in lexicon_rows("cities.tsv", 2):
        if state not in STATES:
            raise ValueError(f"cities.tsv line {n}: {state!r} is not a state of states.tsv")
        out[state] = tuple(c.strip() for c in names.split("|") if c.strip())
    return out


#: cities that name their state in the interview ("Patna" -> Bihar); never used for retrieval
CITIES: dict[str, tuple[str, ...]] = _cities()

GENDERS = {
    "female": ("female", "woman", "women", "lady", "girl", "f", "mahila", "aurat", "ladki", "stri", "महिला", "औरत", "स्त्री", "लड़की"),
    "male": ("male", "man", "men", "boy", "m", "purush", "aadmi", "ladka", "mard", "पुरुष", "आदमी", "लड़का"),
    "transgender": ("transgender", "trans", "third gender", "kinnar", "hijra", "किन्नर", "ट्रांसजेंडर"),
}
RESIDENCES = {
    "rural": ("rural", "village", "gaon", "gaaon", "gaanv", "gaav", "gav", "gramin", "dehat", "गांव", "गाँव", "ग्रामीण"),
    "urban": ("urban", "city", "town", "shahar", "shehar", "sheher", "shehr", "shahri", "shehri", "nagar", "शहर", "शहरी", "कस्बा"),
}
CATEGORIES = {
    "general": ("general", "gen", "open", "unreserved", "samanya", "सामान्य"),
    # ("BC", "MBC": the backward classes as Tamil Nadu, Karnataka, Kerala, Andhra Pradesh and Telangana name them; the
    # central lists count them as OBC. A break-it trial had "BC" and "MBC" not understood)
    "obc": ("obc", "other backward class", "backward class", "pichda varg", "ओबीसी", "पिछड़ा वर्ग", "bc", "mbc",
            "most backward class", "backward classes", "bca", "bcb",
            # (as people say it: "पिछड़ी जाति", "ati pichda" (Bihar's extremely backward classes, EBC, on the central OBC list);
            # a newcomer trial's answers were not understood)
            # (not "pichda" alone: "pichda saal" is last year, "पिछड़े इलाके" a backward area)
            "pichdi jati", "pichhdi jati", "pichhadi jati", "pichda jati", "pichhda varg", "pichhda jati",
            "ati pichda", "ati pichhda", "ebc", "extremely backward class", "पिछड़ी जाति", "पिछड़ी जात", "पिछड़ा जाति",
            "अति पिछड़ा", "अत्यंत पिछड़ा"),
    "sc": ("sc", "scheduled caste", "dalit", "anusuchit jati", "एससी", "अनुसूचित जाति", "दलित"),
    "st": ("st", "scheduled tribe", "tribal", "adivasi", "anusuchit janjati", "एसटी", "अनुसूचित जनजाति", "आदिवासी"),
    "ews": ("ews", "economically weaker section", "ईडब्ल्यूएस"),
    "pvtg": ("pvtg", "particularly vulnerable tribal group"),
    "dnt": ("dnt", "denotified tribe", "nomadic tribe", "vimukt jati"),
}
OCCUPATIONS = {
    "farmer": ("farmer", "kisan", "kisaan", "krishak", "cultivator", "kheti", "किसान", "कृषक", "खेती"),
    "agricultural_labourer": ("agricultural labourer", "farm labourer", "khet mazdoor", "khetihar mazdoor", "खेतिहर मजदूर", "खेत मजदूर"),
    "student": ("student", "studying", "chhatra", "vidyarthi", "padhai", "छात्र", "छात्रा", "विद्यार्थी"),
    "unorganised_worker": ("unorganised worker", "unorganized worker", "daily wage", "labourer", "labour", "mazdoor", "majdoor", "मजदूर", "मज़दूर", "श्रमिक",
                           "mazdoori", "majdoori", "majduri", "mazduri", "dihadi", "dihadi mazdoor", "मजदूरी", "मज़दूरी", "दिहाड़ी"),
    "street_vendor": ("street vendor", "vendor", "hawker", "rehri", "rehdi", "rehadi", "rehri wala", "thela", "thele", "thelewala", "patri",
                      "on a cart", "from a cart", "handcart", "pushcart", "sabzi wala", "sabji wala", "sabziwala",
                      "ठेला", "ठेले", "रेहड़ी", "रेहडी", "फेरीवाला", "पटरी"),
    # (tailoring is a trade of PM Vishwakarma's artisans, "Darzi"; "silai" alone is not: "silai machine yojana" asks for one)
    "artisan_weaver": ("artisan", "weaver", "craftsman", "karigar", "bunkar", "कारीगर", "बुनकर", "tailor", "tailoring", "darzi",
                       "silai karti", "silai karta", "silai ka kaam", "silai kadhai", "sewing work", "do sewing", "potter", "kumhar",
                       "carpenter", "cobbler", "mochi", "दर्जी", "सिलाई करती", "सिलाई करता", "सिलाई का काम", "कुम्हार", "मोची"),
    "fisher": ("fisherman", "fisher", "fisherfolk", "fisherwoman", "machhuara", "मछुआरा"),
    # (before "mazdoor" alone, an unorganised worker: "construction mazdoor" had been noted as one, a newcomer trial)
    "construction_worker": ("construction worker", "building worker", "mistri", "raj mistri", "rajmistri", "construction mazdoor",
                            "construction majdoor", "construction labour", "construction labourer", "construction ka kaam",
                            "construction site", "nirman mazdoor", "nirman shramik", "bhavan nirman", "building labour",
                            "निर्माण मजदूर", "निर्माण मज़दूर", "निर्माण श्रमिक", "कंस्ट्रक्शन मजदूर", "राजमिस्त्री", "भवन निर्माण"),
    "self_employed": ("self employed", "self-employed", "trader", "shopkeeper", "business", "dukandar", "vyapari", "दुकानदार", "व्यापारी"),
    # (and the government posts people name: a newcomer trial's "I am a government school teacher" and "main sarkari teacher hu"
    # were not read, and PM-KISAN, which excludes government employees, stayed "likely eligible")
    "government_employee": ("government employee", "govt employee", "government job", "govt job", "government service", "government servant",
                            "government teacher", "government school teacher", "govt teacher", "govt school teacher", "government officer",
                            "govt officer", "government clerk", "govt clerk", "sarkari naukri", "sarkari karmchari", "sarkari karmachari",
                            "sarkari teacher", "sarkari shikshak", "sarkari adhyapak", "sarkari adhikari", "sarkari naukri karta",
                            "सरकारी कर्मचारी", "सरकारी नौकरी", "सरकारी शिक्षक", "सरकारी अध्यापक", "सरकारी अधिकारी"),
    "ex_serviceman": ("ex-serviceman", "ex serviceman", "ex servicemen", "retired soldier", "veteran", "fauji", "पूर्व सैनिक"),
    "unemployed": ("unemployed", "jobless", "no job", "berozgar", "बेरोजगार", "बेरोज़गार", "no work", "not working", "do not work",
                   "don't work", "dont work", "i don't have a job", "out of work", "kaam nahi", "koi kaam nahi", "naukri nahi",
                   "काम नहीं", "कोई काम नहीं", "नौकरी नहीं", "kuch nahi karta", "kuch nahi karti", "kuchh nahi karta",
                   "kuchh nahi karti", "कुछ नहीं करता", "कुछ नहीं करती"),
    "homemaker": ("homemaker", "home maker", "housewife", "house wife", "housework", "grihini", "grihani", "ghar ka kaam", "गृहिणी",
                  "घर का काम", "घरेलू महिला", "gharelu mahila", "gharelu aurat", "ghar sambhalti", "ghar sambhalti hu", "gharelu",
                  "घरेलू", "घर संभालती"),
    # (a retired person's work is none of the above: "retired" had not been understood, a newcomer trial)
    "other": ("other", "anya", "अन्य", "retired", "pensioner", "sevanivritt", "sevanivrit", "रिटायर", "सेवानिवृत्त"),
}
EDUCATION = {
    "none": ("none", "no schooling", "illiterate", "anpadh", "अनपढ़", "अनपढ", "निरक्षर", "padhi likhi nahi", "padha likha nahi",
             "never went to school", "no education", "school nahi gayi", "school nahi gaya", "कभी स्कूल नहीं गई", "कभी स्कूल नहीं गया",
             "स्कूल नहीं गई", "स्कूल नहीं गया"),
    "primary": ("primary", "class 1 to 5", "1-5", "प्राथमिक", "5th", "5th pass", "5 pass", "class 5", "5वीं", "पांचवीं", "पाँचवीं",
                "panchvi", "panchvin", "paanchvi"),
    "upper_primary": ("middle", "upper primary", "class 6 to 8", "6-8", "8th", "8th pass", "8 pass", "class 8", "8वीं", "आठवीं",
                      "aathvi", "athvi", "aathvin", "nauvi", "नौवीं"),
    "secondary": ("secondary", "matric", "10th", "10th pass", "10 pass", "class 10", "high school", "दसवीं", "मैट्रिक", "10वीं",
                  "dasvi", "dasvin", "daswi", "daswin", "gyarahvi", "gyarvi", "gyarahvin", "ग्यारहवीं"),
    "higher_secondary": ("higher secondary", "12th", "12th pass", "12 pass", "class 12", "intermediate", "inter", "बारहवीं", "12वीं",
                         "barahvi", "barhvi", "barvi", "barahvin", "plus two", "10+2", "+2"),
    "diploma": ("diploma", "iti", "polytechnic", "डिप्लोमा"),
    "graduate": ("graduate", "graduation", "bachelor", "bachelors", "ba", "bsc", "bcom", "btech", "b tech", "b sc", "b com", "b e",
                 "mbbs", "llb", "degree", "स्नातक", "ग्रेजुएट"),
    "postgraduate": ("postgraduate", "post graduate", "post graduation", "masters", "ma", "msc", "mcom", "mtech", "mba", "परास्नातक"),
    "doctorate": ("phd", "ph.d", "doctorate", "पीएचडी"),
}
MARITAL = {
    "never_married": ("never married", "unmarried", "single", "kunwara", "kunwari", "avivahit", "अविवाहित", "कुंवारा", "कुंवारी"),
    "married": ("married", "shadishuda", "shadi shuda", "shaadi shuda", "shaadishuda", "vivahit", "shaadi ho gayi", "shadi ho gayi",
                "विवाहित", "शादीशुदा", "शादी शुदा"),
    "widowed": ("widow", "widowed", "widower", "vidhwa", "vidhur", "विधवा", "विधुर"),
    "divorced_separated": ("divorced", "separated", "talaq", "talaqshuda", "abandoned", "तलाकशुदा", "अलग"),
}


def _syn(table: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """``table`` (value -> phrases) with each phrase as a message's words are matched (:func:`~eligibility.parse.phrase_words`),
    a phrase that is a number alone left out."""
    return {k: tuple(w for w in (phrase_words(p) for p in v) if w) for k, v in table.items()}


# --------------------------------------------------------------------------------------------- spec


@dataclass(frozen=True)
class FieldSpec:
    """One eligibility field (see the module docstring).

    Attributes:
        name: standard name (``annual_family_income``).
        type: ``int``, ``money``, ``bool``, ``choice`` or ``percent``.
        unit: ``years``, ``INR per year``, ``%`` or ``None``.
        values: allowed values of a ``choice`` field.
        question, example, why: English, Hindi and Romanized Hindi texts, keyed ``en``/``hi``/``hinglish``.
        options: ``(value, English label, Hindi label)`` for buttons / numbered lists.
        parse: free text -> value or ``None``.
        valid: a parsed value -> whether it is plausible (an age of 400 is not).
    """

    name: str
    type: str
    unit: str | None
    question: dict[str, str]
    example: dict[str, str]
    why: dict[str, str]
    parse: Callable[[str], Any]
    values: tuple[str, ...] = ()
    options: tuple[tuple[str, str, str], ...] = ()
    valid: Callable[[Any], bool] = field(default=lambda v: True)

    def read(self, text: str) -> Any:
        """Parse ``text``; ``None`` when it gives no usable value. A bare number answers a question
        with options by position ("2" = the second option, as in a numbered list on SMS)."""
        stripped = text.strip().rstrip(".")
        if self.options and re.fullmatch(r"[0-9]{1,3}", stripped) and self.type != "percent":
            n = int(stripped)
            if not 1 <= n <= len(self.options):
                return None
            value = self.options[n - 1][0]
            return {"yes": True, "no": False}.get(value, value) if self.type == "bool" else value
        if self.type in ("int", "money", "percent") and unclear_number(stripped):
            return None  # "7e1", "0x41", "45-50", "45 or 65": asked again rather than read as 7, 0 or 45
        try:
            value = self.parse(text)
            if value is None or not self.valid(value):
                return None
        except (ValueError, OverflowError, ArithmeticError):
            return None  # "²", a 400-digit number: not a usable answer
        return value


#: what follows a number that is no age in years: months, weeks or days ("18 months", "45 din"), a count ("4
#: people", "45 kg"), a time spent ("20 saal se", "45 years of work", "45 saal ho gaye"), a relative's age
#: ("5 year old daughter", "65 saal ki maa")
_NOT_AN_AGE_AFTER = re.compile(
    r"\s*(?:months?|mahin[ae]|mahine|weeks?|hafte|days?|din|kgs?|kilo|cm|feet|ft|people|persons|members|log|sadasya|"
    r"children|kids|bachch?e|acres?|bighas?|hectares?|lakh|lac|hazaar|hazar|thousand|rupees?|rs|"
    # (a break-it trial: "I got 65 marks", "65%", "I work 8 hours a day", "we have 3 cows" had been read as ages)
    r"marks?|percent|per\s+cent|hours?|hrs?|ghante|minutes?|cows?|buffalo(?:es)?|goats?|sheep|animals?|cattle|pashu|"
    r"times|items?|pieces?|km|kilometers?|kilometres?|gm|grams?|litres?|liters?)\b|\s*%"
    r"|\s*(?:महीन[ेा]|हफ़?्त[ेा]|दिन|लोग|सदस्य|बच्चे|किलो|लाख|हज़ार|हजार|रुपये|अंक|प्रतिशत|घंटे|गाय|भैंस|बकरी)"
    # ("I retired 5 years ago", "10 saal pehle": a time past, not the age)
    r"|\s*(?:years?|yrs?|saal|sal|varsh)\s+(?:se|of|ho\s+gaye|hogaye|ho\s+gye|ago|back|pehle|pahle|baad)\b|\s*(?:साल|वर्ष)\s+(?:से|हो\s+गए|पहले|बाद)"
    rf"|\s*(?:years?|yrs?|saal|sal|varsh)?(?:[- ]old)?\s+(?:ka|ki|ke|ka\s+hai|ki\s+hai)?\s*{KIN}\b"
    rf"|\s*(?:साल|वर्ष)\s+(?:का|की|के)\s+{KIN_HI}",
    re.IGNORECASE)
#: what comes before a number that is no age: a time spent ("for 45 years", "married for", "living here"),
#: a bound ("under 40", "40 से कम" is after), a denial ("not 45"), a house or other number ("house no 45"),
#: a relative's age ("kids aged 5", "my son is 25")
_NOT_AN_AGE_BEFORE = re.compile(
    r"(?:\b(?:for|since)\s+(?:the\s+(?:last|past)\s+)?|\b(?:under|below|less\s+than|more\s+than|above|over|upto|up\s+to|not|no\.?|"
    r"number|house|flat|room|ward|class|std|standard|married|living|working|farming|here|in|after|will\s+be|would\s+be|turn|turning|"
    r"was|were|at)\s+(?:\w+\s+)?)$"
    # a sum or a score named before it ("my family income is 70", "income 65", "my pension is 500", "I earn 300 daily", "got
    # 65 marks"): a break-it trial had each noted as the age
    r"|\b(?:income|salary|pension|earn\w*|wages?|kamai|kamata|kamati|aay|aamdani|amdani|marks|score|percentage|rent|loan|"
    r"bill|fees?|price|cost)\b(?:\s+(?:is|was|of|about|around|hai|ki|ka|:|-))*\s*(?:rs\.?|₹)?\s*$"
    r"|(?:आय|आमदनी|कमाई|पेंशन|वेतन|अंक)(?:\s+(?:है|की|का|:))*\s*(?:₹)?\s*$"
    rf"|{KIN}\s+(?:is\s+|are\s+|aged\s+|ki\s+umar\s+|ki\s+umr\s+)?$|{KIN_HI}\s+(?:की\s+उम्र\s+)?$",
    re.IGNORECASE)
#: a bound or a denial after the number ("40 से कम", "45 nahi", "30 se upar")
_NOT_AN_AGE_BOUND_AFTER = re.compile(r"\s*(?:से\s+(?:कम|ज़्यादा|ज्यादा|ऊपर|अधिक)|se\s+(?:kam|zyada|jyada|upar)|nahi\b|nahin\b|नहीं|or\s+(?:less|more|above|below))", re.IGNORECASE)
#: "no wait", "sorry", "actually", "matlab": a number said after it corrects the one before
_SELF_CORRECTION = re.compile(r"\b(?:no\s+wait|wait|sorry|actually|i\s+mean|matlab|galti|nahi\s+nahi|no\s+i\s+am)\b|माफ़?\s*कीजिए|मतलब"
                              r"|\d\s*[,;]\s*(?:no|nahi|nahin|नहीं)\b", re.IGNORECASE)  # ("65, no 66": a break-it trial stored 65)
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3})(?!\d)(?![.,]\d)")  # (not the "6" of "65.5" or "0065")
#: a negative number ("-70", "minus 65"): no age, asked again (a break-it trial got -70 read as 70)
_NEGATIVE = re.compile(r"(?:^|[\s(])[-\u2212]\s*\d|\bminus\b|\bmainus\b|ऋण")


def not_an_age(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` (normalised text) is no age of the speaker's in years:
    a unit, count or time spent after it, a bound, denial, other number or relative before it."""
    return bool(_NOT_AN_AGE_AFTER.match(text, end) or _NOT_AN_AGE_BOUND_AFTER.match(text, end)
                or _NOT_AN_AGE_BEFORE.search(text[max(0, start - 40):start]))


#: the youngest age taken as the user's own (a person who writes; below it, asked again)
MIN_AGE = 5
#: the oldest (the oldest people recorded are a little past it)
MAX_AGE = 120


_MONTHS = {m: i for i, names in enumerate((
    "jan january", "feb february", "mar march", "apr april", "may", "jun june", "jul july", "aug august",
    "sep sept september", "oct october", "nov november", "dec december"), start=1) for m in names.split()}
#: a date of birth: "12/05/1958", "12-5-1958", "5 March 1958", "DOB 1958", "born in 1958", "janm 1958", "जन्म 1958"
_BIRTH_DATE = re.compile(r"(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)"
                         r"|(?<!\d)(\d{1,2})\s*(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})(?!\d)"
                         r"|\b(?:dob|d\.o\.b\.?|born|birth|janm|janam|जन्म)\b\D{0,20}?(\d{4})(?!\d)", re.IGNORECASE)


#: a number no one writes for an age, an income or a percentage, or two of them as a range or alternatives: an
#: exponent ("7e1", "1e9"), hex, octal or binary ("0x41", "0b101"), "45-50", "45 or 65", "1 ya 2 lakh" (a break-it
#: trial: "7e1" was noted as the age 7, "0x41" as an income of 0, and the verdict built on them); a date of birth
#: ("12-05-1960": three numbers) is not a range
_UNCLEAR_NUMBER = re.compile(
    r"\b\d+(?:\.\d+)?e[+-]?\d+\b|\b0[xob][0-9a-f]+\b"
    r"|^[^\d]*\d+(?:[.,]\d+)*\s*(?:-|–|to|or|ya|se|/)\s*\d+(?:[.,]\d+)*(?![\d./-])(?:\s*[^\d\s/-][^\d]*)?$"
    # "between 40 and 50", "6 2" (two bare numbers: a break-it trial had 6 read as the age)
    r"|\bbetween\s+\d+\s+and\s+\d+|^\s*\d+\s+\d+\s*$", re.IGNORECASE)


def unclear_number(text: str) -> bool:
    """Whether ``text`` writes a number as an exponent, in hex or binary, or two as a range or alternatives
    (:data:`_UNCLEAR_NUMBER`): no value is read from it ("0x41" is no age of 0)."""
    return _UNCLEAR_NUMBER.search(text.strip().rstrip(".")) is not None


def _age_from_birth(t: str, today: date | None = None) -> int | None:
    """The age in whole years today of a date of birth in ``t`` (``_BIRTH_DATE``; a year alone counts from January 1),
    or ``None``: a break-it trial had "12/05/1958" read as the age 12."""
    m = _BIRTH_DATE.search(t)
    if m is None:
        return None
    today = today or date.today()
    if m.group(3):
        day, month, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
    elif m.group(6) and m.group(5).casefold() in _MONTHS:
        day, month, year = int(m.group(4)), _MONTHS[m.group(5).casefold()], int(m.group(6))
    elif m.group(7):
        day, month, year = 1, 1, int(m.group(7))
    else:
        return None
    try:
        born = date(year, month, day)
    except ValueError:  # "31/02/1960": no such day
        return None
    if not (1900 <= year and born <= today):  # (a date to come is nobody's birth)
        return None
    return today.year - year - ((today.month, today.day) < (month, day))


#: an age not reached yet: "almost 60", "nearly 60", "about to turn 60", "60 hone wala hu" (a year short of it; a
#: break-it trial had "almost 60" read as 60, and the old age pension "ELIGIBLE")
_NOT_YET = re.compile(r"\b(?:almost|nearly|about\s+to\s+(?:be|turn)|going\s+to\s+(?:be|turn)|turning|will\s+be|will\s+turn)\s*$", re.IGNORECASE)
_NOT_YET_AFTER = re.compile(r"\s*(?:saal\s+|sal\s+|years?\s+)?(?:ka|ki|ke)?\s*(?:hone\s+wal[aie]|hone\s+vaal[aie]|hone\s+ja\s+rah[aie])|"
                            r"\s*(?:साल\s+)?(?:का|की|के)?\s*होने\s+वाल[ाीे]"
                            # ("17 next month", "60 agle saal": a break-it trial had 17 noted)
                            r"|\s*(?:years?\s+)?(?:next\s+(?:month|year|week)|agle\s+(?:mahine|saal|sal|hafte))\b|\s*(?:साल\s+)?अगले\s+(?:महीने|साल|हफ़्ते)",
                            re.IGNORECASE)


def _age(text: str) -> int | None:
    """An age in whole years, or ``None`` (asked again): from a date of birth ("12/05/1958", "born in 1958"), else
    the first number that is an age (:func:`not_an_age`), the first after a self-correction ("I am 70. no wait, I am
    30"); ``None`` when a number is there but none is an age ("18 months", "I have a 5 year old daughter"). Number
    words ("sixty five") are read too."""
    t = normalise(text)
    dated = _BIRTH_DATE.search(t) is not None
    if _NEGATIVE.search(t) and not dated:
        return None
    if dated:
        return _age_from_birth(t)  # (a date that is no date of birth, "12/05/2030" or "31/02/1960", is asked again: not the age 12)
    corrected = _SELF_CORRECTION.search(t)
    if corrected and _NUMBER.search(t, corrected.end()):
        t = t[corrected.end():]  # what follows the correction, read alone ("65, no 66": the "no" negates nothing of 66)
    # (a class is no age: "9th me padhti hu" to "how old are you?" had been noted as the age 9, a newcomer trial)
    classes = [m.span() for m in _CLASS_IN_TEXT.finditer(t)]
    numbers = [m for m in _NUMBER.finditer(t) if not any(a <= m.start() < b for a, b in classes)]
    if classes and not numbers:
        return None  # asked again
    if numbers:
        ages = [(int(m.group(1)) - bool(_NOT_YET.search(t[max(0, m.start() - 30):m.start()]) or _NOT_YET_AFTER.match(t, m.end())))
                for m in numbers if not not_an_age(t, m.start(), m.end())]
        return ages[0] if ages else None
    n = parse_number(t)  # number words, other scripts' digits
    return int(n) if n is not None and float(n).is_integer() and abs(n) < 1000 else None


#: a unit after a number that makes it no percentage ("I have 2 acres of land" to the disability question: a re-check trial
#: had it noted as a 2% disability)
_NOT_A_PERCENT_AFTER = re.compile(
    r"\s*(?:acres?|bighas?|hectares?|lakh|lac|hazaa?r|thousand|rupees?|rs|years?|yrs?|saal|sal|months?|mahin[ae]|mahine|weeks?|"
    r"days?|din|people|persons|members|children|kids|bachch?e|cows?|buffalo(?:es)?|goats?|animals?|km|kgs?|kilo|hours?|marks?)\b"
    r"|\s*(?:एकड़|बीघा|हेक्टेयर|लाख|हज़ार|हजार|रुपये|साल|महीन[ेा]|लोग|बच्चे)", re.IGNORECASE)


def _percent(text: str) -> int | None:
    """A percentage (of disability), or ``None``: the first number, unless a unit after it says it counts something else."""
    t = normalise(text)
    m = re.search(r"\d+(?:\.\d+)?", t)
    if m and _NOT_A_PERCENT_AFTER.match(t, m.end()):
        return None
    n = parse_number(text)
    return int(round(n)) if n is not None and abs(n) < 1000 else None


def _choice(table: dict[str, tuple[str, ...]]) -> Callable[[str], str | None]:
    syn = _syn(table)
    return lambda text: parse_choice(text, syn)


#: a bare no to "what is your main work?": no work
_NO_WORK = frozenset(phrase_words(p) for p in ("no", "nahi", "nahin", "nhi", "na", "none", "nothing", "nil", "kuch nahi", "kuchh nahi",
                                             "koi nahi", "नहीं", "कुछ नहीं", "कोई नहीं", "ना"))


_OCCUPATION_SYNONYMS = _syn(OCCUPATIONS)


def _occupation(text: str) -> str | None:
    """The work named (``OCCUPATIONS``' words); a bare no to the question of one's work ("nahi", "no", "कुछ नहीं",
    :data:`_NO_WORK`) is no work, unemployed (a newcomer trial: a widow's "nahi" was not understood, asked twice and
    skipped); "nahi pata" (not known) is no answer."""
    named = parse_choice(text, _OCCUPATION_SYNONYMS)
    if named is None and phrase_words(text.strip(" .!।")) in _NO_WORK:
        return "unemployed"
    return named


def _one_choice(table: dict[str, tuple[str, ...]]) -> Callable[[str], str | None]:
    """As :func:`_choice`, but ``None`` when the text names two values ("SC/ST", "OBC or General"): which one is the
    user's is asked again, not guessed (a break-it trial's "SC/ST" had been noted as SC)."""
    syn = _syn(table)

    def read(text: str) -> str | None:
        named = choices_named(padded_words(text), syn)  # (one value named: the one parse_choice would give)
        return next(iter(named)) if len(named) == 1 else None

    return read


def choices_named(padded: str, synonyms: dict[str, tuple[str, ...]]) -> set[str]:
    """The values of ``synonyms`` (value -> normalised phrases) that ``padded`` (from
    :func:`eligibility.parse.padded_words`) names, not negated."""
    return {value for value, phrases in synonyms.items() if any(find_phrase(padded, p) >= 0 for p in phrases)}


#: a class number said alone ("11th", "class 9", "11वीं", "12vi", "7 pass"): the level it completes (a class being studied
#: counts as the one below it passed, as the scheme pages count it: in class 11, secondary is passed)
_CLASS_NUMBER = re.compile(r"(?:\b(?:class|std|standard|kaksha)\s*|कक्षा\s*)?(?<!\d)(1[0-2]|[1-9])\s*(?:st|nd|rd|th|vi|vin|वीं|वी)?(?:\s*(?:pass|paas|class|kaksha))?(?!\d)")


#: a class number marked as one inside a sentence: "class 9", "9th", "11वीं", "कक्षा 8"; not "2nd year" or "1st semester"
_CLASS_IN_TEXT = re.compile(r"(?:\b(?:class|std|standard|kaksha)\s*|कक्षा\s*)(?<!\d)(1[0-2]|[1-9])(?!\d)(?!\s*(?:st|nd|rd|th)?\s*(?:year|yr|sem|saal|sal)\b)"
                            r"|(?<!\d)(?<!\w)(1[0-2]|[1-9])\s*(?:st|nd|rd|th|vi|vin|वीं|वी)(?!\w)(?!\s*(?:year|yr|sem|semester|saal|sal|साल|वर्ष)\b)", re.IGNORECASE)


def marked_class(text: str) -> tuple[int, int] | None:
    """``(class number, where it starts)`` of the one class number ``text`` marks as a class ("9th me padhta hu",
    "in class 9"), or ``None`` when it marks none or several."""
    marked = list(_CLASS_IN_TEXT.finditer(text))
    if len(marked) != 1:
        return None
    return int(marked[0].group(1) or marked[0].group(2)), marked[0].start()


def _education(text: str) -> str | None:
    """The education level named (``EDUCATION``'s words), else one read from a class number: 12 -> higher secondary,
    10 or 11 -> secondary, 8 or 9 -> upper primary, 5 to 7 -> primary, under 5 -> none (a newcomer trial: "11th",
    "class 11" and "11वीं" were refused three times and the fact skipped)."""
    failed = NOT_PASSED.search(text)
    if failed:
        # "10th fail": the class before it is the one passed (a break-it trial had it noted as secondary passed, and a
        # scholarship for those who cleared class 10 "likely")
        m = _CLASS_NUMBER.search(normalise(text[:failed.start()]).strip(" .!"))
        n = int(m.group(1)) - 1 if m else 0
        return class_level(n) if n >= 1 else None
    named = parse_choice(text, _syn(EDUCATION))
    if named is not None:
        return named
    # a class in Roman numbers, as school certificates write it: "std XII", "class IX" (a break-it trial: not understood)
    text = _ROMAN_CLASS.sub(lambda m: f"{m.group(1)} {_ROMAN[m.group(2).casefold()]}", text)
    m = _CLASS_NUMBER.fullmatch(normalise(text).strip(" .!"))
    if m is None:
        # a class in a sentence ("9th me padhta hu", "studying in 11th", "11वीं में पढ़ती हूँ"): one number marked as a
        # class (an ordinal or "class N"), not a year of a course ("2nd year") nor an age (a newcomer would be asked again)
        marked = marked_class(normalise(text))
        return class_level(marked[0]) if marked else None
    return class_level(int(m.group(1)))


#: a class named in Roman numbers ("std XII", "class iv")
_ROMAN_CLASS = re.compile(r"\b(class|std|standard|kaksha)\s*\.?\s*(xii|xi|x|ix|viii|vii|vi|v|iv|iii|ii|i)\b", re.IGNORECASE)
_ROMAN = {r: str(i) for i, r in enumerate(("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"), start=1)}


#: a class or course not passed: "10th fail", "12वीं फेल", "inter failed"
NOT_PASSED = re.compile(r"\b(?:fail|failed|fel|napass|anuttirn|not\s+passed|could\s+not\s+pass)\b|फेल|फ़ेल|अनुत्तीर्ण", re.IGNORECASE)


def class_level(n: int) -> str:
    """The education level a class ``n`` (1-12) completes (see :func:`_education`)."""
    return ("none", "none", "none", "none", "primary", "primary", "primary", "upper_primary", "upper_primary", "secondary",
            "secondary", "higher_secondary")[n - 1]


#: a state named, or a city's state (their synonyms normalised once, not at every answer)
_STATE_CHOICE, _CITY_CHOICE = _choice(STATES), _choice(CITIES)
#: a place taken back and another given after it: "Bihar? no, UP", "bihar nahi, up"
PLACE_CORRECTED = re.compile(r"(?:[?,.;!]\s*|\s)(?:no|nahi|nahin|नहीं|sorry|actually)\b[\s,.;:!-]*(?=\S)", re.IGNORECASE)


def _state(text: str) -> str | None:
    """A state or union territory (or a city of one) named in ``text``; after a correction, the one named after it
    ("Bihar? no, UP" is Uttar Pradesh: a break-it trial had it noted as Bihar)."""
    def place(t: str) -> str | None:
        return _STATE_CHOICE(t) or _CITY_CHOICE(t)

    corrected = PLACE_CORRECTED.search(text)
    return (place(text[corrected.end():]) if corrected else None) or place(text)


#: the notified minority religions, in English and Hindi (read by the interview and by free-text extraction)
RELIGIONS = ("muslim", "christian", "sikh", "buddhist", "jain", "parsi", "मुस्लिम", "ईसाई", "सिख", "बौद्ध", "जैन", "पारसी")


def _minority(text: str) -> bool | None:
    """A named minority religion is a yes ("sikh"), a denied one says nothing ("not muslim", "jain nahi":
    the yes/no words decide, else unknown)."""
    padded = padded_words(text)
    if any(find_phrase(padded, r) >= 0 for r in RELIGIONS):
        return True
    return parse_yes_no(text)


def _yn_options() -> tuple[tuple[str, str, str], ...]:
    return (("yes", "Yes", "हाँ"), ("no", "No", "नहीं"))


def _opts(table: dict[str, tuple[str, ...]], labels: dict[str, tuple[str, str]]) -> tuple[tuple[str, str, str], ...]:
    return tuple((v, *labels[v]) for v in table if v in labels)


FIELDS: dict[str, FieldSpec] = {}


def _register(spec: FieldSpec) -> None:
    FIELDS[spec.name] = spec


_register(FieldSpec(
    "age", "int", "years",
    {"en": "How old are you (in years)?", "hi": "आपकी उम्र कितनी है (साल में)?"},
    {"en": "for example: 45", "hi": "जैसे: 45"},
    {"en": "Age limits decide many pensions and scholarships.", "hi": "कई पेंशन और छात्रवृत्ति उम्र पर निर्भर हैं।"},
    _age, valid=lambda v: MIN_AGE <= v <= MAX_AGE,
))
_register(FieldSpec(
    "gender", "choice", None,
    {"en": "What is your gender?", "hi": "आपका लिंग क्या है?"},
    {"en": "female, male or transgender", "hi": "महिला, पुरुष या ट्रांसजेंडर"},
    {"en": "Some schemes are only for women or for transgender persons.", "hi": "कुछ योजनाएँ केवल महिलाओं या ट्रांसजेंडर व्यक्तियों के लिए हैं।"},
    _choice(GENDERS), values=tuple(GENDERS),
    options=(("female", "Female", "महिला"), ("male", "Male", "पुरुष"), ("transgender", "Transgender", "ट्रांसजेंडर")),
))
_register(FieldSpec(
    "state", "choice", None,
    {"en": "Which state or union territory do you live in?", "hi": "आप किस राज्य या केंद्र शासित प्रदेश में रहते हैं?"},
    {"en": "for example: Bihar, UP, Tamil Nadu", "hi": "जैसे: बिहार, यूपी, तमिलनाडु"},
    {"en": "State schemes are only for residents of that state.", "hi": "राज्य की योजनाएँ केवल उसी राज्य के निवासियों के लिए हैं।"},
    _state, values=tuple(STATES),
))
_register(FieldSpec(
    "residence", "choice", None,
    {"en": "Do you live in a village (rural) or a town/city (urban)?", "hi": "आप गाँव (ग्रामीण) में रहते हैं या शहर (शहरी) में?"},
    {"en": "rural or urban", "hi": "गाँव या शहर"},
    {"en": "Some housing and job schemes are only for rural or only for urban areas.", "hi": "कुछ आवास और रोज़गार योजनाएँ केवल गाँव या केवल शहर के लिए हैं।"},
    _choice(RESIDENCES), values=tuple(RESIDENCES),
    options=(("rural", "Village (rural)", "गाँव"), ("urban", "Town/city (urban)", "शहर")),
))
_register(FieldSpec(
    "social_category", "choice", None,
    {"en": "Which social category do you belong to?", "hi": "आप किस सामाजिक वर्ग से हैं?"},
    {"en": "General, OBC, SC, ST or EWS", "hi": "सामान्य, ओबीसी, एससी, एसटी या ईडब्ल्यूएस"},
    {"en": "Many scholarships and loans are for SC, ST, OBC or EWS families.", "hi": "कई छात्रवृत्तियाँ और ऋण एससी, एसटी, ओबीसी या ईडब्ल्यूएस परिवारों के लिए हैं।"},
    _one_choice(CATEGORIES), values=tuple(CATEGORIES),
    options=(("general", "General", "सामान्य"), ("obc", "OBC", "ओबीसी"), ("sc", "SC", "एससी"), ("st", "ST", "एसटी"), ("ews", "EWS", "ईडब्ल्यूएस")),
))
_register(FieldSpec(
    "annual_family_income", "money", "INR per year",
    {"en": "What is your family's total income in a year (in rupees)?", "hi": "आपके परिवार की सालाना कुल आय कितनी है (रुपये में)?"},
    {"en": "for example: 1.5 lakh, 80000, or 10000 per month", "hi": "जैसे: डेढ़ लाख, 80000, या 10000 महीना"},
    {"en": "Most schemes have an income limit.", "hi": "ज़्यादातर योजनाओं में आय की सीमा होती है।"},
    parse_money, valid=lambda v: 0 <= v <= 10_000_000_000,
))
_register(FieldSpec(
    "occupation", "choice", None,
    {"en": "What is your main work?", "hi": "आपका मुख्य काम क्या है?"},
    {"en": "for example: farmer, student, street vendor, labourer", "hi": "जैसे: किसान, छात्र, रेहड़ी वाला, मज़दूर"},
    {"en": "Many schemes are for a particular kind of work.", "hi": "कई योजनाएँ किसी खास काम वालों के लिए हैं।"},
    _occupation, values=tuple(OCCUPATIONS),
    options=(("farmer", "Farmer", "किसान"), ("agricultural_labourer", "Farm labourer", "खेतिहर मज़दूर"), ("student", "Student", "छात्र"),
             ("unorganised_worker", "Unorganised worker", "असंगठित मज़दूर"), ("street_vendor", "Street vendor", "रेहड़ी/ठेला"),
             ("self_employed", "Self-employed / trader", "स्वरोज़गार/व्यापारी"), ("government_employee", "Government employee", "सरकारी कर्मचारी"),
             ("unemployed", "Unemployed", "बेरोज़गार"), ("homemaker", "Homemaker", "गृहिणी"), ("other", "Other", "अन्य")),
))
#: a BPL or Antyodaya (AAY) card named
BPL_CARD = re.compile(r"\b(?:bpl|b\.p\.l|aay\s+(?:ration\s+)?card|antyodaya|antyoday|below\s+poverty|garibi\s+rekha|gareebi\s+rekha|yellow\s+card|pila\s+card)\b|"
                       r"बीपीएल|अंत्योदय|गरीबी\s+रेखा|पीला\s+कार्ड", re.IGNORECASE)
_APL_CARD = re.compile(r"\bapl\b|above\s+poverty|एपीएल", re.IGNORECASE)
#: a ration card named (of any kind: every family has one, BPL or not)
RATION_CARD = re.compile(r"\bration\b|\brashan\b|राशन", re.IGNORECASE)


def _bpl(text: str) -> bool | None:
    """A BPL or Antyodaya (AAY) card named is a yes ("AAY card", "yes BPL card"; "no BPL card", "bpl nahi" a no), an APL
    card a no; a ration card that is neither named is no answer (asked again): every family has one, BPL or not (a
    break-it trial had "ration card hai" read as a BPL family). Else the yes or no said."""
    said = parse_yes_no(text)
    if BPL_CARD.search(text):
        padded = padded_words(text)
        held = []  # per card named: not denied ("no BPL card, but we have an Antyodaya card": the Antyodaya one is held)
        for m in BPL_CARD.finditer(text):
            word = m.group().casefold().split()[0]
            i = padded.find(f" {word} ")
            held.append(not (i >= 0 and negated_since_contrast(padded, i + 1, i + 1 + len(word))))
        if any(held[1:]) or (held[0] and said is not False):
            return True
        return False
    if _APL_CARD.search(text):
        return False
    if RATION_CARD.search(text) and said is not False:
        return None
    return said


_register(FieldSpec(
    "is_bpl", "bool", None,
    {"en": "Does your family have a BPL (below poverty line) card or an Antyodaya ration card?", "hi": "क्या आपके परिवार के पास बीपीएल (गरीबी रेखा से नीचे) या अंत्योदय राशन कार्ड है?"},
    {"en": "yes or no", "hi": "हाँ या नहीं"},
    {"en": "Pensions and several other schemes are only for BPL families.", "hi": "पेंशन और कई योजनाएँ केवल बीपीएल परिवारों के लिए हैं।"},
    _bpl, options=_yn_options(),
))
_register(FieldSpec(
    "is_student", "bool", None,
    {"en": "Are you studying now?", "hi": "क्या आप अभी पढ़ाई कर रहे हैं?"},
    {"en": "yes or no", "hi": "हाँ या नहीं"},
    {"en": "Scholarships are for students.", "hi": "छात्रवृत्तियाँ छात्रों के लिए हैं।"},
    parse_yes_no, options=_yn_options(),
))
_register(FieldSpec(
    "education_level", "choice", None,
    {"en": "What is the highest class or course you have passed (or are studying in)?", "hi": "आपने सबसे ऊँची कौन सी कक्षा या कोर्स किया है (या कर रहे हैं)?"},
    {"en": "for example: 10th, 12th, diploma, graduation", "hi": "जैसे: दसवीं, बारहवीं, डिप्लोमा, स्नातक"},
    {"en": "Scholarships depend on the class or course.", "hi": "छात्रवृत्ति कक्षा या कोर्स पर निर्भर है।"},
    _education, values=tuple(EDUCATION),
))
_register(FieldSpec(
    "disability_percent", "percent", "%",
    {"en": "Do you have a disability? If yes, what percentage is on your certificate? (0 if none)", "hi": "क्या आपको कोई दिव्यांगता है? हो तो प्रमाणपत्र पर कितने प्रतिशत लिखा है? (न हो तो 0)"},
    {"en": "for example: 40, or 0", "hi": "जैसे: 40, या 0"},
    {"en": "Disability pensions and aids need a minimum disability percentage.", "hi": "दिव्यांग पेंशन और सहायता के लिए न्यूनतम दिव्यांगता प्रतिशत चाहिए।"},
    lambda text: 0 if parse_yes_no(text) is False else _percent(text), valid=lambda v: 0 <= v <= 100,
))
_register(FieldSpec(
    "is_minority", "bool", None,
    {"en": "Do you belong to a notified minority community (Muslim, Christian, Sikh, Buddhist, Jain or Parsi)?", "hi": "क्या आप अल्पसंख्यक समुदाय (मुस्लिम, ईसाई, सिख, बौद्ध, जैन या पारसी) से हैं?"},
    {"en": "yes or no", "hi": "हाँ या नहीं"},
    {"en": "Some scholarships are for minority communities.", "hi": "कुछ छात्रवृत्तियाँ अल्पसंख्यक समुदायों के लिए हैं।"},
    lambda text: _minority(text),
    options=_yn_options(),
))
_register(FieldSpec(
    "marital_status", "choice", None,
    {"en": "What is your marital status?", "hi": "आपकी वैवाहिक स्थिति क्या है?"},
    {"en": "never married, married, widowed, or divorced/separated", "hi": "अविवाहित, विवाहित, विधवा/विधुर, या तलाकशुदा/अलग"},
    {"en": "Widow pensions and some marriage schemes depend on it.", "hi": "विधवा पेंशन और कुछ विवाह योजनाएँ इस पर निर्भर हैं।"},
    _choice(MARITAL), values=tuple(MARITAL),
    options=(("never_married", "Never married", "अविवाहित"), ("married", "Married", "विवाहित"), ("widowed", "Widowed", "विधवा/विधुर"),
             ("divorced_separated", "Divorced / separated", "तलाकशुदा/अलग")),
))
#: land said to be in a family member's name ("papa ke naam hai", "in my father's name", "पिता के नाम पर"): the family's
#: land, as the question asks (a newcomer trial: "meri zameen nahi hai, papa ke naam hai" was read as no land)
IN_KINS_NAME = re.compile(rf"\b{KIN}\s+(?:ke|ki|ka)\s+naam\b|\b(?:in|on|under)\s+(?:my|our|the)\s+{KIN}['’]?s?\s+name\b|{KIN}['’]s\s+name\b"
                          rf"|{KIN_HI}\s+(?:के|की|का)\s+नाम", re.IGNORECASE)


_register(FieldSpec(
    "owns_cultivable_land", "bool", None,
    {"en": "Does your family own farm land (cultivable land) in its name?", "hi": "क्या आपके परिवार के नाम पर खेती की ज़मीन है?"},
    {"en": "yes or no", "hi": "हाँ या नहीं"},
    {"en": "Farmer income support needs land in the family's name.", "hi": "किसान आय सहायता के लिए परिवार के नाम पर ज़मीन चाहिए।"},
    lambda text: True if IN_KINS_NAME.search(normalise(text)) else parse_yes_no(text), options=_yn_options(),
))
_register(FieldSpec(
    "is_income_tax_payer", "bool", None,
    {"en": "Did you or anyone in your family pay income tax last year?", "hi": "क्या पिछले साल आपने या परिवार में किसी ने आयकर भरा?"},
    {"en": "yes or no", "hi": "हाँ या नहीं"},
    {"en": "Income-tax payers are excluded from several schemes.", "hi": "आयकर भरने वाले कई योजनाओं से बाहर हैं।"},
    parse_yes_no, options=_yn_options(),
))


#: the questions in Romanized Hindi (Hinglish): field -> (question, example, why)
_HINGLISH: dict[str, tuple[str, str, str]] = {
    "age": ("Aapki umar kitni hai (saal mein)?", "jaise: 45", "Kai pension aur chhatravritti umar par nirbhar hain."),
    "gender": ("Aapka ling kya hai?", "mahila, purush ya transgender", "Kuch yojanayein sirf mahilaon ya transgender logon ke liye hain."),
    "state": ("Aap kis rajya ya kendra shasit pradesh mein rehte hain?", "jaise: Bihar, UP, Tamil Nadu",
              "Rajya ki yojanayein sirf usi rajya ke niwasiyon ke liye hain."),
    "residence": ("Aap gaon (gramin) mein rehte hain ya shehar (shehri) mein?", "gaon ya shehar",
                  "Kuch awas aur rozgar yojanayein sirf gaon ya sirf shehar ke liye hain."),
    "social_category": ("Aap kis samajik varg se hain?", "General, OBC, SC, ST ya EWS",
                        "Kai chhatravrittiyan aur loan SC, ST, OBC ya EWS parivaron ke liye hain."),
    "annual_family_income": ("Aapke parivar ki saal bhar ki kul aay kitni hai (rupaye mein)?", "jaise: dedh lakh, 80000, ya 10000 mahina",
                             "Zyadatar yojanaon mein aay ki seema hoti hai."),
    "occupation": ("Aapka mukhya kaam kya hai?", "jaise: kisan, student, rehri wala, mazdoor",
                   "Kai yojanayein kisi khaas kaam waalon ke liye hain."),
    "is_bpl": ("Kya aapke parivar ke paas BPL (garibi rekha se neeche) ya Antyodaya ration card hai?", "haan ya nahi",
               "Pension aur kai yojanayein sirf BPL parivaron ke liye hain."),
    "is_student": ("Kya aap abhi padhai kar rahe hain?", "haan ya nahi", "Chhatravrittiyan students ke liye hain."),
    "education_level": ("Aapne sabse oonchi kaun si class ya course pass kiya hai (ya kar rahe hain)?", "jaise: 10th, 12th, diploma, graduation",
                        "Chhatravritti class ya course par nirbhar hai."),
    "disability_percent": ("Kya aapko koi viklangta (disability) hai? Ho to certificate par kitne percent likha hai? (na ho to 0)", "jaise: 40, ya 0",
                           "Divyang pension aur sahayata ke liye kam se kam kuch percent viklangta chahiye."),
    "is_minority": ("Kya aap alpsankhyak samuday (Muslim, Isai, Sikh, Bauddh, Jain ya Parsi) se hain?", "haan ya nahi",
                    "Kuch chhatravrittiyan alpsankhyak samudayon ke liye hain."),
    "marital_status": ("Aapki vaivahik sthiti kya hai?", "avivahit, vivahit, vidhwa/vidhur, ya talaqshuda/alag",
                       "Vidhwa pension aur kuch vivah yojanayein is par nirbhar hain."),
    "owns_cultivable_land": ("Kya aapke parivar ke naam par kheti ki zameen hai?", "haan ya nahi",
                             "Kisan aay sahayata ke liye parivar ke naam par zameen chahiye."),
    "is_income_tax_payer": ("Kya pichhle saal aapne ya parivar mein kisi ne income tax bhara?", "haan ya nahi",
                            "Income tax bharne wale kai yojanaon se bahar hain."),
}
#: option labels in Romanized Hindi, by value
OPTION_HINGLISH: dict[str, str] = {
    "yes": "Haan", "no": "Nahi", "female": "Mahila", "male": "Purush", "transgender": "Transgender", "rural": "Gaon",
    "urban": "Shehar", "general": "General", "obc": "OBC", "sc": "SC", "st": "ST", "ews": "EWS", "farmer": "Kisan",
    "agricultural_labourer": "Khetihar mazdoor", "student": "Student", "unorganised_worker": "Asangathit mazdoor",
    "street_vendor": "Rehri/thela", "self_employed": "Swarozgar/vyapari", "government_employee": "Sarkari karmachari",
    "unemployed": "Berozgar", "homemaker": "Grihini", "other": "Anya", "never_married": "Avivahit", "married": "Vivahit",
    "widowed": "Vidhwa/vidhur", "divorced_separated": "Talaqshuda/alag",
}
for _name, (_q, _e, _w) in _HINGLISH.items():
    FIELDS[_name].question["hinglish"], FIELDS[_name].example["hinglish"], FIELDS[_name].why["hinglish"] = _q, _e, _w


#: labels ``(English, Hindi, Hinglish)`` of the values a field reads from what people say but does not offer as
#: options (the occupation question lists the common kinds of work; these are noted when said)
UNLISTED_LABELS: dict[str, tuple[str, str, str]] = {
    "artisan_weaver": ("Artisan / weaver / tailor", "कारीगर/बुनकर/दर्जी", "Karigar/bunkar/darzi"),
    "fisher": ("Fisher", "मछुआरा", "Machhuara"),
    "construction_worker": ("Construction worker", "निर्माण मज़दूर", "Nirman mazdoor"),
    "ex_serviceman": ("Ex-serviceman", "पूर्व सैनिक", "Purv sainik"),
}


def value_label(name: str, value: str, lang: str | None) -> str:
    """The label of choice ``value`` of field ``name`` in ``lang``: its option's, else its
    :data:`UNLISTED_LABELS` entry's, else the value with spaces for underscores."""
    for opt in FIELDS[name].options:
        if opt[0] == value:
            return option_label(opt, lang)
    if value in UNLISTED_LABELS:
        en, hi, hinglish = UNLISTED_LABELS[value]
        return {"hi": hi, "hinglish": hinglish}.get(lang or "en", en)
    return value.replace("_", " ")


def option_label(option: tuple[str, str, str], lang: str | None) -> str:
    """The label of ``option`` (``(value, English, Hindi)``) in ``lang`` (``en``, ``hi`` or ``hinglish``)."""
    value, en, hi = option
    if lang == "hi":
        return hi
    return OPTION_HINGLISH.get(value, en) if lang == "hinglish" else en


def valid_value(name: str, value: Any) -> bool:
    """True if ``value`` has the type and range field ``name`` allows (a stored or given value)."""
    s = FIELDS.get(name)
    if s is None:
        return False
    if s.type == "bool":
        return isinstance(value, bool)
    if s.type == "choice":
        return isinstance(value, str) and value in s.values
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return False
    return bool(s.valid(value))


def spec(name: str) -> FieldSpec:
    """The spec of field ``name``.

    Raises:
        KeyError: unknown field.
    """
    return FIELDS[name]
