/**
 * Function words dropped from tool text and queries before ranking, already folded (lower case, no diacritics; see
 * {@link foldTerm}): articles, pronouns, prepositions, auxiliaries, question words and politeness, in English,
 * Portuguese, Spanish, German, French, Italian, Dutch and Catalan. Only words that carry no tool meaning are listed — words
 * such as `time`, `open`, `show` or `set` stay searchable — so the lists are short on purpose (30–60 words each).
 * A spoken request ("what's the weather like in Lisbon, please") keeps only its content words (`weather`,
 * `lisbon`), and the index does not fill with prefix and fuzzy matches of `the` or `de`. Words that are function
 * words in one language but content in another are left out (Dutch `door` is English `door`, Spanish `sin` is the
 * sine, German `bin`/`war` are English nouns).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    // English
    'a an the and or but of to in on at by for from with into onto about as is are was were be been being am do does did ' +
      'i me my mine you your yours he him his she her it its we us our they them their this that these those there here ' +
      'what whats which who whom whose when where why how can could would should will shall might must please ' +
      'let lets s t d ll re ve m hey hi hello some any just so very too also then than if not no yes',
    // Portuguese
    'o os as um uma uns umas e ou de do da dos das no na nos nas em por pelo pela pelos pelas para pra com sem ' +
      'que qual quais quem quando onde como eu tu ele ela nos vos eles elas meu minha meus minhas teu tua seu sua ' +
      'me te se lhe isso isto aquilo esse essa este esta ao aos se nao sim favor podes pode poderia voce e esta estao ' +
      'foi ser sao la ai ola',
    // Spanish
    'el la los las un una unos unas y o u de del al en por para con que cual cuales quien quienes cuando donde ' +
      'como yo tu el ella nosotros vosotros ellos ellas mi mis tu tus su sus me te se le les lo esto eso aquello ' +
      'este esta ese esa es son fue ser estar esta estan favor puedes puede podrias hola',
    // German
    'der die das den dem des ein eine einen einem einer eines und oder aber zu zum zur im in an am auf aus bei mit ' +
      'nach von vom fur uber unter um bis durch ich du er sie es wir ihr mir mich dir dich uns euch mein meine meinen ' +
      'dein deine sein seine ihre was wer wie wo wann warum welche welcher welches ist sind bist kannst kann ' +
      'konntest bitte mal doch ja nein nicht hallo',
    // French
    'le la les l un une des du de d et ou mais a au aux en dans sur sous par pour avec sans que qu qui quoi quel ' +
      'quelle quels quelles quand ou comment je j tu il elle on nous vous ils elles me m te moi toi se s mon ma mes ' +
      'ton ta tes son sa ses ce cet cette ces est sont etait etre peux peut pourrais plait bonjour salut ca',
    // Italian
    'il lo la i gli le un uno una e o ma di del della dei delle da dal dalla in nel nella su sul sulla per con ' +
      'senza che chi cosa quale quali quando dove come io tu lui lei noi voi loro mi ti ci vi si mio mia miei mie ' +
      'tuo tua suo sua questo questa quello quella e sono era essere puoi puo potresti favore ciao',
    // Dutch
    'de het een en of maar van voor naar in op aan met bij uit om over tot ik jij je hij zij ze wij we jullie ' +
      'mij me mijn jouw zijn haar ons onze wat wie waar wanneer waarom hoe welke is zijn was ben kun kan kunt ' +
      'alsjeblieft alstublieft graag even hallo',
    // Catalan
    'el la els les un una uns unes i o de del dels al als en per amb que qui quan on jo tu ell ella nosaltres ' +
      'vosaltres ells elles meu meva meus meves teu teva seu seva aquest aquesta aquests aquestes aquell aquella es ' +
      'son era ser estar si no favor pots pot podries hola em et ens li',
  ]
    .join(' ')
    .split(' ')
    .filter(Boolean),
);
