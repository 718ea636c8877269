/**
 * Names of markets and outcomes as a player reads them, in one home for every side: the sports
 * pages (cards, odds buttons, the bet slip) and the server's bet history, CSV and print page. The
 * texts are dictionary keys (namespace "markets": market.<type>, outcome.<key>, short.<key>,
 * period.<unit>, stat.<stat>, ordinal.<n>); the caller passes the translate function of its language.
 */

/** Translates a dictionary key with {{name}} values. */
export type LabelTranslate = (key: string, values?: Record<string, string | number>) => string;

/** What naming a market needs: its type and specifiers (period, stat, team, goal, line). */
export interface LabelledMarket {
  type: string;
  specifiers: Record<string, string>;
}

/** What naming an outcome needs: its key ("home", "over", "2:1") and dictionary key. */
export interface LabelledOutcome {
  key: string;
  nameKey: string;
}

/** The translate function and the game's names: "Arsenal (−0.5)" needs the team. */
export interface LabelNames {
  t: LabelTranslate;
  sportSlug: string;
  home: string;
  away: string;
}

/** The unit of a period per sport (halves, quarters, sets, maps…), for "1st half", "Set 2". */
const PERIOD_UNIT: Readonly<Record<string, string>> = {
  football: 'half',
  efootball: 'half',
  'virtual-football': 'half',
  handball: 'half',
  basketball: 'quarter',
  'virtual-basketball': 'quarter',
  'american-football': 'quarter',
  'ice-hockey': 'period',
  tennis: 'set',
  volleyball: 'set',
  'table-tennis': 'set',
  baseball: 'inning',
  cricket: 'innings',
  mma: 'round',
  cs2: 'map',
  'dota-2': 'map',
  'league-of-legends': 'map',
  valorant: 'map',
};

/** periodUnit('tennis') === 'set'; sports without their own unit count periods. */
export function periodUnit(sportSlug: string): string {
  return PERIOD_UNIT[sportSlug] ?? 'period';
}

/** "−0.5", "+1.25", "0": a line with a real minus sign and an explicit plus for handicaps. */
export function formatLine(line: string, signed: boolean): string {
  const value = Number(line);
  if (!Number.isFinite(value)) return line;
  const abs = String(Math.abs(value));
  if (value < 0) return `−${abs}`;
  return signed && value > 0 ? `+${abs}` : abs;
}

/** The away side's handicap line is the home line negated. */
export function awayLine(line: string): string {
  const value = Number(line);
  return Number.isFinite(value) ? String(value === 0 ? 0 : -value) : line;
}

/** "1st half · Corners · Total", "Team total · Arsenal", "Goal 2: who scores". */
export function cardTitle(card: LabelledMarket, names: LabelNames): string {
  const { t } = names;
  const s = card.specifiers;
  const parts: string[] = [];
  if (s.period) {
    parts.push(t(`period.${periodUnit(names.sportSlug)}`, { ord: t(`ordinal.${s.period}`), n: s.period }));
  }
  if (s.stat) parts.push(t(`stat.${s.stat}`));
  if (card.type === 'next_goal') parts.push(t('market.next_goal', { n: s.goal ?? '1' }));
  else parts.push(t(`market.${card.type}`));
  if (s.team) parts.push(s.team === 'home' ? names.home : names.away);
  return parts.join(' · ');
}

/** The short label on an odds button: "1", "X", "O 2.5", "1 (−0.5)", "2:1". */
export function outcomeShort(market: LabelledMarket, outcome: LabelledOutcome, t: LabelTranslate): string {
  const line = market.specifiers.line;
  if (outcome.nameKey === 'outcome.score') return outcome.key;
  if (line !== undefined && (outcome.key === 'over' || outcome.key === 'under')) {
    return t(`short.${outcome.key}`, { line: formatLine(line, false) });
  }
  if (market.type === 'handicap' && line !== undefined) {
    const own = outcome.key === 'away' ? awayLine(line) : line;
    return `${t(`short.${outcome.key}`)} (${formatLine(own, true)})`;
  }
  return t(`short.${outcome.key}`);
}

/**
 * The full name of an outcome for screen readers and the bet slip: the team for a result or winner
 * ("Arsenal", "Draw", "Chelsea"), "Over 2.5", "Arsenal (−0.5)".
 */
export function outcomeName(market: LabelledMarket, outcome: LabelledOutcome, names: LabelNames): string {
  const { t } = names;
  const line = market.specifiers.line;
  if (outcome.nameKey === 'outcome.score') return t('outcome.score', { score: outcome.key });
  if (line !== undefined && (outcome.key === 'over' || outcome.key === 'under')) {
    return t(`outcome.${outcome.key}_line`, { line: formatLine(line, false) });
  }
  if (market.type === 'handicap' && line !== undefined) {
    const team = outcome.key === 'away' ? names.away : names.home;
    const own = outcome.key === 'away' ? awayLine(line) : line;
    return `${team} (${formatLine(own, true)})`;
  }
  if ((market.type === 'result' || market.type === 'winner') && outcome.key !== 'draw') {
    // The team, as the big books name it ("Arsenal", not "Home win"); another key keeps its text.
    if (outcome.key === 'home' || outcome.key === 'away') return names[outcome.key];
    return t(`outcome.${outcome.key}_win`);
  }
  return t(outcome.nameKey);
}
