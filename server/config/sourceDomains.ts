/** A host name as a site's canonical domain may be written: lower case letters, digits, dots and hyphens. */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The ids of the supported sites (server/sources ADAPTERS; a unit test keeps the two equal). */
export const SOURCE_SITE_IDS = ['69shuba', '22biqu', 'ixdzs8', 'uukanshu', 'quanben5', 'piaotia'] as const;

export function isHostname(text: string): boolean {
  return HOSTNAME.test(text);
}

/**
 * SOURCE_DOMAINS: each site's canonical domain where it moved, as `site=domain` pairs separated
 * by commas (`69shuba=www.69shuba.cx,22biqu=22biqu.net`). A site not named keeps the first
 * domain its adapter lists. Throws a message naming the variable for a malformed pair, an unknown
 * site or a bad host name.
 */
export function parseSourceDomains(setting: string | undefined, sites: readonly string[] = SOURCE_SITE_IDS): ReadonlyMap<string, string> {
  const text = setting?.trim() ?? '';
  const domains = new Map<string, string>();
  if (!text) return domains;
  for (const pair of text.split(',')) {
    const [site, domain, ...extra] = pair.split('=').map((part) => part.trim().toLowerCase());
    const problem = !site || !domain || extra.length > 0 ? 'expects site=domain pairs separated by commas'
      : !sites.includes(site) ? `knows no site "${site}" (sites: ${sites.join(', ')})`
      : !isHostname(domain) ? `"${domain}" is not a host name`
      : domains.has(site) ? `names ${site} twice` : null;
    if (problem) throw new Error(`Invalid configuration:\n  SOURCE_DOMAINS: ${problem}`);
    domains.set(site, domain);
  }
  return domains;
}
