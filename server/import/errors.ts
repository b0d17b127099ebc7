/**
 * An import file that cannot be used. The message always names where the problem is
 * (a line, a byte offset, a field path or a file inside an archive) so the operator can fix it.
 */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}
