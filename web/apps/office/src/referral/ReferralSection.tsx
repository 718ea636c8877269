/**
 * The bring-a-friend section (office/bringfriend, issue 23): the player's referral code and
 * invitation link with copy buttons, the reward rule, rewards received, invited friends (names
 * masked by the server) with their status and a void reason, and a form to enter a friend's code
 * before the first deposit. Data from /web-api/referrals/v1 (docs/referrals.md); a paid or voided
 * reward arrives on /ws ({type:'referral'} on the player's user:<id> topic) and reloads the view.
 */
import { getRealtime } from '@parlay/client/realtime.ts';
import { formatMoney } from '@parlay/i18n/format.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { formatDateTime } from '@parlay/mf/clock.ts';
import { Button, Card, EmptyState, Field, Skeleton, Table } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { call } from '../money/money-api.ts';
import { useOfficeClock } from '../office-clock.tsx';
import styles from './Referral.module.css';
import { REFERRAL_API, type ReferralView } from './referral-view.ts';

function useErrorText() {
  const t = useT('office-referral');
  const te = useT('errors');
  return (code: string) => {
    const key = code.toLowerCase();
    const text = te(key);
    return text === key ? t(code === 'NETWORK' ? 'network' : 'failed') : text;
  };
}

export function ReferralSection({ lng }: { lng: string }) {
  const t = useT('office');
  const [view, setView] = useState<ReferralView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async () => {
    const answer = await call<ReferralView>(`${REFERRAL_API}/me?lng=${lng === 'en' ? 'en' : 'ru'}`);
    if (answer.ok) {
      setView(answer.data);
      setFailed(null);
    } else setFailed(answer.code);
  }, [lng]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void call<{ result?: { user_id?: number | string } }>('/web-api/user/config').then((answer) => {
      const userId = answer.ok ? answer.data.result?.user_id : undefined;
      if (cancelled || userId === undefined) return;
      stop = getRealtime().subscribe(`user:${userId}`, (message) => {
        if ((message as { type?: unknown } | null)?.type === 'referral') void load();
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [load]);

  if (failed === 'NOT_AUTHENTICATED' || failed === 'HTTP_401')
    return (
      <EmptyState
        title={t('empty.office.title')}
        text={t('empty.office.text')}
        action={{ label: t('home_link'), href: `/${lng}/` }}
      />
    );
  if (!view) return <ReferralLoading failed={failed} onRetry={() => void load()} />;
  return <ReferralPanel view={view} lng={lng} onChanged={() => void load()} />;
}

function ReferralLoading({ failed, onRetry }: { failed: string | null; onRetry: () => void }) {
  const t = useT('office-referral');
  const errorText = useErrorText();
  if (!failed) return <Skeleton height="10rem" />;
  return (
    <div className={styles.section}>
      <p role="alert">{errorText(failed)}</p>
      <Button onClick={onRetry}>{t('failed')}</Button>
    </div>
  );
}

/** The loaded section (rendered on its own in tests). */
export function ReferralPanel({
  view,
  lng,
  onChanged,
}: {
  view: ReferralView;
  lng: string;
  onChanged: () => void;
}) {
  const t = useT('office-referral');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const money = (minor: string, iso: string) => formatMoney(minor, iso, lng);
  const rule = view.rule;
  return (
    <section className={styles.section} aria-labelledby="referral-title" data-testid="referral-section">
      <h2 id="referral-title" className={styles.heading}>
        {t('title')}
      </h2>
      <p className={styles.intro}>
        {rule?.isEnabled
          ? t('intro', {
              deposit: money(rule.depositMinMinor, rule.currency),
              wager: money(rule.wagerMinMinor, rule.currency),
              reward: money(rule.rewardMinor, rule.currency),
              cap: money(rule.capMinor, rule.currency),
            })
          : t('intro_off')}
      </p>
      <Card className={styles.share}>
        <CopyField label={t('code_label')} value={view.code} button={t('copy_code')} testId="referral-code" />
        <CopyField
          label={t('link_label')}
          value={`${origin}${view.linkPath}`}
          button={t('copy_link')}
          testId="referral-link"
        />
      </Card>
      <p className={styles.rewards} data-testid="referral-rewards">
        <span>{t('rewards_total')}: </span>
        <strong>
          {view.rewards.length === 0
            ? t('rewards_none')
            : view.rewards.map((r) => money(r.totalMinor, r.currency)).join(', ')}
        </strong>
      </p>
      <FriendsTable view={view} lng={lng} />
      {view.mayJoin ? <JoinForm onJoined={onChanged} /> : null}
    </section>
  );
}

function CopyField({
  label,
  value,
  button,
  testId,
}: {
  label: string;
  value: string;
  button: string;
  testId: string;
}) {
  const t = useT('office-referral');
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Field className={styles.copy}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.copyRow}>
        <input
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" onClick={() => void copy()}>
          {button}
        </Button>
      </div>
      <p role="status" aria-live="polite" className={styles.muted}>
        {state === 'copied' ? t('copied') : state === 'failed' ? t('copy_failed') : ''}
      </p>
    </Field>
  );
}

function FriendsTable({ view, lng }: { view: ReferralView; lng: string }) {
  const t = useT('office-referral');
  const clock = useOfficeClock();
  return (
    <div className={styles.friends}>
      <h3 className={styles.subheading}>
        {t('friends_title')}{' '}
        <span className={styles.muted}>({t('friends_count', { count: view.friendsTotal })})</span>
      </h3>
      {view.friends.length === 0 ? (
        <p className={styles.muted}>{t('friends_empty')}</p>
      ) : (
        <Table className={styles.table} data-testid="referral-friends">
          <thead>
            <tr>
              <th scope="col">{t('col_friend')}</th>
              <th scope="col">{t('col_date')}</th>
              <th scope="col">{t('col_status')}</th>
              <th scope="col">{t('col_reward')}</th>
            </tr>
          </thead>
          <tbody>
            {view.friends.map((f, i) => (
              <tr key={`${f.registeredAt}-${i}`} data-status={f.status}>
                <td data-label={t('col_friend')}>{f.name}</td>
                <td data-label={t('col_date')}>{formatDateTime(f.registeredAt, lng, clock)}</td>
                <td data-label={t('col_status')}>
                  {`${t(`status.${f.status}`)}${f.voidReason ? ` (${t(`void_reason.${f.voidReason}`)})` : ''}`}
                </td>
                <td data-label={t('col_reward')}>
                  {f.rewardMinor && f.rewardCurrency
                    ? formatMoney(f.rewardMinor, f.rewardCurrency, lng)
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {view.friendsTotal > view.friends.length ? (
        <p className={styles.muted}>{t('friends_shown', { shown: view.friends.length })}</p>
      ) : null}
    </div>
  );
}

function JoinForm({ onJoined }: { onJoined: () => void }) {
  const t = useT('office-referral');
  const errorText = useErrorText();
  const id = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await call<{ ok: true }>(`${REFERRAL_API}/join`, { body: { code: code.trim() } });
    setBusy(false);
    if (answer.ok) {
      setMessage({ ok: true, text: t('join_done') });
      onJoined();
    } else setMessage({ ok: false, text: errorText(answer.code) });
  };
  return (
    <form className={styles.join} onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.subheading}>
        {t('join_title')}
      </h3>
      <Field>
        <label htmlFor={id}>{t('join_label')}</label>
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          minLength={6}
          maxLength={16}
          pattern="[A-Za-z0-9]{6,16}"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className={styles.muted}>
          {t('join_hint')}
        </span>
      </Field>
      <Button type="submit" disabled={busy}>
        {t('join_submit')}
      </Button>
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.ok : styles.error}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
