"""No hidden information reaches a seat's observation: the table dealt again in everything a
seat cannot see (others' concealed hands and face-down shields, the wall, ura indicators)
encodes to the same observation for that seat; for the other seats it does change."""
import numpy as np

import mahjong_rl as mr
from conftest import pick


def test_hidden_information_does_not_reach_the_observation(preset):
    env = mr.Env(preset)
    rng = np.random.default_rng(7)
    checked = changed = 0
    for game in range(2):
        env.reset(seed=game)
        step = 0
        while not env.done:
            if step % 7 == 0:
                for viewer in range(4):
                    mine = env.observe(viewer)
                    variants = env.hidden_variant(viewer, seed=step * 4 + viewer)
                    v = variants[viewer]
                    assert (v["planes"] == mine["planes"]).all(), (preset, step, viewer)
                    assert (v["scalars"] == mine["scalars"]).all(), (preset, step, viewer)
                    checked += 1
                    for other in range(4):
                        if other != viewer and (variants[other]["planes"] != env.observe(other)["planes"]).any():
                            changed += 1
            env.step(pick(rng, env.legal_actions()))
            step += 1
    assert checked > 50
    # The variants really differ in hidden tiles: the other seats see their hands change.
    assert changed > checked
