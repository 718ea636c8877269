/**
 * The first-deposit popup's content (site-shell §4, §7): the running first-deposit offer from
 * GET /web-api/officeapi/v1/bonus-popup-information (its title and terms in the page's language, a
 * link to its promotion page and to the deposit form); the dictionary's general text while it loads
 * or when no offer runs.
 */
import { callApi } from '@parlay/client/api.ts';
import type { Language } from '@parlay/i18n/languages.ts';
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import styles from './modals.module.css';

interface PopupOffer {
  code: string;
  title: Record<string, string>;
  terms: Record<string, string>;
}

const textOf = (texts: Record<string, string>, lng: string) =>
  texts[lng] ?? texts.en ?? Object.values(texts)[0] ?? '';

export function FirstDepositOffer({ t, lng, close }: { t: TranslateFn; lng: Language; close(): void }) {
  const [offer, setOffer] = useState<PopupOffer | null>(null);
  useEffect(() => {
    let cancelled = false;
    void callApi<{ bonusPopupInformation?: { isAvailable?: boolean; offer?: PopupOffer | null } }>(
      '/web-api/officeapi/v1/bonus-popup-information',
    ).then((answer) => {
      const info = answer.ok ? answer.data.bonusPopupInformation : undefined;
      if (!cancelled && info?.isAvailable && info.offer) setOffer(info.offer);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div data-testid="first-deposit-offer" data-offer={offer?.code ?? ''}>
      {offer ? (
        <>
          <p className={styles.text}>
            <strong>{textOf(offer.title, lng)}</strong>
          </p>
          <p className={styles.text}>{textOf(offer.terms, lng)}</p>
        </>
      ) : (
        <p className={styles.text}>{t('modals.first-deposit-bonus.text')}</p>
      )}
      <div className={styles.actions}>
        <a className={styles.menuLink} href={`/${lng}/office/recharge`} onClick={close}>
          {t('modals.first-deposit-bonus.deposit')}
        </a>
        {offer ? (
          <a className={styles.menuLink} href={`/${lng}/promotions/${offer.code}`} onClick={close}>
            {t('modals.first-deposit-bonus.terms')}
          </a>
        ) : null}
        <Button onClick={close}>{t('close')}</Button>
      </div>
    </div>
  );
}
