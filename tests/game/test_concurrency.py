"""Two parallel posts of a move: one is applied, the other refused (PostgreSQL row locks)."""

import pytest

from game import services
from game.models import Game
from tests.helpers import EMPTY, race, set_position

pytestmark = pytest.mark.needs("postgresql")  # row locks


@pytest.mark.django_db(transaction=True)
def test_two_parallel_posts_of_the_same_move_apply_once(player):
    game = set_position(services.game_start(player=player, mode="classic"), EMPTY, ("mono", "mono", "mono"))
    outcomes = race(
        2, lambda i: services.move_place(player=player, game_id=game.pk, slot=0, row=i, col=0, move_number=0)[0].moves
    )
    assert sorted(map(str, outcomes)) == ["1", "stale_move"]
    stored = Game.objects.get(pk=game.pk)
    assert (stored.moves, stored.seq, len(stored.record), stored.score) == (1, 1, 1, 10)


@pytest.mark.django_db(transaction=True)
def test_parallel_posts_of_different_slots_at_the_same_number_apply_once(player):
    game = set_position(services.game_start(player=player, mode="classic"), EMPTY, ("mono", "mono", "mono"))
    outcomes = race(
        3, lambda i: services.move_place(player=player, game_id=game.pk, slot=i, row=0, col=i, move_number=0)[0].moves
    )
    assert sorted(map(str, outcomes)) == ["1", "stale_move", "stale_move"]
    assert len(Game.objects.get(pk=game.pk).record) == 1
