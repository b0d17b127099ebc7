import { logger } from '../logger';
import { isVnpayConfigured, readSandboxConfig, readVnpayConfig } from './config';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';
import { createVnpayProvider } from './vnpay';

export { PaymentError } from './errors';
export type { PaymentOrder, PaymentProvider, PaymentProviderId, PaymentResult } from './types';

/** VNPay when a merchant is configured (VNPAY_TMN_CODE), else the embedded sandbox. */
export function createPaymentProvider(source: NodeJS.ProcessEnv): PaymentProvider {
  if (isVnpayConfigured(source)) return createVnpayProvider(readVnpayConfig(source));
  return createSandboxProvider(readSandboxConfig(source));
}

let cached: PaymentProvider | undefined;

export function paymentProvider(): PaymentProvider {
  if (!cached) {
    cached = createPaymentProvider(process.env);
    if (cached.id === 'sandbox' && process.env.NODE_ENV === 'production') {
      logger.warn('VNPAY_TMN_CODE is not set: VIP purchases go through the embedded payment sandbox, which charges nothing');
    }
  }
  return cached;
}
