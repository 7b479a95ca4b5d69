"""How many questions the adaptive screening asks, against the number of fields the rules mention.

For 30 random complete profiles (seed 2026), runs the screening (each question answered from the
profile) without the chat's 8-question budget, until nothing is left to settle, and checks it reaches
the same outcome for every scheme as evaluating the whole profile.
Prints, for the bundled hand-checked rules and (with ../shared) the rules derived from the OpenNyAI
myScheme JSON: schemes, distinct fields, mean / min / max questions asked, outcomes matching.

With ../shared, also the ~2,000 saved myScheme pages with rules read from their text: the state is
asked first (it decides which schemes are in play: central ones and that state's), then the screening
runs over those; printed are the schemes in play, questions asked (state included), outcomes matching
the full profile, and the time of one screening step (the work behind one reply: outcomes for every
scheme in play and the choice of the next question), p50 / p95 in milliseconds on one core.

Usage: python benchmarks/screening.py [--pages INDEX]   (INDEX: an index of the pages built with
schemebot ingest; default: the pages folder of ../shared, read now without embeddings)
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT.parent / "shared/corpus/raw/rakshithsajjan__Prabhav/prabhav-chat/Scrape/data"
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


def report_pages(book) -> None:
    """The state-first screening over the pages' rules (see the module docstring)."""
    import time

    from eligibility.interview import run_screening, screen
    from eligibility.profiles import random_profile
    from eligibility.rules import outcome

    rng = random.Random(2026)
    states = sorted({place for level, place in book.places.values() if level == "state" and place})
    asked, same, in_play, steps = [], 0, [], []
    for _ in range(30):
        profile = random_profile(rng)
        profile["state"] = rng.choice(states)
        rules = book.in_state(profile["state"])
        in_play.append(len(rules))
        given = {"state": profile["state"]}
        adaptive, fields = run_screening(rules, profile)
        # one step's time: the screening as it stands after the state and the first 3 answers
        for k in range(0, 4):
            partial = {**given, **{f: profile[f] for f in fields[:k]}}
            t0 = time.perf_counter()
            screen(rules, partial, k + 1)
            steps.append((time.perf_counter() - t0) * 1000)
        full = [outcome(r, profile) for r in rules]
        same += [o.status for o in adaptive] == [o.status for o in full]
        asked.append(len(fields) + 1)  # the state first
    steps.sort()
    p = lambda q: steps[min(len(steps) - 1, int(q * len(steps)))]  # noqa: E731
    print(f"myScheme pages, rules read from text: {len(book.rules)} schemes with rules, in play per profile "
          f"{min(in_play)}-{max(in_play)}; questions asked per profile (state first, no budget): mean {statistics.mean(asked):.2f}, "
          f"min {min(asked)}, max {max(asked)}; same outcomes as the full profile: {same}/30; "
          f"one screening step: p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms")


def main() -> int:
    from conversations.rulebook import build_rulebook
    from retrieval.index import open_index

    report("bundled corpus, hand-checked rules", list(build_rulebook(open_index(None)).rules.values()))
    if OPENNYAI.is_file():
        book = build_rulebook(open_index(OPENNYAI))
        report("OpenNyAI corpus, derived rules", [r for r in book.rules.values() if r.source == "derived"])
    pages = sys.argv[sys.argv.index("--pages") + 1] if "--pages" in sys.argv else (PAGES if PAGES.is_dir() else None)
    if pages is not None:
        report_pages(build_rulebook(open_index(pages, dense=False)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
