/**
 * `npm run export -- SLUG [--from N --to M] [--format epub|txt] [--crlf] FILE`: a story's chapter
 * range as an EPUB or TXT file, as an operator has it (VIP chapters included, the story's shared
 * names). An embedded story's chapters not fetched yet are fetched from their source first, one
 * at a time at the source's pace. Run through the launcher, which connects and migrates first.
 */
import { createWriteStream } from 'node:fs';
import { EXPORT_FORMATS, type ExportFormat } from '../lib/export';
import { db } from '../server/db/client';
import { env } from '../server/env';
import { loadEmbeddedChapter } from '../server/services/embedding/chapterLoader';
import { chaptersToFetch, exportPlan, exportTarget, fetchChapters, streamExport } from '../server/services/export';

const USAGE = [
  'Cách dùng:',
  '  npm run export -- SLUG [--from N --to M] [--format epub|txt] [--crlf] TỆP',
  '  (mặc định: mọi chương, định dạng theo đuôi tệp, dòng kết thúc bằng LF)',
].join('\n');

export interface ExportArgs {
  slug: string;
  file: string;
  from?: string;
  to?: string;
  format: ExportFormat;
  crlf: boolean;
}

/** The command line, or an Error with the usage. */
export function parseExportArgs(argv: readonly string[]): ExportArgs {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const positional: string[] = [];
  const options: Record<string, string> = {};
  let crlf = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--crlf') crlf = true;
    else if (arg === '--from' || arg === '--to' || arg === '--format') {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) throw new Error(`Thiếu giá trị cho ${arg}.\n${USAGE}`);
      options[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) throw new Error(`Không hiểu tùy chọn ${arg}.\n${USAGE}`);
    else positional.push(arg);
  }
  if (positional.length !== 2) throw new Error(USAGE);
  const [slug, file] = positional;
  const byExtension = /\.txt$/i.test(file) ? 'txt' : 'epub';
  const format = (options.format ?? byExtension) as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Error(`Định dạng phải là epub hoặc txt.\n${USAGE}`);
  return { slug, file, from: options.from, to: options.to, format, crlf };
}

export async function main(argv: string[]): Promise<void> {
  const args = parseExportArgs(argv);
  let target = await exportTarget(db(), args.slug, args, true);
  const missing = chaptersToFetch(target);
  if (missing.length > 0) {
    console.error(`Đang tải ${missing.length} chương chưa có từ trang nguồn…`);
    const fetched = await fetchChapters(target.story.id, missing, (ref) => loadEmbeddedChapter(db(), ref), {
      onProgress: (done, total) => process.stderr.write(`\r  ${done}/${total}`),
    });
    process.stderr.write('\n');
    console.error(`Đã tải ${fetched}/${missing.length} chương.`);
    target = await exportTarget(db(), args.slug, args, true);
  }
  const plan = exportPlan(target, args.format);
  const out = createWriteStream(args.file);
  let written = 0;
  await streamExport(db(), out, target, {
    format: args.format,
    lineEnding: args.crlf ? 'crlf' : 'lf',
    siteUrl: env().SITE_URL,
    onChapter: (done) => {
      written = done;
      if (done % 100 === 0) process.stderr.write(`\r  ${done}/${plan.chapters} chương`);
    },
  });
  process.stderr.write('\n');
  const { range } = target.selection;
  console.log(`Đã ghi ${args.file}: ${target.story.title}, chương ${range.from}–${range.to}, ${written} chương (${args.format.toUpperCase()}).`);
  if (plan.missing > 0) console.log(`Còn ${plan.missing} chương chưa có nội dung, đã bỏ qua.`);
}
