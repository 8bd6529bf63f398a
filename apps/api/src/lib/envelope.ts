import { z } from 'zod';

/** The body every JSON answer of the API wraps its result in: `{ data: … }` (the response schema of a route). */
export const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
