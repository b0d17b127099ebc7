import { isIP } from 'node:net';
import { normalizeAddress } from '../config/trustProxy';

/**
 * Demo mode (the Auth emulator, which accepts unsigned tokens, and the payment sandbox, which
 * grants VIP for free) is served only to a browser on this machine: a loopback client that
 * reached the site by a loopback name, with no proxy in between. Anything else gets a message
 * saying how to configure a real Firebase project.
 */
export const DEMO_REFUSED_MESSAGE =
  'Đây là bản chạy thử của Truyện Audio (tài khoản giả lập và cổng thanh toán thử nghiệm): chỉ mở được ngay trên máy chủ, ' +
  'qua http://127.0.0.1 hoặc http://localhost, không qua proxy hay tên miền. Để phục vụ trang cho người đọc khác, hãy cấu hình ' +
  'một dự án Firebase thật (NEXT_PUBLIC_FIREBASE_API_KEY, NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN, NEXT_PUBLIC_FIREBASE_PROJECT_ID, ' +
  'FIREBASE_SERVICE_ACCOUNT) và cổng thanh toán VNPay (VNPAY_TMN_CODE, VNPAY_HASH_SECRET), rồi khởi động lại; xem docs/configuration.md.';

type HeaderValue = string | string[] | null | undefined;
export type HeaderReader = (name: string) => HeaderValue;

/** Headers that only a proxy (or someone pretending to be one) adds. */
const PROXY_HEADERS = ['forwarded', 'via', 'x-real-ip', 'x-forwarded-server', 'x-original-forwarded-for', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip'];

function firstValue(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value.join(',') : (value ?? undefined);
}

export function isLoopbackAddress(address: string): boolean {
  const normalized = normalizeAddress(address);
  if (normalized === '::1') return true;
  return isIP(normalized) === 4 && normalized.startsWith('127.');
}

/** `localhost`, `*.localhost`, `127.x.x.x` or `[::1]`, with or without a port. */
export function isLoopbackHost(host: string): boolean {
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith('[') ? trimmed.slice(1, trimmed.indexOf(']')) : trimmed.replace(/:\d+$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackHost(new URL(origin).host);
  } catch {
    return false;
  }
}

/**
 * Why a request may not use demo mode, or null when it may. `socketAddress` is the connecting
 * address when known (API routes); without it (the proxy), X-Forwarded-For stands for it, which
 * Next.js fills from the socket when the client sent none.
 */
export function demoRefusalReason(header: HeaderReader, socketAddress?: string): string | null {
  if (socketAddress !== undefined && !isLoopbackAddress(socketAddress)) return 'client address is not loopback';
  for (const name of PROXY_HEADERS) {
    if (firstValue(header(name))) return `proxy header ${name}`;
  }
  const forwardedFor = firstValue(header('x-forwarded-for'));
  if (forwardedFor !== undefined && !forwardedFor.split(',').every((entry) => isLoopbackAddress(entry))) {
    return 'forwarded for another address';
  }
  const host = firstValue(header('host'));
  if (!host || !isLoopbackHost(host)) return 'host is not loopback';
  const forwardedHost = firstValue(header('x-forwarded-host'));
  if (forwardedHost !== undefined && !forwardedHost.split(',').every((entry) => isLoopbackHost(entry))) return 'forwarded host is not loopback';
  const origin = firstValue(header('origin'));
  if (origin && !isLoopbackOrigin(origin)) return 'origin is not loopback';
  return null;
}

/** A header reader over Node's incoming headers. */
export function nodeHeaders(headers: Record<string, HeaderValue>): HeaderReader {
  return (name) => headers[name];
}
