import { describe, expect, it } from 'vitest';
import { draftFromPrompt, readPrompt } from '../../../src/domain/drafter/draft.js';
import { detectLocale } from '../../../src/domain/drafter/language.js';
import { DraftError } from '../../../src/domain/drafter/types.js';
import { show } from './corpusCheck.js';

// Each rule of reading a sentence (spec §4.7), in each language it reads.
const fields = (p: string) => show(draftFromPrompt(p));

describe('choices spelled out', () => {
  it.each([
    ['en', 'Order: colour (red, blue, black)', 'radio:Colour[Red|Blue|Black]'],
    ['fr', 'Commande : couleur (rouge, bleu, noir)', 'radio:Couleur[Rouge|Bleu|Noir]'],
    ['es', 'Pedido: color (rojo, azul, negro)', 'radio:Color[Rojo|Azul|Negro]'],
    ['de', 'Bestellung: Farbe (rot, blau, schwarz)', 'radio:Farbe[Rot|Blau|Schwarz]'],
    ['pt', 'Encomenda: cor (vermelho, azul, preto)', 'radio:Cor[Vermelho|Azul|Preto]'],
  ])('%s: a list in parentheses → a radio of its items', (_l, p, want) => expect(fields(p)).toContain(want));

  it.each([
    ['en', 'favourite colour red, blue or black', 'radio:Favourite colour[Red|Blue|Black]'],
    ['fr', 'couleur préférée rouge, bleu ou noir', 'radio:Couleur préférée[Rouge|Bleu|Noir]'],
    ['es', 'color favorito: rojo, azul o negro', 'radio:Color favorito[Rojo|Azul|Negro]'],
    ['de', 'Lieblingsfarbe: rot, blau oder schwarz', 'radio:Lieblingsfarbe[Rot|Blau|Schwarz]'],
    ['pt', 'cor preferida: vermelho, azul ou preto', 'radio:Cor preferida[Vermelho|Azul|Preto]'],
  ])('%s: "a, b or c" after its label → a radio', (_l, p, want) => expect(fields(p)).toBe(want));

  it.each([
    ['en', 'which days can you help? Monday, Tuesday, Wednesday (pick any)', 'checkbox:which days can you help?[Monday|Tuesday|Wednesday]'],
    ['fr', 'Quel jour ? lundi, mardi ou mercredi (plusieurs choix possibles)', 'checkbox:Quel jour ?[Lundi|Mardi|Mercredi]'],
    ['es', '¿Qué días? lunes, martes, miércoles (elige varios)', 'checkbox:¿Qué días?[Lunes|Martes|Miércoles]'],
    ['de', 'Welche Tage? Montag, Dienstag, Mittwoch (mehrere möglich)', 'checkbox:Welche Tage?[Montag|Dienstag|Mittwoch]'],
    ['pt', 'Quais dias? segunda, terça, quarta (escolha vários)', 'checkbox:Quais dias?[Segunda|Terça|Quarta]'],
  ])('%s: "pick any" → one checkbox with the options', (_l, p, want) => expect(fields(p)).toBe(want));

  it.each([
    ['en', 'Do you need parking? yes or no', 'radio:Do you need parking?[Yes|No]'],
    ['fr', 'Venez-vous ? oui ou non', 'radio:Venez-vous ?[Oui|Non]'],
    ['es', '¿Vienes a la fiesta? sí o no', 'radio:¿Vienes a la fiesta?[Sí|No]'],
    ['de', 'Kommst du zur Feier? ja oder nein', 'radio:Kommst du zur Feier?[Ja|Nein]'],
    ['pt', 'Você vem à festa? sim ou não', 'radio:Você vem à festa?[Sim|Não]'],
  ])('%s: yes or no → a Yes/No radio in the language', (_l, p, want) => expect(fields(p)).toBe(want));

  it.each([
    ['en', 'Service review: rate the service from 1 to 5', '[1|2|3|4|5]'],
    ['fr', 'Avis : notez de 1 à 5', '[1|2|3|4|5]'],
    ['es', 'Opinión: califica del 1 al 5', '[1|2|3|4|5]'],
    ['de', 'Feedback: bewerten Sie von 1 bis 5', '[1|2|3|4|5]'],
    ['pt', 'Avaliação: nota de 0 a 10', '[0|1|2|3|4|5|6|7|8|9|10]'],
  ])('%s: a scale "1 to 5" → a radio of its numbers', (_l, p, want) => expect(fields(p)).toContain(want));

  it('"tshirt size XS S M L XL" → the sizes written', () => expect(fields('Run sign-up: tshirt size XS S M L XL')).toContain('radio:Size[XS|S|M|L|XL]'));
  it('"room type single, double or suite" → the words after the label are choices', () => expect(fields('room type single, double or suite')).toBe('radio:Room type[Single|Double|Suite]'));
});

describe('rows, cascades, captures and marks', () => {
  it.each([
    ['en', 'rate each session: keynote, panel, lunch', 'checkList:Rate each session{Keynote|Panel|Lunch}'],
    ['en', 'Inspection - check each: doors, lights, alarm', 'checkList:Check each{Doors|Lights|Alarm}'],
  ])('%s: "rate each" → a checkList', (_l, p, want) => expect(fields(p)).toContain(want));

  it.each([
    ['en', 'hours for Monday, Tuesday and Wednesday', 'sheet:Hours{Monday|Tuesday|Wednesday}'],
    ['en', 'hours for Monday to Friday', 'sheet:Hours{Monday|Tuesday|Wednesday|Thursday|Friday}'],
    ['es', 'horas de lunes a viernes', 'sheet:Horas{Lunes|Martes|Miércoles|Jueves|Viernes}'],
    ['de', 'Stunden für Montag bis Freitag', 'sheet:Stunden{Montag|Dienstag|Mittwoch|Donnerstag|Freitag}'],
  ])('%s: a value per row → a sheet', (_l, p, want) => expect(fields(p)).toBe(want));

  it.each(['country, then city', 'choisissez votre pays, puis votre ville', 'elige tu país y luego tu ciudad', 'wähle dein Land und dann deine Stadt', 'escolha o estado e depois a cidade'])('"%s" → a multipleLevelSelect with a tree', (p) => {
    const d = draftFromPrompt(p);
    expect(d.fields.map((f) => f.type)).toEqual(['multipleLevelSelect']);
    expect((d.fields[0]!.option.options as Array<{ options: unknown[] }>)[0]!.options.length).toBeGreaterThan(0);
  });

  it.each([
    ['sign to accept the rules', 'signature'], ['firma para aceptar las normas', 'signature'], ['assine para aceitar o regulamento', 'signature'],
    ['upload your CV', 'document'], ['sube tu CV', 'document'], ['a photo of the damage', 'picture'], ['record a short video', 'video'],
    ['record a voice message', 'audio'], ['Your location please', 'location'], ['number of guests', 'number'], ['Anzahl der Gäste', 'number'],
    ['date and time', 'calendar,time'], ['fecha y hora', 'calendar,time'], ['Datum und Uhrzeit', 'calendar,time'], ['data e horário', 'calendar,time'],
  ])('"%s" → %s', (p, types) => expect(draftFromPrompt(p).fields.map((f) => f.type).join(',')).toBe(types));

  it.each([
    ['Contact: name, email (optional), phone (required)', 'name:Name* ; email:E-mail ; phone:Phone*'],
    ['Contacto: nombre, correo (opcional), teléfono (obligatorio)', 'name:Nombre* ; email:Correo electrónico ; phone:Teléfono*'],
    ['Kontakt: Name, E-Mail (optional), Telefon (Pflicht)', 'name:Name* ; email:E-Mail ; phone:Telefon*'],
  ])('"optional" and "required" marks: %s', (p, want) => expect(fields(p)).toContain(want));
});

describe('kinds of form, languages, quizzes, refusals', () => {
  it.each([
    ['A short RSVP form for a team dinner', 'rsvp', 'name:Name* ; radio:Will you attend?*[Yes|No] ; number:Number of guests ; shortText:Dietary requirements'],
    ['Simple newsletter signup', 'newsletter', 'email:E-mail* ; name:Name ; checkbox:Consent*[I agree to receive e-mails]'],
    ['Book a table at our restaurant', 'table_booking', 'name:Name* ; phone:Phone ; email:E-mail ; calendar:Date* ; time:Time* ; number:Number of guests* ; longText:Comments'],
  ])('a sentence naming only the kind gets its usual fields: %s', (p, kind, want) => {
    const r = readPrompt(p);
    expect([r.kind, show(r.draft)]).toEqual([kind, want]);
  });

  it('fields named with the kind come in the order written, merged with the usual ones', () => {
    expect(fields('Contact form with email, name and message')).toBe('email:E-mail* ; name:Name* ; phone:Phone ; shortText:Subject ; longText:Message*');
  });

  it.each([
    ['Formulario de contacto con nombre, correo electrónico y mensaje', 'es', 'name:Nombre* ; email:Correo electrónico* ; phone:Teléfono ; shortText:Asunto ; longText:Mensaje*'],
    ['Anmeldung zum Sommerfest: Name, E-Mail und Anzahl der Gäste', 'de', 'name:Name* ; email:E-Mail* ; phone:Telefon ; number:Anzahl der Gäste ; shortText:Ernährungswünsche'],
    ['Formulaire de contact avec nom, e-mail et message', 'fr', 'name:Nom* ; email:E-mail* ; phone:Téléphone ; shortText:Objet ; longText:Message*'],
    ['Formulário de contato com nome, e-mail e mensagem', 'pt', 'name:Nome* ; email:E-mail* ; phone:Telefone ; shortText:Assunto ; longText:Mensagem*'],
  ])('writes labels in the prompt\'s language: %s', (p, locale, want) => {
    const d = draftFromPrompt(p);
    expect([d.locale, show(d)]).toEqual([locale, want]);
  });

  it.each([['The quick brown fox', 'en'], ['le formulaire de la fête', 'fr'], ['el formulario de la fiesta', 'es'], ['das Formular für die Feier', 'de'], ['o formulário da festa', 'pt']])('detects the language of "%s"', (p, l) => expect(detectLocale(p)).toBe(l));

  it('scores quiz questions with their answers and the pass mark', () => {
    const d = draftFromPrompt('Quiz: capital of France? Paris; 2+2? 4; largest planet? Jupiter (Mars, Jupiter, Venus). pass mark 60%');
    expect(d).toMatchObject({ isQuiz: true, quizConfig: { passingScore: 60, showFinalScore: true } });
    expect(d.fields.map((f) => [f.type, f.quizConfig])).toEqual([
      ['shortText', { points: 1, correctAnswers: ['Paris'] }], ['number', { points: 1, correctAnswers: ['4'] }], ['radio', { points: 1, correctAnswers: ['jupiter'] }],
    ]);
  });

  it.each(['Please make something nice for us', "what's the weather tomorrow", 'hello there, how are you doing'])('refuses "%s", saying what a good prompt looks like', (p) => {
    expect(() => draftFromPrompt(p)).toThrow(DraftError);
    expect(() => draftFromPrompt(p)).toThrow(/e\.g\. "RSVP for a team dinner"/);
  });

  it('is deterministic', () => expect(draftFromPrompt('Order form for t-shirts: size, colour (red, blue, black) and quantity')).toEqual(draftFromPrompt('Order form for t-shirts: size, colour (red, blue, black) and quantity')));
});

describe('a field the sentence wrote stands for the kind\'s usual field of the same concept', () => {
  it.each([
    ['en', 'Job application: name, email, upload your CV', 'name:Name* ; email:E-mail* ; phone:Phone ; shortText:Website ; document:Upload your CV* ; longText:Essay'],
    ['de', 'Bewerbung: Name, E-Mail, Lebenslauf hochladen', 'name:Name* ; email:E-Mail* ; phone:Telefon ; shortText:Webseite ; document:Lebenslauf hochladen* ; longText:Motivationsschreiben'],
  ])('%s: one document, with the sentence\'s label and the kind\'s required mark', (_l, p, want) => expect(fields(p)).toBe(want));
});
