/**
 * The search-term side of the in-memory car search (unit): pg_trgm word similarity against values computed
 * by PostgreSQL 15's pg_trgm, and the text index's matches against a test of every text.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/cars/demo/random';
import {
  TextIndex,
  trigramsOf,
  wordSimilarity,
  wordSimilarityMatches,
} from '../src/cars/search/memory/text-index';
import { searchTextOf } from '../src/cars/search/types';
import { randomInventory, searchFixtures } from './support/search-cars';

const docs = searchFixtures().map((f) => f.doc);

describe('pg_trgm word similarity', () => {
  it('extracts trigrams as pg_trgm does (lower case, words padded, alphanumerics only)', () => {
    expect(trigramsOf('Ab')).toEqual(['  a', ' ab', 'ab ']);
    expect(trigramsOf('x')).toEqual(['  x', ' x ']);
    expect(trigramsOf('e:hev')).toEqual(['  e', ' e ', '  h', ' he', 'hev', 'ev ']);
    expect(trigramsOf(' - ')).toEqual([]);
  });

  // select word_similarity(w, t) on PostgreSQL 15.20 with pg_trgm (float4 results).
  const known: Array<[string, string, number]> = [
    ['cretta', 'hyundai creta sx(o) diesel pune', 0.625],
    ['maruthi', 'maruti suzuki swift vxi bengaluru', 0.625],
    ['hundai', 'hyundai creta sx pune', 0.5714286],
    ['nexn', 'tata nexon creative kolkata', 0.6],
    ['nexn', 'new delhi', 0.4],
    ['mumbay', 'tata nexon ev fearless mumbai', 0.71428573],
    ['creta', 'tata nexon creative kolkata', 0.5],
    ['creta', 'toyota innova crysta gx chennai', 0.33333334],
    ['swft', 'maruti suzuki swift vxi pune', 0.4],
    ['skorpio', 'mahindra scorpio-n z8 pune', 0.5],
    ['belano', 'maruti suzuki baleno alpha kolkata', 0.16666667],
    ['seltoz', 'kia seltos htx hyderabad', 0.71428573],
    ['a', 'kia seltos htx hyderabad', 0],
    ['x', 'xuv700', 0.5],
    ['4x2at', 'toyota fortuner 4x2 at pune', 0.5],
    ['', 'abc', 0],
    ['e:hev', 'honda city e:hev zx pune', 1],
    // Extents spanning several words of the text.
    ['nexonev', 'tata nexon ev fearless mumbai', 0.625],
    ['mahindrascorpio', 'mahindra scorpio-n z8 pune', 0.7368421],
    ['abab', 'ab ab ba baab abab', 1],
  ];

  it.each(known)('word_similarity(%j, %j) = %f', (word, text, expected) => {
    expect(wordSimilarity(word, text)).toBe(Math.fround(expected));
  });

  it('`<%` at the typo threshold (0.55): float4 similarity compared as PostgreSQL does', () => {
    expect(wordSimilarityMatches('cretta', 'hyundai creta sx pune')).toBe(true);
    expect(wordSimilarityMatches('hundai', 'hyundai creta sx pune')).toBe(true);
    expect(wordSimilarityMatches('nexonev', 'tata nexon ev fearless mumbai')).toBe(true);
    expect(wordSimilarityMatches('creta', 'tata nexon creative kolkata')).toBe(false);
    expect(wordSimilarityMatches('nexn', 'new delhi')).toBe(false);
    expect(wordSimilarityMatches('-', 'a - b')).toBe(false);
    // 11 of 20 → float4 0.55000001 ≥ 0.55; an exact 0.5 stays below 0.5000001.
    expect(wordSimilarityMatches('x', 'xuv700', 0.5)).toBe(true);
    expect(wordSimilarityMatches('x', 'xuv700', 0.5000001)).toBe(false);
  });
});

describe('TextIndex', () => {
  it('the text index matches each word as a substring or pg_trgm word similarity test of every text would', () => {
    const random = mulberry32(5);
    const texts = [
      ...new Set(randomInventory(random, docs, 600).map((d) => searchTextOf(d))),
      'maruti suzuki swift vxi new delhi',
      'maruti suzuki wagon r vxi maruti nagar',
      'hyundai creta sx diesel mumbai',
      'hyundai creta sx diesel navi mumbai',
      'tata nexon ev max pune',
    ];
    const index = new TextIndex();
    for (const t of texts) index.code(t);
    index.warm(40); // the commonest tokens answered from the words computed in advance
    const tokens = [...new Set(texts.flatMap((t) => t.split(' ')))];
    const pick = () => tokens[Math.floor(random() * tokens.length)]!;
    const words = ['marutisuzuki', 'suzukiswift', 'crettamumbai', 'nexonev', 'delhi', 'maruthi', 'r'];
    for (let k = 0; k < 150; k++) {
      const w = pick();
      const cut = Math.floor(random() * w.length);
      words.push(w, w.slice(0, cut) + w.slice(cut + 1), w + pick(), w.slice(0, 3));
    }
    for (const word of words) {
      const { mask, codes } = index.matches(word);
      const want = texts.map((t) => +(t.includes(word) || wordSimilarityMatches(word, t)));
      expect({ word, mask: [...mask] }).toEqual({ word, mask: want });
      expect(codes).toEqual(Int32Array.from(want.flatMap((m, t) => (m ? [t] : []))));
    }
  });
});
