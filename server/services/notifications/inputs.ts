import { z } from 'zod';

const base64url = (max: number) => z.string().min(16).max(max).regex(/^[A-Za-z0-9_-]+=*$/);

/** PushSubscription.toJSON() as the browser gives it. */
export const ZSubscribeInput = z.object({
  subscription: z.object({
    endpoint: z.string().min(12).max(1_024),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(128), auth: base64url(64) }),
  }),
  /** What the reader calls this device (the browser's own description by default). */
  label: z.string().trim().max(80).optional(),
});
export type TSubscribeInput = z.infer<typeof ZSubscribeInput>;

export const ZUnsubscribeInput = z.object({ endpoint: z.string().min(12).max(1_024) });

const minuteOfDay = z.number().int().min(0).max(1439);

export const ZNotificationSettingsInput = z
  .object({ pushEnabled: z.boolean(), quietStart: minuteOfDay, quietEnd: minuteOfDay })
  .partial()
  .refine((value) => Object.keys(value).length > 0);
export type TNotificationSettingsInput = z.infer<typeof ZNotificationSettingsInput>;

export const ZStoryPushInput = z.object({ storyId: z.coerce.string().regex(/^\d{1,9}$/), push: z.boolean() });

export const ZMarkReadInput = z.union([
  z.object({ id: z.coerce.string().regex(/^\d{1,15}$/) }),
  z.object({ all: z.literal(true) }),
]);

export const ZNotificationListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100).default(0),
  perpage: z.coerce.number().int().min(1).max(50).default(20),
});
