/**
 * Cross-instance events over NATS core pub/sub: each event is published on its space's subject
 * `<channel>.<space id>`; every instance subscribes to `<channel>.>` (all spaces: the
 * validated-session cache of each instance needs every space's control events). Core NATS stores
 * nothing — fire-and-forget like NOTIFY, without NOTIFY's database-wide lock at commit.
 *
 * The client pings the server every `probeIntervalMs` and treats two missing answers as a lost
 * connection; it reconnects by itself for ever and sends its subscriptions again. The state goes
 * `reconnecting` on the disconnect and `listening` once the server has the subscriptions back
 * (a flush after the reconnect), which is what lets subscribers catch up.
 */
import { connect, Events, type NatsConnection } from 'nats';

import {
  BROKER_PROBE_INTERVAL_MS,
  BROKER_PROBE_TIMEOUT_MS,
  deliver,
  StateFanOut,
  subjectFor,
  type BrokerNotifier,
  type BrokerOptions,
} from './broker.ts';

/** Unanswered pings after which the connection counts as lost. */
const MAX_PINGS_OUT = 2;
/** Wait between two attempts to reach the server again, in ms. */
const RECONNECT_WAIT_MS = 250;

/**
 * Connects to the NATS server at `url` (`nats://[user:pass@]host:port`).
 * @throws when the server cannot be reached within `probeTimeoutMs`.
 */
export async function openNatsNotifier(
  url: string,
  options: BrokerOptions = {},
): Promise<BrokerNotifier> {
  const nc = await connect({
    servers: url,
    name: options.connectionName,
    timeout: options.probeTimeoutMs ?? BROKER_PROBE_TIMEOUT_MS,
    pingInterval: options.probeIntervalMs ?? BROKER_PROBE_INTERVAL_MS,
    maxPingOut: MAX_PINGS_OUT,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
    // One server (or a load balancer in front of a cluster): stay on the URL that was given.
    ignoreClusterUpdates: true,
  });
  const prefix = options.subjectPrefix ?? '';
  const states = new StateFanOut();
  void watchStatus(nc, states);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let closed = false;

  return {
    kind: 'nats',
    notify(channel, payload, topic) {
      try {
        // Buffered by the client (also while it reconnects); nothing waits for the server.
        nc.publish(`${prefix}${subjectFor(channel, topic)}`, encoder.encode(payload));
      } catch {
        // Closed connection: the event is lost to the other instances, as a NOTIFY would be.
      }
      return Promise.resolve();
    },
    async listen(channel, onPayload, onState) {
      const subscription = nc.subscribe(`${prefix}${channel}.>`, {
        callback: (error, message) => {
          if (!error) deliver(onPayload, decoder.decode(message.data));
        },
      });
      // Resolves once the server has processed the SUB: from here on nothing published is missed.
      await nc.flush();
      const stopState = states.add(onState);
      return {
        unlisten() {
          stopState();
          if (!subscription.isClosed()) subscription.unsubscribe();
          return Promise.resolve();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await nc.close();
    },
  };
}

/** Follows the client's status events until the connection is closed. */
async function watchStatus(nc: NatsConnection, states: StateFanOut): Promise<void> {
  for await (const status of nc.status()) {
    if (status.type === Events.Disconnect) {
      // `data` names the server that was lost (host:port).
      const server = typeof status.data === 'string' ? status.data : 'the server';
      states.set('reconnecting', new Error(`NATS connection to ${server} lost`));
    } else if (status.type === Events.Reconnect) {
      // The client has sent the subscriptions again; a round trip proves the server has them.
      const flushed = await nc.flush().then(
        () => true,
        () => false,
      );
      if (flushed) states.set('listening');
    }
  }
}
