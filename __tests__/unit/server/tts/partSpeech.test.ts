import { encodeReplacements, decodeReplacements } from '@/lib/player/replacements';
import { PARAGRAPH_PAUSE_S, partSpeech, type ChapterSpeech } from '@/server/tts/chapterAudio';

const chapter: ChapterSpeech = {
  storyId: 4107,
  index: 3,
  title: 'Chương 3: Phó bản',
  paragraphs: ['HP của hắn còn một nửa. Hắn lùi lại……', 'NPC đứng yên.'],
};
const plan = { part: 1, from: 0, to: 2, title: false };

describe('what a server part says', () => {
  it('is the text with the listener’s replacements applied, as the browser says it', () => {
    const replacements = decodeReplacements(encodeReplacements({ entries: [{ from: 'HP', to: 'máu', wholeWord: true }], pause: true }));
    const speech = partSpeech({ ...chapter, replacements }, plan);
    expect(speech.pieces).toEqual(['máu của hắn còn một nửa. Hắn lùi lại', 'NPC đứng yên.']);
    expect(speech.rests).toEqual([PARAGRAPH_PAUSE_S, PARAGRAPH_PAUSE_S]);
  });

  it('says each sentence apart with the rest after it when sentences are paused, the paragraph’s rest after the last', () => {
    const speech = partSpeech({ ...chapter, pauses: { sentence: 0.5, paragraph: 1 } }, plan);
    expect(speech.pieces).toEqual(['HP của hắn còn một nửa.', 'Hắn lùi lại……', 'NPC đứng yên.']);
    expect(speech.rests).toEqual([0.5, PARAGRAPH_PAUSE_S + 1, PARAGRAPH_PAUSE_S + 1]);
    expect(speech.paragraphOf).toEqual([0, 0, 1]);
  });

  it('reads the heading alone in the title part', () => {
    expect(partSpeech(chapter, { part: 0, from: 0, to: 0, title: true }).pieces).toEqual(['Chương 3: Phó bản']);
  });
});
