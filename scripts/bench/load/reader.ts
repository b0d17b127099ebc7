import { createHash } from 'node:crypto';
import { signChapterRequest } from '../../../lib/chapterSign';
import { publicEnv } from '../../../lib/publicEnv';
import type { Answer, CookieJar, LoadClient } from './http';

/**
 * One simulated reader: signed in with an account of its own, it browses, searches, opens a
 * story, reads chapters in order (page, then the signed text), records its progress, saves
 * stories, likes, reviews and comments, and keeps a log of every write the site acknowledged.
 */

export interface StoryRef {
  id: number;
  slug: string;
  chapters: number;
}

export interface Account {
  uid: string;
  token: string;
}

/** Every write the site acknowledged, for the read-back. */
export interface Acknowledged {
  history: { uid: string; storyId: number; chapter: number }[];
  saves: Map<string, { save: boolean }>; // `${uid}:${storyId}` → the last acknowledged state
  comments: { uid: string; id: number; content: string }[];
  reviews: Map<string, { id: number; content: string }>; // `${uid}:${storyId}`
  likes: Map<string, boolean>; // `${uid}:${reviewId}` → liked after the last acknowledged toggle
  chapterTexts: { storyId: number; index: number; md5: string }[];
  /** Acknowledged write requests, repeats included. */
  writes: number;
}

export function newAcknowledged(): Acknowledged {
  return { history: [], saves: new Map(), comments: [], reviews: new Map(), likes: new Map(), chapterTexts: [], writes: 0 };
}

const KEYWORDS = ['tien', 'kiem', 'hiep', 'do thi', 'ma', 'long', 'thien', 'vo', 'tinh', 'he thong'];
/** Per reader and minute, below the site's limits (5 comments, 10 reviews), so no write is refused. */
const MAX_COMMENTS = 4;
const MAX_REVIEWS = 2;

type Action = 'home' | 'ranking' | 'search' | 'story' | 'chapterPage' | 'chapterText' | 'history' | 'save' | 'cabinet' | 'like' | 'comment' | 'review' | 'lookup' | 'comments';

/** The mix: 23 % writes (history, save, like, comment, review). */
const MIX: [Action, number][] = [
  ['home', 6],
  ['ranking', 4],
  ['search', 6],
  ['story', 10],
  ['chapterPage', 12],
  ['chapterText', 30],
  ['cabinet', 9],
  ['history', 12],
  ['save', 6],
  ['like', 3],
  ['comment', 1.5],
  ['review', 0.5],
];
/**
 * The cold mix (a deploy under traffic, `BENCH_LOAD_MODE=cold`): 35 % story pages, 15 % chapter
 * pages, 15 % book lookups (GET /api/book/slug), 10 % searches, 5 % comment lists, 20 % bookmark writes.
 */
const COLD_MIX: [Action, number][] = [
  ['story', 35],
  ['chapterPage', 15],
  ['lookup', 15],
  ['search', 10],
  ['comments', 5],
  ['save', 20],
];

export type MixName = 'steady' | 'cold';

/** The action of that name, or an error naming those there are. */
export function actionNamed(name: string): Action {
  const actions = new Set([...MIX, ...COLD_MIX].map(([action]) => action));
  if (!actions.has(name as Action)) throw new Error(`No action "${name}": one of ${[...actions].join(', ')}.`);
  return name as Action;
}
const MIXES: Record<MixName, [Action, number][]> = { steady: MIX, cold: COLD_MIX };

function pick(random: () => number, mix: [Action, number][]): Action {
  let roll = random() * mix.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [action, weight] of mix) {
    roll -= weight;
    if (roll <= 0) return action;
  }
  return 'chapterText';
}

function json<T>(answer: Answer | null): T | null {
  if (!answer || answer.status !== 200) return null;
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return null;
  }
}

export interface ReaderContext {
  client: LoadClient;
  /** Wrong answers seen by any reader, warm-up included. */
  wrong: string[];
  stories: StoryRef[];
  acknowledged: Acknowledged;
  /** Reviews any reader may like, as they are written. */
  reviewIds: number[];
  random: () => number;
  until: number;
  mix?: MixName;
  /** One action repeated instead of the mix (BENCH_LOAD_ONLY), to measure what it costs. */
  only?: Action;
}

export async function runReader(account: Account, context: ReaderContext): Promise<void> {
  const { wrong, stories, acknowledged, random } = context;
  // Like a browser, the reader keeps the cookies the site gives it (its device cookie).
  const jar: CookieJar = new Map();
  const client = { request: (action: string, method: string, path: string, options: { body?: unknown; token?: string } = {}) => context.client.request(action, method, path, { ...options, jar }) };
  let story = stories[Math.floor(random() * stories.length)];
  let chapter = 1 + Math.floor(random() * Math.min(story.chapters, 20));
  const mine = new Set<number>();
  let comments = 0;
  let reviews = 0;

  const actions: Record<Action, () => Promise<void>> = {
    home: async () => void (await client.request('home', 'GET', '/')),
    ranking: async () => void (await client.request('ranking', 'GET', '/bang-xep-hang')),
    search: async () => void (await client.request('search', 'GET', `/truyen?keyword=${encodeURIComponent(KEYWORDS[Math.floor(random() * KEYWORDS.length)])}`)),
    story: async () => {
      story = stories[Math.floor(random() * stories.length)];
      chapter = 1;
      await client.request('story', 'GET', `/${story.slug}`);
    },
    chapterPage: async () => void (await client.request('chapterPage', 'GET', `/${story.slug}/chuong-${chapter}`)),
    chapterText: async () => {
      const sign = signChapterRequest({ truyenId: String(story.id), index: chapter, time: Math.floor(Date.now() / 1000) }, publicEnv.chapterSignKey);
      const answer = json<{ message: string; index: number }>(await client.request('chapterText', 'POST', '/api/book/text', { body: { sign }, token: account.token }));
      if (answer) {
        if (answer.index !== chapter) wrong.push(`text of chapter ${answer.index} for ${story.id}/${chapter}`);
        acknowledged.chapterTexts.push({ storyId: story.id, index: chapter, md5: createHash('md5').update(answer.message).digest('hex') });
      }
      chapter = chapter >= story.chapters ? 1 : chapter + 1;
    },
    history: async () => {
      const at = { storyId: story.id, chapter };
      mine.add(at.storyId);
      const answer = await client.request('history', 'POST', '/api/user/web/lichsu', { body: { chapter: at.chapter, truyenId: String(at.storyId), audio_time: 1 }, token: account.token });
      if (answer?.status === 200) {
        acknowledged.history.push({ uid: account.uid, ...at });
        acknowledged.writes += 1;
      }
    },
    save: async () => {
      const save = random() < 0.8;
      const storyId = story.id;
      mine.add(storyId);
      const answer = await client.request('save', 'POST', '/api/user/web/bookmark', { body: { _id: String(storyId), chapter, save, time: Date.now() }, token: account.token });
      if (answer?.status === 200) {
        acknowledged.saves.set(`${account.uid}:${storyId}`, { save });
        acknowledged.writes += 1;
      }
    },
    cabinet: async () => {
      const answer = json<{ message: { _id: string }[] }>(await client.request('cabinet', 'GET', '/api/user/web/bookmarks', { token: account.token }));
      for (const bookmark of answer?.message ?? []) {
        if (!mine.has(Number(bookmark._id))) wrong.push(`reader ${account.uid} was shown story ${bookmark._id} it never read or saved`);
      }
    },
    like: async () => {
      if (context.reviewIds.length === 0) return actions.chapterText();
      const reviewId = context.reviewIds[Math.floor(random() * context.reviewIds.length)];
      const answer = json<{ message: { liked: boolean } }>(await client.request('like', 'POST', '/api/reviews/toggle-like', { body: { reviewId }, token: account.token }));
      if (answer) {
        acknowledged.likes.set(`${account.uid}:${reviewId}`, answer.message.liked);
        acknowledged.writes += 1;
      }
    },
    comment: async () => {
      if (comments >= MAX_COMMENTS) return actions.chapterText();
      comments += 1;
      const content = `Bình luận thử tải ${account.uid.slice(0, 6)}-${comments}`;
      const answer = json<{ message: { _id: string } }>(await client.request('comment', 'POST', '/api/comments/create', { body: { truyenId: story.id, content }, token: account.token }));
      if (answer) {
        acknowledged.comments.push({ uid: account.uid, id: Number(answer.message._id), content });
        acknowledged.writes += 1;
      }
    },
    lookup: async () => void (await client.request('lookup', 'GET', `/api/book/slug/${encodeURIComponent(story.slug)}`)),
    comments: async () => void (await client.request('comments', 'POST', '/api/comments/top-level', { body: { truyenId: story.id } })),
    review: async () => {
      if (reviews >= MAX_REVIEWS) return actions.chapterText();
      reviews += 1;
      const storyId = story.id;
      const content = `Đánh giá thử tải của ${account.uid.slice(0, 6)} lần ${reviews}`;
      const answer = json<{ message: { _id: string } }>(
        await client.request('review', 'POST', '/api/reviews/create-update', { body: { truyenId: storyId, rating: 1 + Math.floor(random() * 5), content }, token: account.token }),
      );
      if (answer) {
        const id = Number(answer.message._id);
        acknowledged.reviews.set(`${account.uid}:${storyId}`, { id, content });
        acknowledged.writes += 1;
        if (!context.reviewIds.includes(id)) context.reviewIds.push(id);
      }
    },
  };

  const mix: [Action, number][] = context.only ? [[context.only, 1]] : MIXES[context.mix ?? 'steady'];
  while (Date.now() < context.until) await actions[pick(random, mix)]();
}
