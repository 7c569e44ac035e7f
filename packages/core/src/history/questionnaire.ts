import { CoreInputError } from '../errors/core-input-error';
import type { ChoiceAnswer, OpticalHistory } from './optical-history';

/** Longest free-text answer or details field, in characters: room for a paragraph, not a document. */
export const HISTORY_TEXT_MAX = 1000;

/** Keys of the questionnaire (SPEC.md §3), in the order they are asked. */
export const HISTORY_KEYS = [
  'q1',
  'q2',
  'q3a',
  'q3b',
  'q4',
  'q5a',
  'q5b',
  'q6',
  'q7',
  'q8',
  'q9',
  'q10',
] as const;
export type HistoryKey = (typeof HISTORY_KEYS)[number];

/** One checklist option: a stable id (what is stored) and what the person reads. */
export interface HistoryOption {
  readonly id: string;
  readonly label: string;
}

/** A question whose answer is a list of options plus details (q1, q6–q10). */
export interface ChoiceQuestion {
  readonly key: 'q1' | 'q6' | 'q7' | 'q8' | 'q9' | 'q10';
  readonly kind: 'choice';
  readonly title: string;
  readonly help: string;
  readonly options: readonly HistoryOption[];
  readonly detailsLabel: string;
  /** Options that need prompt professional attention rather than a routine appointment. */
  readonly urgent?: readonly string[];
}

/** A question answered in free text (q2–q5b). */
export interface TextQuestion {
  readonly key: 'q2' | 'q3a' | 'q3b' | 'q4' | 'q5a' | 'q5b';
  readonly kind: 'text';
  readonly title: string;
  readonly help: string;
}

export type HistoryQuestion = ChoiceQuestion | TextQuestion;

/**
 * The optical-history intake: the questions an optometrist asks before a sight test (eye conditions,
 * last examination, correction, symptoms, general health, medication, family history, surgery, visual
 * demands). Option ids are stored; labels may be reworded without touching stored answers.
 */
export const HISTORY_QUESTIONS: readonly HistoryQuestion[] = [
  {
    key: 'q1',
    kind: 'choice',
    title: 'Have you ever been told you have any of these eye conditions?',
    help: 'Tick all that apply, then add when it was found and how it is treated.',
    options: [
      { id: 'glaucoma', label: 'Glaucoma or raised eye pressure' },
      { id: 'cataract', label: 'Cataract' },
      { id: 'macular-degeneration', label: 'Macular degeneration' },
      { id: 'diabetic-retinopathy', label: 'Diabetic eye disease' },
      { id: 'amblyopia', label: 'Lazy eye (amblyopia)' },
      { id: 'strabismus', label: 'Squint or turned eye (strabismus)' },
      { id: 'keratoconus', label: 'Keratoconus' },
      { id: 'retinal-detachment', label: 'Retinal tear or detachment' },
      { id: 'dry-eye', label: 'Dry eye' },
      { id: 'colour-deficiency', label: 'Colour vision deficiency' },
    ],
    detailsLabel: 'Details (which eye, when diagnosed, treatment)',
  },
  {
    key: 'q2',
    kind: 'text',
    title: 'When and where was your last eye examination?',
    help: 'For example "March 2023 at a high-street optometrist". Leave empty if you have never had one.',
  },
  {
    key: 'q3a',
    kind: 'text',
    title: 'Do you wear glasses? If so, what for and how old are they?',
    help: 'Distance, reading, computer, varifocals or bifocals, and the age of your current pair.',
  },
  {
    key: 'q3b',
    kind: 'text',
    title: 'Do you wear contact lenses? If so, which type and for how long each day?',
    help: 'Daily disposable, monthly, rigid or orthokeratology lenses, and hours of wear per day.',
  },
  {
    key: 'q4',
    kind: 'text',
    title: 'Are you having any problems with your vision at the moment?',
    help: 'Describe blur (far or near), double vision, glare, eye strain or headaches, and since when.',
  },
  {
    key: 'q5a',
    kind: 'text',
    title: 'Which medicines do you take, including eye drops?',
    help: 'Some medicines (steroids, hydroxychloroquine, tamsulosin and others) affect the eyes.',
  },
  {
    key: 'q5b',
    kind: 'text',
    title: 'Do you have any allergies?',
    help: 'Medicines, eye drops, anaesthetics, hay fever or other allergies.',
  },
  {
    key: 'q6',
    kind: 'choice',
    title: 'Do you have any of these general health conditions?',
    help: 'Many conditions affect the eyes. Tick all that apply.',
    options: [
      { id: 'diabetes', label: 'Diabetes' },
      { id: 'high-blood-pressure', label: 'High blood pressure' },
      { id: 'high-cholesterol', label: 'High cholesterol' },
      { id: 'thyroid', label: 'Thyroid disease' },
      { id: 'migraine', label: 'Migraine' },
      { id: 'autoimmune', label: 'Rheumatoid arthritis, lupus or another autoimmune condition' },
      { id: 'multiple-sclerosis', label: 'Multiple sclerosis' },
      { id: 'stroke', label: 'Stroke or mini-stroke (TIA)' },
      { id: 'pregnancy', label: 'Pregnant or breastfeeding' },
    ],
    detailsLabel: 'Details (how long, how it is controlled)',
  },
  {
    key: 'q7',
    kind: 'choice',
    title: 'Has anyone in your close family had any of these?',
    help: 'Parents, brothers, sisters and children.',
    options: [
      { id: 'glaucoma', label: 'Glaucoma' },
      { id: 'macular-degeneration', label: 'Macular degeneration' },
      { id: 'high-myopia', label: 'Very short sight (high myopia)' },
      { id: 'amblyopia-strabismus', label: 'Lazy eye or squint' },
      { id: 'retinal-detachment', label: 'Retinal detachment' },
      { id: 'diabetes', label: 'Diabetes' },
      { id: 'blindness', label: 'Blindness or severe sight loss' },
    ],
    detailsLabel: 'Details (who, and what condition)',
  },
  {
    key: 'q8',
    kind: 'choice',
    title: 'Have you noticed any of these recently?',
    help: 'Sudden changes need prompt attention: do not wait for an online test.',
    options: [
      { id: 'flashes', label: 'Flashes of light' },
      { id: 'new-floaters', label: 'New or many more floaters' },
      { id: 'curtain', label: 'A shadow or curtain over part of your vision' },
      { id: 'sudden-loss', label: 'Sudden loss or blurring of vision' },
      { id: 'eye-pain', label: 'Eye pain' },
      { id: 'red-eye', label: 'Red or sore eyes' },
      { id: 'double-vision', label: 'Double vision' },
      { id: 'distortion', label: 'Straight lines looking wavy' },
      { id: 'halos', label: 'Halos around lights' },
      { id: 'headaches', label: 'Frequent headaches' },
    ],
    detailsLabel: 'Details (which eye, since when)',
    urgent: ['flashes', 'new-floaters', 'curtain', 'sudden-loss', 'eye-pain', 'double-vision', 'distortion'],
  },
  {
    key: 'q9',
    kind: 'choice',
    title: 'Have you had any eye surgery, treatment or injury?',
    help: 'Tick all that apply and say which eye and when.',
    options: [
      { id: 'refractive-laser', label: 'Laser eye surgery (LASIK, PRK, SMILE)' },
      { id: 'cataract-surgery', label: 'Cataract surgery or lens replacement' },
      { id: 'retinal-treatment', label: 'Retinal laser or surgery' },
      { id: 'injections', label: 'Injections into the eye' },
      { id: 'glaucoma-treatment', label: 'Glaucoma laser or surgery' },
      { id: 'squint-surgery', label: 'Squint surgery' },
      { id: 'injury', label: 'An eye injury' },
    ],
    detailsLabel: 'Details (which eye, what and when)',
  },
  {
    key: 'q10',
    kind: 'choice',
    title: 'What do you use your eyes for most?',
    help: 'Your visual demands help decide what correction suits you.',
    options: [
      { id: 'driving', label: 'Driving' },
      { id: 'night-driving', label: 'Driving at night' },
      { id: 'screens', label: 'Screens for more than 4 hours a day' },
      { id: 'reading', label: 'Reading and close work' },
      { id: 'sport', label: 'Sport' },
      { id: 'hazardous-work', label: 'Work with machinery, chemicals or heights' },
    ],
    detailsLabel: 'Details (occupation, hobbies, working distance)',
  },
];

/** The choice question with this key. */
export function choiceQuestion(key: ChoiceQuestion['key']): ChoiceQuestion {
  const q = HISTORY_QUESTIONS.find((question) => question.key === key);
  if (!q || q.kind !== 'choice') throw new CoreInputError(`no choice question ${key}`);
  return q;
}

/** An unanswered questionnaire: every list empty, every text empty. */
export function emptyOpticalHistory(): OpticalHistory {
  const choice = (): ChoiceAnswer => ({ selected: [], details: '' });
  return {
    q1: choice(),
    q2: '',
    q3a: '',
    q3b: '',
    q4: '',
    q5a: '',
    q5b: '',
    q6: choice(),
    q7: choice(),
    q8: choice(),
    q9: choice(),
    q10: choice(),
  };
}

/** The urgent symptoms (q8) a history reports, as option ids; non-empty means "seek care promptly". */
export function urgentSymptoms(history: OpticalHistory): string[] {
  const q8 = choiceQuestion('q8');
  return history.q8.selected.filter((id) => q8.urgent?.includes(id));
}
