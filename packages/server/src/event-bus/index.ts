/**
 * The broker for live events between server instances: EVENT_BUS_URL names a NATS server
 * (`nats://`) or a Redis server (`redis://`, `rediss://`) whose pub/sub replaces PostgreSQL
 * LISTEN/NOTIFY behind the same `DbNotifier` seam. PostgreSQL stays the only store.
 */
import { openNatsNotifier } from './nats.ts';
import { openRedisNotifier } from './redis.ts';
import type { BrokerNotifier, BrokerOptions } from './broker.ts';

export type { BrokerNotifier, BrokerOptions } from './broker.ts';

/** The URL schemes EVENT_BUS_URL accepts. */
export const EVENT_BUS_SCHEMES = ['nats:', 'redis:', 'rediss:'] as const;

/**
 * Connects to the broker at `url`.
 * @throws Error when the scheme is not one of {@link EVENT_BUS_SCHEMES} or the broker cannot be
 *   reached (the server exits at start-up, as it does for an unreachable database).
 */
export function openEventBus(url: string, options: BrokerOptions = {}): Promise<BrokerNotifier> {
  switch (new URL(url).protocol) {
    case 'nats:':
      return openNatsNotifier(url, options);
    case 'redis:':
    case 'rediss:':
      return openRedisNotifier(url, options);
    default:
      return Promise.reject(new Error('EVENT_BUS_URL must be a nats:// or redis:// URL'));
  }
}
