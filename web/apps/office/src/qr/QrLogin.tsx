/**
 * QR login pages: the signed-out desktop (route qr-login, /qrlogin) shows a QR code of the approval
 * address with a one-time code (60 s; renewed when it runs out) and polls until the phone approves,
 * then opens the office; the signed-in phone (route office-qrlogin, /office/qrlogin?code=…) approves.
 * The QR code is drawn here as SVG (qr-code.ts), never by an outside service.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../money/money-api.ts';
import styles from '../support/Support.module.css';
import { errorText } from '../support/SupportSection.tsx';
import { encodeQr, qrSvgPath } from './qr-code.ts';

const BASE = '/web-api/auth/v1/qr-login';
const POLL_MS = 1500;

interface Started {
  code: string;
  pollToken: string;
  expiresAt: string;
  ttlSeconds: number;
}

export function QrSvg({ text, label }: { text: string; label: string }) {
  const matrix = useMemo(() => encodeQr(text), [text]);
  const side = matrix.size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width="240"
      height="240"
      shapeRendering="crispEdges"
      data-testid="qr-code"
      data-text={text}
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={qrSvgPath(matrix)} fill="#000000" />
    </svg>
  );
}

/** The desktop: a QR code to scan with a signed-in phone. */
export function QrLoginDesktop({ lng }: { lng: string }) {
  const t = useT('office-more');
  const te = useT('errors');
  const [started, setStarted] = useState<Started | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setStarted(null);
    setError(null);
    void call<Started>(BASE, { body: {} }).then((answer) => {
      if (stopped) return;
      if (!answer.ok) return setError(answer.code);
      const session = answer.data;
      setStarted(session);
      const poll = async () => {
        const result = await call<{ state: string }>(`${BASE}/poll`, {
          body: { code: session.code, pollToken: session.pollToken },
        });
        if (stopped) return;
        if (result.ok && result.data.state === 'signed_in') {
          window.location.assign(`/${lng}/office`);
          return;
        }
        // A code that ran out is replaced by a new one; other errors stop and say why.
        if (!result.ok && result.code === 'QR_LOGIN_EXPIRED') return setGeneration((g) => g + 1);
        if (!result.ok && result.code !== 'NETWORK' && result.code !== 'RATE_LIMITED')
          return setError(result.code);
        timer = setTimeout(() => void poll(), POLL_MS);
      };
      timer = setTimeout(() => void poll(), POLL_MS);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [generation, lng]);
  return (
    <section className={styles.form} aria-labelledby="qr-desktop">
      <h2 id="qr-desktop">{t('qr.desktop_title')}</h2>
      <ol>
        <li>{t('qr.step_1')}</li>
        <li>{t('qr.step_2')}</li>
        <li>{t('qr.step_3')}</li>
      </ol>
      {started && origin ? (
        <div>
          <QrSvg text={`${origin}/${lng}/office/qrlogin?code=${started.code}`} label={t('qr.image')} />
          <p className={styles.muted} role="status">
            {t('qr.valid', { seconds: String(started.ttlSeconds) })}
          </p>
        </div>
      ) : error ? null : (
        <p className={styles.muted}>{t('qr.loading')}</p>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {errorText(te, t, error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => setGeneration((g) => g + 1)}>{t('qr.renew')}</Button>
      </div>
    </section>
  );
}

/** The signed-in phone: approve the sign-in of the desktop that shows the code. */
export function QrLoginApprove() {
  const t = useT('office-more');
  const te = useT('errors');
  const [code, setCode] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setCode(new URLSearchParams(window.location.search).get('code')), []);
  const approve = async () => {
    if (!code) return;
    setState('busy');
    setError(null);
    const answer = await call(`${BASE}/approve`, { body: { code } });
    if (!answer.ok) {
      setState('idle');
      return setError(answer.code);
    }
    setState('done');
  };
  return (
    <section className={styles.form} aria-labelledby="qr-approve">
      <h2 id="qr-approve">{t('qr.approve_title')}</h2>
      {code ? (
        state === 'done' ? (
          <p role="status" data-testid="qr-approved">
            {t('qr.approved')}
          </p>
        ) : (
          <>
            <p>{t('qr.approve_text')}</p>
            <div className={styles.actions}>
              <Button variant="primary" disabled={state === 'busy'} onClick={() => void approve()}>
                {t('qr.approve')}
              </Button>
            </div>
          </>
        )
      ) : (
        <p className={styles.muted}>{t('qr.no_code')}</p>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {errorText(te, t, error)}
        </p>
      ) : null}
    </section>
  );
}
