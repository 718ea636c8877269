/**
 * A stake factor of one player, market or sport (issue 24): the factor in force (a share of the
 * normal maximum stake; 0 stops betting) and, with risk.manage, a form to set it with a reason or
 * remove it. Shown with risk.view.
 */
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useId, useState } from 'react';
import { type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { NoticeLine, useDeskQuery, useNotice } from './desk.tsx';

interface FactorRow {
  factorMilli: number;
  reason: string;
  setBy: string;
  updatedAt: string;
}

type Scope = 'player' | 'market' | 'sport';

/** "0.1" → 100 thousandths; null when not a factor between 0 and 1 with at most three decimals. */
export function factorMilliOf(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) return null;
  const milli = Math.round(value * 1000);
  return Math.abs(milli - value * 1000) < 1e-6 ? milli : null;
}

export function RiskFactorControl({ me, scope, targetId }: { me: Me; scope: Scope; targetId: string }) {
  const t = useT('backoffice');
  const format = useFormat();
  const headingId = useId();
  const manage = me.actions.includes('risk.manage');
  const { data, reload: load } = useDeskQuery<{ factors: FactorRow[] }>(
    `/risk/factors?scope=${scope}&targetId=${targetId}`,
  );
  const row = data === null ? undefined : (data.factors[0] ?? null);
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const { notice, report } = useNotice();
  if (!me.actions.includes('risk.view')) return null;
  const milli = factorMilliOf(value);
  const send = async (factorMilli: number | null) => {
    const body = { scope, targetId, reason: reason.trim(), ...(factorMilli === null ? {} : { factorMilli }) };
    const answer = await post('/risk/factors', body);
    if (report(answer, t(factorMilli === null ? 'risk.factorRemoved' : 'risk.factorSet'))) {
      setReason('');
      setValue('');
      await load();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (milli !== null) void send(milli);
  };
  const share = (m: number) => format.number(m / 10, { upTo: 1 });
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid={`risk-factor-${scope}`}>
      <h3 id={headingId} className={styles.subheading}>
        {t(`risk.factorOf.${scope}`)}
      </h3>
      <p>
        {row === undefined
          ? t('loading')
          : row === null
            ? t('risk.noFactor')
            : t('risk.factorInForce', {
                factor: format.number(row.factorMilli / 1000, { upTo: 3 }),
                percent: share(row.factorMilli),
                login: row.setBy,
                reason: row.reason,
              })}
      </p>
      {manage ? (
        <form className={styles.stack} onSubmit={submit} aria-labelledby={headingId}>
          <TextField
            label={t('risk.factor')}
            hint={value !== '' && milli === null ? t('risk.factorInvalid') : t('risk.factorHint')}
            aria-invalid={value !== '' && milli === null}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <TextField
            label={t('risk.reason')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className={styles.buttons}>
            <Button type="submit" variant="primary" disabled={milli === null || reason.trim().length < 3}>
              {t('risk.setFactor')}
            </Button>
            {row ? (
              <Button
                type="button"
                variant="ghost"
                disabled={reason.trim().length < 3}
                onClick={() => void send(null)}
              >
                {t('risk.removeFactor')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      <NoticeLine notice={notice} />
    </section>
  );
}
