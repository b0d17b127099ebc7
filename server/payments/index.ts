import type { PaymentSettings } from '../config/payments';
import { paymentSettings } from '../env';
import { PaymentError } from './errors';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';
import { createVnpayProvider } from './vnpay';

export { PaymentError } from './errors';
export type { PaymentOrder, PaymentProvider, PaymentProviderId, PaymentResult } from './types';

/** The provider the settings give (server/config/payments.ts): VNPay, the demo sandbox, or none. */
export function createPaymentProvider(settings: PaymentSettings): PaymentProvider | null {
  if (settings.kind === 'vnpay') return createVnpayProvider(settings.vnpay);
  if (settings.kind === 'sandbox') return createSandboxProvider(settings.sandbox);
  return null;
}

let cached: { provider: PaymentProvider | null } | undefined;

/** The process's payment provider, or null when payments are not configured. */
export function paymentProvider(): PaymentProvider | null {
  cached ??= { provider: createPaymentProvider(paymentSettings()) };
  return cached.provider;
}

/** The provider, or a 503 that says online payment is not set up. */
export function requirePaymentProvider(): PaymentProvider {
  const provider = paymentProvider();
  if (!provider) throw new PaymentError(503, 'Thanh toán trực tuyến chưa được cấu hình. Vui lòng thử lại sau.');
  return provider;
}
