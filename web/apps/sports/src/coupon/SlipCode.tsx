/** Coupon codes: save the coupon under a code (with a copyable link that loads it) and load one by code. */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { type FormEvent, useState } from 'react';
import { useSportsContext } from '../context.tsx';
import { couponApi } from './coupon-api.ts';
import styles from './SlipCode.module.css';
import controls from './SlipControls.module.css';
import type { BetSlipModel } from './use-bet-slip.ts';

type LoadState = 'idle' | 'loading' | 'ok' | 'not-found' | 'error';

export function SlipCode({ model, t }: { model: BetSlipModel; t: TranslateFn }) {
  const { lng } = useSportsContext();
  const [saved, setSaved] = useState<{ code: string; link: string } | null>(null);
  const [saveError, setSaveError] = useState(false);
  const [copied, setCopied] = useState(false);
  const [code, setCode] = useState('');
  const [load, setLoad] = useState<LoadState>('idle');
  const { figures, selections } = model;

  const save = async () => {
    setSaveError(false);
    setCopied(false);
    const answer = await couponApi.saveCode({
      typeId: figures.typeId,
      ...(figures.typeId === 2 || figures.typeId === 4 ? { systemValue: figures.systemValue } : {}),
      bets: figures.legs.map((leg) => ({
        outcomeId: leg.selection.outcomeId,
        ...(leg.isBanker ? { isBanker: true } : {}),
      })),
    });
    if (!answer.ok) {
      setSaveError(true);
      return;
    }
    setSaved({
      code: answer.data,
      link: `${window.location.origin}/${lng}/?coupon=${encodeURIComponent(answer.data)}`,
    });
  };

  const copy = async () => {
    if (!saved) return;
    try {
      await navigator.clipboard.writeText(saved.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setLoad('loading');
    const result = await model.loadCode(code);
    setLoad(result);
    if (result === 'ok') setCode('');
  };

  return (
    <div className={styles.codes}>
      {selections.length > 0 ? (
        <div className={styles.saveCode}>
          <button type="button" className={controls.linkButton} onClick={save}>
            {t('slip.code.save')}
          </button>
          <div aria-live="polite">
            {saved ? (
              <div className={styles.savedCode} data-testid="slip-saved-code">
                <p>
                  {t('slip.code.saved')} <b data-testid="slip-code">{saved.code}</b>
                </p>
                <div className={controls.copyRow}>
                  <input
                    className={controls.input}
                    readOnly
                    value={saved.link}
                    aria-label={t('slip.code.link')}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button type="button" className={controls.secondaryButton} onClick={copy}>
                    {copied ? t('slip.code.copied') : t('slip.code.copy')}
                  </button>
                </div>
              </div>
            ) : saveError ? (
              <p className={controls.error}>{t('slip.code.save_failed')}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      <form className={styles.loadCode} onSubmit={submit}>
        <label htmlFor="slip-load-code">{t('slip.code.load_label')}</label>
        <div className={controls.copyRow}>
          <input
            id="slip-load-code"
            className={controls.input}
            autoComplete="off"
            value={code}
            maxLength={40}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className={controls.secondaryButton} disabled={load === 'loading'}>
            {t('slip.code.load')}
          </button>
        </div>
        <p aria-live="polite" className={load === 'ok' ? controls.hint : controls.error}>
          {load === 'not-found'
            ? t('slip.code.not_found')
            : load === 'error'
              ? t('slip.code.load_failed')
              : load === 'ok'
                ? t('slip.code.loaded')
                : ''}
        </p>
      </form>
    </div>
  );
}
