/**
 * Errors that mean "the database cannot serve this now" rather than "this request is wrong":
 * no connection free within the pool's wait, the server refusing or dropping connections, too
 * many clients, a statement cancelled by statement_timeout, the server starting or shutting down.
 * Callers answer them with 503 and Retry-After; the request can simply be tried again.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '53000', // insufficient_resources
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08006', // connection_failure
  '40P01', // deadlock_detected: the losing transaction may be retried
]);

const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection terminated due to connection timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NETWORK_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  // drizzle wraps driver errors ("Failed query: …") with the original as the cause.
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
