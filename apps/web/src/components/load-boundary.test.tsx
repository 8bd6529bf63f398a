import { render, screen } from '@testing-library/react';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isLoadFailure, LoadBoundary } from './load-boundary';

/** A lazy part whose code fetch fails as a browser says it. */
const unreachable = (message: string) => lazy(() => Promise.reject(new TypeError(message)));

function Broken(): ReactNode {
  throw new Error('erro de programa');
}

class Outer extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>fora: {this.state.error.message}</p> : this.props.children;
  }
}

describe('LoadBoundary', () => {
  it('a part whose code cannot be fetched is replaced by `failed`, told once; the rest of the screen stays', async () => {
    const Part = unreachable('Failed to fetch dynamically imported module: http://x/assets/part.js');
    const onFailed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>a lista de tarefas</p>
        <LoadBoundary failed={<p>sem conexão</p>} onFailed={onFailed}>
          <Suspense fallback={<p>carregando</p>}>
            <Part />
          </Suspense>
        </LoadBoundary>
      </div>,
    );
    expect(await screen.findByText('sem conexão')).toBeTruthy();
    expect(screen.getByText('a lista de tarefas')).toBeTruthy();
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('any other error goes on up to the boundary above', async () => {
    const onFailed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Outer>
        <LoadBoundary failed={<p>sem conexão</p>} onFailed={onFailed}>
          <Broken />
        </LoadBoundary>
      </Outer>,
    );
    expect(await screen.findByText('fora: erro de programa')).toBeTruthy();
    expect(screen.queryByText('sem conexão')).toBeNull();
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('knows the words of each browser for a module that could not be fetched', () => {
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
