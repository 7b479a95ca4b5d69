"""How many questions the adaptive screening asks, against the number of fields the rules mention.

For 30 random complete profiles (seed 2026), runs the screening (each question answered from the
profile) without the chat's 8-question budget, until nothing is left to settle, and checks it reaches
the same outcome for every scheme as evaluating the whole profile.
Prints, for the bundled hand-checked rules and (with ../shared) the rules derived from the OpenNyAI
myScheme JSON: schemes, distinct fields, mean / min / max questions asked, outcomes matching.

Usage: python benchmarks/screening.py
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OPENNYAI = ROOT.parent / "shared/corpus/raw/OpenNyAI__schemes_chatbot_deprecated/data/myschemes_scraped_combined.json"


def report(name: str, rules: list) -> None:
    from eligibility.interview import run_screening
    from eligibility.profiles import random_profile
    from eligibility.rules import criteria, outcome

    rng = random.Random(2026)
    asked, same = [], 0
    for _ in range(30):
        profile = random_profile(rng)
        adaptive, fields = run_screening(rules, profile)
        full = [outcome(r, profile) for r in rules]
        same += [o.status for o in adaptive] == [o.status for o in full]
        asked.append(len(fields))
    distinct = len({c.field for r in rules for c in criteria(r.rule)})
    print(f"{name}: {len(rules)} schemes, {distinct} distinct fields; questions asked per profile: mean "
          f"{statistics.mean(asked):.2f}, min {min(asked)}, max {max(asked)}; same outcomes as the full profile: {same}/30")


def main() -> int:
    from conversations.rulebook import build_rulebook
    from retrieval.index import open_index

    report("bundled corpus, hand-checked rules", list(build_rulebook(open_index(None)).rules.values()))
    if OPENNYAI.is_file():
        book = build_rulebook(open_index(OPENNYAI))
        report("OpenNyAI corpus, derived rules", [r for r in book.rules.values() if r.source == "derived"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
