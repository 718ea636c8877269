/**
 * The jurisdiction switches of a game (config group `casino`, set per site by the operator): the
 * site's values, then the game's override by engine id, then by numeric game id.
 */
import type { SiteConfigService } from '../../config/index.ts';

export interface Jurisdiction {
  autoplay: boolean;
  autoplayMaxRounds: number;
  turbo: boolean;
  minRoundMs: number;
  showNetPosition: boolean;
  showSessionTimer: boolean;
  /** The jurisdiction's highest stake in the currency asked for (minor units), or null when none. */
  maxStakeMinor: string | null;
}

type Override = Partial<Omit<Jurisdiction, 'maxStakeMinor'>> & {
  maxStakeMinorByCurrency?: Record<string, string>;
};

/** The settings of one game in one currency. */
export async function jurisdictionOf(
  siteConfig: SiteConfigService,
  game: { gameId: number; engineId: string | null },
  currency: string,
): Promise<Jurisdiction> {
  const { casino } = await siteConfig.groups(['casino'], 'en');
  const site = casino as unknown as Override & { gameOverrides: Record<string, Override> };
  const layers: Override[] = [site];
  if (game.engineId && site.gameOverrides[game.engineId]) layers.push(site.gameOverrides[game.engineId]!);
  if (site.gameOverrides[String(game.gameId)]) layers.push(site.gameOverrides[String(game.gameId)]!);
  const merged = Object.assign({}, ...layers) as Required<Override>;
  let maxStakeMinor: string | null = null;
  for (const layer of layers) {
    const value = layer.maxStakeMinorByCurrency?.[currency];
    if (value !== undefined) maxStakeMinor = value;
  }
  return {
    autoplay: merged.autoplay,
    autoplayMaxRounds: merged.autoplayMaxRounds,
    turbo: merged.turbo,
    minRoundMs: merged.minRoundMs,
    showNetPosition: merged.showNetPosition,
    showSessionTimer: merged.showSessionTimer,
    maxStakeMinor,
  };
}
