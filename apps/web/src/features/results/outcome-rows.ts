import type { StoredResult } from '@visus/contracts';
import { diamondOutcome, type DiamondEyeResult, type SpokeVisualAngle } from '@visus/core';
import { t } from '@/lib/i18n/i18n';
import { angleWords, diamondWords, localNumber, spokeAverageWords, spokeSpreadWords } from './result-words';

/*
 * The result page's rows of what Diamond and the spoke tests mean (issue 17; docs/results.md): the
 * meaning first, then each round. Older records (before rounds and visual angles were kept) say what was
 * not recorded and show what they have.
 */

type Data = StoredResult['data'];
type Eye = 'right' | 'left';
const EYES: readonly Eye[] = ['right', 'left'];
const DASH = '—';

/** A row of the outcome table: what was measured, and the value for the right and the left eye. */
export interface OutcomeRow {
  label: string;
  values: string[];
}

const per = <T>(value: { right?: T; left?: T } | undefined, pick: (v: T) => string) =>
  EYES.map((eye) => (value?.[eye] === undefined ? DASH : pick(value[eye])));

const units = (value: number) => localNumber(String(Number(value.toFixed(1))));

/** Rows of each round i (1-based) up to the most rounds either eye has; DASH where an eye has fewer. */
function roundRows<T>(
  value: { right?: T; left?: T } | undefined,
  rounds: (v: T) => string[] | null,
  label: (i: number) => string,
): OutcomeRow[] {
  const lists = EYES.map((eye) => (value?.[eye] === undefined ? null : rounds(value[eye])));
  const most = Math.max(0, ...lists.map((l) => l?.length ?? 0));
  return Array.from({ length: most }, (_, i) => ({
    label: label(i + 1),
    values: lists.map((l) => l?.[i] ?? DASH),
  }));
}

/**
 * Diamond: the score and its meaning (core `diamondOutcome` in words: diamondWords; chance 1 in 4 per round stated), then each
 * round. An older record: "Rounds: not recorded" and its one stored round.
 */
export function diamondRows(diamond: Data['diamond']): OutcomeRow[] {
  const eyes = EYES.map((eye) => diamond?.[eye]);
  const outcomes = eyes.map((v) => (v === undefined ? null : diamondOutcome(v)));
  const rows: OutcomeRow[] = [
    {
      label: t('results.diamond.found'),
      values: outcomes.map((o) =>
        !o
          ? DASH
          : o.score
            ? t('results.diamond.score', { correct: o.score.correct, of: o.score.of })
            : t('results.diamond.roundsNotRecorded'),
      ),
    },
    { label: t('results.outcome.meaning'), values: outcomes.map((o) => (o ? diamondWords(o).text : DASH)) },
    ...roundRows<DiamondEyeResult>(
      diamond,
      (v) =>
        v.rounds && v.rounds.length > 0
          ? v.rounds.map((r) =>
              t(r.correct ? 'results.diamond.roundFound' : 'results.diamond.roundMissed', {
                selected: r.selected,
                tile: r.gratingTile,
                contrast: units(r.contrast),
              }),
            )
          : null,
      (i) => t('results.diamond.round', { round: i }),
    ),
  ];
  if (eyes.some((v) => v !== undefined && !(v.rounds && v.rounds.length > 0))) {
    rows.push({
      label: t('results.diamond.storedRound'),
      values: eyes.map((v) =>
        v === undefined || (v.rounds && v.rounds.length > 0)
          ? DASH
          : t('results.diamond.stored', {
              selected: v.selected,
              rotation: units(v.rotation),
              contrast: units(v.contrast),
            }),
      ),
    });
  }
  return rows;
}

/** Spoke sizes per round: degrees when recorded, else canvas units said plainly. */
function sizesPerRound(
  sizes: readonly number[],
  angle: SpokeVisualAngle | undefined,
  at?: (i: number) => string,
) {
  const suffix = (i: number) => (at ? ` ${at(i)}` : '');
  if (angle) return angle.sizes.map((s, i) => `${angleWords(s)}${suffix(i)}`).join(', ') || DASH;
  if (sizes.length === 0) return DASH;
  return t('results.spoke.canvasUnits', { sizes: sizes.map((s, i) => `${units(s)}${suffix(i)}`).join(', ') });
}

/** Spoke Circle: the circle's diameter as a visual angle at the viewing distance (older: canvas units). */
export function spokeCircleRows(circle: Data['spokeCircle']): OutcomeRow[] {
  return [
    { label: t('results.spoke.averageSize'), values: per(circle, (r) => spokeAverageWords(r)) },
    { label: t('results.spoke.spread'), values: per(circle, (r) => spokeSpreadWords(r)) },
    {
      label: t('results.spoke.sizesPerRound'),
      values: per(circle, (r) => sizesPerRound(r.acuityResults, r.visualAngle)),
    },
  ];
}

/** Spoke Ellipse: the width (short axis) as a visual angle (older: canvas units), and the rotation. */
export function spokeEllipseRows(ellipse: Data['spokeEllipse']): OutcomeRow[] {
  const width = (r: NonNullable<NonNullable<Data['spokeEllipse']>['right']>) => ({
    average: r.averageWidth,
    diff: r.diffWidth,
    visualAngle: r.visualAngle,
  });
  return [
    { label: t('results.spoke.averageWidth'), values: per(ellipse, (r) => spokeAverageWords(width(r))) },
    { label: t('results.spoke.widthSpread'), values: per(ellipse, (r) => spokeSpreadWords(width(r))) },
    {
      label: t('results.spoke.averageRotation'),
      values: per(ellipse, (r) => `${units(r.averageRotation)}°`),
    },
    { label: t('results.spoke.rotationSpread'), values: per(ellipse, (r) => `${units(r.diffRotation)}°`) },
    {
      label: t('results.spoke.widthAtRotation'),
      values: per(ellipse, (r) =>
        sizesPerRound(
          r.acuityResults.map((p) => p.width),
          r.visualAngle,
          (i) => t('results.spoke.at', { rotation: units(r.acuityResults[i]?.rotation ?? 0) }),
        ),
      ),
    },
  ];
}
