/**
 * An error with an HTTP status and a Vietnamese message safe to show to the caller; `retryAfter`
 * (seconds) becomes a Retry-After header on 429 and 503 answers.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message = 'Dữ liệu không hợp lệ.') => new HttpError(400, message);
export const unauthorized = (message = 'Bạn cần đăng nhập để tiếp tục.') => new HttpError(401, message);
export const forbidden = (message = 'Bạn không có quyền thực hiện thao tác này.') => new HttpError(403, message);
export const notFound = (message = 'Không tìm thấy nội dung yêu cầu.') => new HttpError(404, message);
export const tooManyRequests = (message = 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút.', retryAfter?: number) =>
  new HttpError(429, message, retryAfter);
export const serviceUnavailable = (message: string, retryAfter: number) => new HttpError(503, message, retryAfter);
