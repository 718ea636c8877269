/**
 * The alert rules' thresholds (issue 24): shown to whoever sees the alerts, editable with
 * alerts.settings (admin, compliance). Amounts are typed in major units of the player's limit
 * currency and sent in minor units; the alerts job's next pass uses them.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { NoticeLine, Panel, useNotice } from './desk.tsx';
import { leaveIfSignedOut } from './Shell.tsx';

interface Thresholds {
  deposits24hMinor: string;
  lossesMinMinor: string;
  lossesRatioPercent: number;
  nightStakes: number;
  loosenedLimits: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

type Form = Record<'deposits' | 'losses' | 'ratio' | 'night' | 'loosened', string>;

const toMajor = (minor: string) => String(BigInt(minor) / 100n);
const wholeIn = (text: string, min: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

export function RiskAlertSettings({ me }: { me: Me }) {
  const t = useT('backoffice');
  const manage = me.actions.includes('alerts.settings');
  const [form, setForm] = useState<Form | null>(null);
  const { notice, report } = useNotice();
  const load = useCallback(async () => {
    const answer = await call<Thresholds>('/alerts/settings');
    leaveIfSignedOut(answer);
    if (!answer.ok) return;
    const d = answer.data;
    setForm({
      deposits: toMajor(d.deposits24hMinor),
      losses: toMajor(d.lossesMinMinor),
      ratio: String(d.lossesRatioPercent),
      night: String(d.nightStakes),
      loosened: String(d.loosenedLimits),
    });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (!form) return null;
  const parsed = {
    deposits: wholeIn(form.deposits, 1, 9_999_999_999_999),
    losses: wholeIn(form.losses, 1, 9_999_999_999_999),
    ratio: wholeIn(form.ratio, 100, 10_000),
    night: wholeIn(form.night, 1, 1000),
    loosened: wholeIn(form.loosened, 1, 100),
  };
  const valid = Object.values(parsed).every((v) => v !== null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const answer = await post('/alerts/settings', {
      deposits24hMinor: String(BigInt(parsed.deposits!) * 100n),
      lossesMinMinor: String(BigInt(parsed.losses!) * 100n),
      lossesRatioPercent: parsed.ratio,
      nightStakes: parsed.night,
      loosenedLimits: parsed.loosened,
    });
    if (report(answer, t('risk.thresholdsSaved'))) await load();
  };
  const field = (key: keyof Form, min: number, max: number) => (
    <TextField
      label={t(`risk.thresholds.${key}`)}
      type="number"
      min={min}
      max={max}
      step={1}
      inputMode="numeric"
      readOnly={!manage}
      aria-invalid={parsed[key] === null}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
    />
  );
  return (
    <Panel
      id="bo-alert-settings"
      title={t('risk.thresholdsTitle')}
      lead={t('risk.thresholdsLead')}
      testId="alert-settings"
    >
      <form className={styles.stack} onSubmit={save} aria-labelledby="bo-alert-settings">
        {field('deposits', 1, 9_999_999_999_999)}
        {field('losses', 1, 9_999_999_999_999)}
        {field('ratio', 100, 10_000)}
        {field('night', 1, 1000)}
        {field('loosened', 1, 100)}
        {manage ? (
          <div className={styles.buttons}>
            <Button type="submit" variant="primary" disabled={!valid}>
              {t('risk.saveThresholds')}
            </Button>
          </div>
        ) : null}
      </form>
      <NoticeLine notice={notice} />
    </Panel>
  );
}
