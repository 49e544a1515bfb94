"""The strategy lab on a Dask cluster: seeded blocks of games handed to Dask workers.

``pip install 'block-dominoes[cluster]'`` brings ``dask[distributed]``. An
address is either a running scheduler's (``tcp://host:port``, or any address
Dask's ``Client`` accepts: ``tls://``, ``ws://``, ``wss://``, ``inproc://``,
``ucx://``) or ``local:N``, a local cluster of ``N`` worker processes with one
thread each, started for the run and closed after it.

:func:`run_blocks` hands the blocks of a run (see
:mod:`block_dominoes.lab.simulation`: block ``b`` is played from a generator seeded by
the run's seed and ``b``) to the workers in batches of consecutive blocks, and
returns the results in block order, so the numbers are those of a run on one
process whatever the number of workers. When a worker is lost mid-run, Dask
runs its batches again on the others (a block gives the same counts wherever it
runs); a batch whose workers die more than :data:`ALLOWED_FAILURES` times ends
the run.

>>> parse_address("local:2")
('local', 2)
>>> parse_address("tcp://10.0.0.5:8786")
('tcp://10.0.0.5:8786', 0)
>>> parse_address("10.0.0.5:8786")
Traceback (most recent call last):
...
block_dominoes.errors.ClusterError: cluster address '10.0.0.5:8786' is not a Dask cluster: give a running Dask scheduler's address, tcp://HOST:PORT, or local:N for N local worker processes (N from 1 to 64)
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from block_dominoes.errors import ClusterError, MissingDependencyError, quoted
from block_dominoes.i18n import _

__all__ = ["ALLOWED_FAILURES", "CONNECT_TIMEOUT", "MAX_LOCAL", "parse_address", "run_blocks"]

CONNECT_TIMEOUT = 5
"""Seconds to wait for a scheduler before saying it cannot be reached."""

MAX_LOCAL = 64
"""The most worker processes ``local:N`` may start."""

ALLOWED_FAILURES = 3
"""How many times a batch may lose its worker before the run is given up
(Dask's ``distributed.scheduler.allowed-failures``)."""

BATCHES_PER_THREAD = 4
"""Batches per worker thread, at most: enough to balance uneven workers, few
enough that handing them over costs little."""

_SCHEMES = ("tcp", "tls", "ws", "wss", "inproc", "ucx")
_ADDRESS = re.compile(r"(?P<scheme>[a-z]+)://(?P<rest>\S+)")
_LOCAL = re.compile(r"local:(?P<n>\S*)")

NEEDS = "a run on a cluster needs Dask: pip install 'block-dominoes[cluster]'"

J = TypeVar("J")
R = TypeVar("R")


def parse_address(text: str) -> tuple[str, int]:
    """``('local', N)`` for ``local:N``, else ``(address, 0)`` for a scheduler's address.

    Raises :class:`ClusterError` for text that is neither.
    """
    text = text.strip() if isinstance(text, str) else text
    if not isinstance(text, str):
        raise ClusterError(_bad(text))
    local = _LOCAL.fullmatch(text)
    if local:
        n = local.group("n")
        if not n.isdigit() or not 1 <= int(n) <= MAX_LOCAL:
            raise ClusterError(
                _(
                    "cluster address {text}: N in local:N must be a whole number of worker "
                    "processes from 1 to {most}"
                ).format(text=quoted(text), most=MAX_LOCAL)
            )
        return ("local", int(n))
    found = _ADDRESS.fullmatch(text)
    if found and found.group("scheme") in _SCHEMES:
        return (text, 0)
    raise ClusterError(_bad(text))


def _bad(text: object) -> str:
    return _(
        "cluster address {text} is not a Dask cluster: give a running Dask scheduler's address, "
        "tcp://HOST:PORT, or local:N for N local worker processes (N from 1 to {most})"
    ).format(text=quoted(text), most=MAX_LOCAL)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Dask's own log lines (a worker lost, a task re-run) stay out of the person's
    terminal during the run: the run's result says what happened."""
    loggers = [logging.getLogger(n) for n in ("distributed", "tornado", "asyncio")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)


@contextlib.contextmanager
def client(address: str) -> Iterator[Any]:
    """A connected ``distributed.Client`` for ``address`` (see :func:`parse_address`);
    a ``local:N`` cluster is started here and closed on leaving.

    Raises :class:`ClusterError` when the scheduler cannot be reached within
    :data:`CONNECT_TIMEOUT` seconds, MissingDependencyError without Dask.
    """
    where, n = parse_address(address)
    try:
        import dask
        import distributed
    except ImportError:
        raise MissingDependencyError(NEEDS) from None
    config = {
        "distributed.comm.timeouts.connect": f"{CONNECT_TIMEOUT}s",
        "distributed.scheduler.allowed-failures": ALLOWED_FAILURES,
    }
    with dask.config.set(config), _quiet():
        if n:
            with (
                distributed.LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=n,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port: 8787 may be taken
                    silence_logs=logging.CRITICAL,
                ) as cluster,
                distributed.Client(cluster, set_as_default=False) as c,  # type: ignore[no-untyped-call]
            ):
                yield c
            return
        try:
            c = distributed.Client(  # type: ignore[no-untyped-call]
                where, timeout=CONNECT_TIMEOUT, set_as_default=False
            )
        except (OSError, TimeoutError) as e:
            raise ClusterError(
                _(
                    "cannot reach the Dask scheduler at {address} within {seconds} s: "
                    "is it running (dask scheduler), and is the address right? ({reason})"
                ).format(address=quoted(where), seconds=CONNECT_TIMEOUT, reason=_reason(e))
            ) from None
        with c:
            yield c


def _reason(e: BaseException) -> str:
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= 120 else text[:119] + "\u2026"


def _run_batch(fn: Callable[[J], R], jobs: Sequence[J]) -> list[R]:
    return [fn(j) for j in jobs]


def run_blocks(
    address: str,
    fn: Callable[[J], R],
    jobs: Sequence[J],
    done: Callable[[R], None] | None = None,
) -> tuple[list[R], int]:
    """``[fn(j) for j in jobs]`` computed on the cluster at ``address``, in job order,
    and the number of worker threads the cluster had when the run started.

    ``fn`` and the jobs must pickle (a module-level function, plain data). ``done``
    is called with each result as its batch finishes, in the order they finish.
    Raises :class:`ClusterError` when the cluster cannot be reached, has no
    workers, or a batch kept losing its worker.
    """
    with client(address) as c:
        threads = _threads(c)
        per = max(1, -(-len(jobs) // (threads * BATCHES_PER_THREAD)))
        starts = range(0, len(jobs), per)
        import distributed

        futures = {c.submit(_run_batch, fn, jobs[s : s + per], pure=False): s for s in starts}
        out: list[R | None] = [None] * len(jobs)
        try:
            for f in distributed.as_completed(  # type: ignore[no-untyped-call]
                list(futures), loop=c.loop
            ):
                s = futures[f]
                try:
                    results = f.result()
                except distributed.client.FutureCancelledError as e:
                    raise ClusterError(_lost(e)) from None
                except Exception as e:
                    if type(e).__name__ == "KilledWorker":
                        raise ClusterError(_lost(e)) from None
                    raise
                for i, res in enumerate(results):
                    out[s + i] = res
                    if done:
                        done(res)
        finally:
            c.cancel(list(futures))
    assert all(r is not None for r in out)
    return [r for r in out if r is not None], threads


def _lost(e: BaseException) -> str:
    return _(
        "the cluster lost the workers running a part of the run more than {n} times; stopped ({reason})"
    ).format(n=ALLOWED_FAILURES, reason=_reason(e))


def _threads(c: Any) -> int:
    """Worker threads the cluster has; waits up to :data:`CONNECT_TIMEOUT` s for one."""
    try:
        c.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError):
        raise ClusterError(
            _("the Dask scheduler has no workers: start some with {command}").format(
                command="dask worker ADDRESS --nworkers N --nthreads 1"
            )
        ) from None
    info = c.scheduler_info(n_workers=-1)
    return max(1, sum(int(w.get("nthreads", 1)) for w in info["workers"].values()))
