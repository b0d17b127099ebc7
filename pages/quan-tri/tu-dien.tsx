import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const DictionariesScreen = dynamic(() => import('@/components/admin/dictionaries/DictionariesScreen').then((module) => module.DictionariesScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/tu-dien: the converter's dictionaries, and a sentence to try. */
export default function ConsoleDictionaries() {
  return (
    <AdminPage title="Từ điển">
      <DictionariesScreen />
    </AdminPage>
  );
}

ConsoleDictionaries.layout = { bare: true };
