import { describe, expect, it } from 'vitest';
import { draftFromPrompt, DraftError, type DraftField } from '../../src/domain/drafter/draft.js';
import { refineDraft } from '../../src/domain/drafter/refine.js';

// The drafter's corpus (spec §4.7 AI builder): what it makes of prompts and instructions people type.
// A change to the drafter shows here, row by row, as a measured difference.
// Notation: type:Label (* required) [options] {rows} =correct answers; fields joined by " ; ".
const show = (x: DraftField) =>
  `${x.type}:${String(x.option.label)}${x.option.required ? '*' : ''}${x.option.options ? `[${(x.option.options as Array<{ name: string }>).map((o) => o.name).join('|')}]` : ''}${x.option.rowLabels ? `{${(x.option.rowLabels as string[]).join('|')}}` : ''}${x.quizConfig ? `=${x.quizConfig.correctAnswers.join('/')}` : ''}`;

/** [prompt, locale, title, fields] */
const PROMPTS: Array<[string, string, string, string]> = [
  ['A registration form for a cooking class with name, e-mail, phone (optional), T-shirt size S, M, L or XL, pick any of vegetarian, vegan and gluten-free, a photo, and sign the waiver', 'en', 'Cooking class registration', 'name:Name* ; email:E-mail* ; phone:Phone ; radio:T-shirt size[S|M|L|XL] ; checkbox:Choices[Vegetarian|Vegan|Gluten-free] ; picture:Photo ; checkbox:Agreement*[I agree to the waiver]'],
  ['Job application: full name, email, phone, CV, cover letter, years of experience, date available', 'en', 'Job application', 'name:Full name* ; email:E-mail* ; phone:Phone ; document:CV ; longText:Cover letter ; number:Years of experience ; calendar:Date available'],
  ['Customer feedback survey: rate the food 1 to 5, rate each of service, price and ambience, comments (optional)', 'en', 'Customer feedback survey', 'radio:Rate food[1|2|3|4|5] ; sheet:Ratings{Service|Price|Ambience} ; longText:Comments'],
  ['Event RSVP with name, number of guests, will you attend?, dietary needs', 'en', 'Event RSVP', 'name:Name* ; number:Number of guests ; radio:Will you attend?[Yes|No] ; shortText:Dietary needs'],
  ['Quiz: capital of France? Paris; 2+2? 4; largest planet? Jupiter (options: Mars, Jupiter, Venus)', 'en', 'Quiz', 'shortText:Capital of France?*=Paris ; number:2+2?*=4 ; radio:Largest planet?*[Mars|Jupiter|Venus]=jupiter'],
  ['Formulaire d\'inscription avec nom, courriel et téléphone', 'fr', 'Formulaire d\'inscription', 'name:Name* ; email:E-mail* ; phone:Phone'],
  ['Contact form asking for name, e-mail address and a message. All fields are required', 'en', 'Contact form', 'name:Name* ; email:E-mail* ; longText:Message*'],
  ['Delivery order: address, delivery date, delivery time, quantity, agree to the terms and conditions', 'en', 'Delivery order', 'address:Address ; calendar:Delivery date ; time:Delivery time ; number:Quantity ; checkbox:Agreement*[I agree to the terms and conditions]'],
  ['Volunteer sign-up with name, email, mobile, availability: weekdays, weekends or both, and any notes', 'en', 'Volunteer sign-up', 'name:Name* ; email:E-mail* ; phone:Mobile ; radio:Availability[Weekdays|Weekends|Both] ; longText:Any notes'],
  ['Newsletter subscription: email (required), pick any of news, events and offers', 'en', 'Newsletter subscription', 'email:E-mail* ; checkbox:Choices[News|Events|Offers]'],
  ['Make a survey about remote work: do you work from home?, how many days per week, comments', 'en', 'Remote work survey', 'radio:Do you work from home?[Yes|No] ; number:Number of days per week ; longText:Comments'],
  ['Patient intake form with full name, date of birth, gender, address, phone and allergies (optional)', 'en', 'Patient intake form', 'name:Full name* ; calendar:Date of birth ; gender:Gender[Female|Male|Other|Prefer not to say] ; address:Address ; phone:Phone ; shortText:Allergies'],
  ['A booking form with name, email, date, time and number of people', 'en', 'Booking form', 'name:Name* ; email:E-mail* ; calendar:Date ; time:Time ; number:Number of people'],
  ['Product return request: order number, reason: damaged, wrong item or other, photo of the item, video of the problem', 'en', 'Product return request', 'shortText:Order number ; radio:Reason[Damaged|Wrong item|Other] ; picture:Photo of item ; video:Video of problem'],
  ['Workshop feedback: rate the workshop from 1 to 10, what did you like?, suggestions', 'en', 'Workshop feedback', 'radio:Rate workshop[1|2|3|4|5|6|7|8|9|10] ; longText:What did you like? ; longText:Suggestions'],
  ['Lost and found report with name, phone, location, date, description and a picture', 'en', 'Lost and found report', 'name:Name* ; phone:Phone ; location:Location ; calendar:Date ; longText:Description ; picture:Picture'],
  ['Conference registration for speakers: name, email, company, talk title, bio, headshot, and agree to the code of conduct', 'en', 'Conference registration for speakers', 'name:Name* ; email:E-mail* ; shortText:Company ; shortText:Talk title ; longText:Bio ; picture:Headshot ; checkbox:Agreement*[I agree to the code of conduct]'],
  ['Membership application with name, address, date of birth, signature', 'en', 'Membership application', 'name:Name* ; address:Address ; calendar:Date of birth ; signature:Signature'],
  ['Bug report: summary, steps to reproduce, severity low, medium or high, screenshot, log file', 'en', 'Bug report', 'shortText:Summary ; longText:Steps to reproduce ; radio:Severity[Low|Medium|High] ; picture:Screenshot ; document:Log file'],
  ['School trip consent form: parent name, child name, emergency phone, checklist of medication, allergies and diet, parent signature', 'en', 'School trip consent form', 'name:Parent name* ; name:Child name* ; phone:Emergency phone ; checkList:Checklist{Medication|Allergies|Diet} ; signature:Parent signature'],
  ['Quiz about planets: how many planets are in the solar system? 8; which planet is red? Mars (options: Mars, Venus, Earth)', 'en', 'Planets quiz', 'number:How many planets are in the solar system?*=8 ; radio:Which planet is red?*[Mars|Venus|Earth]=mars'],
  ['Hotel check-in: guest name, email, arrival date, arrival time, number of nights, room type single, double or suite', 'en', 'Hotel check-in', 'name:Guest name* ; email:E-mail* ; calendar:Arrival date ; time:Arrival time ; number:Number of nights ; radio:Room type[Single|Double|Suite]'],
  ['A simple poll: favourite colour red, green or blue', 'en', 'Simple poll', 'radio:Favourite colour[Red|Green|Blue]'],
  ['Internship application: name, email, university, expected graduation date, CV, transcript, motivation', 'en', 'Internship application', 'name:Name* ; email:E-mail* ; shortText:University ; calendar:Expected graduation date ; document:CV ; document:Transcript ; longText:Motivation'],
  ['Gym membership: name, phone, age, fitness goals: lose weight, gain muscle or stay fit, signature', 'en', 'Gym membership', 'name:Name* ; phone:Phone ; number:Age ; radio:Fitness goals[Lose weight|Gain muscle|Stay fit] ; signature:Signature'],
  ['Restaurant reservation with name, phone, date, time, guests and special requests', 'en', 'Restaurant reservation', 'name:Name* ; phone:Phone ; calendar:Date ; time:Time ; number:Guests ; shortText:Special requests'],
  ['Club election ballot: choose one of Alice, Bob or Carol, comments optional', 'en', 'Club election ballot', 'radio:Choice[Alice|Bob|Carol] ; longText:Comments'],
  ['Equipment checkout with employee name, equipment type laptop, tablet or camera, checkout date and return date', 'en', 'Equipment checkout', 'name:Employee name* ; radio:Equipment type[Laptop|Tablet|Camera] ; calendar:Checkout date ; calendar:Return date'],
  ['Course evaluation: rate each of content, teacher and materials, would you recommend this course?, comments', 'en', 'Course evaluation', 'sheet:Ratings{Content|Teacher|Materials} ; radio:Would you recommend this course?[Yes|No] ; longText:Comments'],
  ['Formulario de contacto con nombre, correo y teléfono', 'es', 'Formulario de contacto', 'name:Name* ; email:E-mail* ; phone:Phone'],
  ['Anmeldeformular mit Name, E-Mail und Telefon', 'de', 'Anmeldeformular', 'name:Name* ; email:E-mail* ; phone:Phone'],
  ['Donation form: name, email, amount, pay by card or bank transfer, receipt yes/no', 'en', 'Donation form', 'name:Name* ; email:E-mail* ; number:Amount ; radio:Pay[By card|Bank transfer] ; radio:Receipt?[Yes|No]'],
  ['Parking permit request: name, address, vehicle plate, start date, photo of the car, you must sign', 'en', 'Parking permit request', 'name:Name* ; address:Address ; shortText:Vehicle plate ; calendar:Start date ; picture:Photo of car ; signature:Signature*'],
  ['Customer satisfaction survey: how satisfied are you? rate 1 to 5, what can we improve?', 'en', 'Customer satisfaction survey', 'radio:How satisfied are you?[1|2|3|4|5] ; longText:What can we improve?'],
  ['Audition sign-up with name, email, voice recording, video and experience', 'en', 'Audition sign-up', 'name:Name* ; email:E-mail* ; audio:Voice note ; video:Video ; shortText:Experience'],
  ['Pet adoption application: name, phone, address, do you have other pets?, photo of your home, agree to a home visit', 'en', 'Pet adoption application', 'name:Name* ; phone:Phone ; address:Address ; radio:Do you have other pets?[Yes|No] ; picture:Photo of home ; checkbox:Agreement*[I agree to a home visit]'],
  ['Incident report: date, time, location, description, photos, witness name, signature', 'en', 'Incident report', 'calendar:Date ; time:Time ; location:Location ; longText:Description ; picture:Photo ; name:Witness name* ; signature:Signature'],
  ['Team lunch order: name, meal pizza, salad or sandwich, pick any of extra cheese, olives and mushrooms, drinks', 'en', 'Team lunch order', 'name:Name* ; radio:Meal[Pizza|Salad|Sandwich] ; checkbox:Choices[Extra cheese|Olives|Mushrooms] ; shortText:Drinks'],
  ['Scholarship application with full name, email, GPA, essay, recommendation letter and transcript', 'en', 'Scholarship application', 'name:Full name* ; email:E-mail* ; number:GPA ; longText:Essay ; document:Recommendation letter ; document:Transcript'],
  ['A form to collect name and email. Everything is required', 'en', 'Collect name and email', 'name:Name* ; email:E-mail*'],
];

const BASE = 'Event sign-up with name, e-mail, address, meal: fish, meat or vegetarian, and comments';
/** [instruction, fields after it, from the draft of BASE] */
const REFINEMENTS: Array<[string, string]> = [
  ['add a phone field', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; phone:Phone'],
  ['make the e-mail optional', 'name:Name* ; email:E-mail ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['remove the address', 'name:Name* ; email:E-mail* ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['rename Name to Full name', 'name:Full name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['add options Vegan and Halal to Meal', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian|Vegan|Halal] ; longText:Comments'],
  ['move Comments after Name', 'name:Name* ; longText:Comments ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian]'],
  ['add a date of birth', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; calendar:Date of birth'],
  ['add T-shirt size S, M or L', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; radio:T-shirt size[S|M|L]'],
  ['make Meal required', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal*[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['add a photo', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; picture:Photo'],
  ['move Meal to the top', 'radio:Meal[Fish|Meat|Vegetarian] ; name:Name* ; email:E-mail* ; address:Address ; longText:Comments'],
  ['make all fields required', 'name:Name* ; email:E-mail* ; address:Address* ; radio:Meal*[Fish|Meat|Vegetarian] ; longText:Comments*'],
  ['add a signature', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; signature:Signature'],
  ['delete the comments', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian]'],
  ['add a field for company after E-mail', 'name:Name* ; email:E-mail* ; shortText:Company ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['add a phone field then make it required', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; phone:Phone*'],
  ['add a location', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; location:Location'],
  ['remove Meal; add a number of guests', 'name:Name* ; email:E-mail* ; address:Address ; longText:Comments ; number:Number of guests'],
  ['add an upload of your CV', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; document:CV'],
  ['rename Address to Home address', 'name:Name* ; email:E-mail* ; address:Home address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['add agree to the terms and conditions', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; checkbox:Agreement*[I agree to the terms and conditions]'],
  ['move Address before Name', 'address:Address ; name:Name* ; email:E-mail* ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['add a rating from 1 to 5', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; radio:Rating[1|2|3|4|5]'],
  ['add rate each of food, music and venue', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; sheet:Ratings{Food|Music|Venue}'],
  ['add a yes/no question will you come back?', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; radio:Will you come back?[Yes|No]'],
  ['add a time field', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; time:Time'],
  ['add a photo before Name', 'picture:Photo ; name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['rename Meal to Dinner', 'name:Name* ; email:E-mail* ; address:Address ; radio:Dinner[Fish|Meat|Vegetarian] ; longText:Comments'],
  ['move Name to the end', 'email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; name:Name*'],
  ['add a video then make it required', 'name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments ; video:Video*'],
  ['make all fields optional', 'name:Name ; email:E-mail ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments'],
];

describe('drafting from a prompt: the corpus', () => {
  it.each(PROMPTS)('%s', (prompt, locale, title, fields) => {
    const d = draftFromPrompt(prompt);
    expect(d.fields.map(show).join(' ; ')).toBe(fields);
    expect([d.locale, d.title]).toEqual([locale, title]);
  });

  it('covers at least 40 prompts and 30 refinements', () => {
    expect(PROMPTS.length).toBeGreaterThanOrEqual(40);
    expect(REFINEMENTS.length).toBeGreaterThanOrEqual(30);
  });

  it('makes quiz drafts with scored fields and refuses a prompt that names no field', () => {
    const quiz = draftFromPrompt('Quiz: capital of France? Paris; 2+2? 4');
    expect(quiz).toMatchObject({ isQuiz: true, quizConfig: { showFinalScore: true, showAnswersResults: true } });
    expect(quiz.fields.map((f) => f.quizConfig)).toEqual([{ points: 1, correctAnswers: ['Paris'] }, { points: 1, correctAnswers: ['4'] }]);
    expect(() => draftFromPrompt('Please make something nice')).toThrow(DraftError);
  });
});

describe('refining a draft: the corpus', () => {
  const base = draftFromPrompt(BASE);
  it('starts from the expected draft', () => {
    expect(base.fields.map(show).join(' ; ')).toBe('name:Name* ; email:E-mail* ; address:Address ; radio:Meal[Fish|Meat|Vegetarian] ; longText:Comments');
  });

  it.each(REFINEMENTS)('%s', (instruction, fields) => {
    expect(refineDraft(base, instruction).fields.map(show).join(' ; ')).toBe(fields);
  });

  it('changes the title, the short text and the quiz flag, and leaves the input untouched', () => {
    const d = refineDraft(base, 'change the title to Spring fair; set the short text to Join us in May; turn it into a quiz');
    expect([d.title, d.shortText, d.isQuiz]).toEqual(['Spring fair', 'Join us in May', true]);
    expect(base.title).toBe('Event sign-up');
    expect(refineDraft(d, 'turn off the quiz').isQuiz).toBeUndefined();
  });

  it.each([
    ['dance the tango', /Could not understand the instruction "dance the tango"\. Try one of: "add a phone field"/],
    ['remove the nonexistent', /no field is called "nonexistent"; the fields are: Name, E-mail, Address, Meal, Comments/],
    ['add options X to Address', /"Address" is a address field: options go on radio, checkbox and gender fields/],
    ['make it required', /"it" names no field yet/],
  ])('refuses "%s" with a useful message', (instruction, message) => {
    expect(() => refineDraft(base, instruction)).toThrow(message);
  });
});
