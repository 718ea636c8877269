/**
 * The contract between the casino's game page (the frame: stake, mode, balance, round requests) and
 * each in-house game's screen (`games/<engineId>/`). A game screen draws the round it is given and
 * asks the frame to play or act; it never calls the server itself, so the same screen works in demo
 * and real mode, after a resume, and in the verifier's replay.
 */
import type { ComponentType } from 'react';

/** A JSON value, as the server sends a round's view (domain/casino/engine/in-house-game.ts). */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export type PlayMode = 'real' | 'demo';

/** A round as the server answers it (docs: /web-api/casino/v1/rounds). Money in minor units as text. */
export interface RoundView {
  readonly roundId: string;
  readonly gameId: number;
  readonly engineId: string;
  readonly mode: PlayMode;
  readonly status: 'open' | 'finished';
  /** The base stake the round was opened with. */
  readonly stakeMinor: string;
  /** Everything staked so far (doubles, splits, insurance included). */
  readonly stakedMinor: string;
  readonly payoutMinor: string;
  readonly allowed: readonly string[];
  readonly view: Json;
  readonly params: Json;
  readonly currency: string;
  readonly balanceBeforeMinor: string;
  readonly balanceAfterMinor: string;
  readonly nonce: number;
  readonly commitment: string;
  readonly clientSeed: string;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

export interface StakeLimits {
  readonly currency: string;
  readonly minStakeMinor: string;
  readonly maxStakeMinor: string;
  /** Minor units per step of the stake control (the currency's precision). */
  readonly stepMinor: string;
}

export interface GameUiProps {
  readonly engineId: string;
  readonly lng: string;
  readonly mode: PlayMode;
  /** The page has a signed-in player (a guest plays demo only; real-money-only games ask to sign in). */
  readonly signedIn: boolean;
  /** The open or last finished round of this game, or null before the first. */
  readonly round: RoundView | null;
  /** True while a request of this screen is on its way (disable the controls). */
  readonly busy: boolean;
  /** The stake the frame's stake control holds now (minor units). */
  readonly stakeMinor: bigint;
  readonly limits: StakeLimits;
  /** Turbo allowed by the jurisdiction (shorter animations); autoplay is the frame's. */
  readonly turbo: boolean;
  /** Opens a round with these parameters at the frame's stake; rejects with the server's error. */
  play(params: Json): Promise<RoundView>;
  /** Sends one decision of the open round. */
  act(action: Json): Promise<RoundView>;
  /** Formats minor units of the round's currency for display (Intl, the page language). */
  money(minor: bigint | string): string;
}

/** What a game folder exports (games/index.ts loads it lazily by engine id). */
export interface GameUiModule {
  readonly default: ComponentType<GameUiProps>;
}
