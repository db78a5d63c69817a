import { describe, expect, it } from 'vitest';
import { draftFromPrompt } from '../../../src/domain/drafter/draft.js';
import { passMark, readAnswer } from '../../../src/domain/drafter/quizAnswers.js';
import { show } from './corpusCheck.js';

// The rules of reading added for sentences written by people who never saw the drafter (spec §4.7):
// how choices, right answers, pass marks and field words are written, in each language a rule reads.
const fields = (p: string) => show(draftFromPrompt(p));
const scored = (p: string) => draftFromPrompt(p).fields.filter((f) => f.quizConfig).map((f) => [f.type, f.option.label, f.quizConfig!.correctAnswers[0]]);

describe('pass marks, before or after their words', () => {
  it.each([
    ['en', 'pass mark 60%', 60], ['en', '50% pass mark', 50], ['en', 'they need 100% to pass', 100],
    ['fr', 'il faut 70 % pour réussir', 70], ['es', 'Aprobado con 80%', 80], ['es', 'nota mínima de 65 %', 65],
    ['de', 'Bestehensgrenze 75 %', 75], ['pt', 'nota mínima 60%', 60],
  ])('%s: "%s" → %i', (_l, text, score) => expect(passMark(`Quiz. ${text}. Name`).score).toBe(score));

  it('takes the whole clause out, so its words make no field', () => expect(passMark('quiz, they need 100% to pass: a? b').rest).not.toMatch(/need|pass|100/));
  it('reads no pass mark in a question about per cent', () => expect(passMark('Quanto é 15% de 200? 30').score).toBeUndefined());
});

describe('the right answer, marked as people mark it', () => {
  it.each([
    ['en', '(999, 111, 101) correct 999', ['999', '111', '101'], '999'],
    ['en', '(Mercury, Venus, Mars) answer Mercury', ['Mercury', 'Venus', 'Mars'], 'Mercury'],
    ['en', 'Jupiter, Saturn, Neptune - Jupiter', ['Jupiter', 'Saturn', 'Neptune'], 'Jupiter'],
    ['en', 'dog/cat/horse (cat)', ['dog', 'cat', 'horse'], 'cat'],
    ['fr', 'Rome, Milan, Naples (Rome)', ['Rome', 'Milan', 'Naples'], 'Rome'],
    ['fr', 'Lyon, Paris ; bonne réponse : Paris', ['Lyon', 'Paris'], 'Paris'],
    ['es', '1492, 1500, 1519 (1492)', ['1492', '1500', '1519'], '1492'],
    ['de', '60, 100-120, 200 – richtig 100-120', ['60', '100-120', '200'], '100-120'],
    ['de', 'ja / nein – richtig ja', ['ja', 'nein'], 'ja'],
    ['pt', '54, 56, 64 (56)', ['54', '56', '64'], '56'],
    ['pt', '7, 8, 9 resposta certa 9', ['7', '8', '9'], '9'],
    ['en', 'Canberra (Sydney, Melbourne, Canberra)', ['Sydney', 'Melbourne', 'Canberra'], 'Canberra'],
  ])('%s: "%s"', (_l, text, options, correct) => expect(readAnswer(text)).toEqual({ options, correct }));

  it('a free answer stays one, a fraction is no list', () => {
    expect(readAnswer('Paris')).toEqual({ correct: 'Paris' });
    expect(readAnswer('3/4')).toEqual({ correct: '3/4' });
  });

  it.each([
    ['en', 'Solar quiz. 1) Closest planet? (Mercury, Venus) answer Mercury 2) Planets? (7, 8, 9) answer 8', [['radio', 'Closest planet', 'mercury'], ['radio', 'Planets', '8']]],
    ['en', 'safety quiz: emergency number (999, 111) correct 999; assembly point (car park, canteen) - car park. collect name', [['radio', 'Emergency number', '999'], ['radio', 'Assembly point', 'car-park']]],
    ['fr', 'Quiz. Capitale de l\'Italie ? Rome, Milan (Rome). Combien de continents ? 5, 6, 7 (7).', [['radio', 'Capitale de l\'Italie', 'rome'], ['radio', 'Combien de continents', '7']]],
    ['es', 'Cuestionario. ¿Quién pintó Las Meninas? Velázquez, Goya (Velázquez).', [['radio', 'Quién pintó Las Meninas', 'velazquez']]],
    ['de', 'Quiz. Notrufnummer? 110, 112 – richtig 112. Name abfragen.', [['radio', 'Notrufnummer', '112']]],
    ['pt', 'Quiz. Quanto é 7 x 8? 54, 56, 64 (56). Pedir nome do aluno.', [['radio', 'Quanto é 7 x 8', '56']]],
  ])('%s: numbered, ";"-separated and "?" questions are scored', (_l, p, want) => expect(scored(p)).toEqual(want));

  it.each([
    ['en', 'Quiz. Q1? a/b (a). Ask for their name and class first.'],
    ['de', 'Quiz. Frage? a, b – richtig a. Name der Teilnehmer abfragen.'],
    ['pt', 'Quiz. Pergunta? a, b (a). Pedir nome do aluno.'],
  ])('%s: the fields asked for after the questions are in the draft', (_l, p) => expect(draftFromPrompt(p).fields.map((f) => f.type)).toContain('name'));
});

describe('choices written in running text', () => {
  it.each([
    ['en', 'plan monthly/annual/student', 'radio:Plan[Monthly|Annual|Student]'],
    ['en', 'category Landscape / Portrait / Wildlife', 'radio:Category[Landscape|Portrait|Wildlife]'],
    ['fr', 'gravité faible/moyenne/élevée', 'radio:Gravité[Faible|Moyenne|Élevée]'],
    ['en', 'severity (Low / Medium / High)', 'radio:Severity[Low|Medium|High]'],
  ])('%s: words between slashes are choices: %s', (_l, p, want) => expect(fields(p)).toBe(want));

  it('en: dashes used as parentheses hold choices', () => expect(fields('talk format — lightning talk, 30 min talk or workshop — and email')).toContain('radio:Talk format[Lightning talk|30 min talk|Workshop]'));

  it.each([
    ['en', 'refund or exchange?', 'radio:Refund or exchange?[Refund|Exchange]'],
    ['en', 'pizza or tacos for the team lunch?', 'radio:Pizza or tacos for the team lunch?[Pizza|Tacos]'],
    ['fr', 'préférez-vous un remboursement ou un échange ?', 'radio:Préférez-vous un remboursement ou un échange?[Remboursement|Échange]'],
    ['es', '¿prefieres un reembolso o un cambio?', 'radio:¿prefieres un reembolso o un cambio?[Reembolso|Cambio]'],
    ['de', 'Erstattung oder Umtausch', 'radio:Erstattung oder Umtausch[Erstattung|Umtausch]'],
    ['pt', 'nome e telefone, reembolso ou troca', 'radio:Reembolso ou troca[Reembolso|Troca]'],
  ])('%s: two things joined by "or" are one field\'s choices: %s', (_l, p, want) => expect(fields(p)).toContain(want));

  it.each([
    ['en', 'meal choice of beef, fish or vegetarian', 'radio:Meal choice[Beef|Fish|Vegetarian]'],
    ['fr', 'menu viande ou poisson', 'radio:Menu[Viande|Poisson]'],
  ])('%s: a label, a link word, its choices: %s', (_l, p, want) => expect(fields(p)).toBe(want));

  it('en: a count before a run of choices takes none of them', () => {
    expect(fields('how many people in their party, meal choice of beef or fish')).toBe('number:How many people in their party ; radio:Meal choice[Beef|Fish]');
  });

  it.each([
    ['en', 'reason for return: wrong size, damaged, other', 'radio:Reason for return[Wrong size|Damaged|Other]'],
    ['en', 'which weeks (tick all that apply): week 1, week 2, week 3', 'checkbox:Which weeks[Week 1|Week 2|Week 3]'],
    ['pt', 'quais medicamentos usa? marque se tem: diabetes, hipertensão, gravidez', 'longText:quais medicamentos usa? ; checkbox:Escolha[Diabetes|Hipertensão|Gravidez]'],
  ])('%s: a label or a mark before a colon heads the choices after it: %s', (_l, p, want) => expect(fields(p)).toBe(want));

  it.each([
    ['en', 'dietary requirements (choose all that apply: vegetarian, vegan, halal)', 'checkbox:Dietary requirements[Vegetarian|Vegan|Halal]'],
    ['es', 'alergias (marca todos los que correspondan: gluten, lactosa)', 'checkbox:Alergias[Gluten|Lactosa]'],
  ])('%s: a "choose all" mark in parentheses makes choices, not a hint: %s', (_l, p, want) => expect(fields(p)).toBe(want));
});

describe('questions without their "?", marks and field words', () => {
  it.each([
    ['en', 'name, does it contain nuts', 'radio:Does it contain nuts?[Yes|No]'],
    ['fr', 'nom, avez-vous un jardin', 'radio:Avez-vous un jardin?[Oui|Non]'],
    ['de', 'Anmeldung: Name, hast du Handschuhe', 'radio:Hast du Handschuhe?[Ja|Nein]'],
    ['pt', 'Inscrição: nome, você tem animais', 'radio:Você tem animais?[Sim|Não]'],
    ['es', 'nombre, por qué quiere adoptar', 'longText:Por qué quiere adoptar?'],
    ['es', 'nombre, cuántas unidades', 'number:Cuántas unidades?'],
  ])('%s: %s', (_l, p, want) => expect(fields(p)).toContain(want));

  it.each([
    ['en', 'why adopt? signature required', 'signature:Signature*'],
    ['en', 'name, the patient must sign', 'signature:Patient sign*'],
  ])('%s: a required mark after a "?" or "must" marks its own field: %s', (_l, p, want) => expect(fields(p)).toContain(want));

  it.each([
    ['en', 'email, abstract', 'longText'], ['es', 'correo, resumen', 'longText'], ['pt', 'email, resumo da palestra', 'longText'],
    ['de', 'E-Mail, Zusammenfassung', 'longText'], ['en', 'email, short bio', 'longText'], ['pt', 'email, minibio', 'longText'],
    ['fr', 'e-mail, capture d\'écran', 'picture'], ['es', 'correo, captura de pantalla', 'picture'], ['pt', 'email, print da tela', 'picture'],
    ['de', 'E-Mail, ein Freitextfeld', 'longText'], ['es', 'correo, una pregunta abierta', 'longText'], ['en', 'email, an open question', 'longText'],
  ])('%s: "%s" → %s', (_l, p, type) => expect(draftFromPrompt(p).fields[1]!.type).toBe(type));

  it('en: a colon after fields belongs to the last one, not the kind', () => {
    expect(fields('order number, email, reason for return: damaged, other')).toBe('shortText:Order number ; email:E-mail* ; radio:Reason for return[Damaged|Other]');
  });
});

describe('what people type around the words of a form (a new user\'s walk, and a review of its fixes)', () => {
  it('text-speak is read after the English words it follows, never as a choice or in another language', () => {
    expect(fields('quick survey: would u come back y/n, what did you like')).toMatch(/^radio:Come back\?\[Yes\|No\]/);
    expect(fields('a form with name, email and clothing size (S, M, L, U)')).toContain('[S|M|L|U]');
    expect(fields('Formular mit Name, E-Mail und Größe (S, M, L, U)')).toContain('[S|M|L|U]');
    expect(fields('grade: A, B, C or U')).toContain('[A|B|C|U]');
    expect(fields('formulario con nombre, correo y edad: 7 u 8 años')).not.toMatch(/you/i);
  });

  it('a mistyped kind of form is written back corrected in the title, a word of its own is not', () => {
    expect(draftFromPrompt('contcat from wiht nmae and emal and mesage').title).toBe('Contact form');
    expect(draftFromPrompt('Import survey with name and email').title).toBe('Import survey');
  });

  it('numbered quiz questions inline, one right after the other answer', () => {
    expect(scored('Quiz: 1) capital of Italy? Rome/Milan/Naples (Rome) 2) 3*3? 9; pass mark 50%')).toEqual([['radio', 'Capital of Italy', 'rome'], ['number', '3*3', '9']]);
    expect(scored('maths quiz: 1) what is 2+2? 3/4/5 (4) 2) what is 3*3? 6/9/12 (9)')).toEqual([['radio', 'What is 2+2', '4'], ['radio', 'What is 3*3', '9']]);
    expect(scored('quiz: 1) capital of France? Paris 2) who painted the Mona Lisa? Leonardo')).toEqual([['shortText', 'Capital of France', 'Paris'], ['shortText', 'Who painted the Mona Lisa', 'Leonardo']]);
  });
});
