import { describe, expect, it } from 'vitest';
import { draftFromPrompt } from '../../../src/domain/drafter/draft.js';
import { corrected } from '../../../src/domain/drafter/lexicon.js';
import { normalise } from '../../../src/domain/drafter/normalise.js';
import { show } from './corpusCheck.js';

// What people type around the words of a form (spec §4.7): pass marks written many ways, typos,
// shorthand, capitals, emoji and politeness, fields named by a question, in the five languages.
const fields = (p: string) => show(draftFromPrompt(p));
const pass = (p: string) => draftFromPrompt(p).quizConfig?.passingScore;

describe('pass marks in many phrasings', () => {
  it.each([
    ['en', 'quiz: capital of France? Paris. 2+2? 4. pass mark 60%', 60],
    ['en', 'quiz: capital of France? Paris. 2+2? 4. 70% to pass', 70],
    ['en', 'quiz: capital of France? Paris. 2+2? 4. passing score of 8', 80],
    ['en', 'quiz: capital of France? Paris. 2+2? 4. need 7 out of 10 to pass', 70],
    ['en', 'quiz: capital of France? Paris. 2+2? 4. you pass with 1 correct answer', 50],
    ['en', 'quiz: capital of France? Paris. 2+2? 4. passing grade: 50 percent', 50],
    ['fr', 'Quiz : capitale de la France ? Paris. note de passage 12/20', 60],
    ['es', 'Examen: ¿capital de Francia? París. aprobado con 60%', 60],
    ['de', 'Quiz: Hauptstadt von Frankreich? Paris. Bestehensgrenze 50 %', 50],
    ['pt', 'Prova: capital da França? Paris. aprovação com 70%', 70],
  ])('%s: "%s" → %i', (_l, p, score) => expect(pass(p)).toBe(score));

  it('a number answer right after its "?" is the answer, not the next question\'s number', () =>
    expect(fields('Math quiz: what is 7 x 8? 56. what is 12 + 15? 27.')).toBe('number:What is 7 x 8* ; number:What is 12 + 15*'));
});

describe('typos, shorthand and the way a prompt is typed', () => {
  it('corrects typos as typos: letters swapped, left out or added', () => {
    expect(['emial', 'adress', 'phne', 'nmae'].map(corrected)).toEqual(['email', 'address', 'phone', 'name']);
    // real words are not "corrected" into field words of another language
    expect(['start', 'pace', 'paid'].map(corrected)).toEqual(['start', 'pace', 'paid']);
  });
  it.each([
    ['en', 'qty, no. of boxes, name', 'number:Quantity ; number:Number of boxes ; name:Name*'],
    ['fr', 'nb de personnes, nom', "number:Nombre de personnes ; name:Nom*"],
    ['es', 'nº de invitados, nombre', 'number:Número de invitados ; name:Nombre*'],
    ['pt', 'qtd de caixas, nome', 'number:Quantidade de caixas ; name:Nome*'],
  ])('%s: shorthand for "number of": "%s"', (_l, p, want) => expect(fields(p)).toBe(want));

  it('drops emoji and politeness, lowers a sentence typed in capitals but keeps its codes', () => {
    expect(normalise('🎉 RSVP: name, coming or not 🎉 thx!')).toBe('RSVP: name, coming or not');
    expect(normalise('VOLUNTEER SIGNUP: NAME, EMAIL, SIZE (XS, S, M) THANKS!')).toBe('volunteer signup: name, email, size (XS, S, M)');
    expect(normalise('Formulaire de contact svp merci')).toBe('Formulaire de contact');
  });
  it('reads "coming or not" and "y/n" as yes or no, in the language of the prompt', () => {
    expect(fields('RSVP: name, coming or not')).toContain('radio:Will you attend?[Yes|No]');
    expect(fields('do you have pets y/n')).toBe('radio:Do you have pets?[Yes|No]');
    expect(fields('as-tu un animal o/n')).toBe('radio:As-tu un animal?[Oui|Non]');
    expect(fields('¿tienes mascota? s/n')).toBe('radio:¿tienes mascota?[Sí|No]');
  });
});

describe('fields named by a question', () => {
  it.each([
    ['en', 'how did you hear about us?', 'radio:how did you hear about us?[Social media|Friend or family|Search engine|Advertisement|Other]'],
    ['fr', 'Comment nous avez-vous connus ?', 'radio:Comment nous avez-vous connus ?[Réseaux sociaux|Bouche-à-oreille|Moteur de recherche|Publicité|Autre]'],
    ['es', '¿Cómo nos conociste?', 'radio:¿Cómo nos conociste?[Redes sociales|Amigos o familia|Buscador|Publicidad|Otro]'],
    ['de', 'Wie haben Sie von uns erfahren?', 'radio:Wie haben Sie von uns erfahren?[Soziale Medien|Freunde oder Familie|Suchmaschine|Werbung|Andere]'],
    ['pt', 'Cadastro: nome, como nos conheceu?', 'radio:como nos conheceu?[Redes sociais|Amigos ou família|Buscador|Publicidade|Outro]'],
  ])('%s: "%s" → the usual sources', (_l, p, want) => expect(fields(p)).toContain(want));

  it('"are you over 18?" → yes or no; "upload a recording" → audio; "link to portfolio" → a text', () =>
    expect(fields('are you over 18?, upload a recording, link to portfolio')).toBe('radio:are you over 18?[Yes|No] ; audio:Upload a recording ; shortText:Link to portfolio'));
});
