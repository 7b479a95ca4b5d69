"""Load test of `schemebot serve` on loopback with the real Redis (a benchmark: it prints numbers).

Starts a Telegram Bot API stand-in and `schemebot serve --workers N` as separate processes, then drives
them from an asyncio httpx loop: a mix of Telegram updates (half), WhatsApp and SMS form posts (a
quarter each, signed), each from a new user asking a question from ../shared/eval/dev.jsonl (or a
built-in list), with 5% of deliveries repeated (the same update_id / MessageSid). Prints:

- sustained messages per second (unique messages handled / wall time of the run);
- server-side latency per message, p50 and p99 in ms, from the server's own JSON logs (for Telegram
  it includes the sendMessage call to the stand-in);
- errors (non-2xx answers), duplicates sent, and lost or doubled replies (every unique Telegram update
  must give exactly one sendMessage, every unique Twilio message one non-empty TwiML, every repeat none).

Usage: python benchmarks/load.py [--seconds 20] [--concurrency 32] [--workers 2] [--rate R]
(closed loop by default: the most the server sustains; with --rate, latency at a fixed arrival rate)
Needs Redis at 127.0.0.1:6379.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DEV = ROOT.parent / "shared" / "eval" / "dev.jsonl"
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

    per_chat: dict[str, int] = {}
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
                    out = reply(json.dumps({"per_chat": per_chat, "problems": []}).encode())
                elif path.endswith("/sendMessage"):
                    text = body.decode("utf-8", "replace")
                    params = json.loads(text) if text.startswith("{") else dict(parse_qsl(text))
                    chat = str(params.get("chat_id"))
                    per_chat[chat] = per_chat.get(chat, 0) + 1
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
    import aiohttp
    from twilio.request_validator import RequestValidator

    validator = RequestValidator(AUTH)
    sent_tg: list[str] = []
    twilio_replies: dict[str, int] = {}  # MessageSid -> non-empty TwiML answers over all its deliveries
    errors = 0
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
        return channel, params, {"path": path}

    next_slot = [time.perf_counter()]

    async def one(client: aiohttp.ClientSession) -> None:
        nonlocal errors, duplicates
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
                    async with client.post(base + "/telegram/webhook", json=payload, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}) as resp:
                        await resp.read()
                        status = resp.status
                    if not repeat:
                        sent_tg.append(meta["chat"])
                else:
                    sig = validator.compute_signature(PUBLIC + meta["path"], payload)
                    async with client.post(base + meta["path"], data=urlencode(payload),
                                           headers={"X-Twilio-Signature": sig, "Content-Type": "application/x-www-form-urlencoded"}) as resp:
                        text = await resp.text()
                        status = resp.status
                    got = 1 if re.search(r"<Message", text) else 0
                    twilio_replies[payload["MessageSid"]] = twilio_replies.get(payload["MessageSid"], 0) + got
                if status >= 300:
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
    return {"wall": wall, "sent_tg": sent_tg, "twilio_replies": twilio_replies,
            "errors": errors, "duplicates": duplicates, "unique": len(history)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--telegram-share", type=float, default=0.5, help="share of Telegram updates in the mix (rest: WhatsApp and SMS)")
    ap.add_argument("--rate", type=float, help="open loop: send this many messages per second (default: as fast as answered)")
    ap.add_argument("--redis-url", default="redis://127.0.0.1:6379/15",
                    help="the Redis the server keeps state in (default db 15; the run's keys expire within minutes)")
    ap.add_argument("--standin", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.standin:
        standin_main(args.standin)
        return 0
    import httpx

    questions = QUESTIONS
    if DEV.is_file():
        questions = [json.loads(l)["question"] for l in DEV.read_text(encoding="utf-8").splitlines() if l.strip()]
    tg_port, port = free_port(), free_port()
    standin = subprocess.Popen([sys.executable, __file__, "--standin", str(tg_port)], cwd=ROOT)
    env = {**os.environ, "SCHEMEBOT_REDIS_URL": args.redis_url, "SCHEMEBOT_STATE_TTL_S": "600", "SCHEMEBOT_STATE_SECRET": uuid.uuid4().hex,
           "SCHEMEBOT_PUBLIC_BASE_URL": PUBLIC, "SCHEMEBOT_TELEGRAM_TOKEN": TOKEN, "SCHEMEBOT_TELEGRAM_SECRET": SECRET,
           "SCHEMEBOT_TELEGRAM_API_URL": f"http://127.0.0.1:{tg_port}/bot", "SCHEMEBOT_TWILIO_ACCOUNT_SID": SID,
           "SCHEMEBOT_TWILIO_AUTH_TOKEN": AUTH, "SCHEMEBOT_TWILIO_WHATSAPP_FROM": "whatsapp:+14155238886",
           "SCHEMEBOT_TWILIO_SMS_FROM": "+15005550006", "SCHEMEBOT_TWILIO_API_URL": "http://127.0.0.1:9"}
    log = tempfile.NamedTemporaryFile(prefix="schemebot-load-", suffix=".log", delete=False)
    exe = [sys.executable, "-m", "bot.cli"]
    server = subprocess.Popen([*exe, "serve", "--port", str(port), "--workers", str(args.workers)], env=env, cwd=ROOT,
                              stderr=log, stdout=subprocess.DEVNULL)
    try:
        asyncio.run(wait_up(f"http://127.0.0.1:{port}/readyz"))
        asyncio.run(wait_up(f"http://127.0.0.1:{tg_port}/stats"))
        result = asyncio.run(drive(f"http://127.0.0.1:{port}", args.seconds, args.concurrency, questions, args.telegram_share, args.rate))
        stats, settled = {"per_chat": {}, "problems": []}, -1
        for _ in range(120):  # background Telegram sends may still be going: wait until the count settles
            stats = httpx.get(f"http://127.0.0.1:{tg_port}/stats").json()
            total = sum(stats["per_chat"].values())
            if total == settled and total >= len(result["sent_tg"]):
                break
            settled = total
            time.sleep(0.5)
    finally:
        server.terminate()
        standin.terminate()
        server.wait(10)
        standin.wait(10)
    latencies = []
    for line in Path(log.name).read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            ev = json.loads(line)
        except json.JSONDecodeError:
            continue
        if ev.get("msg") == "message handled":
            latencies.append(float(ev["latency_ms"]))
    per_chat = stats["per_chat"]
    tg_lost = sum(1 for chat in result["sent_tg"] if per_chat.get(chat, 0) == 0)
    tg_doubled = sum(1 for chat in result["sent_tg"] if per_chat.get(chat, 0) > 1)
    tw_lost = sum(1 for v in result["twilio_replies"].values() if v == 0)
    tw_doubled = sum(1 for v in result["twilio_replies"].values() if v > 1)
    latencies.sort()
    q = lambda p: latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] if latencies else float("nan")  # noqa: E731
    mode = f"open loop at {args.rate:.0f} messages/s" if args.rate else f"closed loop, {args.concurrency} senders"
    print(f"load: {args.seconds:.0f} s, {mode}, {args.workers} server workers, real Redis")
    print(f"unique messages: {result['unique']} ({len(result['sent_tg'])} Telegram, {len(result['twilio_replies'])} Twilio); "
          f"repeated deliveries: {result['duplicates']}")
    print(f"sustained: {result['unique'] / result['wall']:.0f} messages/s")
    print(f"server-side latency: p50 {q(50):.1f} ms, p99 {q(99):.1f} ms over {len(latencies)} messages "
          f"(mean {statistics.mean(latencies) if latencies else float('nan'):.1f} ms)")
    print(f"errors: {result['errors']}; lost replies: {tg_lost + tw_lost}; doubled replies: {tg_doubled + tw_doubled}; "
          f"stand-in problems: {stats['problems']}")
    errors = [json.loads(l) for l in Path(log.name).read_text(encoding="utf-8", errors="replace").splitlines()
              if l.startswith("{") and '"level": "error"' in l]
    if errors:
        kinds: dict[str, int] = {}
        for e in errors:
            kinds[e.get("msg", "")] = kinds.get(e.get("msg", ""), 0) + 1
        print(f"server errors: {kinds}")
    os.unlink(log.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
