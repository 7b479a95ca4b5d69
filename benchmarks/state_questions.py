"""The same question asked for every state: how often it is answered, and from whose scheme.

People ask "old age pension amount in Kerala" or "Bihar me vridha pension kitni milti hai" for their own state,
and most states run their own version of a national scheme (or none). This script asks a few such questions
(:data:`TEMPLATES`, in English and Romanized Hindi) once for every state and union territory with a scheme in
an index of the pages, through :meth:`retrieval.answer.Answerer.ask` as ``schemebot ask`` does, and prints per
question: answered / asked, and of the answers, how many quote first the state's own scheme, a central one, or
another state's (which is always wrong). With ``--json FILE`` the per-question outcomes are written out, and
``--compare FILE`` prints the questions whose outcome changed against such a file (from another commit).

Usage: python benchmarks/state_questions.py --pages INDEX [--json OUT] [--compare BEFORE.json]
(INDEX: an index of the pages built with ``schemebot ingest``). This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: questions with "{}" for the state's name: pensions, scholarships, allowances, marriage aid, farming
TEMPLATES = (
    "old age pension amount in {}",
    "widow pension amount in {}",
    "disability pension in {}",
    "{} scholarship for sc students",
    "unemployment allowance {}",
    "marriage assistance for daughter in {}",
    "{} me vridha pension kitni milti hai",
    "{} farmer scheme benefits",
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", required=True, help="an index of the pages (schemebot ingest ... --out INDEX)")
    ap.add_argument("--json", help="write each question's (status, first scheme, its state) here")
    ap.add_argument("--compare", help="a --json file of another run: print the questions whose outcome changed")
    args = ap.parse_args()
    from retrieval.answer import Answerer
    from retrieval.index import Index

    index = Index.load(Path(args.pages))
    index.prepare_encoder("auto")
    answerer = Answerer(index)
    states = sorted({s.state for s in index.schemes.values() if s.state})
    out: dict[str, list] = {}
    print(f"{len(TEMPLATES)} questions x {len(states)} states and union territories")
    print(f"  {'question':42} answered  own-state  central  other-state")
    totals: Counter = Counter()
    for template in TEMPLATES:
        tally: Counter = Counter()
        for state in states:
            question = template.format(state)
            ans = answerer.ask(question)
            first = ans.citations[0].scheme_id if ans.status == "answered" and ans.citations else None
            where = None if first is None else index.schemes[first].state
            out[question] = [ans.status, first, where]
            tally["asked"] += 1
            if first is not None:
                tally["answered"] += 1
                tally["central" if where is None else "own" if where == state else "other"] += 1
        totals.update(tally)
        print(f"  {template:42} {tally['answered']:3}/{tally['asked']:<4} {tally['own']:6}  {tally['central']:8}  {tally['other']:6}")
    print(f"  {'all':42} {totals['answered']:3}/{totals['asked']:<4} {totals['own']:6}  {totals['central']:8}  {totals['other']:6}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, ensure_ascii=False, indent=0), encoding="utf-8")
    if args.compare:
        before = json.loads(Path(args.compare).read_text(encoding="utf-8"))
        changed = [q for q in out if q in before and before[q] != out[q]]
        print(f"changed against {args.compare}: {len(changed)}")
        for q in changed:
            print(f"  {q}: {before[q]} -> {out[q]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
