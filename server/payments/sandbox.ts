import { randomInt } from 'node:crypto';
import type { SandboxConfig } from '../config/payments';
import { sandboxSettings } from '../env';
import { PaymentError } from './errors';
import type { PaymentProvider } from './types';
import {
  buildPaymentParams,
  buildSignedQuery,
  formatVnpDate,
  parseVnpDate,
  readVnpResult,
  signParams,
  verifyVnpSignature,
  type VnpParams,
} from './vnpay';

/**
 * The embedded payment provider used when no VNPay merchant is configured: the same protocol and
 * signatures as VNPay, with the site's own page /vip/sandbox-pay playing the payment gateway.
 */
export const SANDBOX_PAY_PATH = '/vip/sandbox-pay';
export const SANDBOX_TMN_CODE = 'TRUYENAU';
export const SANDBOX_BANK_CODE = 'NCB';

export type SandboxOutcome = 'paid' | 'cancelled';

export interface SandboxResult {
  /** The query the gateway sends to the site's IPN endpoint. */
  ipnQuery: Record<string, string>;
  /** The query the gateway sends the reader back with. */
  returnQuery: Record<string, string>;
  /** vnp_ReturnUrl with returnQuery appended: where to redirect the reader. */
  returnUrl: string;
}

/** A checked sandbox payment request, for the sandbox page to show. */
export interface SandboxPaymentRequest {
  ref: string;
  amount: number;
  orderInfo: string;
  returnUrl: string;
  expiresAt: Date | undefined;
}

function sandboxSecret(config?: SandboxConfig): string {
  return (config ?? sandboxSettings()).hashSecret;
}

/**
 * Checks the signed request the sandbox page received. Throws a PaymentError (400) when the
 * signature is wrong, the request is not a payment or it has expired.
 */
export function readSandboxRequest(params: VnpParams, config?: SandboxConfig, now: Date = new Date()): SandboxPaymentRequest {
  if (!verifyVnpSignature(params, sandboxSecret(config)) || params.vnp_Command !== 'pay') {
    throw new PaymentError(400, 'Yêu cầu thanh toán không hợp lệ.');
  }
  const expiresAt = parseVnpDate(params.vnp_ExpireDate);
  if (expiresAt && expiresAt.getTime() < now.getTime()) {
    throw new PaymentError(400, 'Yêu cầu thanh toán đã hết hạn. Vui lòng tạo giao dịch mới.');
  }
  const amount = Number(params.vnp_Amount) / 100;
  if (!params.vnp_TxnRef || !Number.isSafeInteger(amount) || amount <= 0 || !params.vnp_ReturnUrl) {
    throw new PaymentError(400, 'Yêu cầu thanh toán không hợp lệ.');
  }
  return { ref: params.vnp_TxnRef, amount, orderInfo: params.vnp_OrderInfo ?? '', returnUrl: params.vnp_ReturnUrl, expiresAt };
}

/**
 * Plays the gateway's part after the reader pressed "Thanh toán" or "Hủy": the signed callback
 * VNPay would send, for the site's IPN endpoint and for the reader's return.
 */
export function buildSandboxResult(
  params: VnpParams,
  outcome: SandboxOutcome,
  config?: SandboxConfig,
  now: Date = new Date(),
): SandboxResult {
  const secret = sandboxSecret(config);
  const request = readSandboxRequest(params, { hashSecret: secret }, now);
  const paid = outcome === 'paid';
  const transactionNo = String(randomInt(10_000_000, 100_000_000));
  const callback = signParams(
    {
      vnp_Amount: params.vnp_Amount,
      vnp_BankCode: SANDBOX_BANK_CODE,
      vnp_CardType: 'ATM',
      vnp_OrderInfo: request.orderInfo,
      vnp_PayDate: formatVnpDate(now),
      vnp_ResponseCode: paid ? '00' : '24',
      vnp_TmnCode: params.vnp_TmnCode,
      vnp_TransactionNo: paid ? transactionNo : '0',
      vnp_TransactionStatus: paid ? '00' : '02',
      vnp_TxnRef: request.ref,
      ...(paid ? { vnp_BankTranNo: `VNP${transactionNo}` } : {}),
    },
    secret,
  );
  const separator = request.returnUrl.includes('?') ? '&' : '?';
  const query = buildSignedQuery(callback, secret);
  return { ipnQuery: { ...callback }, returnQuery: { ...callback }, returnUrl: `${request.returnUrl}${separator}${query}` };
}

export function createSandboxProvider(config: SandboxConfig): PaymentProvider {
  return {
    id: 'sandbox',
    createPaymentUrl(order) {
      return `${SANDBOX_PAY_PATH}?${buildSignedQuery(buildPaymentParams(order, SANDBOX_TMN_CODE), config.hashSecret)}`;
    },
    verifyReturn: (query) => readVnpResult(query, config.hashSecret),
    verifyIpn: (query) => readVnpResult(query, config.hashSecret),
  };
}
