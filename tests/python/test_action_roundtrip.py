"""The action encoding is exact: over whole games of every preset, every legal list maps to
distinct indices and each index decodes to the very action it came from."""
import numpy as np

import mahjong_rl as mr
from conftest import pick


def test_round_trip_over_whole_games(preset):
    env = mr.Env(preset)
    rng = np.random.default_rng(3)
    decisions = 0
    for game in range(2):
        env.reset(seed=1000 + game)
        while not env.done:
            d = env.decision()
            legal = env.legal_actions()
            strings = d.legal_strings()
            assert len(legal) == d.num_legal == len(strings)
            assert len(set(legal)) == len(legal)
            for position, index in enumerate(legal):
                assert d.decode(index) == position
                name = mr.action_name(index)
                text = strings[position]
                # The index's name and the engine's action agree on the kind of action.
                kind = text.split()[2]
                assert name.split()[0].replace("-", "_") == kind or (
                    name == "tsumogiri" and kind == "discard") or (
                    name.startswith("riichi") and kind == "riichi") or (
                    name.startswith("open-riichi") and kind == "open_riichi") or (
                    name.startswith("chi") and kind == "chi") or (
                    name.startswith("pon") and kind == "pon"), (name, text)
                # A discard names the tile's kind (the engine's text writes copy 0 of a five as 0).
                if kind == "discard" and name != "tsumogiri":
                    assert name.split()[1].replace("*", "").replace("0", "5") == text.split()[3].replace("0", "5")
            decisions += 1
            env.step(pick(rng, legal))
    assert decisions > 100


def test_decode_rejects_an_index_not_in_the_list():
    env = mr.Env("riichi")
    env.reset(seed=1)
    d = env.decision()
    legal = set(env.legal_actions())
    assert d.decode(next(i for i in range(mr.NUM_ACTIONS) if i not in legal)) is None
