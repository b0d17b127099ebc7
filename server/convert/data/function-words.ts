/**
 * Built-in dictionary: Chinese function words and very common phrases of web novels with the
 * Vietnamese that converted novels use. It has the lowest priority (Names and VietPhrase win),
 * so a site with no dictionaries configured still reads naturally. An empty meaning drops a
 * particle that Vietnamese does not need.
 */
export const FUNCTION_WORDS: Readonly<Record<string, string>> = {
  // Particles, mostly dropped.
  的: '', 得: '', 了: '', 着: '', 过: 'qua', 吗: 'sao', 呢: '', 吧: '', 啊: 'a', 呀: 'nha',
  嘛: 'mà', 么: '', 啦: 'a', 哦: 'nga', 哎: 'ai', 唉: 'ai', 嗯: 'ừ', 哼: 'hừ', 呵呵: 'ha ha',
  哈哈: 'ha ha', 嘿嘿: 'hắc hắc', 嘻嘻: 'hì hì', 哈哈哈: 'ha ha ha', 罢了: 'mà thôi', 而已: 'mà thôi',
  也: 'cũng',

  // Pronouns and address.
  我: 'ta', 你: 'ngươi', 您: 'ngài', 他: 'hắn', 她: 'nàng', 它: 'nó', 我们: 'chúng ta', 咱们: 'chúng ta',
  你们: 'các ngươi', 他们: 'bọn hắn', 她们: 'các nàng', 它们: 'chúng nó', 自己: 'chính mình',
  大家: 'mọi người', 别人: 'người khác', 本座: 'bản tọa', 本王: 'bản vương', 在下: 'tại hạ',
  老夫: 'lão phu', 晚辈: 'vãn bối', 前辈: 'tiền bối', 小子: 'tiểu tử', 师父: 'sư phụ', 师傅: 'sư phó',
  师兄: 'sư huynh', 师姐: 'sư tỷ', 师弟: 'sư đệ', 师妹: 'sư muội', 师尊: 'sư tôn', 长老: 'trưởng lão',
  宗主: 'tông chủ', 掌门: 'chưởng môn', 弟子: 'đệ tử', 少爷: 'thiếu gia', 小姐: 'tiểu thư',
  姑娘: 'cô nương', 公子: 'công tử', 父亲: 'phụ thân', 母亲: 'mẫu thân', 爷爷: 'gia gia',
  爹: 'cha', 娘: 'mẹ', 哥哥: 'ca ca', 姐姐: 'tỷ tỷ', 弟弟: 'đệ đệ', 妹妹: 'muội muội', 大哥: 'đại ca',
  兄弟: 'huynh đệ', 朋友: 'bằng hữu', 家伙: 'gia hỏa', 老头: 'lão đầu', 少年: 'thiếu niên',
  少女: 'thiếu nữ', 女子: 'nữ tử', 男子: 'nam tử', 众人: 'mọi người', 对方: 'đối phương',

  // Demonstratives and questions.
  这: 'này', 那: 'kia', 这个: 'cái này', 那个: 'cái kia', 这些: 'những này', 那些: 'những kia',
  这里: 'nơi này', 那里: 'nơi đó', 这边: 'bên này', 那边: 'bên kia', 这样: 'như vậy', 那样: 'như thế',
  这么: 'như vậy', 那么: 'như vậy', 这种: 'loại này', 那种: 'loại kia', 这时: 'lúc này',
  这次: 'lần này', 什么: 'cái gì', 为什么: 'vì cái gì', 怎么: 'làm sao', 怎么样: 'thế nào',
  怎样: 'thế nào', 哪里: 'nơi nào', 哪儿: 'đâu', 谁: 'ai', 多少: 'bao nhiêu', 几: 'mấy',
  是不是: 'có phải hay không', 难道: 'chẳng lẽ', 莫非: 'chẳng lẽ', 如何: 'như thế nào',

  // Verbs and auxiliaries.
  是: 'là', 有: 'có', 没有: 'không có', 没: 'không', 不: 'không', 不是: 'không phải', 在: 'tại',
  说: 'nói', 说道: 'nói', 问: 'hỏi', 问道: 'hỏi', 笑道: 'cười nói',
  看到: 'nhìn thấy', 看着: 'nhìn', 看见: 'nhìn thấy', 听到: 'nghe được', 知道: 'biết', 觉得: 'cảm thấy',
  感觉: 'cảm giác', 想到: 'nghĩ đến', 可以: 'có thể',
  能够: 'có thể', 能力: 'năng lực', 机会: 'cơ hội', 社会: 'xã hội', 应该: 'hẳn là', 必须: 'nhất định phải', 需要: 'cần', 希望: 'hi vọng', 喜欢: 'thích',
  回来: 'trở về', 回去: 'trở về', 出来: 'đi ra', 出去: 'đi ra ngoài',
  进来: 'tiến đến', 进去: 'đi vào', 起来: 'lên', 下来: 'xuống', 过来: 'tới', 过去: 'qua',
  离开: 'rời đi', 离去: 'rời đi', 出现: 'xuất hiện', 发现: 'phát hiện', 开始: 'bắt đầu', 成为: 'trở thành',
  变成: 'biến thành', 得到: 'có được', 给: 'cho', 让: 'để cho', 叫: 'gọi', 做: 'làm',
  吃: 'ăn', 喝: 'uống', 睡: 'ngủ', 死: 'chết', 杀: 'giết', 打: 'đánh', 笑: 'cười', 哭: 'khóc',
  点头: 'gật đầu', 摇头: 'lắc đầu', 抬头: 'ngẩng đầu', 转身: 'xoay người', 明白: 'hiểu', 了解: 'hiểu rõ',
  认识: 'quen biết', 记得: 'nhớ rõ', 忘记: 'quên', 相信: 'tin tưởng', 担心: 'lo lắng', 放心: 'yên tâm',
  准备: 'chuẩn bị', 决定: 'quyết định', 帮: 'giúp', 帮助: 'trợ giúp', 等等: 'vân vân',
  找到: 'tìm được', 到了: 'đến', 使用: 'sử dụng',

  // Adverbs and conjunctions.
  就: 'liền', 就是: 'chính là', 也是: 'cũng là', 还: 'còn', 还是: 'vẫn là', 都: 'đều', 又: 'lại',
  再: 'lại', 才: 'mới', 只: 'chỉ', 只是: 'chỉ là', 只有: 'chỉ có', 已经: 'đã', 曾经: 'đã từng',
  正在: 'đang', 一直: 'một mực', 一定: 'nhất định', 一起: 'cùng một chỗ', 一下: 'một chút',
  一些: 'một chút', 一点: 'một chút', 一般: 'bình thường', 一样: 'giống nhau', 一切: 'hết thảy',
  一个: 'một cái', 一次: 'một lần', 一眼: 'liếc mắt', 一声: 'một tiếng', 一道: 'một đạo', 一股: 'một cỗ',
  很: 'rất', 非常: 'phi thường', 十分: 'mười phần',
  好像: 'giống như', 似乎: 'tựa hồ', 仿佛: 'phảng phất', 竟然: 'vậy mà', 居然: 'vậy mà',
  果然: 'quả nhiên', 突然: 'đột nhiên', 忽然: 'bỗng nhiên', 顿时: 'lập tức', 立刻: 'lập tức',
  马上: 'lập tức', 终于: 'rốt cục', 原来: 'thì ra', 当然: 'đương nhiên', 其实: 'kỳ thật',
  根本: 'căn bản', 完全: 'hoàn toàn', 确实: 'xác thực', 的确: 'đích xác', 真的: 'thật sự',
  也许: 'có lẽ', 可能: 'có thể', 不过: 'bất quá', 但是: 'nhưng là', 但: 'nhưng', 可是: 'thế nhưng',
  而且: 'hơn nữa', 并且: 'đồng thời', 因为: 'bởi vì', 所以: 'cho nên', 因此: 'bởi vậy', 如果: 'nếu như',
  要是: 'nếu là', 虽然: 'mặc dù', 即使: 'cho dù', 即便: 'cho dù', 然后: 'sau đó', 于是: 'thế là',
  和: 'cùng', 与: 'cùng', 跟: 'cùng', 或者: 'hoặc là', 还有: 'còn có', 有些: 'có chút', 有点: 'có chút', 以及: 'cùng với',
  甚至: 'thậm chí', 否则: 'nếu không', 不然: 'bằng không', 不仅: 'không chỉ', 只要: 'chỉ cần',
  为了: 'vì', 被: 'bị', 把: 'đem', 从: 'từ', 向: 'hướng', 对于: 'đối với',
  关于: 'về', 除了: 'ngoại trừ', 如此: 'như thế',
  不会: 'sẽ không', 不能: 'không thể', 不要: 'không cần', 不用: 'không cần', 不行: 'không được',
  不错: 'không tệ', 不敢: 'không dám', 不知道: 'không biết', 没想到: 'không nghĩ tới', 好了: 'được rồi',
  算了: 'thôi', 是的: 'đúng vậy', 对了: 'đúng rồi', 可惜: 'đáng tiếc',

  // Time and place.
  现在: 'hiện tại', 时候: 'thời điểm', 的时候: 'lúc', 时间: 'thời gian', 今天: 'hôm nay',
  明天: 'ngày mai', 昨天: 'hôm qua', 以后: 'về sau', 之后: 'sau khi', 以前: 'trước kia',
  之前: 'trước đó', 后来: 'về sau', 刚才: 'vừa rồi', 刚刚: 'vừa mới', 片刻: 'chốc lát', 瞬间: 'nháy mắt',
  一会儿: 'một lát', 同时: 'đồng thời', 此时: 'lúc này', 此刻: 'giờ khắc này', 今日: 'hôm nay',
  当年: 'năm đó', 里面: 'bên trong', 外面: 'bên ngoài',
  前面: 'phía trước', 后面: 'phía sau', 旁边: 'bên cạnh', 身上: 'trên người', 身边: 'bên người',
  面前: 'trước mặt', 上面: 'phía trên', 露出: 'lộ ra', 眼前: 'trước mắt', 之中: 'bên trong', 之间: 'ở giữa', 地方: 'địa phương',

  // Quantities.
  两个: 'hai cái', 几个: 'mấy cái', 所有: 'tất cả', 每: 'mỗi',
  许多: 'rất nhiều', 很多: 'rất nhiều', 不少: 'không ít', 第一: 'thứ nhất', 第一次: 'lần đầu tiên',

  // Body, emotion and common nouns of the genre.
  眼睛: 'con mắt', 脸上: 'trên mặt', 脸色: 'sắc mặt', 目光: 'ánh mắt', 心中: 'trong lòng',
  心里: 'trong lòng', 嘴角: 'khóe miệng', 声音: 'âm thanh', 东西: 'đồ vật', 事情: 'sự tình',
  问题: 'vấn đề', 办法: 'biện pháp', 样子: 'dáng vẻ', 名字: 'tên', 世界: 'thế giới', 天地: 'thiên địa',
  力量: 'lực lượng', 实力: 'thực lực', 修炼: 'tu luyện', 修为: 'tu vi', 境界: 'cảnh giới', 突破: 'đột phá',
  功法: 'công pháp', 武技: 'võ kỹ', 斗气: 'đấu khí', 灵气: 'linh khí', 真气: 'chân khí', 丹药: 'đan dược',
  炼丹: 'luyện đan', 炼药师: 'luyện dược sư', 宗门: 'tông môn', 家族: 'gia tộc', 天才: 'thiên tài',
  强者: 'cường giả', 高手: 'cao thủ', 敌人: 'kẻ địch', 对手: 'đối thủ', 战斗: 'chiến đấu', 攻击: 'công kích',
  身体: 'thân thể', 灵魂: 'linh hồn', 气息: 'khí tức', 冷笑: 'cười lạnh', 微笑: 'mỉm cười', 淡淡: 'nhàn nhạt',
  轻轻: 'nhẹ nhàng', 缓缓: 'chậm rãi', 慢慢: 'chậm rãi', 渐渐: 'dần dần', 微微: 'hơi hơi', 深深: 'thật sâu',
  惊讶: 'kinh ngạc', 震惊: 'khiếp sợ', 愤怒: 'phẫn nộ', 高兴: 'cao hứng', 开心: 'vui vẻ', 害怕: 'sợ hãi',
  可怕: 'đáng sợ', 厉害: 'lợi hại', 强大: 'cường đại', 恐怖: 'khủng bố', 神秘: 'thần bí', 美丽: 'mỹ lệ',
  漂亮: 'xinh đẹp', 年轻: 'trẻ tuổi',
  今晚: 'tối nay', 晚上: 'buổi tối', 早上: 'buổi sáng', 天空: 'bầu trời', 房间: 'gian phòng',
};
