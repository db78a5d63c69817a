import { describe, expect, it } from 'vitest';
import { draftFromPrompt } from '../../../src/domain/drafter/draft.js';
import { refineDraft } from '../../../src/domain/drafter/refine.js';
import { DraftError } from '../../../src/domain/drafter/types.js';
import { show } from './corpusCheck.js';

// Each refinement verb (spec §4.7 currentForm) in each language. The base draft is the same for all:
// fields the instruction does not name keep their order and options.
const BASE = draftFromPrompt('Event sign-up with name, email, phone, meal: fish, meat or vegetarian, and comments');
const refined = (instruction: string) => show(refineDraft(BASE, instruction));

describe('refining a draft', () => {
  it('starts from the expected draft', () => {
    expect(show(BASE)).toBe('name:Name* ; email:E-mail* ; phone:Phone ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; number:Number of guests ; shortText:Dietary requirements');
  });

  it.each(['make the email optional', 'rends l\'e-mail facultatif', 'haz el correo opcional', 'mach die E-Mail optional', 'torne o e-mail opcional', 'email optional'])('optional: %s', (i) => {
    expect(refined(i)).toContain('email:E-mail ;');
  });

  it.each(['make Phone required', 'rends le téléphone obligatoire', 'haz el teléfono obligatorio', 'mach das Telefon zur Pflicht', 'torne o telefone obrigatório'])('required: %s', (i) => {
    expect(refined(i)).toContain('phone:Phone* ;');
  });

  it.each(['drop the email', 'remove the e-mail field', 'supprime l\'e-mail', 'quita el correo', 'entferne die E-Mail', 'remova o e-mail', "don't need email"])('remove: %s', (i) => {
    expect(refined(i)).not.toContain('email:');
  });

  it.each(['move phone to the top', 'déplace le téléphone en haut', 'mueve el teléfono al principio', 'verschiebe das Telefon nach oben', 'mova o telefone para o topo'])('move to the top: %s', (i) => {
    expect(refined(i)).toMatch(/^phone:Phone ; name:Name\* ; email:E-mail\* ; radio:Meal/);
  });

  it.each(['move Comments after Name', 'déplace Comments après Name', 'mueve Comments después de Name', 'verschiebe Comments nach Name', 'mova Comments depois de Name'])('move after: %s', (i) => {
    expect(refined(i)).toMatch(/^name:Name\* ; longText:Comments ; email:E-mail\*/);
  });

  it.each(['rename Meal to Dinner', 'renomme Meal en Dinner', 'renombra Meal a Dinner', 'benenne Meal in Dinner um', 'renomeie Meal para Dinner'])('rename: %s', (i) => {
    expect(refined(i)).toContain('radio:Dinner[Fish|Meat|Vegetarian]');
  });

  it.each([
    ['add a date of birth', 'calendar:Date of birth'], ['add an address after email', 'email:E-mail* ; address:Address ; phone:Phone'],
    ['ajoute une adresse', 'address:Address'], ['añade una dirección', 'address:Address'], ['füge eine Adresse hinzu', 'address:Address'], ['adicione um endereço', 'address:Address'],
    ['add T-shirt size S, M or L', 'radio:Size[S|M|L]'], ['add a photo at the top', 'picture:Photo ; name:Name*'],
  ])('add: %s', (i, want) => expect(refined(i)).toContain(want));

  it.each(['add options Vegan and Halal to Meal', 'ajoute les options Vegan et Halal à Meal', 'añade las opciones Vegan y Halal a Meal', 'füge die Optionen Vegan und Halal zu Meal hinzu', 'adicione as opções Vegan e Halal a Meal'])('add options: %s', (i) => {
    expect(refined(i)).toContain('radio:Meal[Fish|Meat|Vegetarian|Vegan|Halal]');
  });

  it('changes the options, keeps the rest', () => expect(refined('change the options of Meal to Pasta, Risotto')).toContain('radio:Meal[Pasta|Risotto] ; longText:Comments'));

  it.each([['turn it into a quiz', true], ['transforme-le en quiz', true], ['conviértelo en un quiz', true], ['mach ein Quiz daraus', true], ['transforme em quiz', true]])('quiz on: %s', (i) => {
    const d = refineDraft(BASE, i);
    expect(d.isQuiz).toBe(true);
    expect(d.fields.find((f) => f.type === 'radio')!.quizConfig).toEqual({ points: 1, correctAnswers: ['fish'] });
  });

  it.each(['it is not a quiz anymore', "ce n'est plus un quiz", 'ya no es un quiz', 'kein Quiz mehr', 'não é mais um quiz'])('quiz off: %s', (i) => {
    const d = refineDraft(refineDraft(BASE, 'turn it into a quiz'), i);
    expect([d.isQuiz, d.fields.some((f) => f.quizConfig)]).toEqual([undefined, false]);
  });

  it.each([['in Spanish', 'es', 'name:Nombre* ; email:Correo electrónico*'], ['traduis en allemand', 'de', 'name:Name* ; email:E-Mail*'], ['en français', 'fr', 'name:Nom* ; email:E-mail*'], ['auf Portugiesisch', 'pt', 'name:Nome*'], ['em inglês', 'en', 'name:Name*']])('translate: %s', (i, locale, want) => {
    const d = refineDraft(BASE, i);
    expect([d.locale, show(d)]).toEqual([locale, expect.stringContaining(want)]);
  });

  it('several at once, with "it" for the field just added; the input is left as it was', () => {
    expect(refined('add a website then make it required; remove comments')).toContain('shortText:Website*');
    expect(show(BASE)).toContain('longText:Comments');
  });

  it.each([
    ["paint it blue please", /Could not understand the instruction "paint it blue please"\. Try one of: "add a phone field"/],
    ['remove the nonexistent', /no field is called "nonexistent"; the fields are: Name, E-mail/],
    ['add options X to Phone', /"Phone" is a phone field: options go on radio, checkbox and gender fields/],
    ['make it required', /"it" names no field yet/],
  ])('refuses "%s" with a useful message', (i, message) => {
    expect(() => refineDraft(BASE, i)).toThrow(DraftError);
    expect(() => refineDraft(BASE, i)).toThrow(message);
  });
});

describe('refining with several instructions in one sentence', () => {
  const base = draftFromPrompt('rsvp for our team dinner pls');
  it.each([
    'add an email field and make it required; drop the dietary requirements',
    'ajoute un champ e-mail et rends-le obligatoire ; supprime le régime alimentaire',
    'añade un campo de correo y hazlo obligatorio; quita Dietary requirements',
  ])('"and" before a verb starts a new instruction: %s', (i) => {
    const out = show(refineDraft(base, i));
    expect(out).toMatch(/email:[^;]*\*/);
    expect(out).not.toMatch(/Dietary|régime|dietéticos/i);
  });

  it('a comma before a verb starts a new instruction too, and "remove A and B" removes both (a label with "and" in it stays one field)', () => {
    const order = draftFromPrompt('order form with name, phone, product, delivery date and notes');
    const out = show(refineDraft(order, 'remove product and delivery date, make phone required'));
    expect(out).toContain('phone:Phone*');
    expect(out).not.toMatch(/Product|Delivery date/);
    expect(show(refineDraft(order, 'remove the product, the delivery date'))).not.toMatch(/Product|Delivery date/);
    const terms = draftFromPrompt('sign-up with name, email and a checkbox terms and conditions');
    const kept = show(refineDraft(terms, 'remove terms and conditions'));
    expect(kept).not.toMatch(/Terms/);
    expect(kept).toContain('email:');
    // a comma inside an instruction is its list, not a new one
    expect(show(refineDraft(order, 'add options Express, Standard to Product'))).toMatch(/Product\[Express\|Standard\]/);
  });

  it('a translation comes last: what the same sentence adds is translated too', () => {
    const out = refineDraft(base, 'in French; add a phone field');
    expect(out.locale).toBe('fr');
    expect(show(out)).toContain('phone:Téléphone');
  });
});

describe('refining the options of a choice field, and adding what is already there', () => {
  it.each(['change the options of Meal to Pasta, Risotto', 'Meal options: Pasta, Risotto', 'Meal choice: Pasta, Risotto', 'Meal opção: Pasta, Risotto', 'change les options de Meal en Pasta, Risotto', 'cambia las opciones de Meal a Pasta y Risotto', 'ändere die Optionen von Meal in Pasta und Risotto', 'ändere die Optionen von Meal zu Pasta, Risotto', 'mude as opções de Meal para Pasta e Risotto'])('change the options: %s', (i) => {
    expect(refined(i)).toContain('radio:Meal[Pasta|Risotto] ; longText:Comments');
  });

  it.each(['remove the option Fish from Meal', "retire l'option Fish de Meal", 'quita la opción Fish de Meal', 'entferne die Option Fish aus Meal', 'remova a opção Fish de Meal'])('remove an option: %s', (i) => {
    expect(refined(i)).toContain('radio:Meal[Meat|Vegetarian] ; longText:Comments');
  });

  it("a quiz's answer follows its options: a removed or replaced answer is not left pointing at nothing", () => {
    const quiz = refineDraft(BASE, 'turn it into a quiz');
    const meal = (d: typeof quiz) => d.fields.find((f) => f.type === 'radio')!;
    expect(meal(quiz).quizConfig).toEqual({ points: 1, correctAnswers: ['fish'] });
    // the answer removed: the first choice left stands in, as when the quiz was turned on
    expect(meal(refineDraft(quiz, 'remove the option Fish from Meal')).quizConfig).toEqual({ points: 1, correctAnswers: ['meat'] });
    // another choice removed: the answer stays
    expect(meal(refineDraft(quiz, 'remove the option Meat from Meal')).quizConfig).toEqual({ points: 1, correctAnswers: ['fish'] });
    // the options replaced
    expect(meal(refineDraft(quiz, 'change the options of Meal to Pasta, Risotto')).quizConfig).toEqual({ points: 1, correctAnswers: ['pasta'] });
    // a text question's written answer is the choice of that name once the question has choices
    const text = draftFromPrompt('Quiz: capital of France? Paris; 2+2? 4');
    const capital = (d: typeof quiz) => d.fields.find((f) => /capital/i.test(String(f.option.label)))!;
    expect(capital(text).quizConfig).toMatchObject({ correctAnswers: ['Paris'] });
    expect(capital(refineDraft(text, 'Capital of France options: Rome, Paris')).quizConfig).toMatchObject({ correctAnswers: ['paris'] });
    expect(capital(refineDraft(text, 'add options Paris, Lyon to Capital of France')).quizConfig).toMatchObject({ correctAnswers: ['paris'] });
    // one answer rather than a list (a draft given back) stays one
    const single = { ...quiz, fields: quiz.fields.map((f) => (f.type === 'radio' ? { ...f, quizConfig: { points: 1, correctAnswers: 'fish' } } : f)) };
    expect(meal(refineDraft(single as typeof quiz, 'remove the option Fish from Meal')).quizConfig).toEqual({ points: 1, correctAnswers: 'meat' });
    const several = { ...quiz, fields: quiz.fields.map((f) => (f.type === 'radio' ? { ...f, quizConfig: { points: 2, correctAnswers: ['fish', 'vegetarian'] } } : f)) };
    expect(meal(refineDraft(several, 'remove the option Fish from Meal')).quizConfig).toEqual({ points: 2, correctAnswers: ['vegetarian'] });
  });

  it('names the options there are when the one to remove is not', () => {
    expect(() => refineDraft(BASE, 'remove the option Cake from Meal')).toThrow(/"Meal" has no option "Cake"; its options are: Fish, Meat, Vegetarian/);
  });

  it.each([
    ['T-shirt order: name, size (S, M, L)', 'add XXL to Size', 'radio:Size[S|M|L|XXL] ; email:'],
    ['Commande de t-shirts : nom, taille (S, M, L)', 'ajoute XXL à Taille', 'radio:Taille[S|M|L|XXL] ; email:'],
    ['Pedido de camisetas: nombre, talla (S, M, L)', 'añade XXL a Talla', 'radio:Talla[S|M|L|XXL] ; email:'],
    ['T-Shirt-Bestellung: Name, Größe (S, M, L)', 'füge XXL zu Größe hinzu', 'radio:Größe[S|M|L|XXL] ; email:'],
    ['Pedido de camisetas: nome, tamanho (S, M, L)', 'adicione XXL a Tamanho', 'radio:Tamanho[S|M|L|XXL] ; email:'],
  ])('a value added to a choice field is an option, not a field: %s / %s', (prompt, i, want) => {
    const out = show(refineDraft(draftFromPrompt(prompt), i));
    expect(out).toContain(want);
    expect(out).not.toContain('XXL ');
  });

  it('"add Non-binary to Gender": gender is a choice field like radio and checkbox', () => {
    const d = draftFromPrompt('Sign-up: name, gender (female, male), email');
    expect(show(refineDraft(d, 'add Non-binary to Gender'))).toContain('gender:Gender[Female|Male|Non-binary] ; email:');
  });

  it('"add XXL to Size" with two size fields asks which one, rather than adding a field', () => {
    const d = refineDraft(draftFromPrompt('Team kit order: name, shirt size (S, M, L), shoe size (40, 42, 44)'), 'rename Size to Shirt size');
    expect(show(d)).toMatch(/radio:Shirt size\[S\|M\|L\] ; radio:Shoe size\[40\|42\|44\]/);
    expect(() => refineDraft(d, 'add XXL to size')).toThrow(/"size" matches 2 fields \(Shirt size, Shoe size\): name it by its whole label/);
    expect(show(refineDraft(d, 'add XXL to Shirt size'))).toMatch(/radio:Shirt size\[S\|M\|L\|XXL\] ; radio:Shoe size\[40\|42\|44\]/);
  });

  it('"add … to" a field that is no choice adds a field', () => {
    expect(refined('add a signature to Comments')).toMatch(/signature:Signature/);
  });

  it.each([
    ['add a field Dietary with options vegetarian, vegan, none', 'radio:Dietary[Vegetarian|Vegan|None]'],
    ['add a question Drink with choices wine, beer or juice', 'radio:Drink[Wine|Beer|Juice]'],
    ['ajoute une question Boisson avec les choix vin, bière ou jus', 'radio:Boisson[Vin|Bière|Jus]'],
  ])('a field with its options is one choice field: %s', (i, want) => {
    expect(refined(i)).toMatch(new RegExp(`shortText:Dietary requirements ; ${want.replace(/[[\]|]/g, '\\$&')}$`));
  });

  it.each([['add a phone number field', 'Phone'], ['add an e-mail', 'E-mail']])('refuses to add a field already there: %s', (i, label) => {
    expect(() => refineDraft(BASE, i)).toThrow(DraftError);
    expect(() => refineDraft(BASE, i)).toThrow(`the form already has "${label}"`);
  });
});
