import type { StoryPlan } from './catalogue';
import { chapterContent, chapterTitle, countWords, vocabularyFor } from './prose';
import { createRng, hashSeed } from './random';
import { chapterDate } from './stats';

export interface ChapterRow {
  index: number;
  title: string;
  content: string;
  wordCount: number;
  vip: boolean;
  createdAt: Date;
}

/** Chapter N of a planned story; each chapter has its own generator, so any one can be rebuilt alone. */
export function planChapter(plan: StoryPlan, index: number): ChapterRow {
  const rng = createRng(hashSeed(plan.seed, 'chapter', index));
  const vocabulary = vocabularyFor(plan.family);
  const title = chapterTitle(rng, vocabulary, plan.cast, index);
  const content = chapterContent(rng, vocabulary, plan.cast);
  return {
    index,
    title,
    content,
    wordCount: countWords(content),
    vip: index > plan.chapterCount - plan.vipChapters,
    createdAt: chapterDate(plan.times, index, plan.chapterCount),
  };
}

export function* planChapters(plan: StoryPlan): Generator<ChapterRow> {
  for (let index = 1; index <= plan.chapterCount; index++) yield planChapter(plan, index);
}
