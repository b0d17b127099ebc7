/**
 * An expected failure of a payment operation, with the HTTP status the API should answer and a
 * message that can be shown to the reader as is.
 */
export class PaymentError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'PaymentError';
    this.status = status;
  }
}
