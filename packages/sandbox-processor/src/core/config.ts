import { DEFAULT_CARD_PRESENT_MAX_BLOCK_SECONDS, DEFAULT_DELAYS_SECONDS } from "./test-data";

export type Delays = typeof DEFAULT_DELAYS_SECONDS;

/** Calls a second each credential may make (null: no limit), as the processor limits reads and writes apart. */
export type RateLimit = { readsPerSecond: number | null; writesPerSecond: number | null };

export type SandboxConfig = {
  /** Seconds until each delayed transition happens on its own (a control route can make it happen at once). */
  delaysSeconds: Delays;
  cardPresentMaxBlockSeconds: number;
  /** Off unless set: the processor's live limit is about 100 of each; its sandbox's is unpublished. */
  rateLimit: RateLimit;
  /** Every resource also as a later version of the processor's API might send it (`laterVersionOf` in views.ts). */
  standIn: boolean;
};

export const DEFAULT_CONFIG: SandboxConfig = {
  delaysSeconds: DEFAULT_DELAYS_SECONDS,
  cardPresentMaxBlockSeconds: DEFAULT_CARD_PRESENT_MAX_BLOCK_SECONDS,
  rateLimit: { readsPerSecond: null, writesPerSecond: null },
  standIn: false,
};

export type ConfigUpdate = {
  delaysSeconds?: Partial<Delays>;
  cardPresentMaxBlockSeconds?: number;
  rateLimit?: Partial<RateLimit>;
  standIn?: boolean;
};

export function mergeConfig(current: SandboxConfig, update: ConfigUpdate): SandboxConfig {
  return {
    delaysSeconds: { ...current.delaysSeconds, ...update.delaysSeconds },
    cardPresentMaxBlockSeconds: update.cardPresentMaxBlockSeconds ?? current.cardPresentMaxBlockSeconds,
    // A configuration stored before the limit existed has none.
    rateLimit: { ...DEFAULT_CONFIG.rateLimit, ...current.rateLimit, ...update.rateLimit },
    standIn: update.standIn ?? current.standIn,
  };
}
