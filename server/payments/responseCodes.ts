/** What VNPay's vnp_ResponseCode means, in words a reader understands. */
const RESPONSE_MESSAGES: Record<string, string> = {
  '00': 'Giao dịch thành công.',
  '07': 'Ngân hàng đã trừ tiền nhưng giao dịch đang bị nghi ngờ. Vui lòng liên hệ hỗ trợ.',
  '09': 'Thẻ hoặc tài khoản chưa đăng ký dịch vụ Internet Banking.',
  '10': 'Xác thực thông tin thẻ hoặc tài khoản sai quá 3 lần.',
  '11': 'Đã hết thời gian chờ thanh toán. Vui lòng thực hiện lại giao dịch.',
  '12': 'Thẻ hoặc tài khoản đang bị khóa.',
  '13': 'Mật khẩu xác thực giao dịch (OTP) không đúng.',
  '24': 'Bạn đã hủy giao dịch.',
  '51': 'Tài khoản không đủ số dư để thanh toán.',
  '65': 'Tài khoản đã vượt quá hạn mức giao dịch trong ngày.',
  '75': 'Ngân hàng thanh toán đang bảo trì.',
  '79': 'Nhập sai mật khẩu thanh toán quá số lần quy định.',
};

export const CANCELLED_RESPONSE_CODE = '24';

export function responseCodeMessage(code: string | undefined): string {
  return RESPONSE_MESSAGES[code ?? ''] ?? 'Giao dịch không thành công. Vui lòng thử lại sau.';
}
