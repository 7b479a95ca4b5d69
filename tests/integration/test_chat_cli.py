"""Multi-turn transcripts through `schemebot chat --json`, with the real Redis and a process restart."""

import hashlib
import hmac
import json
import os
import subprocess
import sys
import uuid


from tests.conftest import redis_client, ROOT, TEST_REDIS_URL


def chat(lines: list[str], env: dict[str, str], user: str = "tester") -> list[dict]:
    exe = ROOT / ".venv" / "bin" / "schemebot"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "bot.cli"]
    done = subprocess.run([*cmd, "chat", "--json", "--user", user], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, env={**os.environ, **env}, timeout=120)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def cited(turn: dict) -> list[str]:
    return [c["scheme_id"] for r in turn["replies"] for c in r["citations"]]


def test_conversation_survives_restart_and_key_is_hmac(redis_available):
    secret = uuid.uuid4().hex
    env = {"SCHEMEBOT_REDIS_URL": TEST_REDIS_URL, "SCHEMEBOT_STATE_SECRET": secret}
    first = chat(["tell me about pm kisan", "documents?", "what about ujjwala?"], env)
    assert [t["turn"] for t in first] == [1, 2, 3]
    assert cited(first[0])[0] == "pm-kisan"
    assert first[1]["standalone_query"] == "documents? Pradhan Mantri Kisan Samman Nidhi"
    assert first[1]["replies"][0]["citations"][0]["section"] == "documents" and cited(first[1])[0] == "pm-kisan"
    assert first[2]["standalone_query"] == "what about ujjwala? documents required" and cited(first[2])[0] == "pmuy"
    # a new process: the conversation is in Redis
    second = chat(["how do I apply for it"], env)
    assert second[0]["standalone_query"] == "how do I apply for it Pradhan Mantri Ujjwala Yojana"
    assert cited(second[0])[0] == "pmuy" and second[0]["replies"][0]["citations"][0]["section"] == "application_process"
    client = redis_client()
    key = "schemebot:v1:user:" + hmac.new(secret.encode(), b"cli:tester", hashlib.sha256).hexdigest()
    try:
        assert client.exists(key) == 1
        assert client.ttl(key) > 29 * 24 * 3600
        assert not any(b"tester" in k for k in client.scan_iter(match="schemebot:*", count=1000))
    finally:
        client.delete(key)


def test_embedded_store_without_redis_url():
    env = {"SCHEMEBOT_REDIS_URL": "", "SCHEMEBOT_STATE_SECRET": "x"}
    turns = chat(["apy kya hai", "isme judne ki age limit kya hai", "/start", "kalki movie show timings in pune"], env)
    assert cited(turns[0])[0] == "apy"
    assert turns[1]["standalone_query"] == "isme judne ki age limit kya hai Atal Pension Yojana" and cited(turns[1])[0] == "apy"
    assert turns[2]["standalone_query"] is None and turns[2]["replies"][0]["kind"] == "info"
    assert turns[3]["replies"][0]["kind"] == "decline"


def test_a_file_of_questions_is_not_rate_limited():
    """25 questions piped in: the 21st got "You are sending messages faster than I can answer" and the rest
    nothing (the webhooks' per-user limit, 20 a minute, applied to the terminal; a break-it trial)."""
    env = {"SCHEMEBOT_REDIS_URL": "", "SCHEMEBOT_STATE_SECRET": "x"}
    turns = chat([f"pm kisan documents {i}" for i in range(25)], env)
    assert len(turns) == 25 and all(cited(t)[0] == "pm-kisan" for t in turns)


def test_hindi_transcript():
    env = {"SCHEMEBOT_REDIS_URL": "", "SCHEMEBOT_STATE_SECRET": "x"}
    turns = chat(["मनरेगा योजना क्या है", "इसमें रजिस्ट्रेशन कैसे होता है"], env)
    assert cited(turns[0])[0] == "mgnrega"
    assert turns[1]["standalone_query"].startswith("इसमें रजिस्ट्रेशन कैसे होता है Mahatma Gandhi")
    assert cited(turns[1])[0] == "mgnrega"
    assert turns[1]["replies"][0]["text"].splitlines()[-2] == "स्रोत:"


def test_chat_shows_each_channel_as_it_sends(tmp_path):
    """`chat --channel`: SMS pages with MORE (the rest kept for "more"), Telegram HTML with its buttons."""
    env = {"SCHEMEBOT_REDIS_URL": "", "SCHEMEBOT_STATE_SECRET": "x"}
    exe = ROOT / ".venv" / "bin" / "schemebot"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "bot.cli"]

    def run(channel: str, lines: list[str]) -> str:
        done = subprocess.run([*cmd, "chat", "--channel", channel], input="\n".join(lines) + "\n", capture_output=True, text=True,
                              env={**os.environ, **env}, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    sms = run("sms", ["how to apply for pm kisan", "more"])
    pages = sms.split("-- sms page: ")[1:]
    assert len(pages) == 2 and pages[0].startswith("3 segment(s), GSM-7 --\n[1] ")
    assert "Source: Pradhan Mantri Kisan Samman Nidhi, myscheme.gov.in/schemes/pm-kisan\n" in pages[0] and "MORE" in pages[0].rstrip().splitlines()[-1]
    assert pages[1].split("--\n", 1)[1].startswith("[1] ...")  # "more" sent the next page of the same quote
    telegram = run("telegram", ["/eligibility", "Bihar", "40"])
    last = telegram.rsplit("-- telegram message 1 of 1 --\n", 1)[1]
    assert "What is your main work?" in last and "\n[Farmer]\n[Farm labourer]\n" in last  # options as the keyboard's buttons
    jsonl = subprocess.run([*cmd, "chat", "--channel", "whatsapp", "--json"], input="pm kisan documents\n", capture_output=True, text=True,
                           env={**os.environ, **env}, timeout=120)
    turn = json.loads(jsonl.stdout.splitlines()[0])
    assert turn["messages"][0].startswith("*[1]*") and turn["replies"][0]["kind"] == "answer"


def test_chat_answers_without_memory_when_redis_goes_away_mid_conversation(tmp_path):
    """A break-it trial: Redis stopped mid-conversation and `schemebot chat` exited (code 2) with the message
    unanswered. Now that message is answered without memory, with the notice, and the chat goes on."""
    import shutil
    import socket
    import time

    from tests.conftest import need

    need(shutil.which("redis-server") is not None, "redis-server is not on the PATH (this test starts its own Redis)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.time() < deadline, "redis-server did not start"
                time.sleep(0.05)
        exe = ROOT / ".venv" / "bin" / "schemebot"
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "bot.cli"]
        env = {**os.environ, "SCHEMEBOT_REDIS_URL": f"redis://127.0.0.1:{port}/0", "SCHEMEBOT_STATE_SECRET": "x"}
        proc = subprocess.Popen([*cmd, "chat", "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env)
        proc.stdin.write("pm kisan kya hai\n")
        proc.stdin.flush()
        first = json.loads(proc.stdout.readline())
        assert cited(first)[0] == "pm-kisan"
        server.kill()
        server.wait(timeout=10)
        out, err = proc.communicate("what is atal pension yojana\n", timeout=120)
        assert proc.returncode == 0, err
        second = json.loads(out.splitlines()[0])
        assert second["turn"] == 2 and second["replies"][0]["text"].startswith("My memory is unavailable for a moment")
        assert "apy" in cited(second)
        assert "answering without memory" in err
    finally:
        server.kill()


def test_a_line_of_invisible_characters_gets_a_turn_and_a_blank_line_none():
    """A break-it trial: `chat --json` printed nothing for a line of zero-width characters, so a driver waiting for one
    turn a line hung; the webhooks answer such a message (it came through empty), and so does chat now."""
    turns = chat(["\u200b\u200b", "", "\ufeff", "hello"], {"SCHEMEBOT_REDIS_URL": "", "SCHEMEBOT_STATE_SECRET": "x"})
    assert [t["turn"] for t in turns] == [1, 2, 3]
    assert turns[0]["replies"][0]["text"].startswith("Your message came through empty.")
    assert turns[1]["replies"][0]["text"].startswith("Your message came through empty.")
    assert turns[2]["user_text"] == "hello"
