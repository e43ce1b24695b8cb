/**
 * Rows of the built-in lexicon: English search terms, then the words that mean them in Portuguese, Spanish, German,
 * French, Italian, Dutch and Catalan (common inflections listed; accents as written, folded when the table is built).
 * It covers what people ask a voice assistant for — weather, timers and alarms, reminders and calendar, music and
 * media, smart home, lists and notes, news, language, money, travel, communication, device settings, health — so a
 * request in one of these languages also finds a tool described in English.
 */
const ROWS: readonly string[] = [
  // weather
  'weather | tempo clima meteorologia tiempo meteorología wetter météo meteo temps weer',
  'forecast | previsão previsões prevê previsión pronóstico vorhersage wettervorhersage prévision prévisions previsione previsioni voorspelling weerbericht',
  'rain | chuva chover chove lluvia llover llueve regen regnet regnen pluie pleuvoir pleut pioggia piovere piove regent',
  'snow | neve nevar nieve nevar schnee schneit neige neiger nevicare sneeuw',
  'wind | vento viento wind vent vento',
  'temperature degrees | temperatura graus grados temperatur grad température degrés temperatura gradi temperatuur graden',
  'warning alert | aviso avisos alerta alertas warnung warnungen unwetter alerte alertes avviso allerta waarschuwing waarschuwingen',
  'air quality | poluição contaminación luftqualität pollution inquinamento luchtkwaliteit',
  'pollen | pólen polen pollen pollini stuifmeel',
  'sunrise | nascer amanecer sonnenaufgang lever alba zonsopkomst',
  'sunset | atardecer sonnenuntergang coucher tramonto zonsondergang',
  'moon | lua luna mond lune maan',
  // timers, alarms, reminders, calendar
  'timer | temporizador temporizadores cronómetro cronometro minuteur minuterie contaminuti kurzzeitwecker',
  'alarm wake | alarme alarmes despertador despertar alarma alarmas wecker weck wecken réveil réveille sveglia svegliami wekker',
  'remind reminder | lembra lembrar lembrete lembretes recuérdame recordar recordatorio recordatorios erinnere erinnern erinnerung rappelle rappeler rappel ricordami ricordare promemoria herinner herinnering',
  'calendar event | calendário agenda calendario kalender termin termine calendrier appuntamento appuntamenti afspraak afspraken rendez',
  'meeting | reunião reunión besprechung treffen réunion riunione vergadering',
  'schedule | marca marcar agendar programa programar plane planen planifie planifier programma programmare plan plannen',
  // music and media
  'music | música musica musik musique muziek',
  'song track | canção canções música canción canciones lied lieder song chanson morceau canzone brano liedje',
  'play | toca tocar reproduz reproduzir põe pon reproduce reproducir spiel spiele abspielen joue jouer mets suona riproduci metti speel afspelen',
  'pause | pausa pausar pausiere pausieren anhalten pause pauser pausa pauze pauzeer',
  'next skip | próxima próximo seguinte siguiente nächste nächstes suivant suivante prossima prossimo successiva volgende',
  'playlist | wiedergabeliste playlist',
  'radio station | rádio estação radio emisora radiosender stazione zender',
  'podcast episode | podcast episódio episodio folge épisode aflevering',
  'television tv channel | televisão televisor canal televisión fernseher fernsehen kanal télé télévision chaîne televisione canale televisie zender',
  'video | vídeo vídeos video vidéo filmpje',
  'volume | volume volumen lautstärke lauter leiser volume volume',
  'louder up | alto sube subir lauter alza',
  'quieter down | baixo baja bajar leiser abbassa zachter',
  'mute | silêncio silencia silenciar stumm muet muto dempen',
  // smart home
  'light lights lamp | luz luzes lâmpada candeeiro luces lámpara licht lichter lampe lumière lumières lampe luce luci lampada lamp lampen',
  'turn on | acende acender liga ligar enciende encender prende einschalten allume allumer accendi accendere aanzetten',
  'turn off | apaga apagar desliga desligar apaga apagar ausschalten éteins éteindre spegni spegnere uitzetten',
  'heating thermostat | aquecimento termóstato calefacción termostato heizung thermostat chauffage thermostat riscaldamento termostato verwarming thermostaat',
  'door | porta portão puerta tür haustür porte porta deur voordeur',
  'lock | tranca trancar cierra cierre cerradura abschließen verriegeln verrouille verrouiller chiudi serratura vergrendel',
  'blinds shutters curtains | estores persianas cortinas rollladen rollläden jalousie vorhang volets stores rideaux tapparelle tende rolluiken gordijnen',
  'vacuum | aspirador aspiradora staubsauger saugroboter aspirateur aspirapolvere stofzuiger',
  'camera | câmara câmera cámara kamera caméra telecamera camera',
  'scene | cena escena szene scène scena scène',
  // lists and notes
  'shopping list | compras lista compra einkaufsliste einkaufen einkauf courses liste spesa boodschappen boodschappenlijst',
  'add | adiciona adicionar acrescenta acrescentar añade añadir agrega agregar füge hinzufügen ajoute ajouter aggiungi aggiungere voeg toevoegen',
  'remove delete | remove remover apaga tira quita quitar elimina borra entferne entfernen lösche löschen enlève supprime supprimer rimuovi elimina cancella verwijder verwijderen',
  'memory store | remember memorise memorize memorizar memoriza recorda merken merke mémorise memorizza onthoud onthouden',
  'note | nota notas anota anotar apunta apuntar notiz notizen notiere note notes appunto appunti notitie notities',
  'task todo | tarefa tarefas tarea tareas aufgabe aufgaben tâche tâches compito attività taak taken',
  // news, knowledge, language
  'news headlines | notícias noticia noticias nachrichten schlagzeilen actualités infos informations nouvelles notizie telegiornale nieuws journaal',
  'translate | traduz traduzir tradução traduce traducir traducción übersetze übersetzen übersetzung traduis traduire traduction traduci tradurre traduzione vertaal vertalen vertaling',
  'define meaning | significa significado significa significado bedeutet bedeutung signifie signification significa significato betekent betekenis',
  'dictionary word | dicionário palavra diccionario palabra wörterbuch wort dictionnaire mot dizionario parola woordenboek woord',
  'joke | piada anedota chiste witz blague barzelletta grap mop',
  'recipe cooking | receita receitas cozinhar receta recetas cocinar rezept rezepte kochen recette recettes cuisiner ricetta ricette cucinare recept recepten koken',
  // money
  'currency exchange rate | moeda moedas câmbio moneda monedas cambio währung wechselkurs devise devises valuta cambio wisselkoers',
  'convert | converte converter convierte convertir umrechnen rechne convertis convertir converti convertire omrekenen reken',
  'eur euro | euro euros',
  'usd dollar | dólar dólares dólar dolares dollar dollars',
  'brl | reais',
  'gbp pound | libra libras pfund livre livres sterlina pond',
  'price | preço precio preis prix prezzo prijs kostet kost',
  'stock share | ação ações acción acciones aktie aktien azione azioni aandeel aandelen',
  // travel and places
  'train | comboio comboios trem tren trenes zug züge bahn train trains treno treni trein treinen',
  'flight | voo vuelo flug vol volo vlucht',
  'package parcel delivery | encomenda encomendas pacote paquete envío paket sendung lieferung colis livraison pacco spedizione pakket pakketje bezorging',
  'directions route | direções caminho rota direcciones ruta wegbeschreibung route itinéraire indicazioni percorso routebeschrijving',
  'traffic commute | trânsito tráfico verkehr stau circulation embouteillage traffico verkeer',
  'nearby places | perto próximo cerca cercano nahe nähe près proche vicino vicini dichtbij buurt',
  'pharmacy | farmácia farmacia apotheke pharmacie farmacia apotheek',
  'restaurant | restaurante restaurant ristorante',
  // communication
  'call phone | liga ligar telefona telefonar llama llamar ruf rufe anrufen appelle appeler chiama chiamare bel bellen',
  'message sms text | mensagem mensagens sms mensaje mensajes nachricht nachrichten message messages messaggio messaggi bericht berichten',
  'email | correio email correo mail',
  'contact | contacto contato contacto kontakt contact contatto contactpersoon',
  // device
  'battery | bateria batería akku batterie batteria batterij accu',
  'wifi network | rede netzwerk wlan réseau rete netwerk wifi',
  'bluetooth headphones | auscultadores fones auriculares kopfhörer écouteurs casque cuffie koptelefoon',
  'brightness screen | brilho ecrã tela brillo pantalla helligkeit bildschirm luminosité écran luminosità schermo helderheid scherm',
  'update | atualiza atualizar atualização actualiza actualizar actualización aktualisiere aktualisieren aggiorna aggiornamento bijwerken update',
  'restart reboot | reinicia reiniciar neustart starten redémarre redémarrer riavvia riavviare herstart herstarten',
  'internet speed | velocidade velocidad geschwindigkeit vitesse velocità snelheid',
  // time and date
  'time clock | hora horas horário uhrzeit uhr heure heures ora orario tijd klok',
  'date day | dia día datum jour giorno dag fecha',
  'holiday | feriado feriados festivo festivos feiertag feiertage férié fériés festività feestdag feestdagen',
  'christmas | natal navidad weihnachten noël natale kerstmis kerst',
  'birthday | aniversário cumpleaños geburtstag anniversaire compleanno verjaardag',
  // health and wellbeing
  'medication pills | medicamento medicamentos remédio comprimidos pastilhas medicamento pastillas medikament medikamente tabletten médicament médicaments pilules farmaco farmaci pillole medicijn medicijnen pillen',
  'water | água agua wasser eau acqua water',
  'steps | passos pasos schritte passi stappen',
  'meditation relax | meditação relaxar meditación relajar meditation entspannen méditation détendre meditazione rilassare meditatie ontspannen',
  'sleep | dormir sueño schlafen schlaf dormir sommeil dormire sonno slapen',
  // fun
  'coin | moeda moneda münze pièce moneta munt',
  'dice | dado dados würfel dadi dobbelsteen',
  'trivia quiz | quiz adivinha trivia rätsel quizz indovinello',
  'horoscope | horóscopo horoskop horoscope oroscopo horoscoop',
  // files, web, math (the bundled toolboxes)
  'file | ficheiro ficheiros arquivo arquivos archivo archivos datei dateien fichier fichiers bestand bestanden',
  'folder directory | pasta pastas carpeta carpetas ordner verzeichnis dossier dossiers cartella cartelle mappen',
  'read | ler lee leer lies lesen lis lire leggi leggere lees lezen',
  'write | escreve escrever escribe escribir schreibe schreiben écris écrire scrivi scrivere schrijf schrijven',
  'search find | pesquisa pesquisar procura procurar busca buscar suche suchen finde finden cherche chercher trouve trouver cerca cercare trova trovare zoek zoeken vind vinden',
  'web internet | web internet rede',
  'calculate math | calcula calcular berechne berechnen rechne calcule calculer calcola calcolare bereken berekenen',
  'equation solve | equação resolve resolver ecuación gleichung löse lösen équation résous résoudre equazione risolvi vergelijking oplossen',
  'average mean | promedio durchschnitt moyenne gemiddelde',
  'percent | porcento ciento prozent pourcent percento procent',
  'command shell | comando comandos befehl commande comando commando terminal',
  // general actions on things (files, repositories, messages, records)
  'create new | cria criar crie crea crear crée créer creare erstelle erstellen anlege anlegen maak maken nieuw nuevo nueva novo nova neuen neue nouveau nouvelle nuovo nuova',
  'open | abre abrir öffne öffnen ouvre ouvrir apri aprire openen obre obrir',
  'close | fecha fechar schließe schließen ferme fermer chiudere sluit sluiten tanca tancar',
  'move rename | mover mueve verschiebe verschieben déplace déplacer sposta spostare verplaats verplaatsen mou moure renomeia renomear renombra renombrar umbenennen renomme renommer rinomina rinominare hernoem hernoemen',
  'copy | copia copiar kopiere kopieren copie copier copiare kopieer kopiëren',
  'edit change | edita editar ändere ändern bearbeite bearbeiten modifie modifier modifica modificare wijzig wijzigen bewerk bewerken',
  'code source | código codigo quellcode codice broncode',
  'tree | árvore árbol baum arbre albero boom',
  'directions route | chego chegar llego llegar hinkomme komme arriver arrivo arrivare kom',
  'elevation altitude | altitude altitud höhe altitudine hoogte',
  'forget delete | esquece esquecer olvida olvidar vergiss vergessen oublie oublier dimentica dimenticare vergeet vergeten oblida oblidar',
  'send | envia enviar manda mandar sende senden schicke schicken envoie envoyer invia inviare manda stuur sturen verstuur',
  // Catalan
  'weather | temps',
  'forecast | previsio',
  'rain | pluja ploura plou',
  'time clock | hora hores rellotge',
  'date day | data dia avui',
  'timer | temporitzador',
  'alarm wake | alarma desperta despertador',
  'remind reminder | recorda recordatori',
  'music song | musica canco',
  'play | reprodueix posa',
  'light lights lamp | llum llums lampada',
  'turn on | encen',
  'turn off | apaga',
  'shopping list | llista compra',
  'add | afegeix afegir',
  'remove delete | esborra elimina treu',
  'note | nota notes',
  'news headlines | noticies',
  'translate | tradueix traduir traduccio',
  'file | fitxer fitxers arxiu arxius',
  'folder directory | carpeta carpetes directori',
  'read | llegeix llegir',
  'write | escriu escriure',
  'search find | cerca cercar busca buscar troba trobar',
  'calculate math | calcula calcular',
  'average mean | mitjana',
  'equation solve | equacio resol resoldre',
  'command shell | ordre ordres',
  'convert | converteix convertir',
];

/**
 * The built-in multilingual lexicon: a folded word (as `foldTerm` (`searchTerms.ts`) gives it, without stop-word removal) → the
 * English search terms it adds to a query. Used for query expansion only: the query keeps its own words, and the
 * added English terms count less (see `ToolSearchIndex`). Built from the rows above, so `lâmpada`, `lampada` and
 * `Lampe` all lead to `light`, `lights`, `lamp`.
 */
export const VOICE_LEXICON: ReadonlyMap<string, readonly string[]> = buildLexicon(ROWS);

/** Builds a lexicon from `"english terms | words…"` rows; a word in several rows gets every row's terms. */
export function buildLexicon(rows: readonly string[]): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const [english = '', words = ''] = row.split('|');
    const targets = english.trim().split(/\s+/).map(fold).filter(Boolean);
    for (const word of words.trim().split(/\s+/).map(fold).filter(Boolean)) {
      const list = map.get(word) ?? [];
      for (const t of targets) if (t !== word && !list.includes(t)) list.push(t);
      if (list.length) map.set(word, list);
    }
  }
  return map;
}

function fold(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '').replace(/ß/g, 'ss');
}
