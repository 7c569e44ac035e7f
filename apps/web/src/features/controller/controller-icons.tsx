import type { ReactNode } from 'react';

/*
 * The few icons of the phone controller, drawn here on a 24 × 24 grid (the light page has no icon
 * library, docs/adr/0005). Decorative: the buttons and the status line carry the words.
 */

interface IconProps {
  className?: string;
  /** Degrees, clockwise on screen (CSS rotate). */
  rotate?: number;
  testId?: string;
}

function Icon({ className = 'vc-icon', rotate, testId, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-testid={testId}
      style={rotate === undefined ? undefined : { transform: `rotate(${rotate}deg)` }}
    >
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round' } as const;

/** An arrow pointing right; `rotate` turns it. */
export const ArrowIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 10.6h13.2l-5.1-5.1L13.1 3.5 21.6 12l-8.5 8.5-2-2 5.1-5.1H3z" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.8 4h2.4v6.8H20v2.4h-6.8V20h-2.4v-6.8H4v-2.4h6.8z" />
  </Icon>
);

export const MinusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 10.8h16v2.4H4z" />
  </Icon>
);

/** A circular arrow turning counter-clockwise (mirrored: clockwise). */
export const TurnIcon = ({ clockwise, ...props }: IconProps & { clockwise?: boolean }) => (
  <Icon {...props}>
    <g transform={clockwise ? 'translate(24 0) scale(-1 1)' : undefined}>
      <path d="M12.5 5.2a7 7 0 1 1-6.9 8.2" {...stroke} />
      <path d="M8.2 5.2 12.9 1.6v7.2z" />
    </g>
  </Icon>
);

/** Back: an arrow curving back to the left. */
export const BackIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 9.5h7.5a5 5 0 0 1 0 10H9" {...stroke} />
    <path d="M3 9.5 8.2 5v9z" />
  </Icon>
);

export const ConnectedIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="m7 12.4 3.3 3.3L17.2 8.8" fill="none" stroke="#fff" strokeWidth="2.4" />
  </Icon>
);

export const ProblemIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M10.8 6h2.4v8h-2.4zM10.8 15.6h2.4V18h-2.4z" fill="#fff" />
  </Icon>
);

/** Two arrows chasing each other: (re)connecting. */
export const SyncingIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 12a7.5 7.5 0 0 1 12.8-5.3" {...stroke} />
    <path d="M19.5 12a7.5 7.5 0 0 1-12.8 5.3" {...stroke} />
    <path d="M20 3.5v6.2h-6.2z" />
    <path d="M4 20.5v-6.2h6.2z" />
  </Icon>
);
