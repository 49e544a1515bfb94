"""The fast simulation path plays exactly the rounds the immutable engine plays."""

from __future__ import annotations

import pytest

from block_dominoes.fast import random_round
from block_dominoes.game import play_round
from block_dominoes.rules import find_rules, rules_names


@pytest.mark.parametrize("name", rules_names())
def test_fast_path_matches_round_state_move_for_move(name: str) -> None:
    rules = find_rules(name)
    for players in rules.player_counts:
        for seed in range(25):
            slow = play_round(rules, players, seed, "random").state
            fast = random_round(rules, players, seed)
            assert fast.starter == slow.starter
            assert fast.moves == len(slow.history), (players, seed)
            assert fast.outcome == slow.outcome(), (players, seed)
