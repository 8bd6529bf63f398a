import { useEffect, useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { firstError } from '../../../lib/api-client';
import { REPORTS_TEXTS } from '../texts';

const T = REPORTS_TEXTS;

/**
 * 'Imprimir': every row of the report (all its pages) read, then the page printed with them; the rows go once
 * the browser has printed. A failure to read them is said.
 */
export function usePrintRows<Row>(allRows: () => Promise<readonly Row[]>) {
  const notify = useNotify();
  const [printRows, setPrintRows] = useState<readonly Row[] | null>(null);
  const print = async () => {
    try {
      setPrintRows(await allRows());
    } catch (error) {
      notify.error(firstError(error, T.failed));
    }
  };
  useEffect(() => {
    if (printRows === null) return;
    const done = () => setPrintRows(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    // browsers that print synchronously have already fired afterprint
    const timer = setTimeout(done, 1000);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printRows]);
  return { printRows, print };
}
