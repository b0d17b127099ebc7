import { InfoPage } from '@/components/layout/InfoPage';
import { SITE_NAME } from '@/lib/constants';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static, with the header's genre menu from the settings (regenerated hourly). */
export const getStaticProps = settingsOnlyProps;

export default function PrivacyPage() {
  return (
    <InfoPage title="Chính sách bảo mật" description={`${SITE_NAME} thu thập những thông tin nào, dùng vào việc gì và bạn kiểm soát chúng ra sao.`} path="/thong-tin/thong-tin-bao-mat">
      <p>Chúng tôi tôn trọng quyền riêng tư của bạn và chỉ thu thập những thông tin cần thiết để trang web hoạt động.</p>
      <h2>Thông tin chúng tôi lưu</h2>
      <ul>
        <li>Tài khoản: địa chỉ email, tên hiển thị và ảnh đại diện (nếu có). Mật khẩu do dịch vụ xác thực quản lý, chúng tôi không lưu mật khẩu của bạn.</li>
        <li>Tủ truyện, lịch sử đọc và vị trí nghe để bạn tiếp tục trên mọi thiết bị.</li>
        <li>Đánh giá, bình luận bạn đăng công khai.</li>
        <li>Giao dịch VIP: gói, số tiền, trạng thái và mã giao dịch của cổng thanh toán. Chúng tôi không lưu số thẻ.</li>
      </ul>
      <h2>Lưu trữ trên trình duyệt</h2>
      <p>
        Trình duyệt của bạn giữ một số mục trong bộ nhớ cục bộ (local storage): mã đăng nhập (tokenApi), thông tin VIP (vipInfo), mã người dùng (userId), tiến độ đọc
        (readings), giao diện sáng/tối (theme) và dấu lần truy cập đầu (isFirstVisit). Bạn có thể xóa chúng bất cứ lúc nào trong cài đặt trình duyệt.
      </p>
      <h2>Quảng cáo</h2>
      <p>
        Trang có thể hiển thị quảng cáo từ mạng quảng cáo bên thứ ba; mạng quảng cáo có thể dùng cookie theo chính sách riêng của họ. Khu vực VIP không có quảng cáo.
      </p>
      <h2>Chia sẻ thông tin</h2>
      <p>Chúng tôi không bán thông tin cá nhân. Thông tin chỉ được chia sẻ với nhà cung cấp dịch vụ cần thiết (xác thực, thanh toán) hoặc khi pháp luật yêu cầu.</p>
      <h2>Quyền của bạn</h2>
      <p>
        Bạn có thể xem, sửa thông tin hồ sơ và xóa tài khoản trong phần Cài đặt. Khi xóa tài khoản, dữ liệu gắn với tài khoản sẽ bị xóa khỏi hệ thống của chúng tôi.
        Riêng các giao dịch VIP được giữ lại để đối soát kế toán và giải quyết khiếu nại, nhưng không còn gắn với bạn (không còn email hay mã tài khoản); đánh giá và
        bình luận công khai được giữ lại dưới dạng ẩn danh.
      </p>
    </InfoPage>
  );
}
