import { useCallback, useEffect, useRef, useState } from 'react';
import type { SourceSearchEvent, SourceSearchRow } from '@/lib/api/embedding';
import { checkSearchQuery } from '@/lib/embeddingSearch';

// The stream reader loads with the first search, not with the page.
const searchApi = () => import('@/lib/api/sourceSearch');

export interface SiteSearchState {
  id: string;
  name: string;
  state: 'searching' | 'done' | 'error';
  count: number;
  message: string | null;
}

export interface SourceSearchState {
  phase: 'idle' | 'searching' | 'done';
  /** Why the query was refused or the search failed, in Vietnamese. */
  message: string | null;
  query: string;
  chinese: string | null;
  alternatives: string[];
  sites: SiteSearchState[];
  rows: SourceSearchRow[];
}

const IDLE: SourceSearchState = { phase: 'idle', message: null, query: '', chinese: null, alternatives: [], sites: [], rows: [] };

function apply(state: SourceSearchState, event: SourceSearchEvent): SourceSearchState {
  switch (event.type) {
    case 'plan':
      return { ...state, chinese: event.chinese, alternatives: event.alternatives, sites: event.sites.map((site) => ({ ...site, state: 'searching', count: 0, message: null })) };
    case 'site':
      return {
        ...state,
        sites: state.sites.map((site) =>
          site.id !== event.siteId ? site : event.state === 'done' ? { ...site, state: 'done', count: event.count } : { ...site, state: 'error', message: event.message },
        ),
      };
    case 'rows':
      return { ...state, rows: event.rows };
    case 'done':
      return { ...state, phase: 'done' };
  }
}

/**
 * A search across the source sites: the query checked at once (a pasted link goes to `onLink`,
 * the existing preview), then each site's answer applied as it streams in. A new search cancels
 * the one running.
 */
export function useSourceSearch(onLink: (link: string) => void) {
  const [state, setState] = useState<SourceSearchState>(IDLE);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const search = useCallback(
    async (raw: string) => {
      running.current?.abort();
      const checked = checkSearchQuery(raw);
      if (!checked.ok) {
        if (checked.reason === 'link') {
          setState({ ...IDLE, message: checked.message });
          onLink(raw.trim());
          return;
        }
        setState({ ...IDLE, message: checked.message });
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setState({ ...IDLE, phase: 'searching', query: checked.query });
      const refused = await (await searchApi()).streamSourceSearch(
        checked.query,
        (event) => {
          if (!controller.signal.aborted) setState((current) => apply(current, event));
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setState((current) => ({ ...current, phase: 'done', message: refused ?? current.message }));
    },
    [onLink],
  );

  return { state, search };
}
