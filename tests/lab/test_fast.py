"""The fast simulation path plays exactly the rounds the immutable engine plays."""

from __future__ import annotations

import pytest

from block_dominoes.lab.fast import random_round
from block_dominoes.players import play_round
from block_dominoes.players.kernel import Trace
from block_dominoes.round import DrawTile, Play
from block_dominoes.rules import find_rules, rules_names
from block_dominoes.tiles import tile_index


@pytest.mark.parametrize("name", rules_names())
def test_fast_path_matches_round_state_move_for_move(name: str) -> None:
    rules = find_rules(name)
    for players in rules.player_counts:
        for seed in range(25):
            slow = play_round(rules, players, seed, "random").state
            trace: Trace = []
            fast = random_round(rules, players, seed, trace=trace)
            assert fast.starter == slow.starter
            expected = []
            for seat, m in slow.history:
                if isinstance(m, Play):
                    end = -1 if m.end is None else m.end
                    expected.append((seat, "play", tile_index(m.tile, rules.max_pip), end))
                elif isinstance(m, DrawTile):
                    expected.append((seat, "draw", tile_index(m.tile, rules.max_pip), -1))
                else:
                    expected.append((seat, "pass", -1, -1))
            assert trace == expected, (players, seed)
            assert fast.moves == len(slow.history), (players, seed)
            assert fast.outcome == slow.outcome(), (players, seed)
