import { expect, test } from 'vitest';
import { VOICE_LEXICON } from '../voiceLexicon.js';
import { foreignShare } from './toolText.js';
import { requestForeignShare } from './requestLanguage.js';

test('English requests of words other languages share (song, euros, dollars, notes, radio) are English to the model', () => {
  for (const q of ['convert 50 euros to dollars', 'skip this song', 'search my notes for the password', 'remember that my sister likes roses', 'play a radio station']) {
    expect(foreignShare(q, VOICE_LEXICON), q).toBeGreaterThan(0); // the lexicon alone calls them partly foreign
    expect(requestForeignShare(q, VOICE_LEXICON), q).toBe(0);
  }
});

test("requests in the bundled toolboxes' other languages stay foreign enough to be ranked lexically (>= 0.4)", () => {
  for (const q of ['pon un temporizador de diez minutos', 'wie wird das wetter morgen in berlin', 'lembra me de comprar pão amanhã', 'quantas milhas são quarenta e dois quilómetros', 'allume la lumière de la cuisine']) {
    expect(requestForeignShare(q, VOICE_LEXICON), q).toBeGreaterThanOrEqual(0.4);
  }
  expect(requestForeignShare('pon un temporizador', null)).toBe(0);
  expect(requestForeignShare('', VOICE_LEXICON)).toBe(0);
});
