import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KEYBOARD_MAP } from '@visus/core';
import { InfoPage } from './info-page';

describe('InfoPage', () => {
  it('documents the keyboard map of the tests', () => {
    render(<InfoPage />);
    const table = screen.getByRole('table', { name: 'Using the keyboard' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(KEYBOARD_MAP.length);
    expect(within(table).getByRole('rowheader', { name: 'Sloan letters' })).toBeInTheDocument();
    expect(within(table).getByText(/Arrow keys for right, up, left, down/)).toBeInTheDocument();
    expect(within(table).getByText('Space starts or continues, Enter submits.')).toBeInTheDocument();
  });
});
