"""verify_deal holds a challenge game's version, and every game's dealer, to the game ids the site publishes: each
version's first game (GET /api/challenges/ ``from_game``) and each dealer's (GET /api/dealers/). A backdated
``started`` no longer lets a replaced, easier version pass, and a file whose id is before every cut-over of its
mode is still held to the dealers that dealt that mode."""

import pytest

from tests.game.conftest import fixed_seeds  # noqa: F401 (a fixture the imported one requests)
from tests.tools import tamper
from tests.tools.test_verify_tamper import failures, replays  # noqa: F401 (a fixture, requested by the tests)
from tools import verify_deal as vd


def test_the_ladder_publishes_the_first_game_of_each_played_version(replays):  # noqa: F811
    game = replays["challenge"]["game"]
    one = next(e for e in replays["ladder"] if (e["number"], e["version"]) == (1, 1))
    assert one["from_game"] <= int(game["id"])
    assert next(e for e in replays["ladder"] if e["number"] == 2)["from_game"] is None  # never played


def test_a_replaced_version_s_game_after_the_new_version_s_first_game_is_refused_though_its_start_is_before(
    replays,  # noqa: F811
):
    """The auditor's s7: a consistent game of the replaced version, its ``started`` before the new version's
    ``published``, its id after the new version's first game."""
    replay = replays["challenge"]
    game = int(replay["game"]["id"])
    ladder = tamper.replaced_ladder(replays["ladder"], replay, first=game - 1)
    assert failures(replay, ladder) == [
        f"game {game} is challenge 1 version 1, but every challenge 1 game from game {game - 1} on is version 2 "
        "(the published ladder, GET /api/challenges/)"
    ]
    assert failures(replay, tamper.replaced_ladder(replays["ladder"], replay, first=game + 1)) == []


def test_a_replaced_version_s_game_renumbered_after_the_new_version_s_first_game_is_refused(replays):  # noqa: F811
    """The auditor's n09: a real game of the replaced version shown under an id after later games."""
    replay = replays["challenge"]
    game = int(replay["game"]["id"])
    ladder = tamper.replaced_ladder(replays["ladder"], replay, first=game + 5)
    forged, _ = tamper.with_id(replay, game + 9)
    assert failures(forged, ladder) == [
        f"game {game + 9} is challenge 1 version 1, but every challenge 1 game from game {game + 5} on is version 2 "
        "(the published ladder, GET /api/challenges/)"
    ]


def test_a_game_before_its_own_version_s_first_game_is_refused(replays):  # noqa: F811
    replay = replays["challenge"]
    first = next(e for e in replays["ladder"] if (e["number"], e["version"]) == (1, 1))["from_game"]
    forged, _ = tamper.with_id(replay, first - 1)
    assert failures(forged) == [
        f"game {first - 1} is challenge 1 version 1, but version 1's first game is game {first} "
        "(the published ladder, GET /api/challenges/)"
    ]


def test_a_ladder_saved_before_versions_published_their_first_game_still_checks(replays):  # noqa: F811
    older = [{k: v for k, v in entry.items() if k != "from_game"} for entry in replays["ladder"]]
    assert failures(replays["challenge"], older) == []


def test_a_malformed_first_game_makes_the_ladder_unusable(replays):  # noqa: F811
    ladder = [{**entry, "from_game": "3"} for entry in replays["ladder"]]
    with pytest.raises(vd.Unusable, match=r"from_game is a game id or null$"):
        vd.ladder_index(ladder)


def test_a_dealer_that_never_dealt_the_mode_is_refused_before_every_cut_over(replays):  # noqa: F811
    """The auditor's s1b: a dealer-2 Classic file whose id is before every Classic cut-over."""
    forged, _ = tamper.older_dealer(replays["classic"])
    forged, _ = tamper.with_id(forged, 0)
    classic = [c for c in replays["dealers"] if c["mode"] == "classic"]
    assert [(c["dealer"], c["from_game"]) for c in classic] == [(4, classic[0]["from_game"])]
    assert failures(forged)[-1] == (
        f"game 0 is dealt by dealer 2, which never dealt a classic game: the published cut-overs name dealer 4 "
        f"from game {classic[0]['from_game']} (GET /api/dealers/)"
    )
    early, _ = tamper.with_id(replays["classic"], 0)
    assert failures(early) == []  # the dealer of a later cut-over may have dealt a game just before its row
