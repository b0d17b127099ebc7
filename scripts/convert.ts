/**
 * `npm run convert -- [--vietphrase FILE…] [--names FILE…] [--qt-dir DIR] FILE`: converts a
 * Chinese text file with the given dictionaries (as the site would load them) and prints the
 * Vietnamese, then statistics on stderr: share of Han characters converted by a dictionary
 * entry or phrase, names found, lines skipped in the dictionaries. Lets an operator try a
 * dictionary before configuring it.
 */
import { readFileSync } from 'node:fs';
import { convertWithStats } from '@/server/convert/engine';
import { loadDictionaries, type DictionaryFiles } from '@/server/convert/qt/load';
import { utf8Bytes } from '@/server/convert/qt/read';

const USAGE = 'usage: npm run convert -- [--vietphrase FILE…] [--names FILE…] [--qt-dir DIR] FILE';

export function parseArguments(argv: readonly string[]): { files: DictionaryFiles; input: string } {
  const files: { vietPhrase: string[]; names: string[]; qtDir?: string } = { vietPhrase: [], names: [] };
  const rest: string[] = [];
  let list: string[] | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--vietphrase') list = files.vietPhrase;
    else if (argument === '--names') list = files.names;
    else if (argument === '--qt-dir') {
      files.qtDir = argv[++index];
      list = undefined;
    } else if (argument.startsWith('--')) throw new Error(`unknown option ${argument}\n${USAGE}`);
    else (list ?? rest).push(argument);
  }
  // The text comes last: `--names a.txt b.txt story.txt` names two dictionaries and the text.
  const input = rest.pop() ?? files.names.pop() ?? files.vietPhrase.pop();
  if (!input || rest.length > 0) throw new Error(USAGE);
  return { files, input };
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;

async function main(): Promise<void> {
  const { files, input } = parseArguments(process.argv.slice(2));
  const { dictionaries, report } = await loadDictionaries(files);
  // The text may be UTF-8 or UTF-16, like the dictionaries.
  const { text, stats, tokens } = convertWithStats(utf8Bytes(readFileSync(input)).toString('utf8'), { dictionaries });
  process.stdout.write(`${text}\n`);
  const han = Object.values(stats).reduce((sum, count) => sum + count, 0) - stats.latin;
  const names = new Set(tokens.flatMap((token) => (token.kind === 'word' && token.origin === 'name' ? [token.text] : [])));
  const lines = [
    `dictionaries: ${dictionaries.names.size} names, ${dictionaries.vietPhrase.size} VietPhrase entries, ${dictionaries.luatNhan?.size ?? 0} LuatNhan rules (${report.ms} ms)`,
    `lines skipped: ${report.skipped}${report.firstSkipped ? ` (first ${report.firstSkipped})` : ''}`,
    ...report.failures.map((failure) => `not read: ${failure}`),
    `Han characters: ${han}; by a dictionary entry or phrase: ${percent(stats.dictionary + stats.phrase + stats.number + stats.name, han)} (operator dictionaries ${percent(stats.dictionary, han)}); Hán-Việt only: ${percent(stats.hanviet + stats['hanviet-word'], han)}`,
    `names found (${names.size}): ${[...names].join(', ')}`,
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
