/** @jest-environment node */
import path from 'node:path';
import { ImportError, parseImportFile } from '@/server/import';

const fixture = (name: string) => path.join(__dirname, '../../../fixtures/import', name);

describe('parseImportFile', () => {
  it('chooses the parser by extension', async () => {
    await expect(parseImportFile(fixture('good.txt'))).resolves.toMatchObject({ title: 'Kiếm Khách Giang Hồ' });
    await expect(parseImportFile(fixture('good.json'))).resolves.toMatchObject({ slug: 'do-thi-tu-tien' });
  });

  it('names the file in parser errors', async () => {
    await expect(parseImportFile(fixture('bad-field.json'))).rejects.toThrow(/^bad-field\.json: .*\nchapters\.3\.content:/);
  });

  it('refuses an unsupported extension and a missing file', async () => {
    await expect(parseImportFile('/tmp/truyen.docx')).rejects.toThrow("truyen.docx: định dạng '.docx' không được hỗ trợ; dùng .txt, .epub hoặc .json");
    await expect(parseImportFile(fixture('missing.txt'))).rejects.toThrow(ImportError);
    await expect(parseImportFile(fixture('missing.txt'))).rejects.toThrow(/missing\.txt: không đọc được tệp/);
  });
});
