/** @jest-environment node */
import { createHmac } from 'node:crypto';
import {
  buildPaymentParams,
  buildSignData,
  createVnpayProvider,
  encodeVnpComponent,
  formatVnpDate,
  parseVnpDate,
  readVnpResult,
  signParams,
  signVnpParams,
  toVnpOrderInfo,
  verifyVnpSignature,
} from '@/server/payments/vnpay';

const SECRET = 'TESTSECRETKEY0123456789ABCDEFGHI';
const config = { tmnCode: 'TESTTMN1', hashSecret: SECRET, paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html' };

function hmac512(data: string, secret = SECRET): string {
  return createHmac('sha512', secret).update(data, 'utf8').digest('hex');
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

// A return callback as VNPay sends it, keys deliberately out of order.
const callback: Record<string, string> = {
  vnp_TxnRef: '20240301103000ABCDEF',
  vnp_Amount: '5900000',
  vnp_OrderInfo: 'Thanh toan goi VIP: 30 ngay',
  vnp_BankCode: 'NCB',
  vnp_ResponseCode: '00',
  vnp_TransactionStatus: '00',
  vnp_TransactionNo: '14226112',
  vnp_PayDate: '20240301103512',
  vnp_TmnCode: 'TESTTMN1',
  vnp_CardType: 'ATM',
};
// The same parameters, sorted and encoded by hand as VNPay's reference code does.
const handSorted =
  'vnp_Amount=5900000&vnp_BankCode=NCB&vnp_CardType=ATM&vnp_OrderInfo=Thanh+toan+goi+VIP%3A+30+ngay' +
  '&vnp_PayDate=20240301103512&vnp_ResponseCode=00&vnp_TmnCode=TESTTMN1&vnp_TransactionNo=14226112' +
  '&vnp_TransactionStatus=00&vnp_TxnRef=20240301103000ABCDEF';

describe('VNPay signing', () => {
  it('encodes like the reference implementation: spaces as +, reserved characters escaped', () => {
    expect(encodeVnpComponent('a b:c/d?e=f&g')).toBe('a+b%3Ac%2Fd%3Fe%3Df%26g');
    expect(encodeVnpComponent('Tiếng Việt')).toBe('Ti%E1%BA%BFng+Vi%E1%BB%87t');
  });

  it('builds the sorted, encoded sign data of a known parameter set', () => {
    expect(buildSignData(callback)).toBe(handSorted);
  });

  it('signs with HMAC-SHA512 over the sign data', () => {
    expect(signVnpParams(callback, SECRET)).toBe(hmac512(handSorted));
    expect(signVnpParams(callback, SECRET)).toMatch(/^[0-9a-f]{128}$/);
  });

  it('ignores the hash fields and parameters that are not VNPay fields when signing', () => {
    const withExtras = { ...callback, vnp_SecureHash: 'x', vnp_SecureHashType: 'HmacSHA512', slug: 'vip' };
    expect(buildSignData(withExtras)).toBe(handSorted);
  });

  it('accepts a callback signed independently, in either letter case, with vnp_SecureHashType', () => {
    const hash = hmac512(handSorted);
    expect(verifyVnpSignature({ ...callback, vnp_SecureHash: hash }, SECRET)).toBe(true);
    expect(verifyVnpSignature({ ...callback, vnp_SecureHash: hash.toUpperCase(), vnp_SecureHashType: 'HmacSHA512' }, SECRET)).toBe(true);
  });

  it('rejects a missing, malformed or foreign signature', () => {
    expect(verifyVnpSignature(callback, SECRET)).toBe(false);
    expect(verifyVnpSignature({ ...callback, vnp_SecureHash: 'abc' }, SECRET)).toBe(false);
    expect(verifyVnpSignature({ ...callback, vnp_SecureHash: hmac512(handSorted, 'another-secret-key') }, SECRET)).toBe(false);
  });

  it.each(Object.keys(callback))('rejects the callback when %s is tampered with', (key) => {
    const signed = signParams(callback, SECRET);
    expect(verifyVnpSignature({ ...signed, [key]: `${signed[key]}1` }, SECRET)).toBe(false);
  });

  it('rejects a callback with an added or a removed field', () => {
    const signed = signParams(callback, SECRET);
    expect(verifyVnpSignature({ ...signed, vnp_BankTranNo: 'VNP1' }, SECRET)).toBe(false);
    const { vnp_CardType: _removed, ...rest } = signed;
    expect(_removed).toBe('ATM');
    expect(verifyVnpSignature(rest, SECRET)).toBe(false);
  });
});

describe('VNPay dates', () => {
  it('formats in Vietnam time (GMT+7)', () => {
    expect(formatVnpDate(new Date('2024-12-31T17:05:09Z'))).toBe('20250101000509');
    expect(formatVnpDate(new Date('2024-03-01T03:30:00Z'))).toBe('20240301103000');
  });

  it('reads its own format back', () => {
    const date = new Date('2024-12-31T17:05:09Z');
    expect(parseVnpDate(formatVnpDate(date))?.toISOString()).toBe(date.toISOString());
    expect(parseVnpDate('2024')).toBeUndefined();
  });
});

describe('VNPay payment URL', () => {
  const order = {
    ref: '20240301103000ABCDEF',
    amount: 59_000,
    description: 'Thanh toán gói VIP 30 ngày — Truyện Audio',
    ipAddr: '::ffff:203.0.113.7',
    returnUrl: 'https://truyen.example/vip/ket-qua?from=vip',
    createdAt: new Date('2024-03-01T03:30:00Z'),
  };

  it('carries the protocol 2.1.0 fields', () => {
    expect(buildPaymentParams(order, 'TESTTMN1')).toEqual({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: 'TESTTMN1',
      vnp_Amount: '5900000',
      vnp_CurrCode: 'VND',
      vnp_TxnRef: '20240301103000ABCDEF',
      vnp_OrderInfo: 'Thanh toan goi VIP 30 ngay Truyen Audio',
      vnp_OrderType: 'other',
      vnp_Locale: 'vn',
      vnp_ReturnUrl: 'https://truyen.example/vip/ket-qua?from=vip',
      vnp_IpAddr: '203.0.113.7',
      vnp_CreateDate: '20240301103000',
      vnp_ExpireDate: '20240301104500',
    });
  });

  it('refuses an amount that is not a positive whole number of dong', () => {
    expect(() => buildPaymentParams({ ...order, amount: 0 }, 'T')).toThrow(RangeError);
    expect(() => buildPaymentParams({ ...order, amount: 10.5 }, 'T')).toThrow(RangeError);
  });

  it('is the configured URL with the sorted query and its hash appended last', () => {
    const url = createVnpayProvider(config).createPaymentUrl(order);
    const [base, query] = url.split('?', 2);
    expect(base).toBe(config.paymentUrl);
    const [signData, hash] = query.split('&vnp_SecureHash=');
    expect(signData).toBe(buildSignData(buildPaymentParams(order, 'TESTTMN1')));
    expect(signData).toContain('vnp_ReturnUrl=https%3A%2F%2Ftruyen.example%2Fvip%2Fket-qua%3Ffrom%3Dvip');
    expect(hash).toBe(hmac512(signData));
  });

  it('verifies once decoded, and fails when any parameter is tampered with', () => {
    const provider = createVnpayProvider(config);
    const params = queryOf(provider.createPaymentUrl(order));
    expect(verifyVnpSignature(params, SECRET)).toBe(true);
    for (const key of Object.keys(params).filter((k) => k !== 'vnp_SecureHash')) {
      expect(verifyVnpSignature({ ...params, [key]: `${params[key]}0` }, SECRET)).toBe(false);
    }
  });

  it('folds the order info to plain ASCII', () => {
    expect(toVnpOrderInfo('Đơn #12 — gói "VIP" 90 ngày!')).toBe('Don 12 goi VIP 90 ngay');
    expect(toVnpOrderInfo('✨')).toBe('Thanh toan');
  });
});

describe('VNPay callback results', () => {
  const provider = createVnpayProvider(config);

  it('reports success only for response code 00 with transaction status 00', () => {
    const result = provider.verifyIpn(signParams(callback, SECRET));
    expect(result).toEqual({
      valid: true,
      ref: '20240301103000ABCDEF',
      success: true,
      amount: 59_000,
      providerRef: '14226112',
      responseCode: '00',
    });
    expect(provider.verifyReturn(signParams({ ...callback, vnp_TransactionStatus: '01' }, SECRET)).success).toBe(false);
    const cancelled = provider.verifyIpn(signParams({ ...callback, vnp_ResponseCode: '24', vnp_TransactionStatus: '02' }, SECRET));
    expect(cancelled).toMatchObject({ valid: true, success: false, responseCode: '24' });
  });

  it('never reports success for an invalid signature', () => {
    const result = provider.verifyIpn({ ...callback, vnp_SecureHash: hmac512(handSorted, 'wrong-secret-0000') });
    expect(result.valid).toBe(false);
    expect(result.success).toBe(false);
  });

  it('gives NaN for an unreadable amount', () => {
    expect(readVnpResult(signParams({ ...callback, vnp_Amount: '12abc' }, SECRET), SECRET).amount).toBeNaN();
  });
});
