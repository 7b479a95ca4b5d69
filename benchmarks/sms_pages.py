"""How well answers fill SMS pages: pages per answer, fill of full pages, sentences cut across pages.

For every answerable English, Hindi and Hinglish question of a labelled set (``../shared/eval/dev.jsonl``
over the OpenNyAI JSON, ``dev_full.jsonl`` over an index of the pages), the question is rewritten after
its history and answered as ``schemebot eval`` does, the reply is rendered as SMS pages of 3 segments
(:func:`bot.render.sms_pages`, what a user receives page by page with "MORE"), and the script prints, per
language and overall:

- ``pages``: mean pages per reply (answers and declines alike);
- ``fill``: mean fill of the pages that are not a reply's last (SMS units used / the page's budget:
  3 x 153 GSM-7 septets or 3 x 67 UCS-2 code units, 3GPP TS 23.038/23.040);
- ``ucs2``: share of pages sent as UCS-2 (a third of the room of GSM-7);
- ``mid-sentence``: page breaks that fall inside a sentence which would have fit a page of its own.

Usage: python benchmarks/sms_pages.py [--pages INDEX] [--segments 3] [--show]
(INDEX: an index of the pages built with ``schemebot ingest``; without it only dev.jsonl is run)
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared"
OPENNYAI = SHARED / "corpus/raw/OpenNyAI__schemes_chatbot_deprecated/data/myschemes_scraped_combined.json"

#: a sentence end: Latin or Devanagari full stop, ! or ?, maybe closed by a quote or bracket
_END = re.compile(r"[.!?\u0964][\"'\u201d)\]]*$")


#: print each page break cut mid-sentence and each full page filled below 0.7 (``--show``)
VERBOSE = False


def page_stats(pages: list[str], quotes: dict[int, tuple[str, str]], segments: int) -> tuple[list[float], int, int, int]:
    """``(fills of pages but the last, UCS-2 pages, mid-sentence breaks, breaks)`` of one reply's pages.

    ``quotes``: the reply's quoted texts and short links by marker. A break inside quote ``[n]`` (the next page starts
    with ``[n] ...``) is located in the quote's text; it is mid-sentence when it falls neither at a line
    end nor after a sentence end, and the sentence it cuts would fit a page of its own."""
    from bot.split import sms_fits, sms_units

    fills, ucs2, mid, breaks = [], 0, 0, 0
    for i, page in enumerate(pages):
        encoding, units = sms_units(page)
        ucs2 += encoding == "ucs2"
        if i == len(pages) - 1:
            continue
        breaks += 1
        fills.append(units / (segments * (153 if encoding == "gsm7" else 67)))
        if VERBOSE and fills[-1] < 0.7:
            print(f"LOW {fills[-1]:.2f}:", repr(page), "||", repr(pages[i + 1][:150]))
        m = re.match(r"\[(\d+)\] ", pages[i + 1])
        if not m or int(m.group(1)) not in quotes or page.rfind(f"[{m.group(1)}] ") < 0:
            continue
        text, link = quotes[int(m.group(1))]
        start = page.rfind(f"[{m.group(1)}] ")
        # the page's MORE footer (its last line, or the end of it), then the quote's source line
        body = re.sub(r"(\n[^\n]*| (Reply|\u092c\u093e\u0915\u0940|Baaki)[^\n]*)MORE[^\n]*$", "", page[start:])
        body = "\n".join(line for line in body.split("\n") if link not in line)
        piece = body.split(" ", 1)[1]
        piece = piece.removeprefix("...").strip()
        pos = text.find(piece)
        if pos < 0:
            continue
        cut = pos + len(piece)
        after = text[cut:cut + 2]
        if "\n" in after or _END.search(piece):
            continue
        left = max(text.rfind(". ", 0, cut), text.rfind("\u0964", 0, cut), text.rfind("\n", 0, cut)) + 1
        right_m = re.search(r"[.!?\u0964](\s|$)|\n", text[cut:])
        sentence = text[left:cut + (right_m.end() if right_m else len(text) - cut)].strip()
        mid += sms_fits(sentence + "\nReply MORE for the rest.", segments)
        if VERBOSE and sms_fits(sentence + "\nReply MORE for the rest.", segments):
            print("MID:", repr(page[-200:]), "||", repr(pages[i + 1][:80]))
    return fills, ucs2, mid, breaks


def run(name: str, answerer, path: Path, segments: int) -> None:
    """Render the answerable en/hi/hinglish questions of ``path`` and print the figures per language."""
    from bot.render import short_link, sms_pages
    from conversations.engine import answer_reply
    from conversations.rewrite import replay
    from retrieval.evaluate import read_questions

    by_lang: dict[str, dict[str, list]] = {}
    for q in read_questions(path):
        if not q.answerable or q.lang not in ("en", "hi", "hinglish"):
            continue
        rw = replay(answerer, q.history, q.question)
        answer = answerer.ask(q.question, standalone_query=rw.standalone, focus=[rw.focus] if rw.focus else None, state=rw.state)
        lang = q.lang if q.lang != "en" else "en"
        pages = sms_pages([answer_reply(answer, lang)], lang, segments)
        fills, ucs2, mid, breaks = page_stats(pages, {c.n: (c.text, short_link(c.url)) for c in answer.citations}, segments)
        for key in (q.lang, "all"):
            row = by_lang.setdefault(key, {"pages": [], "fills": [], "ucs2": [], "mid": [], "breaks": []})
            row["pages"].append(len(pages))
            row["fills"].extend(fills)
            row["ucs2"].append(ucs2)
            row["mid"].append(mid)
            row["breaks"].append(breaks)
    print(f"{name} ({segments} segments a page)")
    print(f"  {'lang':<9}{'replies':>8}{'pages':>7}{'fill':>7}{'ucs2':>7}{'mid-sentence':>14}")
    for key in ("en", "hi", "hinglish", "all"):
        row = by_lang.get(key)
        if not row:
            continue
        fill = statistics.mean(row["fills"]) if row["fills"] else float("nan")
        print(f"  {key:<9}{len(row['pages']):>8}{statistics.mean(row['pages']):>7.2f}{fill:>7.3f}"
              f"{sum(row['ucs2']) / sum(row['pages']):>7.2f}{sum(row['mid']):>7}/{sum(row['breaks']):<6}")


def main() -> int:
    """Parse arguments and print the figures for each question set found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", help="an index of the myScheme pages (schemebot ingest ... --out INDEX)")
    parser.add_argument("--segments", type=int, default=3)
    parser.add_argument("--show", action="store_true", help="print the pages filled below 0.7 and the breaks cut mid-sentence")
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.show
    from retrieval.answer import Answerer
    from retrieval.index import open_index

    if not OPENNYAI.exists():
        print(f"needs ../shared ({OPENNYAI} not found)", file=sys.stderr)
        return 2
    answerer = Answerer(open_index(str(OPENNYAI)))
    answerer.index.prepare_encoder("onnx")
    run("dev.jsonl over the 170-scheme JSON", answerer, SHARED / "eval/dev.jsonl", args.segments)
    if args.pages:
        answerer = Answerer(open_index(args.pages))
        answerer.index.prepare_encoder("onnx")
        run("dev_full.jsonl over the pages", answerer, SHARED / "eval/dev_full.jsonl", args.segments)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
