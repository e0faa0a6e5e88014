"""Reinforcement-learning environments on the engine the server runs (docs/env.md).

* :func:`aec_env` — a PettingZoo AEC environment (needs ``majiang[env]``);
* :func:`single_agent` — a Gymnasium single-agent wrapper, the other seats played by bots;
* :class:`VectorEnv` — many tables stepped as a batch (numpy only);
* :mod:`majiang.env.actions` / :mod:`majiang.env.observation` — the fixed action space and the
  observation planes, built from a seat's view only.

The PettingZoo/Gymnasium parts are imported on first use, so the encoding and the vector helper
work without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from majiang.env.actions import N_ACTIONS, action_index, describe_index, legal_index
from majiang.env.observation import PLANES, SCALARS, C, planes
from majiang.env.table import EnvTable
from majiang.env.vector import VectorEnv

if TYPE_CHECKING:
    from majiang.env.aec import MajiangAEC
    from majiang.env.single import SingleAgentEnv


def aec_env(*args: Any, **kwargs: Any) -> MajiangAEC:
    """See :func:`majiang.env.aec.aec_env`."""
    from majiang.env.aec import aec_env as make

    return make(*args, **kwargs)


def single_agent(*args: Any, **kwargs: Any) -> SingleAgentEnv:
    """See :func:`majiang.env.single.single_agent`."""
    from majiang.env.single import single_agent as make

    return make(*args, **kwargs)


__all__ = [
    "N_ACTIONS",
    "PLANES",
    "SCALARS",
    "C",
    "EnvTable",
    "VectorEnv",
    "action_index",
    "aec_env",
    "describe_index",
    "legal_index",
    "planes",
    "single_agent",
]
