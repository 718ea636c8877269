import type { EventBus } from './bus.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db.ts';
import type { LeadershipView } from './leadership.ts';
import type { Metrics } from './metrics.ts';

/** What the composition root hands every module. */
export interface ModuleDeps {
  config: Config;
  db: DatabaseHandle;
  bus: EventBus;
  clock: Clock;
  metrics: Metrics;
  /** Workers role only: the singleton job groups this process leads (health and metrics show it). */
  leadership?: LeadershipView;
}
