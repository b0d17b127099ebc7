import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { once } from 'node:events';

/**
 * Just enough of the POSIX tar format (ustar) for backups of a data directory: regular files and
 * directories, with their modes. Written by hand because files of a running server change while
 * they are read: an entry's size is fixed when its header is written, and a file found shorter
 * then is padded with zeros (the WAL replayed at restore rewrites such pages), which tar(1)
 * reports as an error. Archives open with any tar (`tar tzf`).
 */

const BLOCK = 512;
const CHUNK = 1 << 20;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value.slice(0, length), offset, length, 'utf8');
}

function octal(header: Buffer, offset: number, length: number, value: number): void {
  field(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function header(name: string, mode: number, size: number, type: '0' | '5'): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`path too long for a tar entry: ${name}`);
    [prefix, base] = [name.slice(0, cut), name.slice(cut + 1)];
  }
  const block = Buffer.alloc(BLOCK);
  field(block, 0, 100, base);
  octal(block, 100, 8, mode & 0o7777);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.floor(Date.now() / 1000));
  field(block, 148, 8, ' '.repeat(8));
  field(block, 156, 1, type);
  field(block, 257, 8, 'ustar\u000000');
  field(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

export interface TarWriter {
  directory(name: string): Promise<void>;
  /** Adds a file as it is now: the size it has when opened; a file gone by then is skipped (false). */
  file(name: string, source: string): Promise<boolean>;
  buffer(name: string, content: Buffer): Promise<void>;
  end(): Promise<void>;
}

export function tarWriter(output: Writable): TarWriter {
  const write = async (chunk: Buffer) => {
    if (!output.write(chunk)) await once(output, 'drain');
  };
  const pad = (size: number) => (size % BLOCK === 0 ? Promise.resolve() : write(Buffer.alloc(BLOCK - (size % BLOCK))));
  return {
    directory: (name) => write(header(`${name}/`, 0o700, 0, '5')),
    async file(name, source) {
      let fd: number;
      try {
        fd = fs.openSync(source, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      try {
        const size = fs.fstatSync(fd).size;
        await write(header(name, 0o600, size, '0'));
        for (let offset = 0; offset < size; offset += CHUNK) {
          const chunk = Buffer.alloc(Math.min(CHUNK, size - offset));
          // A file shorter now than when it was opened reads as zeros past its end.
          fs.readSync(fd, chunk, 0, chunk.length, offset);
          await write(chunk);
        }
        await pad(size);
        return true;
      } finally {
        fs.closeSync(fd);
      }
    },
    async buffer(name, content) {
      await write(header(name, 0o600, content.length, '0'));
      await write(content);
      await pad(content.length);
    },
    async end() {
      await write(Buffer.alloc(BLOCK * 2));
      output.end();
      await once(output, 'finish');
    },
  };
}

function parseOctal(block: Buffer, offset: number, length: number): number {
  return parseInt(block.toString('latin1', offset, offset + length).replace(/\0.*$/s, '').trim() || '0', 8);
}

function entryName(block: Buffer): string {
  const text = (offset: number, length: number) => block.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
  const prefix = text(345, 155);
  return prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
}

/** Extracts a tar stream (as tarWriter writes it) into `target`; returns the files written. */
export async function extractTar(input: AsyncIterable<Buffer>, target: string): Promise<number> {
  let pending: Buffer = Buffer.alloc(0);
  let fd: number | undefined;
  let remaining = 0;
  let skip = 0;
  let files = 0;
  for await (const chunk of input) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (fd !== undefined) {
        const take = Math.min(remaining, pending.length);
        fs.writeSync(fd, pending, 0, take);
        pending = pending.subarray(take);
        remaining -= take;
        if (remaining > 0) break;
        fs.closeSync(fd);
        fd = undefined;
      } else if (skip > 0) {
        const take = Math.min(skip, pending.length);
        pending = pending.subarray(take);
        skip -= take;
        if (skip > 0) break;
      } else {
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) continue;
        const name = entryName(block);
        const destination = path.resolve(target, name);
        if (!destination.startsWith(path.resolve(target) + path.sep)) throw new Error(`unsafe path in the archive: ${name}`);
        const size = parseOctal(block, 124, 12);
        const type = block.toString('latin1', 156, 157);
        if (type === '5') {
          fs.mkdirSync(destination, { recursive: true, mode: 0o700 });
          continue;
        }
        if (type !== '0' && type !== '\0') throw new Error(`unsupported entry in the archive: ${name}`);
        fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
        fd = fs.openSync(destination, 'w', parseOctal(block, 100, 8) || 0o600);
        files += 1;
        remaining = size;
        skip = (BLOCK - (size % BLOCK)) % BLOCK;
        if (size === 0) {
          fs.closeSync(fd);
          fd = undefined;
        }
      }
    }
  }
  if (fd !== undefined) throw new Error('the archive ends inside a file: it is incomplete');
  return files;
}
