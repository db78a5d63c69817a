// The words of a form page, one object per language (locales/<lang>.ts); locale.ts picks one.

export interface PageWords {
  /** BCP 47 language of these words */
  lang: string;
  submit: string;
  /** between a label and its value: ": ", or " : " in French */
  colon: string;
  required: string;
  choose: string;
  /** "level" of a cascade's select, read by the page's script */
  level: string;
  nameParts: { firstName: string; lastName: string };
  addressParts: { addressLine: string; city: string; state: string; zipcode: string; country: string };
  /** checkList choices _d1, _d2, _d3, and the header of its rows */
  checklist: [string, string, string];
  item: string;
  gender: { female: string; male: string; other: string };
  signatureHint: string;
  locationPlaceholder: string;
  timeLimit(minutes: number): string;
  timeLeft: string;
  /** files kept from an earlier try, and what unticking one does */
  keptFiles: string;
  errorSummary: string;
  errorPrefix: string;
  errors: {
    required(label: string): string;
    email: string;
    number: string;
    date: string;
    time: string;
    option: string;
    check: string;
    fileMissing: string;
    fileTooLarge(file: string): string;
    fileRefused(file: string): string;
    quota: string;
    notRecorded: string;
    /** a timed quiz posted without a visit of its own, or a second time from one visit */
    quizRestart: string;
  };
  thanks: { title: string; recorded: string; reference: string };
  quiz: {
    resultTitle: string;
    passed: string;
    failed: string;
    passMessage: string;
    failMessage: string;
    timeUp: string;
    percent(n: string): string;
    points(points: string, total: string, passMark: string): string;
    yourAnswer: string;
    noAnswer: string;
    correctAnswer: string;
    correct: string;
    wrong: string;
  };
  unavailable: { title: string; notFound: string; archived: string; blocked: string; unreadable: string; throttled: string };
  footer: string;
}
