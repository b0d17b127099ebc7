import Head from 'next/head';
import { absoluteUrl, breadcrumbJsonLd, jsonLdText, pageTitle, type Crumb } from '@/lib/seo';

interface SeoProps {
  title?: string;
  description: string;
  /** Path of the canonical URL (no query unless the query names the content). */
  path: string;
  noindex?: boolean;
  breadcrumbs?: Crumb[];
  jsonLd?: object[];
}

/** Per-page title, description, canonical URL, share card and structured data. */
export function Seo({ title, description, path, noindex, breadcrumbs, jsonLd = [] }: SeoProps) {
  const fullTitle = pageTitle(title);
  const url = absoluteUrl(path);
  const data = breadcrumbs ? [...jsonLd, breadcrumbJsonLd(breadcrumbs)] : jsonLd;
  return (
    <Head>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex, follow" />}
      <link rel="canonical" href={url} key="canonical" />
      <meta property="og:title" content={fullTitle} key="og:title" />
      <meta property="og:description" content={description} key="og:description" />
      <meta property="og:url" content={url} key="og:url" />
      {data.map((item, i) => (
        <script key={`ld-${i}`} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(item) }} />
      ))}
    </Head>
  );
}
