import { describe, expect, it } from 'vitest';
import { draftFromPrompt } from '../../../src/domain/drafter/draft.js';
import { passMark, readAnswer } from '../../../src/domain/drafter/quizAnswers.js';

// How people who never saw the drafter write a quiz (spec §2.5, §4.7), in the five languages: the
// right answer marked where it stands among the choices, choices lettered "a) b) c)", questions
// after a colon, an answer alone in parentheses, pass marks as verbs or shares of right answers.
const scored = (p: string) => draftFromPrompt(p).fields.filter((f) => f.quizConfig).map((f) => [f.type, (f.option.options as Array<{ name: string }> | undefined)?.map((o) => o.name) ?? [], f.quizConfig!.correctAnswers[0]]);

describe('the right answer marked where it stands among the choices', () => {
  it.each([
    ['en', '55-65C (correct), 80-90C, 100C', ['55-65C', '80-90C', '100C'], '55-65C'],
    ['fr', "s'arrêter (bonne réponse) / accélérer", ["s'arrêter", 'accélérer'], "s'arrêter"],
    ['es', 'Verdadero (correcta) / Falso', ['Verdadero', 'Falso'], 'Verdadero'],
    ['de', '112 (richtig), 110, 911', ['112', '110', '911'], '112'],
    ['pt', 'cidadãos (correto), cidadões, cidadães', ['cidadãos', 'cidadões', 'cidadães'], 'cidadãos'],
  ])('%s: "%s"', (_l, text, options, correct) => expect(readAnswer(text)).toEqual({ options, correct }));

  it('with commas, a slash belongs to a choice ("50 km/h")', () => expect(readAnswer('50 km/h (bonne réponse), 70 km/h, 90 km/h')).toEqual({ options: ['50 km/h', '70 km/h', '90 km/h'], correct: '50 km/h' }));
  it('choices lettered a) b) c)', () => expect(readAnswer('a) Marte b) Júpiter (correcta) c) Venus')).toEqual({ options: ['Marte', 'Júpiter', 'Venus'], correct: 'Júpiter' }));
  it('"(answer h1)" after the choices', () => expect(readAnswer('h1, h2, h6 (answer h1)')).toEqual({ options: ['h1', 'h2', 'h6'], correct: 'h1' }));
});

describe('questions people write without the usual shape', () => {
  it('lettered choices of numbered questions', () =>
    expect(scored('Safety quiz. 1) What do you do first in a fire? a) run b) pull the alarm (correct) c) hide. 2) PPE stands for? a) Protective Equipment (correct) b) Party Event')).toEqual([
      ['radio', ['Run', 'Pull the alarm', 'Hide'], 'pull-the-alarm'], ['radio', ['Protective Equipment', 'Party Event'], 'protective-equipment'],
    ]));
  it('questions after a colon, once the ones with "?" are read', () =>
    expect(scored("Quiz de português: Qual é o plural de 'cidadão'? cidadãos (correto), cidadões. 'Exceção' se escreve com: ç (correto) ou ss.")).toEqual([
      ['radio', ['Cidadãos', 'Cidadões'], 'cidadaos'], ['radio', ['Ç', 'Ss'], 'c'],
    ]));
  it('an answer alone in parentheses right after the "?"', () =>
    expect(scored('QUIZ : en quelle année la prise de la Bastille ? (1789) qui était roi en 1789 ? Louis XIV, Louis XVI (bonne réponse)')).toEqual([
      ['number', [], '1789'], ['radio', ['Louis XIV', 'Louis XVI'], 'louis-xvi'],
    ]));
});

describe('pass marks as people write them', () => {
  it.each([
    ['en', 'need at least 3 of 4 right', 75], ['en', 'everyone must get all of them right to pass', 100],
    ['fr', 'il faut 3 sur 4 justes', 75], ['es', 'se aprueba con 70%', 70], ['es', '3 de 4 correctas', 75],
    ['de', 'man besteht mit 60 %', 60], ['de', '3 von 4 richtig', 75], ['pt', 'aprova com 50%', 50],
  ])('%s: "%s" → %i', (_l, text, score) => expect(passMark(`Quiz. ${text}. Name`).score).toBe(score));
});
