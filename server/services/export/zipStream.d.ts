/** zip-stream ships no types; this is the part the EPUB writer uses. */
declare module 'zip-stream' {
  import { Transform } from 'node:stream';

  interface EntryData {
    name: string;
    /** Stored without compression (the EPUB's mimetype). */
    store?: boolean;
    date?: Date;
  }

  export default class ZipStream extends Transform {
    constructor(options?: { zlib?: { level?: number }; forceZip64?: boolean });
    entry(source: Buffer | string | NodeJS.ReadableStream, data: EntryData, callback: (error: Error | null) => void): this;
    finish(): void;
  }
}
