"""Field parsers: exact values from English, Hindi and Romanized Hindi answers."""

import pytest

from eligibility.extract import extract
from eligibility.fields import FIELDS
from eligibility.parse import is_skip, is_stop


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


@pytest.mark.parametrize("text", ["four hundred", "400", "abc", "", "-"])
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
