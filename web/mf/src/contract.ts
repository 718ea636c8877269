/**
 * What the server's web role and the built web code agree on. The server (server/src/modules/web)
 * imports the SSR builds in web/dist/server/*.js and calls these functions; it never knows React.
 */
import type { Fragment, FragmentContext } from './protocol.ts';

/** A minimal fetch for server-side rendering: in one process it is an in-process HTTP request. */
export type ApiFetch = (
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; json(): Promise<unknown> }>;

/** Assets of one built micro-app, as listed in web/dist/manifest.json. */
export interface AppAssets {
  /** ES module entry that exports mount/hydrate/unmount. */
  entry: string;
  css: string[];
  /** Static chunks the entry imports, for modulepreload. */
  preload: string[];
}

/** web/dist/manifest.json, written by web/build.ts. */
export interface WebManifest {
  version: string;
  importMap: { imports: Record<string, string> };
  sharedPreload: string[];
  apps: Record<string, AppAssets>;
  /**
   * Contents of the small stylesheets by URL: the shell writes them inline into the first
   * document instead of making the page wait for render-blocking requests.
   */
  inlineCss?: Record<string, string>;
  /** Icons of the installable web app (PNG, one per size), written by the build. */
  icons?: { size: number; src: string }[];
}

export interface RemoteRenderInput {
  /** Path with language prefix and query string, e.g. "/en/information/contacts?x=1". */
  url: string;
  context: FragmentContext;
  /** Named components for the POST "components" request (header widgets, footer); null for a page. */
  components: string[] | null;
  api: ApiFetch;
  assets: AppAssets;
}

export interface RemoteRenderResult {
  status: number;
  fragment: Fragment;
}

/** The default export shape of web/dist/server/<app>.js for every micro-app. */
export interface RemoteServerModule {
  appName: string;
  render(input: RemoteRenderInput): Promise<RemoteRenderResult>;
}

export interface ShellRequest {
  /** Path and query as received, e.g. "/en/?a=1". */
  url: string;
  headers: Record<string, string | undefined>;
  cookies: Record<string, string | undefined>;
}

export type ShellResponse =
  | { kind: 'redirect'; status: 301 | 302 | 307 | 308; location: string }
  | { kind: 'html'; status: number; html: string; headers?: Record<string, string | string[]> };

export interface ShellRenderInput {
  request: ShellRequest;
  manifest: WebManifest;
  api: ApiFetch;
  /** Fetches a fragment of a micro-app through the real protocol (JSON mode), with a timeout. */
  loadFragment(
    app: string,
    url: string,
    options: { context: FragmentContext; components?: string[]; timeoutMs: number },
  ): Promise<RemoteRenderResult>;
}

/** The default export shape of web/dist/server/shell.js. */
export interface ShellServerModule {
  renderPage(input: ShellRenderInput): Promise<ShellResponse>;
  /**
   * The key under which the host may keep this request's answer for a moment (guests only), or
   * null when it must be rendered afresh. It must contain everything renderPage reads from the
   * request; the host adds nothing.
   */
  pageCacheKey?(request: ShellRequest): string | null;
}
