"""Eligibility rules read from a scheme page's own text (``source: extracted``, never ``verified``).

For a scheme with neither hand-checked rules nor myScheme's structured filters (every page of the
~2,000-page dump), :func:`extract_rules` reads the ``eligibility`` and ``exclusions`` sections item by
item (a list item or a sentence: a *unit*) and turns what the field registry can express into
criteria: age bounds (with a gender-dependent limit as ``any``), gender, state of residence, social
category, minority, disability percentage, BPL, income limit (INR per year: a monthly limit is x 12),
occupation, student, marital status, rural/urban, income-tax payer. No model, no network: patterns over
the text, so the same page always gives the same rule.

Rules of the reading (precision before recall: a wrong criterion becomes a wrong verdict):

- Each criterion's ``text`` is its unit exactly as it stands in the section (checked again by the
  rulebook, like a citation). Criteria of one unit joined by "or" ("SC or disabled", "income under
  ₹75,000 or BPL") become ``any``; units are joined by ``all``; units of a list introduced as "any
  one of the following" become one ``any``.
- A condition about someone other than the applicant (the daughter's age, the bride's, an enterprise's
  employees, the children of a worker) is not the applicant's criterion: its unit is listed as
  ``unchecked`` instead.
- A deciding unit the fields cannot express (pregnancy, a death in the family, a course, membership of
  a board, citizenship) is listed as ``unchecked``, so an extracted rule is at best ``likely_eligible``.
- Boundaries lean towards the applicant: "above 60 years" is read as 60 or more and "below 40" as 40 or
  less, because a verdict at a boundary is only "likely" and a wrong "not eligible" costs a person a
  benefit; the quoted sentence shows the exact wording.
- Benchmark disability ("benchmark disability", RPwD Act 2016 s. 2(r)) is 40 per cent or more.
- A widow pension whose eligibility text never names widowhood (it lists age, residence, BPL) takes it from the first
  sentence of its details that names widows (:func:`extract_for`): its quote links to the details section.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

from eligibility.fields import STATES
from eligibility.parse import parse_money
from eligibility.rules import All, AnyOf, Criterion, Node, SchemeRules
from eligibility.rules import criteria as criteria_of

#: bump when the reading changes: an index's saved rules of another version are re-extracted on load
EXTRACTOR_VERSION = 28

# ----------------------------------------------------------------------------------------- units

_MARKER = re.compile(r"^\s*(?:[-*•▪●◦]|\(?\d{1,2}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)])\s+", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)%][.!?])\s+(?=[A-Z(])")


@dataclass
class Unit:
    """A list item or sentence of a section: ``text`` as it stands there, from ``start`` (characters)."""

    text: str
    start: int
    list_head: bool = False  # a heading ("> For registration") or a line ending with ":" announcing items
    alternatives_head: bool = False  # "any one of the following:"
    blank_before: bool = False
    heading: bool = False  # a sub-heading line of the page ("> Definitions")
    item: bool = False  # the line starts with a list marker ("1.", "a)", "-")
    marker: str = ""  # its kind: "number", "letter", "bullet" (items of one list share one)


#: the longest line (characters) read as announcing the list after it when it has no ":" ("Pension will be discontinued")
_ANNOUNCING_CHARS = 60


def units(section: str) -> list[Unit]:
    """The units of a section, in order, each a verbatim slice ``section[start:start + len(text)]``."""
    out: list[Unit] = []
    pos = 0
    blank = False
    for line in section.split("\n"):
        line_start = pos
        pos += len(line) + 1
        stripped = line.strip()
        if not stripped:
            blank = True
            continue
        quote = re.match(r"\s*>\s*", line)  # a sub-heading of the page ("> Definitions")
        m = quote or _MARKER.match(line)
        body_start = line_start + (m.end() if m else len(line) - len(line.lstrip()))
        body = section[body_start:line_start + len(line.rstrip())]
        pieces = [body] if len(body) < 40 else _split_sentences(body)
        offset = 0
        for piece in pieces:
            i = body.find(piece, offset)
            offset = i + len(piece)
            text = piece.strip()
            if len(text) < 8:
                continue
            start = body_start + i + (len(piece) - len(piece.lstrip()))
            head = bool(re.search(r"(?::|:-|\s[-–—])\s*$", text)) or bool(quote)  # "...one of the following -"
            out.append(Unit(text, start, head, head and bool(_ALTERNATIVES.search(text)), blank, bool(quote), bool(m and not quote),
                            _marker_kind(line) if m and not quote else ""))
            blank = False
    return out


def _marker_kind(line: str) -> str:
    """The kind of a line's list marker: "1." -> number, "a)" or "iv." -> letter, "-" -> bullet."""
    mark = line.strip().split(" ", 1)[0].strip("().")
    if mark.isdigit():
        return "number"
    if re.fullmatch(r"[a-z]|[ivx]{1,4}", mark, re.IGNORECASE):
        return "letter"  # letters and roman numerals both mark a nested list
    return "bullet"


def _split_sentences(text: str) -> list[str]:
    parts = _SENTENCE_END.split(text)
    # "Rs. 5,000" and "No. 12" end no sentence: glue pieces that follow an abbreviation
    out: list[str] = []
    for p in parts:
        if out and re.search(r"\b(?:rs|no|nos|smt|shri|sh|dr|mr|mrs|ms|govt|dept|approx|viz|i\.e|e\.g|etc|st|sr|jr|u/s|p\.a)\.$", out[-1], re.IGNORECASE):
            out[-1] = out[-1] + " " + p
        else:
            out.append(p)
    return out


_ALTERNATIVES = re.compile(r"\b(any one|any of|one of|either|any)\b.{0,40}\b(?:following|below)\b|\bfollowing\b.{0,40}\b(categor|any one)|"
                           r"\b(categor\w*|sections?\s+of\s+(?:the\s+)?society)\b.{0,60}\bfollowing\b|"
                           r"\bbelong\w*\s+to\s+(?:any\s+of\s+)?(?:the\s+)?following\b|"
                           r"\bfollowing\s+(?:groups|persons|people|beneficiaries|types|classes|sections)\b|"
                           # "AAY families are to be identified ... as per the criteria prescribed:": the groups
                           # that identify a family (PM-GKAY's widows, landless labourers, artisans ...), any one of which will do
                           r"\bidentif\w*\b.{0,60}\bcriteri(?:a|on)\b", re.IGNORECASE)
#: a unit opening one of several categories of beneficiaries ("Category A | Families holding a yellow ration
#: card", "Category B: farmer families of 14 districts"): the categories are alternatives (MJPJAY's page)
_CATEGORY_LABEL = re.compile(r"^\s*(?:category|categories|group)\s*[-\u2013:]?\s*(?:[A-Z]|\d{1,2}|[IVX]{1,4})\b\s*[|:.\-\u2013)]", re.IGNORECASE)

# ------------------------------------------------------------------------------------ vocabulary

#: a heading whose items are not conditions on the applicant
_ASIDE = re.compile(r"\b(priority|preference|preferential|preferred|weightage|definitions?|explanation|items?|negative\s+list|calculat\w*|documents?|procedure|how\s+to|process|"
                    r"note|notes|terms\s+and\s+conditions|list\s+of\s+(?:industries|activities|sectors|equipment|machinery))\b", re.IGNORECASE)

#: a unit that states a condition only for some applicants
_CONDITIONAL = re.compile(r"(?i)\s*\(?\s*(?:if|in\s+(?:the\s+)?case\s+of|in\s+case|where|when|wherever|for)\b(?!\s+(?:the\s+)?(?:scheme|purpose))")

#: a unit that ends in "or": the next unit is its alternative
_TRAILING_OR = re.compile(r"(?:\(\s*or\s*\)|\bor)\s*[.;:,]?\s*$", re.IGNORECASE)

#: an item giving one gender's age limit ("Men: 65 Years or Above.", "Women :58 Years or Above", "For females - 60
#: years and above"; Punjab's old-age pension): the gender is no condition of its own, the limit goes with it
_GENDER_AGE = re.compile(r"\s*(?:for\s+)?(?:(?P<male>men|males?)|(?P<female>women|females?))\s*[:\-–]+\s*(?P<age>\d{2,3})\s*"
                         r"(?:years?|yrs?)\s*(?:(?:or|and|&)\s+(?:above|more|older)|\+|of\s+age\s+(?:or|and)\s+above)?\s*[.;]?\s*$",
                         re.IGNORECASE)


#: the same said as a sentence of its own ("The female applicant should be 55 years or older.", "The male applicant should
#: be aged 58 years or older": Rajasthan's old age pension, whose two lines had been read as one rule for a woman of 58 or
#: more, and every man NOT ELIGIBLE, a newcomer trial)
_GENDER_AGE_SENTENCE = re.compile(r"\s*(?:the\s+)?(?:(?P<male>male|men)|(?P<female>female|women))\s+(?:applicants?|beneficiar(?:y|ies)|candidates?)\s+"
                                  r"(?:should|must|shall)\s+be\s+(?:aged\s+)?(?P<age>\d{2,3})\s*(?:years?|yrs?)\s*(?:of\s+age\s*)?"
                                  r"(?:(?:or|and)\s+(?:above|more|older))?\s*[.;,]?\s*$", re.IGNORECASE)


def _gender_age(text: str) -> re.Match | None:
    """:data:`_GENDER_AGE` or :data:`_GENDER_AGE_SENTENCE` matching the whole of ``text``."""
    return _GENDER_AGE.fullmatch(text) or _GENDER_AGE_SENTENCE.fullmatch(text)


def gender_ages(section_units: list[Unit], unit_url: str) -> dict[int, Node | None]:
    """The units of a section that give one gender's age limit (:data:`_GENDER_AGE`), by position: the first of
    a run of such items maps to the rule (for both genders, ``any`` of gender and age for each: "Men: 65 ...",
    "Women: 58 ..."), the others to ``None`` (read already)."""
    out: dict[int, Node | None] = {}
    i = 0
    while i < len(section_units):
        run = []
        while i < len(section_units) and (m := _gender_age(section_units[i].text)) and 0 < int(m.group("age")) <= 120:
            run.append((i, m))
            i += 1
        if not run:
            i += 1
            continue
        options = []
        for at, m in run:
            unit = section_units[at]
            gender = _crit("gender", "eq", "male" if m.group("male") else "female", unit, unit_url)
            age = _crit("age", "gte", _number(m.group("age")), unit, unit_url)
            if gender and age:
                options.append(All(all=[gender, age]))
        genders = {o.all[0].value for o in options}  # type: ignore[union-attr]
        node: Node | None = AnyOf(any=options) if len(genders) == 2 else (options[0] if len(options) == 1 else None)
        for n, (at, _) in enumerate(run):
            out[at] = node if n == 0 else None
    return out


#: a note under the conditions ("Note 01: ...", "N.B."): an explanation, not a condition
_NOTE = re.compile(r"(?i)\s*(?:note|n\.\s?b\.?|nb)\b\s*(?:\d+\s*)?[:.-]")

#: someone other than the applicant: a criterion of a unit whose subject is one of these is theirs
_OTHER_PERSON = re.compile(
    r"\b(?:boy|girl|man|woman|person)\s+(?:to|with)\s+whom\b|"
    r"\b(daughters?|sons?|child|children|girl child|bride|groom|bridegroom|spouse|husband|wife|ward|wards|dependents?|"
    r"father|mother|parents?|family members?|member of the family|deceased|descendants?|grand ?children)\b", re.IGNORECASE)
#: an organisation rather than a person as the subject
_ENTITY = re.compile(
    r"\b(unit|units|enterprise|enterprises|company|companies|firm|firms|institution|institutions|institute|organi[sz]ations?|"
    r"societ(y|ies)|ngos?|shgs?|self[- ]help groups?|fpos?|cooperatives?|co-operatives?|industr(y|ies)|projects?|"
    r"start-?ups?|msmes?|vessels?|boats?|hospitals?|schools?|colleges?|universit(y|ies)|trusts?|panchayats?|group|groups|"
    r"employers?|establishments?|factor(y|ies)|mills?|agenc(y|ies)|centres?|centers?|shops?|barbershops?|salons?|stores?|"
    r"outlets?|clinics?|workshops?|premises|vehicles?|clusters?)\b", re.IGNORECASE)
#: the applicant named as the subject
_APPLICANT = re.compile(
    r"\b(applicants?|beneficiar(y|ies)|candidates?|students?|persons?|people|individuals?|he|she|one|"
    r"women|woman|men|man|girls?|boys?|widows?|farmers?|workers?|citizens?|residents?|pensioners?|scholars?|"
    r"youths?|entrepreneurs?|artisans?|weavers?|fisherm[ae]n|vendors?|senior citizens?|elderly|transgenders?|"
    r"labourers?|employees?|members?|claimants?|trainees?|sportspersons?|players?|athletes?)\b", re.IGNORECASE)
_MODAL = re.compile(r"\b(should|must|shall|will|is|are|has|have|needs? to|to be|can|may|eligible|belongs?|belonging|only)\b", re.IGNORECASE)
_DECIDING = re.compile(
    r"\b(must|should|shall|only|required|requires|eligible|ineligible|not entitled|entitled|not be|cannot|can not|"
    r"has to|have to|need to|needs to|minimum|maximum|at least|not exceed|limited to|restricted to|applicable (?:to|for)|"
    r"open to|meant for|available (?:to|for)|can apply|can avail|are covered|is covered)\b", re.IGNORECASE)
_PROCEDURE = re.compile(
    r"\b(submit|upload|apply online|application form|documents?|attach|attested|photograph|within \d+ days|"
    r"last date|portal|sanction|disburs|released|installment|instalment|verification|verified by)\b", re.IGNORECASE)
#: conditions no field expresses, but that decide: a verdict must say they were not checked
LIFE_EVENT = re.compile(
    r"\b(pregnan\w*|lactating|expectant|delivery|deliveries|childbirth|child birth|live birth|gave birth|"
    r"death|died|dies|deceased|demise|passed away|killed|orphans?|accident\w*|terminally|cancer|"
    r"marriage|wedding|(?:will|shall|to|intends?\s+to|proposes?\s+to)\s+(?:also\s+)?(?:be|get)\s+married)\b", re.IGNORECASE)

_NUM = r"(?:[A-Za-z-]+\s*\(\s*)?(?<![\d.])(\d{1,3}(?:\.\d)?)(?![\d])\)?"  # "17.5 to 23 years": a decimal is one number, not its last digit
_YEARS = r"\s*(?:\(\s*\w+\s*\)\s*)?(?:completed\s+)?years?"

_AGE_CUE = re.compile(r"\bages?\b|\baged\b|years?\s+old|years?\s+of\s+age|\byrs\b|age[- ]group|\bage limit", re.IGNORECASE)
_AGE_PERSON = re.compile(
    r"\b(applicants?|beneficiar(y|ies)|candidates?|persons?|he|she|woman|women|man|men|widows?|farmers?|workers?|students?|"
    r"citizens?|individuals?|girls?|boys?|youths?|pensioners?)\b[^.;:]{0,30}\b(be|are|is)\b[^.;:]{0,25}\d{1,3}\s*years?"
    # "All women of 60 years and above residing in ... Punjab" (a break-it trial: the age was dropped, and a woman of 30
    # was "likely eligible" for Punjab's free bus travel for women over 60)
    r"|\b(?:persons?|women|men|widows?|citizens?|individuals?|people|elderly|seniors?)\s+of\s+\d{1,3}\s*years?\s+(?:and|or)\s+(?:above|more|over)\b",
    re.IGNORECASE)

_BETWEEN = [
    re.compile(r"\bbetween\s+(?:the\s+ages?\s+(?:group\s+)?of\s+)?" + _NUM + r"(?:" + _YEARS + r")?\s*(?:and|to|&|-)\s*" + _NUM + _YEARS, re.IGNORECASE),
    re.compile(r"\b(?:from\s+)?" + _NUM + r"(?:" + _YEARS + r")?\s*(?:to|-|–)\s*" + _NUM + _YEARS, re.IGNORECASE),
    re.compile(r"\bminimum\s+(?:age\s+)?(?:of\s+)?" + _NUM + _YEARS + r"[^.;]{0,30}?\bmaximum\s+(?:age\s+)?(?:of\s+)?" + _NUM + r"\b", re.IGNORECASE),
    # "the minimum age of joining APY is 18 years and maximum is 40 years"
    re.compile(r"\bminimum\s+age\b[^.;\d]{0,40}?\b(?:is|of|be)\s+" + _NUM + _YEARS + r"[^.;\d]{0,30}?\bmaximum\b[^.;\d]{0,30}?\b(?:is|of|be)\s+" + _NUM + r"\b", re.IGNORECASE),
    # "poor rural youth in the age group 15-35" (no "years" after the range)
    re.compile(r"\bage[- ]group\s+(?:of\s+)?" + _NUM + r"\s*(?:-|–|to)\s*" + _NUM + r"\b", re.IGNORECASE),
    # "Age should be between 60 to 150." (no "years": the sentence is about the age)
    re.compile(r"^\s*age\s+(?:should|must|shall)\s+be\s+between\s+" + _NUM + r"\s*(?:and|to|-|–)\s*" + _NUM + r"\b", re.IGNORECASE),
]
_AT_LEAST = [
    re.compile(_NUM + _YEARS + r"(?:\s+of\s+age|\s+old)?\s*(?:or|and|&)\s*(?:above|more|older|over|beyond)", re.IGNORECASE),
    re.compile(r"\b(?:at\s+least|minimum(?:\s+age)?(?:\s+of)?|not\s+less\s+than|above|over|more\s+than|older\s+than|attained(?:\s+the\s+age\s+of)?|completed|exceeding)\s+(?:the\s+age\s+of\s+)?" + _NUM + _YEARS, re.IGNORECASE),
    re.compile(r"\bminimum\s+age\s*(?:limit\s*)?(?:is|:|of|should be|shall be|-)?\s*" + _NUM, re.IGNORECASE),
    re.compile(r"\bage\s+(?:should|must|shall)\s+be\s+(?:at\s+least|minimum|above|more\s+than)\s+" + _NUM, re.IGNORECASE),
]
_AT_MOST = [
    re.compile(_NUM + _YEARS + r"(?:\s+of\s+age|\s+old)?\s*(?:or|and|&)\s*(?:below|less|under|younger)", re.IGNORECASE),
    re.compile(r"\b(?:at\s+most|maximum(?:\s+age)?(?:\s+of)?|not\s+more\s+than|below|under|less\s+than|younger\s+than|up\s*to|upto|not\s+(?:be\s+)?(?:above|exceed(?:ing)?|over)|does\s+not\s+exceed|should\s+not\s+exceed|must\s+not\s+exceed)\s+(?:the\s+age\s+of\s+)?" + _NUM + _YEARS, re.IGNORECASE),
    re.compile(r"\b(?:maximum|upper)\s+age\s*(?:limit\s*)?(?:is|:|of|should be|shall be|-)?\s*" + _NUM, re.IGNORECASE),
    # "the age limit for the students is 30 years at the time of admission" (a bare "age limit" is an upper one)
    re.compile(r"(?<!minimum )(?<!lower )\bage\s+limit\b[^.;\d]{0,40}?\b(?:is|of|shall\s+be|should\s+be)\s+" + _NUM + _YEARS, re.IGNORECASE),
]
_NOT_AGE_AFTER = re.compile(r"^\s*(?:of\s+)?(?:experience|service|membership|residence|residing|stay|standing|old\s+(?:record|account|data))", re.IGNORECASE)

_FEMALE = re.compile(r"\b(women|woman|female|females|girls?|widows?|ladies|lady|mothers?|daughters?)\b", re.IGNORECASE)
_MALE = re.compile(r"\b(men|man|male|males|boys?|husbands?|widowers?|sons?|fathers?)\b", re.IGNORECASE)
_TRANSGENDER = re.compile(r"\btransgenders?\b|\bthird gender\b", re.IGNORECASE)
#: a share of the scheme set apart for a group ("About 40% of the targeted beneficiaries ... should be from
#: weaker sections", "24% of total grants-in-aid ... for SC/ST entrepreneurs", "at least half of the
#: beneficiaries having family income up to ..."; or the share told after the group): a quota, not a condition on
#: the applicant
_QUOTA = re.compile(r"\b(?:\d+(?:\.\d+)?\s*(?:%|per\s*cent|percent)|half|one[- ]third|a\s+third|two[- ]thirds|a\s+quarter)\s+of\s+"
                    r"(?:the\s+)?(?:[\w-]+\s+){0,4}?(?:seats|posts|beneficiar\w*|funds?|members|grants?|allocations?|budget|outlay|"
                    r"targets?|units|loans|projects|applicants|candidates|participants|trainees|assistance|amount|coverage)"
                    # the share told after the group: "SC/ST: 50%, Minorities: 7%", "of which at least 50% shall be women",
                    # "villages having more than 50% SC population", "the number of SC beneficiaries should be at least 60%"
                    r"|\b(?:SCs?|STs?|OBCs?|women|minorities|others)\s*:\s*\d+(?:\.\d+)?\s*%"
                    r"|\bat\s+least\s+\d+(?:\.\d+)?\s*%\s+(?:shall|should|must|will)\s+be\b"
                    r"|\d+(?:\.\d+)?\s*%\s+(?:[\w/-]+\s+){0,2}population\b"
                    r"|\bnumber\s+of\s+(?:[\w/-]+\s+){0,3}(?:beneficiar\w*|members|employees)\s+(?:should|shall|must)\s+be\s+(?:at\s+least\s+)?\d",
                    re.IGNORECASE)
#: words that order or favour applicants (a priority, a preference): no condition on anyone
_ORDERING = r"preference|priority|preferably|weightage"
_SOFT = re.compile(r"\b(" + _ORDERING + r"|reserved|reservation|relax\w*|quota|encouraged|earmarked|representation|"
                   r"allocation|proportionate|ranked|ranking|exempt\w*|"
                   r"extendable|extended\s+by|concession\w*|slots?)|" + _QUOTA.pattern, re.IGNORECASE)

_CATEGORY_PATTERNS = [
    ("sc", re.compile(r"\b(?i:scheduled\s+castes?)\b|\bSCs?\b(?!\s*/?\s*ST\s+Act)|\b(?i:dalits?)\b")),
    ("st", re.compile(r"\bscheduled\s+tribes?\b|(?<![A-Za-z])STs?\b(?![-.]?\d)|\badivasis?\b", re.IGNORECASE)),
    ("obc", re.compile(r"\bOBCs?\b|\bother\s+backward\s+class(?:es)?\b|\bbackward\s+class(?:es)?\b|\bMBCs?\b|\bmost\s+backward\b", re.IGNORECASE)),
    ("ews", re.compile(r"\bEWS\b|\beconomically\s+weaker\s+sections?\b", re.IGNORECASE)),
    ("pvtg", re.compile(r"\bPVTGs?\b|\bparticularly\s+vulnerable\s+tribal", re.IGNORECASE)),
    ("dnt", re.compile(r"\bDNTs?\b|\bde-?notified\b|\bnomadic\b", re.IGNORECASE)),
]
_CATEGORY_CONTEXT = re.compile(r"\bbelong\w*|\bcategor\w*|\bcommunit\w*|\bcastes?\b|\btribes?\b|\bcandidates?\b|\bstudents?\b|\bapplicants?\b|\bfamil\w*|\bpersons?\b|\bwomen\b|\bbeneficiar\w*|\bfrom\b|\bhouseholds?\b|\bSC\b|\bST\b|\bOBC\b", re.IGNORECASE)
#: a sentence waiving a requirement rather than setting one: "... is not mandatory", "need not be submitted"
_RELAXING = re.compile(r"\b(?:is|are|will be|shall be)\s+not\s+(?:mandatory|compulsory|required|necessary|needed|essential)\b|"
                       r"\bnot\s+(?:be\s+)?(?:mandatory|compulsory)\b|\bneed\s+not\b|\bis\s+optional\b", re.IGNORECASE)
_CATEGORY_NEGATED = re.compile(r"\b(other than|non[- ]?(sc|st|obc)|except|excluding|not belong\w*|does not belong|general category|not be\s+(?:from|of))\b", re.IGNORECASE)
_ST_FALSE = re.compile(r"\b(1st|st\.|st\s+(?:joseph|xavier|mary|paul|thomas))\b", re.IGNORECASE)

_MINORITY = re.compile(r"\bminorit(?:y|ies)\b|\b(muslims?|christians?|sikhs?|buddhists?|jains?|parsis?|zoroastrians?)\b", re.IGNORECASE)
_DISABILITY = re.compile(r"\bdisab\w*|\bdifferently[- ]abled\b|\bspecially[- ]abled\b|\bhandicap\w*|\bdivyang\w*|\bimpair\w*|\bincapacit\w*|\bpwds?\b|\bblind\w*|\bdeaf\w*|\bleprosy", re.IGNORECASE)
_PERCENT = re.compile(r"(\d{2,3})\s*(?:%|per\s*cent|percent)")
_BPL = re.compile(r"\bBPL\b|\bbelow\s+(?:the\s+)?poverty\s+line\b|\bantyodaya\b|\bAAY\b|\bpriority\s+household", re.IGNORECASE)
_APL = re.compile(r"\bAPL\b|\babove\s+(?:the\s+)?poverty\s+line\b", re.IGNORECASE)

def _money_words(amount: str) -> str:
    """An amount as a page writes it, in the words :func:`eligibility.parse.parse_money` reads: "₹2, 00,000"
    (a space after a grouping comma), "1.20 Laks", "8lahksh", "lacs" as lakh."""
    amount = re.sub(r",\s+(?=\d)", ",", amount)
    return re.sub(r"(?i)\b(?:lacs?|laks?|lahkh?s?h?)\b|(?<=\d)(?:lacs?|laks?|lahkh?s?h?)\b", " lakh", amount)


_MONEY = re.compile(
    r"(?:₹|\brs\.?|\binr\b|\brupees?\b)\s*\d(?:,\s(?=\d{2})|[\d,])*(?:\.\d+)?\s*(?:/-)?\s*(?:lakhs?|lacs?|laks?|lahkh?s?h?|crores?|thousand)?"
    r"|\b\d[\d,]*(?:\.\d+)?\s*(?:lakhs?|lacs?|laks?|lahkh?s?h?|crores?)\b(?:\s*(?:rupees|/-))?"
    r"|\b\d{1,3}(?:,\d{2,3})+(?:\s*/-)?(?=\s*(?:per|p\.?\s?a|annually|a year|per month|monthly|or less|or below|$|\)|\.|,|\s))",
    re.IGNORECASE)
_INCOME = re.compile(r"\bincome\b|\bearning\w*\b|\bsalary\b|\bemoluments?\b|\bremuneration\b|\bwages?\b", re.IGNORECASE)
_INCOME_NOT_PERSON = re.compile(r"\bturnover\b|\bproject\s+cost\b|\binvestment\b|\bcapital\b|\bloan\b|\bsubsidy\b|\bunit\b|\benterprise\b|\bprice\b|\bcost\b|\bfee\b|\bpremium\b|\bincome\s+tax\b", re.IGNORECASE)
_AT_MOST_MONEY = re.compile(r"\b(not\s+(?:be\s+)?(?:exceed\w*|more\s+than|above|over)|does\s+not\s+exceed|less\s+than|below|under|up\s*to|upto|within|maximum|max\.?|ceiling|limit|or\s+less|or\s+below|lower\s+than|not\s+greater\s+than|≤|<)", re.IGNORECASE)
_AT_LEAST_MONEY = re.compile(r"\b(more than|above|exceed(?:s|ing)?|greater than|at least|minimum)\b", re.IGNORECASE)
_MONTHLY = re.compile(r"\bper\s+month\b|\bmonthly\b|\bp\.?\s?m\.?\b|\ba\s+month\b|/\s*month\b|\bper\s+mensem\b", re.IGNORECASE)

_INCOME_TAX = re.compile(r"\bincome[- ]?tax\s*(?:payers?|payees?|assessees?|returns?)?\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(not|no|never|neither|nor|non|cannot|can't|shouldn't|mustn't|ineligible|excluded|exclusion)\b", re.IGNORECASE)

_OCCUPATIONS: list[tuple[str, re.Pattern[str]]] = [
    ("farmer", re.compile(r"\bfarmers?\b|\bcultivators?\b|\bagriculturists?\b|\bkisan\b", re.IGNORECASE)),
    ("agricultural_labourer", re.compile(r"\bagricultural\s+labou?rers?\b|\bfarm\s+labou?rers?\b", re.IGNORECASE)),
    ("construction_worker", re.compile(r"\bconstruction\s+workers?\b|\bbuilding\s+(?:and|&)\s+(?:other\s+)?construction\b|\bBOCW\b", re.IGNORECASE)),
    ("street_vendor", re.compile(r"\bstreet\s+vendors?\b|\bhawkers?\b", re.IGNORECASE)),
    ("fisher", re.compile(r"\bfisher(?:m[ae]n|folk|wom[ae]n|s)?\b", re.IGNORECASE)),
    # ("veteran" alone is a former soldier, not a veteran category of sportspersons or artists)
    ("ex_serviceman", re.compile(r"\bex[- ]?servicem[ae]n\b|\bex[- ]?servicewom[ae]n\b"
                                 r"|\bveterans?\b(?![^.;]{0,30}\b(?:sports?\w*|players?|athletes?|artists?|artistes?|categor(?:y|ies)))", re.IGNORECASE)),
    ("artisan_weaver", re.compile(r"\bartisans?\b|\bweavers?\b|\bcraftsm[ae]n\b|\bhandloom\s+workers?\b", re.IGNORECASE)),
    ("unorganised_worker", re.compile(r"\bunorgani[sz]ed\s+(?:sector\s+)?workers?\b", re.IGNORECASE)),
    ("unemployed", re.compile(r"\bunemployed\b|\bjobless\b|\bnot\s+(?:gainfully\s+)?employed\b", re.IGNORECASE)),
]
_GOVT_EMPLOYEE = re.compile(r"\b(?:government|govt\.?|central|state|public\s+sector)\s+(?:servants?|employees?|jobs?|service)\b|\bin\s+government\s+service\b", re.IGNORECASE)
_STUDENT = re.compile(r"\b(?:studying|pursuing|enrolled|admitted|admission|currently\s+in\s+class|students?|scholars?)\b", re.IGNORECASE)
_RURAL = re.compile(r"\brural\b|\bvillages?\b|\bgram\s+panchayat", re.IGNORECASE)
_URBAN = re.compile(r"\burban\b|\bcity\b|\bcities\b|\btowns?\b|\bmunicipal", re.IGNORECASE)
_RESIDENCE_CONTEXT = re.compile(r"\bresid\w*|\bliving\b|\blives\b|\bfrom\b|\bbelong\w*|\bhouseholds?\b|\bfamil\w*|\bareas?\b|\bin\s+(?:a\s+|the\s+)?(?:rural|urban)", re.IGNORECASE)

_STATE_NAMES = sorted(((alias, name) for name, aliases in STATES.items() for alias in aliases if (len(alias) > 3 or alias.lower() == name.lower()) and alias.isascii()),
                      key=lambda p: -len(p[0]))
_STATE_ALIAS = re.compile(r"\b(" + "|".join(re.escape(a) for a, _ in _STATE_NAMES) + r")\b", re.IGNORECASE)
_STATE_OF_ALIAS = {a.lower(): n for a, n in _STATE_NAMES}
_DOMICILE = re.compile(r"\b(resident|residents|domicile|domiciled|native|natives|permanent(?:ly)?\s+resid\w*|residing|reside|resides|resided|living|lives|belong(?:s|ing)?\s+to|hail(?:s|ing)?\s+from|citizen\s+of)\b", re.IGNORECASE)
_OWN_STATE = re.compile(r"\b(?:of|in|to)\s+(?:the|this|that)\s+(?:state|union\s+territory|ut)\b|\bstate\s+domicile\b", re.IGNORECASE)


# -------------------------------------------------------------------------------------- readers

@dataclass
class _Found:
    """Criteria read from one unit, and whether the unit says more than they express."""

    criteria: list[Criterion] = field(default_factory=list)
    alternatives: bool = False  # the unit's criteria are joined by "or"
    other_person: bool = False  # a condition about someone else was left out
    rest: bool = False  # the unit states a deciding condition no criterion expresses
    unread_only: bool = False  # ... and that condition is only one beside those read (see _UNREAD), no alternative to them
    untyped_alternative: bool = False  # one way in is a person no field names ("/Dependent of an Ex-serviceman")
    area_limit: tuple[str, int] | None = None  # the income criterion's lower limit and its area (see _income_limits)


def _crit(field_name: str, op: str, value: Any, unit: Unit, url: str) -> Criterion | None:
    try:
        return Criterion(field=field_name, op=op, value=value, text=unit.text, verified=False, url=url)
    except ValueError:
        return None


def _subject(text: str) -> str:
    """The words before the unit's first verb: who the condition is about."""
    m = _MODAL.search(text)
    return text[:m.start()] if m else text[:60]


_OF_APPLICANT = re.compile(
    r"\b(?:parents?|father|mother|guardians?|spouse|husband|wife|famil(?:y|ies)(?:\s+members?)?|child|children|wards?|(?:grand[- ]?)?sons?|"
    r"(?:grand[- ]?)?daughters?|grand[- ]?children)(?:\s*/\s*(?:grand[- ]?)?\w+)*\s+of\s+"
    r"(?:the\s+|an?\s+)?(?:applicant|candidate|beneficiary|student)s?\b", re.IGNORECASE)


#: people the applicant takes on: the condition is theirs ("The trainees selected by the applicant (MSME) shall be ...")
_CHOSEN_BY_APPLICANT = re.compile(r"\b(?:selected|employed|engaged|hired|appointed|nominated|sponsored|enrolled|trained)\s+by\s+(?:the\s+)?"
                                  r"(?:applicant|beneficiary|enterprise|unit|company|institution|organi[sz]ation)s?\b", re.IGNORECASE)


def _about_other(text: str, at: int) -> bool:
    """True when the words governing position ``at`` name someone other than the applicant ("the age of
    the bride", "daughters of registered workers")."""
    if _OF_APPLICANT.search(text[max(0, at - 60):at]):  # "the parent of the applicant should be a weaver"
        return True
    if _CHOSEN_BY_APPLICANT.search(text[:at]):  # "The trainees selected by the applicant (MSME) shall be between 18 to 25 years"
        return True
    clause_start = max(text.rfind(sep, 0, at) for sep in (";", ",", "(", " and ", " or ", ":")) + 1
    window = text[max(0, clause_start - 1):at]
    if _OTHER_PERSON.search(window) and not re.search(r"\b(applicant|beneficiary|candidate)\b(?!['’]s)", window, re.IGNORECASE):
        return True
    subject = _subject(text)
    if _OF_APPLICANT.search(subject):  # "The child of the applicant should be enrolled in a school"
        return True
    if _OTHER_PERSON.search(subject) and not re.search(r"\b(applicant|candidate|beneficiary|student|widow)s?\b(?!['’]s)", subject, re.IGNORECASE):
        return True
    return False


#: the page says a parent or guardian applies for the child ("The girl's parent or legal guardian opens the account",
#: "the application is submitted by the parents")
_GUARDIAN_APPLIES = re.compile(
    r"\b(?:parents?|(?:legal\s+)?guardians?)\b[^.\n]{0,30}\b(?:opens?|applies|apply|submits?|fills?)\b"
    r"|\b(?:opened|applied(?:\s+for)?|submitted|filled)\s+by\s+(?:the\s+|her\s+|his\s+|their\s+)?(?:parents?|(?:legal\s+)?guardians?)\b",
    re.IGNORECASE)
#: a unit whose subject is a child (the beneficiary when a parent applies)
_CHILD_SUBJECT = re.compile(r"\b(?:girls?|girl\s+child|child|children|daughters?|sons?|boys?|new\s*borns?|infants?|account\s+holder)\b",
                            re.IGNORECASE)

#: a unit whose subject is the parents themselves, with a condition on them ("Parents should be natives of ...",
#: "The mother or father must not be an income taxpayer"; not "Parents' income ...", a family's income)
_PARENT_SUBJECT = re.compile(r"\s*(?:the\s+)?(?:parents|(?:legal\s+)?guardians?|mother\s*(?:/|or)\s*father|father\s*(?:/|or)\s*mother)"
                             r"\s+(?:should|must|shall|need\s+to|has\s+to|have\s+to|are\s+required)\b", re.IGNORECASE)
#: a young child as a unit's subject (a "girl student" applies herself: her scholarship's gender holds)
_YOUNG_CHILD_SUBJECT = re.compile(r"\b(?:girl\s+child|child|children|daughters?|new\s*borns?|infants?)\b", re.IGNORECASE)


def _about_entity(text: str) -> bool:
    """True when the unit's subject is an organisation ("the enterprise", "a Farmer Producer
    Organization"), not a person: an entity word with no person named, or right after one (a compound)."""
    subject = _subject(text)
    entity = _ENTITY.search(subject)
    if not entity:
        return False
    person = [m for m in _APPLICANT.finditer(subject) if m.end() <= entity.start()]
    if re.fullmatch(r"\s*(?:the\s+|all\s+)?members?\s+of\s+(?:the\s+|a\s+|an\s+|such\s+)?", subject[:entity.start()], re.IGNORECASE):
        return True  # "The members of the Society/Agency should be silk-weaving artisans": the society's condition
    # (persons named inside brackets describe the entity: "stakeholders (owners/partners/trustees/members ...)")
    if not person and not _APPLICANT.search(re.sub(r"\([^)]*\)", " ", subject)):
        return True
    return bool(person) and re.fullmatch(r"[\s\w()'-]{0,25}", subject[person[-1].end():entity.start()]) is not None and not re.search(
        r"\b(of|by|for|to|and|or|in|from|with|who|which|whose)\b", subject[person[-1].end():entity.start()], re.IGNORECASE)


def _number(digits: str) -> int | float:
    """ "18" -> 18, "17.5" -> 17.5 (years)."""
    v = float(digits)
    return int(v) if v.is_integer() else v


_NEGATED_ELIGIBILITY = re.compile(r"\b(not\s+(?:be\s+)?eligible|ineligible|not\s+entitled|(?:shall|will|would|can|could|may)\s*not\s+be\s+(?:considered|covered)|"
                                  r"cannot\s+be\s+(?:considered|covered)|(?:cannot|can\s+not|may\s+not)\s+apply|are\s+not\s+(?:considered|covered))\b", re.IGNORECASE)
#: a widow as the alternative to someone the fields cannot express ("an ESM or his widow", "ward/widow")
_WIDOW_ALTERNATIVE = re.compile(r"\bhis\s+widows?\b|\w\s*/\s*widows?\b|\bwidows?\s*/\s*\w|\bor\s+(?:the\s+)?widows?\b", re.IGNORECASE)


#: years that are a length of time, not an age ("the period of social service should be 15 years",
#: "residing in the state for 10 years", "can work up to the age of 70" is a tenure too)
_TENURE = re.compile(r"\b(?:period|experience|membership|tenure|residing|stay\w*|continuous(?:ly)?|can\s+work|work\s+under|existence|operation)\b"
                     r"|\bservice\s+(?:of|for)\b|\bof\s+(?:the\s+)?(?:social\s+)?service\b", re.IGNORECASE)


#: the age of an organisation, not of a person ("Age of the applicant University/Institution should be at least 3 years")
_ENTITY_AGE = re.compile(r"\bage\s+of\s+(?:the\s+|an?\s+)?(?:applicant\s+)?" + _ENTITY.pattern, re.IGNORECASE)
#: the age of a tree or an animal ("palms for insurance in specified age groups, (4-60 years for dwarf ...)", Coconut Palm Insurance):
#: no person named between the thing and the age
_THING_AGE = re.compile(r"\b(?:palms?|trees?|plants?|saplings?|animals?|cattle|livestock|cows?|buffalo(?:es)?|goats?|sheep|bullocks?|"
                        r"houses?|buildings?|dwellings?|construction\s+of\s+the\s+house|vehicles?|machines?|machinery|boats?|vessels?)\b"
                        r"(?:(?!\b(?:applicants?|farmers?|growers?|persons?|beneficiar\w+|members?|he|she|they)\b)[^.;]){0,60}(?:\bage[ds]?\b|\byears?\s+old\b)",
                        re.IGNORECASE)


_UNITS = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
#: a number in words from ten to ninety-nine ("sixty years", "between eighteen and forty-five years"), not one glossed by its
#: digits ("sixty (60) years", read as written); read in a sentence that speaks of an age
_AGE_WORDS = re.compile(rf"\b(?:(?P<tens>{'|'.join(_TENS)})(?:[- ](?P<unit>{'|'.join(_UNITS)}))?|(?P<teen>{'|'.join(_TEENS)}))\b(?!\s*\(\s*\d)",
                        re.IGNORECASE)


def _digits_for_words(text: str) -> str:
    """``text`` with each number from ten to ninety-nine written in words in digits when it speaks of an age ("of the age
    of sixty years or above" -> "... 60 years or above"; a break-it trial: a 10-year-old girl was "likely eligible" for an
    award to mothers of sixty or more); else ``text`` unchanged."""
    if not (_AGE_CUE.search(text) or re.search(r"\byears?\b", text, re.IGNORECASE)):
        return text
    def digits(m: re.Match) -> str:
        if m.group("teen"):
            return str(10 + _TEENS.index(m.group("teen").lower()))
        unit = _UNITS.index(m.group("unit").lower()) + 1 if m.group("unit") else 0
        return str(20 + 10 * _TENS.index(m.group("tens").lower()) + unit)
    return _AGE_WORDS.sub(digits, text)


#: the applicant named an adult ("An adult woman belonging to a poor household", PMUY): 18 years or more, the age of
#: majority (Indian Majority Act, 1875, s. 3); not an adult of the household ("an adult member of the family")
_ADULT = re.compile(r"^\s*(?:(?:the\s+)?applicants?\s+(?:should|must|shall)\s+be\s+)?an?\s+adult\s+(?:wom[ae]n|m[ae]n|persons?|citizens?|individuals?|applicants?)\b",
                    re.IGNORECASE)
ADULT_AGE = 18


def _ages(unit: Unit, url: str) -> tuple[list[Criterion], bool]:
    """Age criteria of a unit (a limit by gender as ``any`` of two ``all``) and whether one was about
    someone else. Ages in words before "years" are read as digits; an applicant said to be an adult is
    :data:`ADULT_AGE` or more."""
    text = _digits_for_words(unit.text)
    if _ADULT.search(text) and not re.search(r"\d", text):
        adult = _crit("age", "gte", ADULT_AGE, unit, url)
        return ([adult] if adult else []), False
    if not (_AGE_CUE.search(text) or _AGE_PERSON.search(text)) or _ENTITY_AGE.search(text) or _THING_AGE.search(text):
        return [], False  # (nor "Age of the applicant University/Institution": its 3 years of existence)
    if re.search(rf"\b(?:{_ORDERING})\b", text, re.IGNORECASE):
        return [], False  # "Priority will be given to ... unmarried women aged above 35 years": an order, not a limit
    if (re.search(r"\b(?:girl|bride|woman|daughter)\b", text, re.IGNORECASE) and re.search(r"\b(?:boy|groom|bridegroom|man)\b", text, re.IGNORECASE)
            and re.search(r"\bmarri\w*", text, re.IGNORECASE)) or re.search(r"\bat\s+the\s+time\s+of\s+(?:the\s+|her\s+|his\s+)?marriage\b", text, re.IGNORECASE):
        # "The age limit of the girl at the time of marriage should be 18 years and the age of the boy should be 21": the
        # couple's legal ages, not one applicant's limit (read as "at most 18", a woman of 22 was ruled out)
        return [], True
    found: list[tuple[int, str, Any]] = []  # (position, op, value)
    taken: list[tuple[int, int]] = []

    def free(m: re.Match) -> bool:
        before = text[max(0, m.start() - 60):m.start()]
        tenure = _TENURE.search(before) and not re.search(r"\bages?\b|\baged\b", before[-30:], re.IGNORECASE)
        # (a bound said, "60 years and above", is an age whatever follows it: "... and above residing in Punjab")
        bound = re.search(r"\b(?:above|more|over|older)\s*$", m.group(0), re.IGNORECASE)
        # "the minimum & maximum age could be relaxed by upto 5 years": by how much a limit gives, no limit itself
        relaxation = re.search(r"\b(?:relax\w*|concession)\s+(?:of\s+|by\s+)?(?:up\s*to\s+|a\s+maximum\s+of\s+)?$", before, re.IGNORECASE)
        return not relaxation and all(m.end() <= a or m.start() >= b for a, b in taken) and not (_NOT_AGE_AFTER.match(text[m.end():]) and not bound) \
            and not tenure

    for p in _BETWEEN:
        for m in p.finditer(text):
            lo, hi = _number(m.group(1)), _number(m.group(2))
            if free(m) and 0 < lo < hi <= 120:
                found.append((m.start(), "between", [lo, hi]))
                taken.append(m.span())
            elif free(m) and 0 < lo <= 120 < hi <= 200:
                # "between 60 to 150" (Uttar Pradesh's old age pension): no upper limit in a life, the lower one holds
                found.append((m.start(), "gte", lo))
                taken.append(m.span())
    for op, patterns in (("gte", _AT_LEAST), ("lte", _AT_MOST)):
        for p in patterns:
            for m in p.finditer(text):
                v = _number(m.group(1))
                if free(m) and 0 < v <= 120:
                    negated = re.search(r"\bnot\s+(?:be\s+)?$", text[max(0, m.start() - 8):m.start()], re.IGNORECASE)
                    # "should not be more than 30 years": the other way round
                    found.append((m.start(), ("lte" if op == "gte" else "gte") if negated else op, v))
                    taken.append(m.span())
    if not found:
        return [], False
    # "at least 21 years for men and 18 years for women": the second limit takes the first one's sense
    first_op = min(found)[1]
    for m in re.finditer(r"(?:\band|,)\s+" + _NUM + r"\s*years?(?:\s+old|\s+of\s+age)?\s+(?:for|in\s+the\s+case\s+of)\s+(?:the\s+)?(?:wom[ae]n|m[ae]n|females?|males?|girls?|boys?)\b",
                         text, re.IGNORECASE):
        if free(m) and first_op in ("gte", "lte"):
            found.append((m.start(), first_op, _number(m.group(1))))
            taken.append(m.span())
    if first_op in ("gte", "lte") and not (_FEMALE.search(text) and _MALE.search(text)):
        # "21 years for undergraduate courses, and 35 years for postgraduate and doctoral programs": a limit for each
        # kind of applicant; the applicant's kind is not asked, so the widest one is the criterion (hand-label convention)
        by_kind = [m for m in re.finditer(_NUM + r"\s*years?(?:\s+of\s+age)?\s+(?:for|in\s+the\s+case\s+of)\s+(?!the\s+(?:first|next|last)\b)[a-z]",
                                          text, re.IGNORECASE) if free(m) or any(a <= m.start(1) < b for a, b in taken)]
        if len(by_kind) >= 2:
            values = [_number(m.group(1)) for m in by_kind if 0 < _number(m.group(1)) <= 120]
            if values:
                found = [(min(at for at, _, _ in found), first_op, max(values) if first_op == "lte" else min(values))]
    if _NEGATED_ELIGIBILITY.search(text):
        # "(Faculty above 50 years of age is not eligible to apply)": the limit is the other way round
        if any(op == "between" for _, op, _ in found):
            return [], True
        found = [(at, "lte" if op == "gte" else "gte", v) for at, op, v in found]
    kept = [(at, op, v) for at, op, v in found if not _about_other(text, at)]
    if re.search(r"\baccompany\w*|\bwith\s+(?:their|her)\s+mothers?\b", text, re.IGNORECASE):
        # "girls up to 18 accompanying working mothers", "boys up to 8 ... allowed to stay with their mothers"
        kept = []
    other = len(kept) < len(found)
    if not kept:
        return [], other
    kept.sort()
    female, male = list(_FEMALE.finditer(text)), list(_MALE.finditer(text))
    if len(kept) >= 2 and female and male:
        # "21 years for men and 18 years for women": each limit goes with the gender word that follows it
        # in its clause; else ("the age of the girl should be above 18") the one before it
        parts = []
        for at, op, v in kept:
            number = re.search(r"\d", text[at:])
            pos = at + (number.start() if number else 0)
            clause = re.split(r"\band\b|[,;]", text[pos:pos + 40], maxsplit=1)[0]
            words = sorted(female + male, key=lambda g: g.start())
            after = [g for g in words if pos <= g.start() < pos + len(clause)]
            before = [g for g in words if g.start() < pos]
            near = after[0] if after else (before[-1] if before else min(female + male, key=lambda g: abs(g.start() - pos)))
            gender = "female" if near in female else "male"
            c_age, c_gender = _crit("age", op, v, unit, url), _crit("gender", "eq", gender, unit, url)
            if c_age and c_gender:
                parts.append(All(all=[c_gender, c_age]))
        if len({p.all[0].value for p in parts}) == 2:
            return [AnyOf(any=parts)], other  # type: ignore[list-item]
    out = []
    for _, op, v in kept:
        c = _crit("age", op, v, unit, url)
        if c:
            out.append(c)
    # "at least 18" and "at most 40" in one unit: one range
    lows = [c.value for c in out if c.op == "gte"]
    highs = [c.value for c in out if c.op == "lte"]
    if len(out) == 2 and lows and highs and lows[0] < highs[0]:
        merged = _crit("age", "between", [lows[0], highs[0]], unit, url)
        out = [merged] if merged else out
    if len(out) >= 2 and out[0].op in ("between", "lte") and re.search(r"\brelax", text, re.IGNORECASE):
        # "between 21 to 35 years in general and for special (Women/BC/SC/ST...), age relaxation is up to 45 years": the widest
        # limit, leaning to the applicant, as for limits by area (an SC applicant of 40 had been ruled out); the quote shows both
        high = out[0].value[1] if out[0].op == "between" else out[0].value
        relaxed = max((c.value for c in out[1:] if c.op == "lte" and c.value > high), default=None)
        if relaxed is not None:
            widened = _crit("age", out[0].op, [out[0].value[0], relaxed] if out[0].op == "between" else relaxed, unit, url)
            out = [widened] if widened else out
    return out[:1], other  # one age condition a unit: the first stated (a range when both ends are)


def _gender(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    subject = _subject(text)
    if _SOFT.search(text) or _about_entity(text) or _WIDOW_ALTERNATIVE.search(text):
        return None
    if re.search(r"\b(?:can|may|are|is|will)\s+also\b|\bas\s+well\b", text, re.IGNORECASE) and not re.search(r"\bonly\b", text, re.IGNORECASE):
        return None  # "women farmers can also take advantage of this scheme": an inclusion, not the only gender
    if _TRANSGENDER.search(text) and re.search(r"\balso\b|\bas\s+well\b|\beligible\s+to\s+apply\b", text, re.IGNORECASE) and not re.search(r"\bonly\b", text, re.IGNORECASE):
        return None  # "transgender candidates are (also) eligible to apply": an inclusion, not the only gender
    if _TRANSGENDER.search(subject) or re.search(r"\b(?:be|is|are)\s+(?:a\s+)?transgender", text, re.IGNORECASE):
        return _crit("gender", "eq", "transgender", unit, url)
    female_subject = re.search(r"\b(women|woman|female|females|girls?|widows?|ladies|lady|mothers?)\b(?!['’]s?\s)", subject, re.IGNORECASE)
    female_pred = re.search(r"\b(?:be|is|are)\s+(?:a\s+|an\s+|the\s+)?(?:(?:pregnant|expectant|lactating|nursing|single|unmarried|married|indian|"
                            r"destitute|poor|working)\s+)?(?:women|woman|female|girls?|widows?|lady)\b(?!['’])|\bonly\s+(?:for\s+|those\s+)?(?:women|girls|female)\b"
                            r"|\b(?:for|to)\s+(?:women|girls|female)\s+(?:only|candidates|students|applicants)\b", text, re.IGNORECASE)
    if female_subject and re.search(r"\b(?:youths?|persons?|people|applicants?|candidates?|individuals?|citizens?)\s*(?:/|\bor\b|\band\b|&)\s*"
                                    r"(?:wom[ae]n|females?|girls?)\b|\b(?:wom[ae]n|females?|girls?)\s*(?:/|\bor\b|&)\s*(?:youths?|persons?|people)\b", text, re.IGNORECASE):
        female_subject = None  # "unemployed youth/women": women as well as any youth
    if female_subject and (re.search(r"\b(?:two|three|one|2|3|1|first|second)\s+$", subject[:female_subject.start()], re.IGNORECASE)
                           or re.match(r"\s+(?:in|of|per)\s+(?:a|the|one|each)\s+family\b", subject[female_subject.end():], re.IGNORECASE)):
        # "Maximum of two girls in a family will be able to get the benefit" (Kanya Sumangala): the family's daughters
        # are counted, the applicant is their parent (a newcomer trial: a father was NOT ELIGIBLE on gender)
        return None
    if female_subject and _NOT_THE_APPLICANTS_GENDER.search(text):
        female_subject = None
    if (female_subject or female_pred) and not _MALE.search(text) and not _TRANSGENDER.search(text):
        if female_subject and (_OTHER_PERSON.search(female_subject.group(0)) or (
                re.match(r"\s+child", subject[female_subject.end():], re.IGNORECASE) and re.search(r"\bborn\b|\bbirth\b", text, re.IGNORECASE))):
            return None  # (a newborn girl's scheme is applied for by a parent of either gender; a girl child student applies herself)
        if female_subject and (_of_another(subject, female_subject.start()) if re.fullmatch(r"(?i)widows?", female_subject.group(0))
                               else re.search(r"\b(?:for\s+(?:the\s+)?|of\s+(?:the\s+)?" + _DESCRIBING + r")(?:" + re.escape(female_subject.group(0)) + r")",
                                         subject, re.IGNORECASE)):
            # "daughters of widows": the widow is not the applicant ("the age of the widow woman" is hers: a widow pension's
            # applicant is the widow; "the age of the girl" or "of the female applicant" may be a child's or one gender's limit)
            return None
        return _crit("gender", "eq", "female", unit, url)
    if _HUSBAND_DIED.search(text) and not _MALE.search(_HUSBAND_DIED.sub(" ", text)) and not _OTHER_EVENT.search(text):
        # "The applicant's husband has died." (Uttar Pradesh's widow pension): a woman (a newcomer trial: the pension
        # was offered to a 70-year-old widower)
        return _crit("gender", "eq", "female", unit, url)
    male_pred = re.search(r"\b(?:be|is|are)\s+(?:a\s+)?(?:male|man|boy)\b|\bonly\s+(?:for\s+)?(?:men|boys|male)\b", text, re.IGNORECASE)
    if male_pred and not _FEMALE.search(text):
        return _crit("gender", "eq", "male", unit, url)
    return None


#: a women's word that says nothing of the applicant's gender: a benefit's name ("the person getting ... old age pension, widow
#: pension ... should not be eligible"), widows beside wards or children ("Wards and widows of CPFs personnel"), or a share of an
#: enterprise's staff ("Criteria: Female Employees; Unit: >= 60%")
_NOT_THE_APPLICANTS_GENDER = re.compile(
    r"\b(?:widows?|women|mahila)\s+pensions?\b|\b(?:wards?|children|dependents?|dependants?|orphans?)\s+(?:and|&)\s+widows?\b"
    r"|\bwidows?\s+(?:and|&)\s+(?:wards?|children|dependents?|dependants?|orphans?)\b"
    r"|\b(?:women|female)\s+(?:employees|workers|staff|workforce)\b(?=[^.]*?(?:\d\s*%|per\s*cent))"
    # a startup's owners ("The women co-founder should have a majority stake in the startup"): the enterprise's condition
    r"|\b(?:women|woman|female)\s+(?:co-?founders?|founders?|promoters?|directors?|partners?|shareholders?)\b(?=[^.]*\b(?:stake|share\s*holding|equity)\b)"
    # a limit for a group, told first ("However, for SC, ST, and Women candidates, the upper age limit will be 37 years")
    r"|^\s*(?:however,?\s+)?(?:for|in\s+(?:the\s+)?case\s+of)\s+[^.]{0,60}?\b(?:women|female|girls?)\b(?:\s+(?:candidates|applicants|students))?\s*,"
    r"|\bdeceased\s+widows?\b", re.IGNORECASE)


#: the applicant's husband is dead: she is a widow
_HUSBAND_DIED = re.compile(r"\b(?:her|the\s+applicant['’]s|applicant['’]s|whose)\s+husband\s+(?:has\s+|had\s+|is\s+)?(?:died|expired|dead|"
                           r"passed\s+away|deceased)\b|\bhusband\s+of\s+the\s+applicant\s+(?:has\s+|is\s+)?(?:died|expired|dead|deceased)\b",
                           re.IGNORECASE)


#: a life event beside a husband's death (a pregnancy, a daughter's marriage): still unchecked
_OTHER_EVENT = re.compile(r"\bpregnan\w*|\bmarriage\b|\bdelivery\b|\bchild\s*birth", re.IGNORECASE)


#: up to two words describing a person, between "of" and the person ("children of divorced/abandoned mothers", "of remarried
#: widowed mothers")
_DESCRIBING = r"(?:[a-z]+(?:\s*/\s*[a-z]+)?\s+){0,2}"


def _of_another(text: str, at: int) -> bool:
    """True when the word at ``at`` follows "of"/"for" that follows a person other than the applicant ("the
    daughters of widows", "son of a widow"), not "the age of the widow woman" (Uttarakhand's widow pension),
    where the widow is the applicant."""
    start = max(0, at - 40)
    m = re.search(r"\b(?:of|for)\s+(?:a\s+|an\s+|the\s+)?" + _DESCRIBING + "$", text[start:at], re.IGNORECASE)
    if not m:
        return False
    return _OTHER_PERSON.search(text[max(0, start + m.start() - 30):start + m.start()]) is not None


def _marital(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    if _SOFT.search(text) or _about_entity(text) or _WIDOW_ALTERNATIVE.search(text):
        return None
    values = []
    for value, pattern in (("widowed", r"\bwidow(?:s|ed|er|ers)?\b"), ("divorced_separated", r"\bdivorc\w*|\bseparated\b|\bdeserted\b|\babandoned\b"),
                           ("never_married", r"\bunmarried\b|\bnever\s+married\b|\bsingle\s+wom[ae]n\b"), ("married", r"(?<!un)\bmarried\b(?!\s+daughter)")):
        m = re.search(pattern, text, re.IGNORECASE)
        if value == "widowed" and m and re.match(r"\s+pensions?\b", text[m.end():], re.IGNORECASE):
            continue  # "the person getting ... widow pension ... should not be eligible": a benefit's name
        if value == "divorced_separated" and re.match(r"(?i)deserted|abandoned|separated", m.group(0) if m else "") and (
                _TRANSGENDER.search(text) or not re.search(r"\b(wom[ae]n|wife|wives|husbands?|spouse)\b", text, re.IGNORECASE)):
            continue  # "abandoned" by a family or a society, not by a spouse ("separated from the audience" neither)
        if m and re.match(r"\s+(?:children|child|sons?|daughters?|dependents?|girls?)\b", text[m.end():], re.IGNORECASE):
            continue  # "husband/wife and unmarried children": the children's status
        if (m and not _about_other(text, m.start()) and not re.search(r"\bto\s+(?:a\s+|the\s+)?$", text[max(0, m.start() - 8):m.start()], re.IGNORECASE)
                and not _of_another(text, m.start()) and not re.match(r"['’]s\b", text[m.end():])):
            values.append(value)  # (not "married to a widow", "the son of a widow", "a widow's daughter")
    if "widowed" not in values and _HUSBAND_DIED.search(text):
        values.append("widowed")  # "The applicant's husband has died." (Uttar Pradesh's widow pension) says widowed
    if not values or ("married" in values and len(values) > 1 and "never_married" not in values):
        values = [v for v in values if v != "married"]
    if not values or {"married", "never_married"} <= set(values):
        return None  # ("Kanyashree scholarship recipients (married/unmarried)": either)
    if values == ["married"] and (not re.search(r"\b(?:be|is|are)\s+married\b", text, re.IGNORECASE)
                                  or re.search(r"\b(?:will|shall|to|going\s+to)\s+(?:also\s+)?be\s+married\b|\bproposes?\s+to\b", text, re.IGNORECASE)):
        return None  # "married women" in passing, or a marriage to come; only "should be married" is a condition
    return _crit("marital_status", "in", sorted(set(values)), unit, url)


def _state(unit: Unit, url: str, scheme_state: str | None) -> Criterion | None:
    text = unit.text
    d = _DOMICILE.search(text)
    if not d or _about_entity(text):
        return None
    after = text[d.start():d.start() + 120]
    names = {_STATE_OF_ALIAS[m.group(1).lower()] for m in _STATE_ALIAS.finditer(after)}
    if not names and scheme_state and _OWN_STATE.search(after):
        names = {scheme_state}
    if not names or (len(names) > 1 and not re.search(r"\bor\b|,", after)):
        return None
    if _about_other(text, d.start()) and not re.search(r"\b(applicant|candidate|beneficiary|student)\b", text, re.IGNORECASE):
        return None
    return _crit("state", "in", sorted(names), unit, url)


def _categories(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    if _SOFT.search(text) or _CATEGORY_NEGATED.search(text) or _about_entity(text):
        return None
    if re.search(r"\bgeneral\b|\ball\s+(?:categories|castes|communities)\b|\birrespective\b|\bwithout\s+any\s+distinction\b|\band\s+others\b", text, re.IGNORECASE):
        return None  # "SC, ST, EBC, BC, Minority, and General": every category, so none is required
    if re.search(r"\bmarks\b|\bgrade\b|\bcgpa\b|\bpercentile\b|\bcut[- ]?off\b", text, re.IGNORECASE):
        return None  # "60% marks (55% for SC/ST)": a category's own threshold, not a restriction to it
    found = []
    for value, pattern in _CATEGORY_PATTERNS:
        for m in pattern.finditer(text):
            if value == "st" and (_ST_FALSE.search(text[max(0, m.start() - 2):m.end() + 10]) or not re.fullmatch(r"(?i:scheduled\s+tribes?|adivasis?)|STs?", m.group(0))):
                continue
            if re.search(r"\bin\s+(?:the\s+)?case\s+of\b[^.;,]{0,40}$", text[:m.start()], re.IGNORECASE):
                continue  # "... up to Vth standard in the case of the scheduled tribe": one group's own condition, not a restriction
            found.append(value)
            break
    if not found or not _CATEGORY_CONTEXT.search(text):
        return None
    return _crit("social_category", "in", sorted(set(found)), unit, url)


def _minority(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    m = _MINORITY.search(text)
    if not m or _SOFT.search(text) or re.search(r"\bnon[- ]?minorit", text, re.IGNORECASE) or _about_entity(text):
        return None
    if re.search(r"\bgeneral\b|\birrespective\b|\bwithout\s+any\s+distinction\b|\bregardless\b", text, re.IGNORECASE):
        return None  # minorities named among every group
    religions = {r.group(1).lower().rstrip("s") for r in _MINORITY.finditer(text) if r.group(1)}
    if "minorit" not in m.group(0).lower() and len(religions) < 2:
        return None  # one religion named is not "a minority" in the registry's sense
    return _crit("is_minority", "is_true", None, unit, url)


#: "or (should have) multiple disabilities" beside a percentage: not expressible as one percentage
_OR_MULTIPLE = re.compile(r"\d\s*(?:%|per\s*cent|percent)[^.;]{0,30}\bor\b[^.;]{0,40}\bmultiple\s+disabilit", re.IGNORECASE)
#: the applicant is a person with a disability, no percentage given
_DISABLED_APPLICANT = re.compile(
    r"\b(?:be|is|are)\s+(?:an?\s+)?(?:differently[- ]abled|specially[- ]abled|disabled|handicapped|divyang)\b"
    r"|\b(?:be|is|are)\s+(?:an?\s+)?persons?\s+with\s+(?:a\s+)?disabilit"
    r"|^(?:the\s+)?(?:applicants?|beneficiar(?:y|ies)|candidates?)?\s*(?:should|must)\s+(?:be\s+)?(?:a\s+)?(?:differently[- ]abled|disabled|divyang)\b"
    r"|^(?:only\s+)?(?:differently[- ]abled|disabled|handicapped|divyang)\s+(?:persons?|people|individuals?|applicants?|candidates?|students?)\s+(?:are|is|can|shall|will)\b",
    re.IGNORECASE)


def _disability(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    if not _DISABILITY.search(text) or _SOFT.search(text) or _about_entity(text):
        return None
    if re.search(r"\bbenchmark\s+disabilit", text, re.IGNORECASE):
        return _crit("disability_percent", "gte", 40, unit, url)
    if _OR_MULTIPLE.search(text):
        # "80% or above, or should have multiple disabilities": any disability here, the sentence unchecked
        return None if _about_other(text, 0) else _crit("disability_percent", "gte", 1, unit, url)
    for m in _PERCENT.finditer(text):
        v = int(m.group(1))
        window = text[max(0, m.start() - 60):m.end() + 60]
        if 0 < v <= 100 and _DISABILITY.search(window) and not re.search(r"\bmarks\b|\bscore\b|\battendance\b|\bsubsidy\b|\bloan\b", window, re.IGNORECASE):
            if _about_other(text, m.start()):
                return None
            return _crit("disability_percent", "gte", v, unit, url)
    m = _DISABLED_APPLICANT.search(text)
    if m and not _NEGATION.search(text[max(0, m.start() - 30):m.start()]) and not _about_other(text, m.start()):
        return _crit("disability_percent", "gte", 1, unit, url)  # "should be a differently abled person": any disability
    return None


def _bpl(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    m = _BPL.search(text)
    if not m or _APL.search(text) or _SOFT.search(text) or _about_entity(text):
        return None
    if re.search(r"\b(?:copy|copies|proof|photocopy)\s+of\b", text[max(0, m.start() - 40):m.start()], re.IGNORECASE):
        return None  # a document to submit, not the condition
    if re.search(r"\b(?:not|non)[- ]?(?:be\s+)?(?:a\s+)?(?:bpl|below)", text, re.IGNORECASE):
        return None
    if re.search(r"\ball\s+(?:the\s+)?categories\b|\bgeneral\s*/", text, re.IGNORECASE):
        return None  # "Farmers belonging to all categories like general/SC/ST/BPL/Women ... are eligible": everyone
    return _crit("is_bpl", "is_true", None, unit, url)


#: "(not applicable for differently abled)": a limit with an exception no single criterion expresses
_NOT_APPLICABLE = re.compile(r"\bnot\s+applicable\s+(?:for|to|in\s+(?:the\s+)?case\s+of)\b|\bexcept\s+(?:for\s+)?(?:the\s+)?(?:differently|disabled|widows?|sc|st)\b", re.IGNORECASE)


def _income(unit: Unit, url: str) -> Criterion | None:
    """An income limit the unit states, as ``annual_family_income lte`` INR per year (the higher of a rural and an
    urban limit: :func:`_income_limits` gives the other)."""
    return _income_limits(unit, url)[0]


def _income_limits(unit: Unit, url: str) -> tuple[Criterion | None, tuple[str, int] | None]:
    """The unit's income limit (see :func:`_income`) and, where it names a limit for rural and another for urban
    areas ("upto for Rural Areas Rs. 46,080/- and Urban Areas Rs. 56,460/-", UP's old age pension), the area with
    the lower limit and that limit, ``("rural", 46080)``, INR per year; ``None`` where one limit holds everywhere."""
    text = unit.text
    if _NOT_APPLICABLE.search(text):
        return None, None  # the sentence is listed unchecked instead
    i = _INCOME.search(text)
    if not i or _QUOTA.search(text):
        return None, None
    window = text[i.start():i.start() + 160]
    if _INCOME_NOT_PERSON.search(text[max(0, i.start() - 25):i.end() + 10]) or _about_entity(text):
        return None, None
    money = _MONEY.search(window)
    if not money:
        return None, None
    between = window[:money.start()] + " " + window[money.end():money.end() + 30]
    # ("The maximum annual family income of the beneficiary should be Rs.3.00 lakh": the cue before the word income)
    capped = _AT_MOST_MONEY.search(between) or re.search(r"\b(?:maximum|max\.?|upper)\s+(?:\w+\s+){0,3}$", text[max(0, i.start() - 40):i.start()], re.IGNORECASE)
    if not capped or re.search(r"\b(?:more than|above|exceeding|exceeds|greater than)\b", window[:money.start()][-25:], re.IGNORECASE) and re.search(r"\bnot\b", window[:money.start()][-30:], re.IGNORECASE) is None:
        return None, None
    digits = re.search(r"\d[\d,]*\d", money.group(0))
    if digits and "," in digits.group(0) and not re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3}", digits.group(0)):
        return None, None  # "₹2,50,00/-" (a misprint, read as 25,000): unchecked, never a wrong limit
    amount = parse_money(_money_words(money.group(0)))
    if amount is None or amount <= 0:
        return None, None
    # "₹20,000 in rural areas and ₹22,375 in urban areas": the higher limit for the criterion, the lower one kept
    # with its area (the rule asks where the applicant lives only when the income falls between them); amounts
    # further on are other limits
    lower: tuple[str, float] | None = None
    for other in _MONEY.finditer(window, money.end(), min(len(window), money.end() + 60)):
        more = parse_money(_money_words(other.group(0)))
        if more and more != amount and max(amount, more) <= min(amount, more) * 2 and re.search(r"\b(rural|urban|areas?)\b", window, re.IGNORECASE):
            rural, urban = re.search(r"\brural\b", window, re.IGNORECASE), re.search(r"\burban\b", window, re.IGNORECASE)
            if rural and urban:
                # the areas are named in the order of their amounts, before or after each ("Rs. 56,450/- if ... the urban
                # area and Rs. 46,080/- if ... the rural area")
                first, second = ("rural", "urban") if rural.start() < urban.start() else ("urban", "rural")
                lower = (first, amount) if amount < more else (second, more)
            elif more < amount:
                continue
            amount = max(amount, more)
            break
    tail = window[money.start():money.end() + 40]
    monthly_after = _MONTHLY.search(tail)
    if monthly_after and _MONEY.search(tail, money.end() - money.start(), monthly_after.start()):
        # "Rs. 72,000/- (Rs. 6,000/- monthly)" (Nanda Gaura): the month is the second amount's, the first is a year's
        monthly_after = None
    months = 12 if monthly_after or _MONTHLY.search(window[:money.start()][-40:]) or _MONTHLY.search(text[max(0, i.start() - 20):i.start()]) else 1
    by_area = (lower[0], int(lower[1] * months)) if lower else None
    return _crit("annual_family_income", "lte", int(amount * months), unit, url), by_area


def _income_tax(unit: Unit, url: str, excluded: bool) -> Criterion | None:
    text = unit.text
    m = _INCOME_TAX.search(text)
    if not m or _about_other(text, m.start()):
        return None
    negated = excluded or bool(_NEGATION.search(text[max(0, m.start() - 60):m.end() + 30]))
    return _crit("is_income_tax_payer", "is_false", None, unit, url) if negated else None


#: the words before a match open a condition it belongs to ("(In case the applicant is unemployed, his family income
#: may not be taken into consideration)"): what follows says what changes for such applicants, not who may apply
_UNDER_CONDITION = re.compile(r"\b(?:in\s+(?:the\s+)?case\s+(?:of\s+)?|if\s+|wherever\s+|where\s+)[^,;.()]{0,35}$", re.IGNORECASE)


#: the work names a kind of applicant and the sentence says when such an applicant is eligible ("The unemployed applicant
#: should be eligible if their parents/guardians' income ... does not exceed Rs. 1.50 lakh", Odisha's post-matric
#: scholarship for OBC students): a condition for them, not a requirement to be unemployed (a newcomer trial: a student
#: was told he is not eligible)
_ELIGIBLE_IF = re.compile(r"\s+(?:applicants?|candidates?|persons?|students?|beneficiar(?:y|ies)|youths?)?\s*(?:should|shall|will|would|may|can|are|is)\s+"
                          r"(?:also\s+)?be\s+eligible\s+(?:only\s+)?(?:if|when|provided)\b", re.IGNORECASE)


#: a relative of the worker, not the worker: "the Widow of an Ex-serviceman", "the widow of a deceased construction worker"
#: (Puducherry's Sainik Welfare and the construction workers' boards: she applies, he was the serviceman or worker)
_RELATIVE_OF = re.compile(r"\b(?:widows?|wi(?:fe|ves)|spouses?|dependents?|dependants?|wards?|heirs?|nominees?|family\s+members?|members?\s+of\s+the\s+family)\s+of\s+(?:an?\s+|the\s+)?"
                          r"(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
#: a relative named as another way in ("an Ex-serviceman/Widow of an Ex-serviceman"): the worker and the widow are alternatives
_RELATIVE_ALTERNATIVE = re.compile(r"/\s*(?:the\s+)?(?:widows?|wi(?:fe|ves)|spouses?)\s+of\b", re.IGNORECASE)
#: a relative no field expresses named as another way in ("/Dependent of an Ex-serviceman"): the sentence settles no one
_UNTYPED_RELATIVE_ALTERNATIVE = re.compile(r"/\s*(?:the\s+)?(?:dependents?|dependants?|wards?|heirs?|children|sons?|daughters?|family\s+members?)\s+of\b",
                                           re.IGNORECASE)


#: a scheme for a marriage (by its name): sentences about "the girl" or "the boy" may be about either partner
_MARRIAGE_SCHEME = re.compile(r"\b(?:marriage|marry|vivah|vivaah|viwah|lagna|shaadi|shadi|kalyan[a]?m|mangalya|nikaah|nikah|kanyadaan|kanya\s+daan)\b",
                              re.IGNORECASE)
#: a unit about one partner: the girl, the boy, the bride, the groom, the man
_PARTNER_SUBJECT = re.compile(r"\b(?:girls?|boys?|brides?|grooms?|bridegrooms?|man|men)\b", re.IGNORECASE)
#: the page says the applicant is a worker's relative: ``work`` holds the words naming the worker
_APPLICANT_IS_RELATIVE = re.compile(
    r"\b(?:applicants?|beneficiar(?:y|ies)|claimants?)\s+(?:should|must|shall)\s+be\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:(?:nominees?|dependents?|dependants?|wards?|widows?|legal\s+heirs?|heirs?|spouses?|wi(?:fe|ves)|child(?:ren)?|sons?|daughters?|family\s+members?)(?:\s*/\s*|\s+or\s+)?)+"
    r"\s+of\s+(?P<work>[^.;\n]{0,140})", re.IGNORECASE)


def _occupation(unit: Unit, url: str, excluded: bool) -> Criterion | None:
    text = unit.text
    if _SOFT.search(text):
        return None
    g = _GOVT_EMPLOYEE.search(text)
    if g and (excluded or _NEGATION.search(text[max(0, g.start() - 40):g.start()])) and not _about_other(text, g.start()):
        return _crit("occupation", "not_in", ["government_employee"], unit, url)
    if excluded or _about_entity(text):
        return None
    values = []
    for value, pattern in _OCCUPATIONS:
        # the first mention outside a link; none when it is a relative's work ("the Widow of an Ex-serviceman"; "the spouse of
        # a registered male construction worker or female construction worker": the spouse need not be a worker)
        m = next((m for m in pattern.finditer(text) if not re.search(r"https?://\S*$", text[max(0, m.start() - 80):m.start()])), None)
        if m and _RELATIVE_OF.search(text[max(0, m.start() - 45):m.start()]):
            continue
        if m and re.match(r"(?:[\s-]+(?:[A-Z][\w'’-]*|of|and|&))*?[\s-]+(?:Producers?\s+(?:Organi[sz]ations?|Compan(?:y|ies))|Programmes?|Program|Schemes?|Yojana|Mission)\b",
                         text[m.end():m.end() + 60]) and m.group(0)[:1].isupper():
            continue  # a name: "Farmers Producer Organization", "Unemployed Youth Employment Generation Programme (UYEGP)"
        if m and _ELIGIBLE_IF.match(text[m.end():m.end() + 60]):
            continue  # "The unemployed applicant should be eligible if their parents' income ...": what such applicants need
        if m and re.match(r"['’]?s?['’]?\s+famil(?:y|ies)\b", text[m.end():m.end() + 12], re.IGNORECASE):
            continue  # "landholding farmers' families": the household's work, not the applicant's (a homemaker of such a family
            # applies for PM-KISAN; a newcomer trial had "NOT ELIGIBLE" quoting the land sentence for a government employee)
        if (m and not _about_other(text, m.start()) and not _NEGATION.search(text[max(0, m.start() - 30):m.start()])
                and not _UNDER_CONDITION.search(text[max(0, m.start() - 50):m.start()])):
            values.append(value)
    if not values:
        return None
    if "agricultural_labourer" in values and "farmer" in values and not re.search(r"\bfarmers?\b", text, re.IGNORECASE):
        values.remove("farmer")
    return _crit("occupation", "in", sorted(set(values)), unit, url)


_ENROLLED = re.compile(
    r"\b(?:be|is|are|been|who|should|must|currently|presently|students?|candidates?|applicants?|child|girls?|boys?|youths?|scholars?|researchers?)\b[^.;]{0,30}?"
    r"\b(?:studying|pursuing|enrolled|admitted|(?:secured|taken|got|obtained|seeking|took)\s+admission|(?:registered|registering)\s+(?:for|in|to|into))\b[^.;]{0,80}?"
    r"\b(?:course|courses|class|classes|std|standard|college|school|institut\w*|universit\w*|programmes?|programs?|degree|diploma|iti|itis|"
    r"polytechnics?|studies|ph\.?\s?d|m\.?\s?phil|graduation|post[- ]?graduat\w*|b\.?\s?tech|m\.?\s?tech|mbbs|engineering)\b", re.IGNORECASE)


#: the applicant must not be studying ("who are not studying", "should not be a student")
_NOT_STUDYING = re.compile(r"\b(?:who\s+are|who\s+is|should|must|shall)\s+not\s+(?:be\s+)?(?:currently\s+)?(?:studying|pursuing\s+(?:any\s+)?(?:studies|education)|(?:a\s+)?(?:regular\s+)?students?)\b"
                           r"|\bnot\s+(?:currently\s+)?(?:studying|pursuing\s+(?:any\s+)?(?:studies|education))\s+(?:in|at|anywhere)\b", re.IGNORECASE)


def _student(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    m = re.search(r"\b(?:be|is|are)\s+(?:currently\s+|presently\s+)?(?:a\s+)?(?:regular\s+|bonafide\s+|bona\s+fide\s+|full[- ]time\s+)?"
                  r"(?:studying|pursuing|students?|(?:enrolled|admitted)\s+(?:in|to|into|for)\s+(?:a\s+|an\s+|any\s+|the\s+)?(?:[\w/-]+\s+){0,3}"
                  r"(?:course|courses|class|classes|college|school|institut\w*|universit\w*|programme|program|degree|diploma|iti|polytechnic|studies))\b|\b(?:students?|scholars?)\s+(?:studying|pursuing|enrolled|who\s+are\s+(?:studying|pursuing))"
                  r"|^(?:students?|candidates?)\s+(?:studying|pursuing|enrolled)", text, re.IGNORECASE)
    if not m:
        # "should be admitted to the First year of the Degree level course", "a student who has secured
        # admission in a course run by ITIs", "registered for Ph.D. in science subjects"
        m = _ENROLLED.search(text)
    if m and _NEGATED_ELIGIBILITY.search(text):
        return None  # "students studying abroad are not eligible", "Students pursuing PhD cannot be considered"
    if m and re.search(r"\b(?:employ\w*|working|job|business)\b[^.;]{0,30}\bor\s+(?:(?:is|are|be)\s+)?(?:pursuing|studying)\b"
                       r"|\b(?:pursuing|studying)\b[^.;]{0,40}\bor\s+(?:(?:is|are|be)\s+)?(?:in\s+)?(?:gainful\s+)?(?:employ\w*|working|job)\b", text, re.IGNORECASE):
        return None  # "in gainful employment or pursuing higher studies": either will do, the sentence is not checked
    if not m and (n := _NOT_STUDYING.search(text)) and not _about_other(text, n.start()) and not _about_entity(text):
        return _crit("is_student", "is_false", None, unit, url)  # "unemployed youth who are not studying"
    if not m or _about_other(text, m.start()) or _about_entity(text):
        return None
    return _crit("is_student", "is_true", None, unit, url)


#: a class or course passed, lowest first (the order of eligibility.fields.EDUCATION); Roman class
#: numbers and "10+2" as pages write them
_EDUCATION_LEVELS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((level, re.compile(p, re.IGNORECASE)) for level, p in (
    ("primary", r"\b(?:class|std\.?|standard)\s*(?:v|5)(?:th)?\b|\b5th\s+(?:class|standard|std|pass)"),
    ("upper_primary", r"\b(?:class|std\.?|standard)\s*(?:viii|8)(?:th)?\b|\b8th\b"),
    ("secondary", r"\b(?:class|std\.?|standard)\s*(?:x|10)(?:th)?\b|\b10th\b(?!\s*\+)|\bmatric(?:ulation)?\b|\bs\.?s\.?l?\.?c\b|\bhigh school\b"),
    ("higher_secondary", r"\b(?:class|std\.?|standard)\s*(?:xii|12)(?:th)?\b|\b12th\b|\bintermediate\b|\b10\s*\+\s*2\b|\b(?:higher|senior) secondary\b|\bh\.?s\.?c\b|\bplus two\b"),
    ("diploma", r"\bdiploma\b|\biti\b|\bpolytechnic\b"),
    ("graduate", r"(?<!post )(?<!post-)(?<!post)\bgraduat(?:e|es|ion)\b|\bbachelor'?s?\b|\b(?:b\.\s?(?:a|sc|com|tech|e|ed)\.?|b\.?sc|b\.?com|b\.?tech)\b|\bmbbs\b|\bllb\b|\bdegree\b(?!\s+of\b)"),
    ("postgraduate", r"\bpost[- ]?graduat\w*|\bmaster['’]?s?\s+degree\b|\b(?:m\.\s?(?:a|sc|com|tech|phil)\.?|m\.?sc|m\.?com|m\.?tech|m\.?phil)\b|\bmba\b"),
    ("doctorate", r"\bph\.?\s?d\b|\bdoctora(?:l|te)\b"),
))
_EDUCATION_ORDER = [level for level, _ in _EDUCATION_LEVELS]
#: words before a level that make it a qualification the applicant holds ("should have passed Class X",
#: "educational qualification should be matriculation", "secured 70% in Class 10th", "should be a Law graduate")
_PASSED_BEFORE = re.compile(r"\b(?:pass(?:ed)?|qualifi\w*|complet\w*|cleared|possess\w*|hold(?:s|ing)?|have|has|having|secured|scored|obtained|"
                            r"awarded|be\s+(?:a|an))\b[^.;:()]{0,40}$", re.IGNORECASE)
#: ... or after it ("Ph.D. awarded", "matriculation or equivalent", "8th pass")
_PASSED_AFTER = re.compile(r"^\W*(?:(?!not\b)\w+\W+){0,2}?(?:pass(?:ed)?|awarded|or\s+equivalent|holders?)\b", re.IGNORECASE)
#: studying now, not having passed: "studying in 11th or 12th standard" is is_student's
_STUDYING_BEFORE = re.compile(r"\b(?:studying|pursuing|enrolled|admitted|admission|joining|join)\b[^.;:]{0,30}$", re.IGNORECASE)
#: "a student of" a school class: studying it, not past it ("a student of B.Tech" is a graduate's level for the
#: interview, whose field is the highest level passed or studied in)
_STUDENT_OF = re.compile(r"\bstudents?\s+(?:of|in|at)\b[^.;:]{0,30}$", re.IGNORECASE)
#: a level the applicant must be past: "beyond class 12th", "above Class X", "after 10th"
_BEYOND = re.compile(r"\b(?:beyond|above|after)\s+(?:the\s+)?$", re.IGNORECASE)
#: marks, grades and divisions: a condition beside the level that no field expresses
_MARKS = re.compile(r"\bmarks\b|\d\s*%|\bper\s*cent|\bpercentage\b|\bdivision\b|\bcgpa\b|\bfirst\s+class\b|\bgrade\b", re.IGNORECASE)


def _education(unit: Unit, url: str) -> Criterion | None:
    """The least class or course the applicant must have passed, as ``in`` that level and every one above
    it (a page's "should have passed Class X" admits graduates too); the lowest level when alternatives
    are joined by "or", else the highest named."""
    text = unit.text
    if _SOFT.search(text) or _about_entity(text) or _NEGATED_ELIGIBILITY.search(text):
        return None
    mentions = [(m.start(), m.end(), level) for level, pattern in _EDUCATION_LEVELS for m in pattern.finditer(text)]
    # "Master's Degree", "Ph.D. Degree": one level, not a degree besides it
    mentions = sorted((a, b, lv) for a, b, lv in mentions
                      if not any((a2 <= a and b <= b2 and (a2, b2) != (a, b)) or (lv2 != lv and 0 <= a - b2 <= 3)
                                 for a2, b2, lv2 in mentions))
    found: list[tuple[int, int, str]] = []
    studying: list[tuple[int, str]] = []
    for a, b, level in mentions:
        before, after = text[max(0, a - 60):a], text[b:b + 40]
        held = _PASSED_BEFORE.search(before) or _PASSED_AFTER.match(after)
        if _about_other(text, a):
            continue
        if _BEYOND.search(before) and level != _EDUCATION_ORDER[-1]:
            # "pursuing studies beyond class 12th", "admission after Class X": the next level up at least (a
            # newcomer trial's SC girl in class 12 had been listed a scheme for studies beyond class 12)
            found.append((a, b, _EDUCATION_ORDER[_EDUCATION_ORDER.index(level) + 1]))
            continue
        if (_STUDYING_BEFORE.search(before[-35:]) or (_STUDENT_OF.search(before[-35:]) and _EDUCATION_ORDER.index(level) <= _EDUCATION_ORDER.index("higher_secondary"))) \
                and not re.search(r"(?i)\bpost[- ]?$", before):
            studying.append((a, level))  # (a student "in a Post-matric class" has passed the matric)
        elif held:
            found.append((a, b, level))
    if not found:
        return None
    levels = [lv for _, _, lv in found]
    # "10th or 12th pass": either will do, so the lower; "passed 10th and 12th": the higher
    either = any(re.search(r"\bor\b|/", text[b1:a2], re.IGNORECASE) for (_, b1, _), (a2, _, _) in zip(found, found[1:]))
    least = min(levels, key=_EDUCATION_ORDER.index) if either else max(levels, key=_EDUCATION_ORDER.index)
    # "obtained a Graduate degree and admission at the Postgraduate level": the field is the highest level
    # passed or studied in, so a student of the higher level (graduation or above: below it, a school
    # class studied in is no bound on the level passed); not an alternative to it ("a B.Tech OR an M.Tech
    # student"), nor in a sentence that denies it ("after taking admission for M.A. ... not allowed")
    last_held = found[-1][1]
    studying = [lv for a, lv in studying if not re.search(r"\bor\b", text[min(a, last_held):max(a, last_held)], re.IGNORECASE)]
    if studying and not re.search(r"\bnot\b", text, re.IGNORECASE):
        lowest = min(studying, key=_EDUCATION_ORDER.index)
        if _EDUCATION_ORDER.index(lowest) > max(_EDUCATION_ORDER.index(least), _EDUCATION_ORDER.index("diploma")):
            least = lowest
    return _crit("education_level", "in", _EDUCATION_ORDER[_EDUCATION_ORDER.index(least):], unit, url)


def _residence(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    rural, urban = _RURAL.search(text), _URBAN.search(text)
    if bool(rural) == bool(urban) or _SOFT.search(text) or _about_entity(text) or not _RESIDENCE_CONTEXT.search(text):
        return None
    m = rural or urban
    if not (_RESIDENCE_CONTEXT.search(text[max(0, m.start() - 40):m.start()])
            or re.match(r"\s+(?:households?|famil\w*|areas?|resident\w*|population|people|poor|women|youths?|persons?)\b|"
                        r"[^.;]{0,10}\b(?:in\s+which|where)\b[^.;]{0,30}\bresid", text[m.end():], re.IGNORECASE)):
        return None  # "the MP has to choose a Gram Panchayat from within ...": no one lives there by this sentence
    if re.search(r"\bvillages?\b", m.group(0), re.IGNORECASE) and not re.search(r"\b(resid\w*|living|lives|belong\w*)\b[^.;]{0,30}\bvillages?\b", text, re.IGNORECASE):
        return None
    if _about_other(text, m.start()):
        return None
    return _crit("residence", "eq", "rural" if rural else "urban", unit, url)


#: a list of examples of who is covered, not of who must apply ("including women, ex-servicemen")
_INCLUDING = re.compile(r"\b(?:including|inclusive\s+of|such\s+as)\b", re.IGNORECASE)


#: the applicant's family holds farm land in its name ("landholding farmers' families", "should own
#: agricultural land", "cultivable land in their names")
_LAND = re.compile(
    r"\b(?:land[- ]?holding|land\s*owning|land\s*owners?)\s+(?:farmers?|famil\w*|cultivators?|households?)"
    r"|\b(?:own|owns|owning|possess|possesses|hold|holds|holding|having|have|has)\s+(?:\w+\s+){0,2}(?:agricultural|cultivable|farm|arable)\s+land"
    r"|\b(?:cultivable|agricultural|farm)\s+land(?:\s*holdings?)?\s+(?:is\s+)?(?:recorded\s+)?in\s+(?:their|his|her|its|the\s+applicant['’]?s?|own)\s+names?",
    re.IGNORECASE)


def _land(unit: Unit, url: str) -> Criterion | None:
    text = unit.text
    m = _LAND.search(text)
    if not m or _SOFT.search(text) or _about_entity(text) or re.search(r"\blandless\b", text, re.IGNORECASE):
        return None
    if _NEGATION.search(text[max(0, m.start() - 30):m.start()]) or _about_other(text, m.start()):
        return None
    return _crit("owns_cultivable_land", "is_true", None, unit, url)


#: a line that only names a section
_SECTION_HEADING = re.compile(r"\W*(?:exclusions?|eligibility(?:\s+criteria)?|not\s+eligible|ineligibility|who\s+is\s+not\s+eligible)\W*",
                              re.IGNORECASE)


#: what a sentence asks beside what the fields read: something the applicant must not have or own, or a poor household
#: that is no BPL card (SECC deprivation); such a sentence is listed unchecked even when some of it was read
_UNREAD = re.compile(r"\b(?:not\s+having|not\s+have|not\s+own(?:ing)?|not\s+possess\w*|having\s+no|has\s+no|have\s+no|without\s+(?:any\s+)?(?:an?\s+)?"
                     r"(?:lpg|gas|house|pucca|land|connection|toilet|bank\s+account|job|employment)|poor\s+(?:households?|famil\w+))\b", re.IGNORECASE)


def read_unit(unit: Unit, url: str, scheme_state: str | None, excluded: bool = False) -> _Found:
    """Criteria one unit states (``excluded``: the unit is from the exclusions section, so only what
    negates cleanly is read: income-tax payers, government employees)."""
    out = _Found()
    text = unit.text
    if excluded:
        for c in (_income_tax(unit, url, True), _occupation(unit, url, True)):
            if c:
                out.criteria.append(c)
        # (a bare heading, "Exclusions", rules nobody out: it had been listed as a condition)
        out.rest = not out.criteria and bool(text) and not _PROCEDURE.search(text) and not _SECTION_HEADING.fullmatch(text)
        return out
    ages, other = _ages(unit, url)
    out.criteria.extend(ages)
    out.other_person = other
    # "any individual above 18 including women, ex-servicemen & physically handicapped": the groups
    # named after "including" are examples of who may apply, not conditions
    inc = _INCLUDING.search(text)
    head = Unit(text=text[:inc.start()], start=unit.start) if inc else unit
    for reader in (_gender, _marital, _categories, _minority, _disability, _bpl, _income, _student, _education, _residence, _land):
        c = reader(head if reader in (_gender, _marital, _categories, _minority, _disability) else unit, url)
        if c and inc and c.op == "in" and (more := reader(Unit(text=text[inc.end():], start=unit.start), url)) and more.op == "in":
            # "must be married, including widows, divorced and abandoned women": the examples widen it
            c = c.model_copy(update={"value": sorted(set(c.value) | set(more.value))})
        if c:
            out.criteria.append(c.model_copy(update={"text": text}))
    if any(isinstance(c, Criterion) and c.field == "annual_family_income" for c in out.criteria):
        out.area_limit = _income_limits(unit, url)[1]
    for c in (_state(unit, url, scheme_state), _income_tax(unit, url, False), _occupation(head, url, False)):
        if c:
            out.criteria.append(c.model_copy(update={"text": text}))
    if not out.other_person and _OTHER_PERSON.search(_subject(text)) and not out.criteria:
        out.other_person = True
    if _UNTYPED_RELATIVE_ALTERNATIVE.search(text):
        # "an Ex-serviceman/Widow of an Ex-serviceman/Dependent of an Ex-serviceman": a dependent qualifies too, whom no field
        # names, so who the applicant is stays unchecked (read as conditions, an ex-serviceman was ruled out for not being a widow)
        out.criteria = [c for c in out.criteria if c.field not in ("occupation", "marital_status", "gender")]
        out.untyped_alternative = True
    fields = {c.field for c in out.criteria if isinstance(c, Criterion)}
    widow_pair = fields <= {"gender", "marital_status"}
    joined = _NOT_ALTERNATIVE.sub(" ", text)
    out.alternatives = (len(out.criteria) > 1 and not widow_pair and bool(re.search(r"\bor\b", joined, re.IGNORECASE) or _RELATIVE_ALTERNATIVE.search(text))) or (
        {"social_category", "is_minority"} <= fields)  # "SC, ST and minority students": groups, one of which will do
    inclusion = re.search(r"\b(?:also|as\s+well)\b.{0,20}\b(?:eligible|apply|covered)\b", text, re.IGNORECASE)  # "X are also eligible"
    marks = "education_level" in fields and bool(_MARKS.search(text))  # "passed Class 10 with 60% marks": the marks are not checked
    # "resided in Puducherry for at least five years": the state is read, the years of residence are not checked
    years_resident = "state" in fields and "age" not in fields and bool(re.search(
        r"\b(?:resid\w*|domicile\w*|living|lived|stay\w*)\b[^.;]{0,80}?\b(?:for|since|of|past|last)\b[^.;]{0,40}\b(?:years?|yrs)\b", text, re.IGNORECASE))
    # (a husband's death that makes the applicant a widow is the marital status read, not a life event left unchecked)
    widowhood = "marital_status" in fields and _HUSBAND_DIED.search(text) is not None and not _OTHER_EVENT.search(text)
    # "An adult woman belonging to a poor household and not having an LPG connection" (PMUY): age and gender read, the
    # household's poverty and its having no connection are not (a break-it trial: "likely eligible" for any adult woman, those
    # two conditions neither checked nor shown)
    unread = bool(out.criteria) and _UNREAD.search(text) is not None
    out.rest = out.untyped_alternative or marks or years_resident or (bool(LIFE_EVENT.search(text)) and not widowhood) or bool(_OR_MULTIPLE.search(text)) or bool(_NOT_APPLICABLE.search(text)) or (not out.criteria and bool(_DECIDING.search(text)) and not _PROCEDURE.search(text) and not inclusion)
    # (a condition beside the alternatives read, not one more of them: "BPL or income up to ..., not having a pucca house"
    # keeps its alternatives)
    out.unread_only = unread and not out.rest
    out.rest = out.rest or unread
    return out


# ---------------------------------------------------------------------------------------- a rule

def _merge_same_field(criteria: list[Criterion]) -> list[Criterion]:
    """Criteria of one ``any`` on the same ``in`` field become one ("SC or ST" -> ``in [sc, st]``)."""
    out: list[Criterion] = []
    for c in criteria:
        twin = next((o for o in out if isinstance(o, Criterion) and isinstance(c, Criterion) and o.field == c.field and o.op == c.op == "in"), None)
        if twin is not None:
            out[out.index(twin)] = twin.model_copy(update={"value": sorted(set(twin.value) | set(c.value))})
        else:
            out.append(c)
    return out


#: fields whose criteria can be alternatives to each other within one sentence
_ALTERNATIVE_FIELDS = {"social_category", "is_minority", "disability_percent", "is_bpl", "annual_family_income", "occupation", "marital_status",
                       "owns_cultivable_land"}
#: "or" that joins no alternatives: "18 years or above", "and/or", "his/her"
_NOT_ALTERNATIVE = re.compile(r"\bor\s+(?:above|more|less|below|older|younger|over|under|equivalent|equal)\b|\band\s*/\s*or\b|\beither\s+by\b"
                              r"|\bwhether\b[^,;]{0,30}?\bor\b|\b(?:males?|m[ae]n|boys?)\s+or\s+(?:females?|wom[ae]n|girls?)\b|\b(?:females?|wom[ae]n|girls?)\s+or\s+(?:males?|m[ae]n|boys?)\b",
                              re.IGNORECASE)


def _limit_by_area(node: Node, lower: tuple[str, int]) -> Node:
    """``node`` with its income criterion (the higher of two limits by area) made exact: the lower limit, or the higher
    one where the applicant lives in the other area. UP's old age pension ("Rural Areas Rs. 46,080/- and Urban Areas
    Rs. 56,460/-") becomes ``any[income <= 46,080, all[residence = urban, income <= 56,460]]``: a rural applicant earning
    ₹50,000 is no longer likely eligible, and no one is asked where they live unless the income falls between the two."""
    area, amount = lower
    if isinstance(node, Criterion):
        if node.field != "annual_family_income" or node.op != "lte" or amount >= node.value:
            return node
        other = _crit("residence", "eq", "urban" if area == "rural" else "rural", Unit(text=node.text, start=0), node.url or "")
        low = node.model_copy(update={"value": amount})
        return AnyOf(any=[low, All(all=[other, node])]) if other else node
    if isinstance(node, All):
        return All(all=[_limit_by_area(n, lower) for n in node.all])
    if isinstance(node, AnyOf):
        return AnyOf(any=[_limit_by_area(n, lower) for n in node.any])
    return node


def _flatten(parts: list[Node]) -> list[Node]:
    """The top-level conditions with nested ``all`` opened and repeats dropped: "Widow woman must be a
    resident of Bihar" and "The woman should be a widow" both state gender and widowhood; the first
    sentence that states a condition is its quote."""
    out: list[Node] = []
    seen: set[tuple] = set()
    for part in parts:
        for node in (part.all if isinstance(part, All) else [part]):
            key = (node.field, node.op, repr(node.value)) if isinstance(node, Criterion) else ("node", repr(node))
            if key not in seen:
                seen.add(key)
                out.append(node)
    return out


#: an age as one of the groups joined by "or" ("widows or disabled persons or persons aged 60 years or more")
_AGE_ALTERNATIVE = re.compile(r"\bor\s+(?:\w+\s+){0,3}(?:aged|above\s+the\s+age|over\s+the\s+age|of\s+the\s+age)\b", re.IGNORECASE)


def _alternatives(crits: list[Criterion], text: str = "") -> Node:
    """Criteria of one unit joined by "or". Alternatives are groups a person belongs to ("SC or
    disabled", "income under ₹75,000 or BPL"); who the applicant is (a student, a woman, of what age,
    from which state or area) is said around them ("a student belonging to a Scheduled Caste, ... or a
    Traditional Artisan"; "women of 18 to 50 who sew or weave"), so those stay conditions of their own
    beside the ``any``."""
    groups = _ALTERNATIVE_FIELDS | ({"age"} if _AGE_ALTERNATIVE.search(text) else set())
    subject = [c for c in crits if c.field not in groups]
    rest = [c for c in crits if c not in subject]
    if any(c.field == "marital_status" and "widowed" in c.value for c in rest) and not re.search(r"\b(?:wom[ae]n|female|girls?)\b", text, re.IGNORECASE):
        subject = [c for c in subject if c.field != "gender"]  # "widows or disabled persons": the woman is one alternative
    if len(rest) < 2:  # "or" between things the fields do not express ("born or domiciled"): not alternatives
        return All(all=crits)
    return All(all=[*subject, AnyOf(any=rest)]) if subject else AnyOf(any=rest)


#: a sentence that names a group as qualifying ("... is eligible.", "... are among the groups identified
#: as AAY families"), not one that says who only may apply
_SUFFICIENT = re.compile(r"\b(?:is|are)\s+(?:also\s+)?(?:eligible|entitled|covered)\s*(?:[.;,)]|$|\b(?:to|for|under|if)\b)"
                         r"|\b(?:is|are)\s+among\s+the\s+groups\b", re.IGNORECASE)


#: a sentence that widens who may apply ("Farmers holding forest rights certificates will also be eligible",
#: "The scheme also applies to the female beneficiary for her own marriage", "a bride from the Scheduled Tribe
#: community ... can also avail of this scheme"): the group it names is one more way in, not a condition every
#: applicant must meet, so its fields are not read as conditions and the sentence is listed as not checked
#: ("must also be", "should also have" are conditions; "is also a resident" names no way in, nor does "the parents'
#: income will also be included")
_WIDENING = re.compile(r"\balso\b[^.;:]{0,25}?\b(?:eligible|entitled|avail\w*|apply|applies|applicable|"
                       r"allowed|permitted|considered|covered|cover(?:s|age)|extends?|extended|given|benefit\w*)\b",
                       re.IGNORECASE)
_REQUIRED_TOO = re.compile(r"\b(?:must|should|shall|needs?\s+to|has\s+to|have\s+to)\s+also\b(?!\s+be\s+(?:eligible|entitled|covered)\b)", re.IGNORECASE)


def _widening(text: str) -> bool:
    """Whether ``text`` widens who may apply (see :data:`_WIDENING`) rather than adding a condition."""
    return bool(_WIDENING.search(text)) and not _REQUIRED_TOO.search(text) and not _NEGATED_ELIGIBILITY.search(text)


def _subject_head(text: str) -> str:
    """The first word of the group a sentence names ("Age limit: Girls between ..." -> "girl";
    "All primitive tribal households ..." -> "primitive"), to tell apart groups from one group told twice."""
    text = re.sub(r"^[^:]{0,40}:\s*", "", text)
    words = [w for w in re.findall(r"[a-z]+", text.casefold())[:4] if w not in {"all", "any", "a", "an", "the", "every", "such", "those", "these", "eligible"}]
    return words[0].rstrip("s") if words else ""


def _sufficient(text: str) -> bool:
    """Whether ``text`` names a group that qualifies (see :data:`_SUFFICIENT`), rather than stating a
    condition on the applicant ("The applicant is eligible if ...")."""
    m = _SUFFICIENT.search(text)
    if not m or re.search(r"\b(?:only|unless)\b", text, re.IGNORECASE):
        return False  # ("X is eligible if Y" is one alternative: X and Y)
    return not re.match(r"\s*(?:the\s+)?(?:applicants?|beneficiar(?:y|ies)|candidates?)\b"
                        r"|\s*(?:the\s+)?(?:students?|persons?|individuals?|citizens?)\s+(?:should|must|shall)\b", text, re.IGNORECASE) \
        and not _NEGATED_ELIGIBILITY.search(text)


def _bounds(c: Criterion) -> tuple[float, float]:
    """The range a ``gte``/``lte``/``between`` criterion admits, ``(low, high)``, open ends infinite."""
    if c.op == "between":
        return float(c.value[0]), float(c.value[1])
    return (float(c.value), math.inf) if c.op == "gte" else (-math.inf, float(c.value))


def _apart_if_disjoint(parts: list[Node], field_name: str) -> list[Node]:
    """Top-level range criteria on ``field_name`` from different sentences that no one value meets at once, or
    only at one point (a whole year of age apart at most: "above 40 years for senior fellowships", "25-40 years for
    junior fellowships"), are limits of different kinds of applicant, not all of one: they become one ``any``
    (joined by ``all``, a 30-year-old had been NOT ELIGIBLE for both fellowships). Ranges that overlap ("at least
    18", "at most 60") stay conditions that all hold."""
    ranged = [p for p in parts if isinstance(p, Criterion) and p.field == field_name and p.op in ("gte", "lte", "between")]
    if len(ranged) < 2 or len({c.text for c in ranged}) < 2:
        return parts
    low = max(_bounds(c)[0] for c in ranged)
    high = min(_bounds(c)[1] for c in ranged)
    if high - low >= 1:
        return parts
    at = parts.index(ranged[0])
    rest = [p for p in parts if p not in ranged]
    return [*rest[:at], AnyOf(any=ranged), *rest[at:]]


def extract_rules(scheme_id: str, scheme_name: str, eligibility: str, exclusions: str = "", *,
                  state: str | None = None, url: str = "", exclusions_url: str = "", page_url: str = "") -> SchemeRules | None:
    """The rule a scheme page's eligibility and exclusions sections state (see the module docstring).

    Args:
        eligibility, exclusions: the sections' text as indexed (quotes are slices of it).
        state: the scheme's state for a state scheme ("of the state" is read as it), else ``None``.
        url, exclusions_url: links of the two sections, set on each criterion.

    Returns:
        ``SchemeRules(source="extracted")`` with the criteria joined by ``all`` and the deciding units
        no field expresses in ``unchecked``; ``None`` when the sections state nothing at all.
    """
    parts: list[Node] = []
    unchecked: list[str] = []
    excluding: list[str] = []  # the unchecked sentences of the exclusions section
    notes: list[str] = []
    # the scheme's own name is no condition ("The eligibility criteria under Indira Gandhi National Widow
    # Pension Scheme is:-" says nothing of widows): blanked, offsets kept, before a unit is read
    name_re = re.compile(re.escape(scheme_name.strip()), re.IGNORECASE) if len(scheme_name.strip()) >= 8 else None

    def blank_name(text: str) -> str:
        return name_re.sub(lambda m: " " * len(m.group()), text) if name_re else text

    group: list[Node | None] | None = None  # the items of an "any one of the following" list
    group_marker = ""  # the marker kind of the group's first item ("1." items of the outer list end it)
    head: Unit | None = None
    pending_or: tuple[Node, str] | None = None  # a unit ending in "(or)": its node waits for the next unit's

    def close_group() -> None:
        nonlocal group
        if group is not None and head is not None:
            if group and all(n is not None for n in group):
                parts.append(group[0] if len(group) == 1 else AnyOf(any=group))  # type: ignore[arg-type]
            elif group:
                # an alternative no field expresses: the fields cannot settle the list either way
                notes.append(f"a list of alternatives with one the fields cannot express: {head.text[:80]!r}")
                if head.text not in unchecked:
                    unchecked.append(head.text)
        group = None

    # "Transgender candidates are also eligible to apply" beside "The applicant must be a pregnant woman":
    # the women's condition is no condition on gender
    transgender_too = any(_TRANSGENDER.search(u.text) and re.search(r"\balso\b|\bas\s+well\b|\beligible\s+to\s+apply\b", u.text, re.IGNORECASE)
                          for u in units(eligibility or ""))
    # "The girl's parent or legal guardian opens the account" (Sukanya Samriddhi): the girl or child the other
    # conditions speak of is the beneficiary, not the one who applies (a father had been NOT ELIGIBLE on gender)
    guardian_applies = bool(_GUARDIAN_APPLIES.search(eligibility or ""))
    # "The applicant should be the nominee/dependent of the deceased Construction Worker" (Puducherry's workers' board): the
    # sentences about the worker ("The Construction Worker should have been registered ...") are about him, not the applicant
    relative_applies = _APPLICANT_IS_RELATIVE.search(eligibility or "")
    marriage = _MARRIAGE_SCHEME.search(scheme_name or "") is not None
    workers_work = {value for value, pattern in _OCCUPATIONS if relative_applies and pattern.search(relative_applies.group("work"))}
    # "Parents should be natives of Madhya Pradesh" beside "The girl child should be born on or after ..." (Ladli
    # Laxmi): the parents meet the conditions and apply, the child is the beneficiary
    child_subject = _CHILD_SUBJECT
    if not guardian_applies and any(_PARENT_SUBJECT.match(u.text) for u in units(eligibility or "")):
        guardian_applies, child_subject = True, _YOUNG_CHILD_SUBJECT
    for section, excluded, link in ((eligibility, False, url), (exclusions, True, exclusions_url or url)):
        aside = False  # under a heading of definitions, notes or lists of items: not conditions on a person
        section_units = units(section or "")
        # sentences that each name a group that qualifies ("A family holding an AAY ration card is
        # eligible.", "Landless labourers ... are among the groups identified as AAY families."): three or
        # more of them, about different groups, are alternatives, one of which will do, not conditions
        # that must all hold
        sufficient_texts = {u.text for u in section_units if not excluded and _sufficient(u.text)}
        heads = {_subject_head(t) for t in sufficient_texts}
        if len(sufficient_texts) < 3 or len(heads) < max(3, (len(sufficient_texts) + 1) // 2) or any(
                re.search(r"\bonly\b", t, re.IGNORECASE) for t in sufficient_texts):
            # the same group told several times ("Girls between 13 and 18 are eligible", "Girls studying
            # in classes 8 to 12 are eligible"), or "only": conditions, each of which must hold
            sufficient_texts = set()
        sufficient: list[Node | None] = []
        # "Category A | ...", "Category B | ...": each unit belongs to the category labelled last (until a
        # sub-heading); the categories are alternatives, the units of one category all hold
        labels = [i for i, u in enumerate(section_units) if _CATEGORY_LABEL.match(u.text)] if not excluded else []
        bucket_of: dict[int, int] = {}
        if len(labels) >= 2:
            current = None
            for i, u in enumerate(section_units):
                if i in labels:
                    current = i
                elif u.heading:
                    current = None
                if current is not None:
                    bucket_of[i] = current
        # (a category no unit of which a field expresses stays empty: then nothing settles the choice)
        buckets: dict[int, list[Node | None]] = {i: [] for i in labels} if bucket_of else {}
        by_gender = gender_ages(section_units, link) if not excluded else {}
        # a short line with no sentence end right before a list ("Pension will be discontinued", then its items) announces
        # it, as one ending in ":" does: no condition by itself (IGNWPS had quoted it as an exclusion of its own)
        announcing = {i for i, u in enumerate(section_units[:-1]) if not u.item and len(u.text) <= _ANNOUNCING_CHARS
                      and not re.search(r"[.!?\u0964]\W*$", u.text) and section_units[i + 1].item}
        for index, unit in enumerate(section_units):
            if index in by_gender:
                # "Men: 65 Years or Above." / "Women :58 Years or Above.": an age limit for each gender (had been read
                # as a women's scheme with no age: a 70-year-old man NOT ELIGIBLE, a woman of 30 likely, a newcomer trial)
                if (gendered := by_gender[index]) is not None:
                    parts.append(gendered)
                continue
            if group is not None and ((unit.blank_before and group and not unit.item) or unit.list_head or unit.heading
                                      or (group_marker and unit.item and unit.marker != group_marker)):
                close_group()
            if unit.heading:
                aside = bool(_ASIDE.search(unit.text))
            elif unit.list_head:
                aside = aside or bool(_ASIDE.search(unit.text))
            if aside or _NOTE.match(unit.text) or unit.text.count("|") >= 2:
                continue  # asides, notes and table rows ("| 2 | Hearing impairment | 71% to 100% |")
            if _CONDITIONAL.match(unit.text):
                # "If the applicant is a male, he must be from SC / ST category": a condition under a
                # condition, which an ``all`` of both would misstate; shown as not checked
                if _DECIDING.search(unit.text) and unit.text not in unchecked and not excluded:
                    unchecked.append(unit.text)
                if group is not None:
                    group.append(None)
                continue
            found = read_unit(replace(unit, text=blank_name(unit.text)), link, state, excluded)
            found.criteria = [c.model_copy(update={"text": unit.text}) for c in found.criteria]
            if guardian_applies and found.criteria and child_subject.search(_subject(unit.text)):
                found.criteria, found.other_person = [], True  # the child's condition: shown as not checked
            if marriage and found.criteria and _PARTNER_SUBJECT.search(_subject(unit.text)):
                # a marriage scheme's "The girl must be a citizen of India", "The age of the man should not be less than 21":
                # the bride's or the groom's, whichever of them applies: their age and gender are not checked (a disabled
                # man marrying had been ruled out by "The girl must ...", a bride of 20 by the groom's 21)
                kept = [c for c in found.criteria if isinstance(c, Criterion) and c.field not in ("age", "gender")]  # (an age by gender too)
                if len(kept) < len(found.criteria):
                    found.criteria, found.other_person = kept, True
            if workers_work and any(isinstance(c, Criterion) and c.field == "occupation" and set(c.value) & workers_work for c in found.criteria):
                found.criteria = [c for c in found.criteria if not (isinstance(c, Criterion) and c.field == "occupation" and set(c.value) & workers_work)]
                found.other_person = True  # the worker's condition, whose relative applies: shown as not checked
            if found.criteria and not excluded and unit.text not in sufficient_texts and _widening(unit.text):
                found.criteria, found.rest = [], True  # one more way in, which the rule cannot express beside the rest
            crits = _merge_same_field(found.criteria)
            if transgender_too:
                crits = [c for c in crits if not (isinstance(c, Criterion) and c.field == "gender" and c.value == "female")]
            if unit.list_head and not excluded:
                parts.extend(crits)
                if unit.alternatives_head:
                    group, head, group_marker = [], unit, ""
                continue
            node: Node | None = None
            if crits and found.alternatives and found.rest and not found.unread_only and not excluded and not LIFE_EVENT.search(unit.text):
                # "households headed by widows or terminally ill persons or persons aged 60 or more": one
                # alternative no field expresses, so the fields settle nothing; the sentence is unchecked
                crits = []
            if crits:
                node = crits[0] if len(crits) == 1 else (_alternatives(crits, unit.text) if found.alternatives else All(all=crits))
                if found.area_limit:
                    node = _limit_by_area(node, found.area_limit)
            # the unit's node holds the whole condition: no words the fields cannot express, about the applicant
            settled = node is not None and not found.rest and not found.other_person
            if index in bucket_of:
                if node is not None or found.rest or found.other_person:
                    buckets[bucket_of[index]].append(node if settled else None)
                continue
            if group is not None:
                if not group:
                    group_marker = unit.marker
                # an alternative counts only when a field other than gender expresses it ("women holding an
                # e-Shram card" is more than "a woman"): otherwise the list cannot be settled either way
                expressed = settled and any(c.field != "gender" for c in criteria_of(node))
                group.append(node if expressed else None)
                continue
            if unit.text in sufficient_texts:
                sufficient.append(node if settled and any(c.field != "gender" for c in criteria_of(node)) else None)
                continue
            if pending_or is not None:
                # "... BPL category (or)" then "Annual income below Rs. 60,000": either one will do
                prev_node, prev_text = pending_or
                pending_or = None
                if settled:
                    node = AnyOf(any=[prev_node, node])  # type: ignore[list-item]
                else:  # the other alternative is not a field: neither can be settled
                    node = None
                    if prev_text not in unchecked:
                        unchecked.append(prev_text)
            elif settled and _TRAILING_OR.search(unit.text) and not excluded:
                pending_or = (node, unit.text)
                continue
            if node is not None:
                parts.append(node)
            if (found.rest or found.other_person) and unit.text not in unchecked and not re.search(r"[:\-–]\s*$", unit.text) \
                    and index not in announcing and not (not crits and _RELAXING.search(unit.text)):
                # (a sentence that waives a requirement, "The beneficiary's husband's Aadhaar is not mandatory", asks
                # nothing of the applicant: it had been listed among PMMVY's exclusions, a newcomer trial)
                unchecked.append(unit.text)  # (a line announcing a list is no condition by itself)
                if excluded:
                    excluding.append(unit.text)  # a condition that rules the applicant out, not one to meet
        if pending_or is not None:  # "(or)" with nothing after it: keep the condition as it stands
            parts.append(pending_or[0])
            pending_or = None
        close_group()
        if buckets and all(nodes and all(n is not None for n in nodes) for nodes in buckets.values()):
            options = [nodes[0] if len(nodes) == 1 else All(all=nodes) for nodes in buckets.values()]  # type: ignore[misc]
            parts.append(options[0] if len(options) == 1 else AnyOf(any=options))  # type: ignore[arg-type]
        elif buckets:
            # a category the fields cannot express (journalists, orphanage children): neither can the choice
            notes.append(f"{len(labels)} categories of beneficiaries, one the fields cannot express")
            unchecked.extend(u.text for i, u in enumerate(section_units) if i in bucket_of and u.text not in unchecked)
        if sufficient and all(n is not None for n in sufficient):
            parts.append(AnyOf(any=sufficient))  # type: ignore[arg-type]
        elif sufficient:
            # a group no field expresses (tribal households, HIV-positive persons): the fields cannot
            # settle the alternatives either way, so each is quoted as not checked
            notes.append(f"{len(sufficient)} sentences naming groups that qualify, one the fields cannot express")
            unchecked.extend(u.text for u in section_units if u.text in sufficient_texts and u.text not in unchecked)
    if not parts and not unchecked:
        return None
    rule: Node = All(all=_apart_if_disjoint(_flatten(parts), "age"))
    return SchemeRules(scheme_id=scheme_id, scheme_name=scheme_name, url=page_url or url, rule=rule, source="extracted",
                       unchecked=unchecked, excluding=excluding, notes=notes)


def extract_for(scheme) -> SchemeRules | None:
    """:func:`extract_rules` for an indexed :class:`~retrieval.corpus.Scheme`, with the widowhood a widow pension's name and
    description state when its eligibility text never says it (:func:`_widowhood_from_details`)."""
    sections = scheme.sections
    rules = extract_rules(scheme.id, scheme.name, sections.get("eligibility", ""), sections.get("exclusions", ""),
                          state=scheme.state if scheme.level == "state" else None,
                          url=scheme.section_url("eligibility"), exclusions_url=scheme.section_url("exclusions"),
                          page_url=scheme.page_url)
    return _widowhood_from_details(scheme, rules)


#: a pension for widows by its name ("Indira Gandhi National Vidhva Pension yojana", "Widow Pension-West Bengal"), not one
#: for widows and others ("Pension To Widows And Destitute Women") nor for their children ("... Children Of Widows")
_WIDOW_PENSION_NAME = re.compile(r"^(?!.*\b(?:destitute|deserted|children|daughters?|wards?|ex-?servicem[ae]n|and|or)\b)"
                                 r"(?=.*\bpension\b).*\b(?:widows?|vidhva|vidhwa|vidhava)\b", re.IGNORECASE)
_WIDOW_WORD = re.compile(r"\b(?:widows?|widowed|vidhva|vidhwa)\b", re.IGNORECASE)


def _widowhood_from_details(scheme, rules: SchemeRules | None) -> SchemeRules | None:
    """``rules`` with ``marital_status in [widowed]`` added for a widow pension whose eligibility text never names widowhood
    (Rajasthan's "Indira Gandhi National Vidhva Pension yojana" lists age, residence and BPL only: a newcomer trial had a
    married man of 35 told he was likely eligible), quoting the first sentence of the scheme's details that names widows
    outside the scheme's own name; unchanged when the name is not a widow pension's, a marital status is already read, or
    no such sentence exists."""
    if not _WIDOW_PENSION_NAME.search(scheme.name or "") or (rules is not None and rules.rule is not None
                                                             and any(c.field == "marital_status" for c in criteria_of(rules.rule))):
        return rules
    details = scheme.sections.get("details", "")
    name = re.compile(re.escape(scheme.name), re.IGNORECASE) if scheme.name else None
    sentence = next((u.text for u in units(details) if _WIDOW_WORD.search(name.sub(" ", u.text) if name else u.text)
                     and not re.search(r"\b(?:IGNWPS|Widow Pension Scheme)\b", u.text)), None)
    if sentence is None:
        return rules
    widowed = Criterion(field="marital_status", op="in", value=["widowed"], text=sentence, url=scheme.section_url("details"))
    if rules is None:
        return SchemeRules(scheme_id=scheme.id, scheme_name=scheme.name, url=scheme.page_url, rule=All(all=[widowed]), source="extracted")
    parts = list(rules.rule.all) if isinstance(rules.rule, All) else ([rules.rule] if rules.rule is not None else [])
    return rules.model_copy(update={"rule": All(all=[*parts, widowed])})
