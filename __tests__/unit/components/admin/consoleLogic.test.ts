import { activeNavHref } from '@/components/admin/AdminShell';
import { groupByTarget } from '@/components/admin/moderation/ModerationScreen';
import { storyPatch } from '@/components/admin/stories/StoryEditForm';
import type { Report } from '@/lib/api/admin';

function report(id: string, targetId: string | null, reason: Report['reason']): Report {
  return {
    _id: id,
    targetType: 'comment',
    targetId,
    reason,
    detail: null,
    status: 'new',
    reporter: null,
    contact: null,
    links: [],
    statement: null,
    target: targetId ? { story: null, content: 'x', author: null, hidden: false } : null,
    note: null,
    handledBy: null,
    createdAt: 1,
    updatedAt: 1,
  };
}

describe('console navigation', () => {
  it('marks the screen of a nested route, the longest match winning', () => {
    expect(activeNavHref('/quan-tri')).toBe('/quan-tri');
    expect(activeNavHref('/quan-tri/truyen/[id]')).toBe('/quan-tri/truyen');
    expect(activeNavHref('/quan-tri/nhat-ky')).toBe('/quan-tri/nhat-ky');
  });
});

describe('reported writing', () => {
  it('shows each reported item once, with its number of reports and their reasons', () => {
    const groups = groupByTarget([report('1', '7', 'spam'), report('2', '8', 'abuse'), report('3', '7', 'abuse'), report('4', '7', 'spam'), report('5', null, 'spam')]);
    expect(groups.map((group) => [group.targetId, group.count, group.reasons])).toEqual([
      ['7', 3, ['Spam', 'Nội dung xúc phạm']],
      ['8', 1, ['Nội dung xúc phạm']],
    ]);
  });
});

describe('story edit', () => {
  const before = { title: 'A', author: 'B', genres: ['Tiên Hiệp', 'Huyền Huyễn'], status: 'ongoing' as const, description: 'd', cover: '' };

  it('sends only the fields that changed', () => {
    expect(storyPatch(before, { ...before, title: ' A2 ', status: 'completed' })).toEqual({ title: 'A2', status: 'completed' });
  });

  it('ignores the order of genres', () => {
    expect(storyPatch(before, { ...before, genres: ['Huyền Huyễn', 'Tiên Hiệp'] })).toEqual({});
    expect(storyPatch(before, { ...before, genres: ['Tiên Hiệp'] })).toEqual({ genres: ['Tiên Hiệp'] });
  });
});
