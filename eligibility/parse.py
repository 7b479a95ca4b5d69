"""Parsing answers in English, Hindi and Romanized Hindi: numbers, money, yes/no, names from a list.

Every parser takes the user's text and returns the value, or ``None`` when the text does not give
one (never an exception): the interview then re-asks with an example.

Money follows Indian usage: ``lakh`` (100,000; ``L``, ``lac``, ``लाख``), ``crore`` (10,000,000; ``cr``,
``करोड़``), ``k``/``hazar``/``हज़ार`` (1,000), Indian digit grouping (``2,50,000``), Devanagari digits,
and the Hindi fractions ``डेढ़``/``dedh`` (1.5), ``ढाई``/``dhai`` (2.5), ``सवा``/``sawa`` (+0.25) and
``पौने``/``paune`` (-0.25).
"""

from __future__ import annotations

import math
import re
import unicodedata

from retrieval.text import stated_ages

#: decimal digits of the scripts people in India type numbers in, as ASCII: Devanagari, Bengali, Gurmukhi,
#: Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Arabic-Indic and Extended Arabic-Indic (Urdu)
_DIGITS = {zero + d: ord("0") + d for zero in (0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0660, 0x06F0)
           for d in range(10)}

#: Hindi/Hinglish number words (0-100 where commonly typed, plus fractions used with lakh/crore).
NUMBER_WORDS = {
    "ek": 1, "do": 2, "teen": 3, "char": 4, "chaar": 4, "paanch": 5, "panch": 5, "chhe": 6, "che": 6, "saat": 7,
    "aath": 8, "nau": 9, "das": 10, "bees": 20, "tees": 30, "chalis": 40, "pachas": 50, "saath": 60, "sattar": 70,
    "assi": 80, "nabbe": 90, "sau": 100,
    "एक": 1, "दो": 2, "तीन": 3, "चार": 4, "पांच": 5, "पाँच": 5, "छह": 6, "सात": 7, "आठ": 8, "नौ": 9, "दस": 10,
    "बीस": 20, "तीस": 30, "चालीस": 40, "पचास": 50, "साठ": 60, "सत्तर": 70, "अस्सी": 80, "नब्बे": 90, "सौ": 100,
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100,
}
_HUNDREDS = frozenset({"hundred", "sau", "सौ"})


def _hindi_numbers() -> dict[str, int]:
    """Hindi number words 11-99 (``data/lexicon/hindi_numbers.tsv``), normalised, -> value."""
    from data import lexicon_rows

    out: dict[str, int] = {}
    for _, (value, words) in lexicon_rows("hindi_numbers.tsv", 2):
        out.update({unicodedata.normalize("NFC", w.strip()).casefold(): int(value) for w in words.split("|") if w.strip()})
    return out


NUMBER_WORDS.update(_hindi_numbers())
FRACTIONS = {unicodedata.normalize("NFC", k): v for k, v in
             {"dedh": 1.5, "derh": 1.5, "डेढ़": 1.5, "डेढ": 1.5, "dhai": 2.5, "dhaai": 2.5, "ढाई": 2.5}.items()}
_MODIFIERS = {unicodedata.normalize("NFC", k): v for k, v in
              {"sawa": 0.25, "sava": 0.25, "सवा": 0.25, "paune": -0.25, "pone": -0.25, "पौने": -0.25}.items()}
_UNITS = [
    (re.compile(r"^(crores?|cr|करोड़|करोड)$"), 10_000_000),
    (re.compile(r"^(lakhs?|lacs?|l|lk|लाख)$"), 100_000),
    (re.compile(r"^(k|thousands?|hazar|hazaar|hajar|हज़ार|हजार)$"), 1_000),
]
#: words saying an amount is by the month ("per month", "mahina", "मासिक", "p.m.")
MONTHLY = _MONTHLY = re.compile(r"(per|a|/|every|each)\s*(month|mo)\b|/\s*m\b|monthly|mahina|mahine|mahiney|maheena|महीन|माह|मासिक|प्रति\s*माह|"
                      r"\bp\.?\s*m\b\.?|\bp\s*/\s*m\b|per\s+mensem|\bmasik\b", re.IGNORECASE)
#: a word: letters, digits and Devanagari signs (vowel signs, virama and nukta are not ``\w``)
WORD = r"(?:[^\W_]|[\u0900-\u0963\u0966-\u097f])+"
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|(?:[^\W\d_]|[\u0900-\u0963\u0966-\u097f])+")

YES_WORDS = frozenset("""yes y yeah yep yup haan han haa ha ji jee sure true correct right hai hain हाँ हां हा जी है हैं
    sahi theek""".split())
#: yes-words that only say "there is" ("hai nahi", "nahi hai": there is not)
_WEAK_YES = frozenset({"hai", "hain", "है", "हैं", "ji", "jee", "जी"})
NO_WORDS = frozenset("""no n nope nahi nahin nai na not false nhi नहीं नही ना मत never""".split())
#: words that may follow a yes or no in the same clause without making it something else ("yes sir",
#: "no I don't", "haan ji bilkul")
_ANSWER_WORDS = frozenset("""i we it its this that there sir madam ji jee please pls bilkul sure of course ofcourse definitely
    really dont don t didnt doesnt havent hasnt do does did am is are was mere mera meri hamare hamara hamari paas pas ke ki ka
    जी मेरे मेरा मेरी हमारे हमारा पास के की का""".split())
#: a verb after a yes or no makes the clause an answer whatever else it names ("yes we have a BPL card",
#: "haan card hai")
_ANSWER_VERBS = frozenset("""have has had hai hain tha thi hoon hun hu है हैं था थी हूँ हूं""".split())
def normalise(text: str) -> str:
    """NFC, case-folded, digits of Indian scripts and Arabic-Indic digits as ASCII."""
    return unicodedata.normalize("NFC", text).casefold().translate(_DIGITS).translate(_APOSTROPHES)


#: curly apostrophes as the straight one ("I don’t have" from a phone keyboard reads as "I don't have")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


#: a relative, in English and Romanized Hindi ("my son", "meri beti") and in Hindi
KIN = (r"(?:sons?|daughters?|husband|wife|father|mother|dad|mom|mum|papa|parents?|brothers?|sisters?|child|children|"
        r"kids?|grand(?:son|daughter|father|mother|child|children)s?|(?:father|mother|son|daughter)[- ]in[- ]law|uncle|aunt|"
        r"beta|bete|beti|betiyan|bachcha|bachche|bacche|bachchi|bachi|pati|patni|biwi|pita|pitaji|maa|mummy|mata|mataji|"
        r"bhai|bhaiya|behen|bahan|behan|dada|dadi|nana|nani|sasur|saas|pota|poti|"
        # (a break-it trial: "my friend is a 65 year old widow from Bihar" was noted as the user's own age, state and widowhood)
        r"friends?|neighbou?rs?|cousins?|nephews?|nieces?|grandma|grandpa|relatives?|dost|padosi|padosan|chacha|chachi|"
        r"mama|mami|bua|fufa|mausi|mausa|tau|tai|bahu|bhabhi|jija|jiju|devar|nanad|ammi|abbu|amma|appa|bapu|babuji)")
KIN_HI = (r"(?:पति|पत्नी|बेटा|बेटे|बेटी|बेटियां|बच्चा|बच्चे|बच्ची|पिता|पिताजी|माँ|मां|माता|भाई|बहन|दादा|दादी|नाना|नानी|ससुर|सास|पोता|पोती|"
          r"दोस्त|मित्र|पड़ोसी|पड़ोसन|चाचा|चाची|मामा|मामी|बुआ|मौसी|ताऊ|ताई|बहू|भाभी|जीजा|अम्मी|अब्बू|बापू|बाबूजी|रिश्तेदार)")

def parse_number(text: str) -> float | None:
    """The first number in ``text``: digits (``65``, ``२५``, ``1,200``) or a number word; else ``None``."""
    t = normalise(text).replace("\u2212", "-")
    m = re.search(r"(-\s*|minus\s+)?([0-9]+(?:[.,][0-9]+)*)(e[+-]?[0-9]+)?", t)
    if m:
        raw = m.group(2)
        if re.fullmatch(r"\d{1,3}(,\d{2,3})+", raw):
            raw = raw.replace(",", "")
        try:
            value = float(raw.replace(",", ".") + (m.group(3) or ""))
        except (ValueError, OverflowError):
            return None
        if value != value or value in (float("inf"), float("-inf")):
            return None
        return -value if m.group(1) else value
    total: float | None = None
    for tok in _TOKEN.findall(t):
        if tok in NUMBER_WORDS:
            if tok in _HUNDREDS:
                total = (total or 1) * 100
            else:
                total = (total or 0) + NUMBER_WORDS[tok]
        elif total is not None:
            break  # "sixty five years": the number words end here
    return total


#: "no income", "koi aay nahi", "कोई आय नहीं": an income of zero ...
NO_INCOME_PHRASE = re.compile(
    r"\b(?:no|zero|nil)\s+(?:income|earnings?|salary)\b(?!\s*-?\s*tax)|\b(?:income|earnings?|aay|aamdani|kamai)\s+(?:is\s+)?(?:nil|zero|none|nahi|nahin)\b"
    r"|(?:आय|आमदनी|कमाई)\s+(?:नहीं|शून्य)|कोई\s+(?:आय|आमदनी|कमाई)\s+नहीं|\bkoi\s+(?:aay|aamdani|kamai|income)\s+(?:nahi|nahin)")
#: ... also as a whole answer to the income question ("nil", "kuch nahi", "शून्य")
_NO_INCOME = re.compile(r"^\s*(?:nil|none|zero|nothing|kuch nahi|kuchh nahi|shunya|शून्य|कुछ नहीं)\s*[.!]*\s*$|" + NO_INCOME_PHRASE.pattern)
#: a pay per day or per week, and an amount given as a bound: not an income per year
_DAILY_WEEKLY = re.compile(r"\b(?:per|a|/|every|each)\s*(?:day|week|din|hafta|hafte)\b|\bdaily\b|\bweekly\b|\broz\b|\brozana\b|\bdihadi\b|"
                           r"प्रति\s*दिन|रोज़|रोज|रोजाना|हफ्ते|साप्ताहिक", re.IGNORECASE)
_BOUND = re.compile(r"\b(?:more|less|above|below|over|under|upto|up to|atleast|at least)\s+(?:than\s+)?(?:rs\.?|₹|inr)?\s*\d|"
                    r"\d[\d,.]*\s*(?:lakh|lac|hazar|k|thousand|rupees?|rs)?\s*(?:se\s+)?(?:zyada|jyada|adhik|kam|upar|neeche)\b|"
                    r"से\s+(?:ज़्यादा|ज्यादा|अधिक|कम)", re.IGNORECASE)
_YEARLY = re.compile(r"(per|a|/|every|each)\s*(year|yr|annum)\b|yearly|annual|saal|sal\b|salana|वार्षिक|सालाना|साल", re.IGNORECASE)


#: words that make a number a sum of money (beside an age-like phrase: "1 lakh saal ka" is an income)
_MONEY_WORD = re.compile(r"₹|\b(?:rs|inr|rupees?|rupaye|rupay|lakh|lac|lakhs|hazar|hazaar|thousand|k|income|aay|aamdani|kamai|kamata|"
                         r"kamati|salary|tankhwah|earn\w*|per\s+month|mahina|mahine)\b|रुपये|रुपया|लाख|हज़ार|हजार|आय|कमाई|आमदनी|वेतन|महीना",
                         re.IGNORECASE)


#: an amount in another currency: not INR (a break-it trial had "$5000" noted as ₹5,000 a year)
_FOREIGN_MONEY = re.compile(r"[$€£]|\b(?:usd|dollars?|euros?|pounds?|dirhams?|riyals?|aed|sar|gbp)\b", re.IGNORECASE)
#: two amounts as a range or alternatives ("5 lakh to 6 lakh", "5000 se 6000", "₹5,000 - ₹6,000"): a break-it trial had "5 lakh
#: to 6 lakh" noted as ₹5,00,000, which passes a limit of ₹5 lakh the upper end fails
_MONEY_RANGE = re.compile(r"\d[\d,.]*\s*(?:lakhs?|lacs?|lakh|k|thousand|hazaa?r|हज़ार|हजार|लाख|crores?|cr)?\s*(?:rupees?|rs\.?|₹)?\s*"
                          r"(?:-|–|\bto\b|\bor\b|\bya\b|\bse\b|से|या)\s*(?:rs\.?|₹)?\s*\d", re.IGNORECASE)


def parse_money(text: str) -> int | None:
    """An amount in INR from ``text`` (see the module docstring); ``None`` if none, or if it is a bare
    number from 1 to 99 ("2.5", "5": lakh or thousand? the interview asks again). Parts add up ("2 lakh
    50 hazar" is 250,000). A per-month amount is turned into INR per year (x 12) when the words around
    that amount say so ("10000 per month", "10 hazar mahina", "monthly income 8000"; in "50000 per year,
    5000 per month" the first amount, yearly, is taken). "no income", "nil", "कोई आय नहीं" are 0."""
    t = normalise(text).replace("\u2212", "-")
    if _NO_INCOME.search(t):
        return 0
    if stated_ages(t) and not _MONEY_WORD.search(t):
        return None  # "I am 150 years old", "150 years", "age 62" given to the income question: an age, not INR 150 a year
    if _DAILY_WEEKLY.search(t) or _BOUND.search(t):
        return None  # "500 per day", "more than 8 lakh": not a yearly amount; the interview asks again
    if re.search(r"(^|[^\w])-\s*[₹\d]|\bminus\b|₹\s*-|\d\s*e[+-]?\d|\d\s*(\^|\*\*)\s*\d", t):
        return None  # a negative amount, or 1e9 / 10^9 notation: ask again rather than guess
    if _FOREIGN_MONEY.search(t) or _MONEY_RANGE.search(t):
        return None  # "$5000", "5 lakh to 6 lakh": another currency, or a range that could pass a limit or not; asked again
    t = t.replace("₹", " ").replace("rs.", " ").replace("rs", " ").replace("inr", " ").replace("/-", " ")
    t = re.sub(r"(?<=\d),(?=\d)", "", t)
    t = re.sub(r"(\d)\s*(l|k|cr|lk)\b", r"\1 \2", t)
    found = list(_TOKEN.finditer(t))
    tokens = [m.group() for m in found]

    def unit_of(k: int) -> int:
        if k < len(tokens):
            for pattern, mult in _UNITS:
                if pattern.match(tokens[k]):
                    return mult
        return 1

    def number_at(k: int) -> float | None:
        tok = tokens[k]
        if re.fullmatch(r"\d+(\.\d+)?", tok):
            return float(tok)
        return FRACTIONS.get(tok, float(NUMBER_WORDS[tok]) if tok in NUMBER_WORDS else None)

    value: float | None = None
    modifier = 0.0
    first = last = mod_index = 0  # indexes of the first and last tokens of the amount, of "sawa"/"paune"
    for i, tok in enumerate(tokens):
        if tok in _MODIFIERS:
            modifier, mod_index = _MODIFIERS[tok], i
            if i + 1 < len(tokens) and unit_of(i + 1) > 1:
                tokens[i] = "1"  # "sawa lakh" = 1.25 lakh
            else:
                continue
        num = number_at(i)
        if num is None:
            continue
        num += modifier
        unit = unit_of(i + 1)
        first, last = (mod_index if modifier else i), i + (unit > 1)
        if unit == 1 and tok in FRACTIONS:
            unit = 100_000  # "dedh" alone in an income answer means 1.5 lakh
        elif unit == 1 and 0 < num < 100:
            return None
        value = num * unit
        # "2 lakh 50 hazar", "1 lakh 20000": a smaller part right after adds to it; not across a clause ("1 lakh, 5
        # members" had been read as 1,00,005, a break-it trial); a bare number under 100 after lakh counts thousands,
        # as it is said ("1 lakh 20" is 1,20,000)
        while unit > 1 and last + 1 < len(tokens) and (part := number_at(last + 1)) is not None \
                and not re.search(r"[,;!?\n\u0964]|\.(?!\d)", t[found[last].end():found[last + 1].start()]):
            part_unit = said_unit = unit_of(last + 2)
            if part_unit == 1 and unit == 100_000 and part < 100:
                part_unit = 1_000
            if part * part_unit >= unit:
                break
            value += part * part_unit
            last += 1 + (said_unit > 1)
            unit = part_unit
        break
    if value is None or not math.isfinite(value) or value > 1e15:
        return None
    # the period of this amount: the first period word after it in its clause, else the last one before
    # it in its clause ("monthly income 8000")
    end = next((found[k].start() for k in range(last + 1, len(tokens)) if number_at(k) is not None), len(t))
    # (the points of "p.m." and "p.a." end no clause: "20000 p.m." had been read as 20,000 a year, a break-it trial)
    undotted = re.sub(r"\b[pP]\.\s?[mMaA]\b\.?", lambda m: m.group(0).replace(".", " "), t)
    after = re.split(r"[,;.!?\n।]", undotted[found[last].end():end])[0]
    before = re.split(r"[,;.!?\n।]", undotted[:found[first].start()])[-1]
    periods = sorted([(m.start(), "month") for m in _MONTHLY.finditer(after)] + [(m.start(), "year") for m in _YEARLY.finditer(after)])
    if not periods:
        periods = sorted([(-m.start(), "month") for m in _MONTHLY.finditer(before)] + [(-m.start(), "year") for m in _YEARLY.finditer(before)])
    if periods and periods[0][1] == "month":
        value *= 12
    return int(round(value))


def parse_yes_no(text: str) -> bool | None:
    """``True`` for yes/haan/हाँ, ``False`` for no/nahi/नहीं, ``None`` otherwise, read from the first four
    words ("yes, BPL card" is yes; "hai nahi" is no; "yes no" and a bare "ok" are neither). A letter
    typed three times or more counts once ("yesss", "nahiiii"). Also neither: a yes that leads a clause of
    other words without a verb ("yes bank", "true caller", "right to information": names, not answers),
    and a yes with a negation later in a short answer ("yes I have a ration card but not BPL")."""
    norm = re.sub(r"([a-z])\1{2,}", r"\1", normalise(text))
    every = re.findall(WORD, norm)
    words = every[:4]
    yes = [w for w in words if w in YES_WORDS]
    no = [w for w in words if w in NO_WORDS]
    if no and yes and not all(w in _WEAK_YES for w in yes):
        return None  # "yes no": ask again rather than pick one
    clause = re.findall(WORD, re.split(r"[,;.!?\n\u0964]", norm, maxsplit=1)[0])
    if clause and clause[0] in YES_WORDS and clause[0] not in _WEAK_YES:
        # (a no before other words stays a no: "not muslim", "no BPL card")
        rest = [w for w in clause[1:] if w not in YES_WORDS and w not in NO_WORDS and w not in _ANSWER_WORDS]
        if rest and not _ANSWER_VERBS & set(clause[1:]):
            return None
    if yes and not no and len(every) <= 12 and any(w in NO_WORDS for w in every[4:]):
        return None  # "yes I have a ration card but not BPL"
    if no:
        return False  # "hai nahi", "nahi hai": there is not
    return True if yes else None


def padded_words(text: str) -> str:
    """``text`` normalised to its words between single spaces, with a space at each end, and a ``;``
    word where a clause ends (". ", ",", "?", "!", ";", "।"; not the point of "B.Tech"), so that a phrase is found with
    ``f" {phrase} "`` and a negation does not reach across clauses ("no, OBC" is OBC)."""
    norm = normalise(text)

    def gap(m: re.Match) -> str:
        run = m.group()
        ends = re.search(r"[,;?!।\n]", run) or ("." in run and (re.search(r"\.\s", run) or m.end() == len(norm) or m.start() == 0))
        return " ; " if ends else " "

    norm = _CONTRACTED_NOT.sub(" not", norm)  # "don't have", "haven't got": the negation is a word of its own
    t = re.sub(r"[^\w\u0900-\u097f&%]+", gap, norm)
    return " " + re.sub(r"\s+", " ", t).strip() + " "


#: "n't" of a contraction ("don't", "isn't", "haven't"), and the same written without the apostrophe
_CONTRACTED_NOT = re.compile(r"(?<=\w)n't\b|(?<=\bdo|\bis)nt\b|(?<=\bdid|\bhas|\bare|\bwas)nt\b|(?<=\bdoes|\bhave|\bwere)nt\b")
#: a word that negates the phrase right after it ("not a widow", "not from Bihar", "non-SC") ...
NEGATION_BEFORE = frozenset({"not", "never", "non", "nahi", "nahin", "nhi", "नहीं", "नही", "neither", "nor"})
#: words joining the items of a list, over which a negation reaches: "not a farmer or street vendor", "na SC na ST"
LIST_JOINERS = frozenset({"or", "nor", "ya", "na", "aur", "and", "या", "न", "और"})
#: how many words back a negation reaches over a list ("I am not SC, ST or OBC")
LIST_NEGATION_WORDS = 10
#: ... and one that negates the phrase right before it ("kisan nahi hu", "बिहार से नहीं", "विधवा नहीं")
NEGATION_AFTER = frozenset({"nahi", "nahin", "nhi", "nai", "नहीं", "नही", "न"})


#: words that turn from what was denied to what is held: "BPL card nahi hai par antyodaya hai"
_CONTRAST = (" but ", " par ", " pr ", " lekin ", " magar ", " however ", " पर ", " लेकिन ", " मगर ", " परंतु ", " किंतु ")


def negated_since_contrast(padded: str, start: int, end: int) -> bool:
    """:func:`negated` for the phrase at ``padded[start:end]``, reading only from the last contrast word before it
    ("... nahi hai par antyodaya hai": the "nahi" denies the BPL card, not the Antyodaya one; a re-check trial had the
    old age pension NOT ELIGIBLE)."""
    cut = max(padded.rfind(w, 0, start) for w in _CONTRAST)
    if cut < 0:
        return negated(padded, start, end)
    return negated(padded[cut:], start - cut, end - cut)


def negated(padded: str, start: int, end: int) -> bool:
    """Whether the phrase at ``padded[start:end]`` (a string from :func:`padded_words`) is negated by
    one of the three words before it or the two after it, within its clause."""
    before = padded[max(0, start - 120):start].split()[-3:]  # a window: linear on a long text
    if ";" in before:
        before = before[len(before) - before[::-1].index(";"):]
    after = padded[end:end + 80].split()[:2]
    if ";" in after:
        after = after[:after.index(";")]
    if any(w in NEGATION_BEFORE for w in before) or any(w in NEGATION_AFTER for w in after):
        return True
    # a later item of a negated list: "not a farmer or street vendor", "neither SC nor ST", "na SC na ST" (a break-it
    # trial had "I am not a farmer or street vendor" noted as a street vendor); commas are gone from padded words, so
    # the item must follow a joining word
    wide = padded[max(0, start - 200):start].split()[-LIST_NEGATION_WORDS:]
    if ";" in wide:
        wide = wide[len(wide) - wide[::-1].index(";"):]
    # (the joining word at most two words before the phrase: "or a vendor", "or street vendor" for "vendor")
    joined = [j for j in range(max(0, len(wide) - 3), len(wide)) if wide[j] in LIST_JOINERS]
    return bool(joined) and any(w in NEGATION_BEFORE or w == "na" for w in wide[:joined[-1]])


def phrase_words(phrase: str) -> str:
    """A synonym as :func:`padded_words` spells a message's words ("10+2" -> "10 2", "self-employed" -> "self employed",
    "ph.d" -> "ph d"), for :func:`find_phrase`: written as typed, such phrases never matched (a newcomer trial's "10+2" was
    not understood). A phrase that is a number alone ("+2" -> "2") gives "": it would match any number."""
    words = padded_words(phrase).strip(" ;")
    return "" if words.isdigit() else words


def find_phrase(padded: str, phrase: str) -> int:
    """The position in ``padded`` of the first mention of ``phrase`` that is not negated, or -1."""
    i = padded.find(f" {phrase} ")
    while i >= 0 and negated(padded, i + 1, i + 1 + len(phrase)):
        i = padded.find(f" {phrase} ", i + 1)
    return i


def rfind_phrase(padded: str, phrase: str) -> int:
    """As :func:`find_phrase`, the position of the last mention of ``phrase`` that is not negated, or -1."""
    i = padded.rfind(f" {phrase} ")
    while i >= 0 and negated(padded, i + 1, i + 1 + len(phrase)):
        i = padded.rfind(f" {phrase} ", 0, i)
    return i


def parse_choice(text: str, synonyms: dict[str, tuple[str, ...]]) -> str | None:
    """The value whose synonym appears in ``text`` as a whole word or phrase (longest synonym wins),
    leaving out a negated mention ("not a widow", "SC nahi"); ``synonyms`` maps value -> phrases
    (case-folded)."""
    t = padded_words(text)
    best: tuple[int, str] | None = None
    for value, phrases in synonyms.items():
        for p in phrases:
            if (best is None or len(p) > best[0]) and find_phrase(t, p) >= 0:
                best = (len(p), value)
    return best[1] if best else None
