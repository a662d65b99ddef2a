"""The game's signals: how other apps follow games without the game importing them.

Apps connect their receivers in their ``AppConfig.ready`` (the leaderboards do).
"""

from django.dispatch import Signal

game_finished = Signal()
"""A game has just finished (status ``over`` or ``won``).

Sent by ``game.services`` with ``sender=Game`` and ``game=`` the finished game
(score and status final, ``finished_at`` set), inside the transaction that
finishes it and before its row is written: a receiver's writes commit or roll
back with the game, and a receiver that raises refuses the whole action. Sent
once per game; receivers must not save the game.
"""
