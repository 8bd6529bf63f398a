import type { PurchasePreview } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import { PURCHASES_TEXTS as T } from '../texts';

/**
 * Where the signer's certificate chains (decision 0096): under ICP-Brasil in green; outside it, or not verifiable
 * (the file lacks the intermediate authorities), as a warning that blocks nothing. Nothing for an unsigned note.
 */
export function SignatureChainAlert({ chain }: { chain: PurchasePreview['signature']['chain'] }) {
  if (!chain) return null;
  // A fact of the file, not an interruption: a note, not an alert (the page's alerts are its errors).
  return (
    <Alert role="note" severity={chain === 'ICP_BRASIL' ? 'success' : 'warning'}>
      {T.chain[chain]}
    </Alert>
  );
}
