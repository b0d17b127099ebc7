import { formatVnpDate, signParams } from '@/server/payments/vnpay';

/**
 * The IPN VNPay (or the sandbox, which speaks its protocol) sends for an order, signed with the
 * merchant's secret: paid when `responseCode` is '00'.
 */
export function signedIpn(
  merchant: { tmnCode: string; secret: string },
  ref: string,
  amount: number,
  responseCode = '00',
  overrides: Record<string, string> = {},
): Record<string, string> {
  const paid = responseCode === '00';
  return signParams(
    {
      vnp_Amount: String(amount * 100),
      vnp_BankCode: 'NCB',
      vnp_OrderInfo: 'Thanh toan goi VIP',
      vnp_PayDate: formatVnpDate(new Date()),
      vnp_ResponseCode: responseCode,
      vnp_TmnCode: merchant.tmnCode,
      vnp_TransactionNo: paid ? '14226112' : '0',
      vnp_TransactionStatus: paid ? '00' : '02',
      vnp_TxnRef: ref,
      ...overrides,
    },
    merchant.secret,
  );
}
