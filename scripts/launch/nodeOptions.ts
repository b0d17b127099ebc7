/**
 * V8 settings of the production site processes (`npm start`, `npm run start:cluster`), given
 * through NODE_OPTIONS so the single site process and the cluster's workers get them alike.
 *
 * A request allocates much short-lived memory (React's render, JSON, query rows). With V8's
 * default young generation (16 MB semi-spaces) a busy process runs a scavenge every few
 * milliseconds and promotes the garbage of requests still in flight to the old generation;
 * 64 MB semi-spaces (up to 192 MB more memory per process at most) cut that work: one
 * `npm run bench:load` run measured 2.9 instead of 3.3 ms of site CPU per request, later runs
 * were within run-to-run noise of that. An operator's own `--max-semi-space-size` in
 * NODE_OPTIONS wins.
 */
export const SITE_SEMI_SPACE_MB = 64;

export function siteNodeOptions(current: string | undefined): string {
  const options = current?.trim() ?? '';
  if (/(^|\s)--max-semi-space-size\b/.test(options)) return options;
  return [options, `--max-semi-space-size=${SITE_SEMI_SPACE_MB}`].filter(Boolean).join(' ');
}
