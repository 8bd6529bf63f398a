import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { codeLoader, lazyComponent } from './code-loader';

function Page({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

/** A module fetch that the test answers (or fails) when it wants. */
function pendingFetch() {
  let answer: (module: { default: typeof Page }) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Page }>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { load, answer: () => answer({ default: Page }), fail: (error: Error) => fail(error) };
}

describe('codeLoader', () => {
  it('asks once while the code travels, and keeps the module once it has arrived', async () => {
    const fetch = pendingFetch();
    const loader = codeLoader(fetch.load);
    const first = loader();
    const second = loader();
    expect(fetch.load).toHaveBeenCalledTimes(1);
    expect(loader.loaded).toBeUndefined();
    fetch.answer();
    expect((await first).default).toBe(Page);
    expect(await second).toBe(await first);
    expect(loader.loaded?.default).toBe(Page);
    await loader();
    expect(fetch.load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch: the next call asks again (no signal, then back)', async () => {
    const fetch = pendingFetch();
    const loader = codeLoader(fetch.load);
    const failed = loader();
    fetch.fail(new TypeError('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toThrow('Failed to fetch');
    expect(loader.loaded).toBeUndefined();
    const again = loader();
    expect(fetch.load).toHaveBeenCalledTimes(2);
    fetch.answer();
    expect((await again).default).toBe(Page);
  });
});

describe('lazyComponent', () => {
  it('draws a component whose code has arrived in its first render: no spinner in its place', async () => {
    const fetch = pendingFetch();
    const loader = codeLoader(fetch.load);
    const Lazy = lazyComponent(loader);
    const spinner = vi.fn(() => <p>Carregando</p>);
    const Spinner = spinner;
    const arrived = loader();
    fetch.answer();
    await arrived;

    render(
      <Suspense fallback={<Spinner />}>
        <Lazy title="Minhas tarefas" />
      </Suspense>,
    );
    // Right after the first render: no waiting, no fallback drawn at any moment.
    expect(screen.getByRole('heading', { name: 'Minhas tarefas' })).toBeTruthy();
    expect(spinner).not.toHaveBeenCalled();
  });

  it('shows the fallback while the code travels, then the component', async () => {
    const fetch = pendingFetch();
    const Lazy = lazyComponent(codeLoader(fetch.load));
    render(
      <Suspense fallback={<p>Carregando</p>}>
        <Lazy title="Pedidos" />
      </Suspense>,
    );
    expect(screen.getByText('Carregando')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    fetch.answer();
    expect(await screen.findByRole('heading', { name: 'Pedidos' })).toBeTruthy();
    expect(screen.queryByText('Carregando')).toBeNull();
  });
});
