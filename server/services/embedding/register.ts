/**
 * Imported for its side effect by every route that reads chapter text: embedded chapters are
 * fetched and converted on first read.
 */
import { setEmbeddedChapterLoader } from '@/server/services/chapters';
import { loadEmbeddedChapter } from './chapterLoader';

setEmbeddedChapterLoader((database, ref) => loadEmbeddedChapter(database, ref));
