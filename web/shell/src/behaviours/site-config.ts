/**
 * The site configuration in the browser: GET /bff-api/config/all.json?lang=, retried up to 5 times
 * 1 s apart (site-shell §7); null when it never loaded (the shell then says "no site config").
 */

export const SITE_CONFIG_RETRIES = 5;
export const SITE_CONFIG_RETRY_DELAY_MS = 1000;

/** The groups and keys the shell behaviours read (server/src/modules/config/groups.ts). */
export interface SiteConfig {
  main?: { defaultGeoCountry?: string };
  features?: { isSnowEnabled?: boolean; isAdBlockNoticeEnabled?: boolean; isNewSiteModalEnabled?: boolean };
  maintenance?: {
    isMaintenance?: boolean;
    notifyStartDate?: string | null;
    notifyEndDate?: string | null;
    startAt?: string | null;
    finishAt?: string | null;
    russianNoticeCountries?: string[];
  };
  support?: { email?: string; phone?: string; chatProvider?: string };
  identification?: { isShowIdentification?: boolean; verificationTypes?: string[] };
  registration?: { isRegistrationAllowed?: boolean };
}

export interface SiteConfigLoader {
  fetch(url: string): Promise<{ ok: boolean; json(): Promise<unknown> }>;
  wait(ms: number): Promise<void>;
}

export function siteConfigUrl(lng: string): string {
  return `/bff-api/config/all.json?lang=${encodeURIComponent(lng)}`;
}

/** One first attempt plus up to 5 retries, 1 s apart. */
export async function loadSiteConfig(lng: string, loader: SiteConfigLoader): Promise<SiteConfig | null> {
  for (let attempt = 0; attempt <= SITE_CONFIG_RETRIES; attempt += 1) {
    if (attempt > 0) await loader.wait(SITE_CONFIG_RETRY_DELAY_MS);
    try {
      const response = await loader.fetch(siteConfigUrl(lng));
      if (!response.ok) continue;
      const body = await response.json();
      if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as SiteConfig;
    } catch {
      // network failure: the next attempt
    }
  }
  return null;
}
