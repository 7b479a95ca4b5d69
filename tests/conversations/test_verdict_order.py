"""What orders and filters the schemes of a screening verdict: the facts a scheme's name says it is for,
a name that places it in other states, a pre-matric scheme however it is written, and which misses are
"close"."""

import pytest

from conversations.eligibility_flow import _missed_by_degree, named_elsewhere, named_for, named_unsaid, past_school
from eligibility.rules import Criterion, Outcome

SC_STUDENT = {"social_category": "sc", "occupation": "student", "is_student": True, "state": "Punjab", "age": 20}


@pytest.mark.parametrize("name,profile,checked,n", [
    ("Post Matric Scholarship For Scheduled Caste", SC_STUDENT, set(), 2),
    ("Free Coaching Scheme for SC and OBC Students", SC_STUDENT, set(), 2),
    ("Post Matric Scholarship For Scheduled Caste", SC_STUDENT, {"social_category"}, 1),  # the fields given are left out
    ("Post Matric Scholarship For Scheduled Tribes", SC_STUDENT, set(), 1),
    ("RKVY Soil Testing Lab", SC_STUDENT, set(), 0),
    ("Indira Gandhi National Widow Pension Scheme", {"marital_status": "widowed"}, set(), 1),
    ("Indira Gandhi National Widow Pension Scheme", {"marital_status": "widowed"}, {"marital_status"}, 0),  # the condition says it
    ("Scholarship for Divyang Students", {"disability_percent": 60}, set(), 1),
    ("Scholarship for Divyang Students", {"disability_percent": 0}, set(), 0),
    # a farmer in the state's own word (a newcomer trial: Odisha's KALIA came 18th for an Odisha farmer, after duck farming)
    ("Krushak Assistance For Livelihood And Income Augmentation", {"occupation": "farmer"}, set(), 1),
    ("YSR Rythu Bharosa", {"occupation": "farmer"}, set(), 1),
    ("Krushak Assistance For Livelihood And Income Augmentation", {"occupation": "student"}, set(), 0),
])
def test_the_facts_a_schemes_name_says_it_is_for(name, profile, checked, n):
    assert named_for(name, profile, frozenset(checked)) == n


@pytest.mark.parametrize("name,state,elsewhere", [
    ("“Ishan Uday” Special Scholarship Scheme For North Eastern Region", "Punjab", True),
    ("“Ishan Uday” Special Scholarship Scheme For North Eastern Region", "Assam", False),
    ("Prime Minister's Special Scholarship Scheme for Jammu and Kashmir", "Haryana", True),
    ("Post Matric Scholarship For Scheduled Caste", "Punjab", False),
    ("Mukhyamantri Kanya Utthan Yojana (Bihar)", "Bihar", False),
    ("Special Scholarship Scheme For North Eastern Region", None, False),  # the state unknown: nothing assumed
])
def test_a_name_that_places_a_scheme_in_other_states(name, state, elsewhere):
    assert named_elsewhere({"state": state} if state else {}, name) is elsewhere


@pytest.mark.parametrize("name", ["Pre-Matric Scholarship for SC", "Pre Matric Scholarship", "Pre- Matric Scholarships Scheme for Scheduled Castes & Others"])
def test_a_pre_matric_scheme_is_past_a_twenty_year_old_however_written(name):
    assert past_school({"age": 20}, name) and not past_school({"age": 13, "education_level": "upper_primary"}, name)


def _failed(field):
    c = Criterion(field=field, op="lte", value=250000, text="Family income up to Rs. 2.5 lakh.", url="u#eligibility")
    return Outcome(scheme_id="s", scheme_name="S", status="not_eligible", reasons=[c], missing_fields=[], unchecked=[], url="u")


def test_a_close_miss_is_one_by_degree():
    assert _missed_by_degree(_failed("annual_family_income"), {})
    # an age a few years past the limit, not one of another stage of life (a trial's woman of 67 had been told a scholarship
    # for ages 12 to 20 was "close")
    teens = Criterion(field="age", op="between", value=[12, 20], text="Beneficiary's age limit is 12 to 20 years.", url="u#eligibility")
    at = Outcome(scheme_id="s", scheme_name="S", status="not_eligible", reasons=[teens], missing_fields=[], unchecked=[], url="u")
    assert _missed_by_degree(at, {"age": 23}) and _missed_by_degree(at, {"age": 10})
    assert not _missed_by_degree(at, {"age": 67}) and not _missed_by_degree(at, {})
    assert not _missed_by_degree(_failed("social_category"), {})
    assert not _missed_by_degree(_failed("disability_percent"), {"disability_percent": 0})
    assert _missed_by_degree(_failed("disability_percent"), {"disability_percent": 30})


@pytest.mark.parametrize("n,lang,said", [(1, "en", "1 scheme"), (3, "en", "3 schemes"), (1, "hi", "1 योजना"),
                                         (2, "hi", "2 योजनाएँ"), (1, "hinglish", "1 yojana"), (0, "en", "0 schemes")])
def test_a_count_of_schemes_is_singular_for_one(n, lang, said):
    """A newcomer trial: a kind check of one scheme said "I checked 1 schemes"."""
    from conversations.eligibility_flow import schemes_count
    from conversations.strings import t

    assert schemes_count(n, lang) == said
    assert t("kind_head", lang, kind="widow", count=schemes_count(n, lang)).count(said) == 1


@pytest.mark.parametrize("name,student", [("MeitY Digital India Internship Scheme", True),
                                          ("Internship Programme At Serious Fraud Investigation Office", True),
                                          ("Post Matric Scholarship for SC Students", True), ("Atal Pension Yojana", False)])
def test_internships_are_schemes_for_students(name, student):
    """A break-it trial: a 30-year-old man who said he was not studying was told two internships were "likely"."""
    from conversations.eligibility_flow import STUDENT_SCHEME

    assert bool(STUDENT_SCHEME.search(name)) is student


@pytest.mark.parametrize("name,gender,beyond", [
    ("Chief Minister Ekal Nari Samman Pension Yojana (Rajasthan)", "male", True),
    ("Indira Mahila Shakti Udyam Protsahan Yojana", "male", True),
    ("Pradhan Mantri Matru Vandana Yojana", "male", True),
    ("Chief Minister Ekal Nari Samman Pension Yojana (Rajasthan)", "female", False),
    ("Chief Minister Ekal Nari Samman Pension Yojana (Rajasthan)", None, False),  # gender not told: nothing assumed
    ("Kanya Vivah Sahayta Yojana", "male", False),  # a father asks for his daughter's marriage
    ("Widow/Widower Pension", "male", False),
    ("Pradhan Mantri Kisan Samman Nidhi", "male", False),
])
def test_a_scheme_named_for_women_is_beyond_a_man(name, gender, beyond):
    from conversations.eligibility_flow import for_another_gender

    assert for_another_gender(name, {"gender": gender} if gender else {}) is beyond


def _likely(name: str, reasons: list[tuple[str, str, object, str]], unchecked: list[str] = ()) -> Outcome:
    return Outcome("x", name, "https://www.myscheme.gov.in/schemes/x", "likely_eligible",
                   [Criterion(field=f, op=op, value=v, text=t) for f, op, v, t in reasons], unchecked=list(unchecked))


@pytest.mark.parametrize("outcome,said,gated", [
    # trials: a 67-year-old widow was told these were "likely eligible" on her state, widowhood or category alone
    (_likely("AICTE - INAE Distinguished Visiting Professorship", [("state", "in", ["Bihar"], "Open to residents of all states.")]),
     "67 year old widow Bihar", True),
    (_likely("RMEWF-Financial Assistance For Vocational Training Of Widows Of Ex-Servicemen",
             [("marital_status", "eq", "widowed", "Applicant must be widow of an ESM of rank up to Havildar/equiv.")]), "widow", True),
    (_likely("Credit Based Scheme For SC", [("social_category", "in", ["sc"], "The scheme is for entrepreneurs of the Scheduled Caste Category")]),
     "SC widow 67", True),
    (_likely("Credit Based Scheme For SC", [("social_category", "in", ["sc"], "The scheme is for entrepreneurs of the Scheduled Caste Category")]),
     "SC, I want to start a business", False),  # said: likely
    (_likely("Scheme For Financial Assistance For Veteran Artists", [("age", "gte", 60, "The applicant must be 60 or older.")]),
     "I am a folk artist, 67", False),
    (_likely("Indira Gandhi National Widow Pension Scheme", [("marital_status", "eq", "widowed", "The applicant must be a widow.")]),
     "widow", False),
    # a trial's 62-year-old in UP, who never spoke of an illness, work or going abroad, was told these were "likely eligible"
    (_likely("Leprosy Pension Scheme", [("state", "in", ["Uttar Pradesh"], "It is necessary to be a permanent resident of Uttar Pradesh.")]),
     "62 Lucknow UP BPL", True),
    (_likely("Leprosy Pension Scheme", [("state", "in", ["Uttar Pradesh"], "It is necessary to be a permanent resident of Uttar Pradesh.")]),
     "mujhe kusht rog hai", False),
    (_likely("Shravan Kumar Shramik Parivar Tirth Yatra Yojana",
             [("annual_family_income", "lte", 180000, "The monthly salary (basic salary + dearness allowance) of the worker should not exceed Rs 15,000.")]),
     "62 Lucknow UP", True),
    (_likely("Shravan Kumar Shramik Parivar Tirth Yatra Yojana", [("state", "in", ["Uttar Pradesh"], "Resident of Uttar Pradesh.")]),
     "62 UP construction worker", False),
    (_likely("Pravasi Bharatiya Bima Yojana", [("age", "lte", 65, "The age of the applicant must be between 18 - 65 Years.")],
             ["The applicant should be an Indian emigrant worker going abroad for employment."]), "62 UP", True),
    # an illness the page rules out is none to have
    (_likely("Old Age Pension", [("age", "gte", 60, "The applicant must be 60 or older.")],
             ["The applicant should not be suffering from any chronic disease."]), "62 UP", False),
])
def test_a_scheme_for_a_role_the_user_never_spoke_of_is_if_this_applies(outcome, said, gated):
    from conversations.eligibility_flow import role_unsaid

    assert (role_unsaid(outcome, said) is not None) is gated


@pytest.mark.parametrize("outcome,students", [
    # UP's fee reimbursement names no student, its conditions do (a trial: "likely eligible" to a 62-year-old on his income)
    (_likely("Fee Reimbursement Scheme", [("annual_family_income", "lte", 200000,
                                            "The annual income of the parents/guardians of the student is up to Rs. 2 Lakh.")]), True),
    (_likely("Fee Reimbursement Scheme", [("state", "in", ["Uttar Pradesh"], "Native and under study in Uttar Pradesh.")],
             ["Students belonging to Other Backward Classes studying in all the government schools are eligible."]), True),
    (_likely("Uttar Pradesh Old Age Pension Scheme", [("age", "gte", 60, "The applicant must be 60 years or older.")]), False),
])
def test_a_scheme_whose_conditions_speak_of_a_student_is_for_students(outcome, students):
    from conversations.eligibility_flow import for_students

    assert for_students(outcome) is students


def test_the_role_quoted_is_a_sentence_of_the_scheme_before_its_name():
    """A break-it trial: "If this applies to you: - RMEWF ... Widows Of Ex-Servicemen: “RMEWF ... Widows Of Ex-Servicemen”",
    the deciding sentence not shown."""
    from conversations.eligibility_flow import role_unsaid

    name = "RMEWF-Financial Assistance For Vocational Training Of Widows Of Ex-Servicemen"
    sentence = "Applicant must be widow of an ESM of rank up to Havildar/equiv."
    assert role_unsaid(_likely(name, [("marital_status", "eq", "widowed", sentence)]), "widow") == sentence
    assert role_unsaid(_likely("Leprosy Pension Scheme", [("state", "in", ["Uttar Pradesh"], "Resident of Uttar Pradesh.")]), "62 UP") \
        == "Leprosy Pension Scheme"  # (its name alone says it: the name, shown without quotes)


@pytest.mark.parametrize("answer,asks", [("8th pass", False), ("10th class pass", False), ("12th me padhta hu", False),
                                         ("fishermen insurance kerala", True), ("old age pension in punjab", True)])
def test_a_schooling_answer_asks_nothing(answer, asks):
    """A newcomer trial: "8th pass" to the class question was noted and also searched, an unrelated quote before the next
    question."""
    from conversations.eligibility_flow import _asks_more_than

    assert _asks_more_than(answer, {}) is asks


@pytest.mark.parametrize("name,said,unsaid", [
    # a newcomer trial's 70-year-old widow: a remarriage grant first, two senior citizens' awards after it, all "likely"
    ("Widow Remarriage Assistance Scheme-I", "I am 70 years old. My husband died", True),
    ("National Award For Senior Citizens (Vayoshreshtha Samman): Iconic Mother", "I am 70 years old. My husband died", True),
    ("Marriage Assistance For Daughters Of Widows", "meri beti ki shadi hai", False),  # the marriage said
    ("State Award For Teachers", "I want to apply for the teachers award", False),
    ("Pradhan Mantri Kisan Samman Nidhi", "I am a farmer", False),  # ("Samman" is no award)
    ("Destitute Widow Pension Scheme", "I am a widow", False),
])
def test_a_scheme_named_for_a_marriage_or_as_an_award_is_if_this_applies_until_said(name, said, unsaid):
    assert named_unsaid(name, said) == (name if unsaid else None)


@pytest.mark.parametrize("sentence, business", [
    ("He/she should represent/own any MSEs unit.", True),
    ("Applicant should have a micro or small scale industry.", True),
    ("The applicant should be a Coconut Tree Climber/Neera Technician/Coconut Harvester/Trainee.", True),
    ("If the applicant is employed permanently in the private sector, OR if the applicant is self-employed, his/her income "
     "should not exceed ₹ 3,00,000/- per annum.", False),
    ("The applicant should be a resident of Bihar.", False)])
def test_a_scheme_for_an_enterprise_or_a_trade_not_spoken_of_is_only_if_it_applies(sentence, business):
    """A newcomer trial: a widow of 62, a homemaker, read "Bank Guarantee Charges Reimbursement Scheme: likely eligible" (for
    owners of micro and small enterprises) and Kerala's coconut climbers' insurance; a limit for the self-employed asks for
    no business."""
    from conversations.eligibility_flow import role_unsaid

    o = Outcome(scheme_id="s", scheme_name="S", status="likely_eligible", reasons=[], missing_fields=[], unchecked=[sentence], url="u")
    assert (role_unsaid(o, "widow homemaker bihar") is not None) is business
