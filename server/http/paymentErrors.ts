import { PaymentError } from '../payments/errors';
import { HttpError } from './errors';

/** Runs a payment operation, turning its expected failures (PaymentError) into HTTP errors. */
export async function paymentCall<T>(operation: () => T | Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof PaymentError) throw new HttpError(error.status, error.message);
    throw error;
  }
}
