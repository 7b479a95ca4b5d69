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

Usage: python benchmarks/load.py [--seconds 20] [--concurrency 32] [--workers 2]
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
    """Run the Telegram stand-in with a /stats endpoint (in its own process)."""
    import uvicorn
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    from tests.integration.standins import TelegramStandIn

    tg = TelegramStandIn(TOKEN)
    app = tg.app()

    async def stats(request):
        per_chat: dict[str, int] = {}
        for p in tg.sent():
            per_chat[str(p["chat_id"])] = per_chat.get(str(p["chat_id"]), 0) + 1
        return JSONResponse({"per_chat": per_chat, "problems": tg.problems[:5]})

    app.router.routes.append(Route("/stats", stats))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


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


async def drive(base: str, seconds: float, concurrency: int, questions: list[str], telegram_share: float = 0.5) -> dict:
    import httpx
    from twilio.request_validator import RequestValidator

    validator = RequestValidator(AUTH)
    sent_tg: list[str] = []
    twilio_replies: dict[str, int] = {}  # MessageSid -> non-empty TwiML answers over all its deliveries
    errors = 0
    duplicates = 0
    history: list[tuple[str, dict, dict]] = []
    stop = time.perf_counter() + seconds
    rng = random.Random(7)

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

    async def one(client: httpx.AsyncClient) -> None:
        nonlocal errors, duplicates
        while time.perf_counter() < stop:
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
                    resp = await client.post(base + "/telegram/webhook", json=payload, headers={"X-Telegram-Bot-Api-Secret-Token": SECRET})
                    if not repeat:
                        sent_tg.append(meta["chat"])
                else:
                    sig = validator.compute_signature(PUBLIC + meta["path"], payload)
                    resp = await client.post(base + meta["path"], content=urlencode(payload),
                                             headers={"X-Twilio-Signature": sig, "Content-Type": "application/x-www-form-urlencoded"})
                    got = 1 if re.search(r"<Message", resp.text) else 0
                    twilio_replies[payload["MessageSid"]] = twilio_replies.get(payload["MessageSid"], 0) + got
                if resp.status_code >= 300:
                    errors += 1
            except httpx.HTTPError:
                errors += 1

    started = time.perf_counter()
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
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
    env = {**os.environ, "SCHEMEBOT_REDIS_URL": "redis://127.0.0.1:6379/0", "SCHEMEBOT_STATE_SECRET": uuid.uuid4().hex,
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
        result = asyncio.run(drive(f"http://127.0.0.1:{port}", args.seconds, args.concurrency, questions, args.telegram_share))
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
    print(f"load: {args.seconds:.0f} s, concurrency {args.concurrency}, {args.workers} server workers, real Redis")
    print(f"unique messages: {result['unique']} ({len(result['sent_tg'])} Telegram, {len(result['twilio_replies'])} Twilio); "
          f"repeated deliveries: {result['duplicates']}")
    print(f"sustained: {result['unique'] / result['wall']:.0f} messages/s")
    print(f"server-side latency: p50 {q(50):.1f} ms, p99 {q(99):.1f} ms over {len(latencies)} messages "
          f"(mean {statistics.mean(latencies) if latencies else float('nan'):.1f} ms)")
    print(f"errors: {result['errors']}; lost replies: {tg_lost + tw_lost}; doubled replies: {tg_doubled + tw_doubled}; "
          f"stand-in problems: {stats['problems']}")
    os.unlink(log.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
