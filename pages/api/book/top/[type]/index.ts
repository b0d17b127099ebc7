import { TOP_LIST_DEFAULT_PAGE } from '@/lib/constants';
import handler from './[page]';

/** GET /api/book/top/{type} — the first page ('0', spec §9). */
export default function topFirstPage(...[req, res]: Parameters<typeof handler>) {
  req.query = { ...req.query, page: TOP_LIST_DEFAULT_PAGE };
  return handler(req, res);
}
