import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { partMarks, placeParts } from './rich-text';

describe('placeParts', () => {
  it('puts each element where its mark is, in the order the language chose', () => {
    const marks = partMarks(['name', 'email']);
    const { container } = render(
      <p>
        {placeParts(`${marks.email} gehört ${marks.name}.`, {
          name: <strong>Ada</strong>,
          email: <em>ada@example.com</em>,
        })}
      </p>,
    );
    expect(container.innerHTML).toBe('<p><em>ada@example.com</em> gehört <strong>Ada</strong>.</p>');
  });

  it('leaves a sentence without marks as it is', () => {
    expect(placeParts('Nothing to place', { name: 'x' })).toEqual(['Nothing to place']);
  });
});
