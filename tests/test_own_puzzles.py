"""A person's own puzzle: accepted once the goal search proves the goal forced, with a
solution that solves it and is unique where it says; refused, with the reason's code, when
the goal is not forced, the position too big to prove within the budget, or anything given
cannot be read. And a try at a puzzle: the person's plays, the defence's answers."""

import pytest

from dizhu.deal import AmbiguousPlayError
from dizhu.puzzles import PuzzleError, find_puzzle, load_puzzles, own_puzzle
from dizhu.puzzles.own import BUDGET
from dizhu.reasons import reason_of
from dizhu.session import ActionError
from dizhu.session.puzzle_play import PuzzleTry, side_requests, solution_frames
from dizhu.solve.goals import GoalSearch


def refusal(*args, **kwargs) -> str:
    with pytest.raises(PuzzleError) as e:
        own_puzzle(*args, **kwargs)
    reason = reason_of(e.value)
    assert reason is not None and str(e.value) == str(reason)
    return reason.code


@pytest.mark.parametrize("number", [1, 13, 30, 45, 70, 71, 86])
def test_a_shipped_puzzles_position_is_accepted_with_a_solution_that_solves(number):
    shipped = find_puzzle(number)
    made = own_puzzle(shipped.position, shipped.ruleset, shipped.seat, shipped.goal, "Again")
    assert (made.id, made.title) == (0, {"en": "Again", "zh": "Again"})
    assert 1 <= made.difficulty <= 5
    assert made.check(made.solution_plays()).solved
    search = GoalSearch(made.start(), made.goal, made.seat)
    pos = made.start()
    for step, play in zip(made.solution, made.solution_plays(), strict=True):
        if step.unique:
            assert search.forcing_plays(pos) == [play]
        pos.push(play)


def test_the_difficulty_follows_the_shipped_puzzles_roughly():
    puzzles = [p for p in load_puzzles() if p.ruleset != "duel"]
    made = [own_puzzle(p.position, p.ruleset, p.seat, p.goal, "x").difficulty
            for p in puzzles[:8] + puzzles[-8:]]
    assert sum(made[:8]) < sum(made[8:])


def test_a_two_hand_position_makes_a_puzzle_and_three_hands_are_refused_in_duel():
    made = own_puzzle("33A/KK 0 0 -", "duel", 0, "win", "Ace first")
    assert made.ruleset == "duel" and made.side == "landlord"
    assert made.check(made.solution_plays()).solved
    assert made.check(["pair 33"]).lost_at == 0  # the kings answer and go out
    assert refusal("33A/KK/5 0 0 -", "duel", 0, "win", "x") == "puzzle_position"
    assert refusal("33A/KK 0 0 -", "duel", 1, "win", "x") == "puzzle_not_to_move"


def test_a_title_in_one_language_stands_for_both():
    made = own_puzzle("3/4/5 0 0 -", "classic", 0, "win", {"zh": " 只有 中文 "})
    assert made.title == {"en": "只有 中文", "zh": "只有 中文"}


def test_a_goal_not_forced_is_refused():
    assert refusal("34/5/6 0 0 -", "classic", 0, "win", "Lost") == "puzzle_not_forced"
    # winning is forced there, the spring is not: the peasant may beat the 4
    assert own_puzzle("4BR/5/6 0 0 -", "classic", 0, "win", "t").goal.value == "win"
    assert refusal("34/5/6 0 0 -", "classic", 0, "spring", "t") == "puzzle_not_forced"


def test_a_position_too_big_for_the_budget_is_refused():
    shipped = find_puzzle(70)
    assert refusal(shipped.position, shipped.ruleset, shipped.seat, shipped.goal, "Big",
                   limit=20) == "puzzle_too_big"
    assert BUDGET >= 200_000


@pytest.mark.parametrize(("args", "code"), [
    (("33/44 0 0 -", "classic", 0, "win", "t"), "puzzle_position"),
    (("not a position", "classic", 0, "win", "t"), "puzzle_position"),
    (("3/4/5 0 0 -", "poker", 0, "win", "t"), "puzzle_ruleset"),
    (("3/4/5 0 0 -", "classic", 0, "draw", "t"), "puzzle_goal"),
    (("3/4/5 0 0 -", "classic", 1, "win", "t"), "puzzle_not_to_move"),
    (("3/4/5 0 0 -", "classic", 0, "win", "   "), "puzzle_title"),
    (("3/4/5 0 0 -", "classic", 0, "win", "x" * 81), "puzzle_title"),
    (("-/4/5 0 0 -", "classic", 0, "win", "t"), "puzzle_position"),
    (("3/4/5 0 0 -", "classic", 0, "win", "t" * 81), "puzzle_title"),
    (("3333444455556666BR/8/9 1 1 -", "classic", 1, "win", "t"), "puzzle_position"),
    (("3/4/5 0 0 -", "classic", 0, "win", {"zh": " "}), "puzzle_title"),
])
def test_bad_text_is_refused_with_its_reason(args, code):
    assert refusal(*args) == code


# ------------------------------------------------------------------ a try


def test_a_try_interleaves_the_defence_and_ends_solved():
    puzzle = find_puzzle(30)
    start = PuzzleTry(puzzle, [])
    assert start.line == [] and start.end_json() is None
    done = PuzzleTry(puzzle, [{"seat": 0, "cards": ["4s", "4h"]},
                              {"seat": 0, "play": "pair QQ"}, {"seat": 0, "play": "single 5"}])
    assert [p.text for p in done.line] == [s.play for s in puzzle.solution]
    assert done.end_json() == {"solved": True, "why": None, "slipped": None, "plies": 7}
    frame = done.frame()
    assert frame["over"] and frame["seats"][0]["hand"] == []
    assert [s["ours"] for s in frame["seats"]] == [True, False, False]


@pytest.mark.parametrize(("number", "plays", "why", "slipped"), [
    (13, [{"seat": 0, "play": "single 5"}], "spring", "single 5"),
    (9, [{"seat": 0, "play": "bomb 6666"}], "bomb", None),
])
def test_a_try_ends_failed_saying_why(number, plays, why, slipped):
    end = PuzzleTry(find_puzzle(number), plays).end_json()
    assert end["solved"] is False and end["why"] == why and end["slipped"] == slipped


def test_the_other_side_going_out_first_fails_the_try():
    puzzle = find_puzzle(30)
    plays = [{"seat": 0, "play": "pair QQ"}]
    while not (attempt := PuzzleTry(puzzle, plays)).ended:
        pos = attempt.deal.position
        plays.append({"seat": pos.to_move, "play": next(
            (p for p in pos.legal_plays() if not p.is_pass), pos.legal_plays()[0]).text})
    assert attempt.end_json()["why"] == "other_out"
    assert attempt.end_json()["slipped"] == "pair QQ"


@pytest.mark.parametrize(("plays", "code"), [
    ([{"seat": 1, "play": "single 9"}], "not_your_turn"),
    ([{"seat": 0, "play": "pass"}], "leader_may_not_pass"),
    ([{"seat": 0, "cards": ["Qs", "5s"]}], "not_a_combination"),
    ([{"seat": 0, "cards": ["As"]}], "card_not_held"),
    ([{"seat": 0, "play": "pair 55"}], "not_held"),
    ([{"seat": 0, "bid": "3"}], "play_begun"),
    (["pair QQ"], "unknown_action"),
    ("pair QQ", "puzzle_request"),
    ([{"seat": 0, "cards": ["4s", "4h"]}, {"seat": 0, "play": "pair QQ"},
      {"seat": 0, "play": "single 5"}, {"seat": 0, "play": "pass"}], "puzzle_ended"),
])
def test_a_bad_play_is_refused_with_its_reason(plays, code):
    with pytest.raises(ActionError) as e:
        PuzzleTry(find_puzzle(30), plays)
    assert reason_of(e.value).code == code


def test_cards_that_read_two_ways_ask_which():
    made = own_puzzle("333444555666/7/8 0 0 -", "classic", 0, "win", "Planes")
    cards = ["3s", "3h", "3c", "4s", "4h", "4c", "5s", "5h", "5c", "6s", "6h", "6c"]
    with pytest.raises(AmbiguousPlayError) as e:
        PuzzleTry(made, [{"seat": 0, "cards": cards}])
    assert len(e.value.options) >= 2
    chosen = e.value.options[0].text
    assert PuzzleTry(made, [{"seat": 0, "play": chosen, "cards": cards}]).solved


def test_the_solution_frames_step_through_the_line():
    puzzle = find_puzzle(30)
    frames = solution_frames(puzzle)
    assert len(frames) == len(puzzle.solution) + 1
    assert frames[0]["step"] is None and not frames[0]["over"]
    assert [f["step"]["play"] for f in frames[1:]] == [s.play for s in puzzle.solution]
    assert frames[1]["step"] == {"seat": 0, "play": "pair 44", "unique": True}
    assert frames[-1]["over"]


@pytest.mark.parametrize("puzzle", load_puzzles(), ids=lambda p: f"{p.id}-{p.ruleset}")
def test_every_shipped_puzzle_is_solved_by_its_solutions_own_plays(puzzle):
    """The person sends only their side's plays of the solution; the defence the try
    plays between them is the solution's."""
    done = PuzzleTry(puzzle, side_requests(puzzle))
    assert done.solved
    assert [p.text for p in done.line] == [s.play for s in puzzle.solution]


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four", "laizi", "tiandi"])
def test_a_played_deals_endgame_becomes_a_puzzle_or_is_refused_with_a_reason(ruleset):
    """As the review turns a blunder into a puzzle: a deal played down to a dozen cards,
    its position's text (with its counters and wild ranks) given as it is."""
    import random

    from dizhu.deal import Deal, Phase
    from dizhu.rulesets import find_ruleset

    rules = find_ruleset(ruleset)
    outcomes = set()
    for seed in range(12):
        deal, rng = Deal.shuffled(seed, rules=rules), random.Random(seed)
        while not deal.is_over and (deal.phase is not Phase.PLAY or sum(deal.position.left) > 12):
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over:  # thrown in
            continue
        pos = deal.position
        try:
            made = own_puzzle(pos.text(), ruleset, pos.to_move, "win", "From a deal")
        except PuzzleError as e:
            outcomes.add(reason_of(e).code)
            continue
        outcomes.add("made")
        assert PuzzleTry(made, []).frame()["to_move"] == pos.to_move
        assert made.check(made.solution_plays()).solved
    assert outcomes <= {"made", "puzzle_not_forced", "puzzle_too_big"} and outcomes
