import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, optionalPart } from './optional-part';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/nav-drawer-x.js');

/** Stands for the route's error page: shows what reached it. */
class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>route error: {this.state.error.message}</p> : this.props.children;
  }
}

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('optionalPart', () => {
  it('renders the part once its code is in', async () => {
    const Part = optionalPart(() => Promise.resolve(Hello));
    render(<Part name="Ada" />);
    expect(await screen.findByText('hello Ada')).toBeInTheDocument();
  });

  it('renders nothing when the download fails, leaves the page alone, and tries again on a new attempt', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue(Hello);
    const Part = optionalPart<{ name: string }>(load);
    const { rerender } = render(
      <Outer>
        <p>the page</p>
        <Part name="Ada" attempt={0} />
      </Outer>,
    );
    await act(async () => {});
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText(/route error/)).not.toBeInTheDocument();
    expect(screen.queryByText('hello Ada')).not.toBeInTheDocument();
    // The same attempt does not download again.
    rerender(
      <Outer>
        <p>the page</p>
        <Part name="Ada" attempt={0} />
      </Outer>,
    );
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    rerender(
      <Outer>
        <p>the page</p>
        <Part name="Ada" attempt={1} />
      </Outer>,
    );
    expect(await screen.findByText('hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    // Loaded: later attempts neither download again nor remount it.
    rerender(
      <Outer>
        <p>the page</p>
        <Part name="Ada" attempt={2} />
      </Outer>,
    );
    expect(screen.getByText('hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets any other error reach the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): ReactNode {
      throw new Error('a bug in the drawer');
    }
    const Part = optionalPart(() => Promise.resolve(Broken));
    render(
      <Outer>
        <Part />
      </Outer>,
    );
    expect(await screen.findByText('route error: a bug in the drawer')).toBeInTheDocument();
  });
});

describe('isChunkLoadError', () => {
  it("knows Chromium's, Firefox's and Safari's words for a failed module download", () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('a bug'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
