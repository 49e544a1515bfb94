"""Seeded deals (R3, R4, R5)."""

from __future__ import annotations

import pytest

from block_dominoes.deal import deal
from block_dominoes.errors import InvalidArgumentError
from block_dominoes.rules import find_rules
from block_dominoes.tiles import full_set


@pytest.mark.parametrize(("players", "size", "out"), [(2, 7, 14), (3, 5, 13), (4, 5, 8)])
def test_r3_r4_hand_sizes_and_out_of_play(players: int, size: int, out: int) -> None:
    d = deal("pagat", players, seed=11)
    assert [len(h) for h in d.hands] == [size] * players
    assert len(d.rest) == out
    everything = [t for h in d.hands for t in h] + list(d.rest)
    assert sorted(everything) == list(full_set())


def test_r3_targets() -> None:
    r = find_rules("pagat")
    assert [r.target(n) for n in (2, 3, 4)] == [100, 61, 61]


def test_r5_lot_is_fair_and_seeded() -> None:
    starters = [deal("pagat", 4, seed=s).starter for s in range(400)]
    counts = [starters.count(k) for k in (1, 2, 3, 4)]
    assert all(60 < c < 140 for c in counts), counts


def test_same_seed_same_deal_different_seed_differs() -> None:
    assert deal("pagat", 3, 5) == deal("pagat", 3, 5)
    assert deal("pagat", 3, 5).hands != deal("pagat", 3, 6).hands


def test_deal_is_pinned_across_python_versions() -> None:
    # The shuffle uses only random.random(), whose sequence Python guarantees;
    # this deal must never change (the classroom relies on deal numbers).
    d = deal("pagat", 2, seed=2026)
    assert [" ".join(map(str, h)) for h in d.hands] == PINNED_2026
    assert d.starter == PINNED_2026_STARTER


# Golden values, recorded once from this implementation; a change here means
# every published deal number in the book would deal differently.
PINNED_2026 = [
    "[0|2] [0|6] [1|2] [1|5] [2|3] [5|6] [6|6]",
    "[0|1] [0|3] [0|4] [0|5] [2|2] [2|6] [3|5]",
]
PINNED_2026_STARTER = 1


@pytest.mark.parametrize("seed", [-1, "x", 1.5, True])
def test_bad_seed(seed: object) -> None:
    with pytest.raises(InvalidArgumentError, match="deal number"):
        deal("pagat", 2, seed)  # type: ignore[arg-type]
