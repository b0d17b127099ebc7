import { useState, type FormEvent } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { getSiteDomains, setSiteDomain, type AdminSiteDomain } from '@/lib/api/admin';
import { useAdminData } from '../useAdminData';
import { useFormAction } from '../useFormAction';
import { Badge, BUTTON, CARD, FormError, INPUT, LoadState } from '../ui';

const ORIGINS: Record<AdminSiteDomain['origin'], string> = {
  console: 'đặt trong bảng điều khiển',
  setting: 'theo SOURCE_DOMAINS',
  adapter: 'mặc định',
};

function DomainRow({ site, onSaved }: { site: AdminSiteDomain; onSaved: (sites: AdminSiteDomain[]) => void }) {
  const { notify } = useAuth();
  const [domain, setDomain] = useState(site.domain);
  const action = useFormAction();
  const save = (event: FormEvent, value = domain) => {
    event.preventDefault();
    void action.run(async () => {
      onSaved(await setSiteDomain(site.site, value.trim()));
      notify({ text: `Đã lưu tên miền của ${site.name}.`, tone: 'success' });
    });
  };
  return (
    <li>
      <form onSubmit={save} className="flex flex-wrap items-center gap-2">
        <label htmlFor={`domain-${site.site}`} className="w-28 font-semibold">
          {site.name}
        </label>
        <input id={`domain-${site.site}`} className={`${INPUT} min-w-0 flex-1`} value={domain} maxLength={253} onChange={(event) => setDomain(event.target.value)} />
        <Badge tone={site.origin === 'adapter' ? 'neutral' : 'warn'}>{ORIGINS[site.origin]}</Badge>
        <button type="submit" className={BUTTON.secondary} disabled={action.busy || domain.trim() === site.domain}>
          Lưu
        </button>
        {site.origin === 'console' && (
          <button type="button" className={BUTTON.secondary} disabled={action.busy} onClick={(event) => save(event, '')}>
            Về mặc định
          </button>
        )}
      </form>
      <FormError message={action.error} />
    </li>
  );
}

/** Each source site's canonical domain, editable: a site that moved keeps its stored stories readable. */
export function SiteDomains() {
  const domains = useAdminData(getSiteDomains, 'domains');
  return (
    <section className={CARD} aria-labelledby="site-domains">
      <h2 id="site-domains" className="mb-1 font-bold">
        Tên miền của trang nguồn
      </h2>
      <p className="mb-3 text-sm">Khi một trang đổi tên miền, nhập tên miền mới: truyện đã nhúng đọc tiếp từ đó, liên kết cũ vẫn dùng được.</p>
      <LoadState state={domains.state} error={domains.error} hasData={Boolean(domains.data)} empty={false} emptyTitle="" onRetry={domains.reload}>
        <ul className="space-y-2">
          {domains.data?.map((site) => (
            <DomainRow key={`${site.site}-${site.domain}`} site={site} onSaved={domains.replace} />
          ))}
        </ul>
      </LoadState>
    </section>
  );
}
