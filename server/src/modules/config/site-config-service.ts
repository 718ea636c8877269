/**
 * Reads the site configuration: defaults from groups.ts overlaid with the operator's stored values,
 * resolved for a language. Values are cached per process for 600-900 s (jittered so processes do
 * not refresh together) and dropped at once when any process announces a change on the bus.
 */
import { Value } from '@sinclair/typebox/value';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { CONFIG_GROUP_NAMES, CONFIG_GROUPS, type ConfigGroupName, settingOf } from './groups.ts';

export const CONFIG_CHANGED_TOPIC = 'config:changed';
export const CACHE_MIN_MS = 600_000;
export const CACHE_MAX_MS = 900_000;

export type ConfigGroups = Record<ConfigGroupName, Record<string, unknown>>;

/** A stored value may carry per-language variants: { "$i18n": { "ru": "…", "en": "…" } }. */
function resolveLanguage(value: unknown, lang: string, fallback: string): unknown {
  if (typeof value === 'object' && value !== null && '$i18n' in value) {
    const variants = (value as { $i18n: Record<string, unknown> }).$i18n;
    return variants[lang] ?? variants[fallback] ?? variants.en ?? null;
  }
  return value;
}

export class SiteConfigService {
  readonly #db: Kysely<Database>;
  readonly #bus: EventBus;
  readonly #clock: Clock;
  readonly #jitter: () => number;
  /** Values the process's environment fixes (features.isMessagingEnabled from MESSAGING): shown, never stored. */
  readonly #fixed: Partial<Record<ConfigGroupName, Record<string, unknown>>>;
  #cache: { stored: Map<string, unknown>; expiresAtMs: number } | null = null;

  constructor(
    db: Kysely<Database>,
    bus: EventBus,
    clock: Clock,
    jitter: () => number = () => 0.5,
    fixed: Partial<Record<ConfigGroupName, Record<string, unknown>>> = {},
  ) {
    this.#db = db;
    this.#bus = bus;
    this.#clock = clock;
    this.#jitter = jitter;
    this.#fixed = fixed;
    bus.subscribe(CONFIG_CHANGED_TOPIC, () => this.invalidate());
  }

  invalidate(): void {
    this.#cache = null;
  }

  async #stored(): Promise<Map<string, unknown>> {
    const now = this.#clock.nowMs();
    if (this.#cache && this.#cache.expiresAtMs > now) return this.#cache.stored;
    const rows = await this.#db.selectFrom('site_settings').select(['key', 'value']).execute();
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const ttlMs = CACHE_MIN_MS + Math.floor((CACHE_MAX_MS - CACHE_MIN_MS) * this.#jitter());
    this.#cache = { stored, expiresAtMs: now + ttlMs };
    return stored;
  }

  async groups(names: readonly ConfigGroupName[], lang: string): Promise<Partial<ConfigGroups>> {
    const stored = await this.#stored();
    const fallback = String(stored.get('main.defaultLanguage') ?? CONFIG_GROUPS.main.defaultLanguage.value);
    const result: Partial<ConfigGroups> = {};
    for (const name of names) {
      const group: Record<string, unknown> = {};
      for (const [key, setting] of Object.entries(CONFIG_GROUPS[name])) {
        const raw = stored.has(`${name}.${key}`) ? stored.get(`${name}.${key}`) : setting.value;
        group[key] = resolveLanguage(raw, lang, fallback);
      }
      Object.assign(group, this.#fixed[name]);
      result[name] = group;
    }
    return result;
  }

  async all(lang: string): Promise<ConfigGroups> {
    return (await this.groups(CONFIG_GROUP_NAMES, lang)) as ConfigGroups;
  }

  /** Sets one setting after checking it against its schema, and tells every process. */
  async set(path: string, value: unknown): Promise<void> {
    const [group = '', key = ''] = path.split('.');
    const setting = settingOf(group, key);
    if (!setting) throw new AppError('VALIDATION_FAILED', `unknown setting ${path}`);
    const candidate = (value as { $i18n?: Record<string, unknown> })?.$i18n;
    const checks = candidate && typeof candidate === 'object' ? Object.values(candidate) : [value];
    for (const item of checks) {
      if (!Value.Check(setting.schema, item)) {
        const first = Value.Errors(setting.schema, item).First();
        throw new AppError('VALIDATION_FAILED', `${path}: ${first?.message ?? 'invalid value'}`);
      }
    }
    await this.#db
      .insertInto('site_settings')
      .values({ key: path, value: JSON.stringify(value) as unknown as object })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: JSON.stringify(value) as unknown as object, updated_at: this.#clock.now() }),
      )
      .execute();
    this.invalidate();
    await this.#bus.publish(CONFIG_CHANGED_TOPIC, { path });
  }

  /** Back to the default value. */
  async reset(path: string): Promise<void> {
    await this.#db.deleteFrom('site_settings').where('key', '=', path).execute();
    this.invalidate();
    await this.#bus.publish(CONFIG_CHANGED_TOPIC, { path });
  }
}
