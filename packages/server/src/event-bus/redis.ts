/**
 * Cross-instance events over Redis pub/sub, with ioredis: a publisher connection PUBLISHes each
 * event on its space's channel `<channel>.<space id>`; a subscriber connection PSUBSCRIBEs
 * `<channel>.*` (all spaces: the validated-session cache of each instance needs every space's
 * control events). Pub/sub stores nothing — fire-and-forget like NOTIFY, without NOTIFY's
 * database-wide lock at commit.
 *
 * The subscriber is proven alive by a PING every `probeIntervalMs` (answered within
 * `probeTimeoutMs`, or the connection is dropped and made again); ioredis reconnects both
 * connections by itself for ever. The state goes `reconnecting` when either connection closes
 * (this instance would no longer hear the others, or reach them) and `listening` once both are
 * back and the patterns subscribed again, which is what lets subscribers catch up.
 */
import { Redis, type RedisOptions } from 'ioredis';

import {
  BROKER_PROBE_INTERVAL_MS,
  BROKER_PROBE_TIMEOUT_MS,
  BROKER_RETRY_MAX_DELAY_MS,
  deliver,
  StateFanOut,
  subjectFor,
  type BrokerNotifier,
  type BrokerOptions,
} from './broker.ts';

/**
 * Connects a publisher and a subscriber to the Redis server at `url`
 * (`redis[s]://[user:pass@]host:port[/db]`).
 * @throws when the server cannot be reached within `probeTimeoutMs`.
 */
export async function openRedisNotifier(
  url: string,
  options: BrokerOptions = {},
): Promise<BrokerNotifier> {
  const probeTimeoutMs = options.probeTimeoutMs ?? BROKER_PROBE_TIMEOUT_MS;
  const prefix = options.subjectPrefix ?? '';
  const common: RedisOptions = {
    lazyConnect: true,
    connectTimeout: probeTimeoutMs,
    retryStrategy: (attempts) => Math.min(50 * 2 ** attempts, BROKER_RETRY_MAX_DELAY_MS),
    ...(options.connectionName ? { connectionName: options.connectionName } : {}),
  };
  // While Redis is away a PUBLISH fails at once instead of queueing: fire-and-forget.
  const publisher = new Redis(url, { ...common, enableOfflineQueue: false });
  // Subscriptions are made again by hand on every `ready`, so that `listening` means subscribed.
  const subscriber = new Redis(url, {
    ...common,
    autoResubscribe: false,
    commandTimeout: probeTimeoutMs,
  });
  const states = new StateFanOut();
  const patterns = new Map<string, (payload: string) => void>();
  let closed = false;
  let lastError: unknown = null;
  for (const client of [publisher, subscriber]) {
    // ioredis prints unhandled `error` events; they are reported through the state instead.
    client.on('error', (error: unknown) => {
      lastError = error;
    });
  }
  subscriber.on('pmessage', (pattern: string, _channel: string, payload: string) => {
    const onPayload = patterns.get(pattern);
    if (onPayload) deliver(onPayload, payload);
  });
  // `listening` needs both: the subscriber hears the others, the publisher reaches them.
  const up = { subscriber: false, publisher: false };
  const report = () => {
    if (closed) return;
    const listening = up.subscriber && up.publisher;
    states.set(
      listening ? 'listening' : 'reconnecting',
      listening ? undefined : (lastError ?? new Error('Redis connection closed')),
    );
  };
  subscriber.on('close', () => {
    up.subscriber = false;
    report();
  });
  subscriber.on('ready', () => {
    const subscribed = () => {
      up.subscriber = true;
      report();
    };
    if (patterns.size === 0) return subscribed();
    subscriber.psubscribe(...patterns.keys()).then(
      subscribed,
      // The connection broke again: its `close` and next `ready` follow.
      () => undefined,
    );
  });
  publisher.on('close', () => {
    up.publisher = false;
    report();
  });
  publisher.on('ready', () => {
    up.publisher = true;
    report();
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  const probe = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    subscriber.ping().catch((error: unknown) => {
      lastError = error;
      // A half-open connection: drop it; ioredis connects again and `ready` subscribes again.
      if (!closed) subscriber.disconnect(true);
    });
  }, options.probeIntervalMs ?? BROKER_PROBE_INTERVAL_MS);
  probe.unref();

  return {
    kind: 'redis',
    notify(channel, payload, topic) {
      publisher.publish(`${prefix}${subjectFor(channel, topic)}`, payload).catch(() => {
        // Redis unreachable: the event is lost to the other instances, as a NOTIFY would be.
      });
      return Promise.resolve();
    },
    async listen(channel, onPayload, onState) {
      const pattern = `${prefix}${channel}.*`;
      patterns.set(pattern, onPayload);
      await subscriber.psubscribe(pattern);
      const stopState = states.add(onState);
      return {
        async unlisten() {
          stopState();
          patterns.delete(pattern);
          if (subscriber.status === 'ready')
            await subscriber.punsubscribe(pattern).catch(() => undefined);
        },
      };
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      clearInterval(probe);
      publisher.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
