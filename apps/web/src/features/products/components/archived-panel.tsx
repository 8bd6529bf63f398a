import type { Product } from '@backoffice/contract';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../components/data-table';
import { PRODUCTS_TEXTS } from '../texts';
import { PanelHeader } from './panel-header';

const T = PRODUCTS_TEXTS.archived;
const C = PRODUCTS_TEXTS.list.columns;

const columns: GridColDef<Product>[] = [
  { field: 'name', headerName: C.name, flex: 1.5, minWidth: 200 },
  { field: 'code', headerName: C.code, flex: 0.6, minWidth: 110 },
];

interface Props {
  products: readonly Product[];
  loading: boolean;
  onUnarchive: (product: Product) => Promise<void>;
  onClose: () => void;
}

/** 'Produtos arquivados': name and code; a selected row offers 'Desarquivar'. */
export function ArchivedPanel({ products, loading, onUnarchive, onClose }: Props) {
  return (
    <Card component="section" aria-label={T.title}>
      <CardContent>
        <PanelHeader title={T.title} closeText={T.close} onClose={onClose} />
        <DataTable<Product>
          rows={products}
          columns={columns}
          loading={loading}
          label={T.label}
          selectionActions={(selected) => (
            <Button
              size="small"
              startIcon={<UnarchiveOutlinedIcon />}
              onClick={() => {
                const product = selected[0];
                if (product) void onUnarchive(product);
              }}
            >
              {T.unarchive}
            </Button>
          )}
        />
      </CardContent>
    </Card>
  );
}
