import { PERIOD_TEXTS } from '@backoffice/contract';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';
import { REPORTS_TEXTS } from '../texts';

export interface DetailFormValues {
  start: Dayjs | null;
  end: Dayjs | null;
}

/** Both dates required (section 5's messages), real days, the end not before the start. */
export const detailFormSchema = z
  .object({ start: z.custom<Dayjs | null>(), end: z.custom<Dayjs | null>() })
  .superRefine((values, ctx) => {
    if (!values.start?.isValid())
      ctx.addIssue({ code: 'custom', path: ['start'], message: REPORTS_TEXTS.required.start });
    if (!values.end?.isValid()) ctx.addIssue({ code: 'custom', path: ['end'], message: REPORTS_TEXTS.required.end });
    if (values.start?.isValid() && values.end?.isValid() && values.end.isBefore(values.start, 'day'))
      ctx.addIssue({ code: 'custom', path: ['end'], message: PERIOD_TEXTS.reversed });
  });
