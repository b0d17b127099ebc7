/**
 * The embedded payment sandbox, server side: when it may be used, and what happens when the
 * reader presses "Thanh toán" or "Hủy" on its page. It plays VNPay's part: the signed result goes
 * to the site's own IPN endpoint over HTTP, as VNPay's servers would send it, and the reader is
 * then sent to the return URL. Nothing here grants VIP; the IPN endpoint does.
 */
import { logger } from '../logger';
import { PaymentError } from '../payments/errors';
import { paymentProvider } from '../payments/index';
import { buildSandboxResult, readSandboxRequest, type SandboxOutcome, type SandboxPaymentRequest } from '../payments/sandbox';
import type { IpnResponse } from './vip';

export const IPN_PATH = '/api/vip/ipn';
const IPN_TIMEOUT_MS = 15_000;

/**
 * The sandbox charges nothing, so it exists only in demo mode (the Auth emulator, which a real
 * Firebase project can never enable), where the site serves this machine only.
 */
export function sandboxEnabled(): boolean {
  return paymentProvider()?.id === 'sandbox';
}

/** Purchases are possible: VNPay is configured, or the demo sandbox serves. */
export function paymentsAvailable(): boolean {
  return paymentProvider() !== null;
}

function assertSandbox(): void {
  if (!sandboxEnabled()) throw new PaymentError(404, 'Cổng thanh toán thử nghiệm không hoạt động.');
}

/** The checked payment request the sandbox page shows. */
export function sandboxRequest(params: Record<string, string>): SandboxPaymentRequest {
  assertSandbox();
  return readSandboxRequest(params);
}

export interface SandboxCompletion {
  /** Where the reader goes next: the site's return URL with the signed result. */
  returnUrl: string;
  /** The IPN endpoint's answer, or null when it could not be reached. */
  ipn: IpnResponse | null;
}

async function sendIpn(origin: string, query: Record<string, string>): Promise<IpnResponse | null> {
  const url = `${origin}${IPN_PATH}?${new URLSearchParams(query).toString()}`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(IPN_TIMEOUT_MS), redirect: 'error' });
    const body = (await response.json()) as IpnResponse;
    if (!response.ok) logger.warn({ status: response.status, body }, 'sandbox IPN answered an error status');
    return body;
  } catch (err) {
    logger.error({ err }, 'sandbox IPN could not be delivered');
    return null;
  }
}

/**
 * The gateway's work after the reader's choice: signs the result, delivers the IPN to the site at
 * `ipnOrigin` and answers where to send the reader.
 */
export async function completeSandboxPayment(
  params: Record<string, string>,
  outcome: SandboxOutcome,
  ipnOrigin: string,
): Promise<SandboxCompletion> {
  assertSandbox();
  const result = buildSandboxResult(params, outcome);
  const ipn = await sendIpn(ipnOrigin, result.ipnQuery);
  return { returnUrl: result.returnUrl, ipn };
}
