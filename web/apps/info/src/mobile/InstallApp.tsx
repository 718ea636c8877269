/**
 * The mobile app pages (mobile, mobile/app-download, mobile/apk-download, desktop): Parlay has no
 * native app, so they say so and offer the installable web app — the browser's own install prompt
 * through the shell (requestInstall; Chromium captures beforeinstallprompt) and the steps for browsers
 * without one, Safari on iPhone and iPad first of all (Share → Add to Home Screen). The server renders
 * every platform's steps; once hydrated the visitor's platform comes first.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { requestInstall } from '@parlay/mf/host-api.ts';
import { Button, Card, Heading } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import styles from '../InfoPage.module.css';
import { type InstallPlatform, platformOf, platformOrder } from './platform.ts';

export const INSTALL_ROUTES = [
  'mobile',
  'mobile-app-download',
  'mobile-apk-download',
  'desktop',
  'cricket-app',
  'ipl-betting-app',
  'ios-app',
] as const;
const STEPS = [1, 2, 3] as const;

export function isInstallRoute(routeId: string): boolean {
  return (INSTALL_ROUTES as readonly string[]).includes(routeId);
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}

function Steps({ platform }: { platform: InstallPlatform }) {
  const t = useT('info');
  const id = `install-steps-${platform}`;
  return (
    <section className={styles.installSteps} aria-labelledby={id}>
      <Heading level={2} id={id}>
        {t(`install.${platform}.title`)}
      </Heading>
      <ol>
        {STEPS.map((n) => (
          <li key={n}>{t(`install.${platform}.step${n}`)}</li>
        ))}
      </ol>
    </section>
  );
}

export function InstallApp({ routeId }: { routeId: string }) {
  const t = useT('info');
  const [platform, setPlatform] = useState<InstallPlatform | null>(null);
  const [standalone, setStandalone] = useState(false);
  const [canPrompt, setCanPrompt] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    setPlatform(platformOf(navigator.userAgent, navigator.maxTouchPoints ?? 0));
    setStandalone(isStandalone());
    // The shell keeps the prompt; hearing it here only tells the page that the browser offers one.
    const offered = () => setCanPrompt(true);
    const installed = () => {
      setCanPrompt(false);
      setStandalone(true);
    };
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);
  const install = () => {
    requestInstall();
    setAsked(true);
  };
  return (
    <>
      <p className={styles.text}>{t(`install.intro.${routeId}`)}</p>
      <p className={styles.text}>{t('install.no_native')}</p>
      {routeId === 'mobile-apk-download' ? <p className={styles.text}>{t('install.apk_warning')}</p> : null}
      <Card>
        <div className={styles.installCard}>
          {standalone ? (
            <p className={styles.text}>{t('install.installed')}</p>
          ) : platform === 'ios' ? (
            <p className={styles.text}>{t('install.ios_hint')}</p>
          ) : (
            <>
              <Button variant="primary" onClick={install}>
                {t('install.button')}
              </Button>
              <p className={styles.meta} role="status">
                {asked && !canPrompt ? t('install.fallback') : ''}
              </p>
            </>
          )}
        </div>
      </Card>
      {platformOrder(platform).map((p) => (
        <Steps key={p} platform={p} />
      ))}
      <p className={styles.text}>{t('install.benefits')}</p>
    </>
  );
}
