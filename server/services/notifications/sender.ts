import webpush from 'web-push';
import { classifyPushResponse, PUSH_EXPIRES_MS, type PushOutcome } from './rules';
import type { VapidDetails } from './pushConfig';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends one encrypted message to a push service and says how it went. */
export type PushSender = (target: PushTarget, payload: string) => Promise<PushOutcome>;

const SEND_TIMEOUT_MS = 10_000;

/**
 * The real sender: web-push builds the request (payload encrypted with aes128gcm for the
 * subscription's keys, RFC 8291; the VAPID JWT of RFC 8292 signed with our key), and fetch sends
 * it with a timeout and without following redirects, so a subscription can only ever make the
 * server POST to the endpoint that was vetted when it was stored.
 */
export function webPushSender(vapid: VapidDetails): PushSender {
  return async (target, payload) => {
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: vapid,
      TTL: Math.floor(PUSH_EXPIRES_MS / 1000),
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      return { kind: 'retry', error: error instanceof Error ? error.message.slice(0, 200) : String(error) };
    }
    await response.arrayBuffer().catch(() => undefined);
    return classifyPushResponse(response.status, response.headers.get('retry-after'));
  };
}
