import { z } from 'zod';

/** Inputs of the VIP endpoints (pages/api/vip/**, pages/api/book/textvip), parsed at the boundary. */

export const ZCreateVipOrderInput = z.object({ planCode: z.string().trim().min(1).max(64) });
export type TCreateVipOrderInput = z.infer<typeof ZCreateVipOrderInput>;

/** A provider callback's query: vnp_ parameters, each a short string. */
export const ZPaymentQuery = z
  .record(z.string().max(64), z.union([z.string().max(2_048), z.array(z.string().max(2_048))]).optional())
  .transform((query) =>
    Object.fromEntries(
      Object.entries(query).flatMap(([key, value]) => {
        const first = Array.isArray(value) ? value[0] : value;
        return first === undefined ? [] : [[key, first]];
      }),
    ) as Record<string, string>,
  );

export const ZSandboxCompleteInput = z.object({
  params: z.record(z.string().max(64), z.string().max(2_048)),
  outcome: z.enum(['paid', 'cancelled']),
});
export type TSandboxCompleteInput = z.infer<typeof ZSandboxCompleteInput>;

/** A short optional label; blank counts as absent. */
const ZShortLabel = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => value || undefined);

export const ZVipChapterInput = z.object({
  slug: z.string().trim().min(1).max(200),
  chapterIndex: z.coerce.number().int().min(1).max(1_000_000),
  caus: ZShortLabel,
  source: ZShortLabel.pipe(z.string().regex(/^[a-z0-9._-]+$/i, 'Nguồn không hợp lệ.').optional()),
});
export type TVipChapterInput = z.infer<typeof ZVipChapterInput>;
