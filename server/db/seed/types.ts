/** What a seed run wrote. */
export interface SeedReport {
  genres: number;
  stories: number;
  chapters: number;
  ms: number;
}

export interface SeedLogOptions {
  log?: (line: string) => void;
}
