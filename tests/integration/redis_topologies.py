"""Throw-away Redis deployments on loopback for tests: a three-primary Redis Cluster, and a primary with
a replica watched by three Sentinels. Each server runs as a ``redis-server`` subprocess in a temporary
directory, on free ports, and is stopped when the context ends."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import redis

from tests.integration.standins import free_port


def tools_missing() -> str | None:
    """Why these deployments cannot be started here (``redis-server`` or ``redis-cli`` missing), or None."""
    missing = [exe for exe in ("redis-server", "redis-cli") if shutil.which(exe) is None]
    return f"{' and '.join(missing)} not on the PATH" if missing else None


def _cluster_port() -> int:
    """A free port whose cluster bus port (the port + 10000) is free and valid too."""
    import random
    import socket

    while True:
        port = random.randint(20000, 40000)
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 10000))
            return port
        except OSError:
            continue


def _wait(port: int, timeout: float = 10.0) -> None:
    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=1)
    deadline = time.time() + timeout
    while True:
        try:
            client.ping()
            return
        except redis.RedisError:
            if time.time() > deadline:
                raise
            time.sleep(0.05)


@contextmanager
def _servers():
    """Start ``redis-server`` processes (``start(args) -> port``); all stopped on exit."""
    procs: list[subprocess.Popen] = []
    with tempfile.TemporaryDirectory(prefix="schemebot-redis-") as tmp:
        def start(*args: str, port: int | None = None, sentinel: bool = False) -> int:
            port = port or free_port()
            work = Path(tmp) / str(port)
            work.mkdir()
            if sentinel:  # a Sentinel needs a writable configuration file
                conf = work / "sentinel.conf"
                conf.write_text(f"port {port}\nbind 127.0.0.1\n" + "\n".join(args) + "\n")
                cmd = ["redis-server", str(conf), "--sentinel"]
            else:
                cmd = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", *args]
            procs.append(subprocess.Popen(cmd, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            _wait(port)
            return port

        try:
            yield start
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()


@contextmanager
def read_only_redis():
    """A Redis that answers but refuses every write (a replica of a primary that does not exist: READONLY),
    as after a failover that left clients on the old primary; yields its port."""
    with _servers() as start:
        yield start("--replicaof", "127.0.0.1", str(free_port()))


@contextmanager
def redis_cluster(primaries: int = 3):
    """A Redis Cluster of ``primaries`` primaries, no replicas; yields their ports (all slots covered)."""
    with _servers() as start:
        ports = [start("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000",
                       port=_cluster_port()) for _ in range(primaries)]
        subprocess.run(["redis-cli", "--cluster", "create", *(f"127.0.0.1:{p}" for p in ports), "--cluster-replicas", "0",
                        "--cluster-yes"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        client = redis.Redis(host="127.0.0.1", port=ports[0])
        deadline = time.time() + 20
        while client.cluster("info").get("cluster_state") != "ok":
            if time.time() > deadline:
                raise RuntimeError("the cluster did not come up")
            time.sleep(0.1)
        yield ports


@contextmanager
def redis_sentinel(service: str = "mymaster"):
    """A primary, one replica and three Sentinels (quorum 2) watching it as ``service``; yields
    ``(primary port, replica port, sentinel ports)``."""
    with _servers() as start:
        primary = start()
        replica = start("--replicaof", "127.0.0.1", str(primary))
        sentinels = [start(f"sentinel monitor {service} 127.0.0.1 {primary} 2", f"sentinel down-after-milliseconds {service} 1000",
                           f"sentinel failover-timeout {service} 5000", f"sentinel parallel-syncs {service} 1", sentinel=True)
                     for _ in range(3)]
        deadline = time.time() + 20
        while True:  # every Sentinel seeing the replica in sync (else a failover finds no replica good enough)
            seen = [redis.Redis(host="127.0.0.1", port=s).sentinel_slaves(service) for s in sentinels]
            if all(r and r[0].get("master-link-status") == "ok" for r in seen):
                break
            if time.time() > deadline:
                raise RuntimeError("the Sentinel deployment did not come up")
            time.sleep(0.2)
        yield primary, replica, sentinels
