import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n/i18n';
import {
  extraEyeLine,
  FlowStatusScreen,
  sittingDistanceText,
  StatusScreen,
  statusScreenKind,
  statusTexts,
} from './status-screens';

/** A running countdown with `elapsed` of its 10 s gone by. */
function countdown(elapsed: number) {
  const remainingMs = Math.round((1 - elapsed) * 10_000);
  return {
    view: {
      mode: 'running' as const,
      elapsed,
      remainingMs,
      remainingSeconds: Math.ceil(remainingMs / 1000),
      due: false,
    },
    onTogglePause: () => {},
    onMoreTime: () => {},
  };
}

describe('status screens (SPEC.md §2)', () => {
  it.each([
    ['ready', false, 'Sloan Ready', 'Cover your LEFT eye'],
    ['ready', true, 'Presbyopia Ready', 'Please use both eyes for this test'],
    ['stopped', false, 'Sloan Interrupted', 'A Test Error Has Occurred'],
    ['repeat', false, 'Repeat Sloan', 'Press CONTINUE on your controller when you are ready'],
    ['continue', false, 'Continue Sloan', 'Cover your RIGHT eye'],
    ['complete', false, 'Test Completed', 'Your next test will start in 10 seconds'],
    ['finished', false, 'Test Complete', 'You will be redirected to your results shortly'],
  ] as const)('%s (both eyes: %s) says "%s" and "%s"', (kind, bothEyes, heading, line) => {
    const name = bothEyes ? 'Presbyopia' : 'Sloan';
    expect(statusTexts(kind, name, bothEyes)).toEqual([heading, line]);
    render(<StatusScreen kind={kind} testName={name} bothEyes={bothEyes} countdown={countdown(0.5)} />);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(line)).toBeInTheDocument();
  });

  it('shows the 10-second bar only on Repeat, Continue and Complete', () => {
    const { rerender } = render(
      <StatusScreen kind="continue" testName="Sloan" countdown={countdown(0.25)} />,
    );
    expect(screen.getByRole('progressbar', { name: 'Time until the test goes on' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByRole('button', { name: 'Pause (P)' })).toHaveAttribute('aria-keyshortcuts', 'P');
    rerender(<StatusScreen kind="ready" testName="Sloan" countdown={countdown(0.25)} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause (P)' })).not.toBeInTheDocument();
  });

  it('Complete does not promise 10 seconds when the countdown is paused or off', () => {
    const paused = { ...countdown(0.5), view: { ...countdown(0.5).view, mode: 'paused' as const } };
    render(<StatusScreen kind="complete" testName="Sloan" countdown={paused} />);
    expect(screen.getByText('Your next test starts when you press CONTINUE')).toBeInTheDocument();
    expect(screen.queryByText('Your next test will start in 10 seconds')).not.toBeInTheDocument();
  });
});

describe('screens that switch eyes say which eye to cover (issue 15)', () => {
  it('Repeat leads to the left eye, so it asks to cover the right one', () => {
    expect(extraEyeLine('repeat')).toBe('Cover your RIGHT eye');
    render(<StatusScreen kind="repeat" testName="Astigmatism Axis" countdown={countdown(0)} />);
    expect(screen.getByText('Cover your RIGHT eye')).toBeInTheDocument();
    expect(screen.getByText('Press CONTINUE on your controller when you are ready')).toBeInTheDocument();
  });

  it('the other screens keep the spec’s two lines', () => {
    for (const kind of ['ready', 'continue', 'complete', 'finished', 'stopped'] as const)
      expect(extraEyeLine(kind)).toBeNull();
  });

  it('maps every flow status to its screen', () => {
    expect(statusScreenKind('Checked')).toBe('ready');
    expect(statusScreenKind('PartBReady')).toBe('complete');
    expect(statusScreenKind('InTest')).toBeNull();
    expect(statusScreenKind('Check')).toBeNull();
  });

  it('says how far to sit in metres', () => {
    expect(sittingDistanceText(3000)).toBe('Sit 3.00 m from the screen');
    expect(sittingDistanceText(600)).toBe('Sit 0.60 m from the screen');
  });
});

describe('the status screens in the language shown (issue 20)', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it.each([
    ['es', 'Prueba Sloan lista', 'Tápese el ojo IZQUIERDO', 'Siéntese a 3,00 m de la pantalla'],
    ['de', 'Sloan: bereit', 'Decken Sie Ihr LINKES Auge ab', 'Sitzen Sie 3,00 m vom Bildschirm entfernt'],
    ['fr', 'Sloan : prêt', 'Couvrez votre œil GAUCHE', 'Asseyez-vous à 3,00 m de l’écran'],
  ] as const)(
    '%s: the Ready screen says which eye to cover and how far to sit',
    async (language, heading, eye, sit) => {
      await setLanguage(language, { areas: ['test-run'] });
      render(
        <FlowStatusScreen
          flow={{ status: 'Ready', section: 'Part A', currentTest: 'sloan' }}
          testName="Sloan"
          distanceMm={3000}
          outbox="idle"
          hadResults={false}
          prefix="user"
        />,
      );
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.getByText(eye)).toBeInTheDocument();
      expect(screen.getByText(sit)).toBeInTheDocument();
    },
  );
});

describe('the Ready screen says which part of the battery this is (SPEC.md §1)', () => {
  const props = {
    flow: { status: 'Ready', section: 'Part B', currentTest: 'astigAxis' },
    testName: 'Astigmatism Axis',
    distanceMm: 3000,
    outbox: 'idle',
    hadResults: false,
    prefix: 'user',
  } as const;

  it('shows the activity and the method above the heading', () => {
    render(<FlowStatusScreen {...props} place={{ activity: 'Activity Three', method: 'Grating' }} />);
    expect(screen.getByTestId('battery-place')).toHaveTextContent('Activity Three · Grating');
    expect(screen.getByRole('heading', { name: 'Astigmatism Axis Ready' })).toBeInTheDocument();
  });

  it("shows nothing without a place (the 'Help' tests)", () => {
    render(<FlowStatusScreen {...props} place={null} />);
    expect(screen.queryByTestId('battery-place')).not.toBeInTheDocument();
  });
});

describe('the Ready screen of a letter or optotype chart asks for a guess (issue 20)', () => {
  const props = {
    section: 'Part A',
    elapsed: 0,
    distanceMm: 3000,
    outbox: 'idle',
    hadResults: false,
    prefix: 'user',
  } as const;

  it.each([
    ['sloan', 'Sloan'],
    ['landoltC', 'Landolt C'],
    ['tumblingE', 'Tumbling E'],
  ] as const)('%s says "Guess if you are unsure" and names the way out', (test, name) => {
    render(
      <FlowStatusScreen
        {...props}
        flow={{ status: 'Ready', section: 'Part A', currentTest: test }}
        testName={name}
      />,
    );
    expect(screen.getByTestId('guess-advice')).toHaveTextContent(
      'Guess if you are unsure. If you see nothing at all, press I can’t see it on your phone, or 0 on the keyboard.',
    );
  });

  it('other tests do not', () => {
    render(
      <FlowStatusScreen
        {...props}
        flow={{ status: 'Ready', section: 'Part B', currentTest: 'diamond' }}
        testName="Diamond"
      />,
    );
    expect(screen.queryByTestId('guess-advice')).toBeNull();
  });
});
