import { InfoPage } from '@/components/layout/InfoPage';
import { CopyrightForm } from '@/components/report/CopyrightForm';
import { SITE_NAME } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static, with the header's genre menu from the settings (regenerated hourly). */
export const getStaticProps = settingsOnlyProps;

export default function AboutPage() {
  return (
    <InfoPage title="Về chúng tôi & bản quyền" description={`${SITE_NAME} chỉ tổng hợp truyện từ nhiều nguồn và không sở hữu truyện nào. Cách báo cáo truyện vi phạm bản quyền.`} path="/thong-tin/about-us">
      <p>
        {SITE_NAME} là trang nghe truyện audio và đọc truyện chữ dành cho người hâm mộ Việt Nam, được làm với mong muốn mang lại trải nghiệm đọc và nghe nhẹ nhàng, nhanh
        và dễ chịu trên điện thoại lẫn máy tính.
      </p>
      <h2>Tổng hợp, không sở hữu</h2>
      <p>
        <strong>
          {SITE_NAME} chỉ tổng hợp truyện từ nhiều nguồn trên Internet và không sở hữu bất kỳ truyện nào.
        </strong>{' '}
        Bản quyền của mỗi tác phẩm thuộc về tác giả và đơn vị phát hành. Giọng đọc được tạo tự động từ văn bản bằng công nghệ chuyển văn bản thành giọng nói.
      </p>
      <h2 id="bao-cao-ban-quyen">Báo cáo vi phạm bản quyền</h2>
      <p>
        Nếu bạn là tác giả hoặc chủ sở hữu bản quyền và không muốn tác phẩm xuất hiện trên {SITE_NAME}, vui lòng gửi yêu cầu bằng biểu mẫu dưới đây, hoặc báo cho
        chúng tôi trên{' '}
        <a href={publicEnv.fanpageUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand underline dark:text-brand-dark">
          trang mạng xã hội (Fanpage)
        </a>{' '}
        kèm:
      </p>
      <ol>
        <li>Tên truyện và đường dẫn trên {SITE_NAME};</li>
        <li>Thông tin chứng minh quyền sở hữu (tên tác giả, đơn vị phát hành, đường dẫn bản gốc);</li>
        <li>Cách liên hệ lại với bạn.</li>
      </ol>
      <p>Truyện vi phạm sẽ được gỡ bỏ sau khi chúng tôi xác minh yêu cầu.</p>
      <CopyrightForm />
      <h2>Liên hệ</h2>
      <p>Góp ý, báo lỗi hay hợp tác: hãy nhắn tin cho chúng tôi qua Fanpage. Mỗi phản hồi đều giúp {SITE_NAME} tốt hơn.</p>
    </InfoPage>
  );
}
