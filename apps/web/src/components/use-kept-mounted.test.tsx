import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useKeptMounted } from './use-kept-mounted';

/** A menu's open state and what the hook says of it. */
function useMenu() {
  const [open, setOpen] = useState(false);
  const kept = useKeptMounted(open, () => setOpen(false));
  return { open, setOpen, ...kept };
}

describe('useKeptMounted', () => {
  it('is not mounted before the first opening, then stays mounted once closed (its closing plays)', () => {
    const { result } = renderHook(useMenu);
    expect(result.current.mounted).toBe(false);
    act(() => result.current.setOpen(true));
    expect(result.current.mounted).toBe(true);
    act(() => result.current.setOpen(false));
    expect(result.current.mounted).toBe(true);
  });

  it('its code not fetched: unmounted and closed, mounted again at the next opening (which fetches again)', () => {
    const { result } = renderHook(useMenu);
    act(() => result.current.setOpen(true));
    act(() => result.current.failed());
    expect(result.current).toMatchObject({ open: false, mounted: false });
    act(() => result.current.setOpen(true));
    expect(result.current.mounted).toBe(true);
  });
});
