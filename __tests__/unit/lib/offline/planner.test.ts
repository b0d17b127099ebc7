import { estimateChapterBytes, planDownload, PLAN_MESSAGES, type PlanInput } from '@/lib/offline/planner';
import { formatBytes } from '@/lib/offline/format';

const chapters = Array.from({ length: 30 }, (_, i) => ({ index: i + 1, title: `Chương ${i + 1}`, vip: i + 1 >= 25 }));

function input(change: Partial<PlanInput> = {}): PlanInput {
  return {
    chapters,
    from: 3,
    count: 5,
    member: false,
    kept: new Set(),
    withAudio: false,
    charsPerChapter: 10_000,
    storage: { usage: 0, quota: 1024 ** 3 },
    ...change,
  };
}

describe('planDownload', () => {
  it('takes the chapter being read and the ones after it, in order', () => {
    const plan = planDownload(input({ chapters: [...chapters].reverse() }));
    expect(plan.chapters.map((chapter) => chapter.index)).toEqual([3, 4, 5, 6, 7]);
    expect(plan.error).toBeNull();
  });

  it('stops at the end of the story', () => {
    const plan = planDownload(input({ from: 28, count: 10, member: true }));
    expect(plan.chapters.map((chapter) => chapter.index)).toEqual([28, 29, 30]);
  });

  it('skips chapters already kept, and says so when every one is', () => {
    const some = planDownload(input({ kept: new Set([4, 6]) }));
    expect(some.chapters.map((chapter) => chapter.index)).toEqual([3, 5, 7]);
    expect(some.alreadyKept).toEqual([4, 6]);
    const all = planDownload(input({ kept: new Set([3, 4, 5, 6, 7]) }));
    expect(all.chapters).toEqual([]);
    expect(all.error).toBe('Các chương này đã có trên máy.');
  });

  it('refuses VIP chapters to a non-member and lets a member have them', () => {
    const visitor = planDownload(input({ from: 23 }));
    expect(visitor.chapters.map((chapter) => chapter.index)).toEqual([23, 24]);
    expect(visitor.refusedVip).toEqual([25, 26, 27]);
    expect(visitor.error).toBeNull();
    expect(PLAN_MESSAGES.vipSkipped(visitor.refusedVip.length)).toBe('Bỏ qua 3 chương VIP (chỉ dành cho thành viên VIP).');

    const onlyVip = planDownload(input({ from: 25 }));
    expect(onlyVip.chapters).toEqual([]);
    expect(onlyVip.error).toBe('Các chương này là chương VIP: chỉ thành viên VIP mới tải được.');

    const member = planDownload(input({ from: 25, member: true }));
    expect(member.chapters.map((chapter) => chapter.index)).toEqual([25, 26, 27, 28, 29]);
    expect(member.refusedVip).toEqual([]);
  });

  it('estimates text and page, and much more with server audio', () => {
    const text = planDownload(input());
    const audio = planDownload(input({ withAudio: true }));
    expect(text.estimatedBytes).toBe(5 * estimateChapterBytes(10_000, false));
    expect(estimateChapterBytes(10_000, false)).toBe(10_000 * 2 + 60_000);
    // About 11 minutes of speech at 235 KB a minute.
    expect(estimateChapterBytes(10_000, true)).toBeGreaterThan(2_500_000);
    expect(audio.estimatedBytes).toBeGreaterThan(30 * text.estimatedBytes);
  });

  it('takes a typical chapter when the length is unknown', () => {
    expect(estimateChapterBytes(null, false)).toBe(estimateChapterBytes(12_000, false));
  });

  it('refuses a download larger than the space left, in Vietnamese with both sizes', () => {
    const plan = planDownload(input({ withAudio: true, count: 20, storage: { usage: 90 * 1024 ** 2, quota: 100 * 1024 ** 2 } }));
    expect(plan.freeBytes).toBe(10 * 1024 ** 2);
    expect(plan.error).toBe(
      `Không đủ dung lượng trên máy: cần khoảng ${formatBytes(plan.estimatedBytes)}, chỉ còn trống 10 MB. Hãy xóa bớt truyện đã tải hoặc chọn ít chương hơn.`,
    );
    expect(plan.chapters).toHaveLength(20);
  });

  it('starts when the browser does not tell its quota', () => {
    const plan = planDownload(input({ storage: null }));
    expect(plan.freeBytes).toBeNull();
    expect(plan.error).toBeNull();
  });

  it('says when there is nothing after the last chapter', () => {
    expect(planDownload(input({ from: 31 })).error).toBe('Không còn chương nào để tải.');
  });
});

describe('formatBytes', () => {
  it('writes sizes with a Vietnamese decimal comma', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(350 * 1024)).toBe('350 KB');
    expect(formatBytes(1.25 * 1024 ** 2)).toBe('1,3 MB');
    expect(formatBytes(3.4 * 1024 ** 3)).toBe('3,4 GB');
  });
});
