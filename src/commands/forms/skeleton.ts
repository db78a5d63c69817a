// `forms create --skeleton`: a commented starter body (like the AWS CLI's --generate-cli-skeleton).
// YAML, so it can carry comments; `forms create --file form.yaml` reads it back.

export const SKELETON_YAML = `# A form for \`formctl forms create --file form.yaml\` (spec §2.2). Delete what you do not need.
title: Event sign-up            # required
shortText: Join us on May 4     # required; shown under the title
locale: en
submissionNotification: true    # e-mail the owner on each submission
fields:                         # required; each field is a type and an option (keys are given by the service)
  - type: name                  # name, address, phone, email, gender, shortText, longText, number, radio,
    option:                     # checkbox, calendar, time, picture, document, signature, audio, video,
      label: Your name          # title, description, location, multipleLevelSelect, checkList, sheet
      required: true
  - type: email
    option: { label: E-mail, required: true, hint: We never share it }
  - type: radio                 # choices: radio, checkbox, gender (option.options)
    option:
      label: Meal
      options:
        - { name: Fish, value: fish }
        - { name: Vegetarian, value: vegetarian }
  - type: sheet                 # one row per label: sheet and checkList (option.rowLabels)
    option: { label: Arrival, rowLabels: [Day, Time] }
# qrConfig:                     # the QR design (spec §2.6); formctl forms design sets it too
#   colorDark: "#1d4ed8"
#   qrData: pattern1
#   frame: 1
#   frameText: SCAN ME
# isQuiz: true                  # a quiz: scored fields carry quizConfig {points, correctAnswers}
# quizConfig: { showFinalScore: true, showAnswersResults: true }
`;
