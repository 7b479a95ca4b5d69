"""Structured JSON logs and Prometheus metrics.

Logs carry the channel, the outcome (reply kinds), latency in milliseconds, the retrieval status and
the cited scheme ids — never a phone number, chat id or message text. Metrics live in a registry per
app: requests, replies by kind, declines, duplicates dropped, and a latency histogram.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram

log = logging.getLogger("schemebot.requests")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and the record's ``event`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        event = getattr(record, "event", None)
        if isinstance(event, dict):
            out.update(event)
        if record.exc_info and record.exc_info[0] is not None:
            out["error"] = record.exc_info[0].__name__  # the kind only: an exception's text may quote user input
        return json.dumps(out, ensure_ascii=False)


def setup_logging(level: int = logging.INFO) -> None:
    """Send ``schemebot.*`` logs to stderr as JSON lines, and the server's and libraries' own loggers
    (uvicorn, python-telegram-bot, httpx) too, at warning level: one line per event, with only the
    last line of a traceback, so that no request body ends up in the log."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name, lvl in (("schemebot", level), ("uvicorn", logging.WARNING), ("uvicorn.error", logging.WARNING),
                      ("uvicorn.access", logging.ERROR), ("telegram", logging.ERROR), ("httpx", logging.WARNING),
                      ("twilio", logging.WARNING)):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(lvl)
        logger.propagate = False


class Metrics:
    """The app's Prometheus metrics (a registry of its own, so several apps can live in one process)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("schemebot_requests", "Webhook requests handled", ["channel", "status"], registry=self.registry)
        self.replies = Counter("schemebot_replies", "Replies sent, by kind", ["channel", "kind"], registry=self.registry)
        self.declines = Counter("schemebot_declines", "Answers declined by the abstention gate", ["channel", "reason"], registry=self.registry)
        self.duplicates = Counter("schemebot_duplicates_dropped", "Repeated deliveries dropped", ["channel"], registry=self.registry)
        self.latency = Histogram("schemebot_latency_seconds", "Time to handle one message", ["channel"], registry=self.registry,
                                 buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5))
        self.fallbacks = Counter("schemebot_sms_fallbacks", "WhatsApp replies re-sent by SMS", registry=self.registry)


def log_turn(channel: str, replies: list, latency_ms: float, duplicate: bool = False) -> None:
    """Log one handled message (no user data)."""
    cited = sorted({c.scheme_id for r in replies for c in r.citations})
    declines = [r for r in replies if r.kind == "decline"]
    log.info("message handled", extra={"event": {
        "channel": channel, "outcome": [r.kind for r in replies], "latency_ms": round(latency_ms, 2),
        "retrieval": "declined" if declines else ("answered" if cited else "none"), "cited_scheme_ids": cited,
        "duplicate": duplicate,
    }})
