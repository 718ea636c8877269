/**
 * Builds the web half into web/dist (run by `npm run build`):
 *   client/assets/shared/  React, react-dom and our shared libraries as ES modules, one build, so every
 *                          micro-app uses the same single copy through the import map;
 *   client/assets/<app>/   one build for the shell and one per listed micro-app (web/apps/index.ts,
 *                          entries from each manifest) with those externals;
 *   server/<app>.js        one SSR build per micro-app (React stays external, @parlay/* is bundled);
 *   manifest.json          WebManifest (web/mf/src/contract.ts): import map, preloads, entries, CSS.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { appEntryFiles } from '@parlay/apps/entries.ts';
import { APPS as APP_MANIFESTS } from '@parlay/apps/index.ts';
import type { AppAssets, WebManifest } from '@parlay/mf/contract.ts';
import { APP_ICON_SIZES, appIconPng } from '@parlay/shell/behaviours/app-icon.ts';
import { build, type InlineConfig, type Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
/** WEB_DIST_DIR (the server's setting of the same name) moves the output, e.g. for parallel work trees. */
const DIST = path.resolve(ROOT, process.env.WEB_DIST_DIR || 'web/dist');
const CLIENT_OUT = path.join(DIST, 'client');
const SERVER_OUT = path.join(DIST, 'server');

/** Bare specifiers of React resolved by the import map, with the ESM entry that re-exports each. */
const SHARED_REACT: Record<string, string> = {
  react: 'web/shell/src/shared/react.ts',
  'react-dom': 'web/shell/src/shared/react-dom.ts',
  'react-dom/client': 'web/shell/src/shared/react-dom-client.ts',
  'react/jsx-runtime': 'web/shell/src/shared/jsx-runtime.ts',
};

/** Our browser modules shared by every micro-app; an app importing any other @parlay module fails the build. */
const SHARED_LIBRARIES = [
  '@parlay/ui/index.ts',
  '@parlay/i18n/runtime.tsx',
  '@parlay/i18n/languages.ts',
  '@parlay/i18n/format.ts',
  '@parlay/i18n/site-dictionaries.ts',
  '@parlay/client/api.ts',
  '@parlay/client/realtime.ts',
  '@parlay/client/bets-api.ts',
  '@parlay/mf/protocol.ts',
  '@parlay/mf/view-state.ts',
  '@parlay/mf/fragment-markup.ts',
  '@parlay/mf/remote-client.tsx',
  '@parlay/mf/app-modals.tsx',
  '@parlay/mf/host.ts',
  '@parlay/mf/host-api.ts',
  '@parlay/mf/coupon-store.ts',
  '@parlay/mf/accounts-store.ts',
  '@parlay/mf/odds-view.ts',
  '@parlay/mf/view-settings.ts',
  '@parlay/mf/clock.ts',
] as const;

/**
 * Our modules an app bundles for itself instead of sharing one copy: the domain's pure rules, the
 * stateless account widgets and limits calls several apps show, and (for the shell) the list of app
 * manifests with the route matching over it. Two bundles holding a copy is harmless; stores and React
 * must stay single (SHARED_LIBRARIES).
 */
const BUNDLED_PER_APP = [
  /^@parlay\/domain\//,
  /^@parlay\/ui\/account\//,
  /^@parlay\/client\/limits-api\.ts$/,
  /^@parlay\/mf\/(app-manifest|route-match|route-params)\.ts$/,
  /^@parlay\/apps\/index\.ts$/,
];
/** The same modules by their files, for the guard that looks at what each bundle holds. */
const BUNDLED_PER_APP_FILES =
  /\/(domain\/|web\/ui\/src\/account\/|web\/client\/src\/limits-api\.ts$|web\/mf\/src\/(app-manifest|route-match|route-params)\.ts$)/;

/** Public React exports deliberately not re-exported (internals and undocumented names). */
const UNSHARED_REACT_EXPORTS = new Set(['browser', 'unstable_useCacheRefresh']);

interface AppSource {
  name: string;
  client: string;
  server: string;
}

/** The shell, then every listed micro-app (web/apps/index.ts) with the entries its manifest names. */
const APPS: readonly AppSource[] = [
  { name: 'shell', client: 'web/shell/src/client.tsx', server: 'web/shell/src/server.tsx' },
  ...APP_MANIFESTS.map((app) => ({ name: app.name, ...appEntryFiles(app) })),
];

/** One entry of Vite's build manifest (.vite/<name>.json). */
interface ViteManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type ViteManifest = Record<string, ViteManifestChunk>;

const sharedSpecifiers = new Set<string>([...Object.keys(SHARED_REACT), ...SHARED_LIBRARIES]);

/** "@parlay/mf/host.ts" → "web/mf/src/host.ts" (each web package exports "./*" from "./src/*"). */
function librarySource(specifier: string): string {
  const match = /^@parlay\/([a-z0-9-]+)\/(.+)$/.exec(specifier);
  if (!match) throw new Error(`not a @parlay library module: ${specifier}`);
  return `web/${match[1]}/src/${match[2]}`;
}

function entryName(specifier: string): string {
  return specifier
    .replace(/^@parlay\//, '')
    .replace(/\.tsx?$/, '')
    .replace(/[^a-zA-Z0-9]+/g, '-');
}

/**
 * CSS Modules class names from the file path, not the build: the SSR build and the client build of an
 * app must produce the same names for hydration to match.
 */
function scopedClassName(local: string, filename: string): string {
  const relative = path
    .relative(ROOT, filename.split('?')[0] ?? filename)
    .split(path.sep)
    .join('/');
  const base = path
    .basename(relative)
    .replace(/\.module\.css$/, '')
    .replace(/[^a-zA-Z0-9_-]/g, '_');
  const hash = createHash('sha256').update(relative).digest('hex').slice(0, 6);
  return `${base}_${local}_${hash}`;
}

function baseConfig(): InlineConfig {
  return {
    configFile: false,
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    css: { modules: { generateScopedName: scopedClassName } },
  };
}

/** Browser apps must take React, i18next and our libraries from the import map, never bundle a copy. */
function externalForApps(appName: string) {
  return (id: string): boolean => {
    if (sharedSpecifiers.has(id)) return true;
    if (BUNDLED_PER_APP.some((pattern) => pattern.test(id))) return false;
    if (/^@parlay\//.test(id)) {
      throw new Error(
        `${appName}: "${id}" is not a shared browser module; add it to SHARED_LIBRARIES in web/build.ts`,
      );
    }
    if (/^(react|react-dom|scheduler|i18next)(\/|$)/.test(id)) {
      throw new Error(`${appName}: "${id}" would bundle a second copy of a shared library`);
    }
    return false;
  };
}

/** Fails the build when a browser app bundle contains React or one of our shared libraries anyway. */
function singletonGuard(appName: string): Plugin {
  return {
    name: 'parlay:singleton-guard',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const copied = output.moduleIds.find(
          (id) =>
            /node_modules\/(react|react-dom|scheduler|i18next)\/|\/web\/(ui|i18n|client|mf)\/src\//.test(
              id,
            ) && !BUNDLED_PER_APP_FILES.test(id.split('?')[0] ?? id),
        );
        if (copied) throw new Error(`${appName}: ${output.fileName} bundles shared module ${copied}`);
      }
    },
  };
}

function clientOutput(dir: string) {
  return {
    entryFileNames: `assets/${dir}/[name]-[hash].js`,
    chunkFileNames: `assets/${dir}/[name]-[hash].js`,
    assetFileNames: `assets/${dir}/[name]-[hash][extname]`,
  };
}

function clientBuild(dir: string, input: Record<string, string>, extra: Partial<InlineConfig>): InlineConfig {
  const base = baseConfig();
  return {
    ...base,
    ...extra,
    build: {
      outDir: CLIENT_OUT,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: `.vite/${dir}.json`,
      target: 'es2022',
      cssCodeSplit: true,
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
      sourcemap: false,
      rolldownOptions: {
        input,
        preserveEntrySignatures: 'strict',
        output: clientOutput(dir),
        ...extra.build?.rolldownOptions,
      },
    },
  };
}

function sharedBuildConfig(): InlineConfig {
  const input: Record<string, string> = {};
  for (const [specifier, file] of Object.entries(SHARED_REACT))
    input[entryName(specifier)] = path.join(ROOT, file);
  for (const specifier of SHARED_LIBRARIES)
    input[entryName(specifier)] = path.join(ROOT, librarySource(specifier));
  return clientBuild('shared', input, {});
}

function appClientConfig(app: AppSource): InlineConfig {
  return clientBuild(
    app.name,
    { [app.name]: path.join(ROOT, app.client) },
    {
      plugins: [singletonGuard(app.name)],
      build: { rolldownOptions: { external: externalForApps(app.name) } },
    },
  );
}

function appServerConfig(app: AppSource): InlineConfig {
  return {
    ...baseConfig(),
    ssr: { noExternal: [/^@parlay\//], external: ['react', 'react-dom', 'i18next'] },
    build: {
      ssr: true,
      outDir: SERVER_OUT,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'node24',
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: { [app.name]: path.join(ROOT, app.server) },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: `${app.name}-[name]-[hash].js` },
      },
    },
  };
}

async function readViteManifest(dir: string): Promise<ViteManifest> {
  return JSON.parse(await readFile(path.join(CLIENT_OUT, '.vite', `${dir}.json`), 'utf8')) as ViteManifest;
}

const url = (file: string) => `/${file}`;

/** An entry's static import closure: its JS chunks (entry excluded) and all their CSS. */
function closureOf(manifest: ViteManifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunkKey: string) => {
    if (seen.has(chunkKey)) return;
    seen.add(chunkKey);
    const chunk = manifest[chunkKey];
    if (!chunk) throw new Error(`build manifest has no chunk ${chunkKey}`);
    if (chunkKey !== key) js.add(url(chunk.file));
    for (const file of chunk.css ?? []) css.add(url(file));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

function entryKey(manifest: ViteManifest, source: string): string {
  const relative = path.relative(ROOT, path.join(ROOT, source)).split(path.sep).join('/');
  const key = Object.keys(manifest).find(
    (candidate) => candidate === relative && manifest[candidate]?.isEntry,
  );
  if (!key) throw new Error(`build manifest has no entry for ${relative}`);
  return key;
}

async function sharedAssets() {
  const manifest = await readViteManifest('shared');
  const imports: Record<string, string> = {};
  const preload = new Set<string>();
  const css = new Set<string>();
  const sources: Record<string, string> = { ...SHARED_REACT };
  for (const specifier of SHARED_LIBRARIES) sources[specifier] = librarySource(specifier);
  for (const [specifier, source] of Object.entries(sources)) {
    const key = entryKey(manifest, source);
    const chunk = manifest[key]!;
    imports[specifier] = url(chunk.file);
    preload.add(url(chunk.file));
    const closure = closureOf(manifest, key);
    for (const file of closure.js) preload.add(file);
    for (const file of closure.css) css.add(file);
  }
  return { imports, preload: [...preload], css: [...css] };
}

async function appAssets(app: AppSource, sharedCss: readonly string[]): Promise<AppAssets> {
  const manifest = await readViteManifest(app.name);
  const key = entryKey(manifest, app.client);
  const closure = closureOf(manifest, key);
  // The shared libraries' CSS (tokens, base, ui components) is loaded with the shell on every page.
  const css = app.name === 'shell' ? [...sharedCss, ...closure.css] : closure.css;
  return { entry: url(manifest[key]!.file), css, preload: closure.js };
}

/** Fails when React gains a public export the shared ESM entries do not re-export. */
async function checkReactExports(): Promise<void> {
  const require = createRequire(path.join(ROOT, 'package.json'));
  process.env.NODE_ENV ??= 'production';
  for (const [specifier, file] of Object.entries(SHARED_REACT)) {
    const source = await readFile(path.join(ROOT, file), 'utf8');
    const missing = Object.keys(require(specifier) as object).filter(
      (name) =>
        !name.startsWith('__') &&
        !UNSHARED_REACT_EXPORTS.has(name) &&
        !new RegExp(`\\b${name}\\b`).test(source),
    );
    if (missing.length > 0)
      throw new Error(`${file} does not re-export ${missing.join(', ')} of ${specifier}`);
  }
}

/** Hash of the build: client file names carry content hashes; server bundles are hashed by content. */
async function buildVersion(
  imports: Record<string, string>,
  apps: Record<string, AppAssets>,
): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify({ imports, apps }));
  for (const app of APPS) hash.update(await readFile(path.join(SERVER_OUT, `${app.name}.js`)));
  return hash.digest('hex').slice(0, 16);
}

/** The installable web app's PNG icons (content-hashed names under /assets/icons/). */
async function writeAppIcons(): Promise<NonNullable<WebManifest['icons']>> {
  const dir = path.join(CLIENT_OUT, 'assets', 'icons');
  await mkdir(dir, { recursive: true });
  const icons: NonNullable<WebManifest['icons']> = [];
  for (const size of APP_ICON_SIZES) {
    const png = appIconPng(size);
    const name = `icon-${size}-${createHash('sha256').update(png).digest('hex').slice(0, 8)}.png`;
    await writeFile(path.join(dir, name), png);
    icons.push({ size, src: `/assets/icons/${name}` });
  }
  return icons;
}

/** Stylesheets small enough to inline into the first document (each under INLINE_CSS_MAX_BYTES). */
async function smallStylesheets(apps: Record<string, AppAssets>): Promise<Record<string, string>> {
  const inline: Record<string, string> = {};
  for (const href of new Set(Object.values(apps).flatMap((app) => app.css))) {
    const css = await readFile(path.join(CLIENT_OUT, href), 'utf8');
    if (Buffer.byteLength(css) <= INLINE_CSS_MAX_BYTES) inline[href] = css;
  }
  return inline;
}

async function gzipSizeOf(urls: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of new Set(urls)) total += gzipSync(await readFile(path.join(CLIENT_OUT, file))).length;
  return total;
}

/** Runs builds at most `limit` at a time (the build machine may have 2 cores). */
async function runLimited(configs: readonly InlineConfig[], limit: number): Promise<void> {
  const queue = [...configs];
  const worker = async () => {
    for (let config = queue.shift(); config; config = queue.shift()) await build(config);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

/**
 * A render-blocking stylesheet request costs a round trip before the first paint on a mobile network;
 * inline, the sports app's 40 KB (6 KB gzip) rides in the document instead.
 */
const INLINE_CSS_MAX_BYTES = 64 * 1024;

async function main(): Promise<void> {
  const startedAt = performance.now();
  process.env.NODE_ENV = 'production';
  await checkReactExports();
  await rm(DIST, { recursive: true, force: true });
  await mkdir(SERVER_OUT, { recursive: true });

  await runLimited([sharedBuildConfig(), ...APPS.map(appClientConfig), ...APPS.map(appServerConfig)], 3);

  const shared = await sharedAssets();
  const apps: Record<string, AppAssets> = {};
  for (const app of APPS) apps[app.name] = await appAssets(app, shared.css);
  const version = await buildVersion(shared.imports, apps);
  const manifest: WebManifest = {
    version,
    importMap: { imports: shared.imports },
    sharedPreload: shared.preload,
    apps,
    icons: await writeAppIcons(),
    inlineCss: await smallStylesheets(apps),
  };
  await writeFile(path.join(DIST, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(SERVER_OUT, 'package.json'), '{ "type": "module" }\n');
  // Outside the repository the server bundles still resolve their packages (react, i18next) from it.
  if (path.relative(ROOT, DIST).startsWith('..')) {
    await symlink(path.join(ROOT, 'node_modules'), path.join(DIST, 'node_modules'), 'dir');
  }

  const home = [...shared.preload];
  for (const name of ['shell', 'sports']) home.push(apps[name]!.entry, ...apps[name]!.preload);
  const homeGzip = await gzipSizeOf(home);
  const withFooter = await gzipSizeOf([...home, apps.footer!.entry, ...apps.footer!.preload]);
  const sharedGzip = await gzipSizeOf(shared.preload);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`web build ${version} in ${seconds} s → ${path.relative(ROOT, DIST)}`);
  console.log(
    `initial JS of /en/ (shared + shell + sports): ${kb(homeGzip)} gzip ` +
      `(shared ${kb(sharedGzip)}; with footer ${kb(withFooter)})`,
  );
}

await main();
