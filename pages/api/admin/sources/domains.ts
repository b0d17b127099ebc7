import { db } from '@/server/db/client';
import { operatorRoute } from '@/server/api/operatorRoute';
import { listSiteDomains, setSiteDomain, ZSiteDomainInput } from '@/server/services/admin/storySources';
import { parseInput } from '@/server/services/communityInputs';

export const config = { api: { bodyParser: { sizeLimit: '2kb' } } };

export default operatorRoute({
  /** GET /api/admin/sources/domains: each site's canonical domain and where it comes from. */
  GET: async () => ({ message: await listSiteDomains(db()) }),
  /** PUT /api/admin/sources/domains {site, domain}: sets a site's canonical domain ('' resets it). */
  PUT: async (req, _res, operator) => ({ message: await setSiteDomain(db(), operator, parseInput(ZSiteDomainInput, req.body)) }),
});
