"""Normalisation and sentence splitting."""

import pytest

from retrieval.text import normalize, personal_ages, sentences, split_sentences


def test_normalize_nfc_and_zero_width():
    decomposed = "क\u093c"  # KA + NUKTA -> QA (U+0958 is excluded from NFC composition; NFC keeps KA+NUKTA)
    assert normalize("pm\u200b-kisan\u200d\ufeff") == "pm-kisan"
    assert normalize("e\u0301") == "\u00e9"
    assert normalize(decomposed) == normalize(normalize(decomposed))
    assert normalize("a\r\nb\rc\u00a0d") == "a\nb\nc d"


def test_danda_ends_sentences():
    text = "किसान को ६००० रुपये मिलते हैं। यह तीन किस्तों में आता है॥ आवेदन ऑनलाइन होता है"
    assert sentences(text) == ["किसान को ६००० रुपये मिलते हैं।", "यह तीन किस्तों में आता है॥", "आवेदन ऑनलाइन होता है"]


def test_bullets_and_numbered_items_are_one_sentence_each_without_marker():
    text = "Documents:\n1.  Aadhaar Card\n2) Land papers\n- Bank passbook\n* Photo. Signed by the applicant.\n(a) Ration card\n• Income certificate"
    assert sentences(text) == [
        "Documents:", "Aadhaar Card", "Land papers", "Bank passbook", "Photo. Signed by the applicant.",
        "Ration card", "Income certificate",
    ]


def test_amounts_decimals_and_abbreviations_do_not_split():
    text = ("Financial benefit of Rs. 6000 per annum. Paid as Rs.6000/- in parts. Limit is ₹1.5 lakh per year. "
            "Dr. D.S. Kothari fellowship i.e. for post docs. No. of days is 100.")
    assert sentences(text) == [
        "Financial benefit of Rs. 6000 per annum.",
        "Paid as Rs.6000/- in parts.",
        "Limit is ₹1.5 lakh per year.",
        "Dr. D.S. Kothari fellowship i.e. for post docs.",
        "No. of days is 100.",
    ]


def test_initials_after_a_slash_and_numbered_labels_do_not_end_a_sentence():
    # the Benefits of the central post-matric scholarship for SC students (myscheme.gov.in/schemes/pmsfss): split at
    # "/C.S." and "Note 2.", "Note 2. Students pursuing C.A. /I.C.W.A. /C.S." was quoted as the scheme's answer
    text = ("Note 2. Students pursuing C.A. /I.C.W.A. /C.S. /I.C.F.A. shall be treated as day scholars. "
            "Step 1. Visit the portal. The age limit is 60. Applicants must be 18.")
    assert sentences(text) == [
        "Note 2. Students pursuing C.A. /I.C.W.A. /C.S. /I.C.F.A. shall be treated as day scholars.",
        "Step 1. Visit the portal.",
        "The age limit is 60.",
        "Applicants must be 18.",
    ]


def test_urls_are_not_split_and_end_punctuation_ends_sentence():
    text = "Apply at https://pmkisan.gov.in/a.b?x=1&y=2. Then check status."
    assert sentences(text) == ["Apply at https://pmkisan.gov.in/a.b?x=1&y=2.", "Then check status."]


def test_offsets_round_trip():
    text = "  First one.  Second!\n\n- third item\nFourth? yes"
    spans = split_sentences(text)
    assert [text[s:e] for s, e in spans] == ["First one.", "Second!", "third item", "Fourth? yes"]
    assert all(0 <= s < e <= len(text) for s, e in spans)


def test_empty_and_punctuation_only():
    assert split_sentences("") == []
    assert split_sentences("---\n\n***") == []


@pytest.mark.parametrize("text,ages", [
    ("I am 62, what documents do I need for old age pension?", [62]),
    ("meri umar 62 hai, vridha pension kitna milta hai?", [62]),
    ("मेरी उम्र 62 है", [62]),
    ("main 45 saal ka kisan hu", [45]),
    ("my mother is 72 years old", [72]),
    ("I am 5 months pregnant", []),  # a count of months, not an age
    ("rajasthan vidhwa pension 75 saal se upar wali mahila ko kitna", []),  # a limit asked about, a word of the page
    ("pension above 60 years", []),
])
def test_personal_ages_are_the_ages_a_person_is_not_the_limits_asked_about(text, ages):
    # a person's age is a fact about the user, left out of the search words; a limit is searched
    assert personal_ages(text) == ages


def test_a_stated_age_is_no_search_word_but_a_limit_is():
    from retrieval.query import VocabularyMatcher, analyze_query

    vocabulary = {w: i for i, w in enumerate(["62", "75", "old", "age", "pension", "document", "saal", "vidhwa", "widow"])}
    matcher = VocabularyMatcher(vocabulary)
    assert "62" not in analyze_query("I am 62, what documents do I need for old age pension?", vocabulary, matcher).weights
    assert "75" in analyze_query("vidhwa pension 75 saal se upar", vocabulary, matcher).weights
