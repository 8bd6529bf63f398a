import type { TaskList } from '@backoffice/contract';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/** Cards drawn before the others: about what a phone's first screen shows. */
const FIRST_PASS_CARDS = 3;

/**
 * The list as its cards are drawn: `listed` is the list once React has drawn it (undefined while the first one
 * is being drawn), `cards` the orders drawn so far.
 */
export function useCardsInPasses(data: TaskList | undefined) {
  // The cards are drawn in a transition: React yields to the phone between cards instead of one long task
  // when the list arrives (decision 0025); the loader stays until they are drawn.
  const listed = useDeferredValue(data);
  // The first cards (a phone's first screen) are drawn alone, the rest once they are on screen: a list of
  // twenty cards in one commit kept the first ones from painting (decision 0025).
  const [allCards, setAllCards] = useState(false);
  const moreCards = !allCards && listed !== undefined && listed.orders.length > FIRST_PASS_CARDS;
  useEffect(() => {
    if (!moreCards) return undefined;
    const timer = setTimeout(() => startTransition(() => setAllCards(true)), 0);
    return () => clearTimeout(timer);
  }, [moreCards]);
  const cards = listed ? (allCards ? listed.orders : listed.orders.slice(0, FIRST_PASS_CARDS)) : [];
  return { listed, cards };
}
