/**
 * The cookie banner rendered with the document for a visitor who has not chosen yet, so it paints
 * with the page rather than after the overlays chunk (it was the largest paint on a first visit). The
 * overlays mount the live banner in its place; a press before that is remembered and carried out.
 */
import type { Translator } from '@parlay/i18n/runtime.tsx';
import { renderToString } from 'react-dom/server';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { MODALS } from '../modals/registry.ts';
import { CookieConsent } from './CookieConsent.tsx';
import { CONSENT_COOKIE, parseCookiesType } from './consent.ts';

const ignore = () => {};

/** The banner's markup, or '' when the consent cookie already holds a choice. */
export function consentBannerHtml(
  cookies: Readonly<Record<string, string | undefined>>,
  translator: Translator,
) {
  if (parseCookiesType(cookies[CONSENT_COOKIE]) !== null) return '';
  const t = (key: string, values?: Record<string, string | number>) => translator.t('shell', key, values);
  const banner = (
    <div data-shell-layer="banner">
      <ModalFrame
        definition={MODALS['cookie-consent']}
        title={t('modals.cookie-consent.title')}
        closeLabel={t('close')}
        takeFocus={false}
        closable={false}
        onClose={ignore}
      >
        <CookieConsent t={t} current={null} onChoose={ignore} />
      </ModalFrame>
    </div>
  );
  return renderToString(banner);
}

/**
 * Until the overlays chunk mounts, the server-rendered buttons have no handlers: this code, written
 * right after the banner (document.ts, allowed by its hash), remembers which one the visitor pressed,
 * and the live banner carries it out (consent-early.ts).
 */
export const CONSENT_EARLY_PRESS_CODE =
  'document.getElementById("parlay-overlays").addEventListener("click",function(e){' +
  'var b=e.target&&e.target.closest&&e.target.closest("[data-consent-action]");' +
  'if(b&&!window.__parlayOverlays)window.__parlayConsentEarly=b.getAttribute("data-consent-action")})';
