import { createHmac, timingSafeEqual } from 'node:crypto';
import type { VnpayConfig } from '../config/payments';
import type { PaymentOrder, PaymentProvider, PaymentResult } from './types';

/** VNPay payment protocol 2.1.0: signed query strings both ways. */
export const VNPAY_VERSION = '2.1.0';
/** How long the payment page accepts the buyer (vnp_ExpireDate − vnp_CreateDate). */
export const PAYMENT_EXPIRE_MINUTES = 15;

const HASH_FIELDS = new Set(['vnp_SecureHash', 'vnp_SecureHashType']);
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const ORDER_INFO_MAX = 255;

export type VnpParams = Record<string, string>;

/** VNPay's reference encoding: encodeURIComponent with spaces written as '+'. */
export function encodeVnpComponent(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/**
 * The string VNPay signs: every vnp_ parameter except the hash fields, sorted by key,
 * keys and values encoded, joined as key=value pairs with '&'. It is also the query string sent.
 */
export function buildSignData(params: VnpParams): string {
  return Object.keys(params)
    .filter((key) => key.startsWith('vnp_') && !HASH_FIELDS.has(key))
    .map((key) => [encodeVnpComponent(key), encodeVnpComponent(params[key] ?? '')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function signVnpParams(params: VnpParams, secret: string): string {
  return createHmac('sha512', secret).update(Buffer.from(buildSignData(params), 'utf-8')).digest('hex');
}

/** The signed query string: the sign data followed by vnp_SecureHash. */
export function buildSignedQuery(params: VnpParams, secret: string): string {
  return `${buildSignData(params)}&vnp_SecureHash=${signVnpParams(params, secret)}`;
}

/** Returns the parameters with vnp_SecureHash added. */
export function signParams(params: VnpParams, secret: string): VnpParams {
  const unsigned = Object.fromEntries(Object.entries(params).filter(([key]) => !HASH_FIELDS.has(key)));
  return { ...unsigned, vnp_SecureHash: signVnpParams(unsigned, secret) };
}

/** Checks vnp_SecureHash in constant time; a missing or malformed hash is invalid. */
export function verifyVnpSignature(query: VnpParams, secret: string): boolean {
  const received = (query.vnp_SecureHash ?? '').toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(received)) return false;
  const expected = Buffer.from(signVnpParams(query, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}

/** yyyyMMddHHmmss in Vietnam time (GMT+7), the format of every VNPay date. */
export function formatVnpDate(date: Date): string {
  const shifted = new Date(date.getTime() + VIETNAM_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    String(shifted.getUTCFullYear()) +
    pad(shifted.getUTCMonth() + 1) +
    pad(shifted.getUTCDate()) +
    pad(shifted.getUTCHours()) +
    pad(shifted.getUTCMinutes()) +
    pad(shifted.getUTCSeconds())
  );
}

/** Reads a yyyyMMddHHmmss date in Vietnam time; undefined when malformed. */
export function parseVnpDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - VIETNAM_OFFSET_MS);
}

/** VNPay wants the order info in unaccented Vietnamese without special characters. */
export function toVnpOrderInfo(description: string): string {
  const plain = description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 .,:_-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, ORDER_INFO_MAX) || 'Thanh toan';
}

function normalizeIp(ipAddr: string): string {
  const ip = ipAddr.trim().replace(/^::ffff:/i, '');
  return ip === '::1' || ip === '' ? '127.0.0.1' : ip;
}

/** The unsigned parameters of a payment request (command 'pay'). */
export function buildPaymentParams(order: PaymentOrder, tmnCode: string): VnpParams {
  if (!Number.isSafeInteger(order.amount) || order.amount <= 0) {
    throw new RangeError(`Invalid payment amount: ${order.amount}`);
  }
  const expireAt = new Date(order.createdAt.getTime() + PAYMENT_EXPIRE_MINUTES * 60_000);
  return {
    vnp_Version: VNPAY_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: tmnCode,
    vnp_Amount: String(order.amount * 100),
    vnp_CurrCode: 'VND',
    vnp_TxnRef: order.ref,
    vnp_OrderInfo: toVnpOrderInfo(order.description),
    vnp_OrderType: 'other',
    vnp_Locale: 'vn',
    vnp_ReturnUrl: order.returnUrl,
    vnp_IpAddr: normalizeIp(order.ipAddr),
    vnp_CreateDate: formatVnpDate(order.createdAt),
    vnp_ExpireDate: formatVnpDate(expireAt),
  };
}

/** Reads a VNPay callback (return URL or IPN) after checking its signature. */
export function readVnpResult(query: VnpParams, secret: string): PaymentResult {
  const valid = verifyVnpSignature(query, secret);
  const rawAmount = query.vnp_Amount ?? '';
  const responseCode = query.vnp_ResponseCode ?? '';
  return {
    valid,
    ref: query.vnp_TxnRef ?? '',
    success: valid && responseCode === '00' && query.vnp_TransactionStatus === '00',
    amount: /^\d+$/.test(rawAmount) ? Number(rawAmount) / 100 : Number.NaN,
    providerRef: query.vnp_TransactionNo || undefined,
    responseCode,
  };
}

export function createVnpayProvider(config: VnpayConfig): PaymentProvider {
  return {
    id: 'vnpay',
    createPaymentUrl(order) {
      const query = buildSignedQuery(buildPaymentParams(order, config.tmnCode), config.hashSecret);
      return `${config.paymentUrl}?${query}`;
    },
    verifyReturn: (query) => readVnpResult(query, config.hashSecret),
    verifyIpn: (query) => readVnpResult(query, config.hashSecret),
  };
}
