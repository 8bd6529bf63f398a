import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A page's dialogs are code-split: on two cores busy with the other suites, one took more than the default 1 s to
// load ('Embalagem do pedido' of 'Minhas tarefas'). What a test waits for is still said by the test.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
