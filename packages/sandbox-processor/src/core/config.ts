import { DEFAULT_CARD_PRESENT_MAX_BLOCK_SECONDS, DEFAULT_DELAYS_SECONDS } from "./test-data";

export type Delays = typeof DEFAULT_DELAYS_SECONDS;

export type SandboxConfig = {
  /** Seconds until each delayed transition happens on its own (a control route can make it happen at once). */
  delaysSeconds: Delays;
  cardPresentMaxBlockSeconds: number;
  /** Every resource also as a later version of the processor's API might send it (`laterVersionOf` in views.ts). */
  standIn: boolean;
};

export const DEFAULT_CONFIG: SandboxConfig = {
  delaysSeconds: DEFAULT_DELAYS_SECONDS,
  cardPresentMaxBlockSeconds: DEFAULT_CARD_PRESENT_MAX_BLOCK_SECONDS,
  standIn: false,
};

export type ConfigUpdate = { delaysSeconds?: Partial<Delays>; cardPresentMaxBlockSeconds?: number; standIn?: boolean };

export function mergeConfig(current: SandboxConfig, update: ConfigUpdate): SandboxConfig {
  return {
    delaysSeconds: { ...current.delaysSeconds, ...update.delaysSeconds },
    cardPresentMaxBlockSeconds: update.cardPresentMaxBlockSeconds ?? current.cardPresentMaxBlockSeconds,
    standIn: update.standIn ?? current.standIn,
  };
}
