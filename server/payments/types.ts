/** An order as the payment provider needs it to build the payment page's URL. */
export interface PaymentOrder {
  /** Our order reference (vnp_TxnRef). */
  ref: string;
  /** Amount in VND. */
  amount: number;
  description: string;
  /** The buyer's IP address. */
  ipAddr: string;
  /** Where the provider sends the buyer back after paying or cancelling. */
  returnUrl: string;
  createdAt: Date;
}

/** What a provider's callback (browser return or server-to-server IPN) says about a payment. */
export interface PaymentResult {
  /** True when the callback's signature checks out; every other field is untrusted otherwise. */
  valid: boolean;
  ref: string;
  /** True when the provider reports the payment as completed. */
  success: boolean;
  /** Amount in VND (NaN when the callback carries no readable amount). */
  amount: number;
  /** The provider's own transaction number. */
  providerRef?: string;
  /** The provider's response code ('00' success, '24' cancelled by the buyer, …). */
  responseCode?: string;
}

export type PaymentProviderId = 'vnpay' | 'sandbox';

export interface PaymentProvider {
  id: PaymentProviderId;
  createPaymentUrl(order: PaymentOrder): string;
  verifyReturn(query: Record<string, string>): PaymentResult;
  verifyIpn(query: Record<string, string>): PaymentResult;
}
