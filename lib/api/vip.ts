import type { ChapterText } from '../types';
import { api } from './client';
import { loudly, quietly } from './policy';

/** The VIP calls: plans, purchase, purchase history, the sandbox gateway and VIP chapter text. */

export interface VipPlanInfo {
  code: string;
  name: string;
  days: number;
  /** Price in VND. */
  price: number;
}

export type VipOrderStatus = 'pending' | 'paid' | 'cancelled' | 'failed';

export interface VipOrderInfo {
  ref: string;
  planCode: string;
  planName: string;
  days: number;
  amount: number;
  status: VipOrderStatus;
  /** Milliseconds since the epoch. */
  createdAt: number;
  paidAt: number | null;
}

export interface CreatedVipOrder {
  paymentUrl: string;
  ref: string;
  amount: number;
}

export interface VipChapterQuery {
  slug: string;
  chapterIndex: number;
  caus?: string;
  source?: string;
}

/** GET /vip/plans. */
export function getVipPlans(): Promise<VipPlanInfo[] | undefined> {
  return quietly('getVipPlans', async () => (await api.get<{ results: VipPlanInfo[] }>('/vip/plans')).data.results);
}

/** POST /vip/order {planCode} with the reader's token; rethrows so the page can show why. */
export function createVipOrder(planCode: string): Promise<CreatedVipOrder> {
  return loudly('createVipOrder', async () => (await api.post<CreatedVipOrder>('/vip/order', { planCode })).data);
}

/** GET /vip/orders: the reader's purchases, newest first; rethrows. */
export function getVipOrders(): Promise<VipOrderInfo[]> {
  return loudly('getVipOrders', async () => (await api.get<{ results: VipOrderInfo[] }>('/vip/orders')).data.results);
}

/** POST /vip/sandbox/complete: the local gateway's answer; rethrows. */
export function completeSandboxPayment(params: Record<string, string>, outcome: 'paid' | 'cancelled'): Promise<{ returnUrl: string }> {
  return loudly('completeSandboxPayment', async () => (await api.post<{ returnUrl: string }>('/vip/sandbox/complete', { params, outcome })).data);
}

/** POST /book/textvip {slug, chapterIndex, caus, source}; members only. */
export function getVipChapterText(query: VipChapterQuery): Promise<ChapterText | undefined> {
  return quietly('getVipChapterText', async () => (await api.post<ChapterText>('/book/textvip', query)).data);
}
