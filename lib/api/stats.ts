import type { ListeningStats } from '../listeningStats';
import { api } from './client';
import { loudly } from './policy';

/** GET /api/user/stats: minutes per day over 12 weeks and per story. */
export function fetchListeningStats(): Promise<ListeningStats> {
  return loudly('fetchListeningStats', async () => (await api.get<{ message: ListeningStats }>('/user/stats')).data.message);
}
