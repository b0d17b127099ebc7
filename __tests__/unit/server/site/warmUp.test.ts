/** @jest-environment node */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { rankedSlugs, storyLinks, warmOrder, warmUp } from '@/server/site/warmUp';

describe('the pages a site process warms', () => {
  it('takes the stories of the home page in order, each once, up to the count', () => {
    const html = [
      '<a data-testid="story-card" href="/kiem-lai">',
      '<a href="/the-loai/tien-hiep">',
      '<a class="card" data-testid="story-card" href="/pham-nhan-tu-tien?tu=trang-chu">',
      '<a data-testid="story-card" href="/kiem-lai">',
      '<a data-testid="story-card" href="/dau-pha-thuong-khung">',
    ].join('');
    expect(storyLinks(html, 5)).toEqual(['/kiem-lai', '/pham-nhan-tu-tien', '/dau-pha-thuong-khung']);
    expect(storyLinks(html, 2)).toEqual(['/kiem-lai', '/pham-nhan-tu-tien']);
  });

  it('reads the slugs of a ranking answer, and none from an error or anything else', () => {
    expect(rankedSlugs(JSON.stringify({ results: [{ slug: 'kiem-lai' }, { slug: '' }, { _id: '3' }, { slug: 'tien-nghich' }], total: 4 }))).toEqual(['kiem-lai', 'tien-nghich']);
    expect(rankedSlugs(JSON.stringify({ message: 'Hệ thống đang quá tải, vui lòng thử lại sau ít giây.' }))).toEqual([]);
    expect(rankedSlugs('<!doctype html>')).toEqual([]);
  });

  it('has every other worker of a cluster start from the end, so two warming at once share what they render', () => {
    const pages = ['/a', '/b', '/c'];
    expect(warmOrder(pages, 0)).toEqual(['/a', '/b', '/c']);
    expect(warmOrder(pages, 1)).toEqual(['/c', '/b', '/a']);
    expect(warmOrder(pages, 2)).toEqual(['/a', '/b', '/c']);
    expect(pages).toEqual(['/a', '/b', '/c']);
  });
});

describe('what a site process asks itself for while it warms', () => {
  interface Asked {
    url: string;
    encoding: string;
    cookie: string;
  }
  let distDir: string;

  beforeAll(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warm-up-'));
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  /** A site of two stories: its home, ranking and book answers, and a page for anything else. */
  async function warmSite(demo: boolean): Promise<Asked[]> {
    const asked: Asked[] = [];
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? '/';
      asked.push({ url, encoding: String(req.headers['accept-encoding'] ?? ''), cookie: String(req.headers.cookie ?? '') });
      if (url === '/') return res.end('<a data-testid="story-card" href="/kiem-lai"><a data-testid="story-card" href="/tien-nghich">');
      if (url.startsWith('/api/book/top/hot/')) return res.end(JSON.stringify({ results: [{ slug: 'kiem-lai' }, { slug: 'tien-nghich' }], total: 2 }));
      if (url.startsWith('/api/book/slug/')) return res.end(JSON.stringify({ message: { _id: '7' } }));
      res.end('<!doctype html><p>trang</p>');
    };
    const report = await warmUp({ distDir, handle, stories: 2, demo });
    expect(report.failures).toEqual([]);
    return asked;
  }

  const pages = ['/kiem-lai', '/kiem-lai/chuong-1', '/tien-nghich', '/tien-nghich/chuong-1'];
  /** The page requests after the last API call: the pass that leaves the page copy fresh. */
  const lastPass = (asked: Asked[]) => asked.slice(asked.map((request) => request.url.startsWith('/api/')).lastIndexOf(true) + 1);

  it('ends by asking for every hot page compressed, as a browser does, so the page copy starts fresh', async () => {
    const last = lastPass(await warmSite(false));
    expect(last.map((request) => request.url).sort()).toEqual([...pages].sort());
    expect(last.every((request) => request.encoding === 'gzip' && request.cookie === '')).toBe(true);
  });

  it('in demo mode asks for them also with the flag cookie its proxy gives every browser, as readers return', async () => {
    const last = lastPass(await warmSite(true));
    expect(last.filter((request) => request.cookie === '').map((request) => request.url).sort()).toEqual([...pages].sort());
    expect(last.filter((request) => request.cookie === 'ta_demo=1').map((request) => request.url).sort()).toEqual([...pages].sort());
    expect(last.every((request) => request.encoding === 'gzip')).toBe(true);
  });
});
