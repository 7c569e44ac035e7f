import type { MessageId } from '@/lib/i18n/i18n';

/** What Visus measures, in the words a patient needs (SPEC.md §1); the words are in the landing catalog. */
export const TESTS = [
  {
    id: 'acuity',
    name: 'landing.test.acuity.name',
    detail: 'landing.test.acuity.detail',
    text: 'landing.test.acuity.text',
  },
  {
    id: 'astigmatism',
    name: 'landing.test.astigmatism.name',
    detail: 'landing.test.astigmatism.detail',
    text: 'landing.test.astigmatism.text',
  },
  {
    id: 'contrast',
    name: 'landing.test.contrast.name',
    detail: 'landing.test.contrast.detail',
    text: 'landing.test.contrast.text',
  },
  {
    id: 'duochrome',
    name: 'landing.test.duochrome.name',
    detail: 'landing.test.duochrome.detail',
    text: 'landing.test.duochrome.text',
  },
  {
    id: 'presbyopia',
    name: 'landing.test.presbyopia.name',
    detail: 'landing.test.presbyopia.detail',
    text: 'landing.test.presbyopia.text',
  },
] as const satisfies ReadonlyArray<{ id: string; name: MessageId; detail: MessageId; text: MessageId }>;

export const STEPS = [
  { id: 'calibrate', title: 'landing.step.calibrate.title', text: 'landing.step.calibrate.text' },
  { id: 'pair', title: 'landing.step.pair.title', text: 'landing.step.pair.text' },
  { id: 'tests', title: 'landing.step.tests.title', text: 'landing.step.tests.text' },
  { id: 'share', title: 'landing.step.share.title', text: 'landing.step.share.text' },
] as const satisfies ReadonlyArray<{ id: string; title: MessageId; text: MessageId }>;
