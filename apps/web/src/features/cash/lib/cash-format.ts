import { formatBusinessDateTimeMinutes, formatBusinessTime } from '@backoffice/contract';

/** DD/MM/YYYY HH:mm of an instant on the business's clock ('' when missing). */
export const formatWhen = (iso: string | null | undefined) => (iso ? formatBusinessDateTimeMinutes(new Date(iso)) : '');

/** HH:mm of an instant on the business's clock. */
export const formatTime = (iso: string) => formatBusinessTime(new Date(iso));
