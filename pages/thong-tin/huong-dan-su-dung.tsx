import { InfoPage } from '@/components/layout/InfoPage';
import { MIN_SEARCH_KEYWORD_LENGTH, SITE_NAME } from '@/lib/constants';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static, with the header's genre menu from the settings (regenerated hourly). */
export const getStaticProps = settingsOnlyProps;

export default function GuidePage() {
  return (
    <InfoPage title="Hướng dẫn sử dụng" description={`Cách tìm truyện, nghe truyện audio, lưu tủ truyện và dùng tính năng Nhúng trên ${SITE_NAME}.`} path="/thong-tin/huong-dan-su-dung">
      <h2>Tìm truyện</h2>
      <ul>
        <li>
          Gõ tên truyện hoặc tác giả vào ô tìm kiếm (tối thiểu {MIN_SEARCH_KEYWORD_LENGTH} ký tự). Có thể gõ không dấu: “tien hiep” vẫn tìm ra “Tiên Hiệp”, gõ sai một
          chữ vẫn tìm được.
        </li>
        <li>Duyệt theo Thể loại, Bảng xếp hạng hoặc Số chương ngay trên thanh menu (trên điện thoại: nút menu ở góc phải).</li>
        <li>Ở trang kết quả, chọn nhiều thể loại cùng lúc, lọc theo số chương, trạng thái và cách sắp xếp.</li>
      </ul>
      <h2>Nghe truyện audio</h2>
      <ul>
        <li>Mở một chương và bấm nút phát. Trình duyệt sẽ đọc to từng đoạn, đoạn đang đọc được tô sáng.</li>
        <li>Chỉnh tốc độ, giọng đọc, hẹn giờ tắt; truyện tự chuyển sang chương kế tiếp.</li>
        <li>Nếu máy chưa có giọng tiếng Việt, trang sẽ phát bản âm thanh dựng sẵn từ máy chủ.</li>
      </ul>
      <h2>Tủ truyện và lịch sử</h2>
      <ul>
        <li>Chưa đăng nhập, tiến độ đọc vẫn được lưu trên trình duyệt của bạn.</li>
        <li>Đăng nhập để lưu truyện vào Tủ truyện và tiếp tục đọc trên mọi thiết bị; tiến độ cũ được gộp lại, không mất chương nào.</li>
      </ul>
      <h2>Nhúng truyện</h2>
      <p>Dán đường dẫn truyện từ các trang truyện Trung Quốc được hỗ trợ vào mục Nhúng để lấy tên, tác giả, danh sách chương và theo dõi chương mới nhất.</p>
      <h2>Giao diện tối</h2>
      <p>Bấm nút mặt trăng/mặt trời ở góc dưới bên phải để chuyển giao diện sáng hoặc tối; lựa chọn được ghi nhớ cho lần sau.</p>
    </InfoPage>
  );
}
