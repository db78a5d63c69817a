import { createHash } from 'node:crypto';
import type { FieldType } from '../../domain/fieldTypes.js';
import { rawNameOf, type RawField, type RawTemplateForm } from '../../domain/templates.js';

// The sandbox's public template gallery (docs/sandbox.md "Sandbox assumptions"): 6 root categories, 38
// templates, every field type, quizzes, cascades, sheets and stored qrConfig strings.

export interface TemplateRecord {
  id: string;
  title: string;
  categoryId: string;
  categoryName: string;
  description: string;
  language: string;
  isPublic: boolean;
  usageCount: number;
  createdAt: string;
  form: RawTemplateForm;
}

export const hex24 = (seed: string): string => createHash('sha1').update(seed).digest('hex').slice(0, 24);

type F = [FieldType, string, Record<string, unknown>?, Record<string, unknown>?];
const opts = (...names: string[]) => ({ options: names.map((n) => ({ name: n, value: n.toLowerCase().replace(/[^a-z0-9]+/g, '-'), key: hex24(n).slice(0, 8) })) });
const req = { required: true };

const CASCADE = {
  options: [
    { name: 'Europe', value: 'Europe', options: [{ name: 'France', value: 'France', options: [{ name: 'Paris', value: 'Paris' }, { name: 'Lyon', value: 'Lyon' }] }, { name: 'Germany', value: 'Germany', options: [{ name: 'Berlin', value: 'Berlin' }] }] },
    { name: 'Asia', value: 'Asia', options: [{ name: 'Japan', value: 'Japan', options: [{ name: 'Tokyo', value: 'Tokyo' }, { name: 'Osaka', value: 'Osaka' }] }] },
  ],
};

type Catalogue = Array<[string, Array<[string, string, F[], Partial<RawTemplateForm>?]>]>;

/** [category, [title, shortText, fields, extra?][]] (its option keys are hashed as it is made) */
const catalogue = (): Catalogue => [
  ['Events', [
    ['Event registration', 'Save your seat', [['name', 'Full name', req], ['email', 'E-mail', req], ['phone', 'Phone'], ['radio', 'Ticket', { ...opts('Standard', 'VIP'), ...req }], ['checkbox', 'Sessions', opts('Morning', 'Afternoon', 'Evening')]], { qrConfig: JSON.stringify({ colorDark: '#1d4ed8', qrData: 'pattern1', frame: 1, frameText: 'REGISTER' }) }],
    ['Wedding RSVP', 'Will you join us?', [['name', 'Your name', req], ['radio', 'Attending', { ...opts('Yes', 'No'), ...req }], ['number', 'Guests'], ['longText', 'Dietary needs']]],
    ['Conference venue poll', 'Where should we meet next year?', [['multipleLevelSelect', 'Venue', { ...CASCADE, ...req }], ['calendar', 'Preferred date'], ['longText', 'Why?']]],
    ['Workshop sign-up', 'Pick a slot', [['name', 'Name', req], ['email', 'E-mail', req], ['calendar', 'Day', req], ['time', 'Start time', req]]],
    ['Volunteer form', 'Help us run the event', [['name', 'Name', req], ['phone', 'Mobile', req], ['checkbox', 'Roles', opts('Welcome desk', 'Catering', 'Setup')], ['signature', 'Signature']]],
    ['Photo contest entry', 'Send your best shot', [['name', 'Photographer', req], ['email', 'E-mail', req], ['picture', 'Photo', req], ['shortText', 'Title of the photo']]],
    ['Event feedback', 'How was it?', [['sheet', 'Ratings (1–5)', { rowLabels: ['Venue', 'Speakers', 'Food'] }], ['longText', 'Comments']]],
  ]],
  ['Education', [
    ['Geography quiz', 'Five questions, 70 % to pass', [
      ['radio', 'Capital of France?', opts('Paris', 'Lyon', 'Marseille'), { points: 2, correctAnswers: ['paris'] }],
      ['shortText', 'Capital of Japan?', {}, { points: 1, correctAnswers: ['Tokyo'] }],
      ['number', 'How many continents are there?', {}, { points: 1, correctAnswers: ['7'] }],
      ['checkbox', 'Which are oceans?', opts('Atlantic', 'Sahara', 'Pacific'), { points: 2, correctAnswers: ['atlantic', 'pacific'] }],
    ], { isQuiz: true, quizConfig: { passingScore: 70, showFinalScore: true, showAnswersResults: true } }],
    ['Maths check', 'Warm-up questions', [
      ['number', '7 × 8 =', {}, { points: 1, correctAnswers: ['56'] }],
      ['number', '144 ÷ 12 =', {}, { points: 1, correctAnswers: ['12'] }],
      ['radio', 'Is 17 prime?', opts('Yes', 'No'), { points: 1, correctAnswers: ['yes'] }],
    ], { isQuiz: true, quizConfig: { passingScore: 70, showFinalScore: true, showAnswersResults: false } }],
    ['Course enrolment', 'Join a course', [['name', 'Student', req], ['email', 'E-mail', req], ['radio', 'Course', opts('Beginner', 'Intermediate', 'Advanced')], ['document', 'Transcript']]],
    ['Parent consent', 'School trip consent', [['name', 'Parent or guardian', req], ['name', 'Child', req], ['phone', 'Emergency phone', req], ['checkList', 'Consents', { rowLabels: ['Trip', 'Photos', 'First aid'] }], ['signature', 'Signature', req]]],
    ['Class feedback', 'Tell your teacher', [['radio', 'Pace', opts('Too slow', 'Right', 'Too fast')], ['longText', 'What would help?']]],
    ['Library card application', 'Get a card', [['name', 'Name', req], ['address', 'Address', req], ['calendar', 'Date of birth']]],
  ]],
  ['Business', [
    ['Contact us', 'We answer within a day', [['name', 'Name', req], ['email', 'E-mail', req], ['shortText', 'Company'], ['longText', 'Message', req]], { qrConfig: JSON.stringify({ gradient: true, grdType: 'diagonal1', color01: '#7c3aed', color02: '#db2777' }) }],
    ['Quote request', 'Tell us what you need', [['name', 'Name', req], ['email', 'E-mail', req], ['number', 'Budget (EUR)'], ['document', 'Specification'], ['calendar', 'Deadline']]],
    ['Order form', 'Place an order', [['name', 'Customer', req], ['address', 'Delivery address', req], ['sheet', 'Quantities', { rowLabels: ['Small box', 'Large box'] }], ['radio', 'Payment', opts('Card', 'Invoice')]]],
    ['Site inspection', 'Checklist for the visit', [['title', 'Site'], ['location', 'Location', req], ['checkList', 'Checks', { rowLabels: ['Exits clear', 'Extinguishers', 'Signage'], neutral: true }], ['picture', 'Photos'], ['signature', 'Inspector']]],
    ['Appointment booking', 'Choose a time', [['name', 'Name', req], ['phone', 'Phone', req], ['calendar', 'Date', req], ['time', 'Time', req]]],
    ['Newsletter sign-up', 'Monthly news', [['email', 'E-mail', req], ['checkbox', 'Topics', opts('Product', 'Events', 'Jobs')]]],
    ['Product return', 'Send it back', [['shortText', 'Order number', req], ['radio', 'Reason', opts('Damaged', 'Wrong item', 'Other')], ['picture', 'Photo of the item'], ['video', 'Unboxing video']]],
  ]],
  ['Health', [
    ['Patient intake', 'Before your first visit', [['name', 'Patient', req], ['gender', 'Gender', opts('Female', 'Male', 'Other')], ['calendar', 'Date of birth', req], ['address', 'Address'], ['longText', 'Allergies']]],
    ['Symptom check', 'Answer before you come in', [['checkList', 'In the last 14 days', { rowLabels: ['Fever', 'Cough', 'Travel'] }], ['number', 'Temperature (°C)']]],
    ['Fitness assessment', 'Start your programme', [['name', 'Name', req], ['number', 'Age'], ['radio', 'Activity level', opts('Low', 'Medium', 'High')], ['sheet', 'Weekly hours', { rowLabels: ['Running', 'Cycling', 'Strength'] }]]],
    ['Blood donation', 'Thank you for giving', [['name', 'Donor', req], ['radio', 'Blood type', opts('A', 'B', 'AB', 'O')], ['signature', 'Consent', req]]],
    ['Therapy feedback', 'Confidential', [['radio', 'How do you feel?', opts('Better', 'Same', 'Worse')], ['audio', 'Voice note']]],
    ['Vaccination record', 'Upload your card', [['name', 'Name', req], ['document', 'Vaccination card', req], ['calendar', 'Last dose']]],
  ]],
  ['Feedback', [
    ['Customer satisfaction', 'Two minutes of your time', [['radio', 'Overall', { ...opts('Very good', 'Good', 'Poor'), ...req }], ['longText', 'What should we improve?'], ['email', 'E-mail (optional)']]],
    ['Restaurant review', 'How was your meal?', [['sheet', 'Scores', { rowLabels: ['Food', 'Service', 'Ambience'] }], ['picture', 'Photo of your dish'], ['longText', 'Comments']]],
    ['Website feedback', 'Help us improve the site', [['radio', 'Found what you needed?', opts('Yes', 'No')], ['shortText', 'Page'], ['longText', 'Details']]],
    ['Product review', 'Rate the product', [['radio', 'Stars', opts('1', '2', '3', '4', '5')], ['video', 'Video review'], ['longText', 'Review']]],
    ['Suggestion box', 'Anonymous ideas welcome', [['description', 'No names are recorded.'], ['longText', 'Your idea', req]]],
    ['Net promoter score', 'One question', [['number', 'How likely are you to recommend us (0–10)?', req], ['longText', 'Why?']]],
  ]],
  ['HR', [
    ['Job application', 'Join the team', [['name', 'Name', req], ['email', 'E-mail', req], ['phone', 'Phone'], ['document', 'CV', req], ['longText', 'Cover letter']]],
    ['Employee onboarding', 'Your first week', [['name', 'Name', req], ['address', 'Home address', req], ['calendar', 'Start date', req], ['checkList', 'Equipment', { rowLabels: ['Laptop', 'Badge', 'Phone'] }]]],
    ['Leave request', 'Time off', [['name', 'Employee', req], ['calendar', 'From', req], ['calendar', 'To', req], ['radio', 'Type', opts('Holiday', 'Sick', 'Other')]]],
    ['Exit interview', 'Before you go', [['radio', 'Would you come back?', opts('Yes', 'Maybe', 'No')], ['longText', 'What could be better?']]],
    ['Timesheet', 'Hours this week', [['name', 'Employee', req], ['sheet', 'Hours', { rowLabels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] }], ['signature', 'Signature']]],
    ['Office location survey', 'Where do you work best?', [['multipleLevelSelect', 'Office', CASCADE], ['time', 'Usual arrival'], ['location', 'Home town']]],
  ]],
];

export interface Category {
  id: string;
  name: string;
}

/** The categories and the public gallery, in category order. */
export interface Gallery {
  categories: Category[];
  templates: TemplateRecord[];
}

let built: Gallery | undefined;

/**
 * The gallery, made the first time a request needs it: some 300 hashes that every start of the
 * sandbox (each `--sandbox` command) would otherwise pay for a route it seldom serves.
 */
export function gallery(): Gallery {
  return (built ??= make(catalogue()));
}

function make(list: Catalogue): Gallery {
  const categories = list.map(([name]) => ({ id: hex24(`category:${name}`), name }));
  const templates = list.flatMap(([categoryName, entries], c) =>
    entries.map(([title, shortText, fields, extra], t): TemplateRecord => {
      const id = hex24(`template:${title}`);
      const map: Record<string, RawField> = {};
      fields.forEach(([type, label, option, quizConfig], i) => {
        const raw: RawField = { name: rawNameOf(type), option: { label, ...(option ?? {}) } };
        if (quizConfig) raw.quizConfig = quizConfig;
        map[hex24(`${id}:field:${i}`)] = raw;
      });
      return {
        id, title, categoryId: categories[c]!.id, categoryName, description: shortText, language: 'en', isPublic: true,
        usageCount: 1000 - (c * 100 + t * 7), createdAt: '2026-06-15T00:00:00.000Z',
        form: { title, shortText, fields: map, ...(extra ?? {}) },
      };
    }),
  );
  return { categories, templates };
}
