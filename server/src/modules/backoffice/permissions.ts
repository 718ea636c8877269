/**
 * Who may do what in the back office: one table of actions by role, checked on the server for
 * every back-office route (routes-guard.ts). The admin may do everything; the auditor only reads. The
 * sections of the left navigation follow from it: a section shows when its action is allowed.
 */

export const OPERATOR_ROLES = [
  'admin',
  'trader',
  'risk',
  'payments',
  'support',
  'content',
  'compliance',
  'auditor',
] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = {
  'dashboard.view': [...OPERATOR_ROLES],
  'dashboard.figures': ['admin', 'risk', 'trader', 'payments', 'compliance', 'auditor'],
  'operators.view': ['admin', 'auditor'],
  'operators.manage': ['admin'],
  'withdrawals.view': ['admin', 'payments', 'risk', 'compliance', 'auditor'],
  'withdrawals.decide': ['admin', 'payments'],
  'audit.view': ['admin', 'risk', 'compliance', 'auditor'],
  'audit.export': ['admin', 'compliance', 'auditor'],
  'settings.view': ['admin', 'auditor'],
  'settings.manage': ['admin'],
  'players.view': ['admin', 'risk', 'payments', 'support', 'compliance', 'auditor'],
  'players.manage': ['admin', 'risk', 'compliance'],
  'adjustments.propose': ['admin', 'payments', 'risk'],
  'adjustments.approve': ['admin', 'payments', 'compliance'],
  'alerts.view': ['admin', 'risk', 'compliance', 'auditor'],
  'alerts.manage': ['admin', 'risk', 'compliance'],
  'support.view': ['admin', 'support', 'compliance', 'auditor'],
  'support.answer': ['admin', 'support'],
  'trading.view': ['admin', 'trader', 'risk', 'auditor'],
  'trading.manage': ['admin', 'trader', 'risk'],
  'results.manage': ['admin', 'trader', 'risk'],
  'bets.view': ['admin', 'trader', 'risk', 'auditor'],
  'risk.view': ['admin', 'trader', 'risk', 'compliance', 'auditor'],
  'risk.manage': ['admin', 'risk', 'trader'],
  'limits.manage': ['admin', 'risk', 'compliance'],
  'alerts.settings': ['admin', 'compliance'],
  'payments.view': ['admin', 'payments', 'risk', 'compliance', 'auditor'],
  'casino.view': ['admin', 'content', 'risk', 'auditor'],
  'casino.manage': ['admin', 'content'],
  'bonuses.view': ['admin', 'risk', 'content', 'auditor'],
  'bonuses.manage': ['admin', 'risk'],
  'content.view': ['admin', 'content', 'auditor'],
  'content.manage': ['admin', 'content'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type BackofficeAction = keyof typeof PERMISSIONS;

export const BACKOFFICE_ACTIONS = Object.keys(PERMISSIONS) as BackofficeAction[];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

export function mayDo(role: OperatorRole, action: BackofficeAction): boolean {
  return (PERMISSIONS[action] as readonly OperatorRole[]).includes(role);
}

/** The navigation's sections that exist so far, each with the action that shows it. */
export const SECTIONS = [
  { id: 'dashboard', action: 'dashboard.view' },
  { id: 'withdrawals', action: 'withdrawals.view' },
  { id: 'operators', action: 'operators.view' },
  { id: 'audit', action: 'audit.view' },
  { id: 'players', action: 'players.view' },
  { id: 'adjustments', action: 'players.view' },
  { id: 'alerts', action: 'alerts.view' },
  { id: 'support', action: 'support.view' },
  { id: 'trading', action: 'trading.view' },
  { id: 'bets', action: 'bets.view' },
  { id: 'payments', action: 'payments.view' },
  { id: 'casino', action: 'casino.view' },
  { id: 'bonuses', action: 'bonuses.view' },
  { id: 'content', action: 'content.view' },
  { id: 'blocks', action: 'content.view' },
  { id: 'redirects', action: 'content.view' },
  { id: 'terms', action: 'content.view' },
  { id: 'config', action: 'settings.view' },
] as const satisfies readonly { id: string; action: BackofficeAction }[];
export type SectionId = (typeof SECTIONS)[number]['id'];

export function sectionsOf(role: OperatorRole): SectionId[] {
  return SECTIONS.filter((s) => mayDo(role, s.action)).map((s) => s.id);
}

export function actionsOf(role: OperatorRole): BackofficeAction[] {
  return BACKOFFICE_ACTIONS.filter((a) => mayDo(role, a));
}
