import { demoModeOf } from '../env';
import { isVnpayConfigured, readSandboxConfig, readVnpayConfig } from './config';
import { PaymentError } from './errors';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';
import { createVnpayProvider } from './vnpay';

export { PaymentError } from './errors';
export type { PaymentOrder, PaymentProvider, PaymentProviderId, PaymentResult } from './types';

/**
 * VNPay when a merchant is configured (VNPAY_TMN_CODE); else the embedded sandbox, in demo mode
 * only (it charges nothing, so it must never serve a real site); else none: purchases are off.
 */
export function createPaymentProvider(source: NodeJS.ProcessEnv): PaymentProvider | null {
  if (isVnpayConfigured(source)) return createVnpayProvider(readVnpayConfig(source));
  if (demoModeOf(source)) return createSandboxProvider(readSandboxConfig(source));
  return null;
}

let cached: { provider: PaymentProvider | null } | undefined;

/** The process's payment provider, or null when payments are not configured. */
export function paymentProvider(): PaymentProvider | null {
  cached ??= { provider: createPaymentProvider(process.env) };
  return cached.provider;
}

/** The provider, or a 503 that says online payment is not set up. */
export function requirePaymentProvider(): PaymentProvider {
  const provider = paymentProvider();
  if (!provider) throw new PaymentError(503, 'Thanh toán trực tuyến chưa được cấu hình. Vui lòng thử lại sau.');
  return provider;
}
