import { useApiMutation } from '../../../components/use-api-mutation';
import { PRODUCTS_TEXTS } from '../texts';
import { createBrand, createReference, deleteBrand, deleteReference, productKeys } from './products-api';

const S = PRODUCTS_TEXTS.success;
const E = PRODUCTS_TEXTS.errors;

interface BrandChange {
  call: () => Promise<unknown>;
  success: string;
  failure: string;
}

/**
 * Brand and reference calls with their toasts (section 8) and the refresh of brands and references, through
 * one mutation (issue 16 §2). Each resolves true on success; a refusal's message (a duplicate, a brand in
 * use) wins over the fallback, and the inline form stays as typed.
 */
export function useBrandActions(options: { closeDialog?: () => void } = {}) {
  const mutation = {
    mutationFn: ({ call }: BrandChange) => call(),
    success: (_answer: unknown, { success }: BrandChange) => success,
    failure: ({ failure }: BrandChange) => failure,
    invalidate: [productKeys.brands, productKeys.references],
  };
  // A brand or reference is added from its dialog: closed by a success only (decision 0004).
  const add = useApiMutation<unknown, BrandChange>({ ...mutation, closeDialog: options.closeDialog });
  const change = useApiMutation<unknown, BrandChange>(mutation);
  const attempt = (call: () => Promise<unknown>, success: string, failure: string, through = change) =>
    through.mutateAsync({ call, success, failure }).then(
      () => true,
      () => false,
    );
  return {
    createBrand: (name: string) => attempt(() => createBrand(name), S.brandCreated, E.createBrand, add),
    createReference: (brand: string, reference: string) =>
      attempt(() => createReference(brand, reference), S.referenceCreated, E.createReference, add),
    deleteBrand: (name: string) => attempt(() => deleteBrand(name), S.brandDeleted, E.deleteBrand),
    deleteReference: (brand: string, reference: string) =>
      attempt(() => deleteReference(brand, reference), S.referenceDeleted, E.deleteReference),
  };
}
