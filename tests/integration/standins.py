"""Local stand-ins of the Telegram Bot API and the Twilio REST API, and a loopback server runner.

Each stand-in records every request and checks it the way the real service would (token or Basic
auth, message size limits, HTML that Telegram accepts) so tests assert on what was actually sent.
"""

from __future__ import annotations

import asyncio

import base64
import json
import socket
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qsl

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

TELEGRAM_ALLOWED_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "blockquote", "tg-spoiler", "span"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerThread:
    """Run an ASGI app with uvicorn on a free loopback port in a background thread."""

    def __init__(self, app, port: int | None = None) -> None:
        self.port = port or free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class _TagChecker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in TELEGRAM_ALLOWED_TAGS:
            self.problems.append(f"tag <{tag}> not allowed")
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"unbalanced </{tag}>")
        else:
            self.stack.pop()


def telegram_html_problems(text: str) -> list[str]:
    """What Telegram's HTML parser would reject: unknown or unbalanced tags, a stray ``<`` or ``&``."""
    checker = _TagChecker()
    checker.feed(text)
    checker.close()
    problems = list(checker.problems)
    if checker.stack:
        problems.append(f"unclosed {checker.stack}")
    import re

    if re.search(r"&(?!(amp|lt|gt|quot|#\d+);)", text):
        problems.append("unescaped &")
    if re.search(r"<(?![/a-z])", text):
        problems.append("unescaped <")
    return problems


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass
class TelegramStandIn:
    """The Bot API at ``/bot<token>/<method>``. ``fail[chat_id]`` queues error replies for sendMessage
    (``(429, retry_after)`` or ``(403, None)``); methods in ``refuse`` answer 400 Bad Request (as
    ``answerCallbackQuery`` does for a button pressed too long ago)."""

    token: str
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    fail: dict[int, list[tuple[int, int | None]]] = field(default_factory=lambda: defaultdict(list))
    lock: threading.Lock = field(default_factory=threading.Lock)
    next_id: int = 1
    refuse: set[str] = field(default_factory=set)
    #: seconds sendMessage to a chat takes before it answers (a slow Bot API); the message is delivered
    slow: dict[int, float] = field(default_factory=dict)

    def app(self) -> Starlette:
        async def endpoint(request: Request):
            token, method = request.path_params["token"], request.path_params["method"]
            if token != self.token:
                return JSONResponse({"ok": False, "error_code": 401, "description": "Unauthorized"}, status_code=401)
            raw = await request.body()
            ctype = request.headers.get("content-type", "")
            if "json" in ctype:
                params = json.loads(raw or b"{}")
            else:
                params = {k: v for k, v in parse_qsl(raw.decode())}
            with self.lock:
                self.calls.append((method, params))
            if method in self.refuse:
                return JSONResponse({"ok": False, "error_code": 400, "description": "Bad Request: query is too old and response timeout expired"},
                                    status_code=400)
            if method == "getMe":
                return JSONResponse({"ok": True, "result": {"id": 42, "is_bot": True, "first_name": "schemebot", "username": "schemebot_test_bot"}})
            if method == "sendMessage":
                chat = int(params["chat_id"])
                if self.slow.get(chat):
                    await asyncio.sleep(self.slow[chat])
                with self.lock:
                    queued = self.fail[chat].pop(0) if self.fail[chat] else None
                if queued and queued[0] == 429:
                    return JSONResponse({"ok": False, "error_code": 429, "description": "Too Many Requests: retry later",
                                         "parameters": {"retry_after": queued[1]}}, status_code=429)
                if queued and queued[0] == 403:
                    return JSONResponse({"ok": False, "error_code": 403, "description": "Forbidden: bot was blocked by the user"}, status_code=403)
                text = params.get("text", "")
                if _utf16(text) > 4096:
                    self.problems.append(f"message of {_utf16(text)} UTF-16 units")
                if params.get("parse_mode") == "HTML":
                    self.problems.extend(telegram_html_problems(text))
                with self.lock:
                    mid = self.next_id
                    self.next_id += 1
                return JSONResponse({"ok": True, "result": {"message_id": mid, "date": int(time.time()),
                                                            "chat": {"id": chat, "type": "private"}, "text": text}})
            return JSONResponse({"ok": True, "result": True})

        return Starlette(routes=[Route("/bot{token}/{method}", endpoint, methods=["POST", "GET"])])

    def sent(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        with self.lock:
            return [p for m, p in self.calls if m == "sendMessage" and (chat_id is None or int(p["chat_id"]) == chat_id)]

    def methods(self) -> list[str]:
        with self.lock:
            return [m for m, _ in self.calls]

    def wait_sent(self, chat_id: int, count: int = 1, timeout: float = 15.0) -> list[dict[str, Any]]:
        deadline = time.time() + timeout
        while time.time() < deadline:
            got = self.sent(chat_id)
            if len(got) >= count:
                return got
            time.sleep(0.05)
        return self.sent(chat_id)


@dataclass
class TwilioStandIn:
    """The REST API's ``POST /2010-04-01/Accounts/<sid>/Messages.json`` with Basic auth."""

    account_sid: str
    auth_token: str
    messages: list[dict[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def app(self) -> Starlette:
        async def create(request: Request):
            expected = "Basic " + base64.b64encode(f"{self.account_sid}:{self.auth_token}".encode()).decode()
            if request.headers.get("authorization") != expected or request.path_params["sid"] != self.account_sid:
                return JSONResponse({"code": 20003, "message": "Authenticate", "status": 401}, status_code=401)
            form = dict(parse_qsl((await request.body()).decode()))
            body = form.get("Body", "")
            if len(body) > 1600:
                self.problems.append(f"body of {len(body)} characters")
            self.messages.append(form)
            sid = f"SM{len(self.messages):032d}"
            return JSONResponse({"sid": sid, "account_sid": self.account_sid, "to": form.get("To"), "from": form.get("From"),
                                 "body": body, "status": "queued", "num_segments": "1", "direction": "outbound-api",
                                 "api_version": "2010-04-01", "date_created": None, "date_updated": None, "date_sent": None,
                                 "uri": f"/2010-04-01/Accounts/{self.account_sid}/Messages/{sid}.json"}, status_code=201)

        return Starlette(routes=[Route("/2010-04-01/Accounts/{sid}/Messages.json", create, methods=["POST"])])
