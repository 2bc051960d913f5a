/**
 * The per-connection message rate of the WebSockets (the raw `/api/ws/{space}` here, tRPC's
 * `/trpc` in the server): a token bucket per socket, in this process's memory — a socket lives
 * on one instance, so nothing needs sharing.
 */
import { WS_MESSAGE_BURST, WS_MESSAGES_PER_SECOND } from '@cipherspace/api';

/** A bucket's size and refill; defaults WS_MESSAGE_BURST and WS_MESSAGES_PER_SECOND. */
export interface MessageRateLimits {
  /** Messages refilled per second. */
  perSecond: number;
  /** Messages the bucket holds: what may be sent at once. */
  burst: number;
}

/** The limits of every socket unless a test sets its own. */
export const DEFAULT_MESSAGE_RATE: MessageRateLimits = {
  perSecond: WS_MESSAGES_PER_SECOND,
  burst: WS_MESSAGE_BURST,
};

/** The token bucket of one socket; starts full. */
export class MessageRate {
  private tokens: number;
  private updatedMs: number;

  constructor(
    private readonly limits: MessageRateLimits = DEFAULT_MESSAGE_RATE,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.tokens = limits.burst;
    this.updatedMs = nowMs();
  }

  /**
   * Counts `messages` (≥ 1) just received. Returns false when they do not fit in the bucket: the
   * client is over the rate (they are counted all the same, so a flood stays over it).
   */
  take(messages = 1): boolean {
    const now = this.nowMs();
    const refill = ((now - this.updatedMs) / 1000) * this.limits.perSecond;
    this.updatedMs = now;
    this.tokens = Math.min(this.limits.burst, this.tokens + refill) - messages;
    return this.tokens >= 0;
  }
}
