import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../components/notifier';
import { firstError } from '../../../lib/api-client';
import { PRODUCTS_TEXTS } from '../texts';
import { createBrand, createReference, deleteBrand, deleteReference, productKeys } from './products-api';

const S = PRODUCTS_TEXTS.success;
const E = PRODUCTS_TEXTS.errors;

/**
 * Brand and reference calls with their toasts (section 8) and the refresh of brands and references.
 * Each resolves true on success; the server's message (a duplicate, a brand in use) wins over the fallback.
 */
export function useBrandActions() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.brands }),
      queryClient.invalidateQueries({ queryKey: productKeys.references }),
    ]);
  };
  const attempt = async (action: () => Promise<unknown>, success: string, fallback: string) => {
    try {
      await action();
      notify.success(success);
      await refresh();
      return true;
    } catch (error) {
      notify.error(firstError(error, fallback));
      return false;
    }
  };
  return {
    createBrand: (name: string) => attempt(() => createBrand(name), S.brandCreated, E.createBrand),
    createReference: (brand: string, reference: string) =>
      attempt(() => createReference(brand, reference), S.referenceCreated, E.createReference),
    deleteBrand: (name: string) => attempt(() => deleteBrand(name), S.brandDeleted, E.deleteBrand),
    deleteReference: (brand: string, reference: string) =>
      attempt(() => deleteReference(brand, reference), S.referenceDeleted, E.deleteReference),
  };
}
