"""The schemebot command line: ask, eval and ingest, as a user runs them."""

import json
import subprocess
import sys

import pytest

from bot.cli import main
from tests.conftest import DEV_JSONL, MARKDOWN_DIR, OPENNYAI_JSON, ROOT, need


def test_ask_json_shape(capsys):
    assert main(["ask", "how much money do farmers get under pm kisan", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"status", "query", "standalone_query", "language", "citations", "decline_reason", "official_links",
                        "list_answer", "more_scheme_ids", "state", "state_versions"}
    assert out["status"] == "answered" and out["language"] == "en"
    assert (out["list_answer"], out["more_scheme_ids"], out["state"]) == (False, [], None)
    c = out["citations"][0]
    assert set(c) == {"n", "scheme_id", "scheme_name", "section", "text", "url", "chunk_id", "score", "closed", "more_items", "state"}
    assert (c["closed"], c["more_items"], c["state"]) == (False, 0, None)
    assert (c["n"], c["scheme_id"], c["section"]) == (1, "pm-kisan", "benefits")


def test_ask_blanks_an_identity_number_before_the_search(capsys):
    # a newcomer trial: `ask` searched a voter ID with the question, echoed it in the JSON, and declined
    assert main(["ask", "my voter id is ABC1234567, how much money do farmers get under pm kisan", "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert "ABC1234567" not in out.out and data["status"] == "answered" and data["citations"][0]["scheme_id"] == "pm-kisan"
    assert out.err.startswith("Please do not send Aadhaar, PAN, voter ID")


def test_ask_searches_a_long_message_with_its_question_as_the_chat_does(capsys):
    """A break-it trial: "pension " 1,000 times, then "how much is pm kisan?", was declined by ask and answered by chat."""
    assert main(["ask", "pension " * 1000 + "how much is pm kisan?", "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["status"] == "answered" and data["citations"][0]["scheme_id"] == "pm-kisan"
    assert data["query"].endswith("how much is pm kisan?") and len(data["query"]) <= 1000
    assert out.err.startswith("Your message was long, so I searched with this part of it:")


def test_ask_plain_decline(capsys):
    assert main(["ask", "who won the cricket match yesterday"]) == 0
    out = capsys.readouterr().out
    assert "https://www.myscheme.gov.in/search" in out and "[1]" not in out


@pytest.mark.parametrize("question", ["ਪੈਨਸ਼ਨ ਸਕੀਮ ਬਾਰੇ ਦੱਸੋ", "ஓய்வூதியம் திட்டம்"])
def test_ask_says_which_scripts_it_reads_as_the_chat_does(capsys, question):
    # a break-it trial: ask called a Punjabi question "not about a government scheme"; chat names the languages it reads
    assert main(["ask", question]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sorry, I can read only English and Hindi") and "माफ़ कीजिए, मैं सिर्फ़ अंग्रेज़ी और हिंदी" in out


def test_ask_declines_a_hindi_question_in_hindi(capsys):
    from conversations.strings import t

    assert main(["ask", "कल क्रिकेट मैच किसने जीता"]) == 0
    out = capsys.readouterr().out
    assert t("official_sources", "hi") in out and "Official source" not in out


def test_console_script_runs(tmp_path):
    exe = ROOT / ".venv" / "bin" / "schemebot"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "bot.cli"]
    done = subprocess.run([*cmd, "ask", "atal pension yojana age limit"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0 and "Atal Pension Yojana" in done.stdout


def test_bad_corpus_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "x.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert main(["ask", "pension", "--corpus", str(bad)]) == 2
    assert "no scheme with usable text (rejected: 1 unknown format" in capsys.readouterr().err
    assert main(["ask", "pension", "--corpus", str(tmp_path / "missing")]) == 2


def test_ingest_summary_and_ask_from_index(tmp_path, capsys, shared_corpus):
    out = tmp_path / "idx"
    pages = sorted(MARKDOWN_DIR.glob("*.md"))[:60]
    assert main(["ingest", *map(str, pages), str(OPENNYAI_JSON), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "files read:       61" in text and "schemes indexed:" in text and "chunks:" in text
    assert "rejected:" in text and "superseded:" in text
    assert main(["ask", "atal pension yojana age limit", "--corpus", str(out), "--json"]) == 0
    ans = json.loads(capsys.readouterr().out)
    assert ans["citations"][0]["scheme_id"] == "apy"
    # the rules read from the pages' text were saved with the index, and are the ones read afresh
    from eligibility.text_rules import EXTRACTOR_VERSION

    saved = json.loads((out / "rules.json").read_text(encoding="utf-8"))
    assert saved["version"] == EXTRACTOR_VERSION and saved["rules"]
    assert "eligibility read:" in text
    assert main(["rules", "--corpus", str(out), "--json"]) == 0
    from_index = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    (out / "rules.json").unlink()  # an index without them reads them on load: the same rules
    assert main(["rules", "--corpus", str(out), "--json"]) == 0
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == from_index
    assert {r["source"] for r in from_index} >= {"derived", "extracted"}


def test_rules_lists_sources_quotes_and_unchecked(capsys):
    assert main(["rules", "--scheme", "pmsym", "--json"]) == 0
    (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert row["scheme_id"] == "pmsym" and row["source"] == "hand"
    assert row["rule"] == {"all": [{"field": "age", "op": "between", "value": [18, 40], "verified": True,
                                    "text": "The applicant must be aged between 18 and 40 years at the time of joining.",
                                    "url": "https://www.myscheme.gov.in/schemes/pmsym#eligibility"}]}
    assert row["unchecked"] == ["The applicant must be an unorganised worker.", "The applicant's monthly income must be ₹15,000 or less."]
    assert main(["rules"]) == 0
    listing = capsys.readouterr().out
    assert "pmsym: Pradhan Mantri Shram Yogi Maan-dhan [hand]" in listing
    assert "    age between [18, 40]  \u201cThe applicant must be aged between 18 and 40 years at the time of joining.\u201d" in listing
    assert "    not checked: \u201cThe applicant must be an unorganised worker.\u201d" in listing
    assert main(["rules", "--scheme", "no-such-scheme"]) == 2


def test_eval_json_metrics(capsys, shared_corpus):
    need(DEV_JSONL.is_file(), "../shared/eval/dev.jsonl missing")
    assert main(["eval", str(DEV_JSONL), "--corpus", str(OPENNYAI_JSON), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("n", "recall_at_1", "recall_at_5", "mrr", "answer_rate_answerable", "decline_rate_unanswerable",
                "grounded_rate", "p50_ms", "p95_ms", "per_question", "by_lang", "by_kind", "curve"):
        assert key in report
    assert report["n"] == 90 and report["grounded_rate"] == 1.0
    row = report["per_question"][0]
    assert set(row) >= {"id", "status", "standalone_query", "ranked_scheme_ids"}
    assert len(row["ranked_scheme_ids"]) >= 5
    followup = next(r for r in report["per_question"] if r["id"] == "dev-057")
    assert followup["standalone_query"] != "ok what papers do i need to apply"  # replayed history rewrote it


def test_ask_rendered_for_each_channel(capsys):
    assert main(["ask", "pm kisan documents", "--channel", "telegram"]) == 0
    assert 'href="https://www.myscheme.gov.in/schemes/pm-kisan#documents-required"' in capsys.readouterr().out
    assert main(["ask", "pm kisan documents", "--channel", "whatsapp"]) == 0
    assert capsys.readouterr().out.startswith("*[1]*")
    assert main(["ask", "pm kisan documents", "--channel", "sms"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("[1] ") and "myscheme.gov.in/schemes/pm-kisan" in out
    # a long answer: page 1 now, the rest after MORE, and the printout says which is which
    assert main(["ask", "how to apply for pm kisan", "--channel", "sms"]) == 0
    pages = capsys.readouterr().out.split("\n" + "-" * 20 + " next page, sent when the user replies MORE " + "-" * 20 + "\n")
    assert len(pages) >= 2 and pages[0].rstrip().endswith(("Reply MORE for the rest.", "items: reply MORE.")) and "MORE" not in pages[-1]
    assert "Source: Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan" in pages[0]
    assert pages[1].startswith("[1] ...") and "Source:" not in pages[1]  # the quote continued; its source given once


def test_serve_refuses_a_weak_state_secret_with_a_channel_on(capsys, monkeypatch):
    monkeypatch.setenv("SCHEMEBOT_TELEGRAM_TOKEN", "123:abc")
    monkeypatch.setenv("SCHEMEBOT_TELEGRAM_SECRET", "webhook-secret")
    for secret, why in [("change-me-to-a-long-random-string", "still the .env.example placeholder"),
                        ("short", "shorter than 16 characters"), ("schemebot-dev-secret", "the development default")]:
        monkeypatch.setenv("SCHEMEBOT_STATE_SECRET", secret)
        assert main(["serve", "--port", "1"]) == 2
        assert f"SCHEMEBOT_STATE_SECRET is {why}" in capsys.readouterr().err


def test_eligibility_plain_output_quotes_each_sentence_with_its_link(tmp_path, capsys):
    url = "https://www.myscheme.gov.in/schemes/ignoaps#eligibility"
    age = "The applicant must be aged 60 years or more."
    for profile, status in [({"age": 35}, "not_eligible"), ({"age": 67}, "need_more_info"), ({"age": 67, "is_bpl": True}, "eligible")]:
        path = tmp_path / "p.json"
        path.write_text(json.dumps(profile), encoding="utf-8")
        assert main(["eligibility", "--profile", str(path), "--scheme", "ignoaps"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].split()[:2] == ["ignoaps", status] and "Old Age Pension" in lines[0]
        if status == "need_more_info":
            assert lines.pop(1).strip() == "missing: is_bpl"
        quoted = [line.strip() for line in lines[1:]]
        assert all(q.startswith("\u201c") and q.endswith(url) for q in quoted) and quoted
        assert (f"\u201c{age}\u201d {url}" in quoted) == (status != "need_more_info")


def test_eligibility_takes_the_profile_inline_too(capsys):
    assert main(["eligibility", "--profile", '{"age": 67, "is_bpl": true}', "--scheme", "ignoaps"]) == 0
    assert capsys.readouterr().out.split()[:2] == ["ignoaps", "eligible"]
    assert main(["eligibility", "--profile", '{"age": 67,', "--scheme", "ignoaps"]) == 2  # broken JSON: said, not a traceback
    assert "cannot read profile" in capsys.readouterr().err


def test_eligibility_puts_a_scheme_hanging_on_a_life_event_under_if_this_applies(capsys):
    """A trial: "schemebot eligibility --profile" told an 80-year-old woman that JSSK (for pregnant women) was
    likely_eligible; as in a screening's verdict, a deciding life event no profile field says is "if this applies"."""
    url = "https://www.myscheme.gov.in/schemes/jssk#eligibility"
    assert main(["eligibility", "--profile", '{"age": 80, "gender": "female"}', "--scheme", "jssk"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["jssk", "need_more_info"]
    assert lines[1].strip() == f"if this applies to you: \u201cThe beneficiary must be a pregnant woman.\u201d {url}"
    assert not any("pregnant woman.\u201d" in line for line in lines[2:])  # (said once)
    assert main(["eligibility", "--profile", '{"age": 80, "gender": "female"}', "--scheme", "jssk", "--json"]) == 0
    (jssk,) = json.loads(capsys.readouterr().out)
    assert jssk["status"] == "need_more_info" and jssk["unchecked"][0]["text"] == "The beneficiary must be a pregnant woman."
    assert main(["eligibility", "--profile", '{"age": 67, "is_bpl": true}', "--scheme", "ignoaps", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["status"] == "eligible"  # (no event: as before)


def test_empty_variables_of_an_unfilled_env_file_turn_no_channel_on(monkeypatch):
    from bot.settings import Settings

    for name in ("TELEGRAM_TOKEN", "TELEGRAM_SECRET", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_WHATSAPP_FROM",
                 "TWILIO_SMS_FROM", "REDIS_URL"):
        monkeypatch.setenv(f"SCHEMEBOT_{name}", "")
    settings = Settings()
    assert settings.channels() == {"telegram": False, "whatsapp": False, "sms": False} and settings.redis_url is None


def test_serve_refuses_unreadable_settings_and_a_missing_corpus(capsys, monkeypatch):
    monkeypatch.setenv("SCHEMEBOT_SMS_TEMPLATES", "not json")
    assert main(["serve", "--port", "1"]) == 2
    # (the variable named, and how to write it: a break-it trial got "error parsing value for field ..." alone)
    assert "setting SCHEMEBOT_SMS_TEMPLATES cannot be read: a list or mapping is written as JSON" in capsys.readouterr().err
    monkeypatch.delenv("SCHEMEBOT_SMS_TEMPLATES")
    # a check across settings names its variables, not "SCHEMEBOT_" cut short
    monkeypatch.setenv("SCHEMEBOT_REPLAY_WINDOW_S", "10")
    assert main(["serve", "--port", "1"]) == 2
    assert capsys.readouterr().err.startswith("schemebot: settings are invalid: Value error, SCHEMEBOT_REPLAY_WINDOW_S (10) must be")
    monkeypatch.delenv("SCHEMEBOT_REPLAY_WINDOW_S")
    monkeypatch.setenv("SCHEMEBOT_CORPUS", "/nonexistent/corpus")
    assert main(["serve", "--port", "1", "--workers", "2"]) == 2
    assert "SCHEMEBOT_CORPUS /nonexistent/corpus does not exist" in capsys.readouterr().err


def test_serve_refuses_an_empty_corpus_folder_before_saying_it_serves(capsys, monkeypatch, tmp_path):
    # a break-it trial: "schemebot serving on ..." was printed, then the worker failed on an empty folder and nothing listened
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("SCHEMEBOT_CORPUS", str(tmp_path / "empty"))
    assert main(["serve", "--port", "1"]) == 2
    out = capsys.readouterr()
    assert f"SCHEMEBOT_CORPUS {tmp_path / 'empty'} is an empty folder" in out.err and "serving on" not in out.out


def test_serve_with_workers_refuses_a_damaged_index_before_starting_them(capsys, monkeypatch, tmp_path):
    """A break-it trial: with --workers 2 and a truncated arrays.npz, uvicorn restarted the failing workers for a
    minute of tracebacks and never exited; one worker exited with the one-line message. Checked before the workers."""
    from retrieval.index import open_index

    folder = tmp_path / "index"
    open_index(None, dense=False).save(folder)
    data = (folder / "arrays.npz").read_bytes()
    (folder / "arrays.npz").write_bytes(data[: len(data) // 2])
    monkeypatch.setenv("SCHEMEBOT_CORPUS", str(folder))
    monkeypatch.setenv("SCHEMEBOT_REDIS_URL", "redis://127.0.0.1:1/0")  # (only said to exist: nothing starts)
    for name in ("TELEGRAM_TOKEN", "TWILIO_ACCOUNT_SID"):
        monkeypatch.setenv(f"SCHEMEBOT_{name}", "")
    assert main(["serve", "--port", "1", "--workers", "2"]) == 2
    err = capsys.readouterr().err
    assert "arrays.npz changed after the index was built" in err and "serving on" not in err
    # one worker alike: "serving on ..." had been printed before the damage was found (a break-it trial)
    monkeypatch.delenv("SCHEMEBOT_REDIS_URL")
    assert main(["serve", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert "arrays.npz changed after the index was built" in err and "serving on" not in err


@pytest.mark.parametrize("argv,said", [(["--port", "99999"], "99999 is not a TCP port"), (["--port", "-1"], "-1 is not a TCP port"),
                                       (["--workers", "0"], "0 is not a number of worker processes")])
def test_serve_refuses_a_port_or_worker_count_out_of_range(capsys, argv, said):
    """"--port 99999" printed "serving on ...:99999" while uvicorn listened on another port (a break-it trial)."""
    with pytest.raises(SystemExit) as exit_:
        main(["serve", *argv])
    assert exit_.value.code == 2 and said in capsys.readouterr().err


def test_ingest_never_replaces_a_folder_that_is_not_an_index(tmp_path, capsys):
    """A break-it trial: ``ingest DIR --out DIR`` deleted the corpus it read, and ``--out`` of a folder with
    other files deleted them."""
    import shutil

    src = tmp_path / "schemes"
    shutil.copytree(ROOT / "data" / "schemes", src)
    (src / "MY_NOTES.txt").write_text("keep me", encoding="utf-8")
    before = sorted(p.name for p in src.iterdir())
    assert main(["ingest", str(src), "--out", str(src), "--no-dense"]) == 2
    assert "overlap" in capsys.readouterr().err
    assert main(["ingest", str(src), "--out", str(src / "idx"), "--no-dense"]) == 2  # inside the input
    other = tmp_path / "other"
    other.mkdir()
    (other / "important.txt").write_text("x", encoding="utf-8")
    assert main(["ingest", str(src), "--out", str(other), "--no-dense"]) == 2
    assert "not a schemebot index's" in capsys.readouterr().err
    webapp = tmp_path / "webapp"  # a manifest.json of something else (a second break-it trial)
    webapp.mkdir()
    (webapp / "manifest.json").write_text('{"name": "my app"}', encoding="utf-8")
    (webapp / "thesis.txt").write_text("x", encoding="utf-8")
    assert main(["ingest", str(src), "--out", str(webapp), "--no-dense"]) == 2 and (webapp / "thesis.txt").is_file()
    assert sorted(p.name for p in src.iterdir()) == before and (other / "important.txt").read_text() == "x"
    # a new folder, then the same folder again (an index replaces an index)
    out = tmp_path / "idx"
    assert main(["ingest", str(src), "--out", str(out), "--no-dense"]) == 0
    assert main(["ingest", str(src), "--out", str(out), "--no-dense"]) == 0
    assert (out / "manifest.json").is_file()
    (out / "NOTES.txt").write_text("mine", encoding="utf-8")  # notes beside an index: kept, the index not replaced
    assert main(["ingest", str(src), "--out", str(out), "--no-dense"]) == 2 and (out / "NOTES.txt").is_file()
    assert main(["ingest", "", "--out", str(tmp_path / "idx2"), "--no-dense"]) == 2
    assert main(["ingest", str(src), "--out", "/proc/schemebot-index", "--no-dense"]) == 2  # said before building
    assert "cannot write the index to /proc/schemebot-index" in capsys.readouterr().err
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        main(["ask", "pm kisan", "--corpus", ""])
    assert stop.value.code == 2 and "--corpus is empty" in capsys.readouterr().err


def test_ask_says_when_states_run_their_own_versions(monkeypatch, capsys):
    """A newcomer: `schemebot ask "vidhwa pension kitna milta hai"` over the pages gave the national ₹300 with no word
    of the state versions the chat mentions (ask keeps no conversation, so it says how to ask with a state)."""
    from retrieval.answer import Answer, Answerer

    national = Answer(status="answered", query="vidhwa pension kitna milta hai", standalone_query="vidhwa pension kitna milta hai",
                      language="hinglish", state_versions=["Bihar", "Haryana", "Rajasthan"])
    monkeypatch.setattr(Answerer, "ask", lambda self, question, **kw: national)
    assert main(["ask", "vidhwa pension kitna milta hai"]) == 0
    out = capsys.readouterr().out
    assert ("Rajya bhi is yojana ke apne roop chalate hain (jaise Bihar, Haryana, Rajasthan). Apne rajya ke saath phir "
            'poochhiye, jaise: "vidhwa pension kitna milta hai Bihar".') in out


def test_serve_refuses_a_redis_db_the_server_does_not_have(capsys, monkeypatch, redis_available):
    """A break-it trial: SCHEMEBOT_REDIS_URL=redis://.../99 started a server whose every message failed on Redis
    ("DB index is out of range"); refused before serving, with Redis's own reason. An unreachable Redis is no refusal
    (it may come up later; /readyz reports it)."""
    for name in ("TELEGRAM_TOKEN", "TWILIO_ACCOUNT_SID", "CORPUS"):
        monkeypatch.setenv(f"SCHEMEBOT_{name}", "")
    monkeypatch.setenv("SCHEMEBOT_REDIS_URL", "redis://127.0.0.1:6379/99")
    assert main(["serve", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert "Redis refuses the configured store (ResponseError: DB index is out of range)" in err and "serving on" not in err
    from conversations.store import RedisStore

    assert RedisStore.from_url("redis://127.0.0.1:1/0").refusal() is None
