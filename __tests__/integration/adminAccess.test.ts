import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { NextApiHandler } from 'next';
import auditHandler from '@/pages/api/admin/audit';
import hideCommentHandler from '@/pages/api/admin/comments/[id]/hide';
import restoreCommentHandler from '@/pages/api/admin/comments/[id]/restore';
import dictionariesHandler from '@/pages/api/admin/dictionaries';
import tryHandler from '@/pages/api/admin/dictionaries/try';
import healthHandler from '@/pages/api/admin/health';
import meHandler from '@/pages/api/admin/me';
import acceptNameHandler from '@/pages/api/admin/names/[id]/accept';
import storyNamesHandler from '@/pages/api/admin/names/[id]/index';
import lockNameHandler from '@/pages/api/admin/names/[id]/lock';
import rejectNameHandler from '@/pages/api/admin/names/[id]/reject';
import removeNameHandler from '@/pages/api/admin/names/[id]/remove';
import nameStoriesHandler from '@/pages/api/admin/names/index';
import reportHandler from '@/pages/api/admin/reports/[id]';
import reportsHandler from '@/pages/api/admin/reports';
import hideReviewHandler from '@/pages/api/admin/reviews/[id]/hide';
import restoreReviewHandler from '@/pages/api/admin/reviews/[id]/restore';
import siteDomainsHandler from '@/pages/api/admin/sources/domains';
import storyHandler from '@/pages/api/admin/stories/[id]';
import hideStoryHandler from '@/pages/api/admin/stories/[id]/hide';
import removeStoryHandler from '@/pages/api/admin/stories/[id]/remove';
import storySourcesHandler from '@/pages/api/admin/stories/[id]/sources';
import unhideStoryHandler from '@/pages/api/admin/stories/[id]/unhide';
import storiesHandler from '@/pages/api/admin/stories';
import userHandler from '@/pages/api/admin/users/[id]';
import muteHandler from '@/pages/api/admin/users/[id]/mute';
import usersHandler from '@/pages/api/admin/users';
import grantHandler from '@/pages/api/admin/vip/grant';
import ordersHandler from '@/pages/api/admin/vip/orders';
import { db } from '@/server/db/client';
import { auditLog, stories } from '@/server/db/schema';
import { CLI_ACTOR } from '@/server/services/admin/audit';
import { revokeOperator } from '@/server/services/admin/roles';
import { callApi, type ApiCall } from '../helpers/api';
import { createOperator, createReader, forgedToken } from '../helpers/admin';
import { expiredToken, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Failure = { message: string };

let operator: TestIdentity;
let reader: TestIdentity;
let storyId: string;

/** Every operator endpoint with every method, and a body that would be valid. */
const ENDPOINTS: [string, NextApiHandler, ApiCall][] = [
  ['GET me', meHandler, {}],
  ['GET audit', auditHandler, {}],
  ['GET reports', reportsHandler, {}],
  ['PATCH reports/{id}', reportHandler, { method: 'PATCH', params: { id: '1' }, body: { status: 'resolved' } }],
  ['POST comments/{id}/hide', hideCommentHandler, { method: 'POST', params: { id: '1' }, body: { reason: 'spam' } }],
  ['POST comments/{id}/restore', restoreCommentHandler, { method: 'POST', params: { id: '1' }, body: { reason: 'x' } }],
  ['POST reviews/{id}/hide', hideReviewHandler, { method: 'POST', params: { id: '1' }, body: { reason: 'spam' } }],
  ['POST reviews/{id}/restore', restoreReviewHandler, { method: 'POST', params: { id: '1' }, body: { reason: 'x' } }],
  ['GET users', usersHandler, {}],
  ['GET users/{id}', userHandler, { params: { id: 'someone' } }],
  ['POST users/{id}/mute', muteHandler, { method: 'POST', params: { id: 'someone' }, body: { days: 1, reason: 'x' } }],
  ['DELETE users/{id}/mute', muteHandler, { method: 'DELETE', params: { id: 'someone' }, body: {} }],
  ['GET stories', storiesHandler, {}],
  ['GET stories/{id}', storyHandler, { params: { id: '1' } }],
  ['PATCH stories/{id}', storyHandler, { method: 'PATCH', params: { id: '1' }, body: { title: 'Bị đổi' } }],
  ['POST stories/{id}/hide', hideStoryHandler, { method: 'POST', params: { id: '1' }, body: { note: 'x' } }],
  ['POST stories/{id}/unhide', unhideStoryHandler, { method: 'POST', params: { id: '1' }, body: { note: 'x' } }],
  ['POST stories/{id}/remove', removeStoryHandler, { method: 'POST', params: { id: '1' }, body: { note: 'x' } }],
  ['GET stories/{id}/sources', storySourcesHandler, { params: { id: '1' } }],
  ['POST stories/{id}/sources', storySourcesHandler, { method: 'POST', params: { id: '1' }, body: { link: 'https://www.22biqu.com/biqu70002/' } }],
  ['PATCH stories/{id}/sources', storySourcesHandler, { method: 'PATCH', params: { id: '1' }, body: { sourceId: 1 } }],
  ['GET sources/domains', siteDomainsHandler, {}],
  ['PUT sources/domains', siteDomainsHandler, { method: 'PUT', body: { site: '22biqu', domain: '22biqu.net' } }],
  ['GET vip/orders', ordersHandler, {}],
  ['POST vip/grant', grantHandler, { method: 'POST', body: { email: 'x@example.com', days: 30, reason: 'x' } }],
  ['GET health', healthHandler, {}],
  ['GET dictionaries', dictionariesHandler, {}],
  ['POST dictionaries', dictionariesHandler, { method: 'POST', body: { kind: 'names', name: 'a.txt', text: '张三=Trương Tam' } }],
  ['POST dictionaries/try', tryHandler, { method: 'POST', body: { text: '你好' } }],
  ['GET names', nameStoriesHandler, {}],
  ['GET names/{id}', storyNamesHandler, { params: { id: '1' } }],
  ['POST names/{id}/accept', acceptNameHandler, { method: 'POST', params: { id: '1' }, body: { original: '林渊', translation: 'Lâm Uyên' } }],
  ['POST names/{id}/reject', rejectNameHandler, { method: 'POST', params: { id: '1' }, body: { original: '林渊', translation: 'Lâm Uyên' } }],
  ['POST names/{id}/lock', lockNameHandler, { method: 'POST', params: { id: '1' }, body: { original: '林渊', locked: true } }],
  ['POST names/{id}/remove', removeNameHandler, { method: 'POST', params: { id: '1' }, body: { original: '林渊' } }],
];

beforeAll(async () => {
  await resetDatabase();
  operator = await createOperator('access-op');
  reader = await createReader('access-reader');
  storyId = String((await insertStory({ title: 'Truyện Không Được Động', chapters: 1 })).id);
  for (const [, , call] of ENDPOINTS) if (call.params?.id === '1') call.params = { id: storyId };
});

describe('every /api/admin endpoint', () => {
  it.each(ENDPOINTS)('%s: 401 without a token, with a forged or an expired one; 403 for a reader; and changes nothing', async (_name, handler, call) => {
    const auditBefore = await db().$count(auditLog);
    for (const token of [undefined, 'not-a-jwt', forgedToken(operator.uid, operator.email), expiredToken(operator.uid)]) {
      const { status, body } = await callApi<Failure>(handler, { ...call, token });
      expect(status).toBe(401);
      expect(body.message).toMatch(/đăng nhập/);
    }
    const { status, body } = await callApi<Failure>(handler, { ...call, token: reader.token });
    expect(status).toBe(403);
    expect(body).toEqual({ message: 'Bạn không có quyền quản trị.' });
    expect(await db().$count(auditLog)).toBe(auditBefore);
    expect(await db().$count(stories)).toBe(1);
  });
});

describe('the list above', () => {
  it('names every route file under pages/api/admin (a new endpoint must join it)', async () => {
    const root = path.join(process.cwd(), 'pages/api/admin');
    const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.ts')).sort();
    expect(files).toEqual(
      [
        'audit.ts',
        'comments/[id]/hide.ts',
        'comments/[id]/restore.ts',
        'dictionaries/index.ts',
        'dictionaries/try.ts',
        'health.ts',
        'me.ts',
        'names/[id]/accept.ts',
        'names/[id]/index.ts',
        'names/[id]/lock.ts',
        'names/[id]/reject.ts',
        'names/[id]/remove.ts',
        'names/index.ts',
        'reports/[id].ts',
        'reports/index.ts',
        'reviews/[id]/hide.ts',
        'reviews/[id]/restore.ts',
        'sources/domains.ts',
        'stories/[id]/hide.ts',
        'stories/[id]/index.ts',
        'stories/[id]/remove.ts',
        'stories/[id]/sources.ts',
        'stories/[id]/unhide.ts',
        'stories/index.ts',
        'users/[id]/index.ts',
        'users/[id]/mute.ts',
        'users/index.ts',
        'vip/grant.ts',
        'vip/orders.ts',
      ].sort(),
    );
    expect(new Set(ENDPOINTS.map(([, handler]) => handler)).size).toBe(files.length);
  });
});

describe('GET /api/admin/me', () => {
  it('answers the operator, never stored by a cache', async () => {
    const { status, body, headers } = await callApi(meHandler, { token: operator.token });
    expect(status).toBe(200);
    expect(body).toEqual({ message: { _id: operator.uid, email: operator.email, username: 'access-op', role: 'admin' } });
    expect(headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses at once an operator whose role was revoked (403 with the same token)', async () => {
    const former = await createOperator('access-former');
    expect((await callApi(meHandler, { token: former.token })).status).toBe(200);
    await revokeOperator(db(), CLI_ACTOR, former.email);
    expect((await callApi(meHandler, { token: former.token })).status).toBe(403);
  });
});
