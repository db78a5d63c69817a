import { describe, expect, it } from 'vitest';
import { filterQuizForResponse, isCorrect, scoreQuiz, type QuizField } from '../../../src/domain/quiz.js';

const fields: QuizField[] = [
  { key: 'cap', type: 'radio', option: { label: 'Capital' }, quizConfig: { points: 2, correctAnswers: 'paris' } },
  { key: 'langs', type: 'checkbox', option: { label: 'Langs' }, quizConfig: { points: 1, correctAnswers: ['fr', 'it'] } },
  { key: 'city', type: 'shortText', option: { label: 'City' }, quizConfig: { points: 1, correctAnswers: ['New York', 'NYC'] } },
  { key: 'sum', type: 'number', option: { label: '2+2' }, quizConfig: { correctAnswers: 4 } },
  { key: 'off', type: 'radio', option: { label: 'Not scored', disableQuiz: true }, quizConfig: { points: 5, correctAnswers: 'x' } },
  { key: 'mail', type: 'email', option: { label: 'Mail' } },
];

describe('how answers are compared', () => {
  it('radio: one of the correct values', () => expect(isCorrect('radio', 'paris', ['paris', 'lyon'])).toBe(true));
  it('checkbox: the same set, order ignored', () => {
    expect(isCorrect('checkbox', ['it', 'fr'], ['fr', 'it'])).toBe(true);
    expect(isCorrect('checkbox', ['fr'], ['fr', 'it'])).toBe(false);
    expect(isCorrect('checkbox', ['fr', 'it', 'de'], ['fr', 'it'])).toBe(false);
  });
  it('shortText: case, outer space and inner runs of space ignored', () => expect(isCorrect('shortText', '  new   york ', ['New York'])).toBe(true));
  it('number: numeric equality', () => {
    expect(isCorrect('number', '4.0', ['4'])).toBe(true);
    expect(isCorrect('number', ' 4 ', 4)).toBe(true);
    expect(isCorrect('number', '', ['0'])).toBe(false);
  });
});

describe('scoring', () => {
  it('sums points of correct answers, no partial credit, default points 1, disableQuiz excluded', () => {
    const q = scoreQuiz(fields, { cap: 'paris', langs: ['fr'], city: 'nyc', sum: '4' }, {});
    expect(q).toMatchObject({ points: 4, totalMarks: 5, percentage: 80, passed: true, passingScore: 70 });
    expect(q.quizResult.map((r) => [r.question, r.correct, r.earnedPoints])).toEqual([
      ['Capital', true, 2],
      ['Langs', false, 0],
      ['City', true, 1],
      ['2+2', true, 1],
    ]);
  });
  it('fails below the passing score', () => expect(scoreQuiz(fields, { cap: 'paris' }, { passingScore: 50 })).toMatchObject({ points: 2, percentage: 40, passed: false, passingScore: 50 }));
  it('distributeMarksEvenly gives each question totalMarks / questions', () => {
    const q = scoreQuiz(fields, { cap: 'paris' }, { distributeMarksEvenly: true });
    expect(q.quizResult.map((r) => r.points)).toEqual([1.25, 1.25, 1.25, 1.25]);
    expect(q.points).toBe(1.25);
  });
});

describe('spec §4.4 response filtering', () => {
  const data = scoreQuiz(fields, { cap: 'paris' }, {});
  it('shows everything by default', () => {
    const out = filterQuizForResponse(data, {});
    expect(out).toMatchObject({ points: 2, totalMarks: 5, percentage: 40 });
    expect((out.quizResult as Array<Record<string, unknown>>)[0]).toMatchObject({ points: 2, earnedPoints: 2, correctAnswer: 'paris' });
  });
  it('showFinalScore false drops points, totalMarks, percentage and per-question points', () => {
    const out = filterQuizForResponse(data, { showFinalScore: false });
    expect(out).not.toHaveProperty('points');
    expect(out).not.toHaveProperty('totalMarks');
    expect(out).not.toHaveProperty('percentage');
    expect((out.quizResult as Array<Record<string, unknown>>)[0]).not.toHaveProperty('earnedPoints');
    expect(out.passed).toBe(false);
  });
  it('showAnswersResults false drops correctAnswer', () => {
    const out = filterQuizForResponse(data, { showAnswersResults: false });
    expect((out.quizResult as Array<Record<string, unknown>>)[0]).not.toHaveProperty('correctAnswer');
    expect(out.points).toBe(2);
  });
});
