"""Three-valued (Kleene) evaluation and outcomes."""

import itertools

import pytest

from eligibility.rules import All, AnyOf, Criterion, Not, SchemeRules, evaluate, outcome

A = Criterion(field="is_bpl", op="is_true", text="Must be BPL.", verified=True)
B = Criterion(field="is_student", op="is_true", text="Must be a student.", verified=True)
VALUES = {True: True, False: False, None: None}


def profile(a, b):
    p = {}
    if a is not None:
        p["is_bpl"] = a
    if b is not None:
        p["is_student"] = b
    return p


def kleene_and(x, y):
    if x is False or y is False:
        return False
    if x is None or y is None:
        return None
    return True


def kleene_or(x, y):
    if x is True or y is True:
        return True
    if x is None or y is None:
        return None
    return False


@pytest.mark.parametrize("a,b", list(itertools.product([True, False, None], repeat=2)))
def test_truth_tables(a, b):
    p = profile(a, b)
    assert evaluate(All(all=[A, B]), p).value is kleene_and(a, b)
    assert evaluate(AnyOf(any=[A, B]), p).value is kleene_or(a, b)
    assert evaluate(Not(not_=A), p).value is (None if a is None else not a)


def test_unknown_is_never_false_or_true():
    ev = evaluate(Criterion(field="age", op="lte", value=40, text="At most 40 years.", verified=True), {})
    assert ev.value is None and [c.field for c in ev.unknown] == ["age"]


def test_operators():
    def c(op, value, field="age"):
        return Criterion(field=field, op=op, value=value, text="The stated rule.", verified=True)
    assert evaluate(c("between", [18, 40]), {"age": 40}).value is True
    assert evaluate(c("between", [18, 40]), {"age": 41}).value is False
    assert evaluate(c("in", ["sc", "st"], "social_category"), {"social_category": "st"}).value is True
    assert evaluate(c("not_in", ["general"], "social_category"), {"social_category": "general"}).value is False
    assert evaluate(c("eq", "female", "gender"), {"gender": "male"}).value is False
    assert evaluate(c("is_false", None, "is_income_tax_payer"), {"is_income_tax_payer": False}).value is True


def test_outcomes_name_the_failing_criterion_and_missing_fields():
    rules = SchemeRules(scheme_id="x", scheme_name="X", rule=All(all=[
        Criterion(field="age", op="gte", value=60, text="Aged 60 or more.", verified=True), A,
        Not(not_=Criterion(field="is_income_tax_payer", op="is_true", text="Tax payers are excluded.", verified=True))]))
    assert outcome(rules, {"age": 35}).reasons[0].text == "Aged 60 or more."
    assert outcome(rules, {"age": 70, "is_bpl": True, "is_income_tax_payer": True}).reasons[0].text == "Tax payers are excluded."
    more = outcome(rules, {"age": 70})
    assert more.status == "need_more_info" and more.missing_fields == ["is_bpl", "is_income_tax_payer"]
    assert outcome(rules, {"age": 70, "is_bpl": True, "is_income_tax_payer": False}).status == "eligible"


def test_unverified_rules_give_at_best_likely_eligible():
    derived = SchemeRules(scheme_id="y", rule=All(all=[A.model_copy(update={"verified": False}), B]), source="derived")
    assert outcome(derived, {"is_bpl": True, "is_student": True}).status == "likely_eligible"
    mixed = SchemeRules(scheme_id="z", rule=All(all=[A.model_copy(update={"verified": False}), B]), source="hand")
    assert outcome(mixed, {"is_bpl": True, "is_student": True}).status == "likely_eligible"


def test_invalid_criteria_are_rejected():
    with pytest.raises(ValueError):
        Criterion(field="age", op="is_true", text="Nonsense rule.")
    with pytest.raises(ValueError):
        Criterion(field="gender", op="eq", value="robot", text="Nonsense rule.")
    with pytest.raises(ValueError):
        Criterion(field="height", op="gte", value=1, text="Nonsense rule.")
