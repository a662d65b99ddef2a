/*
 * The random stream of deal k (docs/fair-deal.md § The random stream of deal k), with
 * the browser's Web Crypto:
 *
 *   block_i = HMAC-SHA256(key = server_seed, msg = ASCII of `${client_seed}:${k}:${i}`)
 *   stream  = block_0 || block_1 || ...
 *
 * (dealer 3, the Daily's: deal 0 reads the empty client seed, the same first hand for everyone;
 * dealer 4, every other mode's: msg = `${label}:${client_seed}:${k}:${i}`, the game's label first).
 *
 * and below(n), a whole number uniform in 0 .. n - 1 by rejection: read ceil(bits / 8)
 * fresh bytes big-endian, keep the low bits = bitLength(n - 1) bits, try again while >= n.
 */

export function hexToBytes(hex) {
  if (typeof hex !== "string" || !/^([0-9a-f]{2})+$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
}

export function bytesToHex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/* Lowercase hex SHA-256 of `bytes` (the commitment of a server seed). */
export async function sha256Hex(bytes) {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

/* The HMAC-SHA256 key of a server seed (its raw bytes), for every deal of a game. */
export function hmacKey(serverSeed) {
  return crypto.subtle.importKey("raw", serverSeed, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
}

/* The label dealer 4's deals read (`game` as the replay shows it): the mode, and a challenge's number
 * and ladder version. */
export function dealLabel(game) {
  if (game.mode === "challenge")
    return `challenge ${game.challenge} version ${game.challenge_version}`;
  return String(game.mode);
}

/* What the messages of deal `k` read before `:${k}:${i}` under `dealer` ("2", "3" or "4"): the client
 * seed; dealer 3's deal 0 none; dealer 4's the game's `label`, a colon, then the client seed. */
export function dealMessageHead(dealer, clientSeed, k, label = "") {
  if (dealer === "4") return `${label}:${clientSeed}`;
  return dealer === "3" && k === 0 ? "" : clientSeed;
}

export class DealStream {
  /* `head`: what the messages read before the deal number (dealMessageHead). */
  constructor(key, head, k) {
    this.key = key;
    this.prefix = `${head}:${k}:`;
    this.block = 0;
    this.buffer = new Uint8Array(0);
  }

  /* The next `size` bytes of the stream (bytes are never reused). */
  async read(size) {
    while (this.buffer.length < size) {
      const message = new TextEncoder().encode(`${this.prefix}${this.block}`);
      const block = new Uint8Array(await crypto.subtle.sign("HMAC", this.key, message));
      const joined = new Uint8Array(this.buffer.length + block.length);
      joined.set(this.buffer);
      joined.set(block, this.buffer.length);
      this.buffer = joined;
      this.block += 1;
    }
    const out = this.buffer.slice(0, size);
    this.buffer = this.buffer.slice(size);
    return out;
  }

  async below(n) {
    if (n === 1) return 0;
    const bits = (n - 1).toString(2).length;
    const keep = (1n << BigInt(bits)) - 1n;
    for (;;) {
      const bytes = await this.read(Math.ceil(bits / 8));
      const value = Number(BigInt(`0x${bytesToHex(bytes)}`) & keep);
      if (value < n) return value;
    }
  }
}
