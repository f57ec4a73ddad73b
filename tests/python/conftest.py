"""Shared helpers of the Python tests (run by ctest as python.pytest, with PYTHONPATH=build/python)."""
import os

import numpy as np
import pytest

import mahjong_rl as mr

PRESETS = ["riichi", "fuless", "ayame-competition", "ayame-blend", "dunpai", "ningbo"]


@pytest.fixture(params=PRESETS)
def preset(request):
    return request.param


def program():
    """The `mahjong` program of this build (ctest sets MJ_PROGRAM)."""
    path = os.environ.get("MJ_PROGRAM")
    if not path:
        build = os.environ.get("MJ_BUILD_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "build"))
        path = os.path.join(build, "mahjong")
    return path


def pick(rng, legal):
    """A uniformly random legal action index."""
    return int(legal[rng.integers(len(legal))])
