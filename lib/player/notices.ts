/** What the player tells the listener (announced through aria-live). */
export const NOTICES = {
  noVoice: 'Trình duyệt này không có giọng đọc tiếng Việt, nên đang phát bản đọc từ máy chủ.',
  remoteVoiceFailed: 'Giọng đọc trực tuyến không phản hồi, nên đang đọc bằng giọng của thiết bị.',
  blocked: 'Trình duyệt chưa cho phép phát âm thanh. Hãy nhấn Phát để nghe.',
  sleepDone: 'Đã hết giờ hẹn, trình phát đã tạm dừng.',
  chapterSleep: 'Đã dừng ở cuối chương theo hẹn giờ.',
  handoff: 'Màn hình đã tắt nên trình phát tiếp tục bằng giọng máy chủ.',
  chapterDone: 'Đã nghe hết chương.',
  audioFailed: 'Không phát được bản đọc từ máy chủ. Vui lòng thử lại.',
} as const;
