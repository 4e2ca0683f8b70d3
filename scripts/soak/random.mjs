// The soak's one source of chance: every choice it makes (operations, amounts, fault times, the move's and the kill's
// moments) is drawn from a seeded generator, so a failing run replays from its seed.

/** mulberry32: a 32-bit state, fast, and good enough to spread a load; not for anything secret. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    /** @template T @param {readonly T[]} items @returns {T} */
    pick: (items) => /** @type {any} */ (items[Math.floor(next() * items.length)]),
    chance: (probability) => next() < probability,
    /** One of `weights`' keys, each as likely as its weight. @template {string} K @param {Record<K, number>} weights @returns {K} */
    weighted: (weights) => {
      const entries = Object.entries(weights);
      let roll = next() * entries.reduce((sum, [, weight]) => sum + Number(weight), 0);
      for (const [name, weight] of entries) {
        roll -= Number(weight);
        if (roll < 0) return /** @type {any} */ (name);
      }
      return /** @type {any} */ (entries.at(-1)?.[0]);
    },
    /** A new generator derived from this one, so one stream's draws do not shift another's. */
    fork: () => seededRandom(Math.floor(next() * 4294967296)),
  };
}

/** A seed from any text (a commit hash, a word): FNV-1a, 32 bits. */
export function seedFrom(text) {
  if (/^\d+$/.test(text)) return Number(text) >>> 0;
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}
