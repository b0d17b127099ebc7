import { InfoPage } from '@/components/layout/InfoPage';
import { SITE_NAME } from '@/lib/constants';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static, with the header's genre menu from the settings (regenerated hourly). */
export const getStaticProps = settingsOnlyProps;

export default function TermsPage() {
  return (
    <InfoPage title="Điều khoản dịch vụ" description={`Điều khoản sử dụng dịch vụ nghe truyện audio và đọc truyện chữ của ${SITE_NAME}.`} path="/thong-tin/dieu-khoan-dich-vu">
      <p>
        Khi truy cập và sử dụng {SITE_NAME}, bạn đồng ý với các điều khoản dưới đây. Nếu không đồng ý với bất kỳ điều khoản nào, vui lòng ngừng sử dụng trang web.
      </p>
      <h2>1. Dịch vụ</h2>
      <p>
        {SITE_NAME} cung cấp công cụ tìm kiếm, đọc và nghe truyện (chuyển văn bản thành giọng nói) được tổng hợp từ nhiều nguồn công khai trên Internet. Phần lớn tính
        năng miễn phí; một số tính năng nâng cao dành cho thành viên VIP.
      </p>
      <h2>2. Tài khoản</h2>
      <ul>
        <li>Bạn chịu trách nhiệm giữ bí mật mật khẩu và mọi hoạt động diễn ra dưới tài khoản của mình.</li>
        <li>Mỗi người chỉ nên dùng một tài khoản; không mua bán, chuyển nhượng tài khoản.</li>
        <li>Bạn có thể xóa tài khoản bất cứ lúc nào trong phần Cài đặt; dữ liệu tủ truyện, lịch sử đọc, đánh giá và bình luận sẽ bị xóa theo.</li>
      </ul>
      <h2>3. Nội dung do người dùng đăng</h2>
      <p>
        Đánh giá và bình luận phải lịch sự, không chứa nội dung vi phạm pháp luật, xúc phạm, quảng cáo hay tiết lộ thông tin cá nhân của người khác. Chúng tôi có quyền ẩn
        hoặc xóa nội dung vi phạm và khóa tài khoản tái phạm.
      </p>
      <h2>4. Gói VIP</h2>
      <p>
        Gói VIP có thời hạn ghi rõ khi mua và được kích hoạt ngay khi thanh toán thành công. Thời hạn VIP không quy đổi thành tiền. Nếu thanh toán bị trừ tiền nhưng
        chưa kích hoạt, hãy liên hệ Fanpage kèm mã giao dịch để được hỗ trợ.
      </p>
      <h2>5. Bản quyền</h2>
      <p>
        {SITE_NAME} không sở hữu các truyện được tổng hợp. Chủ sở hữu bản quyền có thể yêu cầu gỡ bỏ theo hướng dẫn tại trang Bản quyền; chúng tôi xử lý yêu cầu hợp lệ
        trong thời gian sớm nhất.
      </p>
      <h2>6. Giới hạn trách nhiệm</h2>
      <p>
        Dịch vụ được cung cấp “như hiện có”. Chúng tôi cố gắng duy trì trang web ổn định nhưng không bảo đảm dịch vụ luôn liên tục, không lỗi, hay mọi nội dung đều chính
        xác.
      </p>
      <h2>7. Thay đổi điều khoản</h2>
      <p>Điều khoản có thể được cập nhật. Phiên bản mới có hiệu lực kể từ khi đăng trên trang này; việc tiếp tục sử dụng đồng nghĩa với việc bạn chấp nhận thay đổi.</p>
    </InfoPage>
  );
}
