/** @jest-environment node */
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';

/** 口 counts a mouthful, and things with a mouth or an edge by the word Vietnamese uses for them. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });

beforeAll(() => hanVietTable(), 60_000);

describe('口 as a measure word', () => {
  it.each([
    ['一口棺材', /^Một cỗ quan tài$/],
    ['一口井', /^Một cái giếng$/],
    ['两口井', /^Hai cái giếng$/],
    ['一口锅', /^Một cái nồi$/],
    ['一口大锅', /^Một cái nồi lớn$/],
    ['一口剑', /^Một thanh kiếm$/],
    ['一口水', /^Một ngụm nước$/],
    ['喝了一口', /^Uống một ngụm$/],
    ['他吐出一口鲜血', /một ngụm máu tươi$/],
    ['一口气跑完', /^Một hơi /],
    ['两口子', /^Hai vợ chồng$/],
  ])('%s', (text, reading) => {
    expect(convert(text)).toMatch(reading);
  });
});
