import { consoleHref, pageCount, queryChoice, queryPage, queryParam } from '@/components/admin/query';

describe('console URL state', () => {
  it('reads one trimmed parameter', () => {
    expect(queryParam({ query: ' an ' }, 'query')).toBe('an');
    expect(queryParam({ query: ['a', 'b'] }, 'query')).toBe('a');
    expect(queryParam({}, 'query')).toBe('');
  });

  it('accepts only known choices', () => {
    expect(queryChoice({ status: 'new' }, 'status', ['new', 'resolved'] as const)).toBe('new');
    expect(queryChoice({ status: 'drop table' }, 'status', ['new', 'resolved'] as const)).toBeUndefined();
  });

  it('turns the 1-based page of the URL into the 0-based page of the API', () => {
    expect(queryPage({ page: '3' })).toBe(2);
    expect(queryPage({ page: '1' })).toBe(0);
    expect(queryPage({ page: '-4' })).toBe(0);
    expect(queryPage({ page: 'x' })).toBe(0);
    expect(queryPage({})).toBe(0);
  });

  it('writes URLs without empty filters or the first page', () => {
    expect(consoleHref('/quan-tri/bao-cao', { status: 'new', targetType: '', page: 1 })).toBe('/quan-tri/bao-cao?status=new');
    expect(consoleHref('/quan-tri/tai-khoan', { query: 'nguyễn an', page: 2 })).toBe('/quan-tri/tai-khoan?query=nguy%E1%BB%85n+an&page=2');
    expect(consoleHref('/quan-tri', {})).toBe('/quan-tri');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
