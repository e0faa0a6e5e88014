"""majiang.env: PettingZoo's own api_test, masks against legal_actions, zero-sum rewards equal to the
settlements, and observations that cannot depend on another seat's concealed tiles."""

from __future__ import annotations

import copy
import functools
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from majiang.engine.hand import Hand
from majiang.engine.view import seat_view
from majiang.env import N_ACTIONS, VectorEnv, aec_env, describe_index, planes, single_agent
from majiang.env.actions import action_index
from majiang.env.observation import PLANES, C, P
from majiang.env.table import EnvTable

VARIANTS = [("anqing", {"mode": "A"}), ("anqing", {"mode": "B"}), ("hefei", {"room": "baoting"}),
            ("hefei", {"room": "bubaoting"}), ("baida", {}), ("baida", {"seven_baida": True}),
            ("guobiao", {})]


@pytest.mark.parametrize("ruleset", ["anqing", "hefei", "baida", "guobiao"])
def test_pettingzoo_api_test(ruleset: str) -> None:
    api_test(aec_env(ruleset, seed=3), num_cycles=400, verbose_progress=False)
    seed_test(functools.partial(aec_env, ruleset), num_cycles=200)  # the same seed, the same episode


@pytest.mark.parametrize("ruleset,options", VARIANTS)
def test_masks_equal_legal_actions_at_every_step(ruleset: str, options: dict[str, object]) -> None:
    rng = random.Random(7)
    table = EnvTable(ruleset, options=options, seed="masks", hands=4)
    kinds_seen: set[int] = set()
    claims_hidden = 0
    for _ in range(10):  # 40 hands
        table.reset()
        while not table.finished:
            hand = table.hand
            for seat in range(4):
                legal = hand.legal_actions(seat)
                index = table.legal(seat)
                # one index per legal action, each mapping back to exactly that action
                assert sorted(index.values(), key=repr) == sorted(legal, key=repr)
                mask = table.observe(seat)["action_mask"]
                assert mask.shape == (N_ACTIONS,)
                assert set(np.flatnonzero(mask)) == set(index)
                assert bool(legal) == (seat in hand.to_act())
                if not legal:  # who may claim is secret: a seat not asked sees an ordinary wait
                    obs = table.observe(seat)["observation"]
                    assert not obs[P["claim"]].any() and obs[P["scalars"], 3] != 1
                    claims_hidden += hand.phase == "claim"
            seat = table.acting()
            choice = rng.choice(sorted(table.legal(seat)))
            kinds_seen.add(choice)
            table.step(choice)
    assert len(kinds_seen) > 20  # many different actions were exercised
    assert claims_hidden > 0 or ruleset == "hefei"  # (Hefei claims only wins: rare in random play)
    with pytest.raises(ValueError, match="not legal"):
        table.reset()
        illegal = next(i for i in range(N_ACTIONS) if i not in table.legal(table.acting()))
        table.step(illegal)


@pytest.mark.parametrize("ruleset,options", VARIANTS)
def test_incremental_planes_equal_planes_rebuilt_from_the_seat_view(ruleset: str, options: dict[str, object]) -> None:
    """EnvTable.observe keeps each seat's planes from the hand's events (majiang/env/tracker.py); they
    must be byte-identical to ``planes(seat_view(...))`` for every seat at every step, through
    claims, kongs, 杠牌, 补花, 报听 and the next hands of a match, and at the match's end."""
    rng = random.Random(17)
    table = EnvTable(ruleset, options=options, seed="incremental", hands=3)
    events_seen: set[str] = set()
    steps = 0
    for _ in range(12):  # 36 hands
        table.reset()
        while True:
            hand = table.hand
            for seat in range(4):
                got = table.observe(seat)["observation"]
                want = planes(seat_view(hand, seat))
                assert got.dtype == want.dtype and got.shape == want.shape
                if not np.array_equal(got, want):
                    wrong = [(PLANES[p], c, int(got[p, c]), int(want[p, c])) for p, c in np.argwhere(got != want)]
                    raise AssertionError(f"seat {seat}, hand {hand.hand_no} step {len(hand.log)}: {wrong[:6]}")
            if table.finished:
                break
            events_seen.update(type(e).__name__ for e in hand.events)
            # Mostly the rarer choices (claims, kongs, 报听, 直叫, wins) when there are any.
            legal = sorted(table.legal(table.acting()))
            special = [i for i in legal if 34 <= i < 177]
            table.step(rng.choice(special if special and rng.random() < 0.8 else legal))
            steps += 1
    assert steps > 500
    assert {"Discarded", "Drew", "ConcealedKong"} <= events_seen
    assert {"Claimed", "AddedKong", "Exposed"} <= events_seen or ruleset == "hefei"  # (Hefei claims only wins)


@pytest.mark.parametrize("ruleset,options", VARIANTS)
def test_vector_env_and_aec_observations_equal_planes_rebuilt_from_the_seat_view(
        ruleset: str, options: dict[str, object]) -> None:
    """VectorEnv has each table write its planes and mask straight into the batch arrays; the AEC env
    hands out rows of the table's pools: both must equal ``planes(seat_view(...))`` and the legal
    actions at every step, across the resets of finished matches."""
    v = VectorEnv(3, ruleset, options=options, seed="vec")
    obs, masks, seats = v.reset()
    rng = np.random.default_rng(5)
    for _ in range(300):
        for i, t in enumerate(v.tables):
            seat = int(seats[i])
            assert np.array_equal(obs[i], planes(seat_view(t.hand, seat)))
            assert set(np.flatnonzero(masks[i])) == set(t.legal(seat))
        obs, masks, seats, _, _ = v.step(v.random_actions(rng))
    env = aec_env(ruleset, options=options, seed=4, hands=2)
    pick = random.Random(3)
    compared = 0
    for episode in range(8):
        env.reset(seed=episode)
        for agent in env.agent_iter(max_iter=1000):
            o, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = int(agent.removeprefix("seat_"))
            hand = env.table.hand
            assert np.array_equal(o["observation"], planes(seat_view(hand, seat)))
            assert set(np.flatnonzero(o["action_mask"])) == {action_index(a, seat_view(hand, seat))
                                                              for a in hand.legal_actions(seat)}
            compared += 1
            env.step(pick.choice(list(np.flatnonzero(o["action_mask"]))))
    assert compared > 300


def test_observations_kept_stay_as_they_were() -> None:
    """EnvTable.observe hands out rows of a pool (majiang/env/table.py): each row is its own, never
    reused, so an observation kept over many steps (more than a pool) is unchanged, and writing into
    one observation changes no other."""
    t = EnvTable("anqing", seed="keep", hands=2)
    t.reset()
    rng = random.Random(2)
    kept = []
    for _ in range(300):
        seat = t.acting()
        o = t.observe(seat)
        kept.append((o, o["observation"].copy(), o["action_mask"].copy()))
        scratch = t.observe(seat)
        scratch["observation"][:] = 7
        scratch["action_mask"][:] = 1
        again = t.observe(seat)
        assert np.array_equal(again["observation"], kept[-1][1]) and np.array_equal(again["action_mask"], kept[-1][2])
        t.step(rng.choice(sorted(t.legal(seat))))
        if t.finished:
            t.reset()
    assert all(np.array_equal(o["observation"], p) and np.array_equal(o["action_mask"], m) for o, p, m in kept)


@pytest.mark.parametrize("ruleset,options", VARIANTS)
def test_the_pure_python_path_gives_the_same_observations_as_the_accelerator(
        ruleset: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    """majiang/env/_envfast.c (the mask; draws and discards into the planes) against the pure-Python
    reference: the same game gives byte-identical observations and masks on both paths."""
    from majiang.env import actions, fast, tracker

    if fast.fast is None:
        pytest.skip("the C accelerator is not built (or MAJIANG_PURE is set)")

    def play() -> list[bytes]:
        table = EnvTable(ruleset, options=options, seed="pure", hands=3)
        rng = random.Random(4)
        out = []
        for _ in range(4):  # 12 hands
            table.reset()
            while not table.finished:
                seat = table.acting()
                o = table.observe(seat)
                out.append(o["observation"].tobytes() + o["action_mask"].tobytes())
                legal = sorted(table.legal(seat))
                special = [i for i in legal if 34 <= i < 177]
                table.step(rng.choice(special if special and rng.random() < 0.5 else legal))
        return out

    accelerated = play()
    monkeypatch.setattr(tracker, "fast", None)
    monkeypatch.setattr(actions, "fast", None)
    assert play() == accelerated
    assert len(accelerated) > 300


@pytest.mark.parametrize("ruleset,options", VARIANTS)
def test_the_accelerators_indices_equal_index_of(ruleset: str, options: dict[str, object]) -> None:
    """_envfast.indices (every usual action indexed in C) gives index_of's answer for every action of
    every seat asked, through claims, kongs and 报听."""
    from majiang.env.actions import index_of
    from majiang.env.fast import fast

    if fast is None:
        pytest.skip("the C accelerator is not built (or MAJIANG_PURE is set)")
    rng = random.Random(8)
    table = EnvTable(ruleset, options=options, seed="indices", hands=2)
    seen: set[int] = set()
    for _ in range(6):
        table.reset()
        while not table.finished:
            hand = table.hand
            claim = hand.claim.tile if hand.claim is not None else None
            for seat in hand.to_act():
                legal = hand.legal_actions(seat)
                wild, stand_in = hand.info.wild, hand.info.stand_in
                want = [index_of(a, claim, wild, stand_in) for a in legal]
                got = fast.indices(legal, -1 if claim is None else claim, -1 if wild is None else wild,
                                   -1 if stand_in is None else stand_in)
                assert got == want, (legal, got, want)
                seen.update(want)
            legal_i = sorted(table.legal(table.acting()))
            special = [i for i in legal_i if 34 <= i < 177]
            table.step(rng.choice(special if special and rng.random() < 0.8 else legal_i))
    assert {71, 177} <= seen or ruleset == "hefei"  # peng, pass
    assert seen & {68, 69, 70} or ruleset == "hefei" or options.get("mode") == "B"  # a chi (none in these)


def test_every_index_has_a_name_and_chi_shapes_are_distinct() -> None:
    names = [describe_index(i) for i in range(N_ACTIONS)]
    assert len(set(names)) == N_ACTIONS
    with pytest.raises(ValueError, match="outside"):
        describe_index(N_ACTIONS)


@pytest.mark.parametrize("ruleset,options", [VARIANTS[0], VARIANTS[2]])
def test_rewards_are_zero_sum_and_equal_the_settlements(ruleset: str, options: dict[str, object]) -> None:
    env = aec_env(ruleset, options=options, seed=11, hands=3)
    rng = random.Random(5)
    for episode in range(4):
        env.reset(seed=episode)
        table = env.table
        got: list[list[float]] = []
        cumulative = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            cumulative[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            hands_before = len(table.match.history)
            env.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
            if len(table.match.history) > hands_before:
                got.append([env.rewards[a] for a in env.possible_agents])
        want = [list(map(float, h.settlement.totals)) for h in table.match.history]
        assert len(want) == 3
        assert got == want
        assert all(sum(r) == 0 for r in got)
        assert [cumulative[a] for a in env.possible_agents] == list(map(float, table.match.totals))


def _scramble(hand: Hand, viewer: int, rng: random.Random) -> Hand:
    """A copy of ``hand`` where every other seat's concealed tiles are swapped with wall tiles:
    the same public table, different hidden tiles."""
    h = copy.deepcopy(hand)
    spots = [p for p in range(h.head, h.tail + 1) if p != h.indicator_index]
    for j, st in enumerate(h.seat_state):
        if j == viewer or not spots:
            continue
        new_held = []
        for x in st.held:
            p = rng.choice(spots)
            y = h.wall[p]
            h.wall[p] = x
            st.counts[x] -= 1
            st.counts[y] += 1
            new_held.append(y)
            if st.drawn == x:
                st.drawn = y
        st.held = sorted(new_held)
    return h


@pytest.mark.parametrize("ruleset,options", VARIANTS)
def test_observations_never_depend_on_another_seats_concealed_tiles(ruleset: str,
                                                                    options: dict[str, object]) -> None:
    rng = random.Random(13)
    table = EnvTable(ruleset, options=options, seed="secret", hands=1)
    changed = checked = detected = 0
    for _ in range(4):
        table.reset()
        while not table.finished:
            hand = table.hand
            if len(hand.log) % 5 == 0:
                for viewer in range(4):
                    before = table.observe(viewer)
                    other = _scramble(hand, viewer, rng)
                    changed += any(other.seat_state[j].held != hand.seat_state[j].held for j in range(4))
                    after = planes(seat_view(other, viewer))
                    assert np.array_equal(before["observation"], after), f"seat {viewer} step {len(hand.log)}"
                    own = np.zeros(42, dtype=np.uint8)  # flowers (baida's 百搭 ones) on their own plane
                    for t in hand.seat_state[viewer].held:
                        own[t] += 1
                    assert np.array_equal(before["observation"][P["hand"]], own[:34])
                    assert np.array_equal(before["observation"][P["flower_hand"], :8], own[34:])
                    # the check can see a difference: scrambling the viewer's own tiles shows up
                    mine = _scramble(hand, (viewer + 1) % 4, rng)
                    if mine.seat_state[viewer].held != hand.seat_state[viewer].held:
                        assert not np.array_equal(before["observation"], planes(seat_view(mine, viewer)))
                        detected += 1
                    checked += 1
            seat = table.acting()
            table.step(rng.choice(sorted(table.legal(seat))))
    assert checked > 100 and changed > 100 and detected > 100  # the scramble really changed hidden tiles


def test_planes_shape_and_a_few_meanings() -> None:
    table = EnvTable("anqing", seed=1)
    table.reset()
    hand = table.hand
    seat = table.acting()
    obs = table.observe(seat)["observation"]
    assert obs.shape == (C, 34) and obs.dtype == np.uint8
    view = seat_view(hand, seat)
    assert obs[P["hand"]].sum() == len(view.hand)
    assert obs[P["wild"]].sum() == 1 and obs[P["wild"], view.wild] == 1
    assert obs[P["scalars"], 0] == view.wall_left
    with pytest.raises(ValueError, match="spectator"):
        planes(seat_view(hand, None))


def test_action_index_of_a_chi_names_where_the_discard_sits() -> None:
    table = EnvTable("anqing", options={"mode": "A"}, seed="chi", hands=8)
    rng = random.Random(1)
    seen: set[int] = set()
    table.reset()
    while not table.finished and len(seen) < 3:
        seat = table.acting()
        view = table.view(seat)
        for a, i in ((a, action_index(a, view)) for a in view.legal):
            if 68 <= i <= 70:
                assert view.claim is not None
                seen.add(i)
                assert describe_index(i).startswith("chi")
                assert a is not None
        table.step(rng.choice(sorted(table.legal(seat))))
    assert seen  # chi offered at least once in eight hands


def test_single_agent_plays_whole_episodes_against_named_bots() -> None:
    env = single_agent("hefei", opponents="greedy", seed=2, hands=2)
    total = 0.0
    obs, info = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) and np.array_equal(env.action_masks(), obs["action_mask"])
        obs, reward, done, _, info = env.step(int(rng.choice(legal)))
        total += reward
    assert total + info.get("reward_before_first_decision", 0) == info["totals"][env.seat] or \
        total == info["totals"][env.seat]
    with pytest.raises(ValueError, match="unknown bot"):
        single_agent("anqing", opponents="nobody")


def test_vector_env_steps_many_tables_and_resets_finished_ones() -> None:
    v = VectorEnv(6, "anqing", seed=9)
    obs, masks, seats = v.reset()
    assert obs.shape == (6, C, 34) and masks.shape == (6, N_ACTIONS)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(600):
        acts = v.random_actions(rng)
        assert all(masks[i, a] for i, a in enumerate(acts))
        obs, masks, seats, rewards, done = v.step(acts)
        assert all(masks[i].any() for i in range(6)) and set(seats.tolist()) <= {0, 1, 2, 3}
        assert np.all(rewards.sum(axis=1) == 0)
        finished += int(done.sum())
        assert masks.sum(axis=1).min() >= 1  # every table has a seat with a decision
    assert finished >= 3
    with pytest.raises(ValueError, match="one action per table"):
        v.step([0])


def test_vector_env_random_actions_are_uniform_over_each_rows_legal_indices() -> None:
    """Each draw is one of the row's legal indices (its mask's set entries), every one of them is
    drawn, about equally often."""
    v = VectorEnv(4, "baida", seed=4)
    v.reset()
    rng = np.random.default_rng(7)
    for _ in range(30):  # into the hands: claim windows and turns with many discards
        v.step(v.random_actions(rng))
    legal = [set(np.flatnonzero(row).tolist()) for row in v.masks]
    draws = np.array([v.random_actions(rng) for _ in range(8000)])
    assert draws.dtype == np.int64 and draws.shape == (8000, 4)
    for i, allowed in enumerate(legal):
        assert set(draws[:, i].tolist()) == allowed, (i, allowed)
        counts = np.bincount(draws[:, i], minlength=186)[sorted(allowed)]
        expected = 8000 / len(allowed)
        assert counts.min() > 0.75 * expected and counts.max() < 1.25 * expected, (i, counts)


def test_table_takes_numpy_integers_and_refuses_other_seats_and_indices() -> None:
    """Seats and action indices come from numpy in most training code: numpy integers are ints
    here (on the compiled path too, whose declared types are checked); anything else is refused
    with a reason and changes nothing."""
    table = EnvTable("hefei", seed=5)
    table.reset()
    seat = np.int64(table.acting())
    obs = table.observe(seat)
    legal = obs["action_mask"].nonzero()[0]  # numpy integers
    assert set(table.legal(seat)) == set(legal.tolist()) and table.view(seat).seat == int(seat)
    steps = len(table.hand.log)
    with pytest.raises(TypeError, match="an action index is an int"):
        table.step(float(legal[0]))
    with pytest.raises(ValueError, match="there is no seat 7"):
        table.observe(7)
    with pytest.raises(TypeError, match="a seat is an int"):
        table.observe("0")  # type: ignore[arg-type]
    assert len(table.hand.log) == steps
    table.step(legal[0])
    assert len(table.hand.log) == steps + 1
    # numpy integers for the construction and the seed, a tuple of actions for a batch
    other = EnvTable("anqing", seed=np.int64(5), hands=np.int64(2), options={"mode": "B"})
    other.reset(np.int64(3))
    assert other.hands == 2 and other.base_seed == "3"
    v = VectorEnv(np.int64(2), "baida", seed=1)
    v.reset()
    v.step(tuple(int(a) for a in v.random_actions(np.random.default_rng(0))))
    with pytest.raises(ValueError, match="one action per table"):
        v.step([0.5, 1.5])


def test_aec_and_single_agent_refuse_a_float_action_and_change_nothing() -> None:
    """A float is not an action index: it is refused, not truncated to a legal one, and the
    env (whose turn it is, the rewards, the hand) is as it was."""
    env = aec_env("anqing", seed=8)
    env.reset(seed=8)
    agent = env.agent_selection
    obs, *_ = env.last()
    legal = obs["action_mask"].nonzero()[0]
    steps = len(env.table.hand.log)
    with pytest.raises(TypeError, match="an action index is an int"):
        env.step(float(legal[0]) + 0.5)  # type: ignore[arg-type]
    assert env.agent_selection == agent and len(env.table.hand.log) == steps
    env.step(np.int64(legal[0]))
    assert len(env.table.hand.log) == steps + 1
    single = single_agent("hefei", opponents="greedy", seed=3)
    obs, _ = single.reset(seed=3)
    steps = len(single.table.hand.log)
    with pytest.raises(TypeError, match="an action index is an int"):
        single.step(1.0)  # type: ignore[arg-type]
    assert len(single.table.hand.log) == steps and single.table.acting() == single.seat
    single.step(obs["action_mask"].nonzero()[0][0])
    assert len(single.table.hand.log) > steps


def _play_out(table: EnvTable, rng: random.Random) -> tuple[list[int], list[bytes]]:
    """Random legal steps to the end of the match: (the totals, every observation's bytes)."""
    seen = []
    while not table.finished:
        seat = table.acting()
        obs = table.observe(seat)
        seen.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        table.step(rng.choice(sorted(table.legal(seat))))
    assert table.match is not None
    return list(table.match.totals), seen


@pytest.mark.parametrize("ruleset", ["anqing", "hefei", "baida", "guobiao"])
def test_a_deep_copy_branches_the_episode(ruleset: str) -> None:
    """deepcopy (tree search, what-ifs) on the compiled path too: the copy plays on exactly as the
    original would, and what either does afterwards leaves the other as it was."""
    table = EnvTable(ruleset, seed=21, hands=2)
    table.reset()
    rng = random.Random(5)
    for _ in range(40):
        table.step(rng.choice(sorted(table.legal(table.acting()))))
    twin = copy.deepcopy(table)
    assert twin.match is not table.match and twin.hand is not table.hand and twin.ruleset is table.ruleset
    assert twin.hand.log == table.hand.log and twin.match.totals == table.match.totals  # type: ignore[union-attr]
    mine, theirs = _play_out(table, random.Random(9)), _play_out(twin, random.Random(9))
    assert mine == theirs and len(mine[1]) > 10
    # a copy taken, then played differently, leaves the original's observations and state alone
    other = EnvTable(ruleset, seed=21, hands=2)
    other.reset()
    rng = random.Random(5)
    for _ in range(40):
        other.step(rng.choice(sorted(other.legal(other.acting()))))
    kept = other.observe(other.acting())
    branch = copy.deepcopy(other)
    before = (list(other.hand.log), kept["observation"].copy(), kept["action_mask"].copy())
    _play_out(branch, random.Random(1))
    assert other.hand.log == before[0]
    assert (kept["observation"] == before[1]).all() and (kept["action_mask"] == before[2]).all()
    again = other.observe(other.acting())  # and the original still observes what it did before the branch
    assert (again["observation"] == before[1]).all() and (again["action_mask"] == before[2]).all()
    assert _play_out(other, random.Random(9)) == mine


def test_deep_copies_of_the_aec_vector_and_single_agent_envs() -> None:
    env = aec_env("hefei", seed=4, hands=4)
    env.reset(seed=4)
    for _ in range(25):
        obs, *_ = env.last()
        env.step(obs["action_mask"].nonzero()[0][0])
    twin = copy.deepcopy(env)
    for e in (env, twin):
        for _ in range(60):
            obs, _, done, *_ = e.last()
            e.step(None if done else obs["action_mask"].nonzero()[0][-1])
            if not e.agents:
                break
    assert twin.agent_selection == env.agent_selection and twin.table.hand.log == env.table.hand.log
    assert twin.rewards == env.rewards and twin.table.match is not env.table.match
    v = VectorEnv(3, "baida", seed=2)
    v.reset()
    v.step(v.random_actions(np.random.default_rng(0)))
    w = copy.deepcopy(v)
    assert (w.observations == v.observations).all() and (w.masks == v.masks).all()
    acts = v.random_actions(np.random.default_rng(1))
    a, b = v.step(acts), w.step(acts)
    assert all((x == y).all() for x, y in zip(a, b, strict=True)) and w.observations is not v.observations
    single = single_agent("anqing", opponents="greedy", seed=6)
    obs, _ = single.reset(seed=6)
    other = copy.deepcopy(single)
    first = obs["action_mask"].nonzero()[0][0]
    one, two = single.step(first), other.step(first)
    assert (one[0]["observation"] == two[0]["observation"]).all() and one[1:4] == two[1:4]


def test_bad_construction_is_refused_naming_what_is_wrong() -> None:
    from majiang.rules.base import RulesetError

    with pytest.raises(RulesetError, match="unknown ruleset 'nope'"):
        aec_env("nope")
    with pytest.raises(ValueError, match="room= is for hefei"):
        aec_env("anqing", room="baoting")
    with pytest.raises(ValueError, match="give baida's options in options="):
        aec_env("baida", mode="A")
    with pytest.raises(RulesetError, match="bad hefei options"):
        aec_env("hefei", mode="X")
    with pytest.raises(ValueError, match="hands must be at least 1"):
        EnvTable("anqing", hands=0)
    with pytest.raises(ValueError, match="n must be at least 1"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="opponents: one bot name or three"):
        single_agent("anqing", opponents=["greedy"])


def test_baida_flower_baida_discards_have_their_own_indices_and_planes() -> None:
    """A flower indicator makes the other three flowers of its group 百搭: held, they show on the
    flower planes (not spilling into the next plane), and throwing one is index 178–185."""
    from majiang.env.actions import DISCARD_FLOWER
    from majiang.env.observation import S

    rng = random.Random(5)
    checked = 0
    for episode in range(400):
        table = EnvTable("baida", seed=f"flowers:{episode}", hands=1)
        table.reset()
        if table.hand.info.indicator < 34:
            continue  # only a flower indicator makes flowers 百搭
        while not table.finished:
            seat = table.acting()
            view = table.view(seat)
            obs = table.observe(seat)["observation"]
            assert obs[P["scalars"], S["ruleset"]] == 2
            assert obs[P["flower_table"], table.hand.info.indicator - 34 + 8] == 1
            assert sorted(np.flatnonzero(obs[P["flower_table"], :8]) + 34) == sorted(view.wilds)
            flowers = [t for t in view.hand if t >= 34]
            assert obs[P["hand"]].sum() == len(view.hand) - len(flowers)
            assert obs[P["flower_hand"], :8].sum() == len(flowers)
            legal = table.legal(seat)
            for f in flowers:
                if view.claim is None and view.legal and any(getattr(a, "tile", None) == f for a in view.legal):
                    i = DISCARD_FLOWER + f - 34
                    assert i in legal and describe_index(i) == f"discard {'f' + str(f - 33)}"
                    checked += 1
            table.step(rng.choice(sorted(legal)))
        if checked >= 5:
            break
    assert checked >= 5  # flower 百搭 were held and offered as discards
