/**
 * Cookie consent (site-shell §2-§4): a main view (accept all, or customize) and a customize view
 * (the options, back, accept selected, accept all). The choice maps through consent.ts.
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useEffect, useRef, useState } from 'react';
import styles from '../modals/modals.module.css';
import { type ConsentOption, type CookiesType, consentOptions, cookiesTypeOf } from './consent.ts';

export type ConsentView = 'main' | 'customize';

export interface CookieConsentProps {
  t: TranslateFn;
  current: CookiesType | null;
  onChoose(type: CookiesType): void;
  /** The view to start in (customize when the visitor pressed it on the server-rendered banner). */
  initialView?: ConsentView;
}

export function CookieConsent({ t, current, onChoose, initialView = 'main' }: CookieConsentProps) {
  const [view, setView] = useState<ConsentView>(initialView);
  const [options, setOptions] = useState<ConsentOption[]>(() => consentOptions(current));
  const customizeButton = useRef<HTMLButtonElement>(null);
  const firstOption = useRef<HTMLInputElement>(null);
  // An initial customize view comes from a press on the server-rendered banner before this chunk
  // mounted (it loads after the page's load event): focus moves as if the view had been switched here.
  const moved = useRef(initialView !== 'main');

  // Switching views moves focus to the new view's first control, and back to the button that left it.
  useEffect(() => {
    if (!moved.current) return;
    if (view === 'customize') firstOption.current?.focus();
    else customizeButton.current?.focus();
  }, [view]);
  const show = (next: 'main' | 'customize') => {
    moved.current = true;
    setView(next);
  };

  if (view === 'main') {
    return (
      <div data-consent-view="main">
        <p className={styles.text}>{t('consent.text')}</p>
        <div className={styles.actions}>
          <Button ref={customizeButton} data-consent-action="customize" onClick={() => show('customize')}>
            {t('consent.customize')}
          </Button>
          <Button variant="primary" data-consent-action="accept-all" onClick={() => onChoose('all')}>
            {t('consent.accept_all')}
          </Button>
        </div>
      </div>
    );
  }
  const firstEditable = options.findIndex((option) => !option.disabled);
  return (
    <div data-consent-view="customize">
      <fieldset className={styles.options}>
        <legend className={styles.text}>{t('consent.customize_title')}</legend>
        {options.map((option, index) => (
          <label key={option.name} className={styles.option}>
            <input
              ref={index === firstEditable ? firstOption : undefined}
              type="checkbox"
              name={option.name}
              checked={option.checked}
              disabled={option.disabled}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setOptions((all) => all.map((o) => (o.name === option.name ? { ...o, checked } : o)));
              }}
            />
            <span className={styles.optionName}>{t(`consent.options.${option.name}.name`)}</span>
            <span className={styles.optionDescription}>
              {t(`consent.options.${option.name}.description`)}
            </span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button onClick={() => show('main')}>{t('consent.back')}</Button>
        <Button onClick={() => onChoose(cookiesTypeOf(options))}>{t('consent.accept_selected')}</Button>
        <Button variant="primary" onClick={() => onChoose('all')}>
          {t('consent.accept_all')}
        </Button>
      </div>
    </div>
  );
}
