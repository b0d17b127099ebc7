/** The sign-in dialog's and account page's messages (spec §5, §8), exactly. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  emailRequired: 'Vui lòng nhập email.',
  passwordRequired: 'Vui lòng nhập mật khẩu.',
  retypeMismatch: 'Mật khẩu nhập lại chưa đúng',
  forgotEmailTooShort: 'Hãy nhập email của bạn để lấy lại mật khẩu',
  verificationSent: 'Gửi email thành công, hãy đăng nhập lại sau khi xác minh tài khoản.',
  verificationFailed: 'Gửi email không thành công',
  passwordChangeSent: 'Đã gửi email thay đổi mật khẩu.',
  passwordChangeFailed: 'Gửi email thay đổi mật khẩu không thành công',
  recoverySent: 'Đã gửi email lấy lại mật khẩu.',
  recoveryFailed: 'Gửi email lấy lại mật khẩu không thành công',
  accountDeleted: 'Đã xóa tài khoản',
  accountDeleteFailed: 'Xóa tài khoản không thành công',
  deleteUserError: 'Error deleting user',
} as const;

/** Identity error codes (spec §8 and the email/password ones) as Vietnamese messages. */
const IDENTITY_ERRORS: Record<string, string> = {
  'auth/unauthorized-domain': 'Tên miền này chưa được phép đăng nhập. Vui lòng liên hệ quản trị viên.',
  'auth/popup-blocked': 'Trình duyệt đã chặn cửa sổ đăng nhập. Hãy cho phép cửa sổ bật lên rồi thử lại.',
  'auth/popup-closed-by-user': 'Bạn đã đóng cửa sổ đăng nhập trước khi hoàn tất.',
  'auth/cancelled-popup-request': 'Yêu cầu đăng nhập đã bị hủy vì có một cửa sổ đăng nhập khác đang mở.',
  'auth/network-request-failed': 'Lỗi kết nối mạng. Vui lòng kiểm tra mạng và thử lại.',
  'auth/web-storage-unsupported': 'Trình duyệt không hỗ trợ lưu trữ web (có thể do chế độ ẩn danh). Hãy bật lưu trữ rồi thử lại.',
  'auth/invalid-api-key': 'Cấu hình đăng nhập không hợp lệ (khóa API). Vui lòng liên hệ quản trị viên.',
  'auth/auth-domain-config-required': 'Thiếu cấu hình tên miền đăng nhập. Vui lòng liên hệ quản trị viên.',
  'auth/internal-error': 'Hệ thống đăng nhập gặp lỗi. Vui lòng thử lại sau.',
  'auth/argument-error': 'Thông tin đăng nhập không hợp lệ.',
  'auth/already-initialized': 'Hệ thống đăng nhập đã được khởi tạo. Vui lòng tải lại trang.',
  'auth/password-does-not-meet-requirements': 'Mật khẩu chưa đáp ứng yêu cầu bảo mật.',
  'auth/wrong-password': 'Mật khẩu không đúng.',
  'auth/invalid-credential': 'Email hoặc mật khẩu không đúng.',
  'auth/invalid-login-credentials': 'Email hoặc mật khẩu không đúng.',
  'auth/user-not-found': 'Không tìm thấy tài khoản với email này.',
  'auth/email-already-in-use': 'Email này đã được đăng ký.',
  'auth/weak-password': 'Mật khẩu quá yếu: cần ít nhất 6 ký tự.',
  'auth/invalid-email': 'Địa chỉ email không hợp lệ.',
  'auth/missing-password': 'Vui lòng nhập mật khẩu.',
  'auth/missing-email': 'Vui lòng nhập email.',
  'auth/too-many-requests': 'Bạn thử quá nhiều lần. Vui lòng đợi một lúc rồi thử lại.',
  'auth/user-disabled': 'Tài khoản này đã bị khóa.',
  'auth/requires-recent-login': 'Vì lý do bảo mật, hãy đăng nhập lại rồi thử lại.',
  'auth/operation-not-allowed': 'Phương thức đăng nhập này chưa được bật.',
};

export const UNKNOWN_IDENTITY_ERROR = 'Đăng nhập không thành công. Vui lòng thử lại.';

export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** A Vietnamese message for an identity error. */
export function identityErrorMessage(error: unknown): string {
  const code = errorCode(error);
  return (code && IDENTITY_ERRORS[code]) || UNKNOWN_IDENTITY_ERROR;
}

/** Requirements of a password policy, as reported by validatePassword, in Vietnamese. */
export interface PolicyStatus {
  meetsMinPasswordLength?: boolean;
  meetsMaxPasswordLength?: boolean;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
  passwordPolicy?: { customStrengthOptions: { minPasswordLength?: number; maxPasswordLength?: number } };
}

export function policyMessages(status: PolicyStatus): string[] {
  const options = status.passwordPolicy?.customStrengthOptions ?? {};
  const messages: string[] = [];
  if (status.meetsMinPasswordLength === false) messages.push(`Mật khẩu cần ít nhất ${options.minPasswordLength ?? 6} ký tự.`);
  if (status.meetsMaxPasswordLength === false) messages.push(`Mật khẩu tối đa ${options.maxPasswordLength ?? 4096} ký tự.`);
  if (status.containsLowercaseLetter === false) messages.push('Mật khẩu cần có chữ thường.');
  if (status.containsUppercaseLetter === false) messages.push('Mật khẩu cần có chữ hoa.');
  if (status.containsNumericCharacter === false) messages.push('Mật khẩu cần có chữ số.');
  if (status.containsNonAlphanumericCharacter === false) messages.push('Mật khẩu cần có ký tự đặc biệt.');
  return messages;
}
