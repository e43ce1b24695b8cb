import { describe, expect, it } from 'vitest';
import { foldTerm, searchTerms, splitWords } from './searchTerms.js';
import { buildLexicon, VOICE_LEXICON } from './voiceLexicon.js';

describe('splitWords', () => {
  it('splits snake_case, kebab-case, dotted names, paths and camelCase, keeping letters and digits together', () => {
    expect(splitWords('get_current_weather')).toEqual(['get', 'current', 'weather']);
    expect(splitWords('trigger-long-running-operation')).toEqual(['trigger', 'long', 'running', 'operation']);
    expect(splitWords('getCurrentTime')).toEqual(['get', 'Current', 'Time']);
    expect(splitWords('HTTPRequest parseURLFast')).toEqual(['HTTP', 'Request', 'parse', 'URL', 'Fast']);
    expect(splitWords('/home/user/notes.txt')).toEqual(['home', 'user', 'notes', 'txt']);
    expect(splitWords('play an mp3 as base64')).toEqual(['play', 'an', 'mp3', 'as', 'base64']);
  });

  it('keeps accented and non-Latin words whole and splits French elisions', () => {
    expect(splitWords('Previsão do tempo — amanhã, São Paulo!')).toEqual(['Previsão', 'do', 'tempo', 'amanhã', 'São', 'Paulo']);
    expect(splitWords("Wettervorhersage für München; l'heure qu'il est")).toEqual(['Wettervorhersage', 'für', 'München', 'l', 'heure', 'qu', 'il', 'est']);
    expect(splitWords('Погода в Москве')).toEqual(['Погода', 'в', 'Москве']);
    expect(splitWords('previsa\u0303o')).toEqual(['previsa\u0303o']); // a decomposed accent (NFD) stays inside the word
  });

  it('gives nothing for text without words', () => {
    expect(splitWords('')).toEqual([]);
    expect(splitWords(' ?!… -- __ ')).toEqual([]);
  });
});

describe('foldTerm', () => {
  it('lower-cases and folds diacritics, including letters Unicode does not decompose', () => {
    expect(foldTerm('Previsão')).toBe('previsao');
    expect(foldTerm('MÉTÉO')).toBe('meteo');
    expect(foldTerm('Größe')).toBe('grosse');
    expect(foldTerm('Øresund')).toBe('oresund');
    expect(foldTerm('Łódź')).toBe('lodz');
    expect(foldTerm('İstanbul')).toBe('istanbul');
    expect(foldTerm('previsa\u0303o')).toBe('previsao');
  });

  it('drops stop words of every supported language, single characters and numbers', () => {
    for (const w of ['the', 'What', 'please', 'qual', 'não', 'qué', 'für', 'bitte', "qu", 'sont', 'della', 'het', 'alsjeblieft']) expect(foldTerm(w)).toBeNull();
    expect(foldTerm('a')).toBeNull();
    expect(foldTerm('15')).toBeNull();
    expect(foldTerm('2026')).toBeNull();
    expect(foldTerm('mp3')).toBe('mp3');
    expect(foldTerm('TP1234')).toBe('tp1234');
  });

  it('keeps words that are function words in one language but content words in another', () => {
    for (const w of ['door', 'sin', 'bin', 'war', 'time', 'open', 'set', 'show', 'may']) expect(foldTerm(w)).toBe(w);
  });
});

describe('searchTerms', () => {
  it('keeps only the content words of a spoken request', () => {
    expect(searchTerms("What's the weather like in São Paulo, please?")).toEqual(['weather', 'like', 'paulo']); // Portuguese `são` ("are") is a stop word
    expect(searchTerms('Qual é a previsão do tempo para amanhã?')).toEqual(['previsao', 'tempo', 'amanha']);
  });
});

describe('VOICE_LEXICON', () => {
  it('maps words of six languages, folded, to English search terms', () => {
    expect(VOICE_LEXICON.get('temporizador')).toEqual(['timer']);
    expect(VOICE_LEXICON.get('lampada')).toEqual(['light', 'lights', 'lamp']);
    expect(VOICE_LEXICON.get('ubersetzen')).toEqual(['translate']);
    expect(VOICE_LEXICON.get('meteo')).toEqual(['weather']);
    expect(VOICE_LEXICON.get('weerbericht')).toEqual(expect.arrayContaining(['forecast']));
  });

  it('has no key that search could never see (a stop word, a split word) or that is an English word it would pollute', () => {
    for (const key of VOICE_LEXICON.keys()) {
      expect(foldTerm(key), key).toBe(key);
      expect(splitWords(key), key).toEqual([key]);
    }
    for (const english of ['file', 'station', 'sender', 'real', 'media', 'red', 'tag', 'map', 'actions', 'plus']) expect(VOICE_LEXICON.has(english), english).toBe(false);
  });

  it('buildLexicon merges the terms of a word listed in several rows and skips a word mapping to itself', () => {
    const lex = buildLexicon(['call phone | liga ligar', 'turn on | liga acende', 'video | vídeo video']);
    expect(lex.get('liga')).toEqual(['call', 'phone', 'turn', 'on']);
    expect(lex.get('video')).toBeUndefined();
  });
});
