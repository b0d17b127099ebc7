/** Why a fetch of a source page was refused or failed. */
export type FetchErrorCode =
  | 'BAD_URL'
  | 'BAD_SCHEME'
  | 'UNSUPPORTED_HOST'
  | 'BLOCKED_ADDRESS'
  | 'DNS_FAILED'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'HTTP_STATUS'
  | 'TOO_MANY_REDIRECTS'
  | 'NETWORK'
  /** The site refuses automated clients (a browser check, a block page, 403/429 with back-off). */
  | 'SOURCE_BLOCKED'
  /** The site says the book or chapter does not exist (404/410 or its own "not found" page). */
  | 'SOURCE_NOT_FOUND';

/** Messages shown to the reader who pasted the link. */
const USER_MESSAGES: Record<FetchErrorCode, string> = {
  BAD_URL: 'Liên kết không hợp lệ.',
  BAD_SCHEME: 'Chỉ hỗ trợ liên kết http hoặc https.',
  UNSUPPORTED_HOST: 'Trang nguồn này không được hỗ trợ.',
  BLOCKED_ADDRESS: 'Không thể truy cập địa chỉ này.',
  DNS_FAILED: 'Không tìm thấy máy chủ của trang nguồn.',
  TOO_LARGE: 'Trang nguồn trả về dữ liệu quá lớn.',
  TIMEOUT: 'Trang nguồn phản hồi quá chậm, vui lòng thử lại sau.',
  HTTP_STATUS: 'Trang nguồn trả về lỗi, vui lòng thử lại sau.',
  TOO_MANY_REDIRECTS: 'Trang nguồn chuyển hướng quá nhiều lần.',
  NETWORK: 'Không thể kết nối tới trang nguồn, vui lòng thử lại sau.',
  SOURCE_BLOCKED: 'Nguồn đang chặn truy cập tự động, thử lại sau.',
  SOURCE_NOT_FOUND: 'Không tìm thấy truyện hoặc chương này trên trang nguồn.',
};

export class FetchError extends Error {
  readonly code: FetchErrorCode;
  /** Vietnamese text safe to show to a reader. */
  readonly userMessage: string;
  /** HTTP status of the source's answer, when there was one. */
  readonly status?: number;
  /** How long the source asked us to wait (Retry-After), or our own back-off. */
  readonly retryAfterMs?: number;

  constructor(
    code: FetchErrorCode,
    detail: string,
    options?: { status?: number; retryAfterMs?: number; cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FetchError';
    this.code = code;
    this.userMessage = USER_MESSAGES[code];
    this.status = options?.status;
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** Failures worth another try: the source may answer next time. */
export function isTransientFetchError(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  if (error.code === 'TIMEOUT' || error.code === 'NETWORK') return true;
  if (error.code !== 'HTTP_STATUS' || error.status === undefined) return false;
  return error.status === 429 || error.status >= 500;
}

/** True for a source that refuses automated access: callers should come back later, not at once. */
export function isSourceBlocked(error: unknown): boolean {
  return error instanceof FetchError && error.code === 'SOURCE_BLOCKED';
}
