export * from './auth';
export * from './documents';
export * from './employees';
export * from './money';
export * from './order-status';
export * from './permissions';
export * from './roles';
export * from './text';
