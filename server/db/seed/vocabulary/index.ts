import type { GenreFamily } from '../genres';
import { ancient } from './ancient';
import { cultivation } from './cultivation';
import { mystery } from './mystery';
import { romance } from './romance';
import { scifi } from './scifi';
import type { Vocabulary } from './types';
import { urban } from './urban';
import { western } from './western';

export type { Vocabulary } from './types';

export const VOCABULARIES: Readonly<Record<GenreFamily, Vocabulary>> = {
  cultivation,
  urban,
  romance,
  ancient,
  scifi,
  mystery,
  western,
};
