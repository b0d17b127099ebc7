import { z } from 'zod';

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

function parseOrThrow<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid payment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** True when the operator configured a VNPay merchant (VNPAY_TMN_CODE). */
export function isVnpayConfigured(source: NodeJS.ProcessEnv): boolean {
  return Boolean(source.VNPAY_TMN_CODE?.trim());
}

export function readVnpayConfig(source: NodeJS.ProcessEnv): VnpayConfig {
  const parsed = parseOrThrow(ZVnpayEnv, source);
  return { tmnCode: parsed.VNPAY_TMN_CODE, hashSecret: parsed.VNPAY_HASH_SECRET, paymentUrl: parsed.VNPAY_PAYMENT_URL };
}

export function readSandboxConfig(source: NodeJS.ProcessEnv): SandboxConfig {
  return { hashSecret: parseOrThrow(ZSandboxEnv, source).PAYMENT_SANDBOX_SECRET };
}
