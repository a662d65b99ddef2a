/*
 * The Daily's start board from the day's seed (docs/fair-deal.md § The start board):
 *
 *   block_i = BLAKE2b(seed || u64be(2**32) || u64be(i), 64 bytes, person = "BlockKnock-deal1")
 *   below(n) as for the deals, on that stream;
 *   one day in two (below(2) == 1) the board is empty; else 3 + below(4) times fill
 *   (row, col) and (row, 7 - col) for row = below(8), col = below(4); a full line empties it.
 *
 * BLAKE2b is the vendored @noble/hashes (static/vendor/noble-hashes): Web Crypto has none.
 */
import { blake2b } from "../../vendor/noble-hashes/blake2.js";
import { COLS, cellBit, ROWS, SIZE } from "../rules/rules.js";
import { DealStream } from "./stream.js";

const PERSON = new TextEncoder().encode("BlockKnock-deal1");
const INDEX = 2n ** 32n;

function u64(value) {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

/* The BLAKE2b stream of the Daily's start board: reads and below() as a deal's stream. */
class BoardStream extends DealStream {
  constructor(seed) {
    super(null, "", 0);
    this.prefix = new Uint8Array([...seed, ...u64(INDEX)]);
  }

  async read(size) {
    while (this.buffer.length < size) {
      const message = new Uint8Array([...this.prefix, ...u64(this.block)]);
      const block = blake2b(message, { dkLen: 64, personalization: PERSON });
      this.buffer = new Uint8Array([...this.buffer, ...block]);
      this.block += 1;
    }
    const out = this.buffer.slice(0, size);
    this.buffer = this.buffer.slice(size);
    return out;
  }
}

/* The start board (a BigInt board) of the Daily whose server seed is `seed` (bytes). */
export async function dailyStartBoard(seed) {
  const stream = new BoardStream(seed);
  if (await stream.below(2)) return 0n;
  let board = 0n;
  const cells = 3 + (await stream.below(4));
  for (let n = 0; n < cells; n += 1) {
    const row = await stream.below(SIZE);
    const col = await stream.below(4);
    board |= cellBit(row, col) | cellBit(row, SIZE - 1 - col);
  }
  return [...ROWS, ...COLS].some((line) => (board & line) === line) ? 0n : board;
}
