/** @jest-environment node */
import { clickedPath, safePath } from '@/lib/offline/swPush';

const origin = 'https://truyen.example';

describe('where a clicked notification goes', () => {
  it('opens the chapter of the message, with the entry to mark read', () => {
    expect(clickedPath({ url: '/kiem-lai/chuong-12', notificationId: '42' }, origin)).toBe('/kiem-lai/chuong-12?tb=42');
    expect(clickedPath({ url: '/user?tab=notifications', notificationId: null }, origin)).toBe('/user?tab=notifications');
  });

  it('never leaves the site', () => {
    expect(safePath('https://evil.example/x', origin)).toBe('/user?tab=notifications');
    expect(safePath('//evil.example/x', origin)).toBe('/user?tab=notifications');
    expect(safePath(undefined, origin)).toBe('/user?tab=notifications');
  });
});
