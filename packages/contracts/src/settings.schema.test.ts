import { describe, expect, it } from 'vitest';
import { emptyOpticalHistory, HISTORY_TEXT_MAX } from '@visus/core';
import {
  autoAdvanceBodySchema,
  DEFAULT_AUTO_ADVANCE,
  DEFAULT_SPEAK_INSTRUCTIONS,
  gammaBodySchema,
  opticalHistorySchema,
  settingsBodySchema,
  settingsSchema,
  speechBodySchema,
  storedOpticalHistorySchema,
} from './settings.schema';

/** 3.779 px/mm (a 96-dpi screen) at 3 m: 3.779 × 3000 × tan 1° = 197.9 px per degree. */
const card = {
  pixelsPerDegree: 3.779 * 3000 * Math.tan(Math.PI / 180),
  resolution: { width: 1920, height: 1080 },
  pixelsPerMm: 3.779,
  distanceMm: 3000,
  devicePixelRatio: 1,
  cssResolution: { width: 1920, height: 1080 },
  cardWidthPx: 323.5,
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('PUT /tests/settings body', () => {
  it('accepts the card method with the shape of DESIGN.md §5', () => {
    expect(settingsBodySchema.safeParse({ method: 'card', card }).success).toBe(true);
  });
  it('accepts the shape without the optional window fields', () => {
    const { devicePixelRatio: _d, cssResolution: _c, cardWidthPx: _w, ...bare } = card;
    expect(settingsBodySchema.safeParse({ method: 'card', card: bare }).success).toBe(true);
  });
  it('accepts method none with nothing else', () => {
    expect(settingsBodySchema.safeParse({ method: 'none' }).success).toBe(true);
  });
  it.each([
    [0, 'pixelsPerMm must be between 0.5 and 40 px per mm'],
    [-3, 'pixelsPerMm must be between 0.5 and 40 px per mm'],
    [10_000, 'pixelsPerMm must be between 0.5 and 40 px per mm'],
    ['NaN', 'pixelsPerMm must be a number'],
    [null, 'pixelsPerMm must be a number'],
  ])('refuses pixelsPerMm %s naming the field', (value, message) => {
    const result = settingsBodySchema.safeParse({ method: 'card', card: { ...card, pixelsPerMm: value } });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(message);
  });
  it('refuses a pixelsPerDegree that does not follow from pixelsPerMm and distance', () => {
    const result = settingsBodySchema.safeParse({ method: 'card', card: { ...card, pixelsPerDegree: 300 } });
    expect(firstMessage(result)).toBe('pixelsPerDegree must equal pixelsPerMm × distanceMm × tan(1°)');
  });
  it('refuses a wrong method, a missing calibration and unknown fields', () => {
    expect(firstMessage(settingsBodySchema.safeParse({ method: 'ruler' }))).toBe(
      'method must be one of none, card, diagonal',
    );
    expect(firstMessage(settingsBodySchema.safeParse({ method: 'diagonal' }))).toBe(
      'diagonal is required when method is diagonal',
    );
    expect(settingsBodySchema.safeParse({ method: 'card', card: { ...card, extra: 1 } }).success).toBe(false);
  });
  it('refuses a fractional resolution', () => {
    const result = settingsBodySchema.safeParse({
      method: 'card',
      card: { ...card, resolution: { width: 1920.5, height: 1080 } },
    });
    expect(firstMessage(result)).toBe('resolution width must be a whole number');
  });
});

describe('PUT /tests/gammasettings body', () => {
  it('accepts 2.2 and the default 1', () => {
    expect(gammaBodySchema.safeParse({ gamma: 2.2 }).success).toBe(true);
    expect(gammaBodySchema.safeParse({ gamma: 1 }).success).toBe(true);
  });
  it.each([0, -1, 40, '2.2'])('refuses gamma %s', (gamma) => {
    expect(gammaBodySchema.safeParse({ gamma }).success).toBe(false);
  });
});

describe('optical history body', () => {
  const filled = {
    ...emptyOpticalHistory(),
    q1: { selected: ['glaucoma'], details: 'right eye, drops since 2019' },
    q2: 'March 2023',
  };
  it('accepts a complete questionnaire and an empty one', () => {
    expect(opticalHistorySchema.safeParse(filled).success).toBe(true);
    expect(opticalHistorySchema.safeParse(emptyOpticalHistory()).success).toBe(true);
  });
  it('refuses oversized answers, unknown options, duplicates, missing and unknown questions', () => {
    const long = 'x'.repeat(HISTORY_TEXT_MAX + 1);
    expect(firstMessage(opticalHistorySchema.safeParse({ ...filled, q4: long }))).toBe(
      `q4 must be at most ${HISTORY_TEXT_MAX} characters`,
    );
    expect(
      firstMessage(opticalHistorySchema.safeParse({ ...filled, q6: { selected: ['x'], details: '' } })),
    ).toMatch(/^q6.selected must only contain: diabetes,/);
    expect(
      firstMessage(
        opticalHistorySchema.safeParse({
          ...filled,
          q1: { selected: ['cataract', 'cataract'], details: '' },
        }),
      ),
    ).toBe('q1.selected lists an option twice');
    const { q10: _q10, ...missing } = filled;
    expect(opticalHistorySchema.safeParse(missing).success).toBe(false);
    expect(opticalHistorySchema.safeParse({ ...filled, q11: 'extra' }).success).toBe(false);
  });
  it('answers upgraded records whose options predate the checklists', () => {
    expect(
      storedOpticalHistorySchema.safeParse({ ...filled, q1: { selected: ['glasses'], details: '' } }).success,
    ).toBe(true);
  });
});

describe('PUT /tests/settings/auto-advance body (issue 25)', () => {
  it.each([true, false])('accepts autoAdvance %s', (autoAdvance) => {
    expect(autoAdvanceBodySchema.parse({ autoAdvance })).toEqual({ autoAdvance });
  });

  it.each([[{}], [{ autoAdvance: 'true' }], [{ autoAdvance: 1 }], [{ autoAdvance: null }], [null], ['true']])(
    'refuses %j',
    (body) => {
      const parsed = autoAdvanceBodySchema.safeParse(body);
      expect(parsed.success).toBe(false);
    },
  );

  it('refuses an extra field, naming it', () => {
    const parsed = autoAdvanceBodySchema.safeParse({ autoAdvance: true, gamma: 2 });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('gamma');
  });

  it('a settings record from before the setting (no autoAdvance) still reads; the default moves on', () => {
    const older = { method: 'none', card: null, diagonal: null, gamma: 1 };
    expect(settingsSchema.parse(older)).toEqual(older);
    expect(settingsSchema.parse({ ...older, autoAdvance: false }).autoAdvance).toBe(false);
    expect(settingsSchema.safeParse({ ...older, autoAdvance: 'no' }).success).toBe(false);
    expect(DEFAULT_AUTO_ADVANCE).toBe(true);
  });
});

describe('PUT /tests/settings/speech body (issue 20 item 2)', () => {
  it.each([true, false])('accepts speakInstructions %s', (speakInstructions) => {
    expect(speechBodySchema.parse({ speakInstructions })).toEqual({ speakInstructions });
  });

  it.each([
    [{}],
    [{ speakInstructions: 'yes' }],
    [{ speakInstructions: 0 }],
    [{ speakInstructions: null }],
    [null],
  ])('refuses %j', (body) => {
    expect(speechBodySchema.safeParse(body).success).toBe(false);
  });

  it('refuses an extra field, naming it', () => {
    const parsed = speechBodySchema.safeParse({ speakInstructions: true, language: 'es' });
    expect(JSON.stringify(parsed.error?.issues)).toContain('language');
  });

  it('an older settings record (no speakInstructions) still reads; the default is silent', () => {
    const older = { method: 'none', card: null, diagonal: null, gamma: 1, autoAdvance: true };
    expect(settingsSchema.parse(older)).toEqual(older);
    expect(settingsSchema.parse({ ...older, speakInstructions: true }).speakInstructions).toBe(true);
    expect(DEFAULT_SPEAK_INSTRUCTIONS).toBe(false);
  });
});
