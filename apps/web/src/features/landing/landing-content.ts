/** What Visus measures, in the words a patient needs (SPEC.md §1). */
export const TESTS = [
  {
    name: 'Visual acuity',
    detail: 'Sloan letters, Landolt C and Tumbling E',
    text: 'The smallest detail each eye can see at a distance. Charts adapt to your answers to find your limit quickly.',
  },
  {
    name: 'Astigmatism',
    detail: 'Axis, power and spoke targets',
    text: 'Whether lines in some directions look sharper than others, in which direction, and by how much.',
  },
  {
    name: 'Contrast',
    detail: 'Diamond test',
    text: 'How faint a pattern you can still pick out: everyday vision is more than black letters on white.',
  },
  {
    name: 'DuoChrome',
    detail: 'Red and green',
    text: 'Whether letters look clearer on red or on green, a classic check of the focus balance of your eyes.',
  },
  {
    name: 'Presbyopia',
    detail: 'Near vision',
    text: 'An estimate of the extra reading power you may need, from your age, reading distance and prescription.',
  },
] as const;

export const STEPS = [
  {
    title: 'Calibrate your screen',
    text: 'A bank card or the screen size tells Visus how big a millimetre is on your display, so every chart is true to size.',
  },
  {
    title: 'Pair your phone',
    text: 'Your phone becomes the remote: answer from across the room while the chart fills the screen.',
  },
  {
    title: 'Take the tests',
    text: 'Clear instructions guide each eye through each test. Stop and resume whenever you need to.',
  },
  {
    title: 'Share your results',
    text: 'Results are stored in your account, ready to review with your optometrist.',
  },
] as const;
