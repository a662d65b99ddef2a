"""The game's deterministic random streams (docs/rules.md § The fair deal: seed and deal number k).

Every game has a secret seed; deal number ``k`` (0 = the first hand, then one
per later hand or Continue) reads only its own stream. Each dealer version
(:data:`game.engine.deal.DEALERS`) has its stream, fully specified so it never
changes with the Python version (unlike :mod:`random`, which the game never uses).

Dealer 1, :class:`DealStream` — BLAKE2b in counter mode::

    block_i = BLAKE2b(seed || u64be(k) || u64be(i), digest_size=64, person=b"BlockKnock-deal1")
    stream  = block_0 || block_1 || block_2 || ...

(The message ends in two fixed-width counters, so ``(seed, k, i)`` is recovered
from it unambiguously.)

Dealer 2, :class:`HmacStream` — HMAC-SHA256 keyed by the server seed over the
client seed and the counters, so a player who chose the client seed can check
every deal once the server seed is revealed::

    block_i = HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{k}:{i}".encode("ascii"))
    stream  = block_0 || block_1 || block_2 || ...

(``client_seed`` is ``""`` for a game without one; ``k`` and ``i`` in decimal.)

Dealer 3, :class:`SharedStartStream` (the Daily) — dealer 2's stream, except that deal 0
reads no client seed: everyone dealt from the day's seed gets the same first hand, and
every later hand mixes in the player's own client seed::

    block_i = HMAC-SHA256(key=server_seed, msg=f"{client_seed if k > 0 else ''}:{k}:{i}".encode("ascii"))

Dealer 4, :class:`LabelledStream` — dealer 2's stream with the game's **label** (its mode, and a
challenge's number and ladder version, :func:`game.engine.deal.deal_label`) in front, so the same
seeds deal differently in each mode and a game shown under another label re-deals differently::

    block_i = HMAC-SHA256(key=server_seed, msg=f"{label}:{client_seed}:{k}:{i}".encode("ascii"))

(A label has no colon, so the first colon ends it and no two labels' messages can meet.)

All draw with :meth:`below`: an integer uniform in ``range(n)`` by rejection
sampling: take ``ceil(b / 8)`` bytes big-endian, keep the low
``b = (n - 1).bit_length()`` bits, and retry while the value is ``>= n``.
``below(1)`` reads nothing and returns 0.

>>> stream = DealStream(b"example seed", 0)
>>> [stream.below(35) for _ in range(5)]
[23, 4, 22, 18, 19]
>>> stream = HmacStream(bytes(32), "player-chosen", 0)
>>> [stream.below(35) for _ in range(5)]
[6, 24, 6, 12, 4]
>>> SharedStartStream(bytes(32), "player-chosen", 0).read(8) == HmacStream(bytes(32), None, 0).read(8)
True
>>> SharedStartStream(bytes(32), "player-chosen", 1).read(8) == HmacStream(bytes(32), "player-chosen", 1).read(8)
True
>>> LabelledStream(bytes(32), "abc", 0, "classic").read(8) == LabelledStream(bytes(32), "abc", 0, "practice").read(8)
False
"""

from __future__ import annotations

import hashlib
import hmac

__all__ = [
    "BLOCK_BYTES",
    "CLIENT_SEED_MAX",
    "PERSONALIZATION",
    "DealStream",
    "HmacStream",
    "LabelledStream",
    "SharedStartStream",
    "check_client_seed",
    "check_label",
]

BLOCK_BYTES = 64
"""Bytes per BLAKE2b block of the dealer-1 stream (the maximum BLAKE2b digest size)."""

PERSONALIZATION = b"BlockKnock-deal1"
"""BLAKE2b personalisation (16 bytes): separates this stream from any other use of the seed."""

CLIENT_SEED_MAX = 64
"""Most characters of a client seed (printable ASCII, at least one)."""

LABEL_MAX = 64
"""Most characters of a deal label (printable ASCII but the colon, at least one)."""

_COUNTER_BYTES = 8
_MAX_COUNTER = 2**64


def _seed_bytes(seed: bytes) -> bytes:
    if not isinstance(seed, (bytes, bytearray, memoryview)):
        raise TypeError(f"seed must be bytes, got {type(seed).__name__}: {seed!r}")
    return bytes(seed)


def _deal_number(k: int) -> int:
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"deal number must be an int, got {k!r}")
    if not 0 <= k < _MAX_COUNTER:
        raise ValueError(f"deal number must be in [0, 2**64), got {k!r}")
    return k


def check_client_seed(client_seed: str | None) -> str | None:
    """``client_seed`` if it is ``None`` or 1–64 printable ASCII characters.

    >>> check_client_seed("my lucky seed")
    'my lucky seed'

    :raises ValueError: anything else (empty, too long, not printable ASCII, not a str).
    """
    if client_seed is None:
        return None
    if (
        not isinstance(client_seed, str)
        or not 1 <= len(client_seed) <= CLIENT_SEED_MAX
        or not all(" " <= ch <= "~" for ch in client_seed)
    ):
        raise ValueError(f"a client seed is 1-{CLIENT_SEED_MAX} printable ASCII characters, got {client_seed!r}")
    return client_seed


def check_label(label: str) -> str:
    """``label`` if it is 1–64 printable ASCII characters with no colon (a dealer-4 deal label).

    >>> check_label("challenge 1 version 1")
    'challenge 1 version 1'

    :raises ValueError: anything else: empty, too long, a colon (it would make two labels' messages
        meet), not printable ASCII, not a str.
    """
    if (
        not isinstance(label, str)
        or not 1 <= len(label) <= LABEL_MAX
        or not all(" " <= ch <= "~" and ch != ":" for ch in label)
    ):
        raise ValueError(f"a deal label is 1-{LABEL_MAX} printable ASCII characters but ':', got {label!r}")
    return label


class _Stream:
    """Bytes of a stream of blocks, and uniform draws from them; subclasses make block ``i``."""

    __slots__ = ("_block", "_buffer", "_k", "_pos")

    dealer: int = 0
    """The dealer version this stream belongs to (:data:`game.engine.deal.DEALERS`)."""

    def __init__(self, k: int) -> None:
        self._k = _deal_number(k)
        self._buffer = b""
        self._pos = 0
        self._block = 0

    @property
    def k(self) -> int:
        """The deal number this stream belongs to."""
        return self._k

    def _make_block(self, i: int) -> bytes:
        raise NotImplementedError

    def _fill(self, n: int) -> None:
        """Make at least ``n`` unread bytes available (from position 0 of the buffer)."""
        buffer = self._buffer[self._pos :]
        while len(buffer) < n:
            buffer += self._make_block(self._block)
            self._block += 1
        self._buffer, self._pos = buffer, 0

    def read(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream.

        >>> DealStream(b"example seed", 0).read(4).hex()
        '76e5fc57'

        :raises ValueError: ``n < 0``.
        """
        if n < 0:
            raise ValueError(f"cannot read {n!r} bytes")
        if len(self._buffer) - self._pos < n:
            self._fill(n)
        pos = self._pos
        self._pos = pos + n
        return self._buffer[pos : pos + n]

    def below(self, n: int) -> int:
        """An integer uniform in ``range(n)``, by rejection sampling (never biased by a modulo).

        >>> DealStream(b"example seed", 0).below(1)
        0

        :raises ValueError: ``n < 1``.
        """
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"below(n) needs an int n >= 1, got {n!r}")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        keep = (1 << bits) - 1
        while True:
            if len(self._buffer) - self._pos < size:
                self._fill(size)
            pos = self._pos
            self._pos = pos + size
            value = int.from_bytes(self._buffer[pos : pos + size], "big") & keep
            if value < n:
                return value


class DealStream(_Stream):
    """Dealer 1's stream: deal ``k`` of the game with secret ``seed`` (BLAKE2b, see the module).

    Stateful by nature (each draw advances it), so it is not a frozen value; make
    a new one to start over. Two streams with equal ``(seed, k)`` give the same draws.

    :param seed: the game's secret seed (any length; the site uses 32 random bytes).
    :param k: the deal number, ``0 <= k < 2**64``.
    :raises TypeError: ``seed`` is not bytes-like or ``k`` not an int.
    :raises ValueError: ``k`` out of range.
    """

    __slots__ = ("_prefix", "_seed")

    dealer = 1

    def __init__(self, seed: bytes, k: int) -> None:
        self._seed = _seed_bytes(seed)
        super().__init__(k)
        self._prefix = self._seed + k.to_bytes(_COUNTER_BYTES, "big")

    def __repr__(self) -> str:
        return f"DealStream(<seed {len(self._seed)} bytes>, {self._k!r})"

    def _make_block(self, i: int) -> bytes:
        return hashlib.blake2b(
            self._prefix + i.to_bytes(_COUNTER_BYTES, "big"), digest_size=BLOCK_BYTES, person=PERSONALIZATION
        ).digest()


class HmacStream(_Stream):
    """Dealer 2's stream: deal ``k`` of the game with ``server_seed`` and ``client_seed`` (HMAC-SHA256).

    >>> HmacStream(bytes(32), "abc", 2).read(4) == hmac.new(bytes(32), b"abc:2:0", hashlib.sha256).digest()[:4]
    True
    >>> HmacStream(bytes(32), None, 0).read(4) == hmac.new(bytes(32), b":0:0", hashlib.sha256).digest()[:4]
    True

    :param server_seed: the game's secret seed, the HMAC key (the site uses 32 random bytes).
    :param client_seed: the player's seed, 1–64 printable ASCII characters, or ``None`` (read as ``""``).
    :param k: the deal number, ``0 <= k < 2**64``.
    :raises TypeError: ``server_seed`` is not bytes-like or ``k`` not an int.
    :raises ValueError: ``k`` out of range or a malformed client seed.
    """

    __slots__ = ("_client_seed", "_prefix", "_seed")

    dealer = 2

    def __init__(self, server_seed: bytes, client_seed: str | None, k: int) -> None:
        self._seed = _seed_bytes(server_seed)
        self._client_seed = check_client_seed(client_seed)
        super().__init__(k)
        self._prefix = f"{self._client_seed or ''}:{k}:"

    def __repr__(self) -> str:
        return f"HmacStream(<seed {len(self._seed)} bytes>, {self._client_seed!r}, {self._k!r})"

    def _make_block(self, i: int) -> bytes:
        return hmac.digest(self._seed, f"{self._prefix}{i}".encode("ascii"), "sha256")


class SharedStartStream(HmacStream):
    """Dealer 3's stream (the Daily): :class:`HmacStream`, with no client seed for deal 0.

    Everyone's Daily of a day has the day's server seed, so everyone gets the same first hand;
    from deal 1 on, each player's own ``client_seed`` is mixed in, so no game tells another's
    later hands.

    :raises TypeError: ``server_seed`` is not bytes-like or ``k`` not an int.
    :raises ValueError: ``k`` out of range or a malformed client seed (checked for deal 0 too).
    """

    __slots__ = ()

    dealer = 3

    def __init__(self, server_seed: bytes, client_seed: str | None, k: int) -> None:
        check_client_seed(client_seed)
        super().__init__(server_seed, client_seed if _deal_number(k) > 0 else None, k)


class LabelledStream(HmacStream):
    """Dealer 4's stream: :class:`HmacStream` with the game's label before the client seed.

    >>> LabelledStream(bytes(32), "abc", 2, "classic").read(4) == hmac.new(
    ...     bytes(32), b"classic:abc:2:0", hashlib.sha256
    ... ).digest()[:4]
    True

    :param label: the game's deal label (:func:`game.engine.deal.deal_label`), :func:`check_label`.
    :raises TypeError: ``server_seed`` is not bytes-like or ``k`` not an int.
    :raises ValueError: ``k`` out of range, a malformed client seed or label.
    """

    __slots__ = ("_label",)

    dealer = 4

    def __init__(self, server_seed: bytes, client_seed: str | None, k: int, label: str) -> None:
        super().__init__(server_seed, client_seed, k)
        self._label = check_label(label)
        self._prefix = f"{self._label}:{self._prefix}"

    def __repr__(self) -> str:
        return f"LabelledStream(<seed {len(self._seed)} bytes>, {self._client_seed!r}, {self._k!r}, {self._label!r})"
