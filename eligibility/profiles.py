"""Random complete profiles over the field registry, for checking the screening planner."""

from __future__ import annotations

import random
from typing import Any

from eligibility.fields import FIELDS

#: income values (INR per year) spread around the limits schemes use
INCOMES = (50_000, 120_000, 200_000, 250_000, 300_000, 450_000, 800_000, 1_500_000)


def random_profile(rng: random.Random) -> dict[str, Any]:
    """A complete profile: a value for every registered field."""
    out: dict[str, Any] = {}
    for name, spec in FIELDS.items():
        if spec.type == "bool":
            out[name] = rng.random() < 0.5
        elif spec.type == "choice":
            out[name] = rng.choice(spec.values)
        elif name == "age":
            out[name] = rng.randint(1, 95)
        elif name == "annual_family_income":
            out[name] = rng.choice(INCOMES)
        elif name == "disability_percent":
            out[name] = rng.choice((0, 0, 0, 20, 40, 60, 80, 100))
    return out
