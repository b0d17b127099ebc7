/** @jest-environment node */
import { parsePaymentSettings } from '@/server/config/payments';
import { createPaymentProvider } from '@/server/payments';
import { PaymentError } from '@/server/payments/errors';
import { buildSandboxResult, createSandboxProvider, readSandboxRequest, SANDBOX_PAY_PATH } from '@/server/payments/sandbox';
import { signParams, verifyVnpSignature } from '@/server/payments/vnpay';

const config = { hashSecret: 'sandbox-test-secret' };
const createdAt = new Date('2024-03-01T03:30:00Z');
const order = {
  ref: '20240301103000ABCDEF',
  amount: 99_000,
  description: 'Thanh toán gói VIP 90 ngày',
  ipAddr: '127.0.0.1',
  returnUrl: 'http://localhost:3000/vip/ket-qua',
  createdAt,
};
const duringPayment = new Date(createdAt.getTime() + 60_000);

function requestParams(): Record<string, string> {
  const url = createSandboxProvider(config).createPaymentUrl(order);
  return Object.fromEntries(new URL(url, 'http://localhost:3000').searchParams);
}

describe('sandbox provider', () => {
  it("points at the site's own payment page with a signed VNPay request", () => {
    const url = createSandboxProvider(config).createPaymentUrl(order);
    expect(url.startsWith(`${SANDBOX_PAY_PATH}?`)).toBe(true);
    const params = requestParams();
    expect(verifyVnpSignature(params, config.hashSecret)).toBe(true);
    expect(params).toMatchObject({ vnp_Command: 'pay', vnp_Amount: '9900000', vnp_TxnRef: order.ref });
  });

  it('reads a genuine request for the page to show', () => {
    expect(readSandboxRequest(requestParams(), config, duringPayment)).toMatchObject({
      ref: order.ref,
      amount: 99_000,
      orderInfo: 'Thanh toan goi VIP 90 ngay',
      returnUrl: order.returnUrl,
    });
  });

  it('refuses a request with a changed amount, a foreign signature or past its expiry', () => {
    const params = requestParams();
    expect(() => readSandboxRequest({ ...params, vnp_Amount: '100' }, config, duringPayment)).toThrow(PaymentError);
    const foreign = signParams(params, 'another-secret');
    expect(() => readSandboxRequest(foreign, config, duringPayment)).toThrow('Yêu cầu thanh toán không hợp lệ.');
    const late = new Date(createdAt.getTime() + 16 * 60_000);
    expect(() => readSandboxRequest(params, config, late)).toThrow(/hết hạn/);
  });

  it('builds a signed successful callback that the provider accepts as paid', () => {
    const provider = createSandboxProvider(config);
    const { ipnQuery, returnQuery, returnUrl } = buildSandboxResult(requestParams(), 'paid', config, duringPayment);
    expect(ipnQuery).toMatchObject({
      vnp_Amount: '9900000',
      vnp_BankCode: 'NCB',
      vnp_ResponseCode: '00',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: order.ref,
      vnp_PayDate: '20240301103100',
    });
    expect(ipnQuery.vnp_TransactionNo).toMatch(/^\d{8}$/);
    expect(provider.verifyIpn(ipnQuery)).toMatchObject({ valid: true, success: true, ref: order.ref, amount: 99_000 });
    expect(provider.verifyReturn(returnQuery)).toMatchObject({ valid: true, success: true });
    const back = new URL(returnUrl);
    expect(`${back.origin}${back.pathname}`).toBe(order.returnUrl);
    expect(provider.verifyReturn(Object.fromEntries(back.searchParams))).toMatchObject({ valid: true, success: true });
  });

  it('builds a signed cancellation with response code 24', () => {
    const { ipnQuery } = buildSandboxResult(requestParams(), 'cancelled', config, duringPayment);
    expect(ipnQuery.vnp_ResponseCode).toBe('24');
    expect(createSandboxProvider(config).verifyIpn(ipnQuery)).toMatchObject({ valid: true, success: false, responseCode: '24' });
  });

  it('refuses to build a result for a forged request', () => {
    expect(() => buildSandboxResult({ ...requestParams(), vnp_Amount: '100' }, 'paid', config, duringPayment)).toThrow(PaymentError);
  });
});

describe('provider selection', () => {
  const demo = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'demo-truyen-audio' };

  it('uses the sandbox in demo mode when no VNPay merchant is configured', () => {
    expect(createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'test', ...demo }))?.id).toBe('sandbox');
    expect(createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'production', ...demo, VNPAY_TMN_CODE: '  ' }))?.id).toBe('sandbox');
  });

  it('has no provider at all outside demo mode without VNPay, whatever else is set', () => {
    expect(createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'development' }))).toBeNull();
    expect(createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1', PAYMENT_SANDBOX_SECRET: 'truyen-audio-sandbox' }))).toBeNull();
    // The emulator with a real project is refused at start; it never means demo mode.
    expect(createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'my-shop' }))).toBeNull();
  });

  it('uses VNPay with the configured payment URL when VNPAY_TMN_CODE is set', () => {
    const provider = createPaymentProvider(parsePaymentSettings({
      NODE_ENV: 'test',
      VNPAY_TMN_CODE: 'TESTTMN1',
      VNPAY_HASH_SECRET: 'TESTSECRETKEY0123456789ABCDEFGHI',
      VNPAY_PAYMENT_URL: 'https://pay.vnpay.vn/vpcpay.html',
    }));
    expect(provider?.id).toBe('vnpay');
    expect(provider!.createPaymentUrl(order).startsWith('https://pay.vnpay.vn/vpcpay.html?vnp_Amount=9900000&')).toBe(true);
  });

  it('defaults to the VNPay sandbox gateway', () => {
    const provider = createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'test', VNPAY_TMN_CODE: 'TESTTMN1', VNPAY_HASH_SECRET: 'TESTSECRETKEY0123' }));
    expect(provider!.createPaymentUrl(order).startsWith('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html?')).toBe(true);
  });

  it('names the missing secret or the bad URL', () => {
    expect(() => createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'test', VNPAY_TMN_CODE: 'TESTTMN1' }))).toThrow(/VNPAY_HASH_SECRET/);
    expect(() =>
      createPaymentProvider(parsePaymentSettings({ NODE_ENV: 'test', VNPAY_TMN_CODE: 'TESTTMN1', VNPAY_HASH_SECRET: 'TESTSECRETKEY0123', VNPAY_PAYMENT_URL: 'ftp://x' })),
    ).toThrow(/VNPAY_PAYMENT_URL/);
  });
});
