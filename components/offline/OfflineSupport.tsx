import { useKeptVipGuard } from '@/hooks/useKeptVipGuard';
import { UpdatePrompt } from './UpdatePrompt';

/** Mounted once by the layout: the service worker and its update prompt, and the VIP rule of kept chapters. */
export function OfflineSupport() {
  useKeptVipGuard();
  return <UpdatePrompt />;
}
