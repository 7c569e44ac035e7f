import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { AxisImages, RotatingLetterDisplay } from './axis-images';
import { mockCanvas, pixel } from './canvas-mock';
import { DuochromeBoxes } from './duochrome-boxes';

describe('DuochromeBoxes', () => {
  it('draws the red (error colour) box first and the green (success colour) box last, heightPx square', () => {
    render(
      <ThemeProvider theme={theme}>
        <DuochromeBoxes heightPx={180} />
      </ThemeProvider>,
    );
    const boxes = screen.getAllByRole('img');
    expect(boxes.map((b) => b.getAttribute('data-testid'))).toEqual(['duochrome-red', 'duochrome-green']);
    expect(boxes[0]!.querySelector('rect')!.getAttribute('fill')).toBe(theme.palette.error.main);
    expect(boxes[1]!.querySelector('rect')!.getAttribute('fill')).toBe(theme.palette.success.main);
    for (const box of boxes) {
      expect(box.getAttribute('width')).toBe('180');
      expect(box.querySelectorAll('path[fill="#000"]')).toHaveLength(3);
      expect(box.querySelectorAll('circle')).toHaveLength(3);
    }
  });
});

describe('AxisImages', () => {
  it('shows the left and right gratings turned to their orientations, with alt text "grating"', () => {
    const painted = mockCanvas();
    render(
      <AxisImages
        leftDeg={0}
        rightDeg={90}
        sizePx={60}
        gamma={1}
        pixelsPerDegree={30}
        devicePixelRatio={1}
      />,
    );
    expect(screen.getAllByRole('img', { name: 'grating' })).toHaveLength(2);
    expect(screen.getByTestId('axis-image-left')).toHaveAttribute('data-orientation', '0');
    const [left, right] = painted;
    // Left: horizontal bars (rows constant); right: vertical bars (columns constant).
    expect(pixel(left!, 20, 25)).toBe(pixel(left!, 40, 25));
    expect(pixel(right!, 25, 20)).toBe(pixel(right!, 25, 40));
    expect(pixel(left!, 30, 22)).not.toBe(pixel(left!, 30, 27));
  });

  it('turns the rotating letter and shows the fraction at the top right', () => {
    render(<RotatingLetterDisplay rotation={90} fraction="6/9.5" />);
    const svg = screen.getByRole('img', { name: 'Letter turned 90°' });
    expect(svg.querySelector('path')!.getAttribute('transform')).toBe('rotate(-90 2.5 2.5)');
    expect(screen.getByTestId('rotating-letter-fraction')).toHaveTextContent('6/9.5');
  });
});
