"""Load test of `schemebot serve` on loopback with the real Redis (a benchmark: it prints numbers).

Starts a Telegram Bot API stand-in and `schemebot serve --workers N` as separate processes, then drives
them from an asyncio aiohttp loop (a new connection per request): a mix of Telegram updates (half), WhatsApp and SMS form posts (a
quarter each, signed), each from a new user asking a question from ../shared/eval/dev.jsonl (or a
built-in list), with 5% of deliveries repeated (the same update_id / MessageSid). Prints:

- sustained messages per second (unique messages handled / wall time of the phase);
- server-side latency per message, p50 and p99 in ms, from the server's own JSON logs: from the
  request reaching the app (before its body is read) to the TwiML being ready, or for Telegram to the
  last sendMessage to the stand-in being done;
- end-to-end latency as the sender sees it: the Twilio round trip, and for Telegram the time from
  posting the update to the stand-in receiving its sendMessage;
- errors (non-2xx answers; a 503 to a repeated Telegram update still being processed is Telegram's cue
  to re-deliver, counted apart as "retry"), duplicates sent, and lost or doubled replies (every unique
  Telegram update must give exactly one sendMessage; a Twilio message's first post a non-empty TwiML,
  and a repeat of it — Twilio re-posts only when it never read the first response — that same TwiML:
  another reply is doubled).

Usage: python benchmarks/load.py [--seconds 20] [--concurrency 32] [--workers 2] [--rate R[,R...]]
(closed loop by default: the most the server sustains; with --rate, latency at fixed arrival rates,
one phase per rate against the same server, after a few seconds of warm-up)
Needs Redis at 127.0.0.1:6379.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.yardstick import yardstick_ms  # noqa: E402 - after the path is set
DEV = ROOT.parent / "shared" / "eval" / "dev.jsonl"
#: the corpus the dev questions were written for (170 myScheme schemes); the bundled corpus without it
MYSCHEME = ROOT.parent / "shared" / "corpus" / "raw" / "OpenNyAI__schemes_chatbot_deprecated" / "data" / "myschemes_scraped_combined.json"
TOKEN, SECRET, SID, AUTH = "777:LOAD", "load-secret", "AC" + "2" * 32, "load-auth"
PUBLIC = "https://load.example.org"
QUESTIONS = ["how much money do farmers get under pm kisan", "documents for atal pension yojana", "ujjwala yojana eligibility",
             "mudra loan limits", "widow pension amount", "who won the cricket match yesterday"]


def standin_main(port: int) -> None:
    """A minimal Bot API stand-in on raw asyncio (its own process): answers every method, records the
    chat of each ``sendMessage``, and serves ``GET /stats``. Kept far cheaper than the server under
    test, because on a 2-core machine its CPU is taken from the server (the tests use the full,
    checking stand-in of tests/integration/standins.py)."""
    import asyncio as aio
    from urllib.parse import parse_qsl

    import time as tm

    per_chat: dict[str, int] = {}
    first_at: dict[str, float] = {}  # chat -> time.time() of its first sendMessage
    problems: list[str] = []
    check = None
    if os.environ.get("SCHEMEBOT_STANDIN_CHECK_HTML") == "1":  # (benchmarks/faults.py: what Telegram's parser would reject)
        from tests.integration.standins import telegram_html_problems as check
    ok_true = b'{"ok":true,"result":true}'

    def reply(body: bytes, status: str = "200 OK") -> bytes:
        return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body

    async def serve(reader: aio.StreamReader, writer: aio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method_line = lines[0]
                length = next((int(l.split(":", 1)[1]) for l in lines if l.lower().startswith("content-length:")), 0)
                body = await reader.readexactly(length) if length else b""
                path = method_line.split(" ")[1]
                if path.startswith("/stats"):
                    out = reply(json.dumps({"per_chat": per_chat, "first_at": first_at, "problems": problems[:50], "n_problems": len(problems)}).encode())
                elif path.endswith("/sendMessage"):
                    text = body.decode("utf-8", "replace")
                    params = json.loads(text) if text.startswith("{") else dict(parse_qsl(text))
                    chat = str(params.get("chat_id"))
                    per_chat[chat] = per_chat.get(chat, 0) + 1
                    if check is not None and params.get("parse_mode") == "HTML":
                        problems.extend(f"{chat}: {p}" for p in check(str(params.get("text", ""))))
                    first_at.setdefault(chat, tm.time())
                    out = reply(json.dumps({"ok": True, "result": {"message_id": 1, "date": 0, "chat": {"id": int(chat), "type": "private"},
                                                                   "text": "x"}}).encode())
                elif path.endswith("/getMe"):
                    out = reply(b'{"ok":true,"result":{"id":42,"is_bot":true,"first_name":"schemebot","username":"schemebot_bot"}}')
                else:
                    out = reply(ok_true)
                writer.write(out)
                await writer.drain()
        except (aio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def main() -> None:
        server = await aio.start_server(serve, "127.0.0.1", port)
        async with server:
            await server.serve_forever()

    aio.run(main())


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_up(url: str, timeout: float = 60) -> None:
    import httpx

    deadline = time.time() + timeout
    async with httpx.AsyncClient() as client:
        while time.time() < deadline:
            try:
                if (await client.get(url)).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.2)
    raise RuntimeError(f"{url} did not come up")


async def drive(base: str, seconds: float, concurrency: int, questions: list[str], telegram_share: float = 0.5,
                rate: float | None = None) -> dict:
    """Send messages for ``seconds``: closed loop with ``concurrency`` senders, or open loop at ``rate``
    messages per second (repeats included). Returns what was sent and what came back: Telegram chats
    with their send times (``time.time()``), Twilio replies per MessageSid, round-trip times of the
    Twilio posts (ms), errors and counts."""
    import aiohttp
    from twilio.request_validator import RequestValidator

    validator = RequestValidator(AUTH)
    sent_tg: dict[str, float] = {}  # chat -> time.time() its update was posted
    twilio_replies: dict[str, int] = {}  # MessageSid -> non-empty TwiML answers over all its deliveries
    twilio_rtt_ms: list[float] = []
    errors = 0
    retries = 0
    twilio_first: dict[str, str] = {}
    duplicates = 0
    history: list[tuple[str, dict, dict]] = []
    stop = time.perf_counter() + seconds
    rng = random.Random()  # fresh ids every run: claims of earlier runs stay in Redis for a day

    def new_request() -> tuple[str, dict, dict]:
        q = rng.choice(questions)
        r = rng.random()
        if r < telegram_share:
            chat = rng.randint(10**9, 10**10)
            payload = {"update_id": rng.randint(10**9, 10**10), "message": {"message_id": 1, "date": int(time.time()),
                       "chat": {"id": chat, "type": "private"}, "text": q}}
            return "telegram", payload, {"chat": str(chat)}
        channel, path = ("whatsapp", "/twilio/whatsapp") if r < telegram_share + (1 - telegram_share) / 2 else ("sms", "/twilio/sms")
        sender = ("whatsapp:" if channel == "whatsapp" else "") + f"+9190{rng.randint(10**7, 10**8 - 1)}"
        params = {"MessageSid": "SM" + uuid.uuid4().hex, "AccountSid": SID, "From": sender, "To": "+15005550006", "Body": q, "NumMedia": "0"}
        return channel, params, {"path": path, "sig": validator.compute_signature(PUBLIC + path, params)}

    next_slot = [time.perf_counter()]

    async def one(client: aiohttp.ClientSession) -> None:
        nonlocal errors, duplicates, retries
        while time.perf_counter() < stop:
            if rate:  # open loop: one request every 1/rate seconds, whatever the answers take
                slot = next_slot[0]
                next_slot[0] += 1.0 / rate
                delay = slot - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
            if history and rng.random() < 0.05:
                channel, payload, meta = rng.choice(history)
                repeat = True
                duplicates += 1
            else:
                channel, payload, meta = new_request()
                history.append((channel, payload, meta))
                repeat = False
            try:
                if channel == "telegram":
                    if not repeat:
                        sent_tg[meta["chat"]] = time.time()
                    async with client.post(base + "/telegram/webhook", json=payload, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}) as resp:
                        await resp.read()
                        status = resp.status
                else:
                    t0 = time.perf_counter()
                    async with client.post(base + meta["path"], data=urlencode(payload),
                                           headers={"X-Twilio-Signature": meta["sig"], "Content-Type": "application/x-www-form-urlencoded"}) as resp:
                        text = await resp.text()
                        status = resp.status
                    if not repeat:
                        twilio_rtt_ms.append((time.perf_counter() - t0) * 1000)
                    sid = payload["MessageSid"]
                    if not repeat:
                        twilio_replies[sid] = 1 if re.search(r"<Message", text) else 0
                        twilio_first[sid] = text
                    elif re.search(r"<Message", text) and twilio_first.get(sid) not in (None, text):
                        twilio_replies[sid] = twilio_replies.get(sid, 0) + 1  # a different reply to a repost: doubled
                if status == 503 and repeat and channel == "telegram":
                    retries += 1  # still being processed: Telegram re-delivers later
                elif status >= 300:
                    errors += 1
            except (aiohttp.ClientError, asyncio.TimeoutError):
                errors += 1

    started = time.perf_counter()
    # a new connection per request, as from many senders behind a load balancer: keep-alive would pin
    # each of the few client connections to whichever worker accepted it first
    connector = aiohttp.TCPConnector(limit=concurrency, force_close=True)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=30)) as client:
        await asyncio.gather(*(one(client) for _ in range(concurrency)))
    wall = time.perf_counter() - started
    return {"wall": wall, "sent_tg": sent_tg, "twilio_replies": twilio_replies, "twilio_rtt_ms": twilio_rtt_ms,
            "errors": errors, "retries": retries, "duplicates": duplicates, "unique": len(history)}


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``; NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def settle(stats_url: str, expected: int, before: int) -> dict:
    """Wait until the Bot API stand-in's count of sendMessage calls stops growing (background sends
    may still be going) and has reached ``before + expected``, or for at most a minute; its stats."""
    import httpx

    stats, settled = {"per_chat": {}, "first_at": {}, "problems": []}, -1
    for _ in range(120):
        stats = httpx.get(stats_url).json()
        total = sum(stats["per_chat"].values())
        if total == settled and total >= before + expected:
            break
        settled = total
        time.sleep(0.5)
    return stats


def server_events(log_path: str, offset: int) -> tuple[list[dict], int]:
    """The server's JSON log events written after byte ``offset``, and the new offset."""
    with open(log_path, "rb") as fh:
        fh.seek(offset)
        data = fh.read()
    events = []
    for line in data.decode("utf-8", "replace").splitlines():
        if line.startswith("{"):
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return events, offset + len(data)


def phase_report(result: dict, stats: dict, events: list[dict]) -> dict:
    """Numbers of one phase: sustained unique messages per second, server-side latency (from the
    request reaching the app to the TwiML being ready or the last sendMessage done), end-to-end latency
    seen by the sender (Twilio round trip; Telegram post to the stand-in receiving sendMessage), errors,
    and lost or doubled replies."""
    latencies = [float(ev["latency_ms"]) for ev in events if ev.get("msg") == "message handled"]
    per_chat, first_at = stats["per_chat"], stats["first_at"]
    e2e = list(result["twilio_rtt_ms"])
    e2e += [(first_at[chat] - at) * 1000 for chat, at in result["sent_tg"].items() if chat in first_at]
    lost = sum(1 for chat in result["sent_tg"] if per_chat.get(chat, 0) == 0)
    lost += sum(1 for v in result["twilio_replies"].values() if v == 0)
    doubled = sum(1 for chat in result["sent_tg"] if per_chat.get(chat, 0) > 1)
    doubled += sum(1 for v in result["twilio_replies"].values() if v > 1)
    retrieval: dict[str, int] = {}
    for ev in events:
        if ev.get("msg") == "message handled":
            retrieval[ev.get("retrieval", "?")] = retrieval.get(ev.get("retrieval", "?"), 0) + 1
    kinds: dict[str, int] = {}
    for ev in events:
        if ev.get("level") == "error":
            kinds[ev.get("msg", "")] = kinds.get(ev.get("msg", ""), 0) + 1
    return {"unique": result["unique"], "telegram": len(result["sent_tg"]), "twilio": len(result["twilio_replies"]),
            "repeats": result["duplicates"], "sustained": result["unique"] / result["wall"], "handled": len(latencies),
            "p50": percentile(latencies, 50), "p99": percentile(latencies, 99), "e2e_p50": percentile(e2e, 50),
            "e2e_p99": percentile(e2e, 99), "errors": result["errors"], "retries": result["retries"], "lost": lost, "doubled": doubled,
            "server_errors": kinds, "problems": stats["problems"], "retrieval": retrieval}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20, help="length of each measured phase")
    ap.add_argument("--concurrency", type=int, default=32, help="senders at once (closed loop; the cap on requests in flight)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--telegram-share", type=float, default=0.5, help="share of Telegram updates in the mix (rest: WhatsApp and SMS)")
    ap.add_argument("--rate", help="open loop: send this many messages per second, repeats included; several rates, comma-separated, "
                                   "are measured one after another against the same server (default: closed loop, as fast as answered)")
    ap.add_argument("--warmup", type=float, default=3, help="seconds of unmeasured traffic before the first phase")
    ap.add_argument("--corpus", help="what the server answers from (SCHEMEBOT_CORPUS); default the myScheme JSON in ../shared "
                                     "that the dev questions are about, else the bundled corpus")
    ap.add_argument("--redis-url", default="redis://127.0.0.1:6379/15",
                    help="the Redis the server keeps state in (default db 15; the run's states and claims expire in 10 minutes)")
    ap.add_argument("--standin", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.standin:
        standin_main(args.standin)
        return 0
    rates: list[float | None] = [float(r) for r in args.rate.split(",")] if args.rate else [None]

    questions = QUESTIONS
    if DEV.is_file():
        questions = [json.loads(l)["question"] for l in DEV.read_text(encoding="utf-8").splitlines() if l.strip()]
    corpus = args.corpus or (str(MYSCHEME) if MYSCHEME.is_file() else "")
    tg_port, port = free_port(), free_port()
    standin = subprocess.Popen([sys.executable, __file__, "--standin", str(tg_port)], cwd=ROOT)
    env = {**os.environ, "SCHEMEBOT_REDIS_URL": args.redis_url, "SCHEMEBOT_STATE_TTL_S": "600", "SCHEMEBOT_CLAIM_TTL_S": "600", "SCHEMEBOT_STATE_SECRET": uuid.uuid4().hex,
           "SCHEMEBOT_PUBLIC_BASE_URL": PUBLIC, "SCHEMEBOT_TELEGRAM_TOKEN": TOKEN, "SCHEMEBOT_TELEGRAM_SECRET": SECRET,
           "SCHEMEBOT_TELEGRAM_API_URL": f"http://127.0.0.1:{tg_port}/bot", "SCHEMEBOT_TWILIO_ACCOUNT_SID": SID,
           "SCHEMEBOT_TWILIO_AUTH_TOKEN": AUTH, "SCHEMEBOT_TWILIO_WHATSAPP_FROM": "whatsapp:+14155238886",
           "SCHEMEBOT_TWILIO_SMS_FROM": "+15005550006", "SCHEMEBOT_TWILIO_API_URL": "http://127.0.0.1:9",
           "SCHEMEBOT_CORPUS": corpus}
    log = tempfile.NamedTemporaryFile(prefix="schemebot-load-", suffix=".log", delete=False)
    exe = [sys.executable, "-m", "bot.cli"]
    server = subprocess.Popen([*exe, "serve", "--port", str(port), "--workers", str(args.workers)], env=env, cwd=ROOT,
                              stderr=log, stdout=subprocess.DEVNULL)
    base, stats_url = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{tg_port}/stats"
    reports = []
    yardsticks = [yardstick_ms()]
    try:
        asyncio.run(wait_up(base + "/readyz"))
        asyncio.run(wait_up(stats_url))
        before = 0
        if args.warmup > 0:
            warm = asyncio.run(drive(base, args.warmup, args.concurrency, questions, args.telegram_share, rates[0]))
            before = sum(settle(stats_url, len(warm["sent_tg"]), 0)["per_chat"].values())
        _, offset = server_events(log.name, 0)
        for rate in rates:
            result = asyncio.run(drive(base, args.seconds, args.concurrency, questions, args.telegram_share, rate))
            stats = settle(stats_url, len(result["sent_tg"]), before)
            before = sum(stats["per_chat"].values())
            events, offset = server_events(log.name, offset)
            reports.append((rate, phase_report(result, stats, events)))
        yardsticks.append(yardstick_ms())
    finally:
        server.terminate()
        standin.terminate()
        server.wait(10)
        standin.wait(10)
        os.unlink(log.name)

    print(f"load: {args.workers} server workers, real Redis ({args.redis_url}), {args.telegram_share:.0%} Telegram, the rest WhatsApp "
          f"and SMS, 5% repeated deliveries, {args.seconds:.0f} s per phase after {args.warmup:.0f} s of warm-up")
    print(f"corpus: {corpus or 'bundled (data/schemes)'}; questions: {len(questions)} from "
          f"{DEV if DEV.is_file() else 'a built-in list'}, each from a new user")
    print(f"machine speed: yardstick loop {yardsticks[0]:.0f} ms before, {yardsticks[-1]:.0f} ms after "
          "(benchmarks/yardstick.py; compare runs only when these are close)")
    print("latency in ms; server: request reaching the app -> TwiML ready / last sendMessage done; "
          "end-to-end: as the sender sees it (Twilio round trip; Telegram post -> stand-in receives sendMessage)")
    print(f"{'mode':<26} {'unique':>6} {'sustained/s':>11} {'server p50':>10} {'p99':>7} {'e2e p50':>8} {'p99':>7} "
          f"{'errors':>6} {'lost':>5} {'doubled':>7}")
    for rate, r in reports:
        mode = f"open loop at {rate:.0f}/s" if rate else f"closed loop, {args.concurrency} senders"
        print(f"{mode:<26} {r['unique']:>6} {r['sustained']:>11.0f} {r['p50']:>10.1f} {r['p99']:>7.1f} {r['e2e_p50']:>8.1f} "
              f"{r['e2e_p99']:>7.1f} {r['errors']:>6} {r['lost']:>5} {r['doubled']:>7}")
        print(f"  {r['telegram']} Telegram, {r['twilio']} WhatsApp/SMS, {r['repeats']} repeated deliveries "
              f"({r['retries']} Telegram repeats told to retry while processed); replies: "
              + ", ".join(f"{k} {v}" for k, v in sorted(r["retrieval"].items())) + " (answered = quoted with citations)")
        if r["server_errors"] or r["problems"] or r["handled"] != r["unique"]:
            print(f"  handled {r['handled']} of {r['unique']}; server errors {r['server_errors']}; stand-in problems {r['problems']}")
    if all(rate is None for rate, _ in reports):
        print(f"closed loop: the most the server sustains; its latency is queueing behind {args.concurrency} senders always waiting. "
              "For the target (>= 200 messages/s with server p99 <= 50 ms), measure at fixed rates: --rate 200,250,300")
        return 0
    met = [r["sustained"] for rate, r in reports if rate and r["p99"] <= 50 and r["errors"] == r["lost"] == r["doubled"] == 0]
    print("target (>= 200 messages/s with server p99 <= 50 ms, no errors, none lost or doubled): "
          + (f"met, up to {max(met):.0f} messages/s" if met and max(met) >= 200 else
             f"not met (best {max(met):.0f} messages/s within it)" if met else "not met in any phase"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
