/**
 * Query keys of one resource, in the shape `all / lists / list(params) / details / detail(id)`, so a
 * mutation invalidates exactly what it changed: `lists()` after a create, `detail(id)` and `lists()` after
 * an edit, `all` when everything may have moved. Every feature builds its keys here, never by hand.
 */
export function createQueryKeys<const R extends string>(resource: R) {
  const all = [resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: <P>(params: P) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: <I>(id: I) => [...all, 'detail', id] as const,
    /** Anything else of the resource (levels, histories): `[resource, name, params?]`. */
    other: <P>(name: string, params?: P) =>
      (params === undefined ? [...all, name] : [...all, name, params]) as readonly unknown[],
  };
}
