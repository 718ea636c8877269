/**
 * `parlay operators create --login <login> --role <role>` (the first admin; later ones are created in
 * the back office) and `parlay audit verify` (walks the audit chain; exits 1 naming the first
 * broken record).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { type CommandOut, runOperatorCommand } from '../../platform/operator-command.ts';
import type { Database } from '../../platform/schema.ts';
import { verifyAuditChain } from './audit-log.ts';
import { createOperator } from './operators.ts';
import { OPERATOR_ROLES } from './permissions.ts';

export const OPERATORS_USAGE = `  operators create --login <login> --role <${OPERATOR_ROLES.join('|')}>
                                 create a back-office operator; prints a one-time password and
                                 the TOTP secret (otpauth:// URI) once
  audit verify                   walk the back-office audit chain; fails naming the first record
                                 that was edited, removed or added out of the chain`;

const CLI_ACTOR = { operatorId: null, login: 'cli', ip: 'cli' };

function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

export function runOperatorsCommand(
  db: Kysely<Database>,
  clock: Clock,
  args: string[],
  out: CommandOut = console,
): Promise<number> {
  return runOperatorCommand(out, OPERATORS_USAGE, async () => {
    const login = flag(args, '--login');
    const role = flag(args, '--role');
    if (args[0] !== 'create' || !login || !role || args.length !== 5) return null;
    const created = await createOperator(db, clock, CLI_ACTOR, { login, role });
    out.log(`operator ${created.login} (${created.role}) created, id ${created.operatorId}`);
    out.log(`one-time password: ${created.password}`);
    out.log(`TOTP secret: ${created.totpSecret}`);
    out.log(`otpauth URI: ${created.otpauthUri}`);
    out.log('These are shown once: give them to the operator over a safe channel.');
    return 0;
  });
}

export function runAuditCommand(
  db: Kysely<Database>,
  args: string[],
  out: CommandOut = console,
): Promise<number> {
  return runOperatorCommand(out, OPERATORS_USAGE, async () => {
    if (args.length !== 1 || args[0] !== 'verify') return null;
    const report = await verifyAuditChain(db);
    if (report.ok) {
      out.log(`audit chain intact: ${report.checked} record(s)`);
      return 0;
    }
    out.error(
      `audit chain broken at record ${report.brokenAt}: ${report.reason} (${report.checked} record(s) before it intact)`,
    );
    return 1;
  });
}
