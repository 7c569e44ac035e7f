import { describe, expect, it } from 'vitest';
import type { AcuityEyeResult } from './results';
import {
  acuityVerdicts,
  ageOnTestDay,
  resultVerdicts,
  DRIVING_STANDARD_LOGMAR,
  eyeVerdict,
  normalAcuityLimit,
  SEVERE_IMPAIRMENT_LOGMAR,
} from './verdict';

const measured = (logMAR: number, ci95?: [number, number]): AcuityEyeResult => ({
  va: logMAR,
  logMAR,
  rounds: 20,
  loopLength: 30,
  ...(ci95 ? { ci95 } : {}),
});
const orBetter = (bound: number, distanceMm = 600): AcuityEyeResult => ({
  va: bound,
  logMAR: bound,
  rounds: 20,
  loopLength: 30,
  censored: 'better-than',
  bound,
  distanceMm,
});
const orWorse = (bound: number): AcuityEyeResult => ({ ...orBetter(bound), censored: 'worse-than' });

const adult: { age: number | null; correction: string; units: string } = {
  age: 40,
  correction: 'Glasses',
  units: 'm',
};
const verdict = (result: AcuityEyeResult | number, context = adult) =>
  eyeVerdict('right', 'sloan', result, context);

describe('normalAcuityLimit (Elliott et al. 1995; Lovie-Kitchin 2002; one line above the mean)', () => {
  it.each([
    [8, 0.1],
    [17, 0.1],
    [18, 0],
    [59, 0],
    [60, 0.1],
    [74, 0.1],
    [75, 0.2],
    [101, 0.2],
  ])('at %i years the normal range ends at %d logMAR', (age, limit) => {
    expect(normalAcuityLimit(age)).toBe(limit);
  });

  it('compares with 6/6 when the age is not known', () => {
    expect(normalAcuityLimit(null)).toBe(0);
    expect(normalAcuityLimit(Number.NaN)).toBe(0);
  });
});

describe('eyeVerdict', () => {
  it('calls 6/6 at 40 within the normal range, with nothing to do', () => {
    expect(verdict(measured(0))).toMatchObject({
      kind: 'normal',
      advice: 'none',
      figure: '6/6',
      near: false,
      text: 'within the normal range for your age.',
    });
  });

  it('calls 6/7.5 below normal at 40 and normal at 65 (the limit moves with age)', () => {
    expect(verdict(measured(0.1))).toMatchObject({ kind: 'below-normal', advice: 'check' });
    expect(verdict(measured(0.1)).text).toContain("at or better than the driving standard's line (6/12)");
    expect(verdict(measured(0.1), { ...adult, age: 65 })).toMatchObject({ kind: 'normal' });
  });

  it('compares with 6/6 and asks for the date of birth when the age is not known', () => {
    const v = verdict(measured(0.04), { ...adult, age: null });
    expect(v.kind).toBe('normal');
    expect(v.text).toContain('at or better than 6/6, the standard line');
    expect(v.text).toContain('date of birth');
    expect(verdict(measured(0.1), { ...adult, age: null }).text).toContain('below 6/6, the standard line');
  });

  it('compares on the chart line shown: 0.34 is written 6/12 and meets it, 0.35 is 6/15 and does not', () => {
    expect(verdict(measured(0.34))).toMatchObject({ kind: 'below-normal', figure: '6/12' });
    expect(verdict(measured(0.35))).toMatchObject({ kind: 'below-driving', figure: '6/15' });
    expect(verdict(measured(0.04))).toMatchObject({ kind: 'normal', figure: '6/6' });
  });

  it('sends an eye below the driving standard to an optometrist, in feet too', () => {
    const v = verdict(measured(0.5), { ...adult, units: 'ft' });
    expect(v).toMatchObject({ kind: 'below-driving', advice: 'see', figure: '20/63' });
    expect(v.text).toBe("below the driving standard's line (20/40): see an optometrist.");
  });

  it('says an uncorrected eye below the line may come up with glasses', () => {
    expect(verdict(measured(0.5), { ...adult, correction: 'None' }).text).toContain(
      'Measured without glasses or lenses',
    );
    expect(verdict(measured(0.5)).text).not.toContain('without glasses');
  });

  it('says "without glasses" only for a correction recorded as None, never from other text', () => {
    for (const correction of ['', 'no', 'No glasses', 'uncorrected'])
      expect(verdict(measured(0.5), { ...adult, correction }).text).not.toContain('without glasses');
    expect(verdict(measured(0.5), { ...adult, correction: ' none ' }).text).toContain('without glasses');
  });

  it('calls worse than 6/60 severe (WHO ICD-11) and urges an appointment soon', () => {
    expect(verdict(measured(SEVERE_IMPAIRMENT_LOGMAR)).kind).toBe('below-driving');
    expect(verdict(measured(1.2))).toMatchObject({ kind: 'severe', advice: 'see-soon' });
    expect(verdict(measured(1.2)).text).toContain('worse than 6/60');
  });

  it('says the result is close to the line when its 95 % interval straddles it', () => {
    const near = verdict(measured(0.25, [0.15, 0.36]));
    expect(near).toMatchObject({ kind: 'below-normal', near: false });
    const nearDriving = verdict(measured(0.35, [0.25, 0.45]));
    expect(nearDriving).toMatchObject({ kind: 'below-driving', near: true });
    expect(nearDriving.text).toContain("It is close to the driving standard's line (6/12)");
    expect(nearDriving.short).toBe(
      "below the driving standard's line (6/12): see an optometrist (close to that line)",
    );
    expect(verdict(measured(-0.05, [-0.12, 0.08]))).toMatchObject({ kind: 'normal', near: true });
    expect(verdict(measured(-0.1, [-0.2, -0.01]))).toMatchObject({ kind: 'normal', near: false });
  });

  it('names the age limit as a limit, not as a chart line the verdict did not turn on', () => {
    const limit = normalAcuityLimit(68);
    const atSixtyEight = verdict(measured(limit, [limit - 0.1, limit + 0.1]), { ...adult, age: 68 });
    expect(atSixtyEight.near).toBe(true);
    expect(atSixtyEight.text).toContain('close to the limit of the normal range for your age (');
    expect(atSixtyEight.text).not.toMatch(/close to the 6\/[\d.]+ line/);
    expect(atSixtyEight.short).toMatch(/\(close to the limit, 6\/[\d.]+\)$/);
    const noAge = verdict(measured(-0.05, [-0.12, 0.08]), { ...adult, age: null });
    expect(noAge.text).toContain('It is close to the 6/6 line');
  });

  describe('a bound is judged only where the bound reaches', () => {
    it('"0.48 or better" at 0.6 m: no verdict, test again from further away', () => {
      const v = verdict(orBetter(0.48));
      expect(v).toMatchObject({ kind: 'unknown', advice: 'retest', figure: '6/19 or better', near: false });
      expect(v.text).toContain('from 0.6 m');
      expect(v.text).toContain('further away');
    });

    it('"0.2 or better": meets the driving line, normal range not known', () => {
      const v = verdict(orBetter(0.2, 1500));
      expect(v.kind).toBe('unknown');
      expect(v.text).toContain("at or better than the driving standard's line (6/12)");
      expect(v.text).toContain('1.5 m');
    });

    it('"-0.1 or better" is within the normal range (the bound already reaches it)', () => {
      expect(verdict(orBetter(-0.1))).toMatchObject({ kind: 'normal', near: false });
    });

    it('"1.3 or worse" is severe; "0.2 or worse" cannot be judged (test from closer)', () => {
      expect(verdict(orWorse(1.3))).toMatchObject({ kind: 'severe', near: false });
      expect(verdict(orWorse(0.7))).toMatchObject({ kind: 'below-driving', near: false });
      const closer = verdict(orWorse(0.2));
      expect(closer.kind).toBe('unknown');
      expect(closer.text).toContain('from closer');
    });
  });

  it('says each verdict in a few words for a list row', () => {
    expect(verdict(measured(0)).short).toBe('within the normal range for your age');
    expect(verdict(measured(0.1)).short).toBe('below the normal range for your age: an eye test may help');
    expect(verdict(measured(0.1), { ...adult, age: null }).short).toBe('below 6/6: an eye test may help');
    expect(verdict(measured(1.2)).short).toBe('worse than 6/60: see an optometrist or doctor soon');
    expect(verdict(orBetter(0.48)).short).toBe('not judged on this screen: test again from further away');
    expect(verdict(orWorse(0.2)).short).toBe('not judged on this screen: test again from closer');
  });

  it('reads a bare logMAR of an older record', () => {
    expect(verdict(0.4)).toMatchObject({ kind: 'below-driving', near: false });
  });
});

describe('acuityVerdicts', () => {
  it('takes each eye from the first letter chart that measured it: Sloan, Landolt C, Tumbling E', () => {
    const verdicts = acuityVerdicts(
      { landoltC: { right: measured(0.5), left: measured(0) }, sloan: { right: measured(0) } },
      adult,
    );
    expect(verdicts.map((v) => [v.eye, v.test, v.kind])).toEqual([
      ['right', 'sloan', 'normal'],
      ['left', 'landoltC', 'normal'],
    ]);
  });

  it('is empty for a record without a letter chart (Astigmatism Power is a grating acuity)', () => {
    expect(acuityVerdicts({}, adult)).toEqual([]);
    expect(acuityVerdicts({ astigPower: { right: measured(0.3) } } as never, adult)).toEqual([]);
  });

  it('keeps the thresholds where the sources put them', () => {
    expect(DRIVING_STANDARD_LOGMAR).toBe(0.3);
    expect(SEVERE_IMPAIRMENT_LOGMAR).toBe(1);
  });
});

describe('resultVerdicts', () => {
  const record = (date: string) => ({
    setup: { date, correction: 'None', units: 'm' },
    data: { sloan: { right: measured(0.1), left: measured(0.1) } },
  });

  it('judges at the age on the test day: 59 on the day is below normal for 6/7.5, 60 is normal', () => {
    expect(resultVerdicts(record('2026-03-09T10:00:00.000Z'), '1966-03-10')[0]!.kind).toBe('below-normal');
    expect(resultVerdicts(record('2026-03-10T10:00:00.000Z'), '1966-03-10')[0]!.kind).toBe('normal');
  });

  it('reads no age from a missing, unreadable or later date of birth', () => {
    expect(ageOnTestDay(null, '2026-01-01T00:00:00Z')).toBeNull();
    expect(ageOnTestDay('not a date', '2026-01-01T00:00:00Z')).toBeNull();
    expect(ageOnTestDay('2027-01-01', '2026-01-01T00:00:00Z')).toBeNull();
    expect(ageOnTestDay('1990-06-15', 'garbage')).toBeNull();
    expect(ageOnTestDay('1990-06-15', '2026-06-14T12:00:00Z')).toBe(35);
    expect(resultVerdicts(record('2026-01-01T00:00:00Z'), null)[0]!.text).toContain('the standard line');
  });
});

describe('eyeVerdict facts (what its sentences are made of, for other languages: issue 20)', () => {
  it('states the age, the correction, the bound and its distance, and the units', () => {
    const bound: AcuityEyeResult = {
      va: 0.5,
      rounds: 10,
      loopLength: 24,
      logMAR: 0.5,
      censored: 'better-than',
      bound: 0.5,
      distanceMm: 600,
    };
    expect(eyeVerdict('right', 'sloan', bound, { age: 40, correction: 'None', units: 'ft' }).facts).toEqual({
      ageKnown: true,
      uncorrected: true,
      censored: 'better-than',
      boundDistanceMm: 600,
      meetsDriving: false,
      nearLine: null,
      units: 'ft',
    });
  });

  it('names the line a near verdict is close to, and none for a clear one', () => {
    const near: AcuityEyeResult = { va: 0.4, rounds: 20, loopLength: 24, logMAR: 0.4, ci95: [0.25, 0.5] };
    const facts = eyeVerdict('left', 'sloan', near, { age: null, correction: 'Glasses', units: 'm' }).facts;
    expect(facts).toMatchObject({ ageKnown: false, uncorrected: false, censored: null, nearLine: 0.3 });
    expect(
      eyeVerdict('left', 'sloan', 0, { age: 30, correction: 'Glasses', units: 'm' }).facts.nearLine,
    ).toBe(null);
  });
});
