import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KEYBOARD_MAP } from '@visus/core';
import { t, type MessageId } from '@/lib/i18n/i18n';
import { InfoPage, KEYBOARD_ROWS } from './info-page';

describe('InfoPage', () => {
  it('documents the keyboard map of the tests', () => {
    render(<InfoPage />);
    const table = screen.getByRole('table', { name: 'Using the keyboard' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(KEYBOARD_MAP.length);
    expect(within(table).getByRole('rowheader', { name: 'Sloan letters' })).toBeInTheDocument();
    expect(within(table).getByText(/Arrow keys for right, up, left, down/)).toBeInTheDocument();
    expect(within(table).getByText('Space starts or continues, Enter submits.')).toBeInTheDocument();
    // DuoChrome takes a third answer, S for same (issue 17).
    expect(within(table).getByText(/G for green, S if both look the same/)).toBeInTheDocument();
  });

  it('names Astigmatism Power’s measure a grating acuity, not dioptres (issue 17)', () => {
    render(<InfoPage />);
    expect(screen.getByText(/a grating acuity in logMAR, not a lens power in dioptres/)).toBeInTheDocument();
    expect(screen.getByText(/or whether they look the same/)).toBeInTheDocument();
  });

  it('shows core’s keyboard map word for word in English, row by row', () => {
    expect(KEYBOARD_ROWS).toHaveLength(KEYBOARD_MAP.length);
    KEYBOARD_MAP.forEach((row, index) => {
      const key = KEYBOARD_ROWS[index]!;
      expect(t(`info.keyboard.${key}.tests` as MessageId)).toBe(row.tests);
      expect(t(`info.keyboard.${key}.keys` as MessageId)).toBe(row.keys);
    });
  });
});
