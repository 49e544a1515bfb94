"""The strategy lab on a Dask cluster (issue 23): the numbers of a local run whatever
the workers, a lost worker re-run without changing them, progress per batch, and
one clear line for an address that is not one or a scheduler that cannot be reached.

Every test runs on a local cluster of 2 worker processes (1 thread each); the runs
are small (a block is 1000 games, the unit of seeding)."""

from __future__ import annotations

import doctest
import json
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from distributed import Client, LocalCluster

import block_dominoes.lab.cluster as cluster_module
from block_dominoes.cli import main
from block_dominoes.errors import ClusterError, MissingDependencyError
from block_dominoes.lab import simulate
from block_dominoes.lab.cluster import parse_address, run_blocks
from block_dominoes.lab.simulation import BLOCK
from block_dominoes.lab.tables import main as expert_lab_main


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A running 2-process cluster, as ``dask scheduler`` + ``dask worker`` would be."""
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as c:
        yield c.scheduler_address


def test_doctests() -> None:
    result = doctest.testmod(cluster_module)
    assert result.attempted > 0 and result.failed == 0


def test_same_numbers_as_a_local_run_fast_path(scheduler: str) -> None:
    games = 4 * BLOCK + 321  # 5 blocks, the last one short
    local = simulate("pagat", 4, games, seed=11)
    remote = simulate("pagat", 4, games, seed=11, cluster=scheduler)
    assert remote.numbers() == local.numbers()
    assert remote.workers == 2 and remote.cluster == scheduler
    assert remote.to_json()["cluster"] == scheduler and local.to_json()["cluster"] is None


def test_same_numbers_as_a_local_run_matches_and_strategies(scheduler: str) -> None:
    names = ["heavy", "blocker", "random"]
    local = simulate("all-pips", 3, BLOCK + 40, names, seed=5, matches=False)
    remote = simulate("all-pips", 3, BLOCK + 40, names, seed=5, cluster=scheduler)
    assert remote.numbers() == local.numbers()
    local_m = simulate("app", 2, 60, ["heavy", "random"], seed=2, matches=True)
    remote_m = simulate("app", 2, 60, ["heavy", "random"], seed=2, matches=True, cluster=scheduler)
    assert remote_m.numbers() == local_m.numbers() and remote_m.counts.matches == 60


def test_a_different_seed_gives_different_numbers_on_the_cluster(scheduler: str) -> None:
    # guards the equality tests above against a run that ignores its seed
    a = simulate("pagat", 2, 2 * BLOCK, seed=1, cluster=scheduler)
    b = simulate("pagat", 2, 2 * BLOCK, seed=2, cluster=scheduler)
    assert a.numbers() != b.numbers()


def test_progress_advances_per_batch_to_the_total(scheduler: str) -> None:
    seen: list[int] = []
    games = 6 * BLOCK
    simulate("pagat", 2, games, seed=3, cluster=scheduler, progress=seen.append)
    assert seen == sorted(seen) and len(seen) == 6
    assert seen[-1] == games and all(x % BLOCK == 0 for x in seen)


def test_a_worker_lost_mid_run_is_re_run_and_the_numbers_do_not_change(scheduler: str) -> None:
    names = ["heavy", "random"]
    games = 2 * BLOCK  # two slow-path blocks: one on each worker
    local = simulate("pagat", 2, games, names, seed=9)
    with Client(scheduler, set_as_default=False) as c:
        before: dict[str, int] = c.run(os.getpid)
        killed: list[int] = []

        def kill_a_busy_worker() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                busy = [w for w, keys in c.processing().items() if keys]
                if busy and busy[0] in before:
                    time.sleep(0.2)  # well inside the block (a block takes seconds)
                    os.kill(before[busy[0]], signal.SIGKILL)
                    killed.append(before[busy[0]])
                    return
                time.sleep(0.02)

        killer = threading.Thread(target=kill_a_busy_worker)
        killer.start()
        remote = simulate("pagat", 2, games, names, seed=9, cluster=scheduler)
        killer.join()
        assert killed, "no worker was ever busy"
        c.wait_for_workers(2, timeout=60)  # the nanny restarts the killed one
        after: dict[str, int] = c.run(os.getpid)
    assert killed[0] not in after.values()  # it really died
    assert remote.numbers() == local.numbers()


def test_cli_local_cluster_json_equals_a_local_run(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for where in (["--workers", "1"], ["--cluster", "local:2"]):
        argv = ["simulate", "--players", "3", "--games", "2500", "--seed", "4", "--json", *where]
        assert main(argv) == 0
        out, err = capsys.readouterr()
        assert err == ""
        outs.append(json.loads(out))
    assert outs[1]["workers"] == 2 and outs[1]["cluster"] == "local:2"
    skip = ("seconds", "rounds_per_second", "workers", "cluster")
    assert {k: v for k, v in outs[0].items() if k not in skip} == {
        k: v for k, v in outs[1].items() if k not in skip
    }


def test_cli_text_names_the_cluster_workers(
    scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--players", "2", "--games", "1200", "--cluster", scheduler]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" and "with 2 workers" in out and "1,200 rounds" in out


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("local:0", "'local:0': N in local:N must be a whole number"),
        ("local:65", "from 1 to 64"),
        ("local:two", "'local:two'"),
        ("10.0.0.5:8786", "'10.0.0.5:8786' is not a Dask cluster"),
        ("http://host:8786", "'http://host:8786' is not a Dask cluster"),
        ("", "'' is not a Dask cluster"),
    ],
)
def test_cli_bad_address_is_one_line(
    address: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "--players", "2", "--games", "10", "--cluster", address])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "--cluster" in err


def test_cli_cluster_and_workers_together_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "2", "--games", "10", "--workers", "2", "--cluster", "local:2"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--workers" in err and "--cluster" in err


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_scheduler_is_one_line_within_the_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    address = f"tcp://127.0.0.1:{_closed_port()}"
    t0 = time.monotonic()
    code = main(["simulate", "--players", "2", "--games", "10", "--cluster", address])
    took = time.monotonic() - t0
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"cannot reach the Dask scheduler at '{address}'" in err
    assert took < cluster_module.CONNECT_TIMEOUT + 10


def test_api_errors_are_cluster_errors() -> None:
    with pytest.raises(ClusterError, match="is not a Dask cluster"):
        simulate("pagat", 2, 10, cluster="nowhere")
    with pytest.raises(ClusterError, match="cannot reach"):
        run_blocks(f"tcp://127.0.0.1:{_closed_port()}", abs, [1, 2])
    assert parse_address(" local:3 ") == ("local", 3)


def test_without_dask_the_message_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(MissingDependencyError, match=r"block-dominoes\[cluster\]"):
        simulate("pagat", 2, 10, cluster="local:2")


def test_run_blocks_keeps_job_order(scheduler: str) -> None:
    done: list[Any] = []
    out, threads = run_blocks(scheduler, abs, list(range(-30, 0)), done.append)
    assert out == list(range(30, 0, -1)) and threads == 2
    assert sorted(done) == sorted(out)


def test_expert_lab_runs_on_the_cluster(
    scheduler: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import block_dominoes.lab.tables as lab

    monkeypatch.setattr(lab, "DATA", tmp_path / "lab.json")
    monkeypatch.setattr(lab, "OPPONENTS", ("random",))
    monkeypatch.setattr(lab, "HEAD", 3)
    expert_lab_main(["4", "--cluster", scheduler])
    remote = json.loads((tmp_path / "lab.json").read_text("utf-8"))
    expert_lab_main(["4"])
    local = json.loads((tmp_path / "lab.json").read_text("utf-8"))
    assert remote == local and remote["rows"][0]["games"] == 4
