/** @jest-environment node */
import { CHAPTER_OPTIONS } from '@/lib/constants';
import { foldVietnamese } from '@/lib/text/fold';
import { isReservedSlug, slugify } from '@/lib/text/slug';
import { bucketPlan, planDemoCatalogue, VIP_TAIL_CHAPTERS, VIP_TAIL_STORIES } from '@/server/db/seed/catalogue';
import { planChapter } from '@/server/db/seed/chapters';
import { SEED_GENRES, UNMARKED_GENRE } from '@/server/db/seed/genres';
import { SEED_REFERENCE_DATE } from '@/server/db/seed/stats';

const plans = planDemoCatalogue();

describe('SEED_GENRES', () => {
  it('lists the 34 genres in order with slugs, descriptions and one genre without the fire marker', () => {
    expect(SEED_GENRES).toHaveLength(34);
    expect(SEED_GENRES[0]).toMatchObject({ name: 'Tiên Hiệp', slug: 'tien-hiep', position: 1, hot: true });
    expect(SEED_GENRES[33]).toMatchObject({ name: 'Khác', slug: 'khac', position: 34, hot: false });
    expect(SEED_GENRES.filter((genre) => !genre.hot).map((genre) => genre.name)).toEqual([UNMARKED_GENRE]);
    expect(new Set(SEED_GENRES.map((genre) => genre.slug)).size).toBe(34);
    for (const genre of SEED_GENRES) {
      expect(genre.slug).toBe(slugify(genre.name));
      expect(genre.description).toMatch(/^\p{Lu}.{20,}\.$/u);
    }
  });
});

describe('planDemoCatalogue', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(planDemoCatalogue())).toBe(JSON.stringify(plans));
    expect(planChapter(plans[5], 3)).toEqual(planChapter(planDemoCatalogue()[5], 3));
  });

  it('covers every chapter-count bucket, with a few stories over 1000 chapters', () => {
    expect(plans).toHaveLength(120);
    for (const option of CHAPTER_OPTIONS) {
      const inBucket = plans.filter((plan) => plan.chapterCount >= option.min && (option.max === null || plan.chapterCount < option.max));
      expect(inBucket.length).toBeGreaterThan(0);
    }
    expect(plans.filter((plan) => plan.chapterCount >= 1000).length).toBeGreaterThanOrEqual(2);
    const total = plans.reduce((sum, plan) => sum + plan.chapterCount, 0);
    expect(total).toBeGreaterThanOrEqual(20_000);
    expect(total).toBeLessThanOrEqual(25_000);
  });

  it('gives every bucket a story once there are four stories', () => {
    expect(new Set(bucketPlan(4)).size).toBe(4);
    expect(bucketPlan(2)).toHaveLength(2);
  });

  it('has unique titles and slugs, folded search text, and 1–3 known genres per story', () => {
    expect(new Set(plans.map((plan) => plan.title)).size).toBe(plans.length);
    expect(new Set(plans.map((plan) => plan.slug)).size).toBe(plans.length);
    const names = new Set(SEED_GENRES.map((genre) => genre.name));
    for (const plan of plans) {
      expect(isReservedSlug(plan.slug)).toBe(false);
      expect(plan.searchTitle).toBe(foldVietnamese(plan.title));
      expect(plan.searchAuthor).toBe(foldVietnamese(plan.author));
      expect(plan.genres.length).toBeGreaterThanOrEqual(1);
      expect(plan.genres.length).toBeLessThanOrEqual(3);
      expect(new Set(plan.genres).size).toBe(plan.genres.length);
      for (const genre of plan.genres) expect(names.has(genre)).toBe(true);
    }
    const used = new Set(plans.flatMap((plan) => plan.genres));
    expect(used.size).toBe(SEED_GENRES.length);
  });

  it('has authors with several stories', () => {
    const byAuthor = new Map<string, number>();
    for (const plan of plans) byAuthor.set(plan.author, (byAuthor.get(plan.author) ?? 0) + 1);
    expect([...byAuthor.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(3);
  });

  it('has believable numbers and dates before the reference date', () => {
    for (const plan of plans) {
      const { stats, times } = plan;
      expect(stats.ratingAvg).toBeGreaterThanOrEqual(3);
      expect(stats.ratingAvg).toBeLessThanOrEqual(5);
      expect(stats.viewsDay).toBeLessThanOrEqual(stats.viewsWeek);
      expect(stats.viewsWeek).toBeLessThanOrEqual(stats.viewsMonth);
      expect(stats.viewsMonth).toBeLessThanOrEqual(stats.viewsTotal);
      expect(times.createdAt.getTime()).toBeLessThan(times.latestChapterAt.getTime());
      expect(times.latestChapterAt.getTime()).toBeLessThanOrEqual(SEED_REFERENCE_DATE.getTime());
      expect(SEED_REFERENCE_DATE.getTime() - times.createdAt.getTime()).toBeLessThanOrEqual(366 * 86_400_000);
    }
    expect(new Set(plans.map((plan) => plan.status))).toEqual(new Set(['ongoing', 'completed']));
  });

  it('makes the last chapters of a couple of ongoing stories VIP', () => {
    const vip = plans.filter((plan) => plan.vipChapters > 0);
    expect(vip).toHaveLength(VIP_TAIL_STORIES);
    for (const plan of vip) {
      expect(plan.status).toBe('ongoing');
      const flags = Array.from({ length: VIP_TAIL_CHAPTERS + 1 }, (_, i) => planChapter(plan, plan.chapterCount - i).vip);
      expect(flags).toEqual([true, true, true, false]);
    }
    expect(planChapter(plans.find((plan) => plan.vipChapters === 0) ?? plans[0], 1).vip).toBe(false);
  });

  it('dates chapters in order between the story start and its newest chapter', () => {
    const plan = plans.find((p) => p.chapterCount > 10) ?? plans[0];
    const first = planChapter(plan, 1);
    const last = planChapter(plan, plan.chapterCount);
    expect(first.createdAt).toEqual(plan.times.createdAt);
    expect(last.createdAt).toEqual(plan.times.latestChapterAt);
    expect(planChapter(plan, 2).createdAt.getTime()).toBeGreaterThan(first.createdAt.getTime());
    expect(first.title).toMatch(/^Chương 1: /);
    expect(first.wordCount).toBeGreaterThan(100);
  });
});
