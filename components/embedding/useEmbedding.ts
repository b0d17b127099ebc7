import { useRouter } from 'next/router';
import { useCallback, useRef, useState } from 'react';
import type { EmbedPreview } from '@/lib/api/embedding';

// The API client (axios) loads with the first request, not with the page.
const embeddingApi = () => import('@/lib/api/embedding');

export type EmbeddingPhase = 'idle' | 'previewing' | 'ready' | 'embedding';

const MAX_LINK_LENGTH = 500;

/** Where an embedded story or chapter opens. */
export function embeddedHref(slug: string, chapter: number | null): string {
  return chapter ? `/${slug}/chuong-${chapter}` : `/${slug}`;
}

/** Paste → preview → embed, with the phase, the preview and the last error message. */
export function useEmbedding() {
  const router = useRouter();
  const [phase, setPhase] = useState<EmbeddingPhase>('idle');
  const [preview, setPreview] = useState<EmbedPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const linkRef = useRef('');
  const request = useRef(0);

  const showPreview = useCallback(async (link: string) => {
    const trimmed = link.trim();
    setPreview(null);
    if (!trimmed) return setError('Hãy dán liên kết truyện.');
    if (trimmed.length > MAX_LINK_LENGTH) return setError(`Liên kết dài quá ${MAX_LINK_LENGTH} ký tự.`);
    const id = ++request.current;
    linkRef.current = trimmed;
    setError(null);
    setPhase('previewing');
    const result = await (await embeddingApi()).previewLink(trimmed);
    if (id !== request.current) return;
    if (result.ok) {
      setPreview(result.data);
      setPhase('ready');
    } else {
      setError(result.message);
      setPhase('idle');
    }
  }, []);

  /** Embeds the previewed link, or `link` (a search result's book page) without a preview. */
  const embed = useCallback(async (link?: string) => {
    if (link) linkRef.current = link;
    setError(null);
    setPhase('embedding');
    const result = await (await embeddingApi()).embedLink(linkRef.current);
    if (!result.ok) {
      setError(result.message);
      setPhase('ready');
      return;
    }
    await router.push(embeddedHref(result.data.slug, result.data.chapter));
  }, [router]);

  return { phase, preview, error, showPreview, embed };
}
