import { z } from 'zod';
import { isCalendarDay } from './clock';

/**
 * A calendar day `YYYY-MM-DD` at the API edge, real on the calendar (`isCalendarDay`: 2026-02-30 and 2026-13-01
 * are refused, never rolled over to March), `message` for every failure. Every day a body or a query names
 * goes through this one schema (issue 53).
 */
export const calendarDaySchema = (message: string) =>
  z.string({ error: message }).refine(isCalendarDay, { error: message });
