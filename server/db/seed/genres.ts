import { slugify } from '@/lib/text/slug';

/** The vocabulary a story's prose is written with, chosen by its first genre. */
export type GenreFamily = 'cultivation' | 'urban' | 'romance' | 'ancient' | 'scifi' | 'mystery' | 'western';

export interface SeedGenre {
  name: string;
  slug: string;
  /** 1-based order of the header dropdown and the drawer. */
  position: number;
  description: string;
  /** Shows the fire marker; exactly one genre ("Khác") has none. */
  hot: boolean;
  family: GenreFamily;
}

const GENRE_SOURCE: readonly (readonly [string, GenreFamily, string])[] = [
  ['Tiên Hiệp', 'cultivation', 'Hành trình tu luyện thành tiên, vượt thiên kiếp và tranh đoạt cơ duyên giữa muôn vàn tông môn.'],
  ['Kiếm Hiệp', 'cultivation', 'Giang hồ hiểm ác, võ công cái thế và những mối ân oán giữa các môn phái võ lâm.'],
  ['Ngôn Tình', 'romance', 'Những câu chuyện tình yêu ngọt ngào lẫn trắc trở giữa nam chính và nữ chính.'],
  ['Đô Thị', 'urban', 'Cuộc sống nơi thành phố hiện đại với sự nghiệp, tiền tài và những bí mật ẩn giấu.'],
  ['Huyền Huyễn', 'cultivation', 'Thế giới huyền ảo rộng lớn với thần thú, bí cảnh và sức mạnh vượt khỏi trí tưởng tượng.'],
  ['Xuyên Không', 'ancient', 'Nhân vật chính xuyên qua thời không, bắt đầu cuộc đời mới ở một thời đại xa lạ.'],
  ['Trọng Sinh', 'urban', 'Được sống lại một lần nữa, nhân vật chính quyết tâm sửa chữa mọi sai lầm của kiếp trước.'],
  ['Hệ Thống', 'urban', 'Nhân vật chính sở hữu một hệ thống thần bí giao nhiệm vụ và ban thưởng phần thưởng.'],
  ['Võng Du', 'scifi', 'Thế giới trò chơi thực tế ảo nơi người chơi thăng cấp, lập bang hội và tranh bá.'],
  ['Khoa Huyễn', 'scifi', 'Tương lai xa xôi với công nghệ vượt thời đại, tinh hạm và những nền văn minh ngoài vũ trụ.'],
  ['Dị Giới', 'western', 'Lạc bước tới một thế giới khác đầy ma pháp, kỵ sĩ và những chủng tộc kỳ lạ.'],
  ['Dị Năng', 'urban', 'Người mang năng lực đặc biệt sống giữa đời thường và đối mặt với những thế lực bí ẩn.'],
  ['Mạt Thế', 'scifi', 'Tận thế ập đến, con người phải chiến đấu với zombie và quái vật để giành lấy sự sống.'],
  ['Lịch Sử', 'ancient', 'Câu chuyện lấy bối cảnh các triều đại xưa với mưu lược triều chính và binh biến.'],
  ['Quân Sự', 'ancient', 'Chiến trường khốc liệt, binh pháp tài tình và những vị tướng làm nên lịch sử.'],
  ['Quan Trường', 'urban', 'Con đường quan lộ nhiều toan tính, nơi mỗi bước thăng tiến đều phải trả giá.'],
  ['Đồng Nhân', 'cultivation', 'Những câu chuyện sáng tác lại dựa trên thế giới và nhân vật của các tác phẩm nổi tiếng.'],
  ['Linh Dị', 'mystery', 'Chuyện ma quỷ, tâm linh và những hiện tượng kỳ bí khiến người đọc rợn tóc gáy.'],
  ['Trinh Thám', 'mystery', 'Phá giải những vụ án ly kỳ bằng suy luận sắc bén và chứng cứ tỉ mỉ.'],
  ['Cung Đấu', 'ancient', 'Chốn hậu cung lắm mưu mô, nơi các phi tần tranh sủng và tranh quyền.'],
  ['Gia Đấu', 'ancient', 'Những cuộc đấu trí trong đại gia tộc giữa các phòng, các đích thứ và trưởng bối.'],
  ['Điền Văn', 'ancient', 'Cuộc sống điền viên bình dị, làm ruộng, buôn bán và vun vén gia đình.'],
  ['Cổ Đại', 'ancient', 'Bối cảnh cổ đại với vương phủ, hoàng triều và những mối tình thời xưa.'],
  ['Hiện Đại', 'romance', 'Câu chuyện diễn ra trong xã hội hiện đại, gần gũi với cuộc sống thường ngày.'],
  ['Sủng', 'romance', 'Nam chính hết mực cưng chiều nữ chính, ngọt ngào từ đầu đến cuối.'],
  ['Ngược', 'romance', 'Những mối tình day dứt, đau lòng và nhiều nước mắt trước khi tìm được bình yên.'],
  ['Nữ Cường', 'romance', 'Nữ chính mạnh mẽ, thông minh, tự tay nắm lấy vận mệnh của chính mình.'],
  ['Đam Mỹ', 'romance', 'Những câu chuyện tình cảm giữa hai nhân vật nam chính.'],
  ['Hài Hước', 'urban', 'Tình tiết vui nhộn, nhân vật dí dỏm, đọc để thư giãn sau một ngày dài.'],
  ['Đông Phương', 'cultivation', 'Thế giới huyền huyễn mang đậm màu sắc phương Đông với tiên, yêu và thần thoại cổ.'],
  ['Phương Tây', 'western', 'Thế giới phương Tây với ma pháp sư, rồng, kỵ sĩ và những vương quốc cổ xưa.'],
  ['Light Novel', 'western', 'Tiểu thuyết nhẹ nhàng phong cách Nhật Bản, thường có minh họa và nhịp truyện nhanh.'],
  ['Truyện Teen', 'romance', 'Tuổi học trò hồn nhiên với tình bạn, tình yêu đầu đời và những rung động trong sáng.'],
  ['Khác', 'urban', 'Những truyện không thuộc các thể loại trên nhưng vẫn đáng để đọc.'],
];

/** The genre without the fire marker. */
export const UNMARKED_GENRE = 'Khác';

export const SEED_GENRES: readonly SeedGenre[] = GENRE_SOURCE.map(([name, family, description], i) => ({
  name,
  slug: slugify(name),
  position: i + 1,
  description,
  hot: name !== UNMARKED_GENRE,
  family,
}));

/**
 * Genres that sit well beside any other as a second or third genre
 * (a cultivation story may also be "Hệ Thống" or "Trọng Sinh").
 */
export const CROSSOVER_GENRES: readonly string[] = ['Xuyên Không', 'Trọng Sinh', 'Hệ Thống', 'Hài Hước'];
