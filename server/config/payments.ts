import { z } from 'zod';
import { demoModeOf } from './demoMode';
import { invalidConfiguration, type SettingsSource } from './read';

export const VNPAY_SANDBOX_URL = 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html';
export const DEFAULT_SANDBOX_SECRET = 'truyen-audio-sandbox';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const ZVnpayEnv = z.object({
  VNPAY_TMN_CODE: z.preprocess(blankToUndefined, z.string({ error: 'is required' }).trim().min(1).max(8)),
  VNPAY_HASH_SECRET: z.preprocess(
    blankToUndefined,
    z.string({ error: 'is required when VNPAY_TMN_CODE is set' }).min(8, 'must be the hash secret VNPay issued'),
  ),
  VNPAY_PAYMENT_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).default(VNPAY_SANDBOX_URL)),
});

const ZSandboxEnv = z.object({
  PAYMENT_SANDBOX_SECRET: z.preprocess(blankToUndefined, z.string().min(8).default(DEFAULT_SANDBOX_SECRET)),
});

export interface VnpayConfig {
  tmnCode: string;
  hashSecret: string;
  paymentUrl: string;
}

export interface SandboxConfig {
  hashSecret: string;
}

/** Which payment provider the settings give: VNPay, the demo sandbox, or none. */
export type PaymentSettings = { kind: 'vnpay'; vnpay: VnpayConfig } | { kind: 'sandbox'; sandbox: SandboxConfig } | { kind: 'none' };

function parseOrThrow<T extends z.ZodType>(schema: T, source: SettingsSource): z.infer<T> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw invalidConfiguration(parsed.error.issues);
  return parsed.data;
}

/** True when the operator configured a VNPay merchant (VNPAY_TMN_CODE). */
export function isVnpayConfigured(source: SettingsSource): boolean {
  return Boolean(source.VNPAY_TMN_CODE?.trim());
}

export function readVnpayConfig(source: SettingsSource): VnpayConfig {
  const parsed = parseOrThrow(ZVnpayEnv, source);
  return { tmnCode: parsed.VNPAY_TMN_CODE, hashSecret: parsed.VNPAY_HASH_SECRET, paymentUrl: parsed.VNPAY_PAYMENT_URL };
}

export function readSandboxConfig(source: SettingsSource): SandboxConfig {
  return { hashSecret: parseOrThrow(ZSandboxEnv, source).PAYMENT_SANDBOX_SECRET };
}

/**
 * VNPay when a merchant is configured (VNPAY_TMN_CODE); else the embedded sandbox, in demo mode
 * only (it charges nothing, so it must never serve a real site); else none: purchases are off.
 */
export function parsePaymentSettings(source: SettingsSource): PaymentSettings {
  if (isVnpayConfigured(source)) return { kind: 'vnpay', vnpay: readVnpayConfig(source) };
  if (demoModeOf(source)) return { kind: 'sandbox', sandbox: readSandboxConfig(source) };
  return { kind: 'none' };
}
