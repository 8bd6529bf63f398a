import { useSyncExternalStore } from 'react';

/**
 * The state of live updates shared by the shell's pieces (hook, sidebar badge, top-bar toggle): the count of
 * orders created since the user last opened the orders screen (this tab only), and whether new orders make
 * a sound (remembered in localStorage; off by default: a page may not play sound before a click anyway).
 */
const SOUND_KEY = 'orderEventsSound';
const listeners = new Set<() => void>();
let newOrders = 0;

function emit() {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getNewOrders = () => newOrders;
export function addNewOrders(count: number) {
  newOrders += count;
  emit();
}
export function clearNewOrders() {
  if (newOrders === 0) return;
  newOrders = 0;
  emit();
}
export const useNewOrders = () => useSyncExternalStore(subscribe, getNewOrders, () => 0);

export function isSoundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}
export function setSoundOn(on: boolean) {
  try {
    if (on) localStorage.setItem(SOUND_KEY, 'on');
    else localStorage.removeItem(SOUND_KEY);
  } catch {
    // storage refused (private mode): the choice lasts until the page closes
  }
  emit();
}
export const useSoundOn = () => useSyncExternalStore(subscribe, isSoundOn, () => false);
