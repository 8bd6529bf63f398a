/** The channel of migration 0010-order-events. */
export const ORDER_EVENTS_CHANNEL = 'order_events';
/** The channel of migration 0014-session-events: an employee's sessions ended (sign-out, password, block). */
export const SESSION_EVENTS_CHANNEL = 'session_events';
/** The channel of migration 0031-notifications: something the bell shows may have changed (no details). */
export const NOTIFICATION_EVENTS_CHANNEL = 'notification_events';
/** The channel of migration 0040-auth-events: an employee's status or a role changed (decision 0027). */
export const AUTH_EVENTS_CHANNEL = 'auth_events';
/** The `application_name` of the PostgreSQL listener connection. */
export const LISTENER_APPLICATION_NAME = 'backoffice-order-events';
