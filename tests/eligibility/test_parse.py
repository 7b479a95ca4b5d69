"""Field parsers: exact values from English, Hindi and Romanized Hindi answers."""

import pytest

from eligibility.extract import extract
from eligibility.fields import FIELDS
from conversations.intents import is_skip, is_stop
from eligibility.parse import parse_money


@pytest.mark.parametrize("text,value", [
    ("1.5 lakh", 150000), ("₹2,50,000", 250000), ("2.5L", 250000), ("50k", 50000), ("डेढ़ लाख", 150000),
    ("1.2 crore", 12000000), ("dhai lakh", 250000), ("sawa lakh", 125000), ("paune do lakh", 175000),
    ("Rs. 80,000/-", 80000), ("10000 per month", 120000), ("10 hazar mahina", 120000), ("ढाई लाख रुपये", 250000),
])
def test_income(text, value):
    assert FIELDS["annual_family_income"].read(text) == value


@pytest.mark.parametrize("text,value", [("65", 65), ("65 saal", 65), ("उम्र २५", 25), ("I am 45 years old", 45), ("sixty", 60)])
def test_age(text, value):
    assert FIELDS["age"].read(text) == value


@pytest.mark.parametrize("text", ["four hundred", "400", "abc", "", "-", "65.5", "-70", "minus 65"])
def test_unusable_age_is_none_not_an_exception(text):
    assert FIELDS["age"].read(text) is None


@pytest.mark.parametrize("text,value", [
    ("yes", True), ("no", False), ("haan", True), ("nahi", False), ("हाँ", True), ("नहीं", False), ("yes, BPL card", True),
    ("ji haan", True), ("1", True), ("2", False), ("maybe", None),
])
def test_yes_no(text, value):
    assert FIELDS["is_bpl"].read(text) == value


@pytest.mark.parametrize("text,value", [
    ("UP", "Uttar Pradesh"), ("उत्तर प्रदेश", "Uttar Pradesh"), ("मध्य प्रदेश", "Madhya Pradesh"), ("mp", "Madhya Pradesh"),
    ("J&K", "Jammu and Kashmir"), ("tamilnadu", "Tamil Nadu"), ("Orissa", "Odisha"), ("बिहार", "Bihar"), ("xyz", None), ("26", None),
])
def test_state(text, value):
    assert FIELDS["state"].read(text) == value


def test_choices_in_both_scripts_and_by_number():
    assert FIELDS["gender"].read("mahila") == "female" and FIELDS["gender"].read("पुरुष") == "male"
    assert FIELDS["gender"].read("2") == "male" and FIELDS["gender"].read("7") is None
    assert FIELDS["social_category"].read("अनुसूचित जाति") == "sc" and FIELDS["social_category"].read("OBC") == "obc"
    assert FIELDS["marital_status"].read("vidhwa hoon") == "widowed"
    assert FIELDS["occupation"].read("kheti karta hoon") == "farmer"
    assert FIELDS["occupation"].read("housewife") == FIELDS["occupation"].read("गृहिणी हूँ") == "homemaker"
    # saying there is no work is an answer: unemployed; so is a bare no to the question (a newcomer trial's widow said "nahi"
    # three times and the fact was skipped), but not "nahi pata" (not known)
    assert [FIELDS["occupation"].read(a) for a in ("none, I do not work", "koi kaam nahi karta", "कोई काम नहीं है", "no", "Nahi!",
                                                   "कुछ नहीं", "nahi pata", "no idea")] == \
        ["unemployed", "unemployed", "unemployed", "unemployed", "unemployed", "unemployed", None, None]
    # a newcomer's "retired" and "kuch nahi karta" had not been understood; a retired soldier stays an ex-serviceman
    assert [FIELDS["occupation"].read(a) for a in ("retired", "रिटायर हूँ", "kuch nahi karta", "I am a retired soldier")] == \
        ["other", "other", "unemployed", "ex_serviceman"]
    assert FIELDS["disability_percent"].read("no") == 0 and FIELDS["disability_percent"].read("60%") == 60


def test_skip_and_stop_words():
    assert all(is_skip(t) for t in ["skip", "don't know", "pata nahi", "पता नहीं", "not sure"])
    assert not is_skip("skip the income question please tell me about pm kisan")
    assert all(is_stop(t) for t in ["stop", "cancel", "bas", "बंद करो"])


def test_one_message_fills_several_fields():
    assert extract("I'm a 45 year old farmer from Bihar, income 1.2 lakh") == {
        "age": 45, "annual_family_income": 120000, "state": "Bihar", "occupation": "farmer"}
    assert extract("main 62 saal ki vidhwa hoon UP se, BPL card hai") == {
        "age": 62, "state": "Uttar Pradesh", "marital_status": "widowed", "gender": "female", "is_bpl": True}
    assert extract("actually my age is 62") == {"age": 62}
    assert extract("how do I sign up for the pension") == {}


@pytest.mark.parametrize("amount,text", [(0, "0"), (500, "500"), (1000, "1,000"), (40000, "40,000"), (150000, "1,50,000"),
                                         (12000000, "1,20,00,000"), (-2500, "-2,500")])
def test_amounts_are_read_back_in_indian_grouping(amount, text):
    from conversations.eligibility_flow import indian_grouping

    assert indian_grouping(amount) == text


@pytest.mark.parametrize("text", ["my income is -50000", "income -1 lakh", "income 10^100 rupees", "income 1e9"])
def test_negative_or_exponent_incomes_are_not_noted(text):
    assert "annual_family_income" not in extract(text)
    assert FIELDS["annual_family_income"].read(text) is None


@pytest.mark.parametrize("text", ["age -5", "I am -65 years old", "umar -45 hai"])
def test_an_age_with_a_minus_sign_is_not_noted(text):
    assert "age" not in extract(text)


@pytest.mark.parametrize("text,value", [
    ("2 lakh 50 hazar", 250000), ("1 lakh 20000", 120000), ("50000 per year, 5000 per month", 50000),
    ("monthly income 8000", 96000), ("8000 rupaye mahina, saal ka 96000", 96000), ("saal ki aay 1 lakh, mahine ka 8000", 100000),
    ("no income", 0), ("nil", 0), ("कोई आय नहीं", 0), ("koi income nahi", 0), ("2.5", None), ("5", None),
])
def test_income_in_parts_periods_and_none(text, value):
    assert FIELDS["annual_family_income"].read(text) == value


@pytest.mark.parametrize("text,value", [("٣٥", 35), ("৩৫", 35), ("੪੦", 40), ("۶۷", 67)])
def test_ages_in_other_scripts_digits(text, value):
    assert FIELDS["age"].read(text) == value


@pytest.mark.parametrize("text,expected", [
    ("I am not a widow", {}), ("I am not a farmer, I am a labourer", {"occupation": "unorganised_worker"}),
    ("not SC, I am OBC", {"social_category": "obc"}), ("I'm not from Bihar but from UP", {"state": "Uttar Pradesh"}),
    ("main kisan nahi hu", {}), ("मैं विधवा नहीं हूँ", {}), ("mai bihar se nahi hu", {}), ("I am not muslim", {}),
    ("no, OBC", {"social_category": "obc"}), ("I pay no income tax", {"is_income_tax_payer": False}),
])
def test_a_negated_mention_states_nothing(text, expected):
    assert extract(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("I am 40 and my son is 25", {"age": 40}), ("my husband is 70", {"gender": "female"}), ("mera beta 25 saal ka hai", {}),
    ("my father is a farmer and I am a student", {"occupation": "student", "is_student": True}),
    ("my daughter is 17, she is a student in Punjab", {}), ("mera beta UP me rehta hai", {}),
    ("मेरे बेटे की उम्र 25 साल है, मैं 55 साल की हूँ", {"age": 55, "gender": "female"}),  # ("की हूँ": a woman speaks)
    # the household's facts count whoever they are said of: category, family income
    ("my father is SC and earns 2 lakh a year", {"social_category": "sc", "annual_family_income": 200000}),
    ("my husband died, I am 60", {"age": 60, "marital_status": "widowed", "gender": "female"}),
    # a widower (a newcomer trial's "meri patni ki maut ho gayi" was read as a state alone, then asked his gender)
    ("meri patni ki maut ho gayi, main bihar se hu", {"state": "Bihar", "marital_status": "widowed", "gender": "male"}),
    ("मेरी पत्नी का देहांत हो गया", {"marital_status": "widowed", "gender": "male"}),
    ("I lost my wife last year", {"marital_status": "widowed", "gender": "male"}),
    ("I am a widower, 70 years old", {"age": 70, "marital_status": "widowed", "gender": "male"}),
    # ... her age and work are hers, but the speaker's own wife or husband says the speaker's gender (a newcomer trial: "my
    # husband is a construction worker" was asked her gender)
    ("my wife is 40", {"gender": "male"}), ("meri patni kisan hai", {"gender": "male"}),
    ("I am 34, my husband is a construction worker, we are OBC", {"age": 34, "gender": "female", "social_category": "obc"}),
    ("मेरे पति किसान हैं", {"gender": "female"}),
])
def test_what_is_said_of_a_relative_is_not_the_users(text, expected):
    assert extract(text) == expected


def test_a_negated_value_in_a_profile_answer_is_not_taken():
    assert FIELDS["marital_status"].read("not a widow") is None
    assert FIELDS["social_category"].read("SC nahi, OBC") == "obc"


@pytest.mark.parametrize("text", ["I have no idea", "no clue", "not really sure", "na pata", "nahi maloom ji", "no, I don't know",
                                  "never heard of it"])
def test_not_knowing_is_unknown_never_a_no(text):
    assert is_skip(text)


@pytest.mark.parametrize("text,value", [("hai nahi", False), ("nahi hai", False), ("ok", None), ("yes no", None), ("haan ji", True),
                                        ("yes, BPL card", True), ("yesss", True), ("haaan", True), ("nahiiii", False),
                                        ("yes we have a bpl card", True), ("haan card hai", True), ("no, we don't", False),
                                        # names and mixed answers are no yes or no: asked again
                                        ("yes bank", None), ("true caller", None), ("right to information", None),
                                        ("yes i have ration card but not bpl", False),  # the card said: not BPL
                                        # a ration card is no BPL card (every family has one); an AAY card is (break-it trials)
                                        ("ration card hai", None), ("AAY card", True), ("no BPL card", False)])
def test_yes_no_read_from_the_whole_short_answer(text, value):
    assert FIELDS["is_bpl"].read(text) is value


@pytest.mark.parametrize("text", ["500 per day", "3000 per week", "200 rupees daily", "more than 8 lakh", "8 lakh se zyada"])
def test_pay_per_day_or_a_bound_is_asked_again(text):
    assert FIELDS["annual_family_income"].read(text) is None


def test_denied_religion_and_zero_land_state_no_yes():
    assert FIELDS["is_minority"].read("not muslim") is False and FIELDS["is_minority"].read("sikh") is True
    assert extract("0 acre") == {"owns_cultivable_land": False}


@pytest.mark.parametrize("text", ["stop asking me", "I want to stop", "रुकिए", "please stop now"])
def test_more_ways_to_stop(text):
    assert is_stop(text)


@pytest.mark.parametrize("text,state", [("I live in Patna", "Bihar"), ("main lucknow se hu", "Uttar Pradesh"),
                                        ("चेन्नई में रहती हूँ", "Tamil Nadu"), ("I am from Bombay", "Maharashtra")])
def test_a_city_names_its_state(text, state):
    assert extract(text)["state"] == state


def test_a_city_that_is_also_a_word_or_a_relatives_is_not_taken():
    assert extract("main school gaya tha") == {} and extract("my son lives in Mumbai") == {}
    assert FIELDS["state"].read("Chennai") == "Tamil Nadu" and FIELDS["state"].read("Rampur") is None


@pytest.mark.parametrize("text,age", [("पैंतालीस", 45), ("paintalis saal", 45), ("सड़सठ साल", 67), ("pachpan", 55), ("उन्नीस", 19)])
def test_hindi_number_words_as_ages(text, age):
    assert FIELDS["age"].read(text) == age


@pytest.mark.parametrize("text,income", [
    ("I am 29, woman from Chennai, married, 1 lakh family income", 100000),
    ("10000 monthly income, I am a farmer", 120000),
    ("₹80,000 annual income", 80000),
    ("परिवार की आय 1 लाख", 100000),
])
def test_an_income_said_amount_first_is_read(text, income):
    assert extract(text)["annual_family_income"] == income


@pytest.mark.parametrize("text,age", [
    ("18 months", None), ("18 महीने", None), ("45 din", None), ("6 weeks", None),  # no age in years: asked again
    ("I have a 5 year old daughter", None), ("65 saal ki maa hai meri", None),  # a relative's age
    ("we are 4 people in the family", None), ("I have been farming for 45 years", None), ("20 saal se kheti karta hu", None),
    ("0", None), ("1", None),  # no one who writes is this young
    ("I am 70. no wait, I am 30", 30),  # the number after a self-correction
    ("45", 45), ("meri umar 62 saal hai", 62), ("main 45 saal ka hu", 45), ("मैं 67 साल की विधवा हूँ", 67), ("६५", 65),
    # a second break-it trial: denials, bounds and other numbers
    ("I am not 45, I am 30", 30), ("70 नहीं 30", 30), ("30 nahi 45", 45), ("I am 20, no I am 45", 45), ("not 45", None),
    ("under 40", None), ("less than 40", None), ("40 से कम", None), ("house no 45", None), ("45 kg", None),
    ("living here 45 years", None), ("kheti karte 45 saal ho gaye", None), ("married for 45 years", None),
])
def test_an_answer_to_the_age_question_is_read_as_the_users_age_in_years_or_not_at_all(text, age):
    """A break-it trial: "18 months" gave a toddler "likely eligible", "I have a 5 year old daughter" made the
    user 5, "farming for 45 years" made them 45."""
    from eligibility.fields import FIELDS

    assert FIELDS["age"].read(text) == age


@pytest.mark.parametrize("text,facts", [
    ("doing b.tech 2nd year", {"is_student": True, "occupation": "student", "education_level": "graduate"}),
    ("main btech kar raha hu", {"is_student": True, "occupation": "student", "education_level": "graduate", "gender": "male"}),
    ("I am a farmer and doing b.tech", {"occupation": "farmer", "education_level": "graduate"}),  # the work named stays
    ("my son is doing btech", {}),
    # "BA"/"MA" are Hinglish words too: a degree only beside studying (a newcomer trial: "studying BA" was asked the class)
    ("studying BA", {"is_student": True, "occupation": "student", "education_level": "graduate"}),
    ("main M.A. kar rahi hu", {"is_student": True, "occupation": "student", "education_level": "postgraduate", "gender": "female"}),
    ("my son is doing BA", {}),
    ("meri ma bimar hai", {}),
])
def test_a_course_being_done_makes_a_student(text, facts):
    """A newcomer trial: after "doing b.tech 2nd year" the check asked "What is your main work?"."""
    from eligibility.extract import extract

    assert extract(text) == facts


@pytest.mark.parametrize("text,gender", [("main MP se hu, OBC ladki hu, BA first year me padhti hu", "female"), ("मैं लड़की हूँ", "female"),
                                         ("OBC ladka hu", "male")])
def test_a_girl_or_boy_saying_so_gives_the_gender(text, gender):
    """A newcomer trial: after "OBC ladki hu" the check asked "Aapka ling kya hai?"."""
    from eligibility.extract import extract

    assert extract(text)["gender"] == gender


@pytest.mark.parametrize("text,age", [("I have a 5 year old daughter", None), ("married for 45 years", None), ("my son is 25", None),
                                      ("I have been farming for 45 years", None), ("I am 45 year old man from bihar", 45),
                                      ("main 67 saal ki vidhwa hu", 67), ("I am 72 years old living in Madurai", 72),
                                      # an age that ends its clause (a trial: "68 saal, UP, gaon me rehta hu" was asked the age)
                                      ("old age pension ke liye eligible hu kya? 68 saal, UP, gaon me rehta hu", 68),
                                      ("70 साल, बिहार", 70), ("I have been farming for 20 years, I am from Bihar", None),
                                      ("my son is 20 years, he studies", None)])
def test_an_age_in_a_statement_is_the_speakers_own(text, age):
    """The second break-it trial: "I have a 5 year old daughter" as a statement was "Noted: age 5"."""
    from eligibility.extract import extract

    assert extract(text).get("age") == age


def test_an_age_with_leading_zeros_is_the_number():
    assert FIELDS["age"].read("0065") == 65  # (it was read as 6, like the "6" of "65.5")


@pytest.mark.parametrize("text", ["I don't have a BPL card", "I don\u2019t have a BPL card", "I dont have BPL",
                                  "We haven't got a BPL card", "I do not have a BPL card"])
def test_a_bpl_card_not_had_is_no(text):
    """A break-it trial: "I don't have a BPL card" was noted as "BPL card yes" and flipped a verdict to eligible."""
    assert extract(text) == {"is_bpl": False}


@pytest.mark.parametrize("text,value", [("I do not own farm land", False), ("I don't own any farm land", False),
                                        ("actually I do not own land, my father does", True), ("I own 2 acres", True)])
def test_land_owned_or_not(text, value):
    assert extract(text) == {"owns_cultivable_land": value}


@pytest.mark.parametrize("text,value", [("11th", "secondary"), ("class 11", "secondary"), ("11वीं", "secondary"),
                                        ("9th", "upper_primary"), ("7 pass", "primary"), ("12th", "higher_secondary"),
                                        ("class 10", "secondary"), ("2011", None), ("no", None)])
def test_a_class_number_is_the_level_it_completes(text, value):
    """A newcomer trial: "11th", "class 11" and "11वीं" were refused three times as the highest class."""
    assert FIELDS["education_level"].read(text) == value


@pytest.mark.parametrize("text,value", [("9th me padhta hu", "upper_primary"), ("studying in 11th", "secondary"),
                                        ("11वीं में पढ़ती हूँ", "secondary"), ("kaksha 8 me", "upper_primary"),
                                        ("2nd year mein hu", None), ("1st year student", None), ("I am 15", None),
                                        ])
def test_a_class_inside_a_sentence_answers_the_education_question(text, value):
    """The question asks for the class passed "or studying in": "9th me padhta hu" had been refused and asked again;
    a year of a course or an age is not read as a class."""
    assert FIELDS["education_level"].read(text) == value


@pytest.mark.parametrize("text,value", [
    ("9th me padhti hu", {"is_student": True, "occupation": "student", "education_level": "upper_primary", "gender": "female"}),
    ("I am a 15 year old girl in class 9 in Odisha", {"age": 15, "state": "Odisha", "gender": "female", "is_student": True,
                                                      "education_level": "upper_primary"}),
    ("मैं कक्षा 9 में पढ़ती हूँ", {"is_student": True, "occupation": "student", "education_level": "upper_primary", "gender": "female"}),
    ("my son is in 9th class", {}), ("mai 2nd year me hu", {}),
    # a class read whole ("class 12" is a level of its own): in it is studying (a newcomer trial was asked "Are you studying
    # now?" right after it); a class passed is not
    ("I am a girl in class 12 in West Bengal", {"state": "West Bengal", "gender": "female", "is_student": True,
                                                "education_level": "higher_secondary"}),
    ("I passed class 12 last year", {"education_level": "higher_secondary"}),
    # a degree studied, in the three languages (a newcomer trial: after "बी.ए. में पढ़ती हूँ" the class was asked, again
    # after every answer, until the interview gave up)
    ("मैं 22 साल की लड़की हूँ, बी.ए. में पढ़ती हूँ", {"age": 22, "gender": "female", "is_student": True, "occupation": "student",
                                                 "education_level": "graduate"}),
    ("main BA me padhti hu", {"is_student": True, "occupation": "student", "education_level": "graduate", "gender": "female"}),
    ("एम.ए. कर रहा हूँ", {"is_student": True, "occupation": "student", "education_level": "postgraduate", "gender": "male"}),
    ("ma me hu", {})])
def test_the_class_a_student_says_she_is_in_is_her_education_level(text, value):
    """A newcomer trial: "9th me padhti hu" was noted as studying, then "which is the highest class?" was asked."""
    assert extract(text) == value


@pytest.mark.parametrize("text,value", [("how much pension will I get in Atal Pension Yojana if I join at age 30", {}),
                                        ("I am 30 and want to join APY", {"age": 30})])
def test_an_age_supposed_is_not_the_users(text, value):
    """A break-it trial: "... if I join at age 30" was noted as the user's age."""
    assert extract(text) == value


@pytest.mark.parametrize("text,work", [("main rajasthan me construction mazdoor hoon", "construction_worker"),
                                       ("मैं निर्माण श्रमिक हूँ", "construction_worker"), ("main mazdoor hu", "unorganised_worker")])
def test_a_construction_labourer_in_hinglish_is_a_construction_worker(text, work):
    """A newcomer trial: "construction mazdoor" was noted as an unorganised worker (the longer phrase now wins), and
    the Rajasthan construction workers' maternity aid said NOT ELIGIBLE where the English statement said likely."""
    from eligibility.extract import extract
    from eligibility.fields import FIELDS

    assert extract(text)["occupation"] == work
    assert FIELDS["occupation"].read(text) == work


@pytest.mark.parametrize("text,work", [("silai karti hu", "artisan_weaver"), ("मैं सिलाई का काम करती हूँ", "artisan_weaver"),
                                       ("I am a tailor in Agra", "artisan_weaver"), ("mujhe silai machine chahiye", None)])
def test_tailoring_is_an_artisans_work_and_a_sewing_machine_is_not(text, work):
    """A newcomer trial: "silai karti hu" to a check's question noted only the gender. Tailoring (darzi) is one of
    PM Vishwakarma's trades; asking for a sewing machine says nothing of one's work."""
    from eligibility.extract import extract
    from eligibility.fields import value_label

    assert extract(text).get("occupation") == work
    assert [value_label("occupation", "artisan_weaver", lang) for lang in ("en", "hi", "hinglish")] == [
        "Artisan / weaver / tailor", "कारीगर/बुनकर/दर्जी", "Karigar/bunkar/darzi"]


@pytest.mark.parametrize("text,gender", [("am I eligible for sukanya samriddhi? I am a father, my daughter is 4", "male"),
                                         ("main ek maa hu", "female"), ("मैं पिता हूँ", "male"), ("my father is a farmer", None)])
def test_a_parent_saying_so_gives_the_gender(text, gender):
    """A newcomer trial: "I am a father" was asked "What is your gender?" next."""
    from eligibility.extract import extract

    assert extract(text).get("gender") == gender


@pytest.mark.parametrize("text,gender", [("main rajasthan ka kisan hu", "male"), ("mai 45 saal ki hu, bihar se", "female"),
                                         ("मैं 45 साल का हूँ", "male"), ("main khet me kaam karti hu", "female"),
                                         ("मैं बिहार की निवासी हूँ", "female"), ("main bihar ki rehne wali hu", "female"),
                                         ("मैं खेती करता हूं", "male"),
                                         # another's words, or "ki" as "that": no gender
                                         ("meri beti 15 saal ki hai", None), ("mera beta 10 saal ka hai", None),
                                         ("batao ki eligible hu ya nahi", None), ("main pension ke liye patra hu", None)])
def test_the_words_before_hu_give_the_speakers_gender(text, gender):
    """A newcomer trial was asked "What is your gender?" after "main rajasthan ka kisan hu": Hindi says it in the
    genitive or verb before "hu" ("ka"/"ki", "karta"/"karti")."""
    from eligibility.extract import extract

    assert extract(text).get("gender") == gender


@pytest.mark.parametrize("text,value", [("20000 p.m.", 240000), ("20000 p/m", 240000), ("20000 /m", 240000),
                                        ("20000 per mensem", 240000), ("12000 मासिक", 144000), ("2 lakh p.a.", 200000),
                                        ("income 8000 am I eligible", 8000)])
def test_a_monthly_income_in_its_abbreviations_is_counted_per_year(text, value):
    """A break-it trial: "20000 p.m." to the income question was noted as ₹20,000 a year (under the UP widow pension's
    ₹2 lakh limit; it is ₹2.4 lakh). "am" is no month."""
    assert parse_money(text) == value


@pytest.mark.parametrize("text,age", [("12/05/1958", 68), ("DOB 5 March 1958", 68), ("born in 1958", 68),
                                      ("मेरा जन्म 1960 में हुआ", 66), ("almost 60", 59), ("nearly 60", 59),
                                      ("60 saal ka hone wala hu", 59), ("I am 60", 60), ("17 next month", 16), ("60 agle saal", 59),
                                      # a break-it trial: a date to come and a day that does not exist had given 12 and 66;
                                      # "65, no 66" had given 65
                                      ("12/05/2030", None), ("31/02/1960", None), ("65, no 66", 66), ("65 nahi 66", 66)])
def test_a_date_of_birth_and_an_age_not_reached_yet(text, age):
    """Break-it trials: "12/05/1958" was read as the age 12 (NOT ELIGIBLE for the old age pension), "almost 60" as 60
    (ELIGIBLE). Ages are counted on 2026-12-05 here."""
    from datetime import date

    from eligibility import fields

    class Today(date):
        @classmethod
        def today(cls):
            return date(2026, 12, 5)

    original = fields.date
    fields.date = Today
    try:
        assert FIELDS["age"].read(text) == age
    finally:
        fields.date = original


@pytest.mark.parametrize("text,facts", [
    ("I am not a farmer or street vendor", {}), ("I am neither SC nor ST", {}), ("neither muslim nor christian", {}),
    ("I am not SC and I am a farmer", {"occupation": "farmer"}),
    ("I am SC or ST", {}),  # (two categories named: asked, not guessed; it had been the first)
    ("my friend is a 65 year old widow from Bihar", {}), ("mere chacha 70 saal ke hain aur kisan hain", {}),
    ("I am 10th fail", {"education_level": "upper_primary"}), ("10th pass hu", {"education_level": "secondary"}),
])
def test_negated_lists_other_peoples_facts_and_a_failed_class_are_not_the_users(text, facts):
    """Break-it trials: "I am not a farmer or street vendor" was noted as a street vendor, "neither SC nor ST" as SC,
    a friend's and an uncle's age, state and widowhood as the user's, "10th fail" as class 10 passed."""
    assert extract(text) == facts


@pytest.mark.parametrize("text,facts", [
    ("I am the son of a widow, what schemes can help us?", {}),
    ("I am the widow of a farmer", {"marital_status": "widowed", "gender": "female"}),
    ("I am a farmer's son", {}), ("main ek kisan ki beti hu", {}),
    ("I am a widow of age 65", {"age": 65, "marital_status": "widowed", "gender": "female"}),
    ("I am from Bihar but now live in Punjab", {"state": "Punjab"}), ("I moved from Bihar to Delhi", {"state": "Delhi"}),
    ("main bihar se hu, ab delhi me rehta hu", {"state": "Delhi", "gender": "male"}), ("I live in Bihar now", {"state": "Bihar"}),
    ("I am 45 & from Patna", {"age": 45, "state": "Bihar", "residence": "urban"}),  # (the age had been lost at "&")
    # where one lives beside where one comes from, in either order (a break-it trial: "I am from Bihar and I live in Kerala"
    # was noted as Bihar)
    ("I am from Bihar and I live in Kerala", {"state": "Kerala"}), ("I live in Kerala, originally from Bihar", {"state": "Kerala"}),
    ("main bihar se hu, kerala me rehta hu", {"state": "Kerala", "gender": "male"}),
    ("मैं बिहार से हूँ, केरल में रहती हूँ", {"state": "Kerala", "gender": "female"}),
    # a relative's word the speaker addresses, followed by "I", is no one else's clause (a newcomer trial: "bhai me kolkata me
    # thela lagata hu, loan chahiye" noted nothing and was declined)
    ("bhai me kolkata me thela lagata hu, loan chahiye", {"state": "West Bengal", "occupation": "street_vendor", "residence": "urban"}),
    ("bhai 25 saal ka hai", {}),
])
def test_whom_the_user_is_kin_to_is_someone_else_and_a_move_names_where_they_live_now(text, facts):
    """Break-it trials: "I am the son of a widow" was noted as a widowed woman, "the widow of a farmer" as a farmer,
    "from Bihar but now live in Punjab" as Bihar."""
    assert extract(text) == facts


@pytest.mark.parametrize("answer,value", [("BC", "obc"), ("MBC", "obc"), ("most backward class", "obc"), ("SC", "sc")])
def test_the_southern_states_backward_class_names_answer_the_category_question(answer, value):
    """A newcomer trial: "BC" and "MBC" (Tamil Nadu, Karnataka) were not understood. In free text "bc" alone is not
    read (it is also slang); "MBC" is."""
    assert FIELDS["social_category"].read(answer) == value
    assert extract("bc kuch nahi milta") == {} and extract("I am MBC") == {"social_category": "obc"}


@pytest.mark.parametrize("text,age", [("9th me padhti hu", None), ("class 9", None), ("14 saal, 9th me", 14),
                                      ("mai 10th pass hu, umar 17", 17)])
def test_a_class_is_no_age(text, age):
    """A newcomer trial: "9th me padhti hu" to "how old are you?" was noted as the age 9 (and the check found nothing)."""
    assert FIELDS["age"].read(text) == age


def test_a_stated_value_out_of_its_fields_range_is_not_taken():
    """A break-it trial: "income 1,00,00,00,00,000" was noted ("Noted: family income ₹1,00,00,00,00,000 a year"), then
    dropped and asked again; an age of 250 is no age either."""
    assert extract("I am 45, income 1,00,00,00,00,000") == {"age": 45}
    assert extract("I am 45, income 2 lakh") == {"age": 45, "annual_family_income": 200000}
    assert "age" not in extract("meri umar 250 saal hai")


@pytest.mark.parametrize("field,text", [("age", "7e1"), ("age", "1e9"), ("age", "45-50"), ("age", "45 or 65"), ("age", "0b101"),
                                        ("annual_family_income", "0x41"), ("annual_family_income", "1 ya 2 lakh"),
                                        ("annual_family_income", "1.5-2 lakh"), ("disability_percent", "40 or 60")])
def test_a_number_in_a_notation_or_a_range_is_asked_again_not_read(field, text):
    """A break-it trial: "7e1" was noted as the age 7 and "0x41" as an income of ₹0, and the verdict built on them."""
    assert FIELDS[field].read(text) is None


def test_a_date_of_birth_is_no_range():
    assert FIELDS["age"].read("12-05-1960") is not None and FIELDS["annual_family_income"].read("1,50,000") == 150000


@pytest.mark.parametrize("text,owns", [("none of my family has land", False), ("none of us have any land", False),
                                       ("we have 2 acres land", True)])
def test_none_of_the_family_owning_land_is_no_land(text, owns):
    """Found while trying answers to the work question: "none of my family has land" had been noted as owning land."""
    assert extract(text) == {"owns_cultivable_land": owns}


def test_a_correction_that_names_the_right_age_first_is_read():
    """A newcomer trial: "sorry I am 68 not 65" mid-check was not understood (the same question was asked again)."""
    from eligibility.extract import extract

    assert extract("sorry I am 68 not 65") == {"age": 68}
    assert extract("main 68 hu, 65 nahi") == {"age": 68}


@pytest.mark.parametrize("text,state", [("Bihar? no, UP", "Uttar Pradesh"), ("bihar nahi, up", "Uttar Pradesh"),
                                        ("बिहार नहीं, यूपी", "Uttar Pradesh"), ("Bihar. No BPL card", "Bihar"), ("Bihar", "Bihar")])
def test_a_state_taken_back_is_replaced_by_the_one_named_after_it(text, state):
    """A break-it trial: "Bihar? no, UP" to the state question was noted as Bihar."""
    from eligibility.extract import extract
    from eligibility.fields import FIELDS

    assert (extract(text).get("state") or FIELDS["state"].read(text)) == state
    assert FIELDS["state"].read(text) == state


@pytest.mark.parametrize("text,inr", [("5 lakh to 6 lakh", None), ("5000 se 6000", None), ("₹5,000 - ₹6,000", None), ("$5000", None),
                                      ("5000 dollars", None), ("2 lakh 50 hazar", 250000), ("₹ 5,00,000", 500000), ("50000/-", 50000)])
def test_an_income_range_or_another_currency_is_asked_again(text, inr):
    """A break-it trial: "5 lakh to 6 lakh" was noted as ₹5,00,000 (which passes a ₹5 lakh limit the upper end fails) and
    "$5000" as ₹5,000, both without a word."""
    from eligibility.fields import FIELDS

    assert FIELDS["annual_family_income"].read(text) == inr


@pytest.mark.parametrize("text,bpl", [("no BPL card, but we have an Antyodaya card", True), ("we have an AAY ration card", True),
                                      ("bpl card nahi hai, antyodaya card hai", True), ("हमारे पास अंत्योदय कार्ड है", True),
                                      # (a re-check trial: the "nahi" before "par" had reached the Antyodaya card)
                                      ("BPL card nahi hai par antyodaya hai", True), ("BPL card nahi hai lekin antyodaya card hai", True),
                                      ("no bpl card", False), ("antyodaya card nahi hai", False), ("meri aay 50000 hai", None)])
def test_an_antyodaya_card_held_is_a_card_of_the_poorest(text, bpl):
    """A break-it trial: "no BPL card, but we have an Antyodaya card" was noted as no card and the old age pension said
    NOT ELIGIBLE, though the question itself asks for "a BPL or an Antyodaya ration card". ("aay" alone is income.)"""
    from eligibility.extract import extract
    from eligibility.fields import FIELDS

    assert extract(text).get("is_bpl") == bpl
    if bpl is not None:  # (the answer to the card question)
        assert FIELDS["is_bpl"].read(text) == bpl


@pytest.mark.parametrize("text,residence", [("I live in Kolkata, West Bengal", "urban"), ("मैं लखनऊ में रहती हूँ", "urban"),
                                            ("Kolkata", "urban"), ("I am from a village in Patna district", "rural"),
                                            ("near Lucknow", None), ("I live in Bihar", None)])
def test_living_in_a_city_is_living_in_a_town(text, residence):
    """A trial: "I live in Kolkata" was asked "village (rural) or town/city (urban)?"; a city's district or somewhere near it
    says nothing of the kind."""
    from eligibility.extract import extract

    assert extract(text).get("residence") == residence


@pytest.mark.parametrize("text,facts", [
    ("which schemes can I get? I am 62 UP", {"age": 62, "state": "Uttar Pradesh"}), ("I am 45 farmer", {"age": 45, "occupation": "farmer"}),
    # (the clause after a relative's, the speaker's own by its "hoon": a break-it trial had the age read as the husband's)
    ("mere pati nahi rahe, 55 saal ki hoon", {"age": 55, "marital_status": "widowed", "gender": "female"}),
    ("मेरे पति नहीं रहे, 55 साल की हूँ", {"age": 55, "marital_status": "widowed", "gender": "female"}),
    ("main 60 widow hu", {"age": 60, "marital_status": "widowed", "gender": "female"}),
    ("I am 12 pass", {"education_level": "higher_secondary"}), ("I am 5 feet tall", {}), ("main 2 bachon ki maa hu", {})])
def test_an_age_followed_by_the_next_fact_without_a_comma_is_read(text, facts):
    """A trial: "which schemes can I get? I am 62 UP" noted the state and asked the age (then ten more questions)."""
    from eligibility.extract import extract

    assert extract(text) == facts


@pytest.mark.parametrize("text,age", [
    ("in 5 years I will be 60", None), ("between 40 and 50", None), ("6 2", None),  # a break-it trial: 5, 40 and 6
    ("65, no 66", 66), ("my age is 45 not 54", 45), ("45", 45),
])
def test_an_age_answer_with_two_numbers_is_read_only_when_it_says_which(text, age):
    from eligibility.fields import FIELDS

    assert FIELDS["age"].read(text) == age


def test_an_age_corrected_in_the_same_sentence_is_the_corrected_one():
    from eligibility.extract import extract

    assert extract("I am 45, no 54") == {"age": 54}  # a break-it trial kept 45
    assert extract("actually I am 62, from Bihar") == {"age": 62, "state": "Bihar"}


@pytest.mark.parametrize("text", ["I am 150 years old", "150 years", "age 200", "meri umar 62 hai", "62 saal"])
def test_an_age_given_to_the_income_question_is_no_income(text):
    # a break-it trial: "I am 150 years old" to the income question was noted as an income of INR 150 a year, which passed
    # every income limit ("likely eligible" for a scholarship)
    assert parse_money(text) is None


@pytest.mark.parametrize("text,value", [("1 lakh saal ka", 100_000), ("60 hazar saal ki kamai", 60_000)])
def test_a_yearly_income_said_with_saal_is_still_an_income(text, value):
    assert parse_money(text) == value


@pytest.mark.parametrize("text,expected", [
    # a newcomer trial's 836-character message from a widow in Bihar: "pata nahi BPL hai ya nahi" had been noted as a BPL card
    # (and as none on the bundled corpus), her daughter's class 10 as her own schooling
    ("main Bihar ke Gaya zile se hoon. Mere pati ki maut ho gayi. Ration card hai lekin pata nahi BPL hai ya nahi. "
     "Badi beti 16 saal ki hai aur 10th me padhti hai",
     {"state": "Bihar", "marital_status": "widowed", "gender": "female"}),
    ("I don't know if I have a BPL card", {}),
    ("BPL card hai ya nahi pata nahi", {}),
    ("we have a BPL card", {"is_bpl": True}),
    ("zameen hai ya nahi pata nahi", {}),
    ("sarkari naukri nahi hai", {}),  # no government job is not "unemployed"
    ("I have no government job", {}),
    ("naukri nahi hai", {"occupation": "unemployed"}),
    ("actually haan, zameen hai", {"owns_cultivable_land": True}),
    ("meri zameen nahi hai, papa ke naam hai", {"owns_cultivable_land": True}),  # the family's land, as the question asks
    ("zameen nahi hai", {"owns_cultivable_land": False}),
])
def test_what_the_speaker_does_not_know_or_says_of_a_relative_is_not_noted(text, expected):
    assert extract(text) == expected


@pytest.mark.parametrize("text,value", [("papa ke naam hai", True), ("meri zameen nahi hai, papa ke naam hai", True),
                                        ("in my father's name", True), ("zameen nahi hai", False), ("zameen hai", True)])
def test_land_in_a_relatives_name_is_the_familys_land(text, value):
    assert FIELDS["owns_cultivable_land"].read(text) is value


def test_an_age_in_the_past_is_not_the_age_now():
    # a break-it trial: "i was 60 last year" was noted as age 60
    assert "age" not in extract("i was 60 last year") and FIELDS["age"].read("i was 60 last year") is None
    assert extract("I am 61")["age"] == 61


@pytest.mark.parametrize("text", ["meri umar asal mein 72 hai", "मेरी उम्र असल में 72 है", "actually I am 72"])
def test_a_correction_word_inside_an_age_statement_still_states_the_age(text):
    # a newcomer trial: "मेरी उम्र असल में 72 है" after "I am 70" was searched as a question and declined
    assert extract(text)["age"] == 72


@pytest.mark.parametrize("text", ["I retired 5 years ago at 60", "my family income is 70", "I got 65 marks", "65%", "income 65",
                                  "I have 65 bighas of land", "I work 8 hours a day", "we have 3 cows", "my pension is 500",
                                  "I earn 300 daily"])
def test_a_number_that_is_a_sum_a_score_a_count_or_a_time_past_is_no_age(text):
    # a break-it trial: each had been noted as the age (5, 70, 65 ...), and verdicts built on it
    assert FIELDS["age"].read(text) is None
    assert "age" not in extract(text)


@pytest.mark.parametrize("text,value", [
    ("My monthly income is 20000", 240_000),  # (had been noted as 20,000 a year: a period word before the amount)
    ("meri masik aay 15000 hai", 180_000), ("मासिक आय 8000", 96_000), ("महीने की कमाई 8000", 96_000),
    ("I am a 45 year old widow in Uttar Pradesh. My monthly income is 20000. Am I eligible?", 240_000),
    ("my income is 1 lakh, actually 2 lakh", 200_000),  # a correction inside the message, as for the age
    ("income 1 lakh, 5 members", 100_000),  # (not 1,00,005: the 5 is in another clause)
    ("income 1 lakh 20", 120_000),  # as it is said: one lakh twenty thousand
    ("family income 36000 a year", 36_000),
])
def test_an_income_stated_in_a_message_is_read_with_its_period_and_parts(text, value):
    assert extract(text)["annual_family_income"] == value


def test_a_weekly_income_is_not_taken_as_a_yearly_one():
    assert "annual_family_income" not in extract("weekly income 2000")


@pytest.mark.parametrize("field,text,value", [
    ("social_category", "पिछड़ी जाति", "obc"), ("social_category", "ati pichda", "obc"), ("social_category", "अति पिछड़ा", "obc"),
    ("occupation", "gharelu mahila", "homemaker"), ("occupation", "majdoori", "unorganised_worker"),
    ("occupation", "मजदूरी करता हूँ", "unorganised_worker"),
])
def test_categories_and_work_as_people_say_them(field, text, value):
    # a newcomer trial: each was "not understood", and "gharelu mahila" was noted as a gender alone
    assert FIELDS[field].read(text) == value
    assert extract(text)[field] == value


def test_pichda_saal_is_last_year_not_a_category():
    assert "social_category" not in extract("pichda saal meri fasal kharab ho gayi")


@pytest.mark.parametrize("text,value", [("I am not from a minority community", False), ("main minority nahi hu", False),
                                        ("we are hindu", False), ("I am a muslim", True), ("non-minority", False)])
def test_minority_said_and_denied(text, value):
    assert extract(text)["is_minority"] is value


@pytest.mark.parametrize("text", ["am i elegible for old age pension? im 70 yrs, tamil nadu", "kya main pm kisan ke liye eligable hu",
                                  "am I eligible for pm kisan"])
def test_a_misspelt_eligibility_question_starts_a_check(text):
    """A newcomer trial: "am i elegible for old age pension?" quoted the eligibility text, no check started."""
    from conversations.intents import mentions

    assert mentions(text, "start_check")


@pytest.mark.parametrize("text", ["I am pregnent", "mai pregnent hu, maharashtra se. kya madad milegi", "main pragnant hu"])
def test_a_misspelt_pregnancy_is_a_pregnancy(text):
    """A newcomer trial: "I am pregnent" was declined ("I don't know"), the right spelling listing the maternity schemes."""
    from eligibility.extract import extract
    from retrieval.life_events import life_event

    assert extract(text).get("gender") == "female"
    assert life_event(text) is not None and life_event(text).search == life_event("I am pregnant").search


@pytest.mark.parametrize("answer,level", [
    # a break-it trial: "std XII", "class IV" and "dasvi" to the education question were "not understood"
    ("std XII", "higher_secondary"), ("Class IX", "upper_primary"), ("class IV", "none"), ("std. X", "secondary"),
    ("dasvi", "secondary"), ("barahvi pass", "higher_secondary"), ("plus two", "higher_secondary"), ("aathvi", "upper_primary"),
    ("class xi", "secondary"),
])
def test_education_in_roman_class_numbers_and_hindi_ordinals(answer, level):
    assert FIELDS["education_level"].parse(answer) == level


def test_navi_mumbai_is_no_class():
    assert "education_level" not in extract("I live in Navi Mumbai and I am a tailor")


@pytest.mark.parametrize("text,category", [
    # a break-it trial: "SC/ST" was noted as SC; two categories named leave it to be asked
    ("I am SC/ST student in class 11", None), ("I am SC or ST", None), ("I am an SC student in class 11 in Punjab", "sc"),
    ("main obc hu, general nahi", "obc"),
])
def test_two_social_categories_named_are_not_guessed_between(text, category):
    assert extract(text).get("social_category") == category


@pytest.mark.parametrize("answer,category", [("SC/ST", None), ("obc ya general", None), ("SC hai, ST nahi", "sc"), ("OBC", "obc")])
def test_the_category_question_asks_again_when_two_are_named(answer, category):
    assert FIELDS["social_category"].parse(answer) == category


@pytest.mark.parametrize("answer,level", [("12vi", "higher_secondary"), ("12vi class", "higher_secondary"), ("9vi me padhti hu", "upper_primary")])
def test_a_class_written_with_the_romanized_hindi_ordinal_is_read(answer, level):
    """A newcomer trial: "12vi" and "12vi class" (Romanized "12वीं") were not understood at the education question, nor
    "12vi class me padhti hu" in a first message."""
    assert FIELDS["education_level"].parse(answer) == level
    assert extract("main maharashtra se hu, SC category, 12vi class me padhti hu")["education_level"] == "higher_secondary"


@pytest.mark.parametrize("text,field,value", [
    # synonyms written with punctuation are matched as a message's words are: "10+2", "10 + 2", "self-employed", "ph.d" (a
    # newcomer trial's "10+2" was not understood)
    ("10+2", "education_level", "higher_secondary"), ("10 + 2 pass", "education_level", "higher_secondary"),
    ("ph.d", "education_level", "doctorate"), ("I am self-employed", "occupation", "self_employed"),
    ("ex-serviceman", "occupation", "ex_serviceman"),
])
def test_a_synonym_with_punctuation_is_read_as_typed(text, field, value):
    assert FIELDS[field].parse(text) == value


def test_a_synonym_that_is_a_number_alone_matches_no_number():
    # "+2" ("plus two") is not a synonym spelled "2": "2" alone is no class 12
    assert FIELDS["education_level"].parse("+2") is None and FIELDS["education_level"].parse("2") != "higher_secondary"
    assert extract("maine 10+2 kiya hai, bihar se hu") == {"education_level": "higher_secondary", "state": "Bihar"}
