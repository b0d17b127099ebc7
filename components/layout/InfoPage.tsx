import Link from 'next/link';
import type { ReactNode } from 'react';
import { Seo } from '@/components/seo/Seo';
import { INFO_PAGES } from '@/lib/routes';

interface InfoPageProps {
  title: string;
  description: string;
  path: string;
  children: ReactNode;
}

/** The frame of the /thong-tin/* pages: readable prose with links between the four pages. */
export function InfoPage({ title, description, path, children }: InfoPageProps) {
  return (
    <>
      <Seo
        title={title}
        description={description}
        path={path}
        breadcrumbs={[
          { name: 'Trang chủ', path: '/' },
          { name: title, path },
        ]}
      />
      <div className="grid gap-8 md:grid-cols-[1fr_14rem]">
        <article className="max-w-prose space-y-4 leading-relaxed [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          {children}
        </article>
        <nav aria-label="Trang thông tin" className="md:pt-2">
          <ul className="space-y-1 text-sm">
            {INFO_PAGES.map((page) => (
              <li key={page.href}>
                <Link prefetch={false}
                  href={page.href}
                  aria-current={page.href === path ? 'page' : undefined}
                  className="block rounded-md px-3 py-2 hover:bg-ink/5 aria-[current=page]:font-bold aria-[current=page]:text-brand dark:hover:bg-white/5 dark:aria-[current=page]:text-brand-dark"
                >
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
