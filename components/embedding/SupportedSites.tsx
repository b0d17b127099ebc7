export interface SupportedSite {
  id: string;
  name: string;
  host: string;
}

/** The sites a link may come from, with an example of each. */
export function SupportedSites({ sites }: { sites: SupportedSite[] }) {
  return (
    <section aria-labelledby="supported-sites" className="rounded-lg border border-ink/10 p-4 dark:border-night-line">
      <h2 id="supported-sites" className="mb-2 font-semibold">
        Trang nguồn được hỗ trợ
      </h2>
      <ul className="flex flex-wrap gap-2 text-sm">
        {sites.map((site) => (
          <li key={site.id} className="rounded-full bg-paper-deep px-3 py-1 dark:bg-night-raised">
            {site.name} <span className="text-ink-soft dark:text-neutral-400">({site.host})</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-soft dark:text-neutral-400">
        Dán liên kết trang giới thiệu truyện để nhúng cả truyện, hoặc liên kết một chương để mở thẳng chương đó.
      </p>
    </section>
  );
}
