/**
 * The floating controls at the bottom right: the support multi-button (e-mail and phone when configured,
 * the consultant modal, and for a signed-in player the office's support section and the support
 * request history modal) and the scroll-to-top button (after 4 screens on mobile, 1 on desktop).
 */
import type { TranslateFn } from '@parlay/i18n/runtime.tsx';
import { openModal } from '@parlay/mf/host-api.ts';
import { useEffect, useId, useRef, useState } from 'react';
import styles from './overlays.module.css';
import { scrollTopVisible } from './page-signals.ts';
import type { SiteConfig } from './site-config.ts';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function ScrollTopButton({ t }: { t: TranslateFn }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setVisible(scrollTopVisible(window.scrollY, window.innerHeight, window.innerWidth)),
      );
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.round}
      aria-label={t('scroll_top')}
      title={t('scroll_top')}
      data-scroll-top=""
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        document.getElementById('parlay-page')?.focus({ preventScroll: true });
      }}
    >
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M10 16V4M4 10l6-6 6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

export function SupportButton({
  t,
  support,
  lng,
  signedIn,
}: {
  t: TranslateFn;
  support: SiteConfig['support'];
  lng: string;
  signedIn: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const email = support?.email;
  const phone = support?.phone;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu
    <div
      className={styles.support}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {open ? (
        <ul id={menuId} ref={menu} className={styles.supportMenu} aria-label={t('support.menu_label')}>
          {email ? (
            <li>
              <a className={styles.supportItem} href={`mailto:${email}`} rel="external">
                {t('support.email', { email })}
              </a>
            </li>
          ) : null}
          {phone ? (
            <li>
              <a className={styles.supportItem} href={`tel:${phone.replace(/[^\d+]/g, '')}`} rel="external">
                {t('support.phone', { phone })}
              </a>
            </li>
          ) : null}
          {/* The consultant: the site's own support chat (the office's support section). */}
          <li>
            <button
              type="button"
              className={styles.supportItem}
              onClick={() => {
                close(false);
                openModal('user-question');
              }}
            >
              {t('support.chat')}
            </button>
          </li>
          {signedIn ? (
            <>
              <li>
                <a className={styles.supportItem} href={`/${lng}/office/support`}>
                  {t('support.write')}
                </a>
              </li>
              <li>
                <button
                  type="button"
                  className={styles.supportItem}
                  onClick={() => {
                    close(false);
                    openModal('support-request-history');
                  }}
                >
                  {t('support.history')}
                </button>
              </li>
            </>
          ) : null}
        </ul>
      ) : null}
      <button
        ref={button}
        type="button"
        className={styles.round}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('support.button')}
        title={t('support.button')}
        data-support-button=""
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M4 9a6 6 0 0 1 12 0v4a2 2 0 0 1-2 2h-2M4 9v3h2V9H4zm12 0v3h-2V9h2z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </div>
  );
}
