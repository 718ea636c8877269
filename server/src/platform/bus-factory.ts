import pino from 'pino';
import { type EventBus, InProcessBus } from './bus.ts';

const busLog = pino({ name: 'bus' });

/** The in-process bus, or a cross-process adapter when BUS_URL names Redis or NATS. */
export async function createBus(busUrl: string | null): Promise<EventBus> {
  const local = new InProcessBus(busLog);
  if (!busUrl) return local;
  if (busUrl.startsWith('redis://')) {
    const { RedisBus } = await import('./bus-redis.ts');
    return RedisBus.connect(busUrl, local, busLog);
  }
  const { NatsBus } = await import('./bus-nats.ts');
  return NatsBus.connect(busUrl, local, busLog);
}
