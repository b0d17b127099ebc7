/**
 * Measure words (classifiers) after a numeral, as Vietnamese says them: 一台 → "một cỗ",
 * 三年 → "ba năm", 第三天 → "ngày thứ ba". A phrase of the built-in list or of the operator's
 * dictionaries that covers the same characters wins (一样 "giống nhau", 一下 "một chút").
 */
export const MEASURE_WORDS: Readonly<Record<string, string>> = {
  个: 'cái', 只: 'con', 把: 'thanh', 张: 'tấm', 道: 'đạo', 声: 'tiếng', 位: 'vị', 名: 'tên', 件: 'kiện',
  条: 'cái', 块: 'khối', 颗: 'viên', 座: 'tòa', 台: 'cỗ', 辆: 'chiếc', 本: 'quyển', 匹: 'con', 头: 'con',
  次: 'lần', 回: 'lần', 遍: 'lượt', 番: 'phen', 场: 'trận', 阵: 'trận', 群: 'đám', 片: 'mảnh', 股: 'cỗ',
  丝: 'tia', 点: 'điểm', 份: 'phần', 种: 'loại', 样: 'loại', 家: 'nhà', 间: 'gian', 门: 'môn', 句: 'câu',
  封: 'phong', 枚: 'cái', 粒: 'hạt', 滴: 'giọt', 根: 'cây', 支: 'cây', 棵: 'cây', 朵: 'đóa', 双: 'đôi',
  对: 'đôi', 套: 'bộ', 排: 'hàng', 队: 'đội', 层: 'tầng', 级: 'cấp', 阶: 'giai', 品: 'phẩm', 招: 'chiêu',
  式: 'thức', 拳: 'quyền', 掌: 'chưởng', 剑: 'kiếm', 刀: 'đao', 脚: 'cước', 步: 'bước', 口: 'ngụm',
  眼: 'mắt', 下: 'cái', 天: 'ngày', 日: 'ngày', 夜: 'đêm', 年: 'năm', 月: 'tháng', 岁: 'tuổi',
  周: 'tuần', 秒: 'giây', 秒钟: 'giây', 分钟: 'phút', 小时: 'giờ', 个月: 'tháng', 时辰: 'canh giờ', 里: 'dặm',
  丈: 'trượng', 尺: 'thước', 寸: 'tấc', 米: 'mét', 公里: 'cây số', 斤: 'cân', 两: 'lượng', 元: 'đồng',
  块钱: 'đồng', 人: 'người', 位数: 'chữ số', 碗: 'bát', 杯: 'ly', 瓶: 'bình', 箱: 'thùng', 盘: 'mâm',
  堆: 'đống', 串: 'chuỗi', 幅: 'bức', 首: 'bài', 篇: 'thiên', 章: 'chương', 节: 'tiết', 卷: 'quyển',
  部: 'bộ', 册: 'cuốn', 页: 'trang', 届: 'khóa', 批: 'nhóm', 路: 'đường', 方: 'phương', 面: 'mặt',
  成: 'thành', 倍: 'lần', 重: 'trọng', 境: 'cảnh', 轮: 'vòng', 圈: 'vòng', 局: 'ván', 顿: 'bữa',
  趟: 'chuyến', 艘: 'chiếc', 架: 'chiếc', 扇: 'cánh', 所: 'ngôi', 栋: 'tòa', 处: 'chỗ', 具: 'cỗ',
  尊: 'tôn', 员: 'viên', 株: 'gốc', 副: 'bộ', 缕: 'sợi', 团: 'đoàn', 柄: 'chuôi', 袋: 'túi', 桶: 'thùng',
  记: 'cái', 拨: 'tốp', 伙: 'bọn', 帮: 'bọn', 类: 'loại', 件事: 'chuyện', 句话: 'câu nói',
  壶: 'bình', 炷: 'nén', 截: 'đoạn', 桩: 'vụ', 个星期: 'tuần', 个小时: 'giờ', 千克: 'kg', 公斤: 'kg', 克: 'gam', 千米: 'km', 厘米: 'cm', 毫米: 'mm', 吨: 'tấn', 升: 'lít', 平方米: 'mét vuông',
};
