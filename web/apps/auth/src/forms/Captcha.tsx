/**
 * The captcha a protected call asks for (site-shell §5): an image with a small sum for codes 100, 111
 * and 112, a proof-of-work solved in the browser with a progress bar for 113. useCaptcha gives the
 * solver for callApi and the panel the form shows while it waits.
 */
import { type CaptchaNeed, type CaptchaSolver, callApi, solveProofOfWork } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, TextField } from '@parlay/ui/index.ts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import styles from './forms.module.css';

const CAPTCHA = '/captcha-api/v1';

interface Pending {
  need: CaptchaNeed;
  resolve(header: string | null): void;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function ImageCaptcha({ pending, onDone }: { pending: Pending; onDone(header: string | null): void }) {
  const t = useT('auth');
  const [challenge, setChallenge] = useState<{ id: string; image: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [wrong, setWrong] = useState(pending.need.errorCode === 111);
  const load = useCallback(async () => {
    setAnswer('');
    const result = await callApi<{ id: string; image: string }>(`${CAPTCHA}/update`);
    setChallenge(result.ok ? result.data : null);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const submit = async () => {
    if (!challenge || !answer.trim()) return;
    const check = await callApi<{ success: boolean }>(`${CAPTCHA}/validate`, {
      method: 'POST',
      body: { id: challenge.id, answer: answer.trim() },
    });
    if (check.ok && check.data.success) {
      onDone(`${challenge.id}:${answer.trim()}`);
      return;
    }
    setWrong(true);
    void load();
  };
  return (
    <>
      <p className={styles.muted}>{t('captcha.image_text')}</p>
      {challenge ? (
        <img
          className={styles.captchaImage}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(challenge.image)}`}
          alt={t('captcha.image_alt')}
          data-testid="captcha-image"
        />
      ) : null}
      {wrong ? <p className={styles.muted}>{t('captcha.wrong')}</p> : null}
      <TextField
        label={t('captcha.answer')}
        inputMode="numeric"
        autoComplete="off"
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => void submit()}>
          {t('captcha.submit')}
        </Button>
        <Button variant="ghost" onClick={() => void load()}>
          {t('captcha.another')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)}>
          {t('cancel')}
        </Button>
      </div>
    </>
  );
}

function PowCaptcha({ onDone }: { onDone(header: string | null): void }) {
  const t = useT('auth');
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      const challenge = await callApi<{ id: string; challenge: string; bits: number }>(`${CAPTCHA}/gettime`);
      if (!challenge.ok) {
        setFailed(true);
        return;
      }
      try {
        const nonce = await solveProofOfWork(challenge.data.challenge, challenge.data.bits, {
          digest: sha256,
          signal: abort.signal,
          onProgress: (tries, expected) => setProgress(Math.min(0.99, tries / (expected * 2))),
        });
        setProgress(1);
        onDone(`${challenge.data.id}:${nonce}`);
      } catch {
        if (!abort.signal.aborted) setFailed(true);
      }
    })();
    return () => abort.abort();
  }, [onDone]);
  return (
    <>
      <p className={styles.muted}>{t('captcha.pow_text')}</p>
      <progress
        className={styles.progress}
        value={progress}
        max={1}
        aria-label={t('captcha.pow_progress')}
        data-testid="captcha-progress"
      />
      {failed ? <p className={styles.muted}>{t('errors.generic')}</p> : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={() => onDone(null)}>
          {t('cancel')}
        </Button>
      </div>
    </>
  );
}

export function useCaptcha(): { solver: CaptchaSolver; panel: ReactNode } {
  const t = useT('auth');
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const solver = useCallback<CaptchaSolver>(
    (need) =>
      new Promise((resolve) => {
        const entry = { need, resolve };
        pendingRef.current = entry;
        setPending(entry);
      }),
    [],
  );
  const done = useCallback((header: string | null) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.resolve(header);
  }, []);
  const panel = pending ? (
    <section
      className={styles.captcha}
      aria-label={t('captcha.title')}
      data-testid="captcha"
      data-captcha-type={pending.need.captchaType}
    >
      <strong>{t('captcha.title')}</strong>
      {pending.need.captchaType === 'pow' ? (
        <PowCaptcha onDone={done} />
      ) : (
        <ImageCaptcha key={String(pending.need.errorCode)} pending={pending} onDone={done} />
      )}
    </section>
  ) : null;
  return { solver, panel };
}
