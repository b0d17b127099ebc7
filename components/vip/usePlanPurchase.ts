import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import type { VipPlanInfo } from '@/lib/api/vip';

const ORDER_FAILED = 'Không tạo được giao dịch, vui lòng thử lại sau.';

function orderErrorMessage(error: unknown): string {
  const message = (error as { response?: { data?: { message?: unknown } } })?.response?.data?.message;
  return typeof message === 'string' ? message : ORDER_FAILED;
}

export interface PlanPurchase {
  /** The plan whose order is being created (its button shows a spinner). */
  busyPlan: string | null;
  error: string | null;
  /** False until the stored session is known, so a click never asks a signed-in reader to sign in. */
  ready: boolean;
  buy: (plan: VipPlanInfo) => void;
}

/**
 * "Mua": signs the reader in first when needed (then carries on with the plan they chose),
 * creates the order, and leaves for the payment page.
 */
export function usePlanPurchase(): PlanPurchase {
  const { status, dialog, openSignIn } = useAuth();
  /** The plan chosen before signing in, bought as soon as the sign-in succeeds. */
  const awaitingSignIn = useRef<string | null>(null);
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const order = useCallback(async (planCode: string) => {
    setBusyPlan(planCode);
    setError(null);
    try {
      // The API client (axios) loads with the first order, not with the page.
      const { createVipOrder } = await import('@/lib/api/vip');
      const { paymentUrl } = await createVipOrder(planCode);
      window.location.assign(paymentUrl);
    } catch (failure) {
      setError(orderErrorMessage(failure));
      setBusyPlan(null);
    }
  }, []);

  useEffect(() => {
    const planCode = awaitingSignIn.current;
    if (!planCode) return;
    if (status === 'signedIn' || dialog === null) awaitingSignIn.current = null;
    if (status === 'signedIn') void order(planCode);
  }, [status, dialog, order]);

  const buy = useCallback(
    (plan: VipPlanInfo) => {
      if (status === 'signedIn') {
        void order(plan.code);
      } else if (status === 'signedOut') {
        awaitingSignIn.current = plan.code;
        openSignIn('login');
      }
    },
    [status, order, openSignIn],
  );

  return { busyPlan, error, ready: status === 'signedIn' || status === 'signedOut', buy };
}
