/**
 * How every in-house screen plays a round: ask the frame (props.play / props.act), draw the answered
 * round with a short animation (shorter in turbo, none when the player prefers reduced motion), then
 * state the result in the live region. A round the frame hands in by itself (a resumed or restored
 * one) is drawn at once, without animation.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameUiProps, Json, RoundView } from '../game-ui.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True when the player asked the system for less motion (false on the server). */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof window === 'undefined' || !window.matchMedia) return;
    const query = window.matchMedia(REDUCED_MOTION);
    setReduced(query.matches);
    const change = (event: MediaQueryListEvent) => setReduced(event.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return reduced;
}

/** An animation's length: none with reduced motion, a third in turbo (DESIGN.md: under 2 s). */
export function motionMs(baseMs: number, turbo: boolean, reduced: boolean): number {
  if (reduced) return 0;
  return Math.min(1_900, turbo ? Math.round(baseMs / 3) : baseMs);
}

export interface RoundPlayer {
  /** The round the screen draws: the last one played here or handed in by the frame. */
  readonly round: RoundView | null;
  /** True while the round just answered is being animated (controls stay disabled). */
  readonly animating: boolean;
  /** The length of the current animation in ms (0 with reduced motion). */
  readonly durationMs: number;
  /** The last result stated for screen readers. */
  readonly announcement: string;
  /** True when the last request failed (the frame shows the server's message). */
  readonly failed: boolean;
  play(params: Json): Promise<void>;
  act(action: Json): Promise<void>;
  /** Ends the running animation at once (a long free-spins sequence). */
  skip(): void;
}

export interface RoundPlayerOptions {
  /** The animation's length before turbo and reduced motion. */
  readonly baseMs: number;
  /** The words a screen reader hears once the round is drawn. */
  describe(round: RoundView): string;
  /** The animation of an action (mines: one tile) may be shorter than the round's. */
  readonly actionMs?: number;
  /** A round's own length before turbo (slots: longer with free spins); baseMs when left out. */
  durationOf?(round: RoundView): number;
}

export function useRoundPlayer(props: GameUiProps, options: RoundPlayerOptions): RoundPlayer {
  const reduced = useReducedMotion();
  const [round, setRound] = useState<RoundView | null>(props.round);
  const [animating, setAnimating] = useState(false);
  const [durationMs, setDurationMs] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [failed, setFailed] = useState(false);
  const animatingRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const describe = useRef(options.describe);
  describe.current = options.describe;
  const durationOf = useRef(options.durationOf);
  durationOf.current = options.durationOf;
  const finishRef = useRef<(() => void) | null>(null);
  /** The round drawn now, a round the frame handed in meanwhile, and whether the first one was seen. */
  const shownId = useRef<string | null>(props.round?.roundId ?? null);
  const pending = useRef<RoundView | null>(null);
  const mounted = useRef(false);
  const showRef = useRef<(round: RoundView, baseMs: number) => void>(() => {});
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const show = useCallback(
    (answered: RoundView, baseMs: number) => {
      const own = durationOf.current?.(answered);
      const length =
        own === undefined
          ? motionMs(baseMs, props.turbo, reduced)
          : reduced
            ? 0
            : props.turbo
              ? Math.round(own / 3)
              : own;
      shownId.current = answered.roundId;
      setRound(answered);
      setDurationMs(length);
      const finish = () => {
        finishRef.current = null;
        if (timer.current) clearTimeout(timer.current);
        animatingRef.current = false;
        setAnimating(false);
        setAnnouncement(describe.current(answered));
        const next = pending.current;
        pending.current = null;
        if (next && next.roundId !== answered.roundId) showRef.current(next, baseMs);
      };
      if (length === 0) {
        finish();
        return;
      }
      animatingRef.current = true;
      finishRef.current = finish;
      setAnimating(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(finish, length);
    },
    [props.turbo, reduced],
  );
  showRef.current = show;

  // The round the frame holds: the first one (a resumed or restored round) is drawn as it is; a new
  // one the frame played by itself (autoplay) is animated like one played here; an update of the
  // round shown (after an action) replaces it.
  const { baseMs } = options;
  useEffect(() => {
    const next = props.round;
    const first = !mounted.current;
    mounted.current = true;
    if (first || !next || next.roundId === shownId.current) {
      if (!animatingRef.current) {
        shownId.current = next?.roundId ?? null;
        setRound(next);
      }
      return;
    }
    if (animatingRef.current) pending.current = next;
    else show(next, baseMs);
  }, [props.round, show, baseMs]);

  const request = useCallback(
    async (send: () => Promise<RoundView>, baseMs: number) => {
      setFailed(false);
      try {
        show(await send(), baseMs);
      } catch {
        setFailed(true);
      }
    },
    [show],
  );

  const { play: framePlay, act: frameAct } = props;
  const play = useCallback(
    (params: Json) => request(() => framePlay(params), options.baseMs),
    [request, framePlay, options.baseMs],
  );
  const act = useCallback(
    (action: Json) => request(() => frameAct(action), options.actionMs ?? options.baseMs),
    [request, frameAct, options.actionMs, options.baseMs],
  );
  const skip = useCallback(() => finishRef.current?.(), []);
  return { round, animating, durationMs, announcement, failed, play, act, skip };
}

/** The round's payout in minor units (0 while open or lost). */
export function payoutOf(round: RoundView | null): bigint {
  return round && round.status === 'finished' ? BigInt(round.payoutMinor) : 0n;
}
