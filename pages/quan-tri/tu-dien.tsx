import { AdminPage } from '@/components/admin/AdminPage';
import { DictionariesScreen } from '@/components/admin/dictionaries/DictionariesScreen';

/** /quan-tri/tu-dien: the converter's dictionaries, and a sentence to try. */
export default function ConsoleDictionaries() {
  return (
    <AdminPage title="Từ điển">
      <DictionariesScreen />
    </AdminPage>
  );
}

ConsoleDictionaries.layout = { bare: true };
