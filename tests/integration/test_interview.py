"""Eligibility interviews through `schemebot chat --json`: ask order, stop early, skip, invalid answers,
corrections, a question in the middle, several fields in one answer, Hindi."""

import pytest

from tests.integration.test_chat_cli import chat

ENV = {"SCHEMEBOT_REDIS_URL": "", "SCHEMEBOT_STATE_SECRET": "x"}


def kinds(turn):
    return [r["kind"] for r in turn["replies"]]


def last(turn):
    return turn["replies"][-1]


def test_old_age_pension_asks_age_then_stops_at_once_on_35():
    t = chat(["am I eligible for old age pension?", "35"], ENV)
    q = last(t[0])
    assert q["kind"] == "question" and q["field"] in {"age", "is_bpl"} and q["field"] not in {"gender", "state"}
    if q["field"] == "is_bpl":  # the planner may ask BPL first; answering no ends it just the same
        pytest.fail("age should come first: it is the first criterion and settles as often")
    verdict = last(t[1])
    assert verdict["kind"] == "eligibility"
    (o,) = verdict["outcomes"]
    assert (o["scheme_id"], o["status"]) == ("ignoaps", "not_eligible")
    assert o["reasons"][0]["text"] == "The applicant must be aged 60 years or more."
    assert o["reasons"][0]["url"] == "https://www.myscheme.gov.in/schemes/ignoaps#eligibility"


def test_restart_67_and_bpl_card_is_eligible_with_cited_criteria():
    t = chat(["am I eligible for old age pension?", "35", "am I eligible for old age pension?", "67", "yes, BPL card"], ENV)
    assert last(t[2])["field"] == "age"  # the remembered 35 is asked again, not silently reused
    assert last(t[3])["field"] == "is_bpl" and [o["value"] for o in last(t[3])["options"]] == ["yes", "no"]
    (o,) = last(t[4])["outcomes"]
    assert o["status"] == "eligible"
    assert [r["field"] for r in o["reasons"]] == ["age", "is_bpl"]


def test_skip_leaves_field_unknown_and_never_used():
    t = chat(["check eligibility for pm kisan", "skip", "no"], ENV)
    assert last(t[0])["field"] == "owns_cultivable_land"
    assert kinds(t[1])[0] == "info" and last(t[1])["field"] == "is_income_tax_payer"
    (o,) = last(t[2])["outcomes"]
    assert o["status"] == "need_more_info" and o["missing_fields"] == ["owns_cultivable_land"]
    # the open condition is quoted with its link, so the user sees what the missing answer would decide
    assert [r["field"] for r in o["reasons"]] == ["owns_cultivable_land"]
    assert o["reasons"][0]["url"].startswith("https://www.myscheme.gov.in/schemes/pm-kisan")
    assert o["reasons"][0]["text"] in last(t[2])["text"]


def test_two_invalid_answers_explain_and_offer_skip_or_stop():
    t = chat(["am I eligible for old age pension?", "blue", "purple"], ENV)
    assert last(t[1])["kind"] == "question" and last(t[1])["text"].startswith("Sorry, I could not understand that.")
    why = last(t[2])
    assert why["field"] == "age" and why["text"].startswith("I ask because:")
    assert [o["value"] for o in why["options"]][-2:] == ["skip", "stop"]


def test_stop_keeps_what_was_said():
    t = chat(["am I eligible for old age pension?", "70", "stop", "am I eligible for old age pension?"], ENV)
    assert last(t[2])["kind"] == "info" and "stopped" in last(t[2])["text"]
    assert last(t[3])["field"] == "is_bpl"  # age 70 remembered, only BPL asked


def test_correction_and_multi_field_answer():
    t = chat(["am I eligible for old age pension?", "I'm 55, BPL card hai", "actually my age is 62"], ENV)
    first = last(t[1])
    assert first["kind"] == "eligibility" and first["outcomes"][0]["status"] == "not_eligible"
    t = chat(["am I eligible for old age pension?", "55", "actually my age is 62", "yes"], ENV)
    assert last(t[2])["field"] == "is_bpl"
    assert t[2]["replies"][0]["text"] == "Noted: age 62 (was 55)."
    assert last(t[3])["outcomes"][0]["status"] == "eligible"


@pytest.mark.parametrize("first,correction", [("am I eligible for old age pension?", "no, my age is 66"),
                                              ("क्या मैं वृद्धावस्था पेंशन के लिए पात्र हूँ", "नहीं, मेरी उम्र 66 है")])
def test_a_no_leading_a_fact_after_the_verdict_corrects_it(first, correction):
    """A newcomer trial: "नहीं, मेरी उम्र 66 है" after a verdict had been searched and declined."""
    t = chat([first, "55", correction], ENV)
    assert last(t[1])["kind"] == "eligibility" and last(t[1])["outcomes"][0]["status"] == "not_eligible"
    assert "66" in t[2]["replies"][0]["text"] and last(t[2])["field"] == "is_bpl"


@pytest.mark.parametrize("question,scheme", [
    ("what documents are needed for old age pension?", "ignoaps"),
    # no question word: asking about schemes is a question all the same, and "bihar" is not an answer
    ("is there any scheme for widows in bihar", None),
    ("is there any scheme for widows", "ignwps"),
    ("kisan samman nidhi me kitna paisa milta hai", "pm-kisan"),
])
def test_question_in_the_middle_is_answered_then_resumes(question, scheme):
    t = chat(["am I eligible for old age pension?", question, "65", "haan"], ENV)
    middle = t[1]["replies"]
    # an answer (a list comes after its heading) or an honest decline, never an interview answer
    reply = next(r for r in middle if r["kind"] in ("answer", "decline"))
    assert scheme is None or (reply["kind"] == "answer" and reply["citations"][0]["scheme_id"] == scheme)
    assert not any(r["text"].startswith("Noted:") for r in middle)
    assert middle[-1]["kind"] == "question" and middle[-1]["field"] == "age"
    assert middle[-1]["text"].startswith("Wapas aapki patrata jaanch par:" if "kitna" in question else "Back to your eligibility check:")
    assert last(t[3])["outcomes"][0]["status"] == "eligible"


def test_hindi_start_and_screening():
    t = chat(["मुझे कौन सी योजना मिल सकती है", "/lang en"], ENV)
    q = last(t[0])
    assert q["kind"] == "question" and q["field"] is not None
    assert any("\u0900" <= ch <= "\u097f" for ch in q["text"])  # asked in Hindi


def test_screening_ends_with_outcomes():
    t = chat(["which schemes can I get", "I'm a 67 year old widow from UP, BPL card hai, income 40000",
              *["skip"] * 9], ENV)
    verdicts = [r for turn in t for r in turn["replies"] if r["kind"] == "eligibility"]
    assert verdicts, [last(x) for x in t]
    statuses = {o["scheme_id"]: o["status"] for o in verdicts[0]["outcomes"]}
    assert statuses.get("ignoaps") == "eligible"
    asked = [last(x)["field"] for x in t if last(x)["kind"] == "question"]
    assert len(asked) <= 8 and len(set(asked)) == len(asked)  # the budget, and no field asked twice


def test_what_was_noted_is_read_back_in_indian_grouping():
    t = chat(["which schemes can I get", "I am a housewife from Bihar, family income 1.5 lakh"], ENV)
    said = "\n".join(r["text"] for r in t[1]["replies"])
    assert "₹1,50,000 a year" in said and "Homemaker" in said and "Bihar" in said
