"""Rules derived automatically from myScheme's structured eligibility fields (``verified: false``).

myScheme tags each scheme with filters (``gender``, ``caste``, ``age`` per category, ``residence``,
``beneficiaryState``, ``disability``, ``minority``, ``isBpl``, ``isStudent``, ``maritalStatus``,
``occupation``, ``education``). :func:`derive` turns each restrictive filter into a criterion and looks
for the sentence of the scheme's eligibility text that states it, to quote as the citation. A filter
with no such sentence, or with values the field registry cannot express, is reported in ``notes`` and
left out: never guessed. Derived rules give at best ``likely_eligible``.
"""

from __future__ import annotations

import re
from typing import Any

from eligibility.rules import All, Criterion, SchemeRules

_GENDER = {"Male": "male", "Female": "female", "Transgender": "transgender"}
_CASTE = {
    "General": "general", "Other Backward Class (OBC)": "obc", "Scheduled Caste (SC)": "sc", "Scheduled Tribe (ST)": "st",
    "Particularly Vulnerable Tribal Group (PVTG)": "pvtg", "De-Notified, Nomadic, and Semi-Nomadic (DNT) communities": "dnt",
    "Economically Weaker Section (EWS)": "ews",
}
_MARITAL = {"Never Married": "never_married", "Married": "married", "Widowed": "widowed", "Divorced": "divorced_separated",
            "Separated": "divorced_separated"}
_OCCUPATION = {"Student": "student", "Farmer": "farmer", "Street Vendor": "street_vendor", "Unorganized Worker": "unorganised_worker",
               "Ex Servicemen": "ex_serviceman", "Khadi Artisan": "artisan_weaver", "Artisans": "artisan_weaver",
               "Fisherman": "fisher", "Construction Worker": "construction_worker"}
#: words whose presence marks the sentence that states a filter
_CUES = {
    "gender": r"\b(women|woman|female|girls?|men|male|boys?|transgender|widows?|mothers?|daughters?)\b",
    "social_category": r"\b(scheduled caste|scheduled tribe|sc|st|obc|backward|pvtg|tribal|ews|dalit|category)\b",
    "age": r"\b(age|aged|years|year old)\b",
    "residence": r"\b(rural|urban|village|city|town)\b",
    "state": r"\b(resident|domicile|domiciled|state|union territory|native)\b",
    "disability_percent": r"\b(disab\w*|handicap\w*|divyang|impair\w*)\b",
    "is_minority": r"\b(minority|minorities|muslim|christian|sikh|buddhist|jain|parsi)\b",
    "is_bpl": r"\b(bpl|below poverty|poverty line|antyodaya|destitute)\b",
    "is_student": r"\b(student|studying|enrolled|pursuing|class|course|admission)\b",
    "marital_status": r"\b(widow\w*|married|unmarried|divorc\w*|separated|deserted|single)\b",
    "occupation": r"\b(student|farmer|vendor|worker|servicem[ae]n|artisan|fisher\w*|sportsperson|journalist|karamchari)\b",
}


def _well_typed(key: str, value: Any) -> bool:
    """True if a structured filter has the shape myScheme gives it (lists of names, a yes/no string,
    an age object of ``{gte, lte}`` numbers)."""
    if key == "age":
        return isinstance(value, dict) and all(
            isinstance(v, dict) and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v.values() if x is not None)
            for v in value.values())
    if key in ("minority", "disability", "isBpl", "isStudent"):
        return isinstance(value, str)
    if key == "education":
        return isinstance(value, list)
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _sentences(text: str) -> list[str]:
    out = []
    for line in text.split("\n"):
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9])", line.strip()):
            s = s.strip(" -•*")
            if len(s) >= 12:
                out.append(s)
    return out


def _cite(field: str, sentences: list[str], extra: str | None = None) -> str | None:
    """The first sentence that states ``field`` (and mentions ``extra`` when given)."""
    cue = re.compile(_CUES[field], re.IGNORECASE)
    for s in sentences:
        if cue.search(s) and (extra is None or re.search(extra, s, re.IGNORECASE)):
            return s
    return None


def derive(scheme_id: str, scheme_name: str, url: str, structured: dict[str, Any], eligibility_text: str) -> SchemeRules | None:
    """A rule from myScheme's structured filters (see the module docstring); ``None`` when no filter
    restricts anyone or none could be cited. Each criterion's text is a sentence of
    ``eligibility_text`` exactly as it stands there. Filters of an unexpected type are ignored."""
    if not isinstance(structured, dict):
        return None
    structured = {k: v for k, v in structured.items() if _well_typed(k, v)}
    sentences = _sentences(eligibility_text)
    crit: list[Criterion] = []
    notes: list[str] = []

    def add(field: str, op: str, value: Any, extra: str | None = None) -> None:
        text = _cite(field, sentences, extra) or (_cite(field, sentences) if extra else None)
        if text is None:
            notes.append(f"{field} {op} {value}: no sentence of the eligibility text states it; not used")
            return
        try:
            crit.append(Criterion(field=field, op=op, value=value, text=text, verified=False, url=url))
        except ValueError as exc:  # a value the registry cannot hold ("Semi-Urban", an unknown state)
            notes.append(f"{field} {op} {value}: not expressible ({str(exc).splitlines()[0][:80]}); not used")

    genders = [g for g in structured.get("gender") or [] if g != "All"]
    if genders and set(genders) != set(_GENDER):
        add("gender", "in", sorted({_GENDER[g] for g in genders if g in _GENDER}))
    castes = [c for c in structured.get("caste") or [] if c != "All"]
    if castes:
        mapped = sorted({_CASTE[c] for c in castes if c in _CASTE})
        unknown = [c for c in castes if c not in _CASTE]
        if unknown:
            notes.append(f"caste values not in the registry: {unknown}")
        if mapped:
            add("social_category", "in", mapped)
    ages = structured.get("age") or {}
    ranges = {(v.get("gte"), v.get("lte")) for v in ages.values() if isinstance(v, dict)}
    if len(ranges) == 1:
        low, high = next(iter(ranges))
        low = low or 0
        high = high if high is not None else 120
        if low > 0 and high < 100:
            add("age", "between", [low, high], rf"\b{low}\b")
        elif low > 0:
            add("age", "gte", low, rf"\b{low}\b")
        elif high < 100:
            add("age", "lte", high, rf"\b{high}\b")
    elif len(ranges) > 1:
        notes.append(f"age ranges differ by category {sorted(map(str, ranges))}: not expressed")
    residence = [r for r in structured.get("residence") or [] if r not in ("Both", "All")]
    if len(residence) == 1:
        add("residence", "eq", residence[0].lower())
    states = [s for s in structured.get("beneficiaryState") or [] if s != "All"]
    if states:
        add("state", "in", states, "|".join(re.escape(s) for s in states))
    if structured.get("disability") == "Yes":
        m = re.search(r"(\d{2,3})\s*%", eligibility_text)
        if m:
            add("disability_percent", "gte", int(m.group(1)), re.escape(m.group(0)))
        else:
            notes.append("disability: no minimum percentage in the eligibility text; not used")
    if structured.get("minority") == "Yes":
        add("is_minority", "is_true", None)
    if structured.get("isBpl") == "Yes":
        add("is_bpl", "is_true", None)
    if structured.get("isStudent") == "Yes":
        add("is_student", "is_true", None)
    marital = [m for m in structured.get("maritalStatus") or [] if m != "All"]
    if marital and set(marital) != set(_MARITAL):
        add("marital_status", "in", sorted({_MARITAL[m] for m in marital if m in _MARITAL}))
    occupations = [o for o in structured.get("occupation") or [] if o != "All"]
    mapped_occ = sorted({_OCCUPATION[o] for o in occupations if o in _OCCUPATION})
    if occupations and len(mapped_occ) < len(set(occupations)):
        notes.append(f"occupations not in the registry: {[o for o in occupations if o not in _OCCUPATION]}")
    if mapped_occ and len(mapped_occ) == len(set(occupations)):
        add("occupation", "in", mapped_occ)
    if structured.get("education"):
        notes.append("education filters are not expressed (course-level detail)")
    if not crit:
        return None
    return SchemeRules(scheme_id=scheme_id, scheme_name=scheme_name, url=url, rule=All(all=crit), source="derived", notes=notes)
